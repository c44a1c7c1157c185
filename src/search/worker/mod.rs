//! One search thread: iterative deepening over a principal variation search with aspiration
//! windows, a transposition table shared with the other threads, and quiescence over captures.
//!
//! # Rule 7 and the transposition table
//! Rule 7 makes the legal moves of a node depend on the path that led to it: a move is banned if
//! it recreates a position of the game or of the search path. The table is keyed by the position
//! alone, so a score computed under one path may be wrong under another. The scheme:
//!
//! 1. Legality is always decided by the real history: every move is checked against the
//!    history of a [`Game`] clone that holds the game and the current search path, when the
//!    move loop reaches it (moves are generated without rule 7, see `picker`), so the search
//!    never plays a banned move, and a node whose every move is banned is scored as the loss
//!    it is (rule 8).
//! 2. The root never takes a table cutoff, and a table move is only tried if it is a move of
//!    the position (a quick pseudo-legality test) and passes the same rule 7 check; a stale
//!    one is skipped.
//! 3. Every ban met while searching a subtree (a move reached and found banned) is recorded as
//!    the history index of the position it would have recreated. Bans among moves never
//!    reached (after a cutoff, or pruned) did not shape the result and are not recorded.
//!    Indices before the root are the game's own past: fixed for the whole search, so they do
//!    not make results path dependent. Indices at or after a node's own index are the node
//!    itself or positions inside its subtree, which any path to the node would recreate the
//!    same way. Only an index strictly between the root and the node, a position of the *path*
//!    above it, makes its result depend on how it was reached. Such a node stores its best
//!    move only, never a score (`Bound::None`).
//! 4. Scores are trusted for cutoffs only from entries written by the current search. Between
//!    searches the game's history grows by the moves played, which could ban moves inside
//!    subtrees stored earlier; older entries still order moves.
//!
//! What remains is the case where a path-independent entry is reused under a *different* path
//! whose positions would ban a move inside the stored subtree. That needs the subtree to
//! recreate a position of the other path; since pieces are only ever converted, never removed,
//! and captures change the counts, such returns only happen in quiet shuffles, and the error is
//! bounded by the depth of the stored search. Chess engines accept the same approximation for
//! repetitions; the alternative (keying the table by history) would make it useless.

use std::sync::atomic::Ordering;

use super::eval::Evaluator;
use super::eval_cache::EvalCache;
use super::params::{LmrTable, SearchParams, HISTORY_MAX};
use super::picker::history_slot;
use super::score::{from_tt, MATE, MAX_PLY};
use super::smp::Shared;
use super::tt::{Bound, Hit};
use super::SearchConfig;
use crate::rules::geometry::MAX_DIM;
use crate::rules::{ChildHashCache, Game, Move, Outcome};

mod alphabeta;
mod qsearch;
mod root;

/// What a child's score did to its node (see `Worker::improve`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Step {
    /// Not above alpha.
    Worse,
    /// A new best move inside the window.
    Raised,
    /// At or above beta.
    Cutoff,
}

/// A root move with its latest score and line.
#[derive(Clone, Debug)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// Score in the latest (possibly partial) iteration; `-INF` if not known.
    pub score: i32,
    /// Score in the last completed iteration.
    pub prev_score: i32,
    /// The principal variation starting with `mv`.
    pub pv: Vec<Move>,
}

/// A search thread's state.
pub struct Worker<'a> {
    id: usize,
    shared: &'a Shared<'a>,
    game: Game,
    root_index: usize,
    nodes: u64,
    flushed: u64,
    /// The node count at which the limits are next polled (see `Worker::poll`).
    next_poll: u64,
    seldepth: usize,
    killers: Vec<[Option<Move>; 2]>,
    /// History heuristic scores by side, origin and destination (compact square numbers, so an
    /// 8x8 game's table fits in the first-level cache), bounded by `HISTORY_MAX`.
    history: Vec<i16>,
    /// Board width, for compact square numbers.
    width: usize,
    pv: Vec<[Move; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    /// Smallest history index (at or after the root) of a position a ban in the current subtree
    /// referred to; `usize::MAX` if none. See the module documentation.
    dep: usize,
    stopped: bool,
    /// The latest root move that beat the first one in the current iteration (searched in full,
    /// with a score inside or above the window): if the iteration is interrupted, it is the
    /// better move at this depth than the last completed iteration's best.
    partial_best: Option<RootMove>,
    /// Late move reductions by depth and move number, made from `params` by the searcher.
    lmr: &'a LmrTable,
    /// Copies of the shared switches, of the numbers and of the weights of the game played,
    /// read at every node.
    cfg: SearchConfig,
    params: SearchParams,
    evaluator: Evaluator<'a>,
    /// Static evaluations seen lately.
    evals: EvalCache,
    /// The rules' scratch space for quiescence's captures and their child hashes.
    hash_cache: ChildHashCache,
    /// Whether other threads search too (then busy nodes are marked and deferred).
    smp: bool,
    /// The host's "should I stop?" (main thread only; see [`crate::search::Control`]).
    host_poll: Option<&'a mut dyn FnMut() -> bool>,
}

