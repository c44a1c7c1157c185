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

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Mutex;

use arrayvec::ArrayVec;

use super::eval::{evaluate, Weights};
use super::picker::{history_slot, Hints, Kind, MovePicker};
use super::time::TimeManager;
use super::tt::{Bound, Hit, Tt};
use super::{SearchConfig, SearchInfo};
use crate::rules::geometry::MAX_DIM;
use crate::rules::moves::MAX_MOVES;
use crate::rules::{ChildHashCache, Game, Move, MoveList, Outcome};

/// Score of a win at the root; a win found at ply `p` scores `MATE - p`.
pub const MATE: i32 = 100_000;
/// Scores beyond this are forced results.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Larger than any score.
pub const INF: i32 = MATE + 1;
/// Deepest ply searched.
pub const MAX_PLY: usize = 128;
/// Quiescence plies beyond the main search.
const QS_MAX: usize = 12;
const HISTORY_MAX: i32 = 16_384;

/// What all threads of one search share.
pub struct Shared<'a> {
    /// The table.
    pub tt: &'a Tt,
    /// The caller's stop flag.
    pub stop: &'a AtomicBool,
    /// Set by the main thread when it is done, to stop the helpers.
    pub abort: AtomicBool,
    /// Nodes of all threads (flushed every few hundred nodes). On a cache line of its own: the
    /// threads write it often, and the fields they read at every node must not share its line.
    pub nodes: CacheLine<AtomicU64>,
    /// The time budget.
    pub time: TimeManager,
    /// Node budget.
    pub node_limit: Option<u64>,
    /// Pruning switches.
    pub config: SearchConfig,
    /// Evaluation weights.
    pub weights: Weights,
    /// The deepest iteration a helper thread completed, with its root moves (best first).
    pub helper_best: Mutex<Option<(u32, u32, Vec<RootMove>)>>,
    /// The depth limit: the first thread to complete it ends the search.
    pub max_depth: u32,
    /// Number of search threads.
    pub threads: usize,
    /// Hashes of nodes some thread is searching now (a slot per hash's low bits; empty with
    /// one thread). Lazy SMP's threads otherwise walk the same tree in the same order, one
    /// repeating what the other is doing; a thread that meets a move whose position another
    /// thread is busy with puts it off to the end of its list (as in ABDADA), and by the time it
    /// comes back the table usually holds the result. A slot overwritten by another node only
    /// loses a hint: the marks order moves, never change a result.
    pub busy: Box<[AtomicU64]>,
}

/// Slots of the busy table (a power of two).
pub const BUSY_SLOTS: usize = 1 << 14;
/// Nodes with at least this much depth left are marked busy; shallower ones are cheap enough
/// to search twice.
const DEFER_DEPTH: i32 = 2;

