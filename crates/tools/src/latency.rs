//! `mingmang-tools latency`: how long an engine takes to answer, measured through the
//! protocol over its pipes, as a front end sees it.
//!
//! The tests bound every wait by a generous hang limit and assert no wall-clock figure (they
//! flake on a loaded machine); the figures belong here, in a benchmark run on purpose. Each run
//! starts a fresh engine process (as the match runner does, with its
//! [`EngineProcess`]), takes every measurement once, in the order
//! of [`Measure::ALL`], and ends it with the timed `quit`. Every answer is awaited at most
//! [`TIMEOUT`]; one that does not come is an error in the report, and the run goes on with a
//! fresh process.

use std::fmt::Write as _;
use std::thread;
use std::time::{Duration, Instant};

use crate::matchrunner::engine::{EngineProcess, EngineSpec, Fault};

/// How long any answer may take before it counts as missing.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// How long a `go infinite` searches before it is asked `isready`, `stop` or `quit`.
pub const SEARCH_FIRST: Duration = Duration::from_millis(100);

/// The `movetime` of the overshoot measurement, in milliseconds.
const MOVETIME: u64 = 50;

/// The flags of `mingmang-tools latency`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Each line gives min, median, p90 and max in milliseconds over the \
                        runs (the median of an even count is the mean of the middle two; p90 \
                        is the nearest rank). A missing answer is reported on its line as an \
                        error, and the command then exits non-zero."
)]
pub struct LatencyArgs {
    /// Repetitions: each starts a fresh engine process and takes every measurement once.
    #[arg(long, default_value_t = 20, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub runs: u32,
    /// The engine's command line, split at whitespace (no shell quoting), as `cmd=` of
    /// `match --engine` (default: the mingmang beside this program).
    #[arg(long, value_name = "CMD")]
    pub engine: Option<String>,
}

/// One measurement, in the order each run takes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// `isready` → `readyok` with nothing running.
    IsreadyIdle,
    /// `isready` → `readyok` while a `go infinite` searches.
    IsreadySearching,
    /// `stop` → `bestmove` of a `go infinite` (after it searched [`SEARCH_FIRST`] or more).
    Stop,
    /// `go movetime 50` → `bestmove`, less the 50 ms asked for.
    MovetimeOvershoot,
    /// `go p1time 50 p2time 50` → `bestmove`: a nearly flagged clock.
    ClockFlagged,
    /// `go p1time 1000 p1inc 100 p2time 1000 p2inc 100` → `bestmove`.
    ClockIncrement,
    /// `go depth 1` → `bestmove` at the 8x8 start.
    Depth1Small,
    /// `go depth 1` → `bestmove` at the 19x19 start (`Variant go-board`).
    Depth1Large,
    /// `quit` → the process's exit while a `go infinite` searches.
    QuitSearching,
}

impl Measure {
    /// Every measurement, in the order of the run and of the report.
    pub const ALL: [Measure; 9] = [
        Measure::IsreadyIdle,
        Measure::IsreadySearching,
        Measure::Stop,
        Measure::MovetimeOvershoot,
        Measure::ClockFlagged,
        Measure::ClockIncrement,
        Measure::Depth1Small,
        Measure::Depth1Large,
        Measure::QuitSearching,
    ];

    /// Its name in the report.
    pub fn name(self) -> &'static str {
        match self {
            Measure::IsreadyIdle => "isready-idle",
            Measure::IsreadySearching => "isready-searching",
            Measure::Stop => "stop-infinite",
            Measure::MovetimeOvershoot => "movetime-50-overshoot",
            Measure::ClockFlagged => "clock-50-50",
            Measure::ClockIncrement => "clock-1000+100",
            Measure::Depth1Small => "depth-1-8x8",
            Measure::Depth1Large => "depth-1-19x19",
            Measure::QuitSearching => "quit-searching",
        }
    }

    fn index(self) -> usize {
        Measure::ALL
            .iter()
            .position(|&m| m == self)
            .expect("in ALL")
    }
}

/// What the runs gave for one measurement.
#[derive(Clone, Debug, Default)]
struct Tally {
    /// The figures, in milliseconds.
    samples: Vec<f64>,
    /// The first failure, and how many runs failed here.
    fault: Option<String>,
    faults: u32,
    /// Runs that ended before reaching this measurement.
    skipped: u32,
}

