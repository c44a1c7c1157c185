//! `mingmang match`: engine-vs-engine matches and round robins, refereed by the rules core.
//!
//! - [`engine`]: engine processes and the protocol client (UGI, UCI and UAI spellings).
//! - [`referee`]: plays one game, checks every move, decides the result, records faults.
//! - [`tc`]: time controls and clocks. [`openings`]: opening files and random openings.
//! - [`stats`]: Elo, error bars, LOS, SPRT. [`record`]: PGN-like records. [`json`]: summary.
//! - [`identity`]: what makes a shard itself. [`journal`]: each game written as it ends, so a
//!   stopped match resumes. [`merge`]: shards added up, or refused when they cannot be.
//! - this module: the schedule, the worker threads and the running tally.

pub mod args;
pub mod engine;
pub mod identity;
pub mod journal;
pub mod json;
pub mod merge;
pub mod openings;
pub mod preset;
pub mod record;
pub mod records;
pub mod referee;
pub mod stats;
pub mod tc;
pub mod thinking;

pub use args::MatchArgs;

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crate::bounded_io::Output;
use engine::{Engine, EngineSpec};
use identity::{engine_identity, ShardIdentity};
use journal::{journal_path, read_journal, Journal};
use json::Json;
use mingmang::rules::random::{RandomOpening, Stream};
use openings::{extend_opening, opening_position, Opening};
use records::{
    decision_text, GameEntry, PairsRecord, PlayerRecord, ShardSummary, SprtRecord, WdlRecord,
};
pub use records::{SUMMARY_FORMAT, SUMMARY_VERSION};
use referee::{play_game, start_fen, GameRecord, GameResult, GameSettings};
use stats::{elo_estimate, elo_estimate_pairs, los, los_pairs, Pairs, Sprt, SprtOutcome, Wdl};
use thinking::ThinkingTally;

/// Where the openings come from.
#[derive(Clone, Debug)]
pub enum OpeningSource {
    /// Every game from the start position.
    Start,
    /// Openings read from a file, used in order from `--openings-from` and cycled.
    List {
        /// The openings.
        openings: Vec<Opening>,
        /// The file they came from, as given.
        path: String,
        /// The file's fingerprint: the same openings on every machine.
        fingerprint: String,
    },
    /// Random balanced openings.
    Random {
        /// Their plies.
        plies: u32,
        /// Whether they are quiet too: no piece can be taken when the opening ends
        /// ([`mingmang::rules::random::RandomOpening::quiet`]).
        quiet: bool,
    },
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The engines; two for a match, more for a round robin.
    pub engines: Vec<EngineSpec>,
    /// Games per pairing per round (each opening is played twice, colours swapped).
    pub games: u32,
    /// Rounds: the whole schedule is repeated this many times, with new openings.
    pub rounds: u32,
    /// Games played at the same time.
    pub concurrency: usize,
    /// Rules, time control and margin.
    pub settings: GameSettings,
    /// The openings.
    pub openings: OpeningSource,
    /// An SPRT that may stop the match early (two engines only).
    pub sprt: Option<Sprt>,
    /// Where to write the game records.
    pub pgn: Option<PathBuf>,
    /// Where to write the JSON summary.
    pub json: Option<PathBuf>,
    /// Seed for the random openings.
    pub seed: u64,
    /// The number of the first opening played (from 0): shards of one match take different
    /// ranges of an openings file.
    pub openings_from: u64,
    /// The share of games, in percent, that may end by an engine's fault (crash, time
    /// forfeit, garbage, illegal move) before the match stops and fails.
    pub fault_limit: f64,
    /// Replace existing result files (summary, journal, records) instead of resuming.
    pub force: bool,
}

/// The recipe of `--random-openings` with `plies` plies, quiet if `--quiet-openings` says so.
fn random_recipe(plies: u32, quiet: bool) -> RandomOpening {
    if quiet {
        RandomOpening::quiet(plies as usize)
    } else {
        RandomOpening::balanced(plies as usize)
    }
}

/// Faults tolerated whatever the share: a long match may see a rare crash without failing.
pub const FAULTS_TOLERATED: u32 = 2;

