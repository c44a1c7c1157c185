//! A per-thread cache of static evaluations by position hash.

use super::eval::Evaluator;
use crate::rules::Game;

/// Slots of a worker's evaluation cache (a power of two).
const EVAL_CACHE_SLOTS: usize = 1 << 14;

/// Static evaluations by position hash, one direct-mapped table per worker. Iterative
/// deepening evaluates the same leaves again at every iteration, and quiescence evaluates
/// nearly every node it visits. The evaluation is a function of the position (the rules and
/// the evaluation are fixed for the search), apart from the ply-limit phase, which moves in steps of
/// an eighth of the limit: a worker's cache lives for one search, so a hit returns what
/// evaluating would, except for the rare search that crosses such a step.
pub(super) struct EvalCache {
    slots: Vec<(u64, i32)>,
}

impl EvalCache {
    pub(super) fn new() -> EvalCache {
        EvalCache {
            slots: vec![(0, 0); EVAL_CACHE_SLOTS],
        }
    }

    /// The evaluation of `game`'s position, from the cache when it holds it.
    #[inline]
    pub(super) fn get(&mut self, game: &Game, evaluator: &mut Evaluator) -> i32 {
        let hash = game.position().hash();
        let slot = &mut self.slots[hash as usize & (EVAL_CACHE_SLOTS - 1)];
        if slot.0 == hash {
            return slot.1;
        }
        let v = evaluator.evaluate(game);
        *slot = (hash, v);
        v
    }
}
