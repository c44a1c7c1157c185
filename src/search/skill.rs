//! Strength levels for people (`Skill Level` 0 to 20, as in UCI engines): below the top level
//! the engine makes mistakes a player can punish, not random blunders.
//!
//! At level `L < 20` the search looks less deep (at most `1 + L / 2` plies), reports several
//! lines (MultiPV, `4 + (20 - L)^2 / 8` of them), and the move is drawn among those lines with a
//! weight `exp(-(best - score) / T)`: a move a piece worse than the best is still played now
//! and then at middle levels and often at the lowest, a move a piece and a half worse hardly
//! ever at the upper ones. `T` grows as the level falls, so the mistakes grow with it. Level 20
//! is the engine at full strength.

use crate::rules::random::Rng;

/// The full-strength level, and the default.
pub const MAX_SKILL: u32 = 20;

/// A strength level, 0 (weakest) to [`MAX_SKILL`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Skill(u32);

impl Default for Skill {
    fn default() -> Skill {
        Skill(MAX_SKILL)
    }
}

impl Skill {
    /// Level `level`, refused above [`MAX_SKILL`].
    pub fn new(level: u32) -> Result<Skill, String> {
        if level > MAX_SKILL {
            return Err(format!(
                "skill level {level} is out of range (0 to {MAX_SKILL})"
            ));
        }
        Ok(Skill(level))
    }

    /// The level.
    pub fn level(self) -> u32 {
        self.0
    }

    /// Whether this is full strength (no limit, no drawn move).
    pub fn is_full(self) -> bool {
        self.0 == MAX_SKILL
    }

    /// How deep the search may look (none at full strength).
    pub fn depth_cap(self) -> Option<u32> {
        (!self.is_full()).then_some(1 + self.0 / 2)
    }

    /// How many lines the move is drawn among: 4 near the top, 16 at level 10, 54 at level 0
    /// (so the lowest levels also draw moves that leave a piece to be taken).
    pub fn width(self) -> usize {
        if self.is_full() {
            1
        } else {
            4 + (MAX_SKILL - self.0).pow(2) as usize / 8
        }
    }

    /// The spread of the draw in centi-pieces: how much worse than the best a move may be and
    /// still be played fairly often. 0 at full strength, 6 at level 19, about 190 at 10, 540
    /// at 0.
    pub fn temperature(self) -> f64 {
        let below = (MAX_SKILL - self.0) as f64;
        6.0 * below.powf(1.5)
    }

    /// The index of the line to play among `scores` (centi-pieces for the side to move, the
    /// best first), drawn with `rng`. Always 0 at full strength.
    pub fn choose(self, scores: &[i32], rng: &mut Rng) -> usize {
        if self.is_full() || scores.len() < 2 {
            return 0;
        }
        let best = scores[0] as f64;
        let t = self.temperature();
        let weights: Vec<f64> = scores
            .iter()
            .take(self.width())
            .map(|&s| (-((best - s as f64).max(0.0)) / t).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        // A draw in millionths is fine enough for weights that matter.
        let mut x = rng.below(1_000_000) as f64 / 1_000_000.0 * total;
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                return i;
            }
            x -= w;
        }
        weights.len() - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How often each line is drawn in `n` draws.
    fn frequencies(skill: Skill, scores: &[i32], n: usize) -> Vec<usize> {
        let mut rng = Rng::new(5);
        let mut counts = vec![0; scores.len()];
        for _ in 0..n {
            counts[skill.choose(scores, &mut rng)] += 1;
        }
        counts
    }

    #[test]
    fn levels_are_checked_and_full_strength_plays_the_best() {
        assert!(Skill::new(21).is_err());
        assert_eq!(Skill::default(), Skill::new(20).unwrap());
        assert_eq!(Skill::default().depth_cap(), None);
        assert_eq!(Skill::new(0).unwrap().depth_cap(), Some(1));
        let scores = [50, 40, -100, -300];
        assert_eq!(frequencies(Skill::default(), &scores, 1000)[0], 1000);
    }

    #[test]
    fn mistakes_grow_as_the_level_falls() {
        // A best move, one a little worse, one a piece worse, one three pieces worse.
        let scores = [50, 30, -50, -250];
        let worse = |level| {
            let f = frequencies(Skill::new(level).unwrap(), &scores, 20_000);
            20_000 - f[0]
        };
        let (top, middle, low) = (worse(19), worse(10), worse(0));
        assert!(top < middle && middle < low, "{top} {middle} {low}");
        // Near the top a piece-worse move is (almost) never played; at the bottom often.
        let f19 = frequencies(Skill::new(19).unwrap(), &scores, 20_000);
        assert!(f19[2] + f19[3] < 20, "{f19:?}");
        let f0 = frequencies(Skill::new(0).unwrap(), &scores, 20_000);
        assert!(f0[2] > 2_000 && f0[3] > 500, "{f0:?}");
    }
}
