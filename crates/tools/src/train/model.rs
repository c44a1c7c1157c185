//! The network in floating point while it learns: the same shape as the engine's
//! ([`mingmang::search::eval::network`]), its forward pass, its gradient, and its
//! quantisation into the engine's integers.
//!
//! All parameters sit in one flat vector (input weights, hidden biases, output weights,
//! output biases), so the optimiser, the checkpoint and the gradient sums treat them alike.

use mingmang::rules::BoardSize;
use mingmang::search::eval::network::features::FeatureSet;
use mingmang::search::eval::network::{Network, QA, QB};

/// The largest weight either way while training: quantised, an input weight stays inside
/// 16 bits with room for the sum of a board, and an output weight inside the engine's limit.
pub const WEIGHT_CLIP: f32 = 1.98;

/// The network's shape.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Shape {
    /// Inputs per seat.
    pub inputs: usize,
    /// Hidden neurons per seat.
    pub hidden: usize,
    /// Output buckets.
    pub buckets: usize,
}

impl Shape {
    fn b1(&self) -> usize {
        self.inputs * self.hidden
    }

    fn w2(&self) -> usize {
        self.b1() + self.hidden
    }

    fn b2(&self) -> usize {
        self.w2() + self.buckets * 2 * self.hidden
    }

    /// How many parameters the network has.
    pub fn len(&self) -> usize {
        self.b2() + self.buckets
    }

    /// Whether it has none (never, for a valid shape).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The network's parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// The shape.
    pub shape: Shape,
    /// Every parameter, in the order of the module documentation.
    pub params: Vec<f32>,
}

/// One position's inputs, as the training loop hands them over.
pub struct Sample<'a> {
    /// The side to move's seat's active inputs.
    pub us: &'a [u16],
    /// The other seat's.
    pub them: &'a [u16],
    /// The output bucket.
    pub bucket: usize,
}

/// A small deterministic generator (SplitMix64), for the starting weights and the order of
/// the positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn bits(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `-a..a`.
    pub fn uniform(&mut self, a: f32) -> f32 {
        ((self.bits() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * a
    }

    /// Uniform in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.bits() % n as u64) as usize
    }
}

impl Model {
    /// A network of `shape` with small random weights: input weights scaled for the few
    /// dozen inputs a board has active, output weights for the hidden layer's width.
    pub fn new(shape: Shape, rng: &mut Rng) -> Model {
        let mut params = vec![0.0; shape.len()];
        for w in &mut params[..shape.b1()] {
            *w = rng.uniform(0.1);
        }
        let out = 1.0 / (2.0 * shape.hidden as f32).sqrt();
        for w in &mut params[shape.w2()..shape.b2()] {
            *w = rng.uniform(out);
        }
        Model { shape, params }
    }

    /// One seat's hidden layer before activation.
    fn accumulate(&self, inputs: &[u16], acc: &mut [f32]) {
        let h = self.shape.hidden;
        acc.copy_from_slice(&self.params[self.shape.b1()..self.shape.w2()]);
        for &i in inputs {
            let column = &self.params[i as usize * h..(i as usize + 1) * h];
            for (a, w) in acc.iter_mut().zip(column) {
                *a += w;
            }
        }
    }

    /// The output for one position, and both seats' hidden layers before activation.
    pub fn forward(&self, s: &Sample, acc_us: &mut [f32], acc_them: &mut [f32]) -> f32 {
        let h = self.shape.hidden;
        self.accumulate(s.us, acc_us);
        self.accumulate(s.them, acc_them);
        let w = &self.params[self.shape.w2() + s.bucket * 2 * h..][..2 * h];
        let screlu = |x: f32| {
            let c = x.clamp(0.0, 1.0);
            c * c
        };
        let mut out = self.params[self.shape.b2() + s.bucket];
        for j in 0..h {
            out += screlu(acc_us[j]) * w[j] + screlu(acc_them[j]) * w[h + j];
        }
        out
    }

    /// Adds to `grad` the gradient of a loss whose derivative by the output is `g`, at the
    /// position whose hidden layers `forward` left in `acc_us` and `acc_them`.
    pub fn backward(&self, s: &Sample, g: f32, acc_us: &[f32], acc_them: &[f32], grad: &mut [f32]) {
        let shape = self.shape;
        let h = shape.hidden;
        let w2 = shape.w2() + s.bucket * 2 * h;
        grad[shape.b2() + s.bucket] += g;
        let mut d_us = vec![0.0f32; h];
        let mut d_them = vec![0.0f32; h];
        for j in 0..h {
            let (a, b) = (acc_us[j], acc_them[j]);
            let (ca, cb) = (a.clamp(0.0, 1.0), b.clamp(0.0, 1.0));
            grad[w2 + j] += g * ca * ca;
            grad[w2 + h + j] += g * cb * cb;
            // d(c²)/dx = 2c inside the clip, 0 outside.
            d_us[j] = if a > 0.0 && a < 1.0 {
                g * self.params[w2 + j] * 2.0 * a
            } else {
                0.0
            };
            d_them[j] = if b > 0.0 && b < 1.0 {
                g * self.params[w2 + h + j] * 2.0 * b
            } else {
                0.0
            };
            grad[shape.b1() + j] += d_us[j] + d_them[j];
        }
        for (inputs, d) in [(s.us, &d_us), (s.them, &d_them)] {
            for &i in inputs {
                let column = &mut grad[i as usize * h..(i as usize + 1) * h];
                for (gw, dj) in column.iter_mut().zip(d.iter()) {
                    *gw += dj;
                }
            }
        }
    }