/// Runs the benchmark and prints the report; an error if the engine cannot be started or any
/// measurement failed (after the report is printed).
pub fn run(args: &LatencyArgs) -> Result<(), String> {
    let cmd = match &args.engine {
        Some(cmd) => cmd.clone(),
        None => own_engine()?,
    };
    if cmd.trim().is_empty() {
        return Err("--engine: the command is empty".into());
    }
    let spec = EngineSpec::parse(&[format!("cmd={cmd}")])?;
    let mut engine = EngineProcess::new(spec);
    let mut tallies = vec![Tally::default(); Measure::ALL.len()];
    for _ in 0..args.runs {
        engine.start_with(Vec::new())?;
        let outcome = one_run(&mut engine, &mut |m, ms| {
            tallies[m.index()].samples.push(ms)
        });
        if let Err((m, why)) = outcome {
            engine.discard();
            let tally = &mut tallies[m.index()];
            tally.faults += 1;
            tally.fault.get_or_insert(why);
            for later in &mut tallies[m.index() + 1..] {
                later.skipped += 1;
            }
        }
    }
    let name = engine.id_name.clone().unwrap_or(cmd);
    print!("{}", report(&tallies, args.runs, &name));
    let failed = tallies
        .iter()
        .filter(|t| t.samples.len() < args.runs as usize)
        .count();
    if failed > 0 {
        return Err(format!(
            "{failed} of the measurements failed (see the report)"
        ));
    }
    Ok(())
}

/// The mingmang built with this program, beside it.
fn own_engine() -> Result<String, String> {
    let me = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let engine = me.with_file_name(format!("mingmang{}", std::env::consts::EXE_SUFFIX));
    if !engine.is_file() {
        return Err(format!(
            "no engine at {} (`cargo build --release` builds it beside mingmang-tools); give \
             one with --engine CMD",
            engine.display()
        ));
    }
    let text = engine.display().to_string();
    if text.split_whitespace().count() != 1 {
        return Err(format!(
            "the engine's path {text} has whitespace, which --engine would split: give it \
             with --engine CMD from a path without"
        ));
    }
    Ok(text)
}

/// One run on a started engine: every measurement in the order of [`Measure::ALL`], each
/// given to `record` in milliseconds, ending with the `quit`. The first failure ends the run.
fn one_run(
    engine: &mut EngineProcess,
    record: &mut dyn FnMut(Measure, f64),
) -> Result<(), (Measure, String)> {
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let at = |m: Measure| move |why: String| (m, why);

    let m = Measure::IsreadyIdle;
    new_game(engine).map_err(at(m))?;
    record(m, ms(answer(engine, "isready", "readyok").map_err(at(m))?));

    let m = Measure::IsreadySearching;
    new_game(engine).map_err(at(m))?;
    send(engine, "go infinite").map_err(at(m))?;
    thread::sleep(SEARCH_FIRST);
    record(m, ms(answer(engine, "isready", "readyok").map_err(at(m))?));

    let m = Measure::Stop;
    record(m, ms(answer(engine, "stop", "bestmove").map_err(at(m))?));

    let searches = [
        (
            Measure::MovetimeOvershoot,
            format!("go movetime {MOVETIME}"),
        ),
        (Measure::ClockFlagged, "go p1time 50 p2time 50".to_string()),
        (
            Measure::ClockIncrement,
            "go p1time 1000 p1inc 100 p2time 1000 p2inc 100".to_string(),
        ),
        (Measure::Depth1Small, "go depth 1".to_string()),
    ];
    for (m, go) in searches {
        new_game(engine).map_err(at(m))?;
        let took = ms(answer(engine, &go, "bestmove").map_err(at(m))?);
        let asked = if m == Measure::MovetimeOvershoot {
            MOVETIME as f64
        } else {
            0.0
        };
        record(m, took - asked);
    }

    let m = Measure::Depth1Large;
    send(engine, "setoption name Variant value go-board").map_err(at(m))?;
    new_game(engine).map_err(at(m))?;
    record(
        m,
        ms(answer(engine, "go depth 1", "bestmove").map_err(at(m))?),
    );

    let m = Measure::QuitSearching;
    send(engine, "setoption name Variant value mingmang").map_err(at(m))?;
    new_game(engine).map_err(at(m))?;
    send(engine, "go infinite").map_err(at(m))?;
    thread::sleep(SEARCH_FIRST);
    let start = Instant::now();
    let status = engine
        .quit(TIMEOUT)
        .map_err(|f| in_words(f, "exit after quit"))
        .map_err(at(m))?;
    let took = start.elapsed();
    if !status.success() {
        return Err((m, format!("the engine exited after quit with {status}")));
    }
    record(m, ms(took));
    Ok(())
}

/// `uginewgame`, `position startpos` and `isready`, waiting for `readyok`: the engine idle at
/// the start of its current rules, its table cleared, so no measurement inherits another's.
fn new_game(engine: &mut EngineProcess) -> Result<(), String> {
    send(engine, "uginewgame")?;
    send(engine, "position startpos")?;
    answer(engine, "isready", "readyok").map(|_| ())
}

