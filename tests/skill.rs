//! Strength levels for people, through the binary: the `Skill Level` option (and `--skill`)
//! in the protocol and in GTP. Below the top level the move is drawn among the best lines, so
//! the same position gets different, always legal, answers; at the top level the engine is
//! itself, move for move.

mod common;

use std::collections::BTreeSet;

use common::binary::{run_fails, Session};
use mingmang::rules::{Game, Rules};

/// The `bestmove` of `go depth 4` from the start position, `n` times, at `level`.
fn answers(level: u32, n: usize) -> Vec<String> {
    let mut e = Session::start(&["--skill", &level.to_string()]);
    let mut moves = Vec::new();
    for _ in 0..n {
        // A new game each time: what one search leaves in the table may change the next one's
        // answer, even at full strength.
        e.send("uginewgame");
        e.send("position startpos");
        e.send("go depth 4");
        moves.push(e.bestmove().1);
    }
    e.finish();
    moves
}

#[test]
fn the_option_is_listed_checked_and_kept() {
    let mut e = Session::start(&[]);
    e.send("ugi");
    let lines = e.until(|l| l == "ugiok");
    assert!(
        lines.contains(&"option name Skill Level type spin default 20 min 0 max 20".to_string()),
        "{lines:?}"
    );
    for bad in ["21", "-1", "weak"] {
        e.send(&format!("setoption name Skill Level value {bad}"));
        let lines = e.sync();
        assert!(
            lines.len() == 1
                && lines[0].starts_with("info string error: ")
                && lines[0].contains("Skill Level"),
            "{bad}: {lines:?}"
        );
    }
    // The refused values left full strength: the answer is the engine's own.
    e.send("position startpos");
    e.send("go depth 4");
    let full = e.bestmove().1;
    assert!(answers(20, 3).iter().all(|m| *m == full));
    e.finish();
    run_fails(&["--skill", "25"], "Skill Level");
    run_fails(&["gtp", "--skill", "25"], "25");
}

#[test]
fn lower_levels_vary_their_legal_moves() {
    let legal: BTreeSet<String> = Game::new(Rules::default())
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    let low = answers(0, 24);
    assert!(low.iter().all(|m| legal.contains(m)), "{low:?}");
    let distinct: BTreeSet<&String> = low.iter().collect();
    // Dozens of lines drawn nearly evenly at level 0: 24 draws give one move every time with
    // a chance far below one in a billion.
    assert!(distinct.len() >= 3, "{low:?}");
    // Full strength is deterministic at a fixed depth.
    let full = answers(20, 4);
    assert!(full.iter().all(|m| *m == full[0]), "{full:?}");
}

#[test]
fn gtp_plays_at_a_level() {
    let mut g = Session::start_gtp(&["--size", "6x6", "--skill", "3", "--depth", "3"]);
    // Three whole moves, two clicks each: White, Black, White.
    for color in ["w", "w", "b", "b", "w", "w"] {
        g.send(&format!("genmove {color}"));
        let reply = g.line();
        assert!(reply.starts_with("= ") && reply.len() > 3, "{reply}");
        assert_eq!(g.line(), "");
    }
    g.send("gogui-rules_side_to_move");
    assert_eq!(g.line(), "= black");
}
