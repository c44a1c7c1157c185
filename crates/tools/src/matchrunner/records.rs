//! The JSON summaries of matches as typed records: a shard's summary ([`ShardSummary`]), a
//! merge's ([`MergedSummary`]) and the shard entries a merge keeps ([`ShardEntryRecord`]),
//! built from the same parts ([`WdlRecord`], [`PairsRecord`], [`SprtRecord`], ...), so the
//! fields a reader relies on are spelt once. `docs/data.md` documents the layout; the field
//! order is the order written (`serde_json` keeps it), absent values are `null` unless marked
//! to be left out.

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::identity::ShardIdentity;
use super::json::Json;
use super::stats::{
    elo_estimate, elo_estimate_pairs, los, los_pairs, EloEstimate, Pairs, Sprt, SprtDecision,
    SprtOutcome, Wdl,
};
use super::thinking::EngineThinking;

/// What a summary file says it is: `format` and `version` name the layout, `kind` a shard
/// (one `mingmang match`) or a merge of shards.
pub const SUMMARY_FORMAT: &str = "mingmang match summary";
/// The layout's version: 2 carries the shard's identity, its status and the faults.
pub const SUMMARY_VERSION: u64 = 2;

/// A record as a JSON value (keys in the order of the fields).
pub fn to_json<T: Serialize>(record: &T) -> Json {
    serde_json::to_value(record).expect("a summary record always serialises")
}

/// Reads a record from a JSON value: the one reader of every record type, whose error names
/// the field that is missing or says why a value does not fit.
pub fn from_json<T: DeserializeOwned>(v: &Json) -> Result<T, String> {
    T::deserialize(v).map_err(|e| e.to_string())
}

/// `n`, the value of `key`, as a count of the tallies (`u32`): a larger one is not a count of
/// games.
pub fn fit_count(n: u64, key: &str) -> Result<u32, String> {
    u32::try_from(n).map_err(|_| format!("'{key}' {n} is out of range"))
}

/// Games won, lost and drawn, with the Elo estimate and LOS computed from them; flattened
/// into a summary's top level (the first engine's totals) and into each player.
#[derive(Clone, Debug, Serialize)]
pub struct WdlRecord {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub games: u32,
    pub points: f64,
    pub score: Option<f64>,
    #[serde(flatten)]
    pub elo: EloRecord,
}

/// The Elo estimate (`null` before any game or for a perfect score) and the LOS, by games or
/// by pairs; flattened into [`WdlRecord`] and [`PairsRecord`].
#[derive(Clone, Debug, Serialize)]
pub struct EloRecord {
    pub elo: Option<f64>,
    pub elo_error: Option<f64>,
    pub elo_low: Option<f64>,
    pub elo_high: Option<f64>,
    pub los: f64,
}

impl EloRecord {
    fn of(e: Option<EloEstimate>, los: f64) -> EloRecord {
        EloRecord {
            elo: e.map(|e| e.elo),
            elo_error: e.map(|e| e.error),
            elo_low: e.map(|e| e.low),
            elo_high: e.map(|e| e.high),
            los,
        }
    }
}

impl WdlRecord {
    /// The record of `wdl`.
    pub fn of(wdl: &Wdl) -> WdlRecord {
        WdlRecord {
            wins: wdl.wins,
            losses: wdl.losses,
            draws: wdl.draws,
            games: wdl.games(),
            points: wdl.points(),
            score: wdl.score(),
            elo: EloRecord::of(elo_estimate(wdl), los(wdl)),
        }
    }
}

/// One entry of `players`: the engine's name, its games and (in a shard) how many times its
/// process was started.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerRecord {
    pub name: String,
    #[serde(flatten)]
    pub wdl: WdlRecord,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub starts: Option<u32>,
}

/// The `pairs` object of a two-engine summary: the pair counts (by the first engine's points,
/// 0 to 2 in halves) and the Elo estimate and LOS counted by pairs.
#[derive(Clone, Debug, Serialize)]
pub struct PairsRecord {
    pub counts: [u32; 5],
    pub pairs: u32,
    #[serde(flatten)]
    pub elo: EloRecord,
}

