//! The JSON summaries of matches as typed records: a shard's summary ([`ShardSummary`]), a
//! merge's ([`MergedSummary`]) and the shard entries a merge keeps ([`ShardEntryRecord`]),
//! built from the same parts ([`WdlRecord`], [`PairsRecord`], [`SprtRecord`], ...), so the
//! fields a reader relies on are spelt once. `docs/data.md` documents the layout; the field
//! order is the order written (`serde_json` keeps it), absent values are `null` unless marked
//! to be left out.

use std::collections::BTreeMap;

use serde::Serialize;

use super::json::Json;
use super::stats::{
    elo_estimate, elo_estimate_pairs, los, los_pairs, EloEstimate, Pairs, Sprt, SprtDecision,
    SprtOutcome, Wdl,
};

/// What a summary file says it is: `format` and `version` name the layout, `kind` a shard
/// (one `mingmang match`) or a merge of shards.
pub const SUMMARY_FORMAT: &str = "mingmang match summary";
/// The layout's version: 2 carries the shard's identity, its status and the faults.
pub const SUMMARY_VERSION: u64 = 2;

/// A record as a JSON value (keys in the order of the fields).
pub fn to_json<T: Serialize>(record: &T) -> Json {
    serde_json::to_value(record).expect("a summary record always serialises")
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

/// The pair counts alone, as a merged summary keeps them for each shard.
#[derive(Clone, Debug, Serialize)]
pub struct PairCounts {
    pub counts: [u32; 5],
}

/// The SPRT's fields in a summary: its settings, the LLR, the bounds and the decision, with
/// where it was taken (`null` when undecided).
#[derive(Clone, Debug, Serialize)]
pub struct SprtRecord {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: &'static str,
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    pub decision: &'static str,
    pub decided_after_games: Option<usize>,
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
            model: sprt.model.name(),
            llr: outcome.llr,
            lower,
            upper,
            decision: decision_text(outcome.decision),
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

/// The summary of one shard (one `mingmang match`): what it is and its identity, its status,
/// the first engine's totals, each engine's games, SPRT, endings, faults, thinking and one
/// entry per game.
#[derive(Clone, Debug, Serialize)]
pub struct ShardSummary {
    pub format: &'static str,
    pub version: u64,
    pub kind: &'static str,
    pub status: String,
    pub identity: Json,
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
    pub totals: WdlRecord,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pairs: Option<PairsRecord>,
    pub players: Vec<PlayerRecord>,
    pub sprt: Option<SprtRecord>,
    pub terminations: BTreeMap<String, u32>,
    pub faults: Vec<BTreeMap<String, u32>>,
    pub thinking: Json,
    pub disagreements: Vec<String>,
    /// The per-game list: `games` is the count, as for each player.
    pub game_records: Vec<GameEntry>,
}

/// The summary of a merge of shards: the totals as a shard's summary has them, and each
/// shard's counts (so that merging it again counts none twice).
#[derive(Clone, Debug, Serialize)]
pub struct MergedSummary {
    pub format: &'static str,
    pub version: u64,
    pub kind: &'static str,
    pub engines: Vec<String>,
    pub games_played: u64,
    #[serde(flatten)]
    pub totals: WdlRecord,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pairs: Option<PairsRecord>,
    pub players: Vec<PlayerRecord>,
    pub sprt: Option<SprtRecord>,
    pub terminations: BTreeMap<String, u64>,
    pub faults: Vec<BTreeMap<String, u64>>,
    pub disagreements: Vec<String>,
    /// Written for readers only: a merge reads each shard's own thinking from `shards`, so
    /// merging this summary again counts no move twice.
    pub thinking: Option<Json>,
    pub shards: Vec<ShardEntryRecord>,
}

/// A shard's games won, drawn and lost, as a merged summary keeps them.
#[derive(Clone, Debug, Serialize)]
pub struct WdlCounts {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// One shard's counts in a merged summary's `shards` list.
#[derive(Clone, Debug, Serialize)]
pub struct ShardEntryRecord {
    pub file: String,
    pub identity: Json,
    pub status: String,
    pub engines: Vec<String>,
    pub players: Vec<WdlCounts>,
    pub games_played: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pairs: Option<PairCounts>,
    pub terminations: BTreeMap<String, u64>,
    pub faults: Vec<BTreeMap<String, u64>>,
    pub disagreements: Vec<String>,
    /// The SPRT the shard ran, read on the shard's own games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtRecord>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thinking: Option<Json>,
}
