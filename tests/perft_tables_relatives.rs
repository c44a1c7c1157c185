//! Perft counts (leaves of the legal move tree, rule 7 applied along every path) of the six
//! relatives: each start position, mid-game positions with kings, pieces in hand and the hunter
//! (the Mak-yek article's diagrams in docs/rules.md among them), and ply limits. Every number was computed by
//! the independent reference implementation (`tests/common/reference_relatives.rs`, written
//! from `docs/relatives-spec.md` alone; run the ignored test `print_reference_table` to recompute
//! them). The engine must match every row; the reference re-checks the cheaper rows live.
//! Mirrors `tests/perft_tables.rs`.

mod common;

use common::bridge::engine_game as bridge_game;
use common::reference_relatives::{RefGame, Reference, Variant};
use mingmang::rules::{format_position, perft, Game};

/// One row: the variant, a start (`start` for the variant's start position, or a position
/// string), an optional ply limit, the depth and the count.
struct Row {
    variant: Variant,
    start: &'static str,
    max_plies: Option<u32>,
    depth: u32,
    nodes: u64,
}

const fn row(variant: Variant, start: &'static str, depth: u32, nodes: u64) -> Row {
    Row {
        variant,
        start,
        max_plies: None,
        depth,
        nodes,
    }
}

const fn limited(
    variant: Variant,
    start: &'static str,
    max_plies: u32,
    depth: u32,
    nodes: u64,
) -> Row {
    Row {
        variant,
        start,
        max_plies: Some(max_plies),
        depth,
        nodes,
    }
}

use Variant::{Apitsodok, Gala, Hunt, Makyek, MinRekChanh, Rek};

/// The Mak-yek article's diagram 2 (docs/rules.md; Mak-yek or Apit-sodok, White to move).
const DIAGRAM_2: &str = "8/4b1b1/2b5/wb3w2/2b4b/3wb2w/5b2/5w2 w";
/// The Mak-yek article's diagram 4 (docs/rules.md; Apit-sodok, Black to move).
const DIAGRAM_4: &str = "6bw/6b1/1w3w2/7b/1w1w1ww1/1w1w2b1/1b1wb3/3b2w1 b";
/// The Mak-yek article's diagram 6 (docs/rules.md; Rek, White to move; the Black king can be captured at once).
const DIAGRAM_6: &str = "bbbwbw2/bbw5/bw4B1/4w3/6b1/8/W2wbw2/4w3 w";
/// A Rek middle game, both kings out.
const REK_MID: &str = "bbb1bbb1/3b3B/b1bb1b1b/2w1b3/8/w1ww1ww1/W3w3/1ww1ww1w w";
/// Gala during the placements (Black to place, both with pieces in hand).
const GALA_HANDS: &str = "7/2w1w2/1w1b3/2wbw2/1b1b3/3b3/7 b w8b5";
/// Gala with everything placed: moves and single custodian captures.
const GALA_MOVES: &str = "7/1w3w1/2b1b2/w1wbw1w/1b1b1b1/3w3/b5b b";
/// Gala with Black's pieces all placed and White's last three still in hand.
const GALA_LAST_THREE: &str = "7/7/1w1w1w1/w1wbw1w/1b1b1b1/1b3b1/b2b2b b w3b0";
/// The hunt with the hunter among the men (jumps at once).
const HUNT_MID: &str = "8/8/8/2wB4/3w4/www2www/8/wwww1www b";

