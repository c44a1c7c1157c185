//! The perft table: counts of the legal move tree (rule 7 applied along every path) for Ming
//! Mang and its relatives, one row per game, start, options, ply limit and depth. Every count
//! was computed by the independent reference implementation of the row's game; the 8x8 counts
//! docs/rules.md gives are among them. `tests/perft_tables.rs` checks the engine (and the
//! references) against every row, `tests/perft_cli.rs` the `perft` command.

use std::fmt;

use super::interface::{Opts, RuleSet};
use super::reference as mm;
use super::reference_relatives as rel;

/// One position of the table: the game, the start, Ming Mang's options, the ply limit, and the
/// count at each depth.
pub struct Counts {
    /// The game, by its preset name.
    pub game: &'static str,
    /// `WxH` for that Ming Mang board's start position, `start` for a relative's, or a
    /// position string.
    pub start: &'static str,
    /// Ming Mang's option letters: `e` enchained, `t` territory, `c` corner, `l` leap.
    pub options: &'static str,
    pub max_plies: Option<u32>,
    /// (depth, count) pairs.
    pub counts: &'static [(u32, u64)],
}

const fn at(
    game: &'static str,
    start: &'static str,
    options: &'static str,
    counts: &'static [(u32, u64)],
) -> Counts {
    Counts {
        game,
        start,
        options,
        max_plies: None,
        counts,
    }
}

const fn limited(
    game: &'static str,
    start: &'static str,
    options: &'static str,
    max_plies: u32,
    counts: &'static [(u32, u64)],
) -> Counts {
    Counts {
        max_plies: Some(max_plies),
        ..at(game, start, options, counts)
    }
}

/// One row of the table: a position, a depth and the count.
#[derive(Clone, Copy, Debug)]
pub struct Row {
    pub game: &'static str,
    pub start: &'static str,
    pub options: &'static str,
    pub max_plies: Option<u32>,
    pub depth: u32,
    pub nodes: u64,
}

/// Every row of the table, in order.
pub fn rows() -> impl Iterator<Item = Row> {
    TABLE.iter().flat_map(|c| {
        c.counts.iter().map(|&(depth, nodes)| Row {
            game: c.game,
            start: c.start,
            options: c.options,
            max_plies: c.max_plies,
            depth,
            nodes,
        })
    })
}

/// The position string of a row's `start`.
pub fn start_fen(game: &str, start: &str) -> String {
    match start.split_once('x') {
        _ if start == "start" => rel::Variant::from_name(game)
            .expect("a relative")
            .start_fen()
            .to_string(),
        Some((w, h)) if !start.contains(' ') => {
            mm::start_fen(w.parse().unwrap(), h.parse().unwrap())
        }
        _ => start.to_string(),
    }
}

impl Row {
    /// The position string the row starts from.
    pub fn fen(&self) -> String {
        start_fen(self.game, self.start)
    }

    /// The rules of the row.
    pub fn rules(&self) -> RuleSet {
        let opts = Opts::letters(self.options, self.max_plies);
        RuleSet::on_board_of(self.game, &self.fen(), opts)
    }
}

impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (game, start, options) = (self.game, self.start, self.options);
        let (limit, depth) = (self.max_plies, self.depth);
        write!(
            f,
            "{game} {start} [{options}] limit {limit:?} depth {depth}"
        )
    }
}

pub const MID_A: &str = "2ww4/4ww2/w6w/1b1wbbb1/2w5/w2wb1b1/2wb1wbb/2wb3w w";
pub const MID_B: &str = "b1w1bbbb/bw2ww2/bbwb2b1/8/2b5/bb4ww/b1wbwbw1/1bwbw1wb b";
pub const MID_C: &str = "2b1bb/5w/1www2/b1b1ww/w1wbb1/w1ww1w/2b3 w";
pub const MID_D: &str = "bbw6w1/w4ww2b1/w1wb1wbww2/1b1wwb1b1bw/w6w2b b";
pub const MID_E: &str = "1w1ww/2w2/1b1bw/1w2w/ww1b1 w";
/// White has one piece left: leaps come up.
pub const LONE_W: &str = "5/1bb2/1wb2/2b2/5 w";
/// Black has one piece left among White pieces near the corners.
pub const LONE_B: &str = "b1w2/w4/5/4w/1w1wb b";
/// Pieces crowding the corners: captures round a corner come up.
pub const CORNERS: &str = "bw3w/b5/w5/6/5b/bb2wb w";

