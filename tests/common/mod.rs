//! Shared test helpers: an independent reference implementation of Ming Mang, written from
//! `shared/rules.md` alone; another of its relatives (issue 6), written from the rulings alone
//! (`reference_relatives`; the rulings are in `protocol/README.md`); a tiny deterministic random
//! number generator; a driver for the real binary's protocol (`engine`); and what the
//! `mingmang match` tests share (`matches`); what the cross-checks share (`compare`).

#![allow(dead_code)]

pub mod compare;
pub mod engine;
pub mod matches;
pub mod reference;
pub mod reference_relatives;

#[allow(unused_imports)]
pub use engine::*;

/// xorshift64*: small, deterministic, good enough to pick random moves.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value; zero is remapped).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }
}