/// Nodes a thread searches between two polls of the stop conditions (fewer near a node limit).
pub const POLL_INTERVAL: u64 = 128;

/// Adds a history bonus (or malus) to a score with gravity: the closer the score already is
/// to the bound in the bonus's direction, the less it moves, which keeps it within
/// `HISTORY_MAX` (plus rounding), well inside an `i16`, and lets old results fade.
#[inline]
fn apply_bonus(score: &mut i16, bonus: i32) {
    let h = *score as i32;
    *score = (h + bonus - h * bonus.abs() / HISTORY_MAX) as i16;
}

/// The score a table entry settles the window `alpha..beta` with at `ply`, if it does: only
/// entries of the current search are trusted (see the module documentation).
#[inline(always)]
fn tt_cutoff(hit: &Hit, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
    if !hit.current {
        return None;
    }
    let s = from_tt(hit.score, ply);
    match hit.bound {
        Bound::Exact => Some(s),
        Bound::Lower if s >= beta => Some(s),
        Bound::Upper if s <= alpha => Some(s),
        _ => None,
    }
}

impl<'a> Worker<'a> {
    /// A thread searching `game` (whose current position is the root).
    pub fn new(id: usize, shared: &'a Shared<'a>, game: Game) -> Worker<'a> {
        let root_index = game.history().len() - 1;
        let width = game.rules().size().width();
        let weights = *shared.weights.for_rules(game.rules());
        let evaluator = Evaluator::new(weights, shared.networks.for_rules(game.rules()));
        Worker {
            id,
            shared,
            game,
            root_index,
            nodes: 0,
            flushed: 0,
            next_poll: 0,
            seldepth: 0,
            killers: vec![[None; 2]; MAX_PLY + 2],
            history: vec![0; 2 * MAX_DIM.pow(4)],
            width,
            pv: vec![[Move::PASS; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            dep: usize::MAX,
            stopped: false,
            partial_best: None,
            lmr: shared.lmr,
            cfg: shared.config,
            params: shared.params,
            evaluator,
            smp: shared.threads > 1,
            hash_cache: ChildHashCache::new(),
            evals: EvalCache::new(),
            host_poll: None,
        }
    }

    /// Makes this thread ask `poll` whether to stop, at every poll of the limits.
    pub fn set_poll(&mut self, poll: Option<&'a mut dyn FnMut() -> bool>) {
        self.host_poll = poll;
    }

    /// Nodes this thread searched.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Publishes the node count and polls the stop conditions: a stop request, the time limit
    /// and the node limit each end the search at once, at any depth, quiescence included. (The
    /// root's moves are ordered before the search starts, so a search stopped before its first
    /// iteration ends still has a legal move to answer.) Every thread checks the limits against
    /// the nodes of all threads, so none runs on waiting for another to notice.
    pub(super) fn poll(&mut self) {
        let s = self.shared;
        s.nodes
            .fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        self.flushed = self.nodes;
        if s.stop.load(Ordering::Relaxed) || s.abort.load(Ordering::Relaxed) {
            self.stopped = true;
        }
        if let Some(poll) = self.host_poll.as_mut() {
            if !self.stopped && poll() {
                self.stopped = true;
                s.abort.store(true, Ordering::Relaxed);
            }
        }
        let all = s.nodes.load(Ordering::Relaxed);
        if s.time.hard_expired() || s.node_limit.is_some_and(|n| all >= n) {
            self.stopped = true;
            s.abort.store(true, Ordering::Relaxed);
        }
        self.next_poll = self.nodes + self.poll_interval(all);
    }

    /// Nodes until the next poll: [`POLL_INTERVAL`], or this thread's share of what is left
    /// near a node limit, so that one thread stops exactly on the limit and several pass it
    /// by at most [`POLL_INTERVAL`] nodes each (those they search before their next poll).
    #[inline]
    fn poll_interval(&self, all: u64) -> u64 {
        let s = self.shared;
        match s.node_limit {
            Some(n) => (n.saturating_sub(all) / s.threads as u64).clamp(1, POLL_INTERVAL),
            None => POLL_INTERVAL,
        }
    }

    /// Counts a node; polls every [`POLL_INTERVAL`] nodes (well under a millisecond), so a stop
    /// request or the time limit is honoured within a millisecond or so even on 19x19.
    /// Once stopped it counts nothing more: the re-searches a stopped node's parents may still
    /// start return at once, and one thread's count ends exactly at a node limit.
    #[inline(always)]
    fn tick(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.poll();
        }
        self.stopped
    }

