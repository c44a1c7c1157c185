//! `mingmang train`: a network for one game and board, learned on this machine's processors
//! from self-play records (see `docs/network.md` for the method and its figures).
//!
//! Each position's target blends the search's verdict with the game's result, both as a
//! winning chance: `lambda * sigmoid(score) + (1 - lambda) * result`, where the sigmoid's
//! scale is fitted to the records (the `K` of the Texel method). The network's output, in
//! units of `eval_scale` centi-pieces, passes the same sigmoid, and the loss is the mean
//! squared difference. Mini-batches are split among threads, each summing its share's
//! gradient; Adam takes one step per batch; the step size falls to a third at 60 % and 85 %
//! of the epochs. After every epoch the model, the optimiser and the generator are saved to a
//! checkpoint beside the output, so an interrupted run resumes where it stopped.

pub mod checkpoint;
pub mod dataset;
pub mod model;

use std::path::{Path, PathBuf};

use mingmang::search::eval::network::{file, Network};

use self::dataset::{Dataset, Loaded};
use self::model::{Adam, Model, Rng, Sample, Shape};

/// Positions per piece of a step's sums: the unit of work of the threads, small enough that
/// both cores share a step, large enough that adding up the pieces' gradients costs little.
const PIECE: usize = 256;

/// How to train.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    /// Hidden neurons per seat (a multiple of 16).
    pub hidden: usize,
    /// Output buckets by the share of the ply limit played.
    pub buckets: usize,
    /// Full passes over the training positions.
    pub epochs: usize,
    /// Positions per optimiser step.
    pub batch: usize,
    /// Adam's first step size.
    pub rate: f32,
    /// The weight of the search's score in the target, 0 to 1.
    pub lambda: f32,
    /// Threads computing gradients.
    pub threads: usize,
    /// The generator's seed (starting weights, order of positions).
    pub seed: u64,
    /// Centi-pieces per unit of output.
    pub eval_scale: u32,
}

impl Default for TrainConfig {
    fn default() -> TrainConfig {
        TrainConfig {
            hidden: 64,
            buckets: 8,
            epochs: 20,
            batch: 16_384,
            rate: 0.002,
            // The search's score alone: on Ming Mang 8x8, 3,000 nodes a move, a network
            // trained with 0.7 (30 % the result) lost 174 Elo to the hand-written evaluation,
            // one trained with 1.0 won 210 (docs/network.md).
            lambda: 1.0,
            threads: 1,
            seed: 1,
            eval_scale: 400,
        }
    }
}

impl TrainConfig {
    /// Refuses settings the engine's file format or the method cannot take.
    pub fn check(&self) -> Result<(), String> {
        if self.hidden == 0 || self.hidden % 16 != 0 || self.hidden > file::MAX_HIDDEN {
            return Err(format!(
                "--hidden {}: a multiple of 16 from 16 to {}",
                self.hidden,
                file::MAX_HIDDEN
            ));
        }
        if self.buckets == 0 || self.buckets > file::MAX_BUCKETS {
            return Err(format!(
                "--buckets {}: 1 to {}",
                self.buckets,
                file::MAX_BUCKETS
            ));
        }
        if !(0.0..=1.0).contains(&self.lambda) {
            return Err(format!("--lambda {}: 0 to 1", self.lambda));
        }
        if self.epochs == 0
            || self.batch == 0
            || self.threads == 0
            || self.rate.is_nan()
            || self.rate <= 0.0
        {
            return Err("--epochs, --batch, --threads and --rate must be positive".into());
        }
        Ok(())
    }
}

/// What one epoch did, for the progress lines.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochReport {
    /// The epoch, from 1.
    pub epoch: usize,
    /// The mean loss over the training positions during the epoch.
    pub train_loss: f64,
    /// The loss on the held-out positions after it.
    pub validation_loss: f64,
    /// The step size used.
    pub rate: f32,
}

/// A score's winning chance at scale `k`, as the tuner models it.
pub fn win_chance(cp: f32, k: f64) -> f64 {
    crate::data::tune::sigmoid(cp as f64, k)
}

/// The `k` whose winning chances of the scores best predict the results (the tuner's search,
/// over at most 200,000 positions spread through the data). Forced results are left out: they
/// fit any scale.
pub fn fit_k(data: &Dataset) -> f64 {
    let step = (data.len() / 200_000).max(1);
    let pairs: Vec<(f32, f32)> = (0..data.len())
        .step_by(step)
        .filter(|&i| data.scores[i].abs() < dataset::FORCED_SCORE)
        .map(|i| (data.scores[i], data.results[i]))
        .collect();
    crate::data::tune::fit_scale(|k| {
        pairs
            .iter()
            .map(|&(s, r)| (win_chance(s, k) - r as f64).powi(2))
            .sum::<f64>()
    })
}