    /// Keeps every weight (not the biases) within [`WEIGHT_CLIP`].
    pub fn clip(&mut self) {
        let shape = self.shape;
        let (inputs, rest) = self.params.split_at_mut(shape.b1());
        let outputs = &mut rest[shape.w2() - shape.b1()..shape.b2() - shape.b1()];
        for w in inputs.iter_mut().chain(outputs) {
            *w = w.clamp(-WEIGHT_CLIP, WEIGHT_CLIP);
        }
    }

    /// The engine's network: this one in integers, for `game` on `size`, its output meaning
    /// `eval_scale` centi-pieces per unit.
    pub fn quantise(
        &self,
        game: &str,
        size: BoardSize,
        features: FeatureSet,
        eval_scale: u32,
    ) -> Network {
        let shape = self.shape;
        let q = |x: f32, scale: i32| (x * scale as f32).round();
        let to_i16 = |x: f32| x.clamp(i16::MIN as f32, i16::MAX as f32) as i16;
        Network {
            game: game.to_string(),
            size,
            features,
            hidden: shape.hidden,
            buckets: shape.buckets,
            eval_scale,
            input_weights: self.params[..shape.b1()]
                .iter()
                .map(|&w| to_i16(q(w, QA)))
                .collect(),
            input_bias: self.params[shape.b1()..shape.w2()]
                .iter()
                .map(|&w| to_i16(q(w, QA)))
                .collect(),
            output_weights: self.params[shape.w2()..shape.b2()]
                .iter()
                .map(|&w| to_i16(q(w, QB)))
                .collect(),
            output_bias: self.params[shape.b2()..]
                .iter()
                .map(|&w| q(w, QA * QB) as i32)
                .collect(),
        }
    }
}

/// Adam's moments for every parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Adam {
    /// First moments.
    pub m: Vec<f32>,
    /// Second moments.
    pub v: Vec<f32>,
    /// Steps taken.
    pub steps: u64,
}

impl Adam {
    /// Moments at zero for `len` parameters.
    pub fn new(len: usize) -> Adam {
        Adam {
            m: vec![0.0; len],
            v: vec![0.0; len],
            steps: 0,
        }
    }

    /// One step of size `rate` against the mean gradient `grad`.
    pub fn step(&mut self, params: &mut [f32], grad: &[f32], rate: f32) {
        let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
        self.steps += 1;
        let c1 = 1.0 - b1.powi(self.steps.min(1 << 20) as i32);
        let c2 = 1.0 - b2.powi(self.steps.min(1 << 20) as i32);
        for (((p, &g), m), v) in params
            .iter_mut()
            .zip(grad)
            .zip(&mut self.m)
            .zip(&mut self.v)
        {
            *m = b1 * *m + (1.0 - b1) * g;
            *v = b2 * *v + (1.0 - b2) * g * g;
            *p -= rate * (*m / c1) / ((*v / c2).sqrt() + eps);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> (Model, Vec<u16>, Vec<u16>) {
        let shape = Shape {
            inputs: 8,
            hidden: 16,
            buckets: 2,
        };
        let mut rng = Rng(3);
        let mut model = Model::new(shape, &mut rng);
        for p in &mut model.params {
            *p += rng.uniform(0.3);
        }
        (model, vec![0, 3, 5], vec![1, 2, 7])
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let (model, us, them) = tiny();
        let s = Sample {
            us: &us,
            them: &them,
            bucket: 1,
        };
        let h = model.shape.hidden;
        let (mut a, mut b) = (vec![0.0; h], vec![0.0; h]);
        model.forward(&s, &mut a, &mut b);
        let mut grad = vec![0.0; model.shape.len()];
        model.backward(&s, 1.0, &a, &b, &mut grad);
        let eps = 1e-3;
        let mut checked = 0;
        for (k, &analytic) in grad.iter().enumerate() {
            let mut plus = model.clone();
            plus.params[k] += eps;
            let mut minus = model.clone();
            minus.params[k] -= eps;
            let numeric = (plus.forward(&s, &mut a, &mut b) - minus.forward(&s, &mut a, &mut b))
                / (2.0 * eps);
            assert!(
                (numeric - analytic).abs() < 2e-2,
                "parameter {k}: analytic {} numeric {numeric}",
                analytic
            );
            checked += (analytic != 0.0) as usize;
        }
        assert!(checked > 20, "only {checked} parameters had a gradient");
    }
}
