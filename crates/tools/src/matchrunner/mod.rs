//! `mingmang match`: engine-vs-engine matches and round robins, refereed by the rules core.
//!
//! - [`engine`]: engine processes and the protocol client (UGI, UCI and UAI spellings).
//! - [`referee`]: plays one game, checks every move, decides the result, records faults.
//! - [`tc`]: time controls and clocks. [`openings`]: opening files and random openings.
//! - [`stats`]: Elo, error bars, LOS, SPRT. [`pgn`]: PGN-like game records. [`json`]: summary.
//! - [`identity`]: what makes a shard itself. [`journal`]: each game written as it ends, so a
//!   stopped match resumes. [`merge`]: shards added up, or refused when they cannot be.
//! - [`records`]: the JSON summaries as typed records. [`report`]: the progress line, the
//!   summary in words and the JSON summary.
//! - this module: the schedule, the worker threads and the running tally.

pub mod args;
pub mod engine;
pub mod identity;
pub mod journal;
pub mod json;
pub mod merge;
pub mod openings;
pub mod pgn;
pub mod records;
pub mod referee;
pub mod report;
pub mod stats;
pub mod tc;
pub mod testing_stage;
pub mod thinking;

pub use args::MatchArgs;

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crate::bounded_io::Output;
use engine::{EngineProcess, EngineSpec};
use identity::{engine_identity, ShardIdentity};
use journal::{journal_path, read_journal, Journal};
use json::Json;
use mingmang::rules::random::{RandomOpening, Stream};
use openings::{extend_opening, opening_position, Opening};
pub use records::{SUMMARY_FORMAT, SUMMARY_VERSION};
use referee::{play_game, start_fen, GameRecord, GameResult, GameSettings};
use report::progress_line;
pub use report::{shard_summary, summary_json, summary_text};
use stats::{Pairs, Sprt, SprtOutcome, Wdl};
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
pub const FAULTS_TOLERATED: u64 = 2;

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
    pub terminations: BTreeMap<String, u64>,
    /// Each engine's faults (the games it lost by a crash, time forfeit, garbage or illegal
    /// move), by keyword.
    pub faults: Vec<BTreeMap<String, u64>>,
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
    pub fn fault_count(&self) -> u64 {
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
            let mut engine = EngineProcess::new(spec.clone());
            engine
                .ensure_started(&config.settings.rules)
                .map_err(|e| format!("the engine '{}' cannot start: {e}", spec.name))?;
            Ok(engine.id_name.take())
        })
        .collect()
}

/// Plays the match: opens the outputs (`open_outputs`), counts the games a resumed journal
/// kept, starts the workers on the rest (`start_workers`) and collects their results
/// (`collect_results`): progress on stderr, each game to the journal and the records as it
/// finishes, an early stop when the SPRT decides or the faults pass their limit, and the
/// summary files. With `--json`, a journal of the same shard left by a stopped run is
/// resumed: its games count and are not played again. An error when the match cannot be
/// played or fails (an engine that cannot start, too many faults); the summary is written
/// first where there is one.
pub fn run(config: &MatchConfig) -> Result<MatchReport, String> {
    if config.engines.len() < 2 {
        return Err("a match needs at least two --engine".into());
    }
    if config.sprt.is_some() && config.engines.len() != 2 {
        return Err("--sprt needs exactly two engines".into());
    }
    let (jobs, openings_drawn) = schedule(config)?;
    let (outputs, report) = open_outputs(config, jobs.len(), openings_drawn)?;
    let mut results = Results::new(config, &jobs, report, outputs.pgn);
    let mut stop_now = false;
    let done: HashSet<usize> = outputs.kept.iter().map(|r| r.number).collect();
    if !outputs.kept.is_empty() {
        eprintln!(
            "Resuming: {} of {} games are in the journal",
            outputs.kept.len(),
            jobs.len()
        );
    }
    for record in outputs.kept {
        stop_now |= results.count(record)?;
    }
    let queue: VecDeque<Job> = if stop_now {
        VecDeque::new()
    } else {
        jobs.into_iter()
            .filter(|j| !done.contains(&j.number))
            .collect()
    };
    let workers = start_workers(config, queue);
    collect_results(results, workers, outputs.summary, outputs.journal)
}