/// One scheduled game.
#[derive(Clone, Debug)]
pub struct Job {
    /// Its number, from 1.
    pub number: usize,
    /// Its round, from 1.
    pub round: u32,
    /// White's engine index.
    pub white: usize,
    /// Black's engine index.
    pub black: usize,
    /// The opening.
    pub opening: Opening,
    /// The pair this game belongs to (the two games of one opening with colours swapped),
    /// numbered through the match; `None` for the last game of an odd `--games`, which has no
    /// partner.
    pub pair: Option<u64>,
}

/// The games of a match in order: for each round, each pair of engines, `games` games; games
/// 2k and 2k+1 of a pairing share an opening with colours swapped and form a pair. Openings
/// are numbered through the match from `--openings-from`; also returns how many it draws.
pub fn schedule(config: &MatchConfig) -> Result<(Vec<Job>, u64), String> {
    let n = config.engines.len();
    let mut jobs = Vec::new();
    let mut opening_index = config.openings_from;
    for round in 1..=config.rounds {
        for i in 0..n {
            for j in i + 1..n {
                let mut opening = Opening::startpos();
                for g in 0..config.games {
                    if g % 2 == 0 {
                        opening = match &config.openings {
                            OpeningSource::Start => Opening::startpos(),
                            OpeningSource::List { openings, .. } => {
                                openings[(opening_index % openings.len() as u64) as usize].clone()
                            }
                            OpeningSource::Random { plies, quiet } => extend_opening(
                                &Opening::startpos(),
                                config.settings.rules,
                                random_recipe(*plies, *quiet),
                                Stream::Match,
                                config.seed,
                                opening_index,
                            )
                            .map_err(|e| format!("random opening {}: {e}", opening_index + 1))?,
                        };
                        opening_index += 1;
                    }
                    let (white, black) = if g % 2 == 0 { (i, j) } else { (j, i) };
                    let paired = g % 2 == 1 || g + 1 < config.games;
                    jobs.push(Job {
                        number: jobs.len() + 1,
                        round,
                        white,
                        black,
                        opening: opening.clone(),
                        pair: paired.then_some(opening_index - 1),
                    });
                }
            }
        }
    }
    let drawn = match config.openings {
        OpeningSource::Start => 0,
        _ => opening_index - config.openings_from,
    };
    Ok((jobs, drawn))
}

/// What a finished match produced.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// The records of the games played, in the order they finished.
    pub records: Vec<GameRecord>,
    /// Games scheduled.
    pub scheduled: usize,
    /// The SPRT's final LLR and its decision (taken once, where a bound was first crossed),
    /// if one ran.
    pub sprt: Option<SprtOutcome>,
    /// How many times each engine's process was started, over all workers.
    pub engine_starts: Vec<u32>,
    /// How it ended: `complete`, `stopped by SPRT`, `failed: ...` (too many faults).
    pub status: String,
    /// The shard's identity.
    pub identity: ShardIdentity,
    /// Each engine's command and files, and the name it gave.
    pub engines_about: Vec<Json>,
    /// The journal the games were written to, if any.
    pub journal: Option<PathBuf>,
}

/// The results so far: per engine against the field, and per ordered pair.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Each engine's results against all others.
    pub per_engine: Vec<Wdl>,
    /// Terminations by keyword.
    pub terminations: BTreeMap<String, u32>,
    /// Each engine's faults (the games it lost by a crash, time forfeit, garbage or illegal
    /// move), by keyword.
    pub faults: Vec<BTreeMap<String, u32>>,
    /// Number of `query` disagreements.
    pub disagreements: usize,
    /// The first engine's completed game pairs (two-engine matches only).
    pub pairs: Pairs,
    /// Pairs with one game finished: the first engine's half-points in it, by pair.
    half_pairs: HashMap<u64, usize>,
    /// Each engine's time and depth a move, by phase of the game.
    pub thinking: ThinkingTally,
}

impl Tally {
    fn new(engines: usize, max_plies: Option<u32>) -> Tally {
        Tally {
            per_engine: vec![Wdl::default(); engines],
            faults: vec![BTreeMap::new(); engines],
            thinking: ThinkingTally::new(engines, max_plies),
            ..Tally::default()
        }
    }

    /// Games ended by a fault, all engines together.
    pub fn fault_count(&self) -> u32 {
        self.faults.iter().flat_map(|f| f.values()).sum()
    }

