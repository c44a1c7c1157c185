//! The capture cases of the relatives: one table, run against the engine
//! (`tests/relatives_captures.rs`) and against the reference
//! (`tests/reference_relatives_selftest.rs`) alike. Data only: a case is a variant (its spec
//! name, which is the engine's preset name), a position string, a move, and the enemy squares
//! that move empties, so neither implementation lends the other anything.

/// The Mak-yek article's diagrams 2, 4 and 6 (docs/rules.md), whose perft counts are in the
/// perft table too.
pub use super::perft_table::{DIAGRAM_2, DIAGRAM_4, DIAGRAM_6};
use super::text::names;

/// One capture case.
pub struct Case {
    /// The variant's name (`makyek`, `apitsodok`, `rek`, `minrekchanh`, `gala`, `makyek-hunt`).
    pub variant: &'static str,
    /// The position string before the move.
    pub fen: &'static str,
    /// The move.
    pub mv: &'static str,
    /// The squares it captures, separated by spaces, in any order ("": none).
    pub captured: &'static str,
    /// What the case shows.
    pub what: &'static str,
}

const fn case(
    variant: &'static str,
    fen: &'static str,
    mv: &'static str,
    captured: &'static str,
    what: &'static str,
) -> Case {
    Case {
        variant,
        fen,
        mv,
        captured,
        what,
    }
}

/// Diagram 6's group that e5a5 (and the king's a2a5) encloses.
pub const DIAGRAM_6_GROUP: &str = "a6 a7 a8 b7 b8 c8";

