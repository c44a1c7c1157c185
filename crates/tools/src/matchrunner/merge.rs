//! Merging the JSON summaries of match shards (`mingmang match --merge`): a long match split
//! over several machines, each shard a `mingmang match ... --seed S --json shard.json` of its
//! own, gives one result over all its games, with the Elo estimate, the LOS and the SPRT
//! computed on the summed counts, by games and by game pairs. A shard's pairs are complete
//! within it (both games of an opening are in the same shard), so pair counts add up too.
//!
//! Every number printed is either right or refused with a reason. Each summary says what it is
//! (a shard or a merge of shards), how it ended and its identity ([`super::identity`]), so the
//! merge refuses:
//! - shards whose settings differ (engines and the fingerprints of their files, rules, time
//!   control, openings), naming the first difference;
//! - the same shard twice, or two shards that play the same openings: their games would count
//!   twice. A merged summary given with its own shards (`--merge match-*.json` run again with
//!   `--json match-all.json`) counts each of its shards once;
//! - shards that did not finish (stopped, or failed on faults), and summaries too old to say
//!   what they are;
//! - fewer shards than `--expect` says (a lost array task).
//!
//! The engines' thinking (time and depth a move by phase of the game) is summed from each
//! shard's exact sums. It is left out, with a note, when a shard has no sums (a summary
//! written before they were kept) or the shards split the game into other phases: figures
//! over some of the games would pass for figures over all of them.

use std::collections::BTreeMap;

use super::identity::{first_difference, ShardIdentity};
use super::json::Json;
use super::records::{
    self, fit_count, MergedSummary, PairCounts, ResultsRecord, ShardEntryRecord, SprtRecord,
    WdlCounts,
};
use super::stats::{Pairs, Sprt, SprtFlag, SprtModel, SprtOutcome, Wdl};
use super::thinking::ThinkingTally;
use super::{SUMMARY_FORMAT, SUMMARY_VERSION};

/// One shard's counts, read from its summary or from a merged summary's list.
#[derive(Clone, Debug, PartialEq)]
pub struct ShardEntry {
    /// The file it was read from (and the merged summary it came in, if so).
    pub file: String,
    /// Whether it came inside a merged summary.
    pub via_merged: bool,
    /// What makes it itself.
    pub identity: ShardIdentity,
    /// How it ended.
    pub status: String,
    /// The engines' names.
    pub engines: Vec<String>,
    /// Each engine's games.
    pub players: Vec<Wdl>,
    /// The first engine's game pairs (two-engine matches).
    pub pairs: Option<Pairs>,
    /// Games played.
    pub games: u64,
    /// Endings by kind.
    pub terminations: BTreeMap<String, u64>,
    /// Each engine's faults by kind.
    pub faults: Vec<BTreeMap<String, u64>>,
    /// Its disagreements.
    pub disagreements: Vec<String>,
    /// The SPRT it ran, if any.
    pub sprt: Option<Sprt>,
    /// Its engines' thinking, or why the summary gives none that adds up.
    pub thinking: Result<ThinkingTally, String>,
}

/// What the shards add up to.
pub struct Merged {
    /// The engines, as every shard names them.
    pub engines: Vec<String>,
    /// Each engine's games against the field (or its opponent), summed.
    pub players: Vec<Wdl>,
    /// The first engine's game pairs, summed; `None` for round robins.
    pub pairs: Option<Pairs>,
    /// Games played in all.
    pub games: u64,
    /// The shards merged, each once.
    pub shards: Vec<ShardEntry>,
    /// Endings by kind, summed.
    pub terminations: BTreeMap<String, u64>,
    /// Each engine's faults by kind, summed.
    pub faults: Vec<BTreeMap<String, u64>>,
    /// Every shard's disagreements, prefixed with the shard's file.
    pub disagreements: Vec<String>,
    /// The SPRT over all games, if one was asked for (or the shards ran one).
    pub sprt: Option<(Sprt, SprtOutcome)>,
    /// The engines' thinking over all games; `None` when some shard's cannot be added (the
    /// notes say why).
    pub thinking: Option<ThinkingTally>,
    /// Things the reader should know: a merged summary's shards counted once, and so on.
    pub notes: Vec<String>,
}

