//! The root: its moves searched in the window, and iterative deepening with aspiration windows
//! and MultiPV over them, reporting each completed depth (and, when stopped inside a depth, a
//! move that already beat the previous best there).

use std::sync::atomic::Ordering;

use super::super::score::{to_score, INF, MATE, MATE_BOUND, MAX_PLY};
use super::super::SearchInfo;
use super::{RootMove, Worker};

impl Worker<'_> {
    /// Searches the root moves `moves` (all searched, best first by the previous iteration) in
    /// the window; updates each move's score and line. No table cutoff here: the root's moves
    /// are the game's, whatever any stored entry says.
    pub(super) fn root_search(
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
        let p = self.params;
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
                && depth > p.defer_depth
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
                v = -self.search(-beta, -alpha, depth - 1, 1);
            } else {
                // Late root moves (ordered by the previous iteration's scores, so these are the
                // ones that did worst) are searched a little shallower first; a root move with
                // hundreds of siblings on a big board otherwise costs as much as the best one.
                let mut r = 0;
                if root_lmr && quiet && depth >= p.lmr_min_depth && i >= p.root_lmr_min_move {
                    r = (self.lmr[(depth as usize).min(63)][i.min(63)] - 1).clamp(0, depth - 2);
                }
                v = -self.search(-alpha - 1, -alpha, depth - 1 - r, 1);
                if v > alpha && r > 0 {
                    v = -self.search(-alpha - 1, -alpha, depth - 1, 1);
                }
                if v > alpha && v < beta {
                    v = -self.search(-beta, -alpha, depth - 1, 1);
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
                // A move that beat the previous iteration's best; in the first iteration, which
                // has none, the best searched so far (the first move included, so that a
                // search stopped there keeps its score and line).
                if i > 0 || depth == 1 {
                    self.partial_best = Some(rm.clone());
                }
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
    /// ordered best first as of the last completed iteration (the order it came in if none
    /// was), or headed by a move that beat that iteration's best in the interrupted one
    /// (reported too). Stopped inside the first iteration with several lines wanted, the
    /// lines it finished head `root` with their scores, and the rest score `-INF`.
    pub fn iterate(
        &mut self,
        root: &mut Vec<RootMove>,
        max_depth: u32,
        multi_pv: usize,
        mut report: Option<&mut dyn FnMut(&SearchInfo)>,
    ) -> u32 {
        let mut completed = 0;
        let mut last_good = root.clone();
        let multi_pv = multi_pv.clamp(1, root.len().max(1));
        let mut depth = 1u32;
        // How many of the wanted lines the latest iteration finished.
        let mut lines_done = 0;
        // A limit already reached (`nodes 0`, a clock with no time left) ends the search before
        // it begins; the root's order then answers.
        self.poll();
        while !self.stopped && depth <= max_depth && (depth as usize) < MAX_PLY {
            // All threads search the same depths: measured on this machine, helpers one ply
            // ahead (the usual Lazy SMP spread) overwrote the main thread's table entries and
            // slowed both. The threads still diverge through the shared table's timing, and
            // the first to complete the depth limit ends the search.
            let d = depth as i32;
            for rm in root.iter_mut() {
                rm.prev_score = rm.score;
            }
            self.seldepth = 0;
            self.partial_best = None;
            lines_done = 0;
            for pv_idx in 0..multi_pv {
                self.aspiration(&mut root[pv_idx..], d);
                if self.stopped {
                    break;
                }
                lines_done = pv_idx + 1;
            }
            if self.stopped {
                break;
            }
            // Each line is the best of the moves the earlier lines left, but a later line's
            // search (other windows, a fuller table) can score above an earlier one: the lines
            // are put in order of their scores (stably), so that the lines reported, and the
            // move played, are best first.
            root[..multi_pv].sort_by_key(|r| std::cmp::Reverse(r.score));
            completed = d as u32;
            last_good = root.clone();
            if !self.is_main() && self.offer_to_main(root, completed) {
                break;
            }
            if let Some(report) = report.as_mut() {
                self.report(root, completed, multi_pv, &mut **report);
            }
            if self.is_main() && self.enough(root, completed) {
                break;
            }
            depth += 1;
        }
        if completed == 0 && lines_done > 0 {
            // Stopped inside the first iteration with several lines wanted (a strength level
            // drawing among them) and some of them finished: those lines are exact at depth
            // 1, and the level draws among them. Falling back on the root's own order would
            // make every level play the same first move whenever its lines cost more than
            // the budget (54 lines at the lowest level outgrow a 2,000-node search).
            root[..lines_done].sort_by_key(|r| std::cmp::Reverse(r.score));
            for rm in &mut root[lines_done..] {
                rm.score = -INF;
                rm.pv.clear();
                rm.pv.push(rm.mv);
            }
            if let Some(report) = report.as_mut() {
                self.report(root, 1, lines_done, &mut **report);
            }
        } else if self.stopped || completed == 0 {
            // An interrupted iteration's scores are partial; the last completed one decides
            // (before the first, the root's own order: captures first)...
            *root = last_good;
            // ...unless a move beat the previous best in it: that one was searched a ply
            // deeper than anything completed, against the previous best searched at the same
            // depth, and the deeper comparison is the better guess. Each iteration costs several
            // times the one before, so the interrupted one is often half the budget; throwing
            // it away wastes that. Inside the first iteration it is the best move searched so
            // far. (With several lines wanted, all would need the new depth.)
            if multi_pv == 1 && self.cfg.partial_iteration {
                if let Some(better) = self.partial_best.take() {
                    if let Some(k) = root.iter().position(|rm| rm.mv == better.mv) {
                        root[..=k].rotate_right(1);
                        root[0] = better;
                        if let Some(report) = report.as_mut() {
                            self.report(root, completed + 1, 1, &mut **report);
                        }
                    }
                }
            }
        }
        self.poll();
        completed
    }

    /// One depth of the line whose best move heads `moves`: a window around the previous
    /// iteration's score (aspiration), widened on each side that fails until the score falls
    /// inside; `moves` is left sorted best first.
    fn aspiration(&mut self, moves: &mut [RootMove], d: i32) {
        let prev = moves[0].prev_score;
        let p = self.params;
        let mut delta = p.aspiration_window;
        let (mut alpha, mut beta) = if self.cfg.aspiration
            && d >= p.aspiration_min_depth
            && prev.abs() < MATE_BOUND
            && prev > -INF
        {
            (prev - delta, prev + delta)
        } else {
            (-INF, INF)
        };
        loop {
            let v = self.root_search(moves, alpha, beta, d);
            moves.sort_by_key(|r| std::cmp::Reverse(r.score));
            if self.stopped {
                return;
            }
            if v <= alpha && alpha > -INF {
                beta = (alpha + beta) / 2;
                alpha = (v - delta).max(-INF);
                delta *= 2;
            } else if v >= beta && beta < INF {
                beta = (v + delta).min(INF);
                delta *= 2;
            } else {
                return;
            }
            if delta > p.aspiration_max_window {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    /// A helper thread offers its completed depth to the main thread, which plays the deepest
    /// one completed. Returns whether the search is over (it reached the depth limit).
    fn offer_to_main(&self, root: &[RootMove], completed: u32) -> bool {
        let mut best = self.shared.helper_best.lock().expect("not poisoned");
        if best.as_ref().is_none_or(|(d, _, _)| *d < completed) {
            *best = Some((completed, self.seldepth as u32, root.to_vec()));
        }
        drop(best);
        if completed >= self.shared.max_depth {
            self.shared.abort.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }

    /// Tells the caller of the completed depth's lines.
    fn report(
        &mut self,
        root: &[RootMove],
        completed: u32,
        multi_pv: usize,
        report: &mut dyn FnMut(&SearchInfo),
    ) {
        self.poll();
        let s = self.shared;
        let nodes = s.nodes.load(Ordering::Relaxed);
        let time = s.time.elapsed();
        for (k, rm) in root.iter().take(multi_pv).enumerate() {
            report(&SearchInfo {
                depth: completed,
                seldepth: self.seldepth as u32,
                score: to_score(rm.score),
                nodes,
                nps: (nodes as f64 / time.as_secs_f64().max(1e-6)) as u64,
                time,
                hashfull: s.tt.hashfull(),
                pv: rm.pv.clone(),
                multipv: k + 1,
            });
        }
    }

    /// Whether the main thread should stop deepening: the soft time limit passed, a forced
    /// result is settled (it will not change with more depth), or there is one move.
    fn enough(&self, root: &[RootMove], completed: u32) -> bool {
        let time = &self.shared.time;
        let decided =
            root[0].score.abs() >= MATE_BOUND && (MATE - root[0].score.abs()) as u32 <= completed;
        time.soft_expired() || (decided && time.is_timed()) || (root.len() == 1 && time.is_timed())
    }
}
