//! What each engine spent on its moves: the time a move took and the depth it reported, per
//! phase of the game. A clock fault shows here at once (a time manager that starves the
//! opening and spends the clock on a decided ending), where the score alone shows it only
//! after hundreds of games, if at all.

use super::json::{self, Json};
use super::referee::GameRecord;

/// One move's thinking: the time from `go` to `bestmove`, and the depth of the engine's last
/// `info ... depth N` line before it (`None` if it reported none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thought {
    /// Milliseconds from `go` to `bestmove`, as the referee measured them.
    pub ms: u64,
    /// The depth the engine last reported.
    pub depth: Option<u32>,
}

/// The depth of an `info` line (`info depth 12 seldepth 20 ...`), if it gives one.
pub fn info_depth(line: &str) -> Option<u32> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let mut depth = None;
    while let Some(w) = words.next() {
        match w {
            "depth" => depth = words.next().and_then(|d| d.parse().ok()),
            // The rest of the line is free text.
            "string" => break,
            _ => {}
        }
    }
    depth
}

/// The phases of a game, by ply: four equal parts of the ply limit (of 400 plies without
/// one), the last open-ended.
pub const PHASES: usize = 4;

/// Sums over the moves of one phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PhaseSums {
    /// Moves counted.
    pub moves: u64,
    /// Their milliseconds.
    pub ms: u64,
    /// Moves that reported a depth...
    pub depth_moves: u64,
    /// ...and the sum of those depths.
    pub depth_sum: u64,
}

impl PhaseSums {
    fn add(&mut self, t: &Thought) {
        self.moves += 1;
        self.ms += t.ms;
        if let Some(d) = t.depth {
            self.depth_moves += 1;
            self.depth_sum += u64::from(d);
        }
    }

    /// Mean milliseconds a move, if any move was counted.
    pub fn mean_ms(&self) -> Option<f64> {
        (self.moves > 0).then(|| self.ms as f64 / self.moves as f64)
    }

    /// Mean reported depth, if any move reported one.
    pub fn mean_depth(&self) -> Option<f64> {
        (self.depth_moves > 0).then(|| self.depth_sum as f64 / self.depth_moves as f64)
    }

    fn merged(&self, other: &PhaseSums) -> PhaseSums {
        PhaseSums {
            moves: self.moves + other.moves,
            ms: self.ms + other.ms,
            depth_moves: self.depth_moves + other.depth_moves,
            depth_sum: self.depth_sum + other.depth_sum,
        }
    }

    /// `88 ms d9.6`, or `-` without moves.
    fn text(&self) -> String {
        match (self.mean_ms(), self.mean_depth()) {
            (None, _) => "-".into(),
            (Some(ms), None) => format!("{ms:.0} ms"),
            (Some(ms), Some(d)) => format!("{ms:.0} ms d{d:.1}"),
        }
    }

    /// The JSON fields: moves, mean milliseconds and depth (to a tenth; `null` if none).
    fn fields(&self) -> Vec<(&'static str, Json)> {
        let num = |v: Option<f64>| v.map_or(Json::Null, |x| Json::from((x * 10.0).round() / 10.0));
        vec![
            ("moves", Json::from(self.moves)),
            ("mean_ms", num(self.mean_ms())),
            ("mean_depth", num(self.mean_depth())),
        ]
    }
}

/// Every engine's thinking by phase, over the games counted.
#[derive(Clone, Debug, Default)]
pub struct ThinkingTally {
    /// Plies per phase.
    phase_plies: usize,
    /// By engine, by phase.
    sums: Vec<[PhaseSums; PHASES]>,
}

impl ThinkingTally {
    /// An empty tally for `engines` engines in games of at most `max_plies` plies, if limited.
    pub fn new(engines: usize, max_plies: Option<u32>) -> ThinkingTally {
        let span = max_plies.unwrap_or(400).max(PHASES as u32) as usize;
        ThinkingTally {
            phase_plies: span.div_ceil(PHASES),
            sums: vec![[PhaseSums::default(); PHASES]; engines],
        }
    }

    /// The phase of the game's ply `ply` (from 0, counting the opening's plies).
    fn phase(&self, ply: usize) -> usize {
        (ply / self.phase_plies).min(PHASES - 1)
    }

    /// Counts the moves of `r`.
    pub fn add(&mut self, r: &GameRecord) {
        // The engines took over after the opening's moves; an opening from a position string
        // starts the count there.
        let opening_plies = if r.opening.fen.is_some() {
            0
        } else {
            r.opening.moves.len()
        };
        let engines = [r.white, r.black];
        // The side to move at the first engine move: White after an even opening (a position
        // string's side to move is in `opening_fen`, after its board).
        let black_first = r.opening_fen.split_whitespace().nth(1) == Some("b");
        for (i, t) in r.thinking.iter().enumerate() {
            let side = (i + usize::from(black_first)) % 2;
            let phase = self.phase(opening_plies + i);
            self.sums[engines[side]][phase].add(t);
        }
    }

