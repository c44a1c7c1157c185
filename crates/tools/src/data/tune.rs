//! Fitting the evaluation weights to self-play records (the Texel method): the probability that
//! the side to move wins is modelled as `sigmoid(K * eval / 400)` with
//! `sigmoid(x) = 1 / (1 + 10^-x)`, and the weights are chosen to minimise the mean squared
//! error between that and the game results (1, 1/2, 0 from the side to move's view).
//!
//! 1. Positions are read per weight set (Ming Mang by board-size class, each relative on its
//!    own). Mate scores and positions where the side to move can capture are left out: the
//!    search asks the evaluation only of positions where it stands pat, and quiescence
//!    resolves the captures (a position with a capture on the board is worth what the capture
//!    gains, which no weight of a quiet position should learn).
//! 2. Each position becomes its feature vector ([`super::features`]): the evaluation is linear
//!    in the weights, so the error and its gradient are cheap sums over the data.
//! 3. `K` is fitted first, with the starting weights (a golden-section search), then held
//!    fixed: it sets the scale, and fitting both would let weights and `K` trade off.
//!    The target is then the result blended with the search's own score: `lambda *
//!    sigmoid(K * score / 400) + (1 - lambda) * result`. A result says little about a
//!    position 300 plies before the end; the score of a search from it says what the position
//!    holds now.
//! 4. The weights are fitted by Adam on the full batch, then rounded to whole centi-pieces.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::features::{features, is_linear};
use super::training_record::{read_records_file, ReadRecord, RecordScore};
use mingmang::search::eval::{GameWeights, WeightSet, Weights, WEIGHT_LIMIT};

/// How to fit.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    /// Full passes of Adam over the data.
    pub epochs: usize,
    /// Adam's step size, in centi-pieces.
    pub rate: f64,
    /// The weight of the search score in the target (0: the result alone, 1: the score alone).
    pub lambda: f64,
    /// Weights held at their starting values (by name, in every set that has them): material,
    /// for one, is the unit the search's margins are written in.
    pub frozen: Vec<String>,
}

impl TuneConfig {
    /// Checks every number and name against what the fit can use: finite numbers in range,
    /// frozen weights that exist in some set of `weights`.
    pub fn check(&self, weights: &Weights) -> Result<(), String> {
        if !(1..=MAX_EPOCHS).contains(&self.epochs) {
            return Err(format!(
                "--epochs {} is not between 1 and {MAX_EPOCHS}",
                self.epochs
            ));
        }
        if !(self.rate.is_finite() && self.rate > 0.0 && self.rate <= MAX_RATE) {
            return Err(format!(
                "--rate {} is not a number above 0 and at most {MAX_RATE}",
                self.rate
            ));
        }
        if !(self.lambda.is_finite() && (0.0..=1.0).contains(&self.lambda)) {
            return Err(format!("--lambda {} is not between 0 and 1", self.lambda));
        }
        for name in &self.frozen {
            let known = WeightSet::ALL
                .iter()
                .any(|&set| weights.of(set).names().contains(&name.as_str()));
            if !known {
                return Err(format!(
                    "--freeze {name}: no weight set has a weight of that name (the names are \
                     listed in the weights file `mingmang tune` writes)"
                ));
            }
        }
        Ok(())
    }
}

/// The most passes `tune` makes over the data.
pub const MAX_EPOCHS: usize = 1_000_000;
/// The largest step size, in centi-pieces: a step beyond a few pieces throws the fit away.
pub const MAX_RATE: f64 = 1000.0;

impl Default for TuneConfig {
    fn default() -> TuneConfig {
        TuneConfig {
            epochs: 400,
            rate: 1.0,
            lambda: 0.0,
            frozen: Vec::new(),
        }
    }
}

/// The positions of one weight set, as feature vectors with their targets.
#[derive(Default)]
pub struct Dataset {
    /// Feature vectors, one per position, each as long as the set's weights.
    pub features: Vec<Vec<f32>>,
    /// The side to move's result: 1, 0.5 or 0.
    pub targets: Vec<f32>,
    /// The search's score of the position, centi-pieces for the side to move.
    pub scores: Vec<f32>,
}

/// What was read: the positions of each weight set, and how many records were left out.
pub struct Data {
    /// The positions by weight set.
    pub sets: BTreeMap<usize, (WeightSet, Dataset)>,
    /// Records read in all.
    pub read: usize,
    /// Records left out (mate scores, positions with a capture to make).
    pub skipped: usize,
}

/// Reads records files into feature vectors for the sets of `weights`. Each file is read as
/// [`super::training_record::read_records_file`] checks it (every shard whole, every record on its
/// rules' board with a legal move); errors name the file and the line.
pub fn load(paths: &[PathBuf], weights: &Weights) -> Result<Data, String> {
    let mut data = Data {
        sets: BTreeMap::new(),
        read: 0,
        skipped: 0,
    };
    for path in paths {
        read_records_file(path, |read| data.add(read, weights))?;
    }
    Ok(data)
}

