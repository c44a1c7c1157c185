//! The learned evaluation: a small efficiently updatable network (NNUE) per game and board.
//!
//! Each side's seat ([`features`]) feeds a hidden layer of `hidden` neurons, the
//! accumulator, kept up to date from the squares a move changed ([`accumulator`]). The two
//! seats' accumulators, the side to move's first, pass a squared clipped ReLU into one output
//! neuron chosen by how much of the ply limit is played (the bucket): at the limit the count
//! decides, so the same board is worth different things early and late.
//!
//! Weights are integers: inputs and hidden biases scaled by [`QA`], output weights by [`QB`],
//! so the whole evaluation is integer arithmetic that gives the same answer on every machine
//! and in the browser. Networks are trained by `mingmang train` (the tools crate) and stored
//! in the format of [`mod@file`]; the default ones are compiled into the engine ([`builtin`]).

pub mod accumulator;
pub mod features;
pub mod file;
mod simd;

use std::sync::Arc;

use once_cell::sync::Lazy;

use self::features::{active_inputs, FeatureSet};
use crate::rules::{BoardSize, Color, Game, Rules};

/// The scale of the input weights and hidden biases: a hidden value of 1.0 is `QA`.
pub const QA: i32 = 255;
/// The scale of the output weights.
pub const QB: i32 = 64;

/// One trained network, quantised.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Network {
    /// The game it was trained for (the table of games' name).
    pub game: String,
    /// The board it was trained for.
    pub size: BoardSize,
    /// Its inputs.
    pub features: FeatureSet,
    /// Hidden neurons per seat (a multiple of 16).
    pub hidden: usize,
    /// Output buckets, by the share of the ply limit played.
    pub buckets: usize,
    /// Centi-pieces per unit of output.
    pub eval_scale: u32,
    /// Input-to-hidden weights, `hidden` per input, input by input.
    pub input_weights: Vec<i16>,
    /// The hidden layer's biases.
    pub input_bias: Vec<i16>,
    /// The output weights by bucket: the side to move's seat's `hidden`, then the other's.
    pub output_weights: Vec<i16>,
    /// The output biases by bucket, scaled by `QA * QB`.
    pub output_bias: Vec<i32>,
}

/// The networks compiled into the engine, one per game and board they were trained for.
static BUILTIN: Lazy<Vec<Network>> = Lazy::new(|| {
    BUILTIN_FILES
        .iter()
        .map(|(name, bytes)| {
            file::read(bytes).unwrap_or_else(|e| panic!("built-in network {name}: {e}"))
        })
        .collect()
});

/// The built-in network files, by file name.
const BUILTIN_FILES: &[(&str, &[u8])] = &[
    (
        "mingmang-8x8.mmnet",
        include_bytes!("builtin/mingmang-8x8.mmnet"),
    ),
    (
        "mingmang-9x9.mmnet",
        include_bytes!("builtin/mingmang-9x9.mmnet"),
    ),
];

/// The built-in networks.
pub fn builtin() -> &'static [Network] {
    &BUILTIN
}

/// The built-in network for `rules`, if one was trained for its game and board.
pub fn builtin_for(rules: &Rules) -> Option<&'static Network> {
    builtin().iter().find(|n| n.fits(rules))
}

/// The output bucket of `game` among `buckets`: the share of its ply limit played, in
/// `buckets` steps; the first bucket without a limit. The trainer sorts positions with it.
#[inline]
pub fn output_bucket(game: &Game, buckets: usize) -> usize {
    match game.rules().max_plies() {
        Some(limit) if limit > 0 => {
            let played = game.plies().min(limit as usize);
            (played * buckets / limit as usize).min(buckets - 1)
        }
        _ => 0,
    }
}

/// Which networks evaluate: the built-in ones, or one read from a file in place of the
/// built-in one of its game and board; or none, the hand-written evaluation everywhere.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NetworkChoice {
    /// Whether networks evaluate at all.
    pub enabled: bool,
    /// A network read from a file, used for the game and board it was trained for.
    pub loaded: Option<Arc<Network>>,
}

impl Default for NetworkChoice {
    /// The built-in networks.
    fn default() -> NetworkChoice {
        NetworkChoice {
            enabled: DEFAULT_ENABLED,
            loaded: None,
        }
    }
}

/// Whether the engine plays with its networks unless told otherwise.
pub const DEFAULT_ENABLED: bool = true;

impl NetworkChoice {
    /// The network that evaluates games under `rules`, if any: the loaded one if it fits,
    /// else the built-in one for the game and board, if there is one.
    pub fn for_rules(&self, rules: &Rules) -> Option<&Network> {
        if !self.enabled {
            return None;
        }
        match &self.loaded {
            Some(net) if net.fits(rules) => Some(net),
            _ => builtin_for(rules),
        }
    }
}