    /// Counts the game `r`, which belongs to the pair `pair` of a two-engine match, if any.
    fn add(&mut self, r: &GameRecord, pair: Option<u64>) {
        if let Some(pair) = pair {
            let white_half_points = match r.result {
                GameResult::WhiteWins => 2,
                GameResult::Draw => 1,
                GameResult::BlackWins => 0,
            };
            let first = if r.white == 0 {
                white_half_points
            } else {
                2 - white_half_points
            };
            match self.half_pairs.remove(&pair) {
                Some(other) => self.pairs.add(first + other),
                None => {
                    self.half_pairs.insert(pair, first);
                }
            }
        }
        let (w, b) = (r.white, r.black);
        match r.result {
            GameResult::WhiteWins => {
                self.per_engine[w].wins += 1;
                self.per_engine[b].losses += 1;
            }
            GameResult::BlackWins => {
                self.per_engine[b].wins += 1;
                self.per_engine[w].losses += 1;
            }
            GameResult::Draw => {
                self.per_engine[w].draws += 1;
                self.per_engine[b].draws += 1;
            }
        }
        *self
            .terminations
            .entry(r.termination.keyword().to_string())
            .or_default() += 1;
        if r.termination.is_fault() {
            // The side that lost the game is the one at fault.
            let at_fault = match r.result {
                GameResult::WhiteWins => b,
                _ => w,
            };
            *self.faults[at_fault]
                .entry(r.termination.keyword().to_string())
                .or_default() += 1;
        }
        self.disagreements += r.disagreements.len();
        self.thinking.add(r);
    }
}

/// Why the faults so far make the match fail, if they do: more than `--fault-limit` percent
/// of the games played, and more than [`FAULTS_TOLERATED`] (a rare crash in a long match is
/// not a reason to stop it), or at the end more than the share at all.
fn fault_failure(config: &MatchConfig, tally: &Tally, finished: bool) -> Option<String> {
    let faults = tally.fault_count();
    let played = tally.per_engine[0].games() as f64;
    let over_share = faults as f64 > config.fault_limit / 100.0 * played;
    if !(over_share && (faults > FAULTS_TOLERATED || finished)) {
        return None;
    }
    let who: Vec<String> = config
        .engines
        .iter()
        .zip(&tally.faults)
        .filter(|(_, f)| !f.is_empty())
        .map(|(e, f)| {
            let kinds: Vec<String> = f.iter().map(|(k, n)| format!("{k} {n}")).collect();
            format!("{} ({})", e.name, kinds.join(", "))
        })
        .collect();
    Some(format!(
        "{faults} of {played} games ended by an engine's fault, more than the --fault-limit of \
         {}%: {}; the results say nothing about strength",
        config.fault_limit,
        who.join("; ")
    ))
}

/// Starts each engine once before any game, so that one that cannot start (a missing file, a
/// bad option) fails the match at once with its reason instead of losing every game.
/// Returns the name each gave in its greeting.
fn check_engines_start(config: &MatchConfig) -> Result<Vec<Option<String>>, String> {
    config
        .engines
        .iter()
        .map(|spec| {
            let mut engine = Engine::new(spec.clone());
            engine
                .ensure_started(&config.settings.rules)
                .map_err(|e| format!("the engine '{}' cannot start: {e}", spec.name))?;
            Ok(engine.id_name.take())
        })
        .collect()
}