/// Training state: the data, the fixed numbers of the method and the model being learned.
pub struct Trainer {
    /// The positions.
    pub loaded: Loaded,
    /// How to train.
    pub config: TrainConfig,
    /// The fitted sigmoid scale.
    pub k: f64,
    /// Each position's target.
    targets: Vec<f32>,
    /// Training and held-out positions (every 50th block of 1024, so one game seldom
    /// lands on both sides).
    train: Vec<u32>,
    held_out: Vec<u32>,
    /// The model, its optimiser, its generator and the epochs done.
    pub model: Model,
    pub(crate) adam: Adam,
    pub(crate) rng: Rng,
    /// Epochs finished.
    pub epochs_done: usize,
}

impl Trainer {
    /// A trainer of a fresh model over `loaded`.
    pub fn new(loaded: Loaded, config: TrainConfig) -> Result<Trainer, String> {
        config.check()?;
        if loaded.data.is_empty() {
            return Err("no positions to train on (every record was left out)".into());
        }
        let k = fit_k(&loaded.data);
        let lambda = config.lambda as f64;
        let targets = (0..loaded.data.len())
            .map(|i| {
                let d = &loaded.data;
                (lambda * win_chance(d.scores[i], k) + (1.0 - lambda) * d.results[i] as f64) as f32
            })
            .collect();
        let (held_out, train): (Vec<u32>, Vec<u32>) =
            (0..loaded.data.len() as u32).partition(|i| (i / 1024) % 50 == 0);
        let shape = Shape {
            inputs: loaded.features.inputs(loaded.size),
            hidden: config.hidden,
            buckets: config.buckets,
        };
        let mut rng = Rng(config.seed);
        let model = Model::new(shape, &mut rng);
        Ok(Trainer {
            adam: Adam::new(shape.len()),
            loaded,
            config,
            k,
            targets,
            train,
            held_out,
            model,
            rng,
            epochs_done: 0,
        })
    }

    /// How many positions train and how many are held out.
    pub fn split(&self) -> (usize, usize) {
        (self.train.len(), self.held_out.len())
    }

    /// The factor from the network's output to the logistic's argument.
    fn logit_scale(&self) -> f32 {
        (self.config.eval_scale as f64 * self.k * std::f64::consts::LN_10 / 400.0) as f32
    }

