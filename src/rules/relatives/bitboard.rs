//! Bitboards of the relatives, whose boards are at most 8x8: bit `rank * 8 + file`. Captures
//! that reach around (enclosure) or across a square (intervention) are a few shifts each.

use crate::rules::geometry::{Color, Square};
use crate::rules::position::Position;

/// Bitboards of the relatives (boards up to 8x8): bit `rank * 8 + file`.
pub(super) const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The four orthogonal neighbours of the squares of `set`, within `board`.
#[inline(always)]
pub(super) fn bb_neighbours(set: u64, board: u64) -> u64 {
    ((set << 8) | (set >> 8) | ((set << 1) & !FILE_A) | ((set & !FILE_A) >> 1)) & board
}

/// `set` moved one square by (`df`, `dr`) (each -1, 0 or 1, not both zero), within `board`.
#[inline(always)]
pub(super) fn bb_step(set: u64, df: i32, dr: i32, board: u64) -> u64 {
    let moved = match (df, dr) {
        (1, _) => (set << 1) & !FILE_A,
        (-1, _) => (set & !FILE_A) >> 1,
        (_, 1) => set << 8,
        _ => set >> 8,
    };
    moved & board
}

#[inline(always)]
pub(super) fn bb_bit(sq: Square) -> u64 {
    1u64 << (sq.rank() * 8 + sq.file())
}

impl Position {
    /// The squares of `color`'s pieces as a bitboard (relatives only: at most 8x8).
    #[inline(always)]
    pub(in crate::rules) fn bitboard(&self, color: Color) -> u64 {
        // Eight ranks whatever the height (the words above the board are empty): a fixed
        // count the compiler unrolls.
        let rows = &self.rows[color.index()];
        (0..8).fold(0, |bb, r| bb | (rows[r] as u64) << (8 * r))
    }

    /// Every square of the board as a bitboard (relatives only).
    #[inline(always)]
    pub(in crate::rules) fn board_bitboard(&self) -> u64 {
        let h = self.size.height();
        let ranks = if h >= 8 {
            u64::MAX
        } else {
            (1u64 << (8 * h)) - 1
        };
        // The rank mask (at most 8 bits) copied into every byte.
        (self.size.rank_mask() as u64 * 0x0101_0101_0101_0101) & ranks
    }
}