impl Data {
    /// Adds one record, or counts it as left out (see the module documentation).
    fn add(&mut self, read: ReadRecord, weights: &Weights) {
        self.read += 1;
        let RecordScore::Cp(score) = read.record.score else {
            self.skipped += 1;
            return;
        };
        let game = read.game;
        let mut captures = 0;
        game.position()
            .generate_captures(game.rules(), |_, _| captures += 1);
        if captures > 0 {
            self.skipped += 1;
            return;
        }
        let Some(set) = WeightSet::of_rules(game.rules()) else {
            // A game with no weights of its own to fit (none a record can name).
            self.skipped += 1;
            return;
        };
        let w = weights.of(set);
        let white = game.side_to_move() == mingmang::rules::Color::White;
        let result = read.record.result.white_score() as f32;
        let entry = self
            .sets
            .entry(set.index())
            .or_insert_with(|| (set, Dataset::default()));
        entry.1.features.push(features(&game, w));
        entry
            .1
            .targets
            .push(if white { result } else { 1.0 - result });
        entry.1.scores.push(score as f32);
        // The premise of the whole method, checked now and then on the real data.
        if entry.1.targets.len() % 997 == 1 {
            assert!(
                is_linear(&game, w),
                "the evaluation is not linear in its weights"
            );
        }
    }
}