/// The SPRT a summary ran, as its record gives it (one that does not name its model counted
/// games).
fn sprt_of(r: &SprtRecord) -> Sprt {
    Sprt {
        elo0: r.elo0,
        elo1: r.elo1,
        alpha: r.alpha,
        beta: r.beta,
        model: SprtModel::parse(&r.model).unwrap_or(SprtModel::Games),
    }
}

/// Counts by kind (`{"crash": 2}`), each of which must fit the tallies.
fn check_counts(counts: &BTreeMap<String, u64>, file: &str) -> Result<(), String> {
    for (k, &n) in counts {
        fit_count(n, k).map_err(|e| format!("{file}: {e}"))?;
    }
    Ok(())
}

impl ShardEntry {
    /// Reads a shard's counts: a shard summary, or one entry of a merged summary's `shards`,
    /// and checks that they agree with each other.
    fn read(v: &Json, file: &str, via_merged: bool) -> Result<ShardEntry, String> {
        let r: ShardEntryRecord = records::from_json(v).map_err(|e| format!("{file}: {e}"))?;
        if r.engines.is_empty() {
            return Err(format!("{file}: 'engines' is empty"));
        }
        if r.players.len() != r.engines.len() {
            return Err(format!("{file}: 'players' does not match 'engines'"));
        }
        let players: Vec<Wdl> = r
            .players
            .iter()
            .map(|p| Wdl::new(p.wins, p.draws, p.losses))
            .collect();
        let games = r.games_played;
        fit_count(games, "games_played").map_err(|e| format!("{file}: {e}"))?;
        if players[0].games() as u64 != games {
            return Err(format!(
                "{file}: 'games_played' {games} is not the first player's {} games",
                players[0].games()
            ));
        }
        let pairs = r.pairs.map(|p| Pairs { counts: p.counts });
        if let Some(p) = pairs {
            if 2 * p.pairs() as u64 > games {
                return Err(format!("{file}: more pairs than games"));
            }
        }
        let faults = r
            .faults
            .unwrap_or_else(|| vec![BTreeMap::new(); r.engines.len()]);
        for f in faults.iter().chain([&r.terminations]) {
            check_counts(f, file)?;
        }
        let thinking = match &r.thinking {
            None => Err("no 'thinking', a summary from before it was written".into()),
            Some(t) => ThinkingTally::from_json(t, &r.engines),
        };
        Ok(ShardEntry {
            file: file.to_string(),
            via_merged,
            identity: r.identity,
            status: r.status,
            players,
            pairs,
            games,
            terminations: r.terminations,
            faults,
            disagreements: r.disagreements,
            sprt: r.sprt.as_ref().map(sprt_of),
            thinking,
            engines: r.engines,
        })
    }

    /// The entry as kept in a merged summary's `shards` list (what [`ShardEntry::read`] reads).
    fn record(&self) -> ShardEntryRecord {
        let names: Vec<&str> = self.engines.iter().map(String::as_str).collect();
        ShardEntryRecord {
            file: self.file.clone(),
            identity: self.identity.clone(),
            status: self.status.clone(),
            engines: self.engines.clone(),
            players: self
                .players
                .iter()
                .map(|w| WdlCounts {
                    wins: w.wins,
                    draws: w.draws,
                    losses: w.losses,
                })
                .collect(),
            games_played: self.games,
            pairs: self.pairs.map(|p| PairCounts { counts: p.counts }),
            terminations: self.terminations.clone(),
            faults: Some(self.faults.clone()),
            disagreements: self.disagreements.clone(),
            // The SPRT the shard ran, read on the shard's own games.
            sprt: self.sprt.map(|s| {
                let llr = s.llr_by_model(&self.players[0], &self.pairs.unwrap_or_default());
                SprtRecord::of(&s, &SprtOutcome::on_all_games(&s, llr))
            }),
            thinking: self.thinking.as_ref().ok().map(|t| t.json(&names)),
        }
    }