fn send(engine: &mut EngineProcess, line: &str) -> Result<(), String> {
    engine.send(line).map_err(|f| in_words(f, "answer"))
}

/// Sends `command` and waits for a line whose first word is `reply`; the time from just before
/// the sending to the line's arrival.
fn answer(engine: &mut EngineProcess, command: &str, reply: &str) -> Result<Duration, String> {
    let start = Instant::now();
    engine.send(command).map_err(|f| in_words(f, reply))?;
    engine
        .wait_for(|l| l.split_whitespace().next() == Some(reply), TIMEOUT)
        .map_err(|f| in_words(f, &format!("{reply} after {command}")))?;
    Ok(start.elapsed())
}

fn in_words(fault: Fault, awaited: &str) -> String {
    match fault {
        Fault::Timeout => format!("no {awaited} within {} s", TIMEOUT.as_secs()),
        Fault::Crash(why) => why,
    }
}

/// The report: a header, one line per measurement (its figures, or why it has none) and the
/// number of runs.
fn report(tallies: &[Tally], runs: u32, engine: &str) -> String {
    const NAME: usize = 22;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<NAME$}{:>9}{:>9}{:>9}{:>9}  (ms)",
        "measurement", "min", "median", "p90", "max"
    );
    for (m, tally) in Measure::ALL.iter().zip(tallies) {
        let name = m.name();
        if tally.faults > 0 {
            let _ = writeln!(
                out,
                "{name:<NAME$}error: {} (in {} of {runs} runs)",
                tally.fault.as_deref().unwrap_or("failed"),
                tally.faults
            );
        } else if tally.skipped > 0 || tally.samples.is_empty() {
            let _ = writeln!(
                out,
                "{name:<NAME$}error: not measured in {} of {runs} runs (an earlier step failed)",
                tally.skipped
            );
        } else {
            let s = Summary::of(&tally.samples);
            let _ = writeln!(
                out,
                "{name:<NAME$}{:>9.2}{:>9.2}{:>9.2}{:>9.2}",
                s.min, s.median, s.p90, s.max
            );
        }
    }
    let _ = writeln!(out, "runs {runs}  engine {engine}");
    out
}

/// Order statistics of some figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    /// The least.
    pub min: f64,
    /// The middle one (the mean of the middle two of an even count).
    pub median: f64,
    /// The 90th percentile by nearest rank: the ⌈0.9 n⌉-th smallest.
    pub p90: f64,
    /// The greatest.
    pub max: f64,
}

impl Summary {
    /// The statistics of `samples` (not empty).
    pub fn of(samples: &[f64]) -> Summary {
        assert!(!samples.is_empty(), "no samples");
        let mut v = samples.to_vec();
        v.sort_by(f64::total_cmp);
        let n = v.len();
        let median = if n % 2 == 1 {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        };
        let rank = (n * 9).div_ceil(10).max(1);
        Summary {
            min: v[0],
            median,
            p90: v[rank - 1],
            max: v[n - 1],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_statistics() {
        let s = Summary::of(&[5.0, 1.0, 3.0]);
        assert_eq!(
            s,
            Summary {
                min: 1.0,
                median: 3.0,
                p90: 5.0,
                max: 5.0
            }
        );
        // Ten: the median is the mean of the 5th and 6th, p90 the 9th.
        let ten: Vec<f64> = (1..=10).rev().map(f64::from).collect();
        let s = Summary::of(&ten);
        assert_eq!(
            s,
            Summary {
                min: 1.0,
                median: 5.5,
                p90: 9.0,
                max: 10.0
            }
        );
        // Twenty: p90 is the 18th.
        let twenty: Vec<f64> = (1..=20).map(f64::from).collect();
        assert_eq!(Summary::of(&twenty).p90, 18.0);
        assert_eq!(Summary::of(&[2.0]).p90, 2.0);
    }

    #[test]
    fn a_report_names_every_measurement_and_its_failures() {
        let mut tallies = vec![
            Tally {
                samples: vec![1.0, 2.0],
                ..Tally::default()
            };
            Measure::ALL.len()
        ];
        tallies[2] = Tally {
            samples: vec![1.0],
            fault: Some("no bestmove after stop within 10 s".into()),
            faults: 1,
            skipped: 0,
        };
        tallies[3].samples.pop();
        tallies[3].skipped = 1;
        let text = report(&tallies, 2, "mingmang 0.1.0");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), Measure::ALL.len() + 2);
        assert!(lines[1].starts_with("isready-idle") && lines[1].ends_with("2.00"));
        assert!(lines[3].contains("error: no bestmove after stop within 10 s (in 1 of 2 runs)"));
        assert!(lines[4].contains("error: not measured in 1 of 2 runs"));
        assert_eq!(lines[10], "runs 2  engine mingmang 0.1.0");
    }
}
