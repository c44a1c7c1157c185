//! A driven clock: time that moves only when the search polls, [`TICK`] at each poll, so that a
//! test of a time limit tests its logic (where the search looks at the time, what budget it
//! sets, when it stops) and not the machine: the result is the same on any machine, however
//! loaded. The search polls every `POLL_INTERVAL` nodes, so on this clock the time is a count
//! of nodes, and a search that did not look at the time (one that waited for depth 1, say)
//! would run the clock far past its limit.
//!
//! - [`HandClock`]: the clock, for a [`Control`] of the search; [`driven_search`]: a search on
//!   one.
//! - [`DrivenEngine`]: the protocol engine on the test's own thread on such a clock, for the
//!   protocol's limits (`go movetime`, the clocks, `stop`) as the binary reads them.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::binary::the_response;
use mingmang::protocol::output::Writer;
use mingmang::protocol::session::{Flow, Inline, ProtocolSession};
use mingmang::protocol::Settings;
use mingmang::rules::Game;
use mingmang::search::{
    Control, Limits, SearchInfo, SearchOptions, SearchResult, Searcher, TimeSource,
};

/// How far the clock moves at each poll of the search.
pub const TICK: Duration = Duration::from_millis(1);

/// The default `MoveOverhead`: the time a search keeps in reserve for the communication.
pub const OVERHEAD: Duration = Duration::from_millis(30);

/// A clock the test moves by hand.
#[derive(Default)]
pub struct HandClock(Mutex<Duration>);

impl HandClock {
    /// A clock that reads `t`.
    pub fn at(t: Duration) -> HandClock {
        HandClock(Mutex::new(t))
    }

    /// What the clock reads.
    pub fn now(&self) -> Duration {
        *self.0.lock().unwrap()
    }

    /// Moves the clock on by `by`.
    pub fn advance(&self, by: Duration) {
        *self.0.lock().unwrap() += by;
    }

    /// Moves the clock on by [`TICK`] (what a poll does).
    pub fn tick(&self) {
        self.advance(TICK);
    }
}

impl TimeSource for HandClock {
    fn now(&self) -> Duration {
        HandClock::now(self)
    }
}

/// What the engine writes, gathered in memory.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The protocol engine run on the test's thread (`ProtocolSession::single_threaded`, so `Threads` is 1),
/// on a [`HandClock`] that moves [`TICK`] at every poll of a search. The front end's `stop`
/// is a time on that clock ([`DrivenEngine::go_stopped_at`]).
pub struct DrivenEngine {
    engine: ProtocolSession,
    out: Captured,
    /// How many bytes of the output have been read.
    read: usize,
    clock: Arc<HandClock>,
    /// The time on the clock from which the poll says stop.
    stop_at: Arc<Mutex<Option<Duration>>>,
}

impl Default for DrivenEngine {
    fn default() -> DrivenEngine {
        DrivenEngine::new()
    }
}

impl DrivenEngine {
    /// The engine with the default settings, its clock at zero.
    pub fn new() -> DrivenEngine {
        let out = Captured::default();
        let clock = Arc::new(HandClock::default());
        let stop_at = Arc::new(Mutex::new(None::<Duration>));
        let (ticked, stop) = (Arc::clone(&clock), Arc::clone(&stop_at));
        let host = Inline {
            clock: Arc::clone(&clock) as Arc<dyn TimeSource + Send + Sync>,
            poll: Box::new(move || {
                ticked.tick();
                stop.lock().unwrap().is_some_and(|t| ticked.now() >= t)
            }),
            idle: Box::new(|| {}),
            seed: 1,
        };
        let writer = Arc::new(Writer::new(Box::new(out.clone())));
        DrivenEngine {
            engine: ProtocolSession::single_threaded(Settings::default(), writer, host),
            out,
            read: 0,
            clock,
            stop_at,
        }
    }

    /// An engine with `options` set (`(name, value)`, as `setoption` sets them); each must be
    /// accepted silently.
    pub fn with_options(options: &[(&str, &str)]) -> DrivenEngine {
        let mut e = DrivenEngine::new();
        for (name, value) in options {
            let lines = e.send(&format!("setoption name {name} value {value}"));
            assert!(lines.is_empty(), "{name} {value}: {lines:?}");
        }
        e
    }

    /// The clock.
    pub fn clock(&self) -> &HandClock {
        &self.clock
    }

    /// Handles `line`; the lines the engine wrote for it.
    pub fn send(&mut self, line: &str) -> Vec<String> {
        assert_eq!(self.engine.handle_line(line), Flow::Continue, "{line}");
        let out = self.out.0.lock().unwrap();
        let text = String::from_utf8(out[self.read..].to_vec()).expect("UTF-8 output");
        self.read = out.len();
        text.lines().map(str::to_string).collect()
    }

    /// Sends `line` and returns the single `response ...` it produces.
    pub fn ask(&mut self, line: &str) -> String {
        let lines = self.send(line);
        the_response(line, &lines)
    }

    /// Sends `go`: the lines up to and including `bestmove`, the move, and the time the answer
    /// took on the clock.
    pub fn go(&mut self, go: &str) -> (Vec<String>, String, Duration) {
        let start = self.clock.now();
        let lines = self.send(go);
        let took = self.clock.now() - start;
        let last = lines.last().unwrap_or_else(|| panic!("{go}: no output"));
        let best = last
            .strip_prefix("bestmove ")
            .unwrap_or_else(|| panic!("{go}: {lines:?}"))
            .to_string();
        assert!(!best.contains(' '), "{go}: {last}");
        (lines, best, took)
    }

    /// Sends `go` with the front end's `stop` coming when the clock reads `at` from now: as
    /// [`DrivenEngine::go`].
    pub fn go_stopped_at(&mut self, go: &str, at: Duration) -> (Vec<String>, String, Duration) {
        *self.stop_at.lock().unwrap() = Some(self.clock.now() + at);
        let answer = self.go(go);
        *self.stop_at.lock().unwrap() = None;
        answer
    }
}

/// Searches `game` under `limits` with `searcher` on a fresh [`HandClock`] that moves on
/// [`TICK`] at every poll; stopped by nothing else.
pub fn driven_search(
    searcher: &mut Searcher,
    game: &Game,
    limits: &Limits,
    options: &SearchOptions,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    let mut never = |_: &HandClock, _: &AtomicBool| false;
    driven_search_polled(searcher, game, limits, options, &mut never, report)
}

/// [`driven_search`], with `poll` asked at every poll after the clock has moved: given the
/// clock and the search's stop flag (which it may set, as a front end does), it says whether
/// to stop, as the host's poll does.
pub fn driven_search_polled(
    searcher: &mut Searcher,
    game: &Game,
    limits: &Limits,
    options: &SearchOptions,
    poll: &mut dyn FnMut(&HandClock, &AtomicBool) -> bool,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    let clock = HandClock::default();
    let stop = AtomicBool::new(false);
    let mut tick = || {
        clock.tick();
        poll(&clock, &stop)
    };
    let mut control = Control {
        clock: &clock,
        poll: Some(&mut tick),
        ..Control::new(&stop)
    };
    searcher.search_with(game, limits, options, &mut control, report)
}