/// Plays the match: starts the workers, collects results, prints progress to stderr, writes
/// each game to the journal and the records as it finishes, stops early when the SPRT decides
/// or the faults pass their limit, and writes the summary files. With `--json`, a journal of
/// the same shard left by a stopped run is resumed: its games count and are not played again.
/// An error when the match cannot be played or fails (an engine that cannot start, too many
/// faults); the summary is written first where there is one.
pub fn run(config: &MatchConfig) -> Result<MatchReport, String> {
    if config.engines.len() < 2 {
        return Err("a match needs at least two --engine".into());
    }
    if config.sprt.is_some() && config.engines.len() != 2 {
        return Err("--sprt needs exactly two engines".into());
    }
    let (jobs, openings_drawn) = schedule(config)?;
    let scheduled = jobs.len();
    let (engine_settings, mut engines_about): (Vec<Json>, Vec<Json>) =
        config.engines.iter().map(engine_identity).unzip();
    let identity = ShardIdentity::of(config, &engine_settings, openings_drawn);

    // The outputs, checked before any game: a journal of this shard is resumed; any other
    // existing result is kept unless --force.
    let journal_file = config.json.as_deref().map(journal_path).transpose()?;
    let kept = match &journal_file {
        Some(path) if path.exists() && !config.force => Some(read_journal(path, &identity)?),
        _ => None,
    };
    let replace = kept.is_some() || config.force;
    let mut inputs: Vec<&Path> = Vec::new();
    if let OpeningSource::List { path, .. } = &config.openings {
        inputs.push(Path::new(path));
    }
    let summary_out = match &config.json {
        Some(path) => Some(Output::check(path, "--json", &inputs, replace)?),
        None => None,
    };
    if let Some(path) = &config.json {
        inputs.push(path);
    }
    let pgn_out = match &config.pgn {
        Some(path) => Some(Output::check(path, "--pgn", &inputs, replace)?),
        None => None,
    };
    let kept = kept.unwrap_or_default();
    let names = check_engines_start(config)?;
    for (about, name) in engines_about.iter_mut().zip(names) {
        if let Json::Object(fields) = about {
            fields.insert("id_name".into(), name.map_or(Json::Null, Json::String));
        }
    }

    // Pairs are counted for the two engines of a match; a round robin's per-engine results
    // are against the field, where a pair has no single opponent.
    let pair_of: HashMap<usize, u64> = if config.engines.len() == 2 {
        jobs.iter()
            .filter_map(|j| j.pair.map(|p| (j.number, p)))
            .collect()
    } else {
        HashMap::new()
    };
    let mut report = MatchReport {
        records: Vec::new(),
        scheduled,
        sprt: None,
        engine_starts: vec![0; config.engines.len()],
        status: "running".into(),
        identity: identity.clone(),
        engines_about,
        journal: journal_file.clone(),
    };
    let mut tally = Tally::new(config.engines.len(), config.settings.rules.max_plies());
    if let Some(out) = &summary_out {
        // Written now, so that a shard that is stopped says so ("running") to a merge.
        write_summary(out, config, &report, &tally)?;
    }
    let mut last_summary = Instant::now();
    let mut journal = match &journal_file {
        Some(path) => Some(Journal::create(path, &identity, &kept)?),
        None => None,
    };
    let mut pgn = match &pgn_out {
        Some(out) => Some(
            File::create(out.path())
                .map_err(|e| format!("cannot write {}: {e}", out.path().display()))?,
        ),
        None => None,
    };
    let start_fen = start_fen(config.settings.rules);
    let mut failure = None;
    // Counts a finished game everywhere: tally, records file, SPRT, fault limit.
    let mut count = |record: GameRecord,
                     report: &mut MatchReport,
                     tally: &mut Tally|
     -> Result<bool, String> {
        tally.add(&record, pair_of.get(&record.number).copied());
        if let Some(file) = pgn.as_mut() {
            file.write_all(record::format_record(&record, &config.settings, &start_fen).as_bytes())
                .and_then(|_| file.flush())
                .map_err(|e| format!("cannot write the records: {e}"))?;
        }
        report.records.push(record);
        let mut stop = false;
        if let Some(sprt) = &config.sprt {
            let llr = sprt.llr_by_model(&tally.per_engine[0], &tally.pairs);
            let outcome = report.sprt.get_or_insert_with(SprtOutcome::undecided);
            stop |= outcome.update(sprt, llr, report.records.len());
        }
        if let Some(why) = fault_failure(config, tally, false) {
            failure = Some(why);
            stop = true;
        }
        Ok(stop)
    };
    let mut stop_now = false;
    let done: HashSet<usize> = kept.iter().map(|r| r.number).collect();
    if !kept.is_empty() {
        eprintln!(
            "Resuming: {} of {scheduled} games are in the journal",
            kept.len()
        );
    }
    for record in kept {
        stop_now |= count(record, &mut report, &mut tally)?;
    }
    let queue: VecDeque<Job> = if stop_now {
        VecDeque::new()
    } else {
        jobs.into_iter()
            .filter(|j| !done.contains(&j.number))
            .collect()
    };
    let remaining = queue.len();
    let queue = Arc::new(Mutex::new(queue));
    let stop = Arc::new(AtomicBool::new(false));
    // Each finished game comes with the engine starts its worker made since its last game,
    // so that a summary written while the match plays counts the starts too.
    let (tx, rx) = mpsc::channel::<(GameRecord, Vec<u32>)>();
    let mut workers = Vec::new();
    for _ in 0..config.concurrency.max(1).min(remaining) {
        let (queue, stop, tx) = (queue.clone(), stop.clone(), tx.clone());
        let settings = config.settings.clone();
        let specs = config.engines.clone();
        workers.push(thread::spawn(move || {
            // Each worker owns its own engine processes, so games in parallel never share one.
            let mut engines: Vec<Engine> = specs.into_iter().map(Engine::new).collect();
            let mut reported = vec![0u32; engines.len()];
            loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let Some(job) = queue.lock().expect("queue lock").pop_front() else {
                    break;
                };
                let record = play_job(&settings, &mut engines, job);
                let new_starts = engines
                    .iter()
                    .zip(reported.iter_mut())
                    .map(|(e, r)| e.starts - std::mem::replace(r, e.starts))
                    .collect();
                if tx.send((record, new_starts)).is_err() {
                    break;
                }
            }
        }));
    }
    drop(tx);
    for (record, new_starts) in rx {
        if let Some(j) = journal.as_mut() {
            j.append(&record)?;
        }
        for (total, n) in report.engine_starts.iter_mut().zip(new_starts) {
            *total += n;
        }
        if count(record, &mut report, &mut tally)? {
            // Games already running finish and count; no new game starts.
            stop.store(true, Ordering::Relaxed);
        }
        // The summary follows the games as they end, so that a match stopped by a signal,
        // a lost node or a time limit leaves the tally of what it played beside its journal.
        // Every few seconds at most: the summary lists every game, and rewriting it after
        // each of thousands of fast games would cost more than the games.
        if let Some(out) = summary_out.as_ref() {
            if last_summary.elapsed() >= SUMMARY_INTERVAL {
                write_summary(out, config, &report, &tally)?;
                last_summary = Instant::now();
            }
        }
        eprintln!(
            "{}",
            progress_line(
                config,
                &tally,
                report.records.last().unwrap(),
                report.records.len(),
                scheduled
            )
        );
    }
    for w in workers {
        w.join()
            .map_err(|_| "a match worker panicked".to_string())?;
    }
    let failure = failure.or_else(|| fault_failure(config, &tally, true));
    report.status = match &failure {
        Some(why) => format!("failed: {why}"),
        None if report.sprt.is_some_and(|o| o.decided_at.is_some()) => "stopped by SPRT".into(),
        None if report.records.len() == scheduled => "complete".into(),
        None => "incomplete".into(),
    };
    print!("{}", summary_text(config, &report, &tally));
    if let Some(out) = &summary_out {
        write_summary(out, config, &report, &tally)?;
    }
    match failure {
        Some(why) => Err(why),
        None => Ok(report),
    }
}