/// The files a match writes, checked and opened before any game, and the games a resumed
/// journal kept.
struct Outputs {
    /// The JSON summary (`--json`), checked; written whole each time.
    summary: Option<Output>,
    /// The journal beside the summary, started afresh with the kept games.
    journal: Option<Journal>,
    /// The records file (`--pgn`).
    pgn: Option<File>,
    /// The games of the journal of this shard left by a stopped run.
    kept: Vec<GameRecord>,
}

/// Checks and opens the outputs before any game: a journal of this shard is resumed; any
/// other existing result is kept unless --force. Starts each engine once to check it can, and
/// writes the summary of the match as it starts ("running"), so that a shard that is stopped
/// says so to a merge. Also returns the report the games will fill.
fn open_outputs(
    config: &MatchConfig,
    scheduled: usize,
    openings_drawn: u64,
) -> Result<(Outputs, MatchReport), String> {
    let (engine_settings, mut engines_about): (Vec<Json>, Vec<Json>) =
        config.engines.iter().map(engine_identity).unzip();
    let identity = ShardIdentity::of(config, &engine_settings, openings_drawn);
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
    let summary = match &config.json {
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
    let report = MatchReport {
        records: Vec::new(),
        scheduled,
        sprt: None,
        engine_starts: vec![0; config.engines.len()],
        status: "running".into(),
        identity: identity.clone(),
        engines_about,
        journal: journal_file.clone(),
    };
    if let Some(out) = &summary {
        let tally = Tally::new(config.engines.len(), config.settings.rules.max_plies());
        write_summary(out, config, &report, &tally)?;
    }
    let journal = match &journal_file {
        Some(path) => Some(Journal::create(path, &identity, &kept)?),
        None => None,
    };
    let pgn = match &pgn_out {
        Some(out) => Some(
            File::create(out.path())
                .map_err(|e| format!("cannot write {}: {e}", out.path().display()))?,
        ),
        None => None,
    };
    let outputs = Outputs {
        summary,
        journal,
        pgn,
        kept,
    };
    Ok((outputs, report))
}

/// The results so far and what counts them: the report, the tally, the records file, the
/// SPRT and the fault limit.
struct Results<'a> {
    config: &'a MatchConfig,
    report: MatchReport,
    tally: Tally,
    pgn: Option<File>,
    /// The pair of each game of a two-engine match, by game number.
    pair_of: HashMap<usize, u64>,
    start_fen: String,
    /// Why the faults so far fail the match, once they do.
    failure: Option<String>,
}

impl<'a> Results<'a> {
    fn new(
        config: &'a MatchConfig,
        jobs: &[Job],
        report: MatchReport,
        pgn: Option<File>,
    ) -> Results<'a> {
        // Pairs are counted for the two engines of a match; a round robin's per-engine
        // results are against the field, where a pair has no single opponent.
        let pair_of: HashMap<usize, u64> = if config.engines.len() == 2 {
            jobs.iter()
                .filter_map(|j| j.pair.map(|p| (j.number, p)))
                .collect()
        } else {
            HashMap::new()
        };
        Results {
            config,
            report,
            tally: Tally::new(config.engines.len(), config.settings.rules.max_plies()),
            pgn,
            pair_of,
            start_fen: start_fen(config.settings.rules),
            failure: None,
        }
    }

    /// Counts a finished game everywhere: tally, records file, SPRT, fault limit. True when
    /// the match should stop.
    fn count(&mut self, record: GameRecord) -> Result<bool, String> {
        let config = self.config;
        let tally = &mut self.tally;
        tally.add(&record, self.pair_of.get(&record.number).copied());
        if let Some(file) = self.pgn.as_mut() {
            file.write_all(
                pgn::format_record(&record, &config.settings, &self.start_fen).as_bytes(),
            )
            .and_then(|_| file.flush())
            .map_err(|e| format!("cannot write the records: {e}"))?;
        }
        self.report.records.push(record);
        let mut stop = false;
        if let Some(sprt) = &config.sprt {
            let llr = sprt.llr_by_model(&tally.per_engine[0], &tally.pairs);
            let outcome = self.report.sprt.get_or_insert_with(SprtOutcome::undecided);
            stop |= outcome.update(sprt, llr, self.report.records.len());
        }
        if let Some(why) = fault_failure(config, tally, false) {
            self.failure = Some(why);
            stop = true;
        }
        Ok(stop)
    }
}

