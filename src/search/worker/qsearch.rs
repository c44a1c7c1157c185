//! Quiescence: below the main search's depth, only captures are searched, so that the static
//! evaluation is never taken in the middle of a capture sequence.

use arrayvec::ArrayVec;

use super::super::score::{INF, MATE, MAX_PLY};
use super::{tt_cutoff, Step, Worker};
use crate::rules::moves::MAX_MOVES;
use crate::rules::Move;

impl Worker<'_> {
    /// Quiescence: captures only, with the side to move allowed to stand pat on the static
    /// evaluation if it has a quiet move to play.
    pub(super) fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize, qply: usize) -> i32 {
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
        let qs_max_plies = self.params.qs_max_plies;
        let mut caps: ArrayVec<u64, MAX_MOVES> = ArrayVec::new();
        let evaluator = &mut self.evaluator;
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
            let v = self.evals.get(game, evaluator);
            if v >= beta || qply >= qs_max_plies || ply >= MAX_PLY {
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
            if stand >= beta || qply >= qs_max_plies || ply >= MAX_PLY {
                return stand;
            }
            best = stand;
            alpha = alpha.max(stand);
        } else if ply >= MAX_PLY {
            return self.evals.get(&self.game, &mut self.evaluator);
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
}
