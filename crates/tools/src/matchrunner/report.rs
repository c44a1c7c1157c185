//! The match's reports: the progress line of each game, the final summary in words and the
//! JSON summary (built as [`super::records::ShardSummary`]). The words of the merged result
//! ([`super::merge::Merged::text`]) use the same lines.

use std::collections::BTreeMap;

use super::json::Json;
use super::records::{
    self, decision_text, GameEntry, ResultsRecord, ShardSummary, SprtRecord, SUMMARY_FORMAT,
    SUMMARY_VERSION,
};
use super::referee::GameRecord;
use super::stats::{
    elo_estimate, elo_estimate_pairs, los, los_pairs, Pairs, Sprt, SprtOutcome, Wdl,
};
use super::{MatchConfig, MatchReport, OpeningSource, Tally};

/// `+12.3 ± 45.6`, or `n/a` before any game, or `+inf` for a perfect score.
fn elo_text(wdl: &Wdl) -> String {
    match elo_estimate(wdl) {
        None => "n/a".into(),
        Some(e) => format!("{:+.1} ± {:.1}", e.elo, e.error),
    }
}

pub(super) fn progress_line(
    config: &MatchConfig,
    tally: &Tally,
    last: &GameRecord,
    done: usize,
    total: usize,
) -> String {
    let first = &tally.per_engine[0];
    let mut line = format!(
        "[{done}/{total}] game {} {} vs {}: {} ({}) | {} W{} L{} D{} score {:.1}/{} Elo {}",
        last.number,
        last.names[0],
        last.names[1],
        last.result.pgn(),
        last.termination.describe(),
        config.engines[0].name,
        first.wins,
        first.losses,
        first.draws,
        first.points(),
        first.games(),
        elo_text(first),
    );
    if let Some(sprt) = &config.sprt {
        let (lo, hi) = sprt.bounds();
        let llr = sprt.llr_by_model(first, &tally.pairs);
        line.push_str(&format!(" LLR {llr:.2} [{lo:.2}, {hi:.2}]"));
    }
    line
}

/// The final summary as printed on stdout.
pub fn summary_text(config: &MatchConfig, report: &MatchReport, tally: &Tally) -> String {
    let mut out = format!(
        "Finished: {} of {} games played ({})\n",
        report.records.len(),
        report.scheduled,
        report.status
    );
    let names: Vec<&str> = config.engines.iter().map(|e| e.name.as_str()).collect();
    out.push_str(&results_text(&names, &tally.per_engine));
    if names.len() == 2 {
        out.push_str(&pairs_text(&tally.pairs));
    }
    if let (Some(sprt), Some(outcome)) = (&config.sprt, report.sprt) {
        out.push_str(&sprt_text(sprt, &outcome, report.records.len()));
    }
    out.push_str(&endings_text(&tally.terminations, tally.disagreements));
    out.push_str(&faults_text(&names, &tally.faults));
    out.push_str(&tally.thinking.text(&names));
    out
}

/// The `Faults:` line: each engine's games lost by a fault, by kind; empty without any.
pub(super) fn faults_text<N: std::fmt::Display + Copy + Default + PartialEq>(
    names: &[&str],
    faults: &[BTreeMap<String, N>],
) -> String {
    let each: Vec<String> = names
        .iter()
        .zip(faults)
        .filter(|(_, f)| f.values().any(|n| *n != N::default()))
        .map(|(name, f)| {
            let kinds: Vec<String> = f.iter().map(|(k, n)| format!("{k} {n}")).collect();
            format!("{name}: {}", kinds.join(", "))
        })
        .collect();
    if each.is_empty() {
        String::new()
    } else {
        format!("Faults: {}\n", each.join("; "))
    }
}