/// The match's workers at play: their threads, the games they finish (each with the engine
/// starts its worker made since its last game) and the permits to start another game. A
/// worker takes a permit before each game, and the collector grants one for each game it has
/// counted: so no game starts after the one that decided the match (an SPRT, the faults)
/// until that one is counted, however slowly the collector runs. Dropping the sender stops
/// the workers from taking more.
struct Workers {
    threads: Vec<thread::JoinHandle<()>>,
    finished: mpsc::Receiver<(GameRecord, Vec<u32>)>,
    permits: Option<mpsc::Sender<()>>,
}

/// Starts `--concurrency` workers (no more than there are games) on the games of `queue`.
/// Each owns its own engine processes, so games in parallel never share one.
fn start_workers(config: &MatchConfig, queue: VecDeque<Job>) -> Workers {
    let remaining = queue.len();
    let queue = Arc::new(Mutex::new(queue));
    let (permits, permit) = mpsc::channel::<()>();
    let permit = Arc::new(Mutex::new(permit));
    // Each finished game comes with the engine starts its worker made since its last game,
    // so that a summary written while the match plays counts the starts too.
    let (tx, rx) = mpsc::channel::<(GameRecord, Vec<u32>)>();
    let mut threads = Vec::new();
    for _ in 0..config.concurrency.max(1).min(remaining) {
        permits.send(()).expect("the receiver is held here");
        let (queue, permit, tx) = (queue.clone(), permit.clone(), tx.clone());
        let settings = config.settings.clone();
        let specs = config.engines.clone();
        threads.push(thread::spawn(move || {
            let mut engines: Vec<EngineProcess> =
                specs.into_iter().map(EngineProcess::new).collect();
            let mut reported = vec![0u32; engines.len()];
            loop {
                if permit.lock().expect("permit lock").recv().is_err() {
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
    Workers {
        threads,
        finished: rx,
        permits: Some(permits),
    }
}

/// Collects the workers' games as they finish: each to the journal, counted, the summary
/// rewritten every few seconds and a progress line on stderr; then waits for the workers,
/// decides the status, prints the summary and writes it.
fn collect_results(
    mut results: Results,
    mut workers: Workers,
    summary: Option<Output>,
    mut journal: Option<Journal>,
) -> Result<MatchReport, String> {
    let config = results.config;
    let scheduled = results.report.scheduled;
    let mut last_summary = Instant::now();
    for (record, new_starts) in workers.finished {
        if let Some(j) = journal.as_mut() {
            j.append(&record)?;
        }
        for (total, n) in results.report.engine_starts.iter_mut().zip(new_starts) {
            *total += n;
        }
        if results.count(record)? {
            // Games already running finish and count; no new game starts.
            workers.permits = None;
        } else if let Some(permits) = &workers.permits {
            // A worker that has left (its queue empty) takes no permit: nothing to do.
            let _ = permits.send(());
        }
        // The summary follows the games as they end, so that a match stopped by a signal,
        // a lost node or a time limit leaves the tally of what it played beside its journal.
        // Every few seconds at most: the summary lists every game, and rewriting it after
        // each of thousands of fast games would cost more than the games.
        if let Some(out) = summary.as_ref() {
            if last_summary.elapsed() >= SUMMARY_INTERVAL {
                write_summary(out, config, &results.report, &results.tally)?;
                last_summary = Instant::now();
            }
        }
        eprintln!(
            "{}",
            progress_line(
                config,
                &results.tally,
                results.report.records.last().unwrap(),
                results.report.records.len(),
                scheduled
            )
        );
    }
    for w in workers.threads {
        w.join()
            .map_err(|_| "a match worker panicked".to_string())?;
    }
    let Results {
        mut report,
        tally,
        failure,
        ..
    } = results;
    let failure = failure.or_else(|| fault_failure(config, &tally, true));
    report.status = match &failure {
        Some(why) => format!("failed: {why}"),
        None if report.sprt.is_some_and(|o| o.decided_at.is_some()) => "stopped by SPRT".into(),
        None if report.records.len() == scheduled => "complete".into(),
        None => "incomplete".into(),
    };
    print!("{}", summary_text(config, &report, &tally));
    if let Some(out) = &summary {
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
fn play_job(settings: &GameSettings, engines: &mut [EngineProcess], job: Job) -> GameRecord {
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
    let tc = |e: &EngineProcess| e.spec.limit.unwrap_or(settings.tc).describe();
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