impl Network {
    /// How many inputs each seat has.
    pub fn inputs(&self) -> usize {
        self.features.inputs(self.size)
    }

    /// Whether this network evaluates games under `rules`: the game and board it was trained
    /// for, with inputs that describe every position of the game.
    pub fn fits(&self, rules: &Rules) -> bool {
        let family = rules.family();
        rules.game().name() == self.game
            && rules.size() == self.size
            && self
                .features
                .covers(family.has_kings(), family.has_placement())
    }

    /// The output bucket for `game`: the share of its ply limit played, in `buckets` steps;
    /// the first bucket without a limit.
    #[inline]
    pub fn bucket(&self, game: &Game) -> usize {
        output_bucket(game, self.buckets)
    }

    /// The weights of input `input` into the hidden layer.
    #[inline(always)]
    pub fn input_column(&self, input: usize) -> &[i16] {
        &self.input_weights[input * self.hidden..(input + 1) * self.hidden]
    }

    /// A seat's accumulator computed from nothing: the biases plus the weights of every
    /// active input.
    pub fn refresh(&self, game_position: &crate::rules::Position, seat: Color, out: &mut [i16]) {
        out.copy_from_slice(&self.input_bias);
        active_inputs(game_position, seat, self.features, |i| {
            simd::add_assign(out, self.input_column(i))
        });
    }

    /// The evaluation, in centi-pieces, of a position given by its active inputs: the side to
    /// move's seat's `us`, the other's `them` (as the trainer holds positions).
    pub fn evaluate_inputs(&self, us: &[u16], them: &[u16], bucket: usize) -> i32 {
        let seat = |inputs: &[u16]| {
            let mut acc = self.input_bias.clone();
            for &i in inputs {
                simd::add_assign(&mut acc, self.input_column(i as usize));
            }
            acc
        };
        self.output(&seat(us), &seat(them), bucket)
    }

    /// The evaluation in centi-pieces for the side to move, from its seat's accumulator
    /// `us`, the other's `them`, and the output bucket.
    #[inline]
    pub fn output(&self, us: &[i16], them: &[i16], bucket: usize) -> i32 {
        let w = &self.output_weights[bucket * 2 * self.hidden..(bucket + 1) * 2 * self.hidden];
        let (w_us, w_them) = w.split_at(self.hidden);
        let sum = simd::screlu_dot(us, w_us) + simd::screlu_dot(them, w_them);
        let out = (sum / QA as i64) + self.output_bias[bucket] as i64;
        (out * self.eval_scale as i64 / (QA * QB) as i64) as i32
    }

    /// The evaluation of `game`'s position for the side to move, computed from nothing (the
    /// reference the incremental path is tested against).
    pub fn evaluate_fresh(&self, game: &Game) -> i32 {
        let pos = game.position();
        let us = pos.side_to_move();
        let mut a = vec![0i16; self.hidden];
        let mut b = vec![0i16; self.hidden];
        self.refresh(pos, us, &mut a);
        self.refresh(pos, us.other(), &mut b);
        self.output(&a, &b, self.bucket(game))
    }

    /// Refuses a network whose accumulators could overflow 16 bits on some position: for
    /// each neuron, the bias plus, on every square, the larger in size of the two pieces'
    /// weights there, plus (with king planes) each king's largest weight on any square, or
    /// (with hands) every thermometer input's, must fit. (A square holds one piece and a side
    /// one king, so no position adds more; a king's piece input is already among its square's
    /// two.)
    pub fn check_accumulator_range(&self) -> Result<(), String> {
        let area = self.size.area();
        let weight = |input: usize, j: usize| self.input_weights[input * self.hidden + j] as i64;
        for j in 0..self.hidden {
            let mut worst = [self.input_bias[j] as i64; 2];
            for sq in 0..area {
                let (own, theirs) = (weight(sq, j), weight(area + sq, j));
                worst[0] += own.max(theirs).max(0);
                worst[1] += own.min(theirs).min(0);
            }
            if self.features.has_hands() {
                // Every input of both thermometers can be lit at once.
                for k in 0..2 * features::HAND_INPUTS {
                    let w = weight(2 * area + k, j);
                    worst[0] += w.max(0);
                    worst[1] += w.min(0);
                }
            }
            if self.features.has_kings() {
                for plane in [2, 3] {
                    let column = (0..area).map(|sq| weight(plane * area + sq, j));
                    let (lo, hi) = column.fold((0, 0), |(lo, hi), w| (w.min(lo), w.max(hi)));
                    worst[0] += hi;
                    worst[1] += lo;
                }
            }
            if worst[0] > i16::MAX as i64 || worst[1] < i16::MIN as i64 {
                return Err(format!(
                    "hidden neuron {j} could leave the 16-bit range ({}..{})",
                    worst[1], worst[0]
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
