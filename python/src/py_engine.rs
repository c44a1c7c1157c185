//! `Engine`, the search, and what it reports (`SearchResult`, `Line`, `Score`), over the
//! facade's `Engine`.

use std::sync::Mutex;

use mingmang::frontend;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::args::{count, count_u32, given, seconds, text};
use crate::errors::{raise, LimitsError, OptionError};
use crate::option_info::{as_strs, option_name, option_pairs, option_text, PyOptionInfo};
use crate::py_game::{moves_text, PyGame};

/// A score from the side to move's point of view.
#[pyclass(name = "Score", module = "mingmang", frozen, get_all, eq)]
#[derive(Clone, PartialEq)]
pub(crate) struct PyScore {
    /// Centipawns (a man is 100), or `None` for a mate score.
    cp: Option<i32>,
    /// Moves to the end, negative when the side to move loses; `None` for a centipawn score.
    mate: Option<i32>,
}

#[pymethods]
impl PyScore {
    /// Whether this is a forced end rather than an evaluation.
    fn is_mate(&self) -> bool {
        self.mate.is_some()
    }

    fn __str__(&self) -> String {
        match (self.cp, self.mate) {
            (_, Some(n)) => format!("mate {n}"),
            (Some(n), _) => format!("cp {n}"),
            _ => String::new(),
        }
    }

    fn __repr__(&self) -> String {
        match (self.cp, self.mate) {
            (_, Some(n)) => format!("Score(mate={n})"),
            (Some(n), _) => format!("Score(cp={n})"),
            _ => "Score()".to_string(),
        }
    }
}

impl PyScore {
    fn of(score: frontend::Score) -> PyScore {
        match score {
            frontend::Score::Cp(n) => PyScore {
                cp: Some(n),
                mate: None,
            },
            frontend::Score::Mate(n) => PyScore {
                cp: None,
                mate: Some(n),
            },
        }
    }
}

/// One line of a search: as an `info` line of the protocol reports it.
#[pyclass(name = "Line", module = "mingmang", frozen, get_all)]
#[derive(Clone)]
pub(crate) struct PyLine {
    /// Its rank among the MultiPV lines, 1 for the best.
    multipv: usize,
    /// The depth searched, in plies.
    depth: u32,
    /// The deepest ply reached.
    seldepth: u32,
    /// The score.
    score: PyScore,
    /// The principal variation: the line of moves expected.
    pv: Vec<String>,
    /// Nodes searched.
    nodes: u64,
    /// Nodes per second.
    nps: u64,
    /// Milliseconds spent.
    time_ms: u64,
    /// The transposition table's fill, per mille.
    hashfull: u32,
}

#[pymethods]
impl PyLine {
    fn __repr__(&self) -> String {
        format!(
            "Line(multipv={}, depth={}, score={}, pv={:?})",
            self.multipv,
            self.depth,
            self.score.__repr__(),
            self.pv
        )
    }
}

impl PyLine {
    fn of(line: &frontend::Line) -> PyLine {
        PyLine {
            multipv: line.multipv,
            depth: line.depth,
            seldepth: line.seldepth,
            score: PyScore::of(line.score),
            pv: line.pv.clone(),
            nodes: line.nodes,
            nps: line.nps,
            time_ms: line.time_ms,
            hashfull: line.hashfull,
        }
    }
}

/// What a search found: the move to play, its score, depth and principal variation, and
/// every MultiPV line of the last completed iteration.
#[pyclass(name = "SearchResult", module = "mingmang", frozen, get_all)]
pub(crate) struct PySearchResult {
    /// The move to play.
    best_move: String,
    /// The score of the line played.
    score: PyScore,
    /// The depth of the last completed iteration.
    depth: u32,
    /// The deepest ply reached.
    seldepth: u32,
    /// The principal variation, starting with `best_move`.
    pv: Vec<String>,
    /// Nodes searched.
    nodes: u64,
    /// Nodes per second.
    nps: u64,
    /// Milliseconds spent.
    time_ms: u64,
    /// The MultiPV lines of the last iteration, best first.
    lines: Vec<PyLine>,
}

#[pymethods]
impl PySearchResult {
    fn __repr__(&self) -> String {
        format!(
            "SearchResult(best_move={:?}, score={}, depth={}, pv={:?})",
            self.best_move,
            self.score.__repr__(),
            self.depth,
            self.pv
        )
    }
}

/// How many polls of a running search pass between two looks for a Python signal (Ctrl-C):
/// a poll comes every few hundred nodes, and taking the GIL at each would slow the search.
const POLLS_PER_SIGNAL_CHECK: u32 = 64;