    /// The same counts (the file it was read from aside). The thinking is not compared: a
    /// shard run twice plays the same games in other times, and a merged summary written
    /// before the thinking was kept holds its shards without it.
    fn same_counts(&self, other: &ShardEntry) -> bool {
        let bare = |e: &ShardEntry| ShardEntry {
            file: String::new(),
            via_merged: false,
            thinking: Ok(ThinkingTally::default()),
            ..e.clone()
        };
        bare(self) == bare(other)
    }
}

/// The shards' thinking summed (`None` without shards), or the note that says why it is left
/// out: a shard without sums, or shards whose phases differ.
fn sum_thinking(shards: &[ShardEntry]) -> Result<Option<ThinkingTally>, String> {
    let lacking: Vec<String> = shards
        .iter()
        .filter_map(|s| {
            s.thinking
                .as_ref()
                .err()
                .map(|why| format!("{}: {why}", s.file))
        })
        .collect();
    if !lacking.is_empty() {
        return Err(format!(
            "no Thinking figures, as not every shard has sums that add up ({}); merge the \
             others alone to see theirs",
            lacking.join("; ")
        ));
    }
    let mut tallies = shards
        .iter()
        .filter_map(|s| Some((s.file.as_str(), s.thinking.as_ref().ok()?)));
    let Some((first, tally)) = tallies.next() else {
        return Ok(None);
    };
    let mut sum = tally.clone();
    for (file, t) in tallies {
        if sum.labels() != t.labels() {
            return Err(format!(
                "no Thinking figures, as the shards split the game into other phases: plies \
                 {} in {first}, {} in {file}",
                sum.labels().join(", "),
                t.labels().join(", ")
            ));
        }
        sum.add_tally(t)
            .map_err(|why| format!("no Thinking figures: {why}"))?;
    }
    Ok(Some(sum))
}

/// The shard entries of one summary file: itself if it is a shard, its list if it is a merge.
fn entries(file: &str, v: &Json) -> Result<Vec<ShardEntry>, String> {
    if v.get("format").and_then(Json::as_str) != Some(SUMMARY_FORMAT) {
        return Err(format!(
            "{file} is not a mingmang match summary of this version (it does not say what it is; \
             summaries before version {SUMMARY_VERSION} do not carry their settings, so they \
             cannot be checked against the others): play that shard again"
        ));
    }
    let version = v.get("version").and_then(Json::as_u64).unwrap_or(0);
    if version != SUMMARY_VERSION {
        return Err(format!(
            "{file} is a summary of version {version}; this mingmang reads version \
             {SUMMARY_VERSION}"
        ));
    }
    match v.get("kind").and_then(Json::as_str) {
        Some("shard") => Ok(vec![ShardEntry::read(v, file, false)?]),
        Some("merged") => {
            let list = v
                .get("shards")
                .and_then(Json::as_array)
                .ok_or_else(|| format!("{file}: 'shards' is not a list"))?;
            list.iter()
                .map(|e| {
                    let inner = e.get("file").and_then(Json::as_str).unwrap_or("?");
                    ShardEntry::read(e, &format!("{inner} (in {file})"), true)
                })
                .collect()
        }
        other => Err(format!("{file}: unknown kind {other:?}")),
    }
}

