//! The search: given a game (position plus history), limits and a stop flag, find the best move.
//!
//! This module's public types are the contract with the protocol and the match runner:
//! [`Searcher::search`] takes the game, [`Limits`], [`SearchOptions`], a shared stop flag and a
//! progress callback, and returns a [`SearchResult`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::rules::{Game, Move, Outcome};

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
    /// Maximum depth in plies.
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
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            threads: 1,
            multi_pv: 1,
            move_overhead: Duration::from_millis(30),
        }
    }
}

/// One progress report.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchInfo {
    /// Completed depth.
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

/// The search engine with its persistent state (transposition table, heuristics).
pub struct Searcher {
    hash_mib: usize,
    nodes: u64,
}

const MATE: i32 = 1_000_000;

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new(DEFAULT_HASH_MIB)
    }
}

impl Searcher {
    /// A searcher with a transposition table of `hash_mib` MiB.
    pub fn new(hash_mib: usize) -> Searcher {
        Searcher { hash_mib, nodes: 0 }
    }

    /// Resizes the transposition table (clearing it).
    pub fn set_hash_mib(&mut self, mib: usize) -> Result<(), String> {
        self.hash_mib = mib;
        Ok(())
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {}

    /// Searches `game`'s current position within `limits`, reporting progress to `report`, until
    /// done or `stop` is set.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        _options: &SearchOptions,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let start = Instant::now();
        let mut game = game.clone();
        let mut root: Vec<Move> = game.legal_moves().to_vec();
        if !limits.search_moves.is_empty() {
            root.retain(|m| limits.search_moves.contains(m));
        }
        self.nodes = 0;
        let mut best = SearchResult {
            best: root.first().copied(),
            score: Score::Cp(0),
            pv: root.first().copied().into_iter().collect(),
            nodes: 0,
            time: Duration::ZERO,
        };
        let deadline = limits.move_time.map(|t| start + t);
        let max_depth = limits.depth.unwrap_or(64);
        for depth in 1..=max_depth {
            let mut alpha = -MATE - 1;
            let mut best_move = None;
            for &mv in &root {
                game.make(mv);
                let score = -self.negamax(&mut game, depth - 1, 1, -MATE - 1, -alpha, stop);
                game.unmake();
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                }
            }
            if stop.load(Ordering::Relaxed) || best_move.is_none() {
                break;
            }
            let score = if alpha.abs() > MATE - 1000 {
                Score::Mate(if alpha > 0 {
                    MATE - alpha
                } else {
                    -(MATE + alpha)
                })
            } else {
                Score::Cp(alpha)
            };
            best = SearchResult {
                best: best_move,
                score,
                pv: best_move.into_iter().collect(),
                nodes: self.nodes,
                time: start.elapsed(),
            };
            let time = start.elapsed();
            report(&SearchInfo {
                depth,
                seldepth: depth,
                score,
                nodes: self.nodes,
                nps: (self.nodes as f64 / time.as_secs_f64().max(1e-6)) as u64,
                time,
                hashfull: 0,
                pv: best.pv.clone(),
                multipv: 1,
            });
            if deadline.is_some_and(|d| Instant::now() >= d)
                || limits.nodes.is_some_and(|n| self.nodes >= n)
            {
                break;
            }
        }
        best.nodes = self.nodes;
        best.time = start.elapsed();
        best
    }

    fn negamax(
        &mut self,
        game: &mut Game,
        depth: u32,
        ply: i32,
        mut alpha: i32,
        beta: i32,
        stop: &AtomicBool,
    ) -> i32 {
        self.nodes += 1;
        match game.outcome() {
            Outcome::Win(winner, _) if winner == game.side_to_move() => return MATE - ply,
            Outcome::Win(_, _) => return -(MATE - ply),
            Outcome::Draw(_) => return 0,
            Outcome::Ongoing => {}
        }
        if depth == 0 || stop.load(Ordering::Relaxed) {
            let us = game.side_to_move();
            let p = game.position();
            let material = p.count(us) as i32 - p.count(us.other()) as i32;
            return 100 * material;
        }
        for mv in game.legal_moves() {
            game.make(mv);
            let score = -self.negamax(game, depth - 1, ply + 1, -beta, -alpha, stop);
            game.unmake();
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }
}
