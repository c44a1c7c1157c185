//! What each engine spent on its moves: the time a move took and the depth it reported, per
//! phase of the game. A clock fault shows here at once (a time manager that starves the
//! opening and spends the clock on a decided ending), where the score alone shows it only
//! after hundreds of games, if at all.

use serde::{Deserialize, Serialize};

use super::json::Json;
use super::records;
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

    /// The record of these sums, its phase labelled `plies` (none for a whole game).
    fn record(&self, plies: Option<String>) -> PhaseRecord {
        let tenth = |v: Option<f64>| v.map(|x| (x * 10.0).round() / 10.0);
        PhaseRecord {
            plies,
            moves: Some(self.moves),
            mean_ms: tenth(self.mean_ms()),
            mean_depth: tenth(self.mean_depth()),
            total_ms: Some(self.ms),
            depth_moves: Some(self.depth_moves),
            depth_sum: Some(self.depth_sum),
        }
    }
}

/// One phase in a summary's `thinking` (or a whole game, without `plies`, the phase's plies
/// as `1-100`): moves, mean milliseconds and depth (to a tenth; `null` if none), then the
/// exact sums behind the means (milliseconds, moves that reported a depth, their depths),
/// which a merge of shards adds up (rounded means do not add up). A summary written before
/// the sums were kept has the means alone, so every count reads as absent if missing, and
/// [`PhaseRecord::sums`] says which is.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct PhaseRecord {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plies: Option<String>,
    pub moves: Option<u64>,
    // The means are derived from the sums, so written for readers and never read back.
    #[serde(skip_deserializing)]
    pub mean_ms: Option<f64>,
    #[serde(skip_deserializing)]
    pub mean_depth: Option<f64>,
    pub total_ms: Option<u64>,
    pub depth_moves: Option<u64>,
    pub depth_sum: Option<u64>,
}

impl PhaseRecord {
    /// The sums of the record (the means are derived, so not read).
    pub fn sums(&self) -> Result<PhaseSums, String> {
        let count = |n: Option<u64>, key: &str| {
            n.ok_or_else(|| format!("no '{key}', a summary from before the sums were written"))
        };
        let sums = PhaseSums {
            moves: count(self.moves, "moves")?,
            ms: count(self.total_ms, "total_ms")?,
            depth_moves: count(self.depth_moves, "depth_moves")?,
            depth_sum: count(self.depth_sum, "depth_sum")?,
        };
        if sums.depth_moves > sums.moves {
            return Err("more moves with a depth than moves".into());
        }
        Ok(sums)
    }
}

/// One engine in a summary's `thinking`: its name, its whole games and its phases.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct EngineThinking {
    /// The engine's name.
    pub name: String,
    /// Over whole games; written for readers, not read back (the phases add up to it).
    #[serde(skip_deserializing)]
    pub all: PhaseRecord,
    /// Phase by phase.
    pub phases: Vec<PhaseRecord>,
}