    /// The plies of phase `k`, as `1-100` (the last as `301-`).
    fn phase_label(&self, k: usize) -> String {
        let from = k * self.phase_plies + 1;
        if k + 1 == PHASES {
            format!("{from}-")
        } else {
            format!("{from}-{}", (k + 1) * self.phase_plies)
        }
    }

    /// One engine's sums over the whole game.
    fn total(&self, engine: usize) -> PhaseSums {
        self.sums[engine]
            .iter()
            .fold(PhaseSums::default(), |a, s| a.merged(s))
    }

    /// The summary's `Thinking` lines: each engine's mean time and depth a move, per phase
    /// and over all; empty when no move was timed.
    pub fn text(&self, names: &[&str]) -> String {
        if self.sums.iter().all(|e| e.iter().all(|s| s.moves == 0)) {
            return String::new();
        }
        let labels: Vec<String> = (0..PHASES).map(|k| self.phase_label(k)).collect();
        let mut out = format!(
            "Thinking, mean time and depth a move by plies ({}; all):\n",
            labels.join(", ")
        );
        for (e, name) in names.iter().enumerate() {
            let phases: Vec<String> = self.sums[e].iter().map(PhaseSums::text).collect();
            out.push_str(&format!(
                "  {name}: {}; all {}\n",
                phases.join(", "),
                self.total(e).text()
            ));
        }
        out
    }

    /// The summary's `thinking` entry: per engine, by phase and over all.
    pub fn json(&self, names: &[&str]) -> Json {
        Json::Array(
            names
                .iter()
                .enumerate()
                .map(|(e, name)| {
                    let phases = (0..PHASES)
                        .map(|k| {
                            let mut f = vec![("plies", json::text(self.phase_label(k)))];
                            f.extend(self.sums[e][k].fields());
                            json::obj(f)
                        })
                        .collect();
                    json::obj(vec![
                        ("name", json::text(*name)),
                        ("all", json::obj(self.total(e).fields())),
                        ("phases", Json::Array(phases)),
                    ])
                })
                .collect(),
        )
    }
}

/// A game's thinking as journal fields: the milliseconds and the depths (`null` where none
/// was reported), one per engine move.
pub fn journal_fields(thinking: &[Thought]) -> [(&'static str, Json); 2] {
    [
        (
            "think_ms",
            Json::Array(thinking.iter().map(|t| Json::from(t.ms)).collect()),
        ),
        (
            "depths",
            Json::Array(
                thinking
                    .iter()
                    .map(|t| t.depth.map_or(Json::Null, Json::from))
                    .collect(),
            ),
        ),
    ]
}

/// Reads [`journal_fields`] back from a journal line; a line written before they existed has
/// neither and gives no thinking.
pub fn from_journal(v: &Json) -> Result<Vec<Thought>, String> {
    let (Some(ms), Some(depths)) = (v.get("think_ms"), v.get("depths")) else {
        return Ok(Vec::new());
    };
    let (Some(ms), Some(depths)) = (ms.as_array(), depths.as_array()) else {
        return Err("'think_ms' and 'depths' must be lists".into());
    };
    if ms.len() != depths.len() {
        return Err("'think_ms' and 'depths' differ in length".into());
    }
    ms.iter()
        .zip(depths)
        .map(|(m, d)| {
            let ms = m.as_u64().ok_or("'think_ms' holds a non-count")?;
            let depth = match d {
                Json::Null => None,
                d => Some(
                    d.as_u64()
                        .and_then(|d| u32::try_from(d).ok())
                        .ok_or("'depths' holds a non-depth")?,
                ),
            };
            Ok(Thought { ms, depth })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_depth_of_info_lines_only() {
        assert_eq!(
            info_depth("info depth 12 seldepth 20 score cp 5 nodes 100 pv a1a2"),
            Some(12)
        );
        assert_eq!(info_depth("info nodes 100 depth 3"), Some(3));
        assert_eq!(info_depth("info string depth 9 is a lie"), None);
        assert_eq!(info_depth("bestmove a1a2"), None);
        assert_eq!(info_depth("info depth x"), None);
    }

    #[test]
    fn phases_split_the_ply_limit_in_four() {
        let t = ThinkingTally::new(2, Some(400));
        assert_eq!(
            (t.phase(0), t.phase(99), t.phase(100), t.phase(399)),
            (0, 0, 1, 3)
        );
        assert_eq!(t.phase(1000), 3);
        assert_eq!(t.phase_label(0), "1-100");
        assert_eq!(t.phase_label(3), "301-");
        let odd = ThinkingTally::new(1, Some(10));
        assert_eq!(odd.phase_label(1), "4-6");
    }

    #[test]
    fn journal_fields_read_back() {
        let thinking = vec![
            Thought {
                ms: 88,
                depth: Some(9),
            },
            Thought { ms: 3, depth: None },
        ];
        let v = json::obj(journal_fields(&thinking).to_vec());
        assert_eq!(from_journal(&v).unwrap(), thinking);
        assert_eq!(from_journal(&json::obj(vec![])).unwrap(), vec![]);
        let bad = json::obj(vec![
            ("think_ms", Json::Array(vec![Json::from(1)])),
            ("depths", Json::Array(vec![])),
        ]);
        assert!(from_journal(&bad).is_err());
    }
}
