//! The evaluation as features: every evaluation of the family is a sum of weights times
//! feature counts, `eval = w · f`, so the features of a position can be read off the evaluation
//! itself, weight by weight (`f_i` is the evaluation with weight `i` at 1 and every other at
//! 0). The tuner then fits the weights on the feature vectors, without a second copy of the
//! evaluation to keep in step. [`is_linear`] checks the premise; a test checks it on random
//! positions of every game.

use mingmang::rules::Game;
use mingmang::search::eval::GameWeights;

/// `weights` with every weight at 0 but `index`, which is 1.
fn unit(weights: &GameWeights, index: usize) -> GameWeights {
    let mut unit = *weights;
    for (i, name) in weights.names().iter().enumerate() {
        unit.set(name, (i == index) as i32)
            .expect("the weight names are the set's own");
    }
    unit
}

/// The feature vector of `game`'s position under the evaluation `weights` belong to, in the
/// order of [`GameWeights::names`]: from the side to move's view, like the evaluation.
pub fn features(game: &Game, weights: &GameWeights) -> Vec<f32> {
    (0..weights.names().len())
        .map(|i| unit(weights, i).evaluate(game) as f32)
        .collect()
}

/// Whether the evaluation of `game` under `weights` is exactly the sum of the weights times
/// the features (and 0 with every weight at 0).
pub fn is_linear(game: &Game, weights: &GameWeights) -> bool {
    let f = features(game, weights);
    let sum: i64 = f
        .iter()
        .zip(weights.values())
        .map(|(&f, w)| f as i64 * w as i64)
        .sum();
    let mut zero = *weights;
    for name in weights.names() {
        zero.set(name, 0).expect("own names");
    }
    zero.evaluate(game) == 0 && sum == weights.evaluate(game) as i64
}

#[cfg(test)]
mod tests {
    use super::*;
    use mingmang::rules::random::{random_opening, Rng};
    use mingmang::rules::Rules;
    use mingmang::search::eval::Weights;

    #[test]
    fn every_evaluation_is_a_sum_of_weights_times_features() {
        let mut rng = Rng::new(21);
        for rules in Rules::samples() {
            for _ in 0..6 {
                let mut game = Game::new(rules);
                random_opening(&mut game, rng.below(60), &mut rng);
                let mut w = *Weights::default().for_rules(&rules);
                // Random weights, far from the defaults.
                for name in w.names() {
                    w.set(name, rng.below(401) as i32 - 200).unwrap();
                }
                assert!(is_linear(&game, &w), "{rules} {:?}", game.position());
            }
        }
    }
}