/// Checks that `entry` can join the shards `kept` (same settings, no shared openings) and says
/// whether it is new: a shard that came inside a merged summary and is already there (the
/// same counts) is not, and is counted once.
fn admit(kept: &[ShardEntry], entry: &ShardEntry) -> Result<bool, String> {
    let Some(first) = kept.first() else {
        return Ok(true);
    };
    if entry.engines != first.engines {
        return Err(format!(
            "{}: the engines {:?} differ from {}'s {:?}",
            entry.file, entry.engines, first.file, first.engines
        ));
    }
    if let Some(why) = first_difference(
        &entry.identity.settings,
        &first.identity.settings,
        "settings",
    ) {
        return Err(format!(
            "{} and {} are not shards of one match: {why}",
            entry.file, first.file
        ));
    }
    for other in kept {
        let Some(why) = entry.identity.overlap(&other.identity) else {
            continue;
        };
        if entry.identity == other.identity && entry.same_counts(other) {
            if entry.via_merged || other.via_merged {
                return Ok(false);
            }
            return Err(format!(
                "{} and {} are the same shard ({}): its games would count twice",
                other.file,
                entry.file,
                entry.identity.describe()
            ));
        }
        return Err(format!(
            "{} ({}) and {} ({}) share openings ({why}): those games would count twice; give \
             each shard its own --seed (random openings) or its own --openings-from range \
             (an openings file)",
            other.file,
            other.identity.describe(),
            entry.file,
            entry.identity.describe()
        ));
    }
    Ok(true)
}

/// Whether a shard's games may be merged: it finished, or its own SPRT stopped it.
fn check_status(entry: &ShardEntry) -> Result<(), String> {
    match entry.status.as_str() {
        "complete" | "stopped by SPRT" => Ok(()),
        "running" | "incomplete" => Err(format!(
            "{}: the shard did not finish (status '{}'); run its command again to resume it \
             from its journal, then merge",
            entry.file, entry.status
        )),
        other => Err(format!(
            "{}: the shard {other}; its games cannot be trusted",
            entry.file
        )),
    }
}

/// The seeds missing from `seeds` between its smallest and its largest, in words.
fn missing_seeds(seeds: &[u64]) -> String {
    let (Some(&lo), Some(&hi)) = (seeds.iter().min(), seeds.iter().max()) else {
        return String::new();
    };
    if hi - lo > 100_000 {
        return String::new();
    }
    let missing: Vec<String> = (lo..=hi)
        .filter(|s| !seeds.contains(s))
        .map(|s| s.to_string())
        .collect();
    if missing.is_empty() {
        String::new()
    } else {
        format!(
            "; seeds missing between {lo} and {hi}: {}",
            missing.join(", ")
        )
    }
}