/// The shortest time between two writes of a running match's summary.
const SUMMARY_INTERVAL: Duration = Duration::from_secs(2);

/// Writes the match's summary as it stands.
fn write_summary(
    out: &Output,
    config: &MatchConfig,
    report: &MatchReport,
    tally: &Tally,
) -> Result<(), String> {
    out.write(json::render(&summary_json(config, report, tally)).as_bytes())
}

/// Plays one scheduled game with this worker's engines.
fn play_job(settings: &GameSettings, engines: &mut [Engine], job: Job) -> GameRecord {
    // Borrow the two engines of the job mutably at once.
    let (w, b) = (job.white, job.black);
    let (white, black) = if w < b {
        let (lo, hi) = engines.split_at_mut(b);
        (&mut lo[w], &mut hi[0])
    } else {
        let (lo, hi) = engines.split_at_mut(w);
        (&mut hi[0], &mut lo[b])
    };
    let names = [white.spec.name.clone(), black.spec.name.clone()];
    let tc = |e: &Engine| e.spec.limit.unwrap_or(settings.tc).describe();
    let time_controls = [tc(white), tc(black)];
    let played = play_game(settings, [white, black], &job.opening);
    GameRecord {
        number: job.number,
        round: job.round,
        white: w,
        black: b,
        names,
        opening_fen: opening_position(&job.opening, settings.rules),
        opening: job.opening,
        moves: played.moves,
        result: played.result,
        termination: played.termination,
        disagreements: played.disagreements,
        time_controls,
        thinking: played.thinking,
    }
}

/// `+12.3 ± 45.6`, or `n/a` before any game, or `+inf` for a perfect score.
fn elo_text(wdl: &Wdl) -> String {
    match elo_estimate(wdl) {
        None => "n/a".into(),
        Some(e) => format!("{:+.1} ± {:.1}", e.elo, e.error),
    }
}

