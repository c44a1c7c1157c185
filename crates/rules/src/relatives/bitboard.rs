//! Bitboards of the relatives, whose boards are at most 8x8: bit `rank * 8 + file`. Captures
//! that reach around (enclosure) or across a square (intervention), the squares a side's moves
//! reach and the pieces they threaten are a few shifts each. Every set is kept within `all`,
//! the board's own squares (a 7x7 board leaves the eighth file and rank out).

use crate::family::Family;
use crate::geometry::{Color, Square};
use crate::position::{Direction, Position};

/// The squares of the a-file.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The bit of `sq`.
#[inline(always)]
pub fn square_bit(sq: Square) -> u64 {
    1u64 << (sq.rank() * 8 + sq.file())
}

/// The square of bit `i`.
#[inline(always)]
pub fn bit_square(i: u32) -> Square {
    Square::new(i as usize % 8, i as usize / 8)
}

/// `set` moved one square in direction `d`, within `all`.
#[inline(always)]
pub fn shift(set: u64, d: Direction, all: u64) -> u64 {
    (match d {
        Direction::East => (set << 1) & !FILE_A,
        Direction::West => (set & !FILE_A) >> 1,
        Direction::North => set << 8,
        Direction::South => set >> 8,
    }) & all
}

/// The four orthogonal neighbours of the squares of `set`, within `all`.
#[inline(always)]
pub fn neighbours(set: u64, all: u64) -> u64 {
    ((set << 8) | (set >> 8) | ((set << 1) & !FILE_A) | ((set & !FILE_A) >> 1)) & all
}

/// The eight neighbours of the squares of `set` (not `set` itself), within `all`.
#[inline(always)]
pub fn neighbours8(set: u64, all: u64) -> u64 {
    let ew = set | shift(set, Direction::East, all) | shift(set, Direction::West, all);
    (ew | shift(ew, Direction::North, all) | shift(ew, Direction::South, all)) & !set
}

/// The empty squares reached by sliding from `from` in direction `d` through `empty`.
#[inline(always)]
pub fn slide(from: u64, d: Direction, empty: u64, all: u64) -> u64 {
    let mut reach = 0;
    let mut next = shift(from, d, all) & empty;
    while next != 0 {
        reach |= next;
        next = shift(next, d, all) & empty;
    }
    reach
}

/// `seed` and the squares of `through` reached from it by steps in direction `d` that stay
/// on `through`: the unbroken runs that `seed` starts, going `d`.
#[inline(always)]
pub fn extend(seed: u64, through: u64, d: Direction, all: u64) -> u64 {
    let mut run = seed;
    loop {
        let grown = run | (shift(run, d, all) & through);
        if grown == run {
            return run;
        }
        run = grown;
    }
}

/// The orthogonally connected group of `pieces` holding `seed`.
#[inline]
pub fn group_of(seed: u64, pieces: u64, all: u64) -> u64 {
    let mut group = seed;
    loop {
        let grown = group | (neighbours(group, all) & pieces);
        if grown == group {
            return group;
        }
        group = grown;
    }
}

/// The squares of the ranks in `mask` (bit `r` = rank `r`).
#[inline]
pub fn ranks(mask: u32) -> u64 {
    if mask == 0 {
        // No ranks: every game without a hand, every time.
        return 0;
    }
    (0..8)
        .filter(|r| mask >> r & 1 != 0)
        .fold(0, |m, r| m | 0xff << (8 * r))
}

/// A relative's position as bitboards (boards up to 8x8), built once for the questions of a
/// node: where each side's moves go ([`Bitboards::reach`]) and what they capture
/// ([`Bitboards::threats`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bitboards {
    /// Every square of the board.
    pub all: u64,
    /// The pieces of White and Black (kings included), by colour index.
    pub side: [u64; 2],
    /// The empty squares.
    pub empty: u64,
}

impl Bitboards {
    /// The bitboards of `pos`, a relative's position (at most 8x8).
    #[inline]
    pub fn of(pos: &Position) -> Bitboards {
        let all = pos.board_bitboard();
        let side = [pos.bitboard(Color::White), pos.bitboard(Color::Black)];
        Bitboards {
            all,
            side,
            empty: all & !(side[0] | side[1]),
        }
    }
}

impl Position {
    /// The squares of `color`'s pieces as a bitboard (relatives only: at most 8x8).
    #[inline(always)]
    pub(crate) fn bitboard(&self, color: Color) -> u64 {
        // Eight ranks whatever the height (the words above the board are empty): a fixed
        // count the compiler unrolls.
        let rows = &self.rows[color.index()];
        (0..8).fold(0, |bb, r| bb | (rows[r] as u64) << (8 * r))
    }

    /// Every square of the board as a bitboard (relatives only).
    #[inline(always)]
    pub(crate) fn board_bitboard(&self) -> u64 {
        let h = self.size.height();
        let ranks = if h >= 8 {
            u64::MAX
        } else {
            (1u64 << (8 * h)) - 1
        };
        // The rank mask (at most 8 bits) copied into every byte.
        (self.size.rank_mask() as u64 * 0x0101_0101_0101_0101) & ranks
    }

    /// Whether the side to move may only place pieces now: it has pieces in hand and an empty
    /// square in its own half.
    #[inline]
    pub fn must_place(&self, family: &Family) -> bool {
        self.color_must_place(self.side, family)
    }

    /// Whether `color`, were it to move, could only place pieces (see
    /// [`Position::must_place`]).
    pub fn color_must_place(&self, color: Color, family: &Family) -> bool {
        let u = color.index();
        if self.hand[u] == 0 {
            return false;
        }
        let half = family.halves[u];
        (0..self.size.height()).any(|r| {
            half >> r & 1 != 0
                && (self.rows[0][r] | self.rows[1][r]) & self.size.rank_mask()
                    != self.size.rank_mask()
        })
    }

    /// The ranks `color` may not enter while it still holds pieces in hand (bit `r` = rank
    /// `r`): those of the opponent's half that are not also its own.
    #[inline]
    pub(crate) fn forbidden_ranks(&self, color: Color, family: &Family) -> u32 {
        let u = color.index();
        if self.hand[u] > 0 {
            family.halves[1 - u] & !family.halves[u]
        } else {
            0
        }
    }
}