/// The Mak-yek article's diagram 2 (docs/rules.md, Mak-yek; Mak-yek or Apit-sodok, White to
/// move).
pub const DIAGRAM_2: &str = "8/4b1b1/2b5/wb3w2/2b4b/3wb2w/5b2/5w2 w";
/// The Mak-yek article's diagram 4 (docs/rules.md, Apit-sodok; Black to move).
pub const DIAGRAM_4: &str = "6bw/6b1/1w3w2/7b/1w1w1ww1/1w1w2b1/1b1wb3/3b2w1 b";
/// The Mak-yek article's diagram 6 (docs/rules.md, Rek; White to move, the Black king can be
/// captured at once).
pub const DIAGRAM_6: &str = "bbbwbw2/bbw5/bw4B1/4w3/6b1/8/W2wbw2/4w3 w";
/// A Rek middle game, both kings out.
pub const REK_MID: &str = "bbb1bbb1/3b3B/b1bb1b1b/2w1b3/8/w1ww1ww1/W3w3/1ww1ww1w w";
/// Gala during the placements (Black to place, both with pieces in hand).
pub const GALA_HANDS: &str = "7/2w1w2/1w1b3/2wbw2/1b1b3/3b3/7 b w8b5";
/// Gala with everything placed: moves and single custodian captures.
pub const GALA_MOVES: &str = "7/1w3w1/2b1b2/w1wbw1w/1b1b1b1/3w3/b5b b";
/// Gala with Black's pieces all placed and White's last three still in hand.
pub const GALA_LAST_THREE: &str = "7/7/1w1w1w1/w1wbw1w/1b1b1b1/1b3b1/b2b2b b w3b0";
/// The hunt with the hunter among the men (jumps at once).
pub const HUNT_MID: &str = "8/8/8/2wB4/3w4/www2www/8/wwww1www b";

#[rustfmt::skip]
pub const TABLE: &[Counts] = &[
    // Ming Mang: the counts docs/rules.md gives for the 8x8 start.
    at("mingmang", "8x8", "", &[(1, 72), (2, 4_686), (3, 321_363), (4, 20_440_519)]),
    // Other boards from their start positions.
    at("mingmang", "4x4", "", &[(1, 8), (2, 42), (3, 265), (4, 1_695), (5, 9_330)]),
    at("mingmang", "5x5", "", &[(3, 4_077), (4, 59_236)]),
    at("mingmang", "6x9", "", &[(3, 146_818)]),
    at("mingmang", "9x9", "", &[(3, 830_515)]),
    at("mingmang", "4x7", "", &[(4, 91_265)]),
    at("mingmang", "11x5", "", &[(3, 128_661)]),
    at("mingmang", "17x17", "", &[(2, 195_315)]),
    at("mingmang", "17x18", "", &[(2, 222_496)]),
    at("mingmang", "19x19", "", &[(2, 323_697)]),
    at("mingmang", "19x4", "", &[(3, 247_165)]),
    // Each option on its own, and all together.
    at("mingmang", "8x8", "e", &[(3, 321_363)]),
    at("mingmang", "8x8", "t", &[(3, 336_309)]),
    at("mingmang", "8x8", "c", &[(3, 321_363)]),
    at("mingmang", "8x8", "l", &[(3, 321_363)]),
    at("mingmang", "8x8", "ectl", &[(3, 336_309)]),
    at("mingmang", "8x8", "e", &[(4, 20_440_519)]),
    at("mingmang", "8x8", "c", &[(4, 20_440_519)]),
    at("mingmang", "6x6", "", &[(5, 19_096_560)]),
    at("mingmang", "6x6", "ec", &[(5, 19_054_250)]),
    at("mingmang", "6x6", "t", &[(4, 795_532)]),
    at("mingmang", "5x5", "t", &[(4, 77_197)]),
    at("mingmang", "5x5", "ectl", &[(4, 77_197)]),
    at("mingmang", "4x4", "ect", &[(5, 20_513)]),
    // Mid-game positions.
    at("mingmang", MID_A, "", &[(3, 196_391)]),
    at("mingmang", MID_A, "ec", &[(3, 196_300)]),
    at("mingmang", MID_B, "", &[(3, 121_253)]),
    at("mingmang", MID_B, "ectl", &[(3, 128_760)]),
    at("mingmang", MID_C, "", &[(4, 567_951)]),
    at("mingmang", MID_C, "ec", &[(4, 558_481)]),
    at("mingmang", MID_D, "", &[(3, 42_727)]),
    at("mingmang", MID_D, "et", &[(3, 46_654)]),
    at("mingmang", MID_E, "", &[(4, 48_117)]),
    at("mingmang", MID_E, "ecl", &[(4, 48_082)]),
    at("mingmang", LONE_W, "l", &[(4, 7_326)]),
    at("mingmang", LONE_W, "", &[(4, 4_076)]),
    at("mingmang", LONE_W, "lt", &[(4, 10_795)]),
    at("mingmang", LONE_B, "l", &[(4, 4_472)]),
    at("mingmang", LONE_B, "lce", &[(4, 4_484)]),
    at("mingmang", CORNERS, "c", &[(4, 397_312)]),
    at("mingmang", CORNERS, "", &[(4, 404_086)]),
    at("mingmang", CORNERS, "ce", &[(4, 397_312)]),
    // Ply limits: paths stop at the limit (plies counted from the start position).
    limited("mingmang", "8x8", "", 2, &[(2, 4_686), (3, 0)]),
    limited("mingmang", "5x5", "t", 3, &[(4, 0)]),
    // The relatives: start positions.
    at("makyek", "start", "", &[(1, 32), (2, 1_008), (3, 40_448), (4, 1_608_910)]),
    at("apitsodok", "start", "", &[(1, 32), (2, 944), (3, 37_796), (4, 1_445_272)]),
    at("rek", "start", "", &[(1, 39), (2, 1_504), (3, 64_815), (4, 2_759_266)]),
    at("minrekchanh", "start", "", &[(1, 33), (2, 1_072), (3, 42_937), (4, 1_700_887)]),
    at("gala", "start", "", &[(1, 1), (2, 27), (3, 723), (4, 18_642), (5, 476_640),
                              (6, 11_716_200)]),
    at("makyek-hunt", "start", "", &[(1, 3), (2, 164), (3, 546), (4, 34_910), (5, 121_244),
                                     (6, 8_511_707)]),
    // The Mak-yek article's diagrams (docs/rules.md).
    at("makyek", DIAGRAM_2, "", &[(1, 38), (3, 104_793), (4, 7_238_363)]),
    at("apitsodok", DIAGRAM_2, "", &[(3, 104_793)]),
    at("apitsodok", DIAGRAM_4, "", &[(1, 50), (3, 109_559), (4, 5_576_888)]),
    at("rek", DIAGRAM_6, "", &[(1, 72), (2, 2_075), (3, 141_731), (4, 4_786_598)]),
    at("minrekchanh", DIAGRAM_6, "", &[(1, 71), (2, 2_069), (3, 139_617), (4, 4_624_266)]),
    // Other middle games.
    at("rek", REK_MID, "", &[(2, 3_029), (3, 168_209)]),
    at("minrekchanh", REK_MID, "", &[(3, 158_996), (4, 8_552_463)]),
    at("gala", GALA_HANDS, "", &[(1, 22), (4, 187_344)]),
    at("gala", GALA_MOVES, "", &[(1, 41), (3, 67_906), (4, 2_671_942)]),
    at("gala", GALA_LAST_THREE, "", &[(1, 32), (4, 386_866)]),
    at("makyek-hunt", HUNT_MID, "", &[(1, 4), (4, 62_916), (5, 237_850)]),
    // Ply limits: paths stop at the limit (plies counted from the position the game started
    // from).
    limited("makyek", "start", "", 2, &[(2, 1_008), (3, 0)]),
    limited("gala", "start", "", 3, &[(3, 723), (5, 0)]),
    limited("makyek-hunt", HUNT_MID, "", 3, &[(3, 928), (4, 0)]),
    limited("rek", REK_MID, "", 2, &[(2, 3_029), (3, 0)]),
];