/// One line per engine (only the first of a two-engine match): its games against its
/// opponent or the field, with the Elo estimate and LOS.
pub(super) fn results_text(names: &[&str], per_engine: &[Wdl]) -> String {
    let mut out = String::new();
    for (i, (name, wdl)) in names.iter().zip(per_engine).enumerate() {
        let opponent = if names.len() == 2 {
            format!(" vs {}", names[1 - i])
        } else {
            " vs the field".into()
        };
        out.push_str(&format!(
            "{name}{opponent}: W {} L {} D {}, score {:.1}/{} ({:.3})",
            wdl.wins,
            wdl.losses,
            wdl.draws,
            wdl.points(),
            wdl.games(),
            wdl.score().unwrap_or(f64::NAN),
        ));
        if let Some(e) = elo_estimate(wdl) {
            out.push_str(&format!(
                ", Elo {:+.1} ± {:.1} (95%: {:.1} .. {:.1}), LOS {:.1}%",
                e.elo,
                e.error,
                e.low,
                e.high,
                100.0 * los(wdl)
            ));
        }
        out.push('\n');
        if names.len() == 2 {
            break;
        }
    }
    out
}

/// The line of the game pairs of a two-engine match: how many pairs gave the first engine 0,
/// 1/2, 1, 3/2 and 2 points, and the Elo estimate and LOS counted by pairs. Empty before the
/// first complete pair.
pub(super) fn pairs_text(pairs: &Pairs) -> String {
    let Some(e) = elo_estimate_pairs(pairs) else {
        return String::new();
    };
    let [p0, p1, p2, p3, p4] = pairs.counts;
    format!(
        "By pairs: {} pair{}, 0: {p0}, 1/2: {p1}, 1: {p2}, 3/2: {p3}, 2: {p4}; Elo {:+.1} ± {:.1} \
         (95%: {:.1} .. {:.1}), LOS {:.1}%\n",
        pairs.pairs(),
        if pairs.pairs() == 1 { "" } else { "s" },
        e.elo,
        e.error,
        e.low,
        e.high,
        100.0 * los_pairs(pairs)
    )
}

/// The SPRT line of a summary of `games` games: the LLR over all of them and the decision,
/// with where it was taken when games that were running then were counted after it.
pub(super) fn sprt_text(sprt: &Sprt, outcome: &SprtOutcome, games: usize) -> String {
    let (lo, hi) = sprt.bounds();
    let mut decision = decision_text(outcome.decision).to_string();
    if let Some((at, llr_then)) = outcome.decided_at.filter(|&(at, _)| at < games) {
        let later = games - at;
        let (games_word, counts) = if later == 1 {
            ("game", "counts")
        } else {
            ("games", "count")
        };
        decision.push_str(&format!(
            " after {at} games (LLR {llr_then:.3}); the {later} {games_word} running then {counts} too"
        ));
    }
    format!(
        "SPRT elo0 {} elo1 {} alpha {} beta {} by {}: LLR {:.3} [{lo:.3}, {hi:.3}] {decision}\n",
        sprt.elo0,
        sprt.elo1,
        sprt.alpha,
        sprt.beta,
        sprt.model.name(),
        outcome.llr,
    )
}

/// The endings by kind and the number of disagreements.
pub(super) fn endings_text<N: std::fmt::Display>(
    terminations: &BTreeMap<String, N>,
    disagreements: usize,
) -> String {
    let terms: Vec<String> = terminations
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect();
    format!(
        "Terminations: {}\nDisagreements: {disagreements}\n",
        terms.join(", ")
    )
}

/// The JSON summary: what it is and its identity (settings, engines with fingerprints, seed,
/// openings), its status, totals from the first engine's side, each engine against the field,
/// SPRT, terminations, faults, disagreements and one entry per game.
pub fn summary_json(config: &MatchConfig, report: &MatchReport, tally: &Tally) -> Json {
    records::to_json(&shard_summary(config, report, tally))
}