const TABLE: &[Row] = &[
    // Start positions.
    row(Makyek, "start", 1, 32),
    row(Makyek, "start", 2, 1008),
    row(Makyek, "start", 3, 40448),
    row(Makyek, "start", 4, 1608910),
    row(Apitsodok, "start", 1, 32),
    row(Apitsodok, "start", 2, 944),
    row(Apitsodok, "start", 3, 37796),
    row(Apitsodok, "start", 4, 1445272),
    row(Rek, "start", 1, 39),
    row(Rek, "start", 2, 1504),
    row(Rek, "start", 3, 64815),
    row(Rek, "start", 4, 2759266),
    row(MinRekChanh, "start", 1, 33),
    row(MinRekChanh, "start", 2, 1072),
    row(MinRekChanh, "start", 3, 42937),
    row(MinRekChanh, "start", 4, 1700887),
    row(Gala, "start", 1, 1),
    row(Gala, "start", 2, 27),
    row(Gala, "start", 3, 723),
    row(Gala, "start", 4, 18642),
    row(Gala, "start", 5, 476640),
    row(Gala, "start", 6, 11716200),
    row(Hunt, "start", 1, 3),
    row(Hunt, "start", 2, 164),
    row(Hunt, "start", 3, 546),
    row(Hunt, "start", 4, 34910),
    row(Hunt, "start", 5, 121244),
    row(Hunt, "start", 6, 8511707),
    // The Mak-yek article's diagrams.
    row(Makyek, DIAGRAM_2, 1, 38),
    row(Makyek, DIAGRAM_2, 3, 104793),
    row(Makyek, DIAGRAM_2, 4, 7238363),
    row(Apitsodok, DIAGRAM_2, 3, 104793),
    row(Apitsodok, DIAGRAM_4, 1, 50),
    row(Apitsodok, DIAGRAM_4, 3, 109559),
    row(Apitsodok, DIAGRAM_4, 4, 5576888),
    row(Rek, DIAGRAM_6, 1, 72),
    row(Rek, DIAGRAM_6, 2, 2075),
    row(Rek, DIAGRAM_6, 3, 141731),
    row(Rek, DIAGRAM_6, 4, 4786598),
    row(MinRekChanh, DIAGRAM_6, 1, 71),
    row(MinRekChanh, DIAGRAM_6, 2, 2069),
    row(MinRekChanh, DIAGRAM_6, 3, 139617),
    row(MinRekChanh, DIAGRAM_6, 4, 4624266),
    // Other middle games.
    row(Rek, REK_MID, 2, 3029),
    row(Rek, REK_MID, 3, 168209),
    row(MinRekChanh, REK_MID, 3, 158996),
    row(MinRekChanh, REK_MID, 4, 8552463),
    row(Gala, GALA_HANDS, 1, 22),
    row(Gala, GALA_HANDS, 4, 187344),
    row(Gala, GALA_MOVES, 1, 41),
    row(Gala, GALA_MOVES, 3, 67906),
    row(Gala, GALA_MOVES, 4, 2671942),
    row(Gala, GALA_LAST_THREE, 1, 32),
    row(Gala, GALA_LAST_THREE, 4, 386866),
    row(Hunt, HUNT_MID, 1, 4),
    row(Hunt, HUNT_MID, 4, 62916),
    row(Hunt, HUNT_MID, 5, 237850),
    // Ply limits: paths stop at the limit (plies counted from the position the game started
    // from).
    limited(Makyek, "start", 2, 2, 1008),
    limited(Makyek, "start", 2, 3, 0),
    limited(Gala, "start", 3, 3, 723),
    limited(Gala, "start", 3, 5, 0),
    limited(Hunt, HUNT_MID, 3, 3, 928),
    limited(Hunt, HUNT_MID, 3, 4, 0),
    limited(Rek, REK_MID, 2, 2, 3029),
    limited(Rek, REK_MID, 2, 3, 0),
];

fn start_fen(row: &Row) -> &'static str {
    if row.start == "start" {
        row.variant.start_fen()
    } else {
        row.start
    }
}

fn engine_game(v: Variant, fen: &str, max_plies: Option<u32>) -> Game {
    bridge_game(&v.rules(max_plies), fen)
        .unwrap_or_else(|e| panic!("engine refused {} {fen}: {e}", v.name()))
}

fn describe(row: &Row) -> String {
    format!(
        "{} {} limit {:?} depth {}",
        row.variant.name(),
        row.start,
        row.max_plies,
        row.depth
    )
}

#[test]
fn engine_matches_the_table() {
    for row in TABLE {
        let mut g = engine_game(row.variant, start_fen(row), row.max_plies);
        assert_eq!(
            perft::perft(&mut g, row.depth),
            row.nodes,
            "{}",
            describe(row)
        );
        // Perft leaves the game as it found it.
        assert_eq!(format_position(g.position()), start_fen(row));
    }
}

#[test]
fn reference_reproduces_the_cheaper_rows() {
    for row in TABLE.iter().filter(|r| r.nodes <= 2_000_000) {
        let mut g = RefGame::from_str(row.variant, start_fen(row), row.max_plies);
        assert_eq!(g.perft(row.depth), row.nodes, "{}", describe(row));
    }
}

/// Each first move's subtree, so a difference points at the move where it starts.
#[test]
fn divide_matches_the_reference() {
    for (v, fen, depth) in [
        (Rek, DIAGRAM_6, 3),
        (MinRekChanh, REK_MID, 3),
        (Gala, GALA_LAST_THREE, 3),
        (Hunt, HUNT_MID, 3),
        (Apitsodok, DIAGRAM_4, 3),
    ] {
        let mut g = engine_game(v, fen, None);
        let split = perft::divide(&mut g, depth);
        let mut r = RefGame::from_str(v, fen, None);
        let mut engine_moves: Vec<String> = split.iter().map(|(m, _)| m.to_string()).collect();
        engine_moves.sort();
        assert_eq!(engine_moves, r.legal_strings(), "{} {fen}", v.name());
        for (mv, n) in split {
            let rm = r.find(&mv.to_string()).unwrap();
            r.play(rm);
            assert_eq!(r.perft(depth - 1), n, "{} {fen} {mv}", v.name());
            r.undo();
        }
    }
}

/// Recomputes the table with the reference implementation and prints it.
#[test]
#[ignore = "prints the table; slow (about 40 s in release)"]
fn print_reference_table() {
    for row in TABLE {
        let mut g = RefGame::from_str(row.variant, start_fen(row), row.max_plies);
        let t = std::time::Instant::now();
        let n = g.perft(row.depth);
        println!("{} => {n} ({:.1?})", describe(row), t.elapsed());
    }
}
