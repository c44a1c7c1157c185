//! The perft table (`tests/common/perft_table.rs`) against the engine: every row. And against
//! the reference implementations: the cheaper rows live, the start position of every Ming Mang
//! board, and the first moves' subtrees of some positions move by move.

mod common;

use common::bridge::{self, engine_game};
use common::interface::{Opts, Reference, RuleSet};
use common::perft_table::{count, rows, start_fen, DIVIDE};
use common::reference as mm;
use common::reference_relatives as rel;
use common::text::sorted;
use mingmang::rules::{perft, BoardSize, Game, Rules};

/// Perft in the reference of the rules' game.
fn reference_perft(rules: &RuleSet, fen: &str, depth: u32) -> u64 {
    fn perft_in<R: Reference>(rules: &RuleSet, fen: &str, depth: u32) -> u64 {
        let mut g = R::start(rules, fen).unwrap_or_else(|e| panic!("{rules} {fen}: {e}"));
        g.perft(depth)
    }
    if rules.is_ming_mang() {
        perft_in::<mm::RefGame>(rules, fen, depth)
    } else {
        perft_in::<rel::RefGame>(rules, fen, depth)
    }
}

#[test]
fn engine_matches_the_table() {
    for row in rows() {
        let fen = row.fen();
        let mut g = engine_game(&row.rules(), &fen).unwrap_or_else(|e| panic!("{row}: {e}"));
        assert_eq!(perft::perft(&mut g, row.depth), row.nodes, "{row}");
        // Perft leaves the game as it found it.
        assert_eq!(bridge::fen(&g), fen);
    }
}

#[test]
fn reference_reproduces_the_cheaper_rows() {
    for row in rows().filter(|r| r.nodes <= 2_000_000) {
        let nodes = reference_perft(&row.rules(), &row.fen(), row.depth);
        assert_eq!(nodes, row.nodes, "{row}");
    }
}

#[test]
fn engine_start_position_of_every_size_matches_the_reference() {
    // Depth 2 from the start of every Ming Mang board size 4x4 to 19x19.
    for w in 4..=19 {
        for h in 4..=19 {
            let mut g = Game::new(Rules::new(BoardSize::new(w, h).unwrap()));
            let mut r = mm::RefGame::new(w, h, Opts::default());
            assert_eq!(perft::perft(&mut g, 2), r.perft(2), "{w}x{h}");
        }
    }
}

/// Each first move's subtree, so a difference points at the move where it starts.
#[test]
fn divide_matches_the_reference() {
    fn divide<R: Reference>(game: &'static str, start: &str, depth: u32) {
        let fen = start_fen(game, start);
        let rules = RuleSet::on_board_of(game, &fen, Opts::default());
        let mut g = engine_game(&rules, &fen).unwrap();
        let split = perft::divide(&mut g, depth);
        let mut r = R::start(&rules, &fen).unwrap();
        let what = format!("{game} {start}");
        assert_eq!(
            sorted(split.iter().map(|(m, _)| m)),
            r.legal_strings(),
            "{what}"
        );
        for &(mv, n) in &split {
            let rm = r.find(&mv.to_string()).unwrap();
            r.play(rm);
            assert_eq!(r.perft(depth - 1), n, "{what} {mv}");
            r.undo();
        }
        let total: u64 = split.iter().map(|(_, n)| n).sum();
        assert_eq!(total, perft::perft(&mut g, depth), "{what}");
        if let Some(moves) = count(game, start, 1) {
            assert_eq!(split.len() as u64, moves, "{what}");
        }
        if let Some(nodes) = count(game, start, depth) {
            assert_eq!(total, nodes, "{what}");
        }
    }
    for &(game, start, depth) in DIVIDE {
        if game == "mingmang" {
            divide::<mm::RefGame>(game, start, depth);
        } else {
            divide::<rel::RefGame>(game, start, depth);
        }
    }
}

/// docs/rules.md: without rule 7, depth 4 from the 8x8 start gives 20,445,007 (a check of the
/// reference itself, which can switch rule 7 off).
#[test]
#[ignore = "slow in the reference (about 10 s in release)"]
fn reference_without_rule7() {
    let mut g = mm::RefGame::new(8, 8, Opts::default());
    g.rule7 = false;
    assert_eq!(g.perft(4), 20_445_007);
}

/// Recomputes the table with the reference implementations and prints it.
#[test]
#[ignore = "prints the table; slow (minutes in release)"]
fn print_reference_table() {
    for row in rows() {
        let t = std::time::Instant::now();
        let n = reference_perft(&row.rules(), &row.fen(), row.depth);
        println!("{row} => {n} ({:.1?})", t.elapsed());
    }
}
