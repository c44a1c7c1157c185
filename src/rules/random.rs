//! Reproducible randomness for the tools and tests that play random moves: one small generator
//! and random openings. Games replay exactly from a seed on every machine.

use super::game::Game;

/// A small deterministic random generator (xorshift64*): fast, and good enough to pick moves.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (any value, zero included).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (which must be positive); the modulo bias is negligible for the
    /// small `n` of move lists.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }
}

/// Plays up to `plies` random legal moves, stopping before a move that would end the game (or
/// where there is none): varied, unfinished openings.
pub fn random_opening(game: &mut Game, plies: usize, rng: &mut Rng) {
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return;
        }
        game.make(moves[rng.below(moves.len())]);
        if game.outcome().is_over() {
            game.unmake();
            return;
        }
    }
}
