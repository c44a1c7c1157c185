//! The main search below the root: principal variation search over the staged move picker,
//! with the table, reverse futility pruning, late move reductions and pruning. Each
//! technique is one step of `search_node` and is explained where it is applied.

use arrayvec::ArrayVec;

use super::super::picker::{Hints, Kind, MovePicker};
use super::super::score::{to_tt, INF, MATE, MATE_BOUND, MAX_PLY};
use super::super::tt::Bound;
use super::{tt_cutoff, Step, Worker};
use crate::rules::Move;

/// What one node of the main search knows while it searches its moves.
struct Node {
    alpha: i32,
    beta: i32,
    depth: i32,
    ply: usize,
    /// Whether the window is open (a principal variation node) rather than null.
    pv_node: bool,
    /// The static evaluation, once something asked for it.
    static_eval: Option<i32>,
}

/// How the loop over a node's moves ended.
enum Searched {
    /// Every move was searched or pruned, or one cut off: the best score and move.
    Done(i32, Option<Move>),
    /// The search was stopped; the result means nothing.
    Stopped,
}

impl Worker<'_> {
    /// Searches a child node, keeping the rule 7 dependency of this subtree.
    /// With several threads, a node deep enough to be worth it is marked busy while searched.
    pub(super) fn search(&mut self, alpha: i32, beta: i32, depth: i32, ply: usize) -> i32 {
        let outer = self.dep;
        self.dep = usize::MAX;
        let hash = self.game.position().hash();
        let marked = self.smp && depth >= self.params.defer_depth && self.shared.mark_busy(hash);
        let node = Node {
            alpha,
            beta,
            depth,
            ply,
            pv_node: beta - alpha > 1,
            static_eval: None,
        };
        let v = self.search_node(node, hash);
        if marked {
            self.shared.unmark_busy(hash);
        }
        self.dep = self.dep.min(outer);
        v
    }

    /// The node's score: the table, quiescence at the horizon, reverse futility, then its
    /// moves.
    fn search_node(&mut self, mut node: Node, hash: u64) -> i32 {
        let ply = node.ply;
        self.pv_len[ply] = ply;
        if self.tick() {
            return 0;
        }
        if let Some(v) = self.flow_end(ply) {
            return v;
        }
        if node.depth <= 0 {
            return self.qsearch(node.alpha, node.beta, ply, 0);
        }
        let depth = node.depth;
        if ply >= MAX_PLY {
            return self.evals.get(&self.game, &mut self.evaluator);
        }
        self.seldepth = self.seldepth.max(ply);
        // Mate distance pruning: no line from here can beat a win found closer to the root.
        node.alpha = node.alpha.max(-MATE + ply as i32);
        node.beta = node.beta.min(MATE - ply as i32 - 1);
        if node.alpha >= node.beta {
            return node.alpha;
        }
        let mut tt_move = None;
        if let Some(hit) = self.shared.tt.probe(hash) {
            tt_move = hit.mv;
            if !node.pv_node && hit.depth >= depth {
                if let Some(s) = tt_cutoff(&hit, node.alpha, node.beta, ply) {
                    return s;
                }
            }
        }
        if let Some(v) = self.reverse_futility(&mut node) {
            return v;
        }
        let (best, best_move) = match self.search_moves(&mut node, tt_move) {
            Searched::Done(best, best_move) => (best, best_move),
            Searched::Stopped => return 0,
        };
        if best == -INF {
            // Rule 8: every move was banned, a loss (the bans are noted in `dep`).
            return -MATE + ply as i32;
        }
        self.store(hash, &node, best, best_move);
        best
    }

    /// The node's static evaluation, computed the first time a step asks for it.
    fn static_eval(&mut self, node: &mut Node) -> i32 {
        let (game, evaluator) = (&self.game, &mut self.evaluator);
        let evals = &mut self.evals;
        *node
            .static_eval
            .get_or_insert_with(|| evals.get(game, evaluator))
    }

    /// Reverse futility pruning: in a node expected to fail high, a static evaluation that
    /// beats beta by a margin growing with the depth left is trusted without a search, since
    /// the opponent rarely wins back that much in a ply or two. It is the cheap cousin of
    /// null-move pruning: no search, but only near the leaves. A side without a legal move has
    /// lost (rule 8) whatever its evaluation says, so a legal move is checked for before
    /// pruning: only where the pruning would happen, a small share of the nodes it saves
    /// searching.
    /// Returns the node's score if it is pruned.
    fn reverse_futility(&mut self, node: &mut Node) -> Option<i32> {
        if !(self.cfg.reverse_futility && !node.pv_node && node.depth <= self.params.rfp_max_depth)
            || node.beta.abs() >= MATE_BOUND
        {
            return None;
        }
        let eval = self.static_eval(node);
        let margin = self.params.rfp_margin_per_ply * node.depth;
        (eval - margin >= node.beta && self.has_legal_move()).then_some(eval)
    }

    /// The loop over the node's moves, in the picker's order; moves another thread is busy
    /// with are put off to the end (see `Shared::busy`).
    fn search_moves(&mut self, node: &mut Node, tt_move: Option<Move>) -> Searched {
        let (depth, ply) = (node.depth, node.ply);
        let mut best = -INF;
        let mut best_move = None;
        let mut quiets: ArrayVec<Move, 64> = ArrayVec::new();
        let p = &self.params;
        let lmp_limit = p.lmp_base + p.lmp_per_depth_squared * (depth * depth) as usize;
        // Late move pruning stops at the first quiet move past the limit: the picker need
        // only set that many apart from the rest.
        let lmp = !node.pv_node && self.cfg.late_move_pruning && depth <= p.lmp_max_depth;
        let mut picker = MovePicker::new(tt_move, if lmp { lmp_limit + 1 } else { usize::MAX });
        let mut searched = 0;
        let mut deferred: ArrayVec<(Move, Kind, u64), 64> = ArrayVec::new();
        let mut next_deferred = 0;
        let mut picking = true;
        let defer = self.smp && depth > self.params.defer_depth;
        loop {
            let next = if picking {
                let hints = Hints {
                    history: &self.history,
                    width: self.width,
                    killers: self.killers[ply],
                    threat_order: self.cfg.threat_order,
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
            if !node.pv_node && searched > 0 && quiet && best > -MATE_BOUND {
                // Late move pruning: in a node expected to fail low, quiet moves this late in
                // the order (hundreds on big boards) rarely matter at low depth.
                if lmp && searched >= lmp_limit {
                    break;
                }
                if self.futile(node) {
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
            self.shared.tt.prefetch(child);
            let v = self.search_child(node, mv, kind, searched);
            if self.stopped {
                return Searched::Stopped;
            }
            let step = self.improve(v, mv, ply, &mut best, &mut node.alpha, node.beta);
            if step != Step::Worse {
                best_move = Some(mv);
            }
            if step == Step::Cutoff {
                if quiet {
                    self.reward_cutoff(ply, depth, mv, &quiets);
                }
                break;
            }
            if quiet && !quiets.is_full() {
                quiets.push(mv);
            }
            searched += 1;
        }
        Searched::Done(best, best_move)
    }

    /// Futility: whether a quiet move cannot lift this node's hopeless static score by the
    /// margin (near the leaves only). The static evaluation is computed the first time this
    /// asks, after the first move, which often cuts off alone.
    fn futile(&mut self, node: &mut Node) -> bool {
        if !self.cfg.futility || node.depth > self.params.futility_max_depth {
            return false;
        }
        let eval = self.static_eval(node);
        eval + self.params.futility_margin_per_ply * node.depth <= node.alpha
    }

    /// Plays `mv` and searches it: the first move with the full window, the others with a
    /// null window (late quiet ones reduced first), re-searched when they beat alpha.
    fn search_child(&mut self, node: &Node, mv: Move, kind: Kind, searched: usize) -> i32 {
        let (alpha, beta, ply) = (node.alpha, node.beta, node.ply);
        let new_depth = node.depth - 1;
        self.game.make(mv);
        let mut v;
        if searched == 0 {
            v = -self.search(-beta, -alpha, new_depth, ply + 1);
        } else {
            // Late move reductions for quiet moves ordered late; re-searched at full depth
            // when they beat alpha. The first killer is trusted enough not to be reduced.
            let mut r = 0;
            if self.cfg.lmr
                && node.depth >= self.params.lmr_min_depth
                && kind.is_quiet()
                && kind != Kind::Killer
            {
                r = self.lmr[(node.depth as usize).min(63)][searched.min(63)];
                if node.pv_node {
                    r -= 1;
                }
                r = r.clamp(0, new_depth - 1);
            }
            v = -self.search(-alpha - 1, -alpha, new_depth - r, ply + 1);
            if v > alpha && r > 0 {
                v = -self.search(-alpha - 1, -alpha, new_depth, ply + 1);
            }
            if v > alpha && v < beta && node.pv_node {
                v = -self.search(-beta, -alpha, new_depth, ply + 1);
            }
        }
        self.game.unmake();
        v
    }

    /// A quiet move cut off: it becomes this ply's first killer, and its history score rises
    /// while those of the quiet moves searched before it fall.
    fn reward_cutoff(&mut self, ply: usize, depth: i32, mv: Move, quiets: &[Move]) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let p = &self.params;
        let bonus = (depth * depth).min(p.history_bonus_cap) * p.history_bonus_scale;
        self.update_history(mv, bonus);
        for &q in quiets {
            self.update_history(q, -bonus);
        }
    }

    /// Stores the node's result: a score only if it does not depend on the path that led here
    /// (see the module documentation), else just the best move.
    fn store(&self, hash: u64, node: &Node, best: i32, best_move: Option<Move>) {
        let path_independent = self.dep >= self.root_index + node.ply;
        if path_independent {
            let bound = if best >= node.beta {
                Bound::Lower
            } else if best_move.is_some() {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.shared
                .tt
                .store(hash, best_move, to_tt(best, node.ply), node.depth, bound);
        } else if best_move.is_some() {
            self.shared.tt.store(hash, best_move, 0, 0, Bound::None);
        }
    }
}