/// Every engine's thinking by phase, over the games counted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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

    /// The plies of every phase, as the summary labels them (`1-100`, ..., `301-`).
    pub fn labels(&self) -> Vec<String> {
        (0..PHASES).map(|k| self.phase_label(k)).collect()
    }

    /// Adds `other`'s sums to these (the thinking of two shards of one match); refused when
    /// the two split the game into other phases, since their sums would be mixed.
    pub fn add_tally(&mut self, other: &ThinkingTally) -> Result<(), String> {
        if self.phase_plies != other.phase_plies {
            return Err(format!(
                "phases of plies {} against {}",
                self.labels().join(", "),
                other.labels().join(", ")
            ));
        }
        if self.sums.len() != other.sums.len() {
            return Err(format!(
                "{} engines against {}",
                self.sums.len(),
                other.sums.len()
            ));
        }
        for (mine, theirs) in self.sums.iter_mut().zip(&other.sums) {
            for (m, t) in mine.iter_mut().zip(theirs) {
                *m = m.merged(t);
            }
        }
        Ok(())
    }

    /// Reads [`ThinkingTally::json`] back for the engines `names`, in their order: the sums
    /// of each phase, and its phases from the `plies` labels.
    pub fn from_json(v: &Json, names: &[String]) -> Result<ThinkingTally, String> {
        let entries: Vec<EngineThinking> =
            records::from_json(v).map_err(|e| format!("'thinking' does not read: {e}"))?;
        if entries.len() != names.len() {
            return Err(format!(
                "'thinking' has {} engines, not {}",
                entries.len(),
                names.len()
            ));
        }
        let mut tally = ThinkingTally::default();
        for (entry, name) in entries.iter().zip(names) {
            if entry.name != *name {
                return Err(format!(
                    "'thinking' does not name the engine {name} in turn"
                ));
            }
            if entry.phases.len() != PHASES {
                return Err(format!("{name}'s 'phases' are not {PHASES}"));
            }
            tally.read_labels(&entry.phases)?;
            let mut sums = [PhaseSums::default(); PHASES];
            for (slot, phase) in sums.iter_mut().zip(&entry.phases) {
                *slot = phase.sums().map_err(|e| format!("{name}: {e}"))?;
            }
            tally.sums.push(sums);
        }
        Ok(tally)
    }

    /// Takes the phases' length from their `plies` labels (`1-100`: 100 plies each), or checks
    /// the labels against the length already taken: every label must be the one
    /// [`ThinkingTally::new`] would write, so that equal lengths mean equal phases.
    fn read_labels(&mut self, phases: &[PhaseRecord]) -> Result<(), String> {
        let label = |k: usize| phases[k].plies.as_deref();
        if self.phase_plies == 0 {
            self.phase_plies = label(0)
                .and_then(|l| l.strip_prefix("1-"))
                .and_then(|n| n.parse().ok())
                .filter(|&n: &usize| n > 0)
                .ok_or("the first phase's 'plies' is not 1-N")?;
        }
        let expected = self.labels();
        let found: Vec<&str> = (0..PHASES).map(|k| label(k).unwrap_or("?")).collect();
        if found != expected {
            return Err(format!(
                "the phases' 'plies' are {}, not {}",
                found.join(", "),
                expected.join(", ")
            ));
        }
        Ok(())
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
        let mut out = format!(
            "Thinking, mean time and depth a move by plies ({}; all):\n",
            self.labels().join(", ")
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
        records::to_json(&self.record(names))
    }

    /// The records of [`ThinkingTally::json`].
    pub fn record(&self, names: &[&str]) -> Vec<EngineThinking> {
        names
            .iter()
            .enumerate()
            .map(|(e, name)| EngineThinking {
                name: name.to_string(),
                all: self.total(e).record(None),
                phases: (0..PHASES)
                    .map(|k| self.sums[e][k].record(Some(self.phase_label(k))))
                    .collect(),
            })
            .collect()
    }
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

    /// A tally of two engines with a few moves in the first and last phases.
    fn sample(max_plies: u32, ms: u64) -> ThinkingTally {
        let mut t = ThinkingTally::new(2, Some(max_plies));
        t.sums[0][0].add(&Thought { ms, depth: Some(7) });
        t.sums[0][0].add(&Thought { ms: 5, depth: None });
        t.sums[1][3].add(&Thought {
            ms: 2 * ms,
            depth: Some(4),
        });
        t
    }

    fn names() -> Vec<String> {
        vec!["a".into(), "b".into()]
    }

    #[test]
    fn the_json_reads_back_with_its_exact_sums() {
        let t = sample(400, 33);
        let v = t.json(&["a", "b"]);
        let first = &v[0]["phases"][0];
        assert_eq!(first["moves"], 2);
        assert_eq!(first["total_ms"], 38);
        assert_eq!(first["depth_moves"], 1);
        assert_eq!(first["depth_sum"], 7);
        assert_eq!(first["mean_ms"], 19.0);
        assert_eq!(v[1]["all"]["total_ms"], 66);
        assert_eq!(ThinkingTally::from_json(&v, &names()).unwrap(), t);
        // Odd phase lengths read back too.
        let odd = sample(10, 1);
        assert_eq!(
            ThinkingTally::from_json(&odd.json(&["a", "b"]), &names()).unwrap(),
            odd
        );
    }

    #[test]
    fn tallies_add_up_exactly_only_over_the_same_phases() {
        let (a, b) = (sample(400, 33), sample(400, 10));
        let mut sum = a.clone();
        sum.add_tally(&b).unwrap();
        let first = sum.sums[0][0];
        assert_eq!(
            (first.moves, first.ms, first.depth_moves, first.depth_sum),
            (4, 53, 2, 14)
        );
        assert_eq!(sum.sums[1][3].ms, 86);
        assert_eq!(sum.total(1).moves, 2);
        // The text is the single match's, over the sums: 53 ms over 4 moves is 13 ms.
        assert!(
            sum.text(&["a", "b"])
                .contains("  a: 13 ms d7.0, -, -, -; all 13 ms d7.0\n"),
            "{}",
            sum.text(&["a", "b"])
        );
        let err = sum.add_tally(&sample(200, 1)).unwrap_err();
        assert!(
            err.contains("1-100, 101-200") && err.contains("1-50, 51-100"),
            "{err}"
        );
        assert_eq!(sum.sums[0][0].moves, 4, "nothing added when refused");
    }

    #[test]
    fn thinking_without_sums_or_with_odd_phases_is_not_read() {
        let mut v = sample(400, 3).json(&["a", "b"]);
        assert!(ThinkingTally::from_json(&v, &["a".into()]).is_err());
        assert!(ThinkingTally::from_json(&v, &["b".into(), "a".into()]).is_err());
        v[1]["phases"][2]["plies"] = Json::from("201-250");
        let err = ThinkingTally::from_json(&v, &names()).unwrap_err();
        assert!(err.contains("not 1-100, 101-200, 201-300, 301-"), "{err}");
        // An older summary: the means alone.
        let mut old = sample(400, 3).json(&["a", "b"]);
        for e in old.as_array_mut().unwrap() {
            for p in e["phases"].as_array_mut().unwrap() {
                p.as_object_mut().unwrap().remove("total_ms");
            }
        }
        let err = ThinkingTally::from_json(&old, &names()).unwrap_err();
        assert!(err.contains("no 'total_ms'"), "{err}");
    }
}