    fn sample(&self, i: usize) -> Sample<'_> {
        let (us, them) = self.loaded.data.inputs(i);
        Sample {
            us,
            them,
            bucket: self.loaded.data.buckets[i] as usize,
        }
    }

    /// The summed loss of `positions`, with their summed gradient added to `grad` if given.
    fn loss_of(&self, positions: &[u32], mut grad: Option<&mut [f32]>) -> f64 {
        let h = self.model.shape.hidden;
        let (mut a, mut b) = (vec![0.0; h], vec![0.0; h]);
        let scale = self.logit_scale();
        let mut total = 0.0f64;
        for &i in positions {
            let s = self.sample(i as usize);
            let out = self.model.forward(&s, &mut a, &mut b);
            let p = 1.0 / (1.0 + (-out * scale).exp());
            let diff = p - self.targets[i as usize];
            total += (diff * diff) as f64;
            if let Some(grad) = grad.as_deref_mut() {
                let g = 2.0 * diff * p * (1.0 - p) * scale;
                self.model.backward(&s, g, &a, &b, grad);
            }
        }
        total
    }

    /// The mean loss on the held-out positions.
    pub fn validation_loss(&self) -> f64 {
        self.parallel_loss(&self.held_out, false).0 / self.held_out.len().max(1) as f64
    }

    /// The summed loss of `positions` and, if asked, their summed gradient, over the threads.
    /// The positions are cut into pieces of [`PIECE`] whatever the number of threads, and the
    /// pieces' sums are added in order: the same figures, to the last bit, on any number of
    /// threads.
    fn parallel_loss(&self, positions: &[u32], with_grad: bool) -> (f64, Vec<f32>) {
        let len = self.model.shape.len();
        let pieces: Vec<&[u32]> = positions.chunks(PIECE).collect();
        let per_thread = pieces.len().div_ceil(self.config.threads).max(1);
        let sums: Vec<(f64, Vec<f32>)> = std::thread::scope(|scope| {
            let handles: Vec<_> = pieces
                .chunks(per_thread)
                .map(|mine| {
                    scope.spawn(move || {
                        mine.iter()
                            .map(|piece| {
                                let mut grad = vec![0.0; if with_grad { len } else { 0 }];
                                let loss = self.loss_of(piece, with_grad.then_some(&mut grad[..]));
                                (loss, grad)
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().expect("a training thread failed"))
                .collect()
        });
        let mut loss = 0.0;
        let mut grad = vec![0.0; if with_grad { len } else { 0 }];
        for (l, g) in sums {
            loss += l;
            for (a, b) in grad.iter_mut().zip(&g) {
                *a += b;
            }
        }
        (loss, grad)
    }

    /// The step size of epoch `epoch` (from 0).
    fn rate(&self, epoch: usize) -> f32 {
        let e = self.config.epochs as f32;
        let at = epoch as f32;
        self.config.rate
            * if at >= 0.85 * e {
                1.0 / 9.0
            } else if at >= 0.6 * e {
                1.0 / 3.0
            } else {
                1.0
            }
    }

    /// Trains one more epoch.
    pub fn epoch(&mut self) -> EpochReport {
        self.epoch_with_progress(|_, _| {})
    }

    /// Trains one more epoch, telling `progress` after each step how many of how many
    /// positions are done.
    pub fn epoch_with_progress(&mut self, mut progress: impl FnMut(usize, usize)) -> EpochReport {
        let rate = self.rate(self.epochs_done);
        let mut order = std::mem::take(&mut self.train);
        for i in (1..order.len()).rev() {
            order.swap(i, self.rng.below(i + 1));
        }
        let mut total = 0.0;
        for (i, batch) in order.chunks(self.config.batch).enumerate() {
            progress((i * self.config.batch).min(order.len()), order.len());
            let (loss, mut grad) = self.parallel_loss(batch, true);
            total += loss;
            let n = batch.len() as f32;
            grad.iter_mut().for_each(|g| *g /= n);
            self.adam.step(&mut self.model.params, &grad, rate);
            self.model.clip();
        }
        let train_loss = total / order.len().max(1) as f64;
        self.train = order;
        self.epochs_done += 1;
        EpochReport {
            epoch: self.epochs_done,
            train_loss,
            validation_loss: self.validation_loss(),
            rate,
        }
    }

    /// The engine's network from the model as it stands.
    pub fn network(&self) -> Network {
        self.model.quantise(
            &self.loaded.game,
            self.loaded.size,
            self.loaded.features,
            self.config.eval_scale,
        )
    }

    /// The mean and largest difference, in centi-pieces, between the quantised network's
    /// evaluation and the model's on up to `n` held-out positions: what quantisation costs.
    pub fn quantisation_error(&self, net: &Network, n: usize) -> (f64, f64) {
        let h = self.model.shape.hidden;
        let (mut a, mut b) = (vec![0.0; h], vec![0.0; h]);
        let (mut sum, mut worst) = (0.0f64, 0.0f64);
        let count = self.held_out.len().min(n);
        for &i in &self.held_out[..count] {
            let s = self.sample(i as usize);
            let float = self.model.forward(&s, &mut a, &mut b) * self.config.eval_scale as f32;
            let quantised = net.evaluate_inputs(s.us, s.them, s.bucket);
            let d = (quantised as f64 - float as f64).abs();
            sum += d;
            worst = worst.max(d);
        }
        (sum / count.max(1) as f64, worst)
    }
}

/// The checkpoint file beside `out`.
pub fn checkpoint_path(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".ckpt");
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::dataset::{Dataset, Loaded};
    use super::model::{Model, Rng, Sample, Shape};
    use super::*;
    use mingmang::rules::{BoardSize, Game, Rules};
    use mingmang::search::eval::network::features::FeatureSet;

    /// Positions of random 5x5 games, each labelled by `teacher`: its score, and as the
    /// result the winning chance that score stands for at `K` = 1.
    fn labelled_by(teacher: &Model, rules: Rules, games: usize) -> Dataset {
        let mut data = Dataset::default();
        let mut rng = mingmang::rules::random::Rng::new(11);
        for _ in 0..games {
            let mut game = Game::new(rules);
            while !game.outcome().is_over() {
                data.push(
                    &game,
                    FeatureSet::PieceSquare,
                    (game.plies() * 2 / 60).min(1) as u8,
                    0.0,
                    0.0,
                );
                let moves = game.legal_moves();
                game.make(moves[rng.below(moves.len())]);
            }
        }
        let h = teacher.shape.hidden;
        let (mut a, mut b) = (vec![0.0; h], vec![0.0; h]);
        for i in 0..data.len() {
            let (us, them) = data.inputs(i);
            let s = Sample {
                us,
                them,
                bucket: data.buckets[i] as usize,
            };
            let score = teacher.forward(&s, &mut a, &mut b) * 400.0;
            data.scores[i] = score;
            data.results[i] = win_chance(score, 1.0) as f32;
        }
        data
    }

    /// The 5x5 board the tests train on, its rules (a 60-ply limit) and a small shape for it.
    fn small_setup() -> (BoardSize, Rules, Shape) {
        let size = BoardSize::new(5, 5).unwrap();
        let rules = Rules::new(size).with_max_plies(Some(60));
        let shape = Shape {
            inputs: FeatureSet::PieceSquare.inputs(size),
            hidden: 16,
            buckets: 2,
        };
        (size, rules, shape)
    }

    #[test]
    fn training_gives_the_same_network_on_any_number_of_threads() {
        let (size, rules, shape) = small_setup();
        let teacher = Model::new(shape, &mut Rng(7));
        let train = |threads: usize| {
            let loaded = Loaded {
                game: "mingmang".into(),
                size,
                features: FeatureSet::PieceSquare,
                data: labelled_by(&teacher, rules, 300),
                read: 0,
                skipped: 0,
                duplicates: 0,
            };
            let config = TrainConfig {
                hidden: 16,
                buckets: 2,
                epochs: 2,
                batch: 2000,
                threads,
                ..TrainConfig::default()
            };
            let mut trainer = Trainer::new(loaded, config).unwrap();
            let mut steps = Vec::new();
            trainer.epoch_with_progress(|done, total| steps.push((done, total)));
            trainer.epoch();
            (trainer.model.params, steps)
        };
        let (one, steps) = train(1);
        assert!(steps.len() > 1, "{steps:?}");
        assert_eq!(steps[0].0, 0);
        assert!(steps.windows(2).all(|w| w[0].0 < w[1].0 && w[1].0 < w[1].1));
        for threads in [2, 3, 8] {
            assert!(train(threads).0 == one, "{threads} threads");
        }
    }

    #[test]
    fn the_trainer_recovers_a_teacher_network_from_its_labels() {
        let (size, rules, shape) = small_setup();
        // A teacher whose hidden values mostly stay inside the clip, so that it is a smooth
        // function the student can find, with output weights large enough for scores of a
        // few pieces.
        let mut teacher = Model::new(shape, &mut Rng(99));
        let outputs = shape.len() - shape.buckets - shape.buckets * 2 * shape.hidden;
        for (k, w) in teacher.params.iter_mut().enumerate() {
            *w = if k < outputs { *w + 0.05 } else { *w * 6.0 };
        }
        teacher.clip();
        let data = labelled_by(&teacher, rules, 1000);
        let loaded = Loaded {
            game: "mingmang".into(),
            size,
            features: FeatureSet::PieceSquare,
            data,
            read: 0,
            skipped: 0,
            duplicates: 0,
        };
        let config = TrainConfig {
            hidden: 16,
            buckets: 2,
            epochs: 60,
            batch: 512,
            rate: 0.01,
            threads: 2,
            seed: 5,
            ..TrainConfig::default()
        };
        let mut trainer = Trainer::new(loaded, config).unwrap();
        assert!((trainer.k - 1.0).abs() < 0.05, "K {}", trainer.k);
        let before = trainer.validation_loss();
        while trainer.epochs_done < trainer.config.epochs {
            trainer.epoch();
        }
        let after = trainer.validation_loss();
        assert!(after < before / 50.0, "held-out loss {before} -> {after}");
        // The quantised student evaluates the held-out positions close to the teacher.
        let net = trainer.network();
        let h = shape.hidden;
        let (mut a, mut b) = (vec![0.0; h], vec![0.0; h]);
        let (mut off, mut n) = (0.0f64, 0usize);
        for &i in &trainer.held_out {
            let s = trainer.sample(i as usize);
            let taught = teacher.forward(&s, &mut a, &mut b) * 400.0;
            let learned = net.evaluate_inputs(s.us, s.them, s.bucket) as f32;
            // Near even positions, where the loss can see differences.
            if taught.abs() < 200.0 {
                off += (learned - taught).abs() as f64;
                n += 1;
            }
        }
        assert!(n > 100, "{n} positions near even");
        // Measured: 37.5 cp on average (the held-out loss falls 150-fold); quantisation alone
        // accounts for about 7.
        assert!(
            off / (n as f64) < 50.0,
            "mean difference {} cp",
            off / n as f64
        );
    }
}