impl Shared<'_> {
    #[inline]
    fn busy_slot(&self, hash: u64) -> &AtomicU64 {
        &self.busy[(hash as usize) & (self.busy.len() - 1)]
    }

    /// Marks `hash` busy; false if another thread already had it (it then stays theirs).
    #[inline]
    fn mark_busy(&self, hash: u64) -> bool {
        let slot = self.busy_slot(hash);
        if slot.load(Ordering::Relaxed) == hash {
            return false;
        }
        slot.store(hash, Ordering::Relaxed);
        true
    }

    /// Clears the mark of `hash` if the slot still holds it.
    #[inline]
    fn unmark_busy(&self, hash: u64) {
        let _ =
            self.busy_slot(hash)
                .compare_exchange(hash, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Whether some thread is searching `hash` now.
    #[inline]
    fn is_busy(&self, hash: u64) -> bool {
        self.busy_slot(hash).load(Ordering::Relaxed) == hash
    }
}

/// A value alone on its (128-byte, adjacent-line prefetch included) cache line.
#[repr(align(128))]
#[derive(Default, Debug)]
pub struct CacheLine<T>(pub T);

impl<T> std::ops::Deref for CacheLine<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// Slots of a worker's evaluation cache (a power of two).
const EVAL_CACHE_SLOTS: usize = 1 << 14;

/// Static evaluations by position hash, one direct-mapped table per worker. Iterative
/// deepening evaluates the same leaves again at every iteration, and quiescence evaluates
/// nearly every node it visits; the evaluation is a function of the position alone (the
/// rules and weights are fixed for the search), so a hit returns exactly what evaluating would.
struct EvalCache {
    slots: Vec<(u64, i32)>,
}

impl EvalCache {
    fn new() -> EvalCache {
        EvalCache {
            slots: vec![(0, 0); EVAL_CACHE_SLOTS],
        }
    }

    /// The evaluation of `game`'s position, from the cache when it holds it.
    #[inline]
    fn get(&mut self, game: &Game, weights: &Weights) -> i32 {
        let hash = game.position().hash();
        let slot = &mut self.slots[hash as usize & (EVAL_CACHE_SLOTS - 1)];
        if slot.0 == hash {
            return slot.1;
        }
        let v = evaluate(game, weights);
        *slot = (hash, v);
        v
    }
}

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
    lmr: Vec<[i32; 64]>,
    /// Copies of the shared switches and weights, read at every node.
    cfg: SearchConfig,
    weights: Weights,
    /// Static evaluations seen lately.
    evals: EvalCache,
    /// The rules' scratch space for quiescence's captures and their child hashes.
    hash_cache: ChildHashCache,
    /// Whether other threads search too (then busy nodes are marked and deferred).
    smp: bool,
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

#[inline(always)]
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline(always)]
fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl<'a> Worker<'a> {
    /// A thread searching `game` (whose current position is the root).
    pub fn new(id: usize, shared: &'a Shared<'a>, game: Game) -> Worker<'a> {
        let root_index = game.history().len() - 1;
        let width = game.rules().size().width();
        let mut lmr = vec![[0i32; 64]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.5 + (d as f64).ln() * (m as f64).ln() / 2.25) as i32;
            }
        }
        Worker {
            id,
            shared,
            game,
            root_index,
            nodes: 0,
            flushed: 0,
            seldepth: 0,
            killers: vec![[None; 2]; MAX_PLY + 2],
            history: vec![0; 2 * MAX_DIM.pow(4)],
            width,
            pv: vec![[Move::PASS; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            dep: usize::MAX,
            stopped: false,
            lmr,
            cfg: shared.config,
            weights: shared.weights,
            smp: shared.threads > 1,
            hash_cache: ChildHashCache::new(),
            evals: EvalCache::new(),
        }
    }

    /// Nodes this thread searched.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Publishes the node count and polls the stop conditions.
    fn poll(&mut self) {
        let s = self.shared;
        s.nodes
            .fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        self.flushed = self.nodes;
        if s.stop.load(Ordering::Relaxed) || s.abort.load(Ordering::Relaxed) {
            self.stopped = true;
        }
        if self.is_main()
            && (s.time.hard_expired()
                || s.node_limit
                    .is_some_and(|n| s.nodes.load(Ordering::Relaxed) >= n))
        {
            self.stopped = true;
            s.abort.store(true, Ordering::Relaxed);
        }
    }

    /// Counts a node; polls every 128 nodes (well under a millisecond), so a stop request or
    /// the hard time limit is honoured within a few milliseconds even on 19x19.
    #[inline(always)]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 127 == 0 {
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
    fn note_ban(dep: &mut usize, root_index: usize, game: &Game, hash: u64) {
        let hashes = game.history().hashes();
        if let Some(i) = hashes.iter().rposition(|&h| h == hash) {
            if i >= root_index && i < *dep {
                *dep = i;
            }
        }
    }

    /// How many legal moves there are here (rule 7 applied), noting every ban for the table
    /// scheme. Only the few-moves extension and null move need it.
    fn legal_count(&mut self) -> usize {
        let mut moves = MoveList::new();
        let game = &self.game;
        game.position()
            .for_each_pseudo_move(game.rules(), |mv| moves.push(mv));
        moves.iter().filter(|&&mv| self.reach(mv).is_some()).count()
    }

    /// The hash after `mv` if rule 7 allows it here; else notes the ban for the table scheme
    /// and returns `None`. A pass is never banned, as in the rules' generator.
    #[inline]
    fn reach(&mut self, mv: Move) -> Option<u64> {
        let game = &self.game;
        let pos = game.position();
        let h = pos.child_hash(mv, game.rules());
        if !mv.is_pass() && game.history().contains(h) {
            Self::note_ban(&mut self.dep, self.root_index, game, h);
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
        let h = self.history[i] as i32;
        // Gravity keeps the score within HISTORY_MAX (plus rounding), well inside an i16.
        self.history[i] = (h + bonus - h * bonus.abs() / HISTORY_MAX) as i16;
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

    /// Searches a child node, keeping the rule 7 dependency of this subtree.
    /// With several threads, a node deep enough to be worth it is marked busy while searched.
    fn search(&mut self, alpha: i32, beta: i32, depth: i32, ply: usize, allow_null: bool) -> i32 {
        let outer = self.dep;
        self.dep = usize::MAX;
        let hash = self.game.position().hash();
        let marked = self.smp && depth >= DEFER_DEPTH && self.shared.mark_busy(hash);
        let v = self.search_inner(alpha, beta, depth, ply, allow_null);
        if marked {
            self.shared.unmark_busy(hash);
        }
        self.dep = self.dep.min(outer);
        v
    }

    fn search_inner(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv_len[ply] = ply;
        if self.tick() {
            return 0;
        }
        if let Some(v) = self.flow_end(ply) {
            return v;
        }
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, 0);
        }
        let cfg = self.cfg;
        let weights = self.weights;
        if ply >= MAX_PLY {
            return self.evals.get(&self.game, &weights);
        }
        self.seldepth = self.seldepth.max(ply);
        // Mate distance pruning: no line from here can beat a win found closer to the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let hash = self.game.position().hash();
        let mut tt_move = None;
        if let Some(hit) = self.shared.tt.probe(hash) {
            tt_move = hit.mv;
            if !pv_node && hit.depth >= depth {
                if let Some(s) = tt_cutoff(&hit, alpha, beta, ply) {
                    return s;
                }
            }
        }
        // Moves come from a staged picker (table move, captures, killers, then the quiet
        // moves, each stage produced only when needed) without rule 7: each move is checked
        // when the loop below reaches it (see `Worker::reach`). Both save work at nodes that
        // cut off early, most of them. Bans among moves never reached did not shape the
        // result, so the table scheme is unaffected. The few-moves extension and null move
        // need the number of legal moves first: only they count them beforehand.
        let legal_count = if cfg.few_moves_extension || cfg.null_move {
            let n = self.legal_count();
            if n == 0 {
                // Rule 8: no legal move (blocked, or every move banned) loses.
                return -MATE + ply as i32;
            }
            n
        } else {
            usize::MAX
        };
        // A side with one or two moves left is close to losing by having none: look one ply
        // deeper, cheaply, since the node has almost no branches.
        let depth = if cfg.few_moves_extension && legal_count <= 2 && ply < MAX_PLY / 2 {
            depth + 1
        } else {
            depth
        };
        // The static evaluation serves only null move and futility, which apply at non-PV
        // nodes: it is computed when one of them first needs it (futility only after the
        // first move, which often cuts off alone), never elsewhere.
        let mut static_eval = None;
        let eval_for_null = !pv_node && cfg.null_move && allow_null && depth >= 3;
        if eval_for_null {
            static_eval = Some(self.evals.get(&self.game, &weights));
        }
        let us = self.game.side_to_move();
        let rules = *self.game.rules();

        // Null move: if giving the opponent a free move still fails high, a real move will too.
        // Unsound in zugzwang, which this game has (a side can be forced to open its own
        // flank or walk into a block), so it is guarded: not in territory games (where passing
        // is a real move), only with plenty of legal moves and pieces, never twice in a row.
        if cfg.null_move
            && !pv_node
            && allow_null
            && depth >= 3
            && !rules.options().territory
            && static_eval.is_some_and(|e| e >= beta)
            && legal_count >= 12
            && self.game.position().count(us) >= 4
            && beta.abs() < MATE_BOUND
        {
            let r = 3 + depth / 4;
            self.game.make(Move::PASS);
            let v = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, false);
            self.game.unmake();
            if self.stopped {
                return 0;
            }
            if v >= beta {
                return if v >= MATE_BOUND { beta } else { v };
            }
        }

        let mut best = -INF;
        let mut best_move = None;
        let mut quiets: ArrayVec<Move, 64> = ArrayVec::new();
        let lmp_limit = 6 + 3 * (depth * depth) as usize;
        // Late move pruning stops at the first quiet move past the limit: the picker need
        // only set that many apart from the rest.
        let lmp = !pv_node && cfg.late_move_pruning && depth <= 3;
        let mut picker = MovePicker::new(tt_move, if lmp { lmp_limit + 1 } else { usize::MAX });
        // Moves searched so far, and moves put off because another thread is searching them
        // (searched last, see `Shared::busy`).
        let mut searched = 0;
        let mut deferred: ArrayVec<(Move, Kind, u64), 64> = ArrayVec::new();
        let mut next_deferred = 0;
        let mut picking = true;
        let defer = self.smp && depth > DEFER_DEPTH;
        loop {
            let next = if picking {
                let hints = Hints {
                    history: &self.history,
                    width: self.width,
                    killers: self.killers[ply],
                };
                let next = picker.next(&self.game, &hints);
                picking = next.is_some();
                next
            } else {
                None
            };
            let (mv, kind, child) = if let Some((mv, kind)) = next {
                // Rule 7, checked when a move is first reached. A banned move is not a move
                // here: it counts for nothing below.
                match self.reach(mv) {
                    Some(h) => (mv, kind, h),
                    None => continue,
                }
            } else if next_deferred < deferred.len() {
                next_deferred += 1;
                deferred[next_deferred - 1]
            } else {
                break;
            };
            let quiet = kind.is_quiet();
            if !pv_node && searched > 0 && quiet && best > -MATE_BOUND {
                // Late move pruning: in a node expected to fail low, quiet moves this late in
                // the order (hundreds on big boards) rarely matter at low depth.
                if lmp && searched >= lmp_limit {
                    break;
                }
                // Futility: a quiet move cannot lift a hopeless static score by the margin.
                if cfg.futility
                    && depth <= 2
                    && *static_eval.get_or_insert_with(|| self.evals.get(&self.game, &weights))
                        + 150 * depth
                        <= alpha
                {
                    break;
                }
            }
            if defer
                && searched > 0
                && next_deferred == 0
                && !deferred.is_full()
                && self.shared.is_busy(child)
            {
                deferred.push((mv, kind, child));
                continue;
            }
            self.game.make(mv);
            let new_depth = depth - 1;
            let mut v;
            if searched == 0 {
                v = -self.search(-beta, -alpha, new_depth, ply + 1, true);
            } else {
                // Late move reductions for quiet moves ordered late; re-searched at full depth
                // when they beat alpha.
                let mut r = 0;
                if cfg.lmr && depth >= 3 && quiet && kind != Kind::Killer {
                    r = self.lmr[(depth as usize).min(63)][searched.min(63)];
                    if pv_node {
                        r -= 1;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                v = -self.search(-alpha - 1, -alpha, new_depth - r, ply + 1, true);
                if v > alpha && r > 0 {
                    v = -self.search(-alpha - 1, -alpha, new_depth, ply + 1, true);
                }
                if v > alpha && v < beta && pv_node {
                    v = -self.search(-beta, -alpha, new_depth, ply + 1, true);
                }
            }
            self.game.unmake();
            if self.stopped {
                return 0;
            }
            let step = self.improve(v, mv, ply, &mut best, &mut alpha, beta);
            if step != Step::Worse {
                best_move = Some(mv);
            }
            if step == Step::Cutoff {
                if quiet {
                    let k = &mut self.killers[ply];
                    if k[0] != Some(mv) {
                        k[1] = k[0];
                        k[0] = Some(mv);
                    }
                    let bonus = (depth * depth).min(400);
                    self.update_history(mv, bonus * 32);
                    for &q in &quiets {
                        self.update_history(q, -bonus * 32);
                    }
                }
                break;
            }
            if quiet && !quiets.is_full() {
                quiets.push(mv);
            }
            searched += 1;
        }
        if best == -INF {
            // Rule 8: every move was banned, a loss (the bans are noted in `dep`).
            return -MATE + ply as i32;
        }

        let path_independent = self.dep >= self.root_index + ply;
        if path_independent {
            let bound = if best >= beta {
                Bound::Lower
            } else if best_move.is_some() {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.shared
                .tt
                .store(hash, best_move, to_tt(best, ply), depth, bound);
        } else if best_move.is_some() {
            self.shared.tt.store(hash, best_move, 0, 0, Bound::None);
        }
        best
    }

    /// Quiescence: captures only, with the side to move allowed to stand pat on the static
    /// evaluation if it has a quiet move to play.
    fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize, qply: usize) -> i32 {
        self.pv_len[ply] = ply;
        if ply > 0 && self.tick() {
            return 0;
        }
        if let Some(v) = self.flow_end(ply) {
            return v;
        }
        self.seldepth = self.seldepth.max(ply);
        // A table entry from the main search (any depth covers quiescence) settles a non-PV
        // node as it would in the main search; quiescence itself stores nothing, so its many
        // shallow results do not push deeper ones out.
        if self.cfg.qsearch_tt && beta - alpha == 1 {
            let hash = self.game.position().hash();
            if let Some(s) = self
                .shared
                .tt
                .probe(hash)
                .and_then(|hit| tt_cutoff(&hit, alpha, beta, ply))
            {
                return s;
            }
        }
        let mut caps: ArrayVec<u64, MAX_MOVES> = ArrayVec::new();
        let weights = self.weights;
        let game = &self.game;
        let pos = game.position();
        let rules = *game.rules();
        let history = game.history();
        let mut dep = self.dep;
        let root_index = self.root_index;
        // The standing-pat score when the side to move may stand pat (it has a quiet move).
        let mut stand = None;
        // Standing pat needs a quiet move to stand on; the first one found usually is, so the
        // probe stops there. A stand-pat cutoff then needs no captures at all: bans among
        // captures never generated did not shape the result.
        let has_quiet = pos.has_quiet_move(&rules, history, |h| {
            Self::note_ban(&mut dep, root_index, game, h)
        });
        if has_quiet {
            let v = self.evals.get(game, &weights);
            if v >= beta || qply >= QS_MAX || ply >= MAX_PLY {
                self.dep = dep;
                return v;
            }
            stand = Some(v);
        }
        pos.for_each_capture_and_child(&rules, &mut self.hash_cache, |mv, cap, h| {
            if history.contains(h) {
                Self::note_ban(&mut dep, root_index, game, h);
            } else {
                caps.push(((cap as u64) << 32) | mv.bits() as u64);
            }
        });
        self.dep = dep;
        if caps.is_empty() && !has_quiet {
            return -MATE + ply as i32;
        }
        let mut best = -INF;
        if let Some(stand) = stand {
            if stand >= beta || qply >= QS_MAX || ply >= MAX_PLY {
                return stand;
            }
            best = stand;
            alpha = alpha.max(stand);
        } else if ply >= MAX_PLY {
            return self.evals.get(&self.game, &weights);
        }
        caps.sort_unstable_by(|a, b| b.cmp(a));
        for &key in &caps {
            let mv = Move::from_bits(key as u32).expect("generated move");
            self.game.make(mv);
            let v = -self.qsearch(-beta, -alpha, ply + 1, qply + 1);
            self.game.unmake();
            if self.stopped {
                return 0;
            }
            if self.improve(v, mv, ply, &mut best, &mut alpha, beta) == Step::Cutoff {
                break;
            }
        }
        best
    }

    /// Searches the root moves `moves` (all searched, best first by the previous iteration) in
    /// the window; updates each move's score and line. No table cutoff here: the root's moves
    /// are the game's, whatever any stored entry says.
    fn root_search(
        &mut self,
        moves: &mut [RootMove],
        mut alpha: i32,
        beta: i32,
        depth: i32,
    ) -> i32 {
        let mut best = -INF;
        self.pv_len[0] = 0;
        self.dep = usize::MAX;
        let root_lmr = self.cfg.root_lmr;
        let rules = *self.game.rules();
        // Root moves another thread is busy with are put off to the end, as inside the tree.
        let n = moves.len();
        let mut next = 0;
        let mut deferred: Vec<usize> = Vec::new();
        let mut next_deferred = 0;
        loop {
            let i = if next < n {
                next += 1;
                next - 1
            } else if next_deferred < deferred.len() {
                next_deferred += 1;
                deferred[next_deferred - 1]
            } else {
                break;
            };
            if self.smp
                && i > 0
                && next_deferred == 0
                && depth > DEFER_DEPTH
                && self
                    .shared
                    .is_busy(self.game.position().child_hash(moves[i].mv, &rules))
            {
                deferred.push(i);
                continue;
            }
            let rm = &mut moves[i];
            let quiet = self.game.position().capture_count(rm.mv, &rules) == 0;
            self.game.make(rm.mv);
            let mut v;
            if i == 0 {
                v = -self.search(-beta, -alpha, depth - 1, 1, true);
            } else {
                // Late root moves (ordered by the previous iteration's scores, so these are the
                // ones that did worst) are searched a little shallower first; a root move with
                // hundreds of siblings on a big board otherwise costs as much as the best one.
                let mut r = 0;
                if root_lmr && quiet && depth >= 3 && i >= 4 {
                    r = (self.lmr[(depth as usize).min(63)][i.min(63)] - 1).clamp(0, depth - 2);
                }
                v = -self.search(-alpha - 1, -alpha, depth - 1 - r, 1, true);
                if v > alpha && r > 0 {
                    v = -self.search(-alpha - 1, -alpha, depth - 1, 1, true);
                }
                if v > alpha && v < beta {
                    v = -self.search(-beta, -alpha, depth - 1, 1, true);
                }
            }
            self.game.unmake();
            if self.stopped {
                return best;
            }
            if i == 0 || v > alpha {
                rm.score = v;
                rm.pv.clear();
                rm.pv.push(rm.mv);
                let len = self.pv_len[1];
                rm.pv.extend_from_slice(&self.pv[1][1..len.max(1)]);
            } else {
                rm.score = -INF;
            }
            if v > best {
                best = v;
            }
            if v > alpha {
                alpha = v;
                if v >= beta {
                    break;
                }
            }
        }
        best
    }

    /// Iterative deepening over `root` up to `max_depth`, reporting each completed line to
    /// `report` (main thread only). Returns the deepest completed depth; `root` is left
    /// ordered best first as of the last completed iteration.
    pub fn iterate(
        &mut self,
        root: &mut Vec<RootMove>,
        max_depth: u32,
        multi_pv: usize,
        report: Option<&Sender<SearchInfo>>,
    ) -> u32 {
        let mut completed = 0;
        let mut last_good = root.clone();
        let multi_pv = multi_pv.clamp(1, root.len().max(1));
        let cfg = self.cfg;
        let mut depth = 1u32;
        while depth <= max_depth && (depth as usize) < MAX_PLY {
            // All threads search the same depths: measured on this machine, helpers one ply
            // ahead (the usual Lazy SMP spread) overwrote the main thread's table entries and
            // slowed both. The threads still diverge through the shared table's timing, and
            // the first to complete the depth limit ends the search.
            let d = depth as i32;
            for rm in root.iter_mut() {
                rm.prev_score = rm.score;
            }
            self.seldepth = 0;
            for pv_idx in 0..multi_pv {
                let prev = root[pv_idx].prev_score;
                let mut delta = 30;
                let (mut alpha, mut beta) =
                    if cfg.aspiration && d >= 4 && prev.abs() < MATE_BOUND && prev > -INF {
                        (prev - delta, prev + delta)
                    } else {
                        (-INF, INF)
                    };
                loop {
                    let v = self.root_search(&mut root[pv_idx..], alpha, beta, d);
                    root[pv_idx..].sort_by_key(|r| std::cmp::Reverse(r.score));
                    if self.stopped {
                        break;
                    }
                    if v <= alpha && alpha > -INF {
                        beta = (alpha + beta) / 2;
                        alpha = (v - delta).max(-INF);
                        delta *= 2;
                    } else if v >= beta && beta < INF {
                        beta = (v + delta).min(INF);
                        delta *= 2;
                    } else {
                        break;
                    }
                    if delta > 1000 {
                        alpha = -INF;
                        beta = INF;
                    }
                }
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            completed = d as u32;
            last_good = root.clone();
            if !self.is_main() {
                // Offer the result to the main thread, which plays the deepest one completed.
                let mut best = self.shared.helper_best.lock().expect("not poisoned");
                if best.as_ref().is_none_or(|(d, _, _)| *d < completed) {
                    *best = Some((completed, self.seldepth as u32, root.clone()));
                }
                drop(best);
                if completed >= self.shared.max_depth {
                    self.shared.abort.store(true, Ordering::Relaxed);
                    break;
                }
            }
            if let Some(tx) = report {
                self.poll();
                let s = self.shared;
                let nodes = s.nodes.load(Ordering::Relaxed);
                let time = s.time.elapsed();
                for (k, rm) in root.iter().take(multi_pv).enumerate() {
                    let _ = tx.send(SearchInfo {
                        depth: completed,
                        seldepth: self.seldepth as u32,
                        score: super::to_score(rm.score),
                        nodes,
                        nps: (nodes as f64 / time.as_secs_f64().max(1e-6)) as u64,
                        time,
                        hashfull: s.tt.hashfull(),
                        pv: rm.pv.clone(),
                        multipv: k + 1,
                    });
                }
            }
            if self.is_main() {
                // A forced result seen at this depth will not change with more depth.
                let decided = root[0].score.abs() >= MATE_BOUND
                    && (MATE - root[0].score.abs()) as u32 <= completed;
                if self.shared.time.soft_expired() || (decided && self.shared.time.is_timed()) {
                    break;
                }
                if root.len() == 1 && self.shared.time.is_timed() {
                    break;
                }
            }
            depth += 1;
        }
        if self.stopped || completed == 0 {
            // An interrupted iteration's scores are partial; the last completed one decides.
            *root = last_good;
        }
        self.poll();
        completed
    }
}
