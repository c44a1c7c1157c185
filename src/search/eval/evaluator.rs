//! A search thread's evaluation: the hand-written one with its weights, or a network with
//! the thread's own accumulators.

use super::network::accumulator::Accumulator;
use super::network::Network;
use super::{GameWeights, EVAL_LIMIT};
use crate::rules::Game;

/// What evaluates the positions of one search thread.
pub enum Evaluator<'n> {
    /// The hand-written evaluation.
    Hand(GameWeights),
    /// A network, with this thread's accumulators.
    Network(&'n Network, Box<Accumulator>),
}

impl<'n> Evaluator<'n> {
    /// The network's evaluation if there is one, else the weights'.
    pub fn new(weights: GameWeights, network: Option<&'n Network>) -> Evaluator<'n> {
        match network {
            Some(net) => Evaluator::Network(net, Box::new(Accumulator::new(net))),
            None => Evaluator::Hand(weights),
        }
    }

    /// The evaluation of `game`'s position for the side to move, in centi-pieces, within
    /// [`EVAL_LIMIT`].
    #[inline]
    pub fn evaluate(&mut self, game: &Game) -> i32 {
        match self {
            Evaluator::Hand(w) => w.evaluate(game),
            Evaluator::Network(net, acc) => acc.evaluate(net, game).clamp(-EVAL_LIMIT, EVAL_LIMIT),
        }
    }
}
