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
//! - [`params`]: every tunable number, named and explained; [`SearchConfig`]: the switches.
//! - [`eval`]: the evaluations and their weights, per game; [`tt`]: the table; [`time`]: the clock;
//!   [`score`]: score ranges and conversions.
//!
//! The fixed benchmark and the self-play harness drive the search from outside, in
//! [`crate::harness`].

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

use std::time::Duration;

use crate::rules::Move;
pub use config::{SearchConfig, CONFIG_ENV};
pub use searcher::{root_moves, Searcher};
pub use skill::{Skill, MAX_SKILL};

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

/// Default transposition table size.
pub const DEFAULT_HASH_MIB: usize = 16;

/// Largest table accepted, in MiB.
pub const MAX_HASH_MIB: usize = 65_536;

/// Stack size of search threads: move lists live on the stack, up to 1452 moves per ply.
pub(crate) const STACK_SIZE: usize = 64 * 1024 * 1024;