impl PairsRecord {
    /// The record of `pairs`.
    pub fn of(pairs: &Pairs) -> PairsRecord {
        PairsRecord {
            counts: pairs.counts,
            pairs: pairs.pairs(),
            elo: EloRecord::of(elo_estimate_pairs(pairs), los_pairs(pairs)),
        }
    }
}

/// The SPRT's fields in a summary: its settings, the LLR, the bounds and the decision, with
/// where it was taken (`null` when undecided).
///
/// A reader needs the settings alone (the rest is computed again from the counts); a record
/// without a model counted games.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SprtRecord {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    #[serde(default)]
    pub model: String,
    #[serde(default)]
    pub llr: f64,
    #[serde(default)]
    pub lower: f64,
    #[serde(default)]
    pub upper: f64,
    #[serde(default)]
    pub decision: String,
    #[serde(default)]
    pub decided_after_games: Option<usize>,
    #[serde(default)]
    pub llr_at_decision: Option<f64>,
}

/// The words of a decision, in the text and in the JSON.
pub fn decision_text(d: SprtDecision) -> &'static str {
    match d {
        SprtDecision::Continue => "undecided",
        SprtDecision::AcceptH0 => "H0 accepted",
        SprtDecision::AcceptH1 => "H1 accepted",
    }
}

impl SprtRecord {
    /// The record of the SPRT `sprt` with its outcome.
    pub fn of(sprt: &Sprt, outcome: &SprtOutcome) -> SprtRecord {
        let (lower, upper) = sprt.bounds();
        SprtRecord {
            elo0: sprt.elo0,
            elo1: sprt.elo1,
            alpha: sprt.alpha,
            beta: sprt.beta,
            model: sprt.model.name().to_string(),
            llr: outcome.llr,
            lower,
            upper,
            decision: decision_text(outcome.decision).to_string(),
            decided_after_games: outcome.decided_at.map(|(at, _)| at),
            llr_at_decision: outcome.decided_at.map(|(_, llr)| llr),
        }
    }
}

/// One game in a shard's `game_records`.
#[derive(Clone, Debug, Serialize)]
pub struct GameEntry {
    pub number: usize,
    pub round: u32,
    pub white: String,
    pub black: String,
    pub result: &'static str,
    pub termination: &'static str,
    pub reason: String,
    pub plies: usize,
    pub opening: String,
}

/// What a shard's summary and a merge's both report, in this order: the first engine's
/// totals, the pairs, each engine's games, the SPRT, the endings by kind and each engine's
/// faults by kind.
#[derive(Clone, Debug, Serialize)]
pub struct ResultsRecord {
    #[serde(flatten)]
    pub totals: WdlRecord,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pairs: Option<PairsRecord>,
    pub players: Vec<PlayerRecord>,
    pub sprt: Option<SprtRecord>,
    pub terminations: BTreeMap<String, u64>,
    pub faults: Vec<BTreeMap<String, u64>>,
}

impl ResultsRecord {
    /// The results of the engines `names` with their games `players`, the first engine's
    /// `pairs` (two-engine matches), each engine's process `starts` (a shard's), the SPRT and
    /// the endings and faults by kind.
    pub fn of(
        names: &[String],
        players: &[Wdl],
        pairs: Option<&Pairs>,
        starts: Option<&[u32]>,
        sprt: Option<SprtRecord>,
        terminations: BTreeMap<String, u64>,
        faults: Vec<BTreeMap<String, u64>>,
    ) -> ResultsRecord {
        ResultsRecord {
            totals: WdlRecord::of(&players[0]),
            pairs: pairs.map(PairsRecord::of),
            players: names
                .iter()
                .zip(players)
                .enumerate()
                .map(|(i, (name, wdl))| PlayerRecord {
                    name: name.clone(),
                    wdl: WdlRecord::of(wdl),
                    starts: starts.map(|s| s[i]),
                })
                .collect(),
            sprt,
            terminations,
            faults,
        }
    }
}

