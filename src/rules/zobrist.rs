//! Zobrist keys: one random 64-bit key per (colour, square), one for the side to move.
//!
//! The keys are generated at compile time by splitmix64 from a fixed seed, so every run and every
//! machine hashes positions identically (bench node counts and logs stay reproducible).

use super::geometry::{Color, Square, SQUARE_SLOTS};

const fn splitmix64(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (next, z ^ (z >> 31))
}

const SEED: u64 = 0x4D69_6E67_4D61_6E67; // "MingMang"

const fn generate() -> ([[u64; SQUARE_SLOTS]; 2], u64) {
    let mut keys = [[0u64; SQUARE_SLOTS]; 2];
    let mut state = SEED;
    let mut color = 0;
    while color < 2 {
        let mut sq = 0;
        while sq < SQUARE_SLOTS {
            let (s, k) = splitmix64(state);
            state = s;
            keys[color][sq] = k;
            sq += 1;
        }
        color += 1;
    }
    let (_, side) = splitmix64(state);
    (keys, side)
}

const TABLES: ([[u64; SQUARE_SLOTS]; 2], u64) = generate();
static PIECE_KEYS: [[u64; SQUARE_SLOTS]; 2] = TABLES.0;
static FLIP_KEYS: [u64; SQUARE_SLOTS] = {
    let mut flip = [0u64; SQUARE_SLOTS];
    let mut sq = 0;
    while sq < SQUARE_SLOTS {
        flip[sq] = TABLES.0[0][sq] ^ TABLES.0[1][sq];
        sq += 1;
    }
    flip
};

/// Key XORed into the hash when Black is to move.
pub const SIDE_KEY: u64 = TABLES.1;

/// Key of a piece of `color` on `sq`.
#[inline(always)]
pub fn piece_key(color: Color, sq: Square) -> u64 {
    PIECE_KEYS[color.index()][sq.index()]
}

/// What converting the piece on `sq` to the other colour XORs into the hash (the same either way).
#[inline(always)]
pub fn flip_key(sq: Square) -> u64 {
    FLIP_KEYS[sq.index()]
}

/// Most pieces in hand a position may record per side (the hand keys cover 0 to this).
pub const MAX_HAND: usize = 400;

const KING_SEED: u64 = 0x4B69_6E67_4861_6E64; // "KingHand"

const fn generate_kings_and_hands() -> ([[u64; SQUARE_SLOTS]; 2], [[u64; MAX_HAND + 1]; 2]) {
    let mut kings = [[0u64; SQUARE_SLOTS]; 2];
    let mut hands = [[0u64; MAX_HAND + 1]; 2];
    let mut state = KING_SEED;
    let mut color = 0;
    while color < 2 {
        let mut sq = 0;
        while sq < SQUARE_SLOTS {
            let (s, k) = splitmix64(state);
            state = s;
            kings[color][sq] = k;
            sq += 1;
        }
        // An empty hand hashes as nothing, so positions without hands keep their old hashes.
        let mut n = 1;
        while n <= MAX_HAND {
            let (s, k) = splitmix64(state);
            state = s;
            hands[color][n] = k;
            n += 1;
        }
        color += 1;
    }
    (kings, hands)
}

const KH_TABLES: ([[u64; SQUARE_SLOTS]; 2], [[u64; MAX_HAND + 1]; 2]) = generate_kings_and_hands();
static KING_KEYS: [[u64; SQUARE_SLOTS]; 2] = KH_TABLES.0;
static HAND_KEYS: [[u64; MAX_HAND + 1]; 2] = KH_TABLES.1;

/// What marks the piece of `color` on `sq` as a king (XORed in on top of its piece key).
#[inline(always)]
pub fn king_key(color: Color, sq: Square) -> u64 {
    KING_KEYS[color.index()][sq.index()]
}

/// Key of `color` holding `n` pieces in hand (0 for an empty hand).
#[inline(always)]
pub fn hand_key(color: Color, n: usize) -> u64 {
    HAND_KEYS[color.index()][n]
}
