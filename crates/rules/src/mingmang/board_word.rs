//! A Ming Mang board of at most 8x8 as one `u64` per colour (bit `8 * rank + file`): every rank
//! and file is worked on at once by shifts and fills of the whole word instead of line by line.
//! The small-board survey and capture squares are built from these.

use crate::geometry::{BoardSize, MAX_DIM};

/// The largest width and height a board word holds.
pub(super) const SIDE: usize = 8;

/// Every square of the first file (a1, a2, ...).
pub(super) const FILE_A: u64 = 0x0101_0101_0101_0101;

/// Whether boards of `size` fit in one word per colour.
#[inline(always)]
pub(super) fn fits(size: BoardSize) -> bool {
    size.width() <= SIDE && size.height() <= SIDE
}

/// One colour's pieces as a board word, from its rank words (the ranks past a smaller board's
/// last are empty).
#[inline(always)]
pub(super) fn board(words: &[u32; MAX_DIM]) -> u64 {
    let mut b = 0;
    for (r, &w) in words[..SIDE].iter().enumerate() {
        b |= u64::from(w) << (SIDE * r);
    }
    b
}

/// The first file's squares on a board of `size` (which [`fits`]).
#[inline(always)]
pub(super) fn first_file(size: BoardSize) -> u64 {
    FILE_A >> (SIDE * (SIDE - size.height()))
}

/// Every square of a board of `size` (which [`fits`]).
#[inline(always)]
pub(super) fn on_board(size: BoardSize) -> u64 {
    // A rank's mask repeated on every rank (a rank's mask is below 256, so nothing carries).
    u64::from(size.rank_mask()) * first_file(size)
}

/// A board word as rank words (bit `f` of rank `r`'s word for file `f`; the ranks past the
/// word's eight are empty). Of a [`transpose`]d word, the file words.
#[inline(always)]
pub(super) fn ranks(b: u64) -> [u32; MAX_DIM] {
    std::array::from_fn(|r| {
        if r < SIDE {
            ((b >> (SIDE * r)) & 0xff) as u32
        } else {
            0
        }
    })
}

/// The board word mirrored in its a1-h8 diagonal: file `f` of `b` becomes rank `f`, so that
/// [`ranks`] reads files. Three exchanges of bit blocks (the usual 8x8 transposition).
#[inline(always)]
pub(super) fn transpose(mut b: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (b ^ (b << 7));
    b ^ t ^ (t >> 7)
}

/// The four directions a piece slides in, as shifts of the board word. A shift along the ranks
/// masks out the file it wraps onto (the next rank's first file, the previous rank's last);
/// a shift along the files drops what leaves the word. Squares off a smaller board are never
/// pieces or empty squares, so nothing else needs masking.
#[derive(Clone, Copy)]
pub(super) enum Dir {
    /// Towards higher files.
    East,
    /// Towards lower files.
    West,
    /// Towards higher ranks.
    North,
    /// Towards lower ranks.
    South,
}

impl Dir {
    /// `b` moved `n` squares this way (the wrapped squares masked by the caller's propagator).
    #[inline(always)]
    fn shift(self, b: u64, n: u32) -> u64 {
        match self {
            Dir::East => b << n,
            Dir::West => b >> n,
            Dir::North => b << (SIDE as u32 * n),
            Dir::South => b >> (SIDE as u32 * n),
        }
    }

    /// The squares a one-square step this way can land on.
    #[inline(always)]
    fn landing(self) -> u64 {
        match self {
            Dir::East => !FILE_A,
            Dir::West => !(FILE_A << (SIDE - 1)),
            Dir::North | Dir::South => u64::MAX,
        }
    }

    /// `b` moved one square this way.
    #[inline(always)]
    pub(super) fn step(self, b: u64) -> u64 {
        self.shift(b, 1) & self.landing()
    }

    /// `seeds` and the squares reached from them going this way through consecutive squares of
    /// `through` (an occluded fill in three doubling steps: lines are at most 8 squares long).
    #[inline(always)]
    pub(super) fn fill(self, mut seeds: u64, through: u64) -> u64 {
        let mut through = through & self.landing();
        seeds |= through & self.shift(seeds, 1);
        through &= self.shift(through, 1);
        seeds |= through & self.shift(seeds, 2);
        through &= self.shift(through, 2);
        seeds | (through & self.shift(seeds, 4))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transpose_turns_files_into_ranks() {
        for sq in 0..64 {
            let (r, f) = (sq / 8, sq % 8);
            assert_eq!(transpose(1 << sq), 1 << (8 * f + r), "square {sq}");
        }
        let b = 0x8040_2010_0804_02ff_u64;
        assert_eq!(transpose(transpose(b)), b);
    }

    #[test]
    fn on_board_covers_exactly_the_board() {
        for (w, h) in [(4, 4), (5, 7), (8, 8), (8, 4), (4, 8)] {
            let size = BoardSize::new(w, h).unwrap();
            let want: u64 = (0..h)
                .flat_map(|r| (0..w).map(move |f| 1u64 << (8 * r + f)))
                .sum();
            assert_eq!(on_board(size), want, "{w}x{h}");
        }
    }
}