/// Merges the summaries `files` (file name, JSON document). The SPRT is the one `sprt` gives,
/// none for `off`, else the first shard's, if any. With `expect`, there must be exactly that many
/// shards.
pub fn merge(
    files: &[(String, Json)],
    sprt: SprtFlag,
    expect: Option<usize>,
) -> Result<Merged, String> {
    let mut shards: Vec<ShardEntry> = Vec::new();
    let mut notes = Vec::new();
    // Shards given directly first, so that a merged summary's copy of one is the duplicate.
    let mut all = Vec::new();
    for (file, v) in files {
        all.extend(entries(file, v)?);
    }
    all.sort_by_key(|e| e.via_merged);
    // Every unfinished shard is named at once, with the missing ones: one resubmission fixes
    // them all.
    let mut unfinished: Vec<String> = all.iter().filter_map(|e| check_status(e).err()).collect();
    if let Some(n) = expect {
        let seeds: Vec<u64> = all.iter().map(|s| s.identity.seed).collect();
        if all.len() < n {
            unfinished.push(format!(
                "--expect {n}: {} shards found{}",
                all.len(),
                missing_seeds(&seeds)
            ));
        }
    }
    if !unfinished.is_empty() {
        return Err(unfinished.join("\n"));
    }
    for entry in all {
        if admit(&shards, &entry)? {
            shards.push(entry);
        } else {
            notes.push(format!("{}: given directly too, counted once", entry.file));
        }
    }
    let first = shards.first().ok_or("no summary to merge")?;
    if let Some(n) = expect {
        if shards.len() != n {
            let seeds: Vec<u64> = shards.iter().map(|s| s.identity.seed).collect();
            return Err(format!(
                "--expect {n}: {} shards found{}",
                shards.len(),
                missing_seeds(&seeds)
            ));
        }
    }
    let n = first.engines.len();
    let mut merged = Merged {
        engines: first.engines.clone(),
        players: vec![Wdl::default(); n],
        pairs: (n == 2).then(Pairs::default),
        games: 0,
        shards: Vec::new(),
        terminations: BTreeMap::new(),
        faults: vec![BTreeMap::new(); n],
        disagreements: Vec::new(),
        sprt: None,
        thinking: None,
        notes,
    };
    for s in &shards {
        for (sum, p) in merged.players.iter_mut().zip(&s.players) {
            sum.wins = sum.wins.checked_add(p.wins).ok_or("too many games")?;
            sum.draws = sum.draws.checked_add(p.draws).ok_or("too many games")?;
            sum.losses = sum.losses.checked_add(p.losses).ok_or("too many games")?;
        }
        merged.pairs = match (merged.pairs, s.pairs) {
            (Some(mut sum), Some(p)) => {
                sum.add_all(&p);
                Some(sum)
            }
            _ => None,
        };
        merged.games += s.games;
        for (k, v) in &s.terminations {
            *merged.terminations.entry(k.clone()).or_default() += v;
        }
        for (sum, f) in merged.faults.iter_mut().zip(&s.faults) {
            for (k, v) in f {
                *sum.entry(k.clone()).or_default() += v;
            }
        }
        merged
            .disagreements
            .extend(s.disagreements.iter().map(|d| format!("{}: {d}", s.file)));
    }
    let sprt = sprt.or_else(|| shards.iter().find_map(|s| s.sprt));
    merged.sprt = sprt.map(|mut s| {
        if s.model == SprtModel::Pairs && merged.pairs.is_none() {
            merged
                .notes
                .push("the shards have no pair counts, so the SPRT counts single games".into());
            s.model = SprtModel::Games;
        }
        let llr = s.llr_by_model(&merged.players[0], &merged.pairs.unwrap_or_default());
        (s, SprtOutcome::on_all_games(&s, llr))
    });
    match sum_thinking(&shards) {
        Ok(t) => merged.thinking = t,
        Err(note) => merged.notes.push(note),
    }
    merged.shards = shards;
    Ok(merged)
}

impl Merged {
    /// The merged result in words, as `mingmang match` prints a finished match.
    pub fn text(&self) -> String {
        let mut out = format!(
            "Merged: {} shards, {} games\n",
            self.shards.len(),
            self.games
        );
        let names: Vec<&str> = self.engines.iter().map(String::as_str).collect();
        out.push_str(&super::report::results_text(&names, &self.players));
        if let Some(pairs) = &self.pairs {
            out.push_str(&super::report::pairs_text(pairs));
        }
        for note in &self.notes {
            out.push_str(&format!("Note: {note}\n"));
        }
        if let Some((s, outcome)) = &self.sprt {
            out.push_str(&super::report::sprt_text(s, outcome, self.games as usize));
        }
        out.push_str(&super::report::endings_text(
            &self.terminations,
            self.disagreements.len(),
        ));
        out.push_str(&super::report::faults_text(&names, &self.faults));
        if let Some(t) = &self.thinking {
            out.push_str(&t.text(&names));
        }
        out
    }

    /// Fails if more than `limit` percent of the games ended by an engine's fault: the
    /// result then says nothing about strength.
    pub fn check_faults(&self, limit: f64) -> Result<(), String> {
        let faults: u64 = self.faults.iter().flat_map(|f| f.values()).sum();
        if faults as f64 > limit / 100.0 * self.games as f64 {
            return Err(format!(
                "{faults} of {} games ended by an engine's fault, more than the --fault-limit \
                 of {limit}%: the result says nothing about strength",
                self.games
            ));
        }
        Ok(())
    }