/// The summary of one shard (one `mingmang match`): what it is and its identity, its status,
/// the results, thinking and one entry per game.
#[derive(Clone, Debug, Serialize)]
pub struct ShardSummary {
    pub format: &'static str,
    pub version: u64,
    pub kind: &'static str,
    pub status: String,
    pub identity: ShardIdentity,
    pub engine_commands: Vec<Json>,
    pub openings_file: Option<String>,
    pub journal: Option<String>,
    pub engines: Vec<String>,
    pub games_scheduled: usize,
    pub games_played: usize,
    pub variant: Option<String>,
    pub size: String,
    pub rules: String,
    pub time_control: String,
    /// Written as a signed number, as it always was.
    pub seed: i64,
    #[serde(flatten)]
    pub results: ResultsRecord,
    pub thinking: Vec<EngineThinking>,
    pub disagreements: Vec<String>,
    /// The per-game list: `games` is the count, as for each player.
    pub game_records: Vec<GameEntry>,
}

/// The summary of a merge of shards: the results as a shard's summary has them, and each
/// shard's counts (so that merging it again counts none twice).
#[derive(Clone, Debug, Serialize)]
pub struct MergedSummary {
    pub format: &'static str,
    pub version: u64,
    pub kind: &'static str,
    pub engines: Vec<String>,
    pub games_played: u64,
    #[serde(flatten)]
    pub results: ResultsRecord,
    pub disagreements: Vec<String>,
    /// Written for readers only: a merge reads each shard's own thinking from `shards`, so
    /// merging this summary again counts no move twice.
    pub thinking: Option<Vec<EngineThinking>>,
    pub shards: Vec<ShardEntryRecord>,
}

/// A shard's games won, drawn and lost, as a merged summary keeps them (and a shard's
/// summary has them among its players' fields). Read through [`WdlCountsRead`], so that a
/// count too large says which it is.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[serde(try_from = "WdlCountsRead")]
pub struct WdlCounts {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// [`WdlCounts`] as read, before the range of each count is checked.
#[derive(Deserialize)]
pub struct WdlCountsRead {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl TryFrom<WdlCountsRead> for WdlCounts {
    type Error = String;

    fn try_from(r: WdlCountsRead) -> Result<WdlCounts, String> {
        Ok(WdlCounts {
            wins: fit_count(r.wins, "wins")?,
            draws: fit_count(r.draws, "draws")?,
            losses: fit_count(r.losses, "losses")?,
        })
    }
}

/// The pair counts alone, as a merged summary keeps them for each shard (and a shard's
/// summary among its `pairs` fields). Read through a list, so that a bad one says so.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[serde(try_from = "PairCountsRead")]
pub struct PairCounts {
    pub counts: [u32; 5],
}

/// [`PairCounts`] as read, before the length and the range are checked.
#[derive(Deserialize)]
pub struct PairCountsRead {
    pub counts: Vec<u64>,
}

impl TryFrom<PairCountsRead> for PairCounts {
    type Error = String;

    fn try_from(r: PairCountsRead) -> Result<PairCounts, String> {
        let counts: [u64; 5] = r
            .counts
            .try_into()
            .map_err(|_| "'pairs.counts' is not five counts")?;
        let mut out = [0; 5];
        for (slot, n) in out.iter_mut().zip(counts) {
            *slot = fit_count(n, "pairs.counts")?;
        }
        Ok(PairCounts { counts: out })
    }
}

/// One shard's counts in a merged summary's `shards` list; a shard's own summary reads as
/// one too (its other fields aside, and its file named by the reader). The fields a summary
/// from before them lacks read as empty.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ShardEntryRecord {
    #[serde(default)]
    pub file: String,
    pub identity: ShardIdentity,
    pub status: String,
    pub engines: Vec<String>,
    pub players: Vec<WdlCounts>,
    pub games_played: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pairs: Option<PairCounts>,
    #[serde(default)]
    pub terminations: BTreeMap<String, u64>,
    #[serde(default)]
    pub faults: Option<Vec<BTreeMap<String, u64>>>,
    #[serde(default)]
    pub disagreements: Vec<String>,
    /// The SPRT the shard ran, read on the shard's own games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtRecord>,
    /// Kept as JSON: thinking that does not read leaves a merge without thinking figures
    /// (with a note why), not without the shard.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thinking: Option<Json>,
}