/// Positions whose first moves' subtrees are compared with the reference one by one, so a
/// difference points at the move where it starts: (game, start, depth).
pub const DIVIDE: &[(&str, &str, u32)] = &[
    ("mingmang", "8x8", 3),
    ("rek", DIAGRAM_6, 3),
    ("minrekchanh", REK_MID, 3),
    ("gala", GALA_LAST_THREE, 3),
    ("makyek-hunt", HUNT_MID, 3),
    ("apitsodok", DIAGRAM_4, 3),
];

/// The count of the table's row for `game` from `start` without options or limit to `depth`,
/// if there is one.
pub fn count(game: &str, start: &str, depth: u32) -> Option<u64> {
    let key = (game, start, "", None, depth);
    rows()
        .find(|r| (r.game, r.start, r.options, r.max_plies, r.depth) == key)
        .map(|r| r.nodes)
}

impl Row {
    /// The `mingmang perft` command line of the row.
    pub fn cli_args(&self) -> Vec<String> {
        let mut args = vec!["perft".to_string(), "--variant".into(), self.game.into()];
        if self.start.contains(' ') {
            args.extend(["--fen".into(), self.start.into()]);
        } else if self.start != "start" {
            args.extend(["--size".into(), self.start.into()]);
        }
        let o = Opts::letters(self.options, None);
        for (on, flag) in [
            (o.enchained, "--enchained-capture"),
            (o.territory, "--territory"),
            (o.corner, "--corner-capture"),
            (o.leap, "--last-piece-leap"),
        ] {
            if on {
                args.push(flag.into());
            }
        }
        if let Some(n) = self.max_plies {
            args.extend(["--max-plies".into(), n.to_string()]);
        }
        args.extend(["--depth".into(), self.depth.to_string()]);
        args
    }
}