/// The shard's summary record.
pub fn shard_summary(config: &MatchConfig, report: &MatchReport, tally: &Tally) -> ShardSummary {
    let s = &config.settings;
    let names: Vec<&str> = config.engines.iter().map(|e| e.name.as_str()).collect();
    let engines: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    ShardSummary {
        format: SUMMARY_FORMAT,
        version: SUMMARY_VERSION,
        kind: "shard",
        status: report.status.clone(),
        identity: report.identity.clone(),
        engine_commands: report.engines_about.clone(),
        openings_file: match &config.openings {
            OpeningSource::List { path, .. } => Some(path.clone()),
            _ => None,
        },
        journal: report.journal.as_ref().map(|p| p.display().to_string()),
        engines: engines.clone(),
        games_scheduled: report.scheduled,
        games_played: report.records.len(),
        variant: s.variant.clone(),
        size: s.rules.size().to_string(),
        rules: s.rules.to_string(),
        time_control: time_control_text(config),
        seed: config.seed as i64,
        results: ResultsRecord::of(
            &engines,
            &tally.per_engine,
            (engines.len() == 2).then_some(&tally.pairs),
            Some(&report.engine_starts),
            config.sprt.as_ref().map(|sprt| {
                SprtRecord::of(sprt, &report.sprt.unwrap_or_else(SprtOutcome::undecided))
            }),
            tally.terminations.clone(),
            tally.faults.clone(),
        ),
        thinking: tally.thinking.record(&names),
        disagreements: report
            .records
            .iter()
            .flat_map(|r| {
                r.disagreements
                    .iter()
                    .map(|d| format!("game {}: {d}", r.number))
            })
            .collect(),
        game_records: report
            .records
            .iter()
            .map(|r| GameEntry {
                number: r.number,
                round: r.round,
                white: r.names[0].clone(),
                black: r.names[1].clone(),
                result: r.result.pgn(),
                termination: r.termination.keyword(),
                reason: r.termination.describe(),
                plies: r.moves.len(),
                opening: r.opening_fen.clone(),
            })
            .collect(),
    }
}

/// The match's time control, followed by each engine's own limit where one has one, e.g.
/// `movetime=100ms; depth3: depth=3; depth2: depth=2`.
fn time_control_text(config: &MatchConfig) -> String {
    let mut text = config.settings.tc.describe();
    for e in &config.engines {
        if let Some(limit) = e.limit {
            text += &format!("; {}: {}", e.name, limit.describe());
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::super::json;
    use super::super::stats::SprtDecision;
    use super::*;

    fn sprt() -> Sprt {
        Sprt::parse(&["elo0=0", "elo1=10", "model=pairs"]).unwrap()
    }

    /// H1 accepted after `at` games at the LLR `llr_then`, the LLR over all games `llr`.
    fn accepted(llr: f64, at: usize, llr_then: f64) -> SprtOutcome {
        SprtOutcome {
            llr,
            decision: SprtDecision::AcceptH1,
            decided_at: Some((at, llr_then)),
        }
    }

    /// The SPRT's line after `games` games and its JSON record, for `outcome`.
    fn line_and_json(outcome: &SprtOutcome, games: usize) -> (String, String) {
        let record = SprtRecord::of(&sprt(), outcome);
        (
            sprt_text(&sprt(), outcome, games),
            json::render(&records::to_json(&record)),
        )
    }

    /// A decision taken before the last games counted says where it was taken, in the text
    /// and in the JSON, beside the LLR over all the games.
    #[test]
    fn a_kept_decision_says_where_it_was_taken() {
        let (text, json) = line_and_json(&accepted(2.826, 324, 2.978), 326);
        assert!(
            text.contains(
                "LLR 2.826 [-2.944, 2.944] H1 accepted after 324 games (LLR 2.978); \
                 the 2 games running then count too"
            ),
            "{text}"
        );
        assert!(json.contains("\"decision\": \"H1 accepted\""), "{json}");
        assert!(json.contains("\"decided_after_games\": 324"), "{json}");
        assert!(json.contains("\"llr_at_decision\": 2.978"), "{json}");
        assert!(json.contains("\"llr\": 2.826"), "{json}");
    }

    /// Decided on the last game counted, or not at all: the line is as it always was.
    #[test]
    fn a_decision_on_the_last_game_needs_no_note() {
        let (text, _) = line_and_json(&accepted(3.0, 300, 3.0), 300);
        assert!(
            text.ends_with("LLR 3.000 [-2.944, 2.944] H1 accepted\n"),
            "{text}"
        );
        let (text, json) = line_and_json(&SprtOutcome::on_all_games(&sprt(), 1.5), 300);
        assert!(
            text.ends_with("LLR 1.500 [-2.944, 2.944] undecided\n"),
            "{text}"
        );
        assert!(json.contains("\"decided_after_games\": null"), "{json}");
    }
}
