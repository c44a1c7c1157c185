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

/// `N` keys drawn in order from `state`, leaving the first `skip` at zero; returns them with the
/// state after the last draw. Every table is drawn through this, in a fixed order, so the keys
/// never change unless the seeds do.
const fn draw<const N: usize>(mut state: u64, skip: usize) -> ([u64; N], u64) {
    let mut keys = [0u64; N];
    let mut i = skip;
    while i < N {
        let (s, k) = splitmix64(state);
        state = s;
        keys[i] = k;
        i += 1;
    }
    (keys, state)
}

const SEED: u64 = 0x4D69_6E67_4D61_6E67; // "MingMang"

const fn generate() -> ([[u64; SQUARE_SLOTS]; 2], u64) {
    let (white, state) = draw::<SQUARE_SLOTS>(SEED, 0);
    let (black, state) = draw::<SQUARE_SLOTS>(state, 0);
    let (_, side) = splitmix64(state);
    ([white, black], side)
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
    // An empty hand hashes as nothing (key 0 skipped), so positions without hands keep their old
    // hashes.
    let (white_kings, state) = draw::<SQUARE_SLOTS>(KING_SEED, 0);
    let (white_hand, state) = draw::<{ MAX_HAND + 1 }>(state, 1);
    let (black_kings, state) = draw::<SQUARE_SLOTS>(state, 0);
    let (black_hand, _) = draw::<{ MAX_HAND + 1 }>(state, 1);
    ([white_kings, black_kings], [white_hand, black_hand])
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
