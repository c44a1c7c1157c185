//! `mingmang match`: engine-vs-engine matches and round robins, refereed by the rules core.
//!
//! - [`engine`]: engine processes and the protocol client (UGI, UCI and UAI spellings).
//! - [`referee`]: plays one game, checks every move, decides the result, records faults.
//! - [`tc`]: time controls and clocks. [`openings`]: opening files and random openings.
//! - [`stats`]: Elo, error bars, LOS, SPRT. [`record`]: PGN-like records. [`json`]: summary.
//! - this module: the schedule, the worker threads and the running tally.

pub mod args;
pub mod engine;
pub mod json;
pub mod merge;
pub mod openings;
pub mod record;
pub mod referee;
pub mod stats;
pub mod tc;

pub use args::MatchArgs;

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;

use engine::{Engine, EngineSpec};
use json::Json;
use openings::{opening_position, random_opening, Opening};
use referee::{play_game, start_fen, GameRecord, GameResult, GameSettings};
use stats::{elo_estimate, elo_estimate_pairs, los, los_pairs, Pairs, Sprt, SprtDecision, Wdl};

/// Where the openings come from.
#[derive(Clone, Debug)]
pub enum OpeningSource {
    /// Every game from the start position.
    Start,
    /// Openings read from a file, used in order and cycled.
    List(Vec<Opening>),
    /// Random balanced openings of this many plies.
    Random(u32),
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
}

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
/// 2k and 2k+1 of a pairing share an opening with colours swapped and form a pair.
pub fn schedule(config: &MatchConfig) -> Vec<Job> {
    let n = config.engines.len();
    let mut jobs = Vec::new();
    let mut opening_index = 0u64;
    for round in 1..=config.rounds {
        for i in 0..n {
            for j in i + 1..n {
                let mut opening = Opening::startpos();
                for g in 0..config.games {
                    if g % 2 == 0 {
                        opening = match &config.openings {
                            OpeningSource::Start => Opening::startpos(),
                            OpeningSource::List(list) => {
                                list[opening_index as usize % list.len()].clone()
                            }
                            OpeningSource::Random(plies) => random_opening(
                                config.settings.rules,
                                *plies,
                                config.seed,
                                opening_index,
                            ),
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
    jobs
}

/// What a finished match produced.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// The records of the games played, in the order they finished.
    pub records: Vec<GameRecord>,
    /// Games scheduled.
    pub scheduled: usize,
    /// The SPRT's final LLR and decision, if one ran.
    pub sprt: Option<(f64, SprtDecision)>,
    /// How many times each engine's process was started, over all workers.
    pub engine_starts: Vec<u32>,
}

/// The results so far: per engine against the field, and per ordered pair.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Each engine's results against all others.
    pub per_engine: Vec<Wdl>,
    /// Terminations by keyword.
    pub terminations: BTreeMap<String, u32>,
    /// Number of `query` disagreements.
    pub disagreements: usize,
    /// The first engine's completed game pairs (two-engine matches only).
    pub pairs: Pairs,
    /// Pairs with one game finished: the first engine's half-points in it, by pair.
    half_pairs: HashMap<u64, usize>,
}

impl Tally {
    fn new(engines: usize) -> Tally {
        Tally {
            per_engine: vec![Wdl::default(); engines],
            ..Tally::default()
        }
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
        self.disagreements += r.disagreements.len();
    }
}

/// Plays the match: starts the workers, collects results, prints progress to stderr, writes
/// records as games finish, stops early when the SPRT decides, and writes the summary files.
pub fn run(config: &MatchConfig) -> Result<MatchReport, String> {
    if config.engines.len() < 2 {
        return Err("a match needs at least two --engine".into());
    }
    if config.sprt.is_some() && config.engines.len() != 2 {
        return Err("--sprt needs exactly two engines".into());
    }
    let jobs = schedule(config);
    let scheduled = jobs.len();
    // Pairs are counted for the two engines of a match; a round robin's per-engine results
    // are against the field, where a pair has no single opponent.
    let pair_of: HashMap<usize, u64> = if config.engines.len() == 2 {
        jobs.iter()
            .filter_map(|j| j.pair.map(|p| (j.number, p)))
            .collect()
    } else {
        HashMap::new()
    };
    let mut pgn = match &config.pgn {
        Some(path) => {
            Some(File::create(path).map_err(|e| format!("cannot write {}: {e}", path.display()))?)
        }
        None => None,
    };
    let queue = Arc::new(Mutex::new(VecDeque::from(jobs)));
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<GameRecord>();
    let mut workers = Vec::new();
    for _ in 0..config.concurrency.max(1).min(scheduled.max(1)) {
        let (queue, stop, tx) = (queue.clone(), stop.clone(), tx.clone());
        let settings = config.settings.clone();
        let specs = config.engines.clone();
        workers.push(thread::spawn(move || {
            // Each worker owns its own engine processes, so games in parallel never share one.
            let mut engines: Vec<Engine> = specs.into_iter().map(Engine::new).collect();
            loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let Some(job) = queue.lock().expect("queue lock").pop_front() else {
                    break;
                };
                let record = play_job(&settings, &mut engines, job);
                if tx.send(record).is_err() {
                    break;
                }
            }
            engines.iter().map(|e| e.starts).collect::<Vec<u32>>()
        }));
    }
    drop(tx);
    let start_fen = start_fen(config.settings.rules);
    let mut tally = Tally::new(config.engines.len());
    let mut records = Vec::new();
    let mut sprt_state = None;
    for record in rx {
        tally.add(&record, pair_of.get(&record.number).copied());
        if let Some(file) = pgn.as_mut() {
            file.write_all(record::format_record(&record, &config.settings, &start_fen).as_bytes())
                .and_then(|_| file.flush())
                .map_err(|e| format!("cannot write the records: {e}"))?;
        }
        records.push(record);
        if let Some(sprt) = &config.sprt {
            let llr = sprt.llr_by_model(&tally.per_engine[0], &tally.pairs);
            let decision = sprt.decide(llr);
            sprt_state = Some((llr, decision));
            if decision != SprtDecision::Continue {
                // Games already running finish and count; no new game starts.
                stop.store(true, Ordering::Relaxed);
            }
        }
        eprintln!(
            "{}",
            progress_line(
                config,
                &tally,
                records.last().unwrap(),
                records.len(),
                scheduled
            )
        );
    }
    let mut engine_starts = vec![0; config.engines.len()];
    for w in workers {
        let starts = w
            .join()
            .map_err(|_| "a match worker panicked".to_string())?;
        for (total, s) in engine_starts.iter_mut().zip(starts) {
            *total += s;
        }
    }
    let report = MatchReport {
        records,
        scheduled,
        sprt: sprt_state,
        engine_starts,
    };
    print!("{}", summary_text(config, &report, &tally));
    if let Some(path) = &config.json {
        std::fs::write(path, json::render(&summary_json(config, &report, &tally)))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(report)
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

fn decision_text(d: SprtDecision) -> &'static str {
    match d {
        SprtDecision::Continue => "undecided",
        SprtDecision::AcceptH0 => "H0 accepted",
        SprtDecision::AcceptH1 => "H1 accepted",
    }
}

/// The final summary as printed on stdout.
pub fn summary_text(config: &MatchConfig, report: &MatchReport, tally: &Tally) -> String {
    let mut out = format!(
        "Finished: {} of {} games played\n",
        report.records.len(),
        report.scheduled
    );
    let names: Vec<&str> = config.engines.iter().map(|e| e.name.as_str()).collect();
    out.push_str(&results_text(&names, &tally.per_engine));
    if names.len() == 2 {
        out.push_str(&pairs_text(&tally.pairs));
    }
    if let (Some(sprt), Some((llr, d))) = (&config.sprt, report.sprt) {
        out.push_str(&sprt_text(sprt, llr, d));
    }
    out.push_str(&endings_text(&tally.terminations, tally.disagreements));
    out
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

/// The SPRT line.
fn sprt_text(sprt: &Sprt, llr: f64, d: SprtDecision) -> String {
    let (lo, hi) = sprt.bounds();
    format!(
        "SPRT elo0 {} elo1 {} alpha {} beta {} by {}: LLR {llr:.3} [{lo:.3}, {hi:.3}] {}\n",
        sprt.elo0,
        sprt.elo1,
        sprt.alpha,
        sprt.beta,
        sprt.model.name(),
        decision_text(d)
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

/// The SPRT's fields in a JSON summary.
fn sprt_json(sprt: &Sprt, llr: f64, d: SprtDecision) -> Json {
    let (lo, hi) = sprt.bounds();
    json::obj(vec![
        ("elo0", Json::from(sprt.elo0)),
        ("elo1", Json::from(sprt.elo1)),
        ("alpha", Json::from(sprt.alpha)),
        ("beta", Json::from(sprt.beta)),
        ("model", json::text(sprt.model.name())),
        ("llr", Json::from(llr)),
        ("lower", Json::from(lo)),
        ("upper", Json::from(hi)),
        ("decision", json::text(decision_text(d))),
    ])
}

fn wdl_fields(wdl: &Wdl) -> Vec<(&'static str, Json)> {
    let e = elo_estimate(wdl);
    vec![
        ("wins", Json::from(wdl.wins)),
        ("losses", Json::from(wdl.losses)),
        ("draws", Json::from(wdl.draws)),
        ("games", Json::from(wdl.games())),
        ("points", Json::from(wdl.points())),
        ("score", wdl.score().map_or(Json::Null, Json::from)),
        ("elo", e.map_or(Json::Null, |e| Json::from(e.elo))),
        ("elo_error", e.map_or(Json::Null, |e| Json::from(e.error))),
        ("elo_low", e.map_or(Json::Null, |e| Json::from(e.low))),
        ("elo_high", e.map_or(Json::Null, |e| Json::from(e.high))),
        ("los", Json::from(los(wdl))),
    ]
}

/// The `pairs` object of a two-engine summary: the pair counts (by the first engine's points,
/// 0 to 2 in halves) and the Elo estimate and LOS counted by pairs.
fn pairs_json(pairs: &Pairs) -> Json {
    let e = elo_estimate_pairs(pairs);
    json::obj(vec![
        (
            "counts",
            Json::Array(pairs.counts.iter().map(|&c| Json::from(c)).collect()),
        ),
        ("pairs", Json::from(pairs.pairs())),
        ("elo", e.map_or(Json::Null, |e| Json::from(e.elo))),
        ("elo_error", e.map_or(Json::Null, |e| Json::from(e.error))),
        ("elo_low", e.map_or(Json::Null, |e| Json::from(e.low))),
        ("elo_high", e.map_or(Json::Null, |e| Json::from(e.high))),
        ("los", Json::from(los_pairs(pairs))),
    ])
}

/// The JSON summary: settings, totals from the first engine's side, each engine against the
/// field, SPRT, terminations, disagreements and one entry per game.
pub fn summary_json(config: &MatchConfig, report: &MatchReport, tally: &Tally) -> Json {
    let s = &config.settings;
    let mut top: Vec<(&str, Json)> = vec![
        (
            "engines",
            Json::Array(config.engines.iter().map(|e| json::text(&e.name)).collect()),
        ),
        ("games_scheduled", Json::from(report.scheduled as i64)),
        ("games_played", Json::from(report.records.len() as i64)),
        (
            "variant",
            s.variant.as_deref().map_or(Json::Null, json::text),
        ),
        ("size", json::text(s.rules.size().to_string())),
        ("rules", json::text(s.rules.to_string())),
        ("time_control", json::text(time_control_text(config))),
        ("seed", Json::from(config.seed as i64)),
    ];
    top.extend(wdl_fields(&tally.per_engine[0]));
    if config.engines.len() == 2 {
        top.push(("pairs", pairs_json(&tally.pairs)));
    }
    top.push((
        "players",
        Json::Array(
            config
                .engines
                .iter()
                .zip(&tally.per_engine)
                .zip(&report.engine_starts)
                .map(|((spec, wdl), starts)| {
                    let mut f = vec![("name", json::text(&spec.name))];
                    f.extend(wdl_fields(wdl));
                    f.push(("starts", Json::from(*starts)));
                    json::obj(f)
                })
                .collect(),
        ),
    ));
    top.push((
        "sprt",
        match (&config.sprt, report.sprt) {
            (Some(sprt), state) => {
                let (llr, d) = state.unwrap_or((0.0, SprtDecision::Continue));
                sprt_json(sprt, llr, d)
            }
            (None, _) => Json::Null,
        },
    ));
    top.push((
        "terminations",
        Json::Object(
            tally
                .terminations
                .iter()
                .map(|(k, v)| (k.clone(), Json::from(*v)))
                .collect(),
        ),
    ));
    top.push((
        "disagreements",
        Json::Array(
            report
                .records
                .iter()
                .flat_map(|r| {
                    r.disagreements
                        .iter()
                        .map(|d| json::text(format!("game {}: {d}", r.number)))
                })
                .collect(),
        ),
    ));
    // The per-game list: "games" is the count, as for each player.
    top.push((
        "game_records",
        Json::Array(
            report
                .records
                .iter()
                .map(|r| {
                    json::obj(vec![
                        ("number", Json::from(r.number as i64)),
                        ("round", Json::from(r.round)),
                        ("white", json::text(&r.names[0])),
                        ("black", json::text(&r.names[1])),
                        ("result", json::text(r.result.pgn())),
                        ("termination", json::text(r.termination.keyword())),
                        ("reason", json::text(r.termination.describe())),
                        ("plies", Json::from(r.moves.len() as i64)),
                        ("opening", json::text(&r.opening_fen)),
                    ])
                })
                .collect(),
        ),
    ));
    json::obj(top)
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