    /// The merged result as a JSON summary of kind `merged`: the totals as a shard's summary
    /// has them, and each shard's counts (so that merging it again counts none twice).
    pub fn json(&self) -> Json {
        records::to_json(&self.summary())
    }

    /// The merged summary's record.
    pub fn summary(&self) -> MergedSummary {
        let names: Vec<&str> = self.engines.iter().map(String::as_str).collect();
        MergedSummary {
            format: SUMMARY_FORMAT,
            version: SUMMARY_VERSION,
            kind: "merged",
            engines: self.engines.clone(),
            games_played: self.games,
            results: ResultsRecord::of(
                &self.engines,
                &self.players,
                self.pairs.as_ref(),
                None,
                self.sprt.as_ref().map(|(s, o)| SprtRecord::of(s, o)),
                self.terminations.clone(),
                self.faults.clone(),
            ),
            disagreements: self.disagreements.clone(),
            thinking: self.thinking.as_ref().map(|t| t.record(&names)),
            shards: self.shards.iter().map(ShardEntry::record).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The thinking of engines `a` and `b` as a summary writes it, in phases of plies
    /// `labels`: `moves` moves of `ms` milliseconds at depth `depth` for `a` in the first
    /// phase, and one such move for each engine in the last.
    fn thinking(labels: [&str; 4], moves: u64, ms: u64, depth: u64) -> Json {
        let phase = |k: usize, moves: u64| {
            json!({"plies": labels[k], "moves": moves, "mean_ms": null, "mean_depth": null,
                   "total_ms": moves * ms, "depth_moves": moves, "depth_sum": moves * depth})
        };
        let engine = |name: &str, moves: u64| {
            json!({"name": name, "all": {},
                   "phases": [phase(0, moves), phase(1, 0), phase(2, 0), phase(3, 1)]})
        };
        json!([engine("a", moves), engine("b", 0)])
    }

    const QUARTERS: [&str; 4] = ["1-100", "101-200", "201-300", "301-"];

    /// A finished two-game shard of seed `seed` with `thinking`, if any.
    fn shard(seed: u64, thinking: Option<Json>) -> (String, Json) {
        let mut v = json!({
            "format": SUMMARY_FORMAT, "version": SUMMARY_VERSION, "kind": "shard",
            "status": "complete",
            "identity": {"settings": {"openings": {"kind": "random"}}, "seed": seed,
                         "games": 2, "rounds": 1, "openings": {"first": 0, "count": 1}},
            "engines": ["a", "b"], "games_played": 2,
            "players": [{"wins": 1, "draws": 0, "losses": 1},
                        {"wins": 1, "draws": 0, "losses": 1}],
        });
        if let Some(t) = thinking {
            v["thinking"] = t;
        }
        (format!("s{seed}.json"), v)
    }

    #[test]
    fn thinking_adds_up_over_shards_and_over_merges_of_them() {
        let (s1, s2, s3) = (
            shard(1, Some(thinking(QUARTERS, 3, 10, 5))),
            shard(2, Some(thinking(QUARTERS, 1, 50, 9))),
            shard(3, Some(thinking(QUARTERS, 2, 1, 1))),
        );
        let m = merge(&[s1.clone(), s2.clone()], SprtFlag::Unset, None).unwrap();
        let t = m.json()["thinking"].clone();
        let first = &t[0]["phases"][0];
        assert_eq!(
            (&first["moves"], &first["total_ms"], &first["depth_sum"]),
            (&json!(4), &json!(80), &json!(24))
        );
        assert_eq!(first["mean_ms"], 20.0);
        // One move in the last phase from each shard: 140 ms and depth 38 over 6 moves.
        assert_eq!(t[0]["all"]["moves"], 6);
        assert!(
            m.text()
                .contains("  a: 20 ms d6.0, -, -, 30 ms d7.0; all 23 ms d6.3\n"),
            "{}",
            m.text()
        );
        // The merged summary merged again, alone, with a shard of its own and a new one:
        // each shard's moves count once.
        let all = ("all.json".to_string(), m.json());
        let again = merge(&[all.clone(), s1.clone()], SprtFlag::Unset, None).unwrap();
        assert_eq!(again.json()["thinking"], t);
        let more = merge(&[all, s1, s3], SprtFlag::Unset, None).unwrap();
        let first = &more.json()["thinking"][0]["phases"][0];
        assert_eq!(
            (&first["moves"], &first["total_ms"]),
            (&json!(6), &json!(82))
        );
    }

    #[test]
    fn a_shard_without_thinking_sums_merges_without_thinking() {
        let old = shard(2, None);
        let m = merge(
            &[shard(1, Some(thinking(QUARTERS, 3, 10, 5))), old.clone()],
            SprtFlag::Unset,
            None,
        )
        .unwrap();
        assert_eq!(m.games, 4);
        assert!(m.thinking.is_none());
        assert_eq!(m.json()["thinking"], Json::Null);
        assert!(!m.text().contains("Thinking, mean"), "{}", m.text());
        let note = m.notes.join("\n");
        assert!(
            note.contains("(s2.json: no 'thinking', a summary"),
            "{note}"
        );
        // Means alone (a summary from before the sums) do not add up exactly either.
        let mut means = shard(3, Some(thinking(QUARTERS, 1, 1, 1)));
        means.1["thinking"][1]["phases"][0]
            .as_object_mut()
            .unwrap()
            .remove("depth_sum");
        let m = merge(&[old, means], SprtFlag::Unset, None).unwrap();
        assert!(m.notes.join("\n").contains("s3.json: b: no 'depth_sum'"));
    }

    #[test]
    fn shards_of_other_phases_merge_without_thinking() {
        let halves = ["1-50", "51-100", "101-150", "151-"];
        let m = merge(
            &[
                shard(1, Some(thinking(QUARTERS, 3, 10, 5))),
                shard(2, Some(thinking(halves, 3, 10, 5))),
            ],
            SprtFlag::Unset,
            None,
        )
        .unwrap();
        assert!(m.thinking.is_none());
        let note = m.notes.join("\n");
        assert!(
            note.contains("plies 1-100, 101-200, 201-300, 301- in s1.json, 1-50, 51-100"),
            "{note}"
        );
    }

    #[test]
    fn a_shard_run_twice_is_the_same_shard_whatever_its_times() {
        let (s1, s2) = (
            shard(1, Some(thinking(QUARTERS, 3, 10, 5))),
            shard(2, Some(thinking(QUARTERS, 1, 50, 9))),
        );
        let all = (
            "all.json".to_string(),
            merge(&[s1, s2], SprtFlag::Unset, None).unwrap().json(),
        );
        let rerun = shard(1, Some(thinking(QUARTERS, 3, 12, 5)));
        let m = merge(&[all, rerun], SprtFlag::Unset, None).unwrap();
        assert_eq!(m.shards.len(), 2);
        // The shard given directly is the one kept, with its own times.
        let first = &m.json()["thinking"][0]["phases"][0];
        assert_eq!(first["total_ms"], 3 * 12 + 50);
    }

    #[test]
    fn hostile_counts_are_refused_with_the_field_named() {
        let (file, v) = shard(1, None);
        let mut empty = v.clone();
        empty["engines"] = json!([]);
        empty["players"] = json!([]);
        let err = merge(&[(file.clone(), empty)], SprtFlag::Unset, None).err();
        assert_eq!(err.as_deref(), Some("s1.json: 'engines' is empty"));
        let mut huge = v;
        huge["players"][1]["losses"] = json!(1u64 << 40);
        let err = merge(&[(file, huge)], SprtFlag::Unset, None).err();
        assert_eq!(
            err.as_deref(),
            Some("s1.json: 'losses' 1099511627776 is out of range")
        );
    }
}