/// Every capture case.
#[rustfmt::skip]
pub const CASES: &[Case] = &[
    // Diagram 2: the four options of f5, in Mak-yek and in Apit-sodok (diagram 4's ruling: the
    // union of the rules, which captures the same here).
    case("makyek", DIAGRAM_2, "f5f7", "e7 g7", "diagram 2: intervention"),
    case("makyek", DIAGRAM_2, "f5h5", "h4", "diagram 2: custodian"),
    case("makyek", DIAGRAM_2, "f5f3", "e3 f2", "diagram 2: two custodians"),
    case("makyek", DIAGRAM_2, "f5c5", "b5 c4 c6", "diagram 2: intervention and custodian"),
    case("apitsodok", DIAGRAM_2, "f5f7", "e7 g7", "diagram 2: intervention"),
    case("apitsodok", DIAGRAM_2, "f5h5", "h4", "diagram 2: custodian"),
    case("apitsodok", DIAGRAM_2, "f5f3", "e3 f2", "diagram 2: two custodians"),
    case("apitsodok", DIAGRAM_2, "f5c5", "b5 c4 c6", "diagram 2: intervention and custodian"),
    // Diagram 4: every piece either rule captures is captured.
    case("apitsodok", DIAGRAM_4, "h5f5", "f4 f6", "diagram 4: intervention"),
    case("apitsodok", DIAGRAM_4, "h5d5", "d2 d3 d4", "diagram 4: a long custodian line"),
    case("apitsodok", DIAGRAM_4, "h5b5", "b3 b4 b6", "diagram 4: both rules, overlapping"),
    case("apitsodok", DIAGRAM_4, "h5h7", "", "diagram 4: the corner piece h8 stays"),
    case("apitsodok", DIAGRAM_4, "e2g2", "", "diagram 4: nothing"),
    case("apitsodok", DIAGRAM_4, "h5g5", "g4", "diagram 4: custodian against g3"),
    // Mak-yek's custodian lines and intervention.
    case("makyek", "8/8/8/8/1bbbw3/8/8/w7 w", "a1a4", "b4 c4 d4", "a line up to a friend"),
    case("makyek", "8/8/8/8/1bbb4/8/8/w6w w", "a1a4", "", "a line without the friend"),
    case("makyek", "8/8/8/8/w1w5/8/8/1b6 b", "b1b4", "a4 c4", "only the mover captures"),
    case("makyek", "8/8/8/8/8/8/8/w1bbbw1b w", "a1b1", "c1 d1 e1", "a line of three"),
    case("makyek", "8/8/8/8/8/8/8/w1bb1wb1 w", "a1b1", "", "a line with a gap"),
    case("makyek", "8/8/8/8/8/8/1w6/b1b5 w", "b2b1", "a1 c1", "intervention"),
    case("makyek", "8/8/8/8/8/2b5/8/wb1w4 b", "c3c1", "", "completing a flanked line is safe"),
    case("makyek", "4w3/8/8/8/3b1b2/4b3/8/8 w", "e8e4", "d4 f4", "intervention takes the pair"),
    case("makyek", "4w3/8/8/8/3b4/8/8/8 w", "e8e4", "", "intervention needs both sides"),
    case("makyek", "4w3/8/8/8/2bb1b2/8/8/8 w", "e8e4", "d4 f4", "intervention: the pair only"),
    // Rek and Min Rek Chanh: diagram 6, enclosures, the kings.
    case("rek", DIAGRAM_6, "e5g5", "g4 g6", "diagram 6: the king by intervention"),
    case("rek", DIAGRAM_6, "e5e3", "e2", "diagram 6: an enclosure"),
    case("rek", DIAGRAM_6, "e5e7", "e8", "diagram 6: an enclosure"),
    case("rek", DIAGRAM_6, "e5a5", DIAGRAM_6_GROUP, "diagram 6: a group enclosed"),
    case("rek", DIAGRAM_6, "a2a5", DIAGRAM_6_GROUP, "diagram 6: the king encloses too"),
    case("minrekchanh", DIAGRAM_6, "e5a5", DIAGRAM_6_GROUP, "diagram 6: a group enclosed"),
    case("minrekchanh", DIAGRAM_6, "e5g5", "g4 g6", "diagram 6: men capture as in Rek"),
    case("rek", "8/8/8/8/8/8/W4www/w4bbB w", "a1e1", "f1 g1 h1", "a king with its men"),
    case("rek", "8/8/8/8/8/8/W5w1/w4bbB w", "a1e1", "", "a group with a liberty left"),
    case("rek", "7B/8/8/8/8/8/8/wb4wW w", "g1c1", "", "no custodian capture"),
    case("rek", "Bb1w4/wbw5/1w6/8/8/8/8/W7 w", "d8c8", "a8 b7 b8", "the board edge encloses"),
    case("rek", "Bb1w4/wbw5/1w6/8/8/8/8/W7 w", "b6c6", "", "a group with a liberty left"),
    case("rek", "bw6/w7/8/8/8/8/5w2/W5wB w", "f2f1", "", "a group the mover does not touch"),
    case("rek", "7W/8/8/8/8/w7/b1w5/1b1w3B w", "c2b2", "", "liberties counted per group"),
    case("rek", "8/8/8/8/8/w7/bw6/Wb1w3B w", "d1c1", "b1", "only the group touched"),
    case("rek", "8/8/8/8/8/8/8/W1bw3B w", "a1b1", "", "no custodian line"),
    case("minrekchanh", "7B/8/8/4b3/3b1b2/4bW2/8/8 w", "f3e4", "d4 e3 e5 f4", "a diagonal king step: both lines"),
    case("minrekchanh", "8/8/8/3b4/2b1b3/2Wb4/8/8 w", "c3d4", "c4 d3 d5 e4", "a diagonal king step: both lines"),
    // Gala: placing captures nothing; moving captures single pieces by custodian only.
    case("gala", "7/7/3b3/3w3/7/7/7 w w12b9", "d6", "", "placing flanks nothing"),
    case("gala", "7/7/7/3b3/3w3/7/7 w w10b8", "d5", "", "placing flanks nothing"),
    case("gala", "7/7/7/1w1w3/7/7/7 b w10b8", "c4", "", "placing between two enemies"),
    case("gala", "3w3/7/3b3/3w3/7/7/7 w w0b9", "d7d6", "d5", "a single piece"),
    case("gala", "3w3/7/3b3/3b3/3w3/7/7 w w0b8", "d7d6", "", "a line of two survives"),
    case("gala", "3w3/7/7/2b1b2/7/7/7 w w0b8", "d7d5", "", "no intervention"),
    case("gala", "7/7/7/b1w1b2/7/7/2b4 b", "c1c3", "", "flanking nothing"),
    case("gala", "7/7/3b3/3w3/7/7/3b3 b", "d1d3", "d4", "a single piece"),
    case("gala", "7/3b3/3w3/3w3/7/7/3b3 b", "d1d3", "", "a line of two survives"),
    case("gala", "7/7/7/2w1w2/7/7/3b3 b", "d1d4", "", "no intervention"),
    case("gala", "7/7/3b3/3w3/1bw3b/3w3/3b3 b", "g3d3", "c3 d2 d4", "several singles"),
    // The hunt: the hunter's jump, two men flanking it.
    case("makyek-hunt", "8/8/8/4B3/4w3/8/8/ww6 b", "e5e3", "e4", "the hunter jumps"),
    case("makyek-hunt", "8/8/8/4B3/4w3/8/8/w6w b", "e5e3", "e4", "the hunter jumps"),
    case("makyek-hunt", "8/8/8/3wB3/8/8/8/5w2 w", "f1f5", "e5", "two men flank the hunter"),
    case("makyek-hunt", "8/8/8/4B3/8/8/8/4w2w w", "e1e4", "", "one man does not capture"),
    case("makyek-hunt", "8/8/8/8/2w5/3B4/8/w3w3 w", "e1e3", "", "flanking needs a man beyond"),
];

/// Runs every case with `captures` (the squares a move empties, sorted by name, of
/// `variant` from `fen`) and fails with every case it gets wrong.
pub fn check_every_case(captures: impl Fn(&str, &str, &str) -> Vec<String>) {
    let wrong: Vec<String> = CASES
        .iter()
        .filter_map(|c| {
            let got = captures(c.variant, c.fen, c.mv);
            (got != names(c.captured)).then(|| {
                let (v, fen, mv, want) = (c.variant, c.fen, c.mv, c.captured);
                format!("{v} {fen} {mv} ({}): {got:?}, not [{want}]", c.what)
            })
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "{} cases wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