    /// The result when the flow of play has ended the game (ply limit, two passes), if so.
    #[inline]
    fn flow_end(&self, ply: usize) -> Option<i32> {
        if !self.game.ended_by_count() {
            return None;
        }
        let us = self.game.side_to_move();
        Some(match self.game.outcome() {
            Outcome::Win(c, _) if c == us => MATE - ply as i32,
            Outcome::Win(_, _) => -MATE + ply as i32,
            Outcome::Draw(_) | Outcome::Ongoing => 0,
        })
    }

    /// Notes that a ban referred to the position with history index `index`.
    #[inline]
    /// Only positions from the root on matter (see the module documentation), so only the
    /// search path is scanned, however long the game.
    fn note_ban(dep: &mut usize, root_index: usize, game: &Game, hash: u64) {
        let path = &game.history().hashes()[root_index..];
        if let Some(i) = path.iter().rposition(|&h| h == hash) {
            let i = root_index + i;
            if i < *dep {
                *dep = i;
            }
        }
    }

    /// Whether the side to move has a legal move (rule 7 applied): its moves are checked
    /// against rule 7 in the canonical order, noting each ban for the table scheme, up to the
    /// first one allowed. The moves come straight from the rules' generator, which stops
    /// there too: no list is made and no move beyond the answer generated.
    fn has_legal_move(&mut self) -> bool {
        let (game, dep, root_index) = (&self.game, &mut self.dep, self.root_index);
        game.position().find_pseudo_move(game.rules(), |mv| {
            Self::reach_in(game, dep, root_index, mv).is_some()
        })
    }

    /// The hash after `mv` if rule 7 allows it here; else notes the ban for the table scheme
    /// and returns `None`. A pass is never banned, as in the rules' generator.
    #[inline]
    fn reach(&mut self, mv: Move) -> Option<u64> {
        Self::reach_in(&self.game, &mut self.dep, self.root_index, mv)
    }

    /// [`Worker::reach`] on the worker's parts, for a caller that is borrowing the game
    /// (walking its moves) while it checks them.
    #[inline(always)]
    fn reach_in(game: &Game, dep: &mut usize, root_index: usize, mv: Move) -> Option<u64> {
        let h = game.position().child_hash(mv, game.rules());
        if !mv.is_pass() && game.history().contains(h) {
            Self::note_ban(dep, root_index, game, h);
            None
        } else {
            Some(h)
        }
    }

    #[inline]
    fn history_index(&self, mv: Move) -> usize {
        history_slot(self.game.side_to_move().index(), mv, self.width)
    }

    fn update_history(&mut self, mv: Move, bonus: i32) {
        let i = self.history_index(mv);
        apply_bonus(&mut self.history[i], bonus);
    }

    /// Takes a child's score `v` for `mv` into the node's best score and window: a score above
    /// alpha raises it and makes `mv` the line's head; one at or above beta is a cutoff.
    #[inline(always)]
    fn improve(
        &mut self,
        v: i32,
        mv: Move,
        ply: usize,
        best: &mut i32,
        alpha: &mut i32,
        beta: i32,
    ) -> Step {
        if v <= *best {
            return Step::Worse;
        }
        *best = v;
        if v <= *alpha {
            return Step::Worse;
        }
        *alpha = v;
        self.update_pv(ply, mv);
        if v >= beta {
            Step::Cutoff
        } else {
            Step::Raised
        }
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        self.pv[ply][ply] = mv;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }
}