/// `multipv` or `skill_level`, which set an engine option for one search: `OptionError`
/// for anything but an int from 0 up, the class the facade raises for a value out of the
/// option's range, so that `-1` and `0` raise alike.
fn option_limit(name: &str, value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u32>> {
    given(value)
        .map(|v| count_u32(name, v, OptionError::new_err))
        .transpose()
}

/// Milliseconds for a time in seconds given from Python; `LimitsError` for anything but a
/// finite number from 0 up.
fn millis(name: &str, value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    // A float beyond u64's milliseconds saturates: it is longer than any search anyway.
    Ok(seconds(name, value, LimitsError::new_err)?.map(|s| (s * 1000.0).round() as u64))
}

/// A search limit counted in whole units (`depth`, `remaining_moves`, ...); `LimitsError`
/// for anything but an int from 0 to `u32`'s largest.
fn limit(name: &str, value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u32>> {
    given(value)
        .map(|v| count_u32(name, v, LimitsError::new_err))
        .transpose()
}

/// The search with its options (the engine option table) and transposition table.
///
/// `Engine(hash=16, skill_level=5)`; option names are the protocol's (`Hash`, `Threads`,
/// `MultiPV`, `MoveOverhead`, `Skill Level`, `EvalFile`, `Clear Hash`) in any case, with
/// underscores for spaces allowed. `search` releases the GIL; `stop()` from another thread
/// ends a running search, which then returns its best move so far.
#[pyclass(name = "Engine", module = "mingmang", frozen)]
pub(crate) struct PyEngine {
    /// The engine; locked for the length of a search, so a second search on the same engine
    /// waits for the first.
    engine: Mutex<frontend::Engine>,
    /// Stops the running search without the lock a search holds.
    stop_handle: frontend::StopHandle,
}

impl PyEngine {
    fn lock(&self) -> std::sync::MutexGuard<'_, frontend::Engine> {
        // A poisoned lock only means an earlier call panicked; the engine is still whole.
        self.engine.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[pymethods]
impl PyEngine {
    /// An engine with the given options set, a fixed seed for the strength levels' draw.
    #[new]
    #[pyo3(signature = (**options))]
    fn new(options: Option<&Bound<'_, PyDict>>) -> PyResult<PyEngine> {
        let mut engine = frontend::Engine::new();
        let given = option_pairs(options, &frontend::Engine::options())?;
        engine.set_options(&as_strs(&given)).map_err(raise)?;
        let stop_handle = engine.stop_handle();
        Ok(PyEngine {
            engine: Mutex::new(engine),
            stop_handle,
        })
    }

    /// Every engine option, in the protocol's order.
    #[staticmethod]
    fn options() -> Vec<PyOptionInfo> {
        PyOptionInfo::all(frontend::Engine::options())
    }

    /// Sets the engine option `name` to `value`; raises `OptionError` and changes nothing if
    /// it does not fit. Waits for a running search of this engine to end.
    fn set_option(
        &self,
        py: Python<'_>,
        name: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let name = text("name", name, OptionError::new_err)?;
        let name = option_name(&name, &frontend::Engine::options());
        let text = option_text(&name, value)?;
        py.detach(|| self.lock().set_option(&name, &text))
            .map_err(raise)
    }

    /// The value of the engine option `name`, as the protocol writes it.
    fn option(&self, py: Python<'_>, name: &Bound<'_, PyAny>) -> PyResult<String> {
        let name = text("name", name, OptionError::new_err)?;
        let name = option_name(&name, &frontend::Engine::options());
        py.detach(|| self.lock().option(&name)).map_err(raise)
    }

    /// Forgets what earlier games taught the table: call it when a new game starts.
    fn new_game(&self, py: Python<'_>) {
        py.detach(|| self.lock().new_game());
    }

    /// Seeds the move a lower Skill Level draws: the same seed and position give the same
    /// move. `None` seeds from the wall clock instead.
    #[pyo3(signature = (seed))]
    /// A seed that is not an int from 0 to 2**64 - 1 raises `OptionError`.
    fn set_seed(&self, py: Python<'_>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let seed = given(seed)
            .map(|v| count("seed", v, u64::MAX, OptionError::new_err))
            .transpose()?;
        py.detach(|| self.lock().set_seed(seed));
        Ok(())
    }

    /// Stops this engine's running search, if one runs: it returns its best move so far.
    /// Safe to call from any thread; does nothing when no search runs.
    fn stop(&self) {
        self.stop_handle.stop();
    }

    /// Searches `game` for the move to play, within the limits given (all optional and
    /// combined: whichever is reached first ends the search). Times are in seconds.
    /// `multipv` and `skill_level` apply to this search only. Any clock parameter makes a
    /// clock, an increment alone too, as in the protocol. With no limit at all the
    /// search runs until `stop()` (or Ctrl-C). The GIL is released meanwhile.
    ///
    /// A zero limit answers as the protocol's `go`: `depth=0` and `nodes=0` search nothing
    /// and return at once the first move of the engine's order, as `go depth 0` and
    /// `go nodes 0`; `time=0` is `go movetime 0`: the search ends when it first looks at the
    /// clock and still answers a legal move within a few milliseconds. Raises `LimitsError`
    /// for a `depth`, `nodes` or `remaining_moves` that is not an int from 0 up or a time
    /// that is not a finite number of seconds from 0 up (a `bool` refused everywhere),
    /// `OptionError` for a `multipv` or `skill_level` outside its option's range.
    #[pyo3(signature = (
        game, *, depth = None, nodes = None, time = None, white_clock = None,
        black_clock = None, white_inc = None, black_inc = None, remaining_moves = None,
        search_moves = None, multipv = None, skill_level = None
    ))]
    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        py: Python<'_>,
        game: &Bound<'_, PyGame>,
        depth: Option<&Bound<'_, PyAny>>,
        nodes: Option<&Bound<'_, PyAny>>,
        time: Option<&Bound<'_, PyAny>>,
        white_clock: Option<&Bound<'_, PyAny>>,
        black_clock: Option<&Bound<'_, PyAny>>,
        white_inc: Option<&Bound<'_, PyAny>>,
        black_inc: Option<&Bound<'_, PyAny>>,
        remaining_moves: Option<&Bound<'_, PyAny>>,
        search_moves: Option<&Bound<'_, PyAny>>,
        multipv: Option<&Bound<'_, PyAny>>,
        skill_level: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PySearchResult> {
        let limits = frontend::Limits {
            move_time_ms: millis("time", time)?,
            white_time_ms: millis("white_clock", white_clock)?,
            black_time_ms: millis("black_clock", black_clock)?,
            white_increment_ms: millis("white_inc", white_inc)?,
            black_increment_ms: millis("black_inc", black_inc)?,
            moves_to_go: limit("remaining_moves", remaining_moves)?,
            depth: limit("depth", depth)?,
            nodes: given(nodes)
                .map(|v| count("nodes", v, u64::MAX, LimitsError::new_err))
                .transpose()?,
            infinite: false,
            search_moves: match given(search_moves) {
                Some(moves) => moves_text(moves)?
                    .split_whitespace()
                    .map(str::to_string)
                    .collect(),
                None => Vec::new(),
            },
            // For this search only: the limits carry them, the options stay as they are.
            multi_pv: option_limit("multipv", multipv)?,
            skill_level: option_limit("skill_level", skill_level)?,
        };
        // The search sees a copy, the game's borrow released: other threads may go on
        // using (and playing on) the game while it runs.
        let game = game.borrow().inner.clone();
        let mut interrupted: Option<PyErr> = None;
        let result = py.detach(|| {
            let mut engine = self.lock();
            let mut polls = 0u32;
            engine.search_with(&game, &limits, &mut |_| {}, &mut || {
                polls += 1;
                if !polls.is_multiple_of(POLLS_PER_SIGNAL_CHECK) {
                    return false;
                }
                Python::attach(|py| match py.check_signals() {
                    Ok(()) => false,
                    Err(e) => {
                        interrupted = Some(e);
                        true
                    }
                })
            })
        });
        if let Some(e) = interrupted {
            return Err(e);
        }
        let report = result.map_err(raise)?;
        Ok(PySearchResult {
            best_move: report.best_move,
            score: PyScore::of(report.line.score),
            depth: report.line.depth,
            seldepth: report.line.seldepth,
            pv: report.line.pv,
            nodes: report.line.nodes,
            nps: report.line.nps,
            time_ms: report.line.time_ms,
            lines: report.lines.iter().map(PyLine::of).collect(),
        })
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let settings = py.detach(|| {
            let engine = self.lock();
            frontend::Engine::options()
                .into_iter()
                .filter(|o| o.kind != "button")
                .filter_map(|o| {
                    let value = engine.option(&o.name).ok()?;
                    (value != o.default).then(|| format!("{:?}: {:?}", o.name, value))
                })
                .collect::<Vec<_>>()
        });
        format!("Engine({{{}}})", settings.join(", "))
    }
}