fn progress_line(
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
fn faults_text<N: std::fmt::Display + Copy + Default + PartialEq>(
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
fn results_text(names: &[&str], per_engine: &[Wdl]) -> String {
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
fn pairs_text(pairs: &Pairs) -> String {
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
fn sprt_text(sprt: &Sprt, outcome: &SprtOutcome, games: usize) -> String {
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
fn endings_text<N: std::fmt::Display>(
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
    ShardSummary {
        format: SUMMARY_FORMAT,
        version: SUMMARY_VERSION,
        kind: "shard",
        status: report.status.clone(),
        identity: report.identity.to_json(),
        engine_commands: report.engines_about.clone(),
        openings_file: match &config.openings {
            OpeningSource::List { path, .. } => Some(path.clone()),
            _ => None,
        },
        journal: report.journal.as_ref().map(|p| p.display().to_string()),
        engines: config.engines.iter().map(|e| e.name.clone()).collect(),
        games_scheduled: report.scheduled,
        games_played: report.records.len(),
        variant: s.variant.clone(),
        size: s.rules.size().to_string(),
        rules: s.rules.to_string(),
        time_control: time_control_text(config),
        seed: config.seed as i64,
        totals: WdlRecord::of(&tally.per_engine[0]),
        pairs: (config.engines.len() == 2).then(|| PairsRecord::of(&tally.pairs)),
        players: config
            .engines
            .iter()
            .zip(&tally.per_engine)
            .zip(&report.engine_starts)
            .map(|((spec, wdl), starts)| PlayerRecord {
                name: spec.name.clone(),
                wdl: WdlRecord::of(wdl),
                starts: Some(*starts),
            })
            .collect(),
        sprt: config
            .sprt
            .as_ref()
            .map(|sprt| SprtRecord::of(sprt, &report.sprt.unwrap_or_else(SprtOutcome::undecided))),
        terminations: tally.terminations.clone(),
        faults: tally.faults.clone(),
        thinking: tally.thinking.json(&names),
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
    use super::stats::SprtDecision;
    use super::*;

    fn sprt() -> Sprt {
        Sprt::parse(&["elo0=0", "elo1=10", "model=pairs"]).unwrap()
    }

    /// A decision taken before the last games counted says where it was taken, in the text
    /// and in the JSON, beside the LLR over all the games.
    #[test]
    fn a_kept_decision_says_where_it_was_taken() {
        let outcome = SprtOutcome {
            llr: 2.826,
            decision: SprtDecision::AcceptH1,
            decided_at: Some((324, 2.978)),
        };
        let text = sprt_text(&sprt(), &outcome, 326);
        assert!(
            text.contains(
                "LLR 2.826 [-2.944, 2.944] H1 accepted after 324 games (LLR 2.978); \
                 the 2 games running then count too"
            ),
            "{text}"
        );
        let json = json::render(&records::to_json(&SprtRecord::of(&sprt(), &outcome)));
        assert!(json.contains("\"decision\": \"H1 accepted\""), "{json}");
        assert!(json.contains("\"decided_after_games\": 324"), "{json}");
        assert!(json.contains("\"llr_at_decision\": 2.978"), "{json}");
        assert!(json.contains("\"llr\": 2.826"), "{json}");
    }

    /// Decided on the last game counted, or not at all: the line is as it always was.
    #[test]
    fn a_decision_on_the_last_game_needs_no_note() {
        let at_the_end = SprtOutcome {
            llr: 3.0,
            decision: SprtDecision::AcceptH1,
            decided_at: Some((300, 3.0)),
        };
        let text = sprt_text(&sprt(), &at_the_end, 300);
        assert!(
            text.ends_with("LLR 3.000 [-2.944, 2.944] H1 accepted\n"),
            "{text}"
        );
        let open = SprtOutcome::on_all_games(&sprt(), 1.5);
        let text = sprt_text(&sprt(), &open, 300);
        assert!(
            text.ends_with("LLR 1.500 [-2.944, 2.944] undecided\n"),
            "{text}"
        );
        let json = json::render(&records::to_json(&SprtRecord::of(&sprt(), &open)));
        assert!(json.contains("\"decided_after_games\": null"), "{json}");
    }
}
