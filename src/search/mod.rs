//! The search: given a game (position plus history), limits and a stop flag, find the best move.
//!
//! This module's public types are the contract with the protocol and the match runner:
//! [`Searcher::search`] takes the game, [`Limits`], [`SearchOptions`], a shared stop flag and a
//! progress callback, and returns a [`SearchResult`].
//!
//! Layout:
//! - [`Searcher`] (`searcher.rs`): the table and settings kept between searches, and one search
//!   from the root moves to the result, over one thread or several ([`smp`]).
//! - [`worker`]: one thread's search (and the documentation of how rule 7 and the transposition
//!   table get along): the alpha-beta, quiescence and the root with iterative deepening, each
//!   in its own file; `picker` orders a node's moves.
//! - [`params`]: every tunable number, named and explained ([`SearchParams`], with their
//!   ranges); [`SearchConfig`]: the switches.
//! - [`eval`]: the evaluations and their weights, per game; [`tt`]: the table; [`time`]: the clock;
//!   [`score`]: score ranges and conversions.
//!
//! The fixed benchmark ([`crate::bench`]) and self-play ([`crate::selfplay`]) drive the search
//! from outside.

mod config;
pub mod eval;
mod eval_cache;
pub mod params;
mod picker;
pub mod score;
mod searcher;
pub mod skill;
pub mod smp;
pub mod time;
pub mod tt;
pub mod worker;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::rules::Move;
pub use config::{SearchConfig, CONFIG_ENV};
pub use params::{param_table, SearchParams, PARAMS, PARAMS_ENV};
pub use searcher::{root_moves, Searcher};
pub use skill::{Skill, MAX_SKILL};
pub use time::{SystemClock, TimeSource};

/// A search score from the side to move's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Score {
    /// An evaluation in centi-pieces (100 = one piece).
    Cp(i32),
    /// A forced result: `Mate(n)` with n > 0 wins in n plies, n < 0 loses in -n plies.
    Mate(i32),
}

/// The time a side has on its clock.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Clock {
    /// Time left for White (p1) and Black (p2).
    pub time: [Option<Duration>; 2],
    /// Increment per move for White (p1) and Black (p2).
    pub increment: [Duration; 2],
    /// Moves until the next time control, if any.
    pub moves_to_go: Option<u32>,
}

impl Clock {
    /// The clock of a search from the clock parameters as every front end receives them (the
    /// protocol's `go`, GTP's `time_left`, the facade's limits), in milliseconds, `None` where
    /// not given: the one rule of them all. Any parameter given makes a clock, an increment
    /// alone (0 included) or moves-to-go alone too (the time manager then thinks for the
    /// side's increment, or a second without one); none given makes none.
    pub fn from_millis(
        time: [Option<u64>; 2],
        increment: [Option<u64>; 2],
        moves_to_go: Option<u32>,
    ) -> Option<Clock> {
        let given = time.iter().chain(&increment).any(Option::is_some) || moves_to_go.is_some();
        let ms = Duration::from_millis;
        given.then(|| Clock {
            time: time.map(|t| t.map(ms)),
            increment: increment.map(|i| ms(i.unwrap_or(0))),
            moves_to_go,
        })
    }
}

/// What bounds a search. Every bound given applies; none given means "until stopped".
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Limits {
    /// Maximum depth in plies; 0 searches nothing and answers the first of [`root_moves`].
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Exact time for this move.
    pub move_time: Option<Duration>,
    /// The clocks, for the time manager.
    pub clock: Option<Clock>,
    /// Search until stopped, whatever else is set.
    pub infinite: bool,
    /// Only consider these root moves (all legal moves when empty).
    pub search_moves: Vec<Move>,
    /// Principal variations to report in this search only, instead of the options' MultiPV.
    pub multi_pv: Option<usize>,
    /// The strength level of this search only, instead of the options' (full strength for
    /// analysis whatever level the game is played at).
    pub skill: Option<Skill>,
}

impl Limits {
    /// `options` with this search's own MultiPV and strength level put in.
    pub fn apply_to(&self, options: &SearchOptions) -> SearchOptions {
        SearchOptions {
            multi_pv: self.multi_pv.unwrap_or(options.multi_pv),
            skill: self.skill.unwrap_or(options.skill),
            ..*options
        }
    }
}

/// Settings that persist between searches (the protocol's options).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SearchOptions {
    /// Search threads (Lazy SMP).
    pub threads: usize,
    /// Number of principal variations to report.
    pub multi_pv: usize,
    /// Safety margin subtracted from the clock for communication delays.
    pub move_overhead: Duration,
    /// The strength level (full strength unless a player asks for less).
    pub skill: Skill,
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            threads: 1,
            multi_pv: 1,
            move_overhead: Duration::from_millis(30),
            skill: Skill::default(),
        }
    }
}

/// One progress report.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchInfo {
    /// Depth of the line: a completed iteration's, or, in the last report of a search stopped
    /// inside an iteration whose move is played, that interrupted iteration's.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score of this line.
    pub score: Score,
    /// Nodes searched so far (all threads).
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Transposition table fill in per mille.
    pub hashfull: u32,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// Which of the MultiPV lines this is (1-based).
    pub multipv: usize,
}

/// What a search found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchResult {
    /// The move to play; `None` when the side to move has no legal move.
    pub best: Option<Move>,
    /// Its score.
    pub score: Score,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
}

/// How a search is run, besides what it searches: how it is stopped, where it reads the
/// time, and what seeds the move a lower strength level draws.
///
/// The search runs its main thread on the caller's thread (helpers, if more threads are
/// asked for, on threads of their own): one thread means no thread is started. So a host
/// that has a single thread gets control back only through `poll`, which the main thread
/// calls every few hundred nodes (well under a millisecond); a browser's Web Worker, busy
/// searching, checks there whether a `stop` message came (through a shared flag) or its own
/// deadline passed. The caller's thread needs room on its stack for the search:
/// [`SEARCH_STACK_SIZE`] is always enough.
pub struct Control<'a> {
    /// Set (from any thread) to stop the search.
    pub stop: &'a AtomicBool,
    /// The clock of the time limits and of the reported times.
    pub clock: &'a dyn TimeSource,
    /// Asked by the main thread every few hundred nodes whether to stop; `true` stops the
    /// search as `stop` does.
    pub poll: Option<&'a mut dyn FnMut() -> bool>,
    /// The seed of the move drawn below full strength (mixed with the position); `None` draws
    /// it from the wall clock, so that a player does not meet the same mistakes every game.
    pub seed: Option<u64>,
}

impl<'a> Control<'a> {
    /// Stopped by `stop` alone, on the system's clock, the strength level's draw seeded from
    /// the wall clock.
    pub fn new(stop: &'a AtomicBool) -> Control<'a> {
        Control {
            stop,
            clock: &SystemClock,
            poll: None,
            seed: None,
        }
    }
}

/// The stack a search can need at most: the move lists of up to [`score::MAX_PLY`] plies
/// live on it. The search's helper threads get it, and so do the threads the protocol and
/// datagen search on. A process's main thread (8 MiB on Linux) is plenty in practice: the
/// whole benchmark runs in 512 KiB.
pub const SEARCH_STACK_SIZE: usize = STACK_SIZE;

/// Default transposition table size.
pub const DEFAULT_HASH_MIB: usize = 16;

/// Largest table accepted, in MiB.
pub const MAX_HASH_MIB: usize = 65_536;

/// Stack size of search threads: move lists live on the stack, up to 1452 moves per ply.
pub(crate) const STACK_SIZE: usize = 64 * 1024 * 1024;