/// `1 / (1 + 10^(-k * eval / 400))`: the winning chance a score of `eval` centi-pieces stands
/// for at scale `k` (the network trainer's too).
pub fn sigmoid(eval: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// The mean squared error of `weights` on `data` with scale `k`.
pub fn loss(data: &Dataset, weights: &[f64], k: f64) -> f64 {
    if data.targets.is_empty() {
        return 0.0;
    }
    let total: f64 = data
        .features
        .iter()
        .zip(&data.targets)
        .map(|(f, &y)| {
            let e: f64 = f.iter().zip(weights).map(|(&x, w)| x as f64 * w).sum();
            (sigmoid(e, k) - y as f64).powi(2)
        })
        .sum();
    total / data.targets.len() as f64
}

/// The `K` that minimises the error of `weights` (see [`fit_scale`]).
pub fn fit_k(data: &Dataset, weights: &[f64]) -> f64 {
    fit_scale(|k| loss(data, weights, k))
}

/// The scale `K` in 0.01..10 that minimises `error` (golden-section search, 60 steps; the
/// error of a sigmoid's scale has one minimum).
pub fn fit_scale(error: impl Fn(f64) -> f64) -> f64 {
    let (mut a, mut b) = (0.01f64, 10.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let c = b - ratio * (b - a);
        let d = a + ratio * (b - a);
        if error(c) < error(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// Fits `start` to `data` with `K` fixed (see the module documentation); returns the weights
/// before rounding.
/// Weights whose `free` entry is false keep their starting values.
pub fn fit(data: &Dataset, start: &[f64], free: &[bool], k: f64, config: &TuneConfig) -> Vec<f64> {
    let n = start.len();
    let mut w = start.to_vec();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (beta1, beta2, eps) = (0.9, 0.999, 1e-8);
    let scale = k * std::f64::consts::LN_10 / 400.0;
    for epoch in 1..=config.epochs {
        let mut grad = vec![0.0; n];
        for (f, &y) in data.features.iter().zip(&data.targets) {
            let e: f64 = f.iter().zip(&w).map(|(&x, w)| x as f64 * w).sum();
            let p = sigmoid(e, k);
            // d/dw (p - y)^2 = 2 (p - y) p (1 - p) * scale * f
            let common = 2.0 * (p - y as f64) * p * (1.0 - p) * scale;
            for (g, &x) in grad.iter_mut().zip(f) {
                *g += common * x as f64;
            }
        }
        let count = data.targets.len().max(1) as f64;
        for i in (0..n).filter(|&i| free[i]) {
            let g = grad[i] / count;
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(epoch as i32));
            let v_hat = v[i] / (1.0 - beta2.powi(epoch as i32));
            w[i] -= config.rate * m_hat / (v_hat.sqrt() + eps);
        }
    }
    w
}

/// Blends each target of `data` with its search score, in place (see the module
/// documentation): the feature vectors, most of the memory, stay where they are.
pub fn blend(data: &mut Dataset, k: f64, lambda: f64) {
    for (target, &score) in data.targets.iter_mut().zip(&data.scores) {
        *target = (lambda * sigmoid(score as f64, k) + (1.0 - lambda) * *target as f64) as f32;
    }
}

/// What tuning one weight set did.
pub struct SetReport {
    /// The set.
    pub set: WeightSet,
    /// Positions it was fitted on.
    pub positions: usize,
    /// The fitted scale.
    pub k: f64,
    /// The error with the starting weights and with the rounded fitted ones (against the
    /// blended targets).
    pub loss_before: f64,
    /// See [`SetReport::loss_before`].
    pub loss_after: f64,
    /// The fitted weights before rounding, in the order of the set's names: a weight far from
    /// its rounded value says the evaluation's unit is too coarse for it.
    pub fitted: Vec<f64>,
}

/// Tunes every weight set `data` has positions of, starting from `start`; returns the new
/// weights (the sets without data unchanged) and a report per set. The targets are blended
/// in place, so the data is used up. A fit that leaves the numbers (a step size too large for
/// the data) is an error; a weight fitted beyond [`WEIGHT_LIMIT`] is held at the limit, and
/// the report shows the fitted value beside it.
pub fn tune(
    data: Data,
    start: &Weights,
    config: &TuneConfig,
) -> Result<(Weights, Vec<SetReport>), String> {
    let mut tuned = *start;
    let mut reports = Vec::new();
    for (set, mut dataset) in data.sets.into_values() {
        let w0: Vec<f64> = start.of(set).values().iter().map(|&v| v as f64).collect();
        let k = fit_k(&dataset, &w0);
        blend(&mut dataset, k, config.lambda);
        let dataset = &dataset;
        let free: Vec<bool> = start
            .of(set)
            .names()
            .iter()
            .map(|name| !config.frozen.iter().any(|f| f == name))
            .collect();
        let fitted = fit(dataset, &w0, &free, k, config);
        if let Some((name, w)) = start
            .of(set)
            .names()
            .iter()
            .zip(&fitted)
            .find(|(_, w)| !w.is_finite())
        {
            return Err(format!(
                "{set}: the fit of '{name}' left the numbers ({w}); try a smaller --rate"
            ));
        }
        let limit = WEIGHT_LIMIT as f64;
        let rounded: Vec<f64> = fitted
            .iter()
            .map(|w| w.round().clamp(-limit, limit))
            .collect();
        let mut out: GameWeights = *start.of(set);
        for (name, &value) in out.names().iter().zip(&rounded) {
            out.set(name, value as i32).expect("own names");
        }
        *tuned.of_mut(set) = out;
        reports.push(SetReport {
            set,
            positions: dataset.targets.len(),
            k,
            loss_before: loss(dataset, &w0, k),
            loss_after: loss(dataset, &rounded, k),
            fitted,
        });
    }
    Ok((tuned, reports))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fitting_recovers_weights_that_explain_the_results() {
        // Two features; results drawn so that the true weights are (100, -40) at K = 1.
        let mut rng = mingmang::rules::random::Rng::new(4);
        let mut data = Dataset::default();
        for _ in 0..20_000 {
            let f = [rng.below(9) as f32 - 4.0, rng.below(7) as f32 - 3.0];
            let p = sigmoid(100.0 * f[0] as f64 - 40.0 * f[1] as f64, 1.0);
            let y = if (rng.below(1_000_000) as f64) < p * 1e6 {
                1.0
            } else {
                0.0
            };
            data.features.push(f.to_vec());
            data.targets.push(y);
        }
        let start = [100.0, 0.0];
        let k = fit_k(&data, &start);
        let w = fit(
            &data,
            &start,
            &[true, true],
            k,
            &TuneConfig {
                epochs: 2000,
                ..TuneConfig::default()
            },
        );
        // The scale was fitted to the starting weights; the ratio is what the data says.
        let ratio = w[1] / w[0];
        assert!((ratio + 0.4).abs() < 0.05, "{w:?} (K {k})");
        assert!(loss(&data, &w, k) < loss(&data, &start, k));
        // A frozen weight keeps its value; the other still moves towards the data.
        let config = TuneConfig {
            epochs: 200,
            ..TuneConfig::default()
        };
        let w = fit(&data, &start, &[false, true], k, &config);
        assert_eq!(w[0], 100.0);
        assert!(w[1] < -10.0, "{w:?}");
    }

    #[test]
    fn the_target_blends_the_result_with_the_score() {
        let data = Dataset {
            features: vec![vec![1.0]; 2],
            targets: vec![1.0, 0.0],
            scores: vec![0.0, 400.0],
        };
        let k = 1.0;
        let blended = |lambda| {
            let mut d = Dataset {
                features: data.features.clone(),
                targets: data.targets.clone(),
                scores: data.scores.clone(),
            };
            blend(&mut d, k, lambda);
            d.targets
        };
        assert_eq!(blended(0.0), data.targets);
        // Score 0 is an even chance; 400 centi-pieces at K 1 is 10 to 1.
        let half = blended(0.5);
        assert!((half[0] - 0.75).abs() < 1e-6, "{half:?}");
        assert!((half[1] - 0.5 * 10.0 / 11.0).abs() < 1e-6, "{half:?}");
        assert_eq!(blended(1.0)[0], 0.5);
    }
}
