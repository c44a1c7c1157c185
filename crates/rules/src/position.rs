//! The position: which piece stands on each square, the side to move, piece counts, kings,
//! pieces in hand and the Zobrist hash. How moves are generated and applied lives in the
//! game models (`mingmang`, `relatives`) and is reached through `movegen`.
//!
//! # Representation
//! Each colour has one occupancy word per rank (bit `f` = file `f`) and one per file (bit `r` =
//! rank `r`), in fixed arrays sized for the largest board. Every question the rules ask is about
//! one rank or one file at a time: how far a piece slides (the nearest blocker above or below a
//! bit), and whether a line of enemy pieces next to a square ends in a friendly piece (a run of
//! ones followed by a one in the other colour's word). With line words each is a shift, a
//! leading/trailing-bit count and a test, O(1) per direction on every board from 4x4 to 19x19.
//! The same code serves all sizes, so supporting 19x19 costs 8x8 nothing but the fixed 304 bytes
//! of words; a 64-bit bitboard would be faster only for 8x8 and would need a second code path.
//! Keeping the rank and the file words in step costs two bit flips per changed square.

use std::fmt;

use super::geometry::{BoardSize, Color, Square, MAX_DIM};
use super::zobrist::{flip_key, hand_key, king_key, piece_key, SIDE_KEY};

/// `kings` entry of a side without a king.
pub(super) const NO_KING: u16 = u16::MAX;

/// The four directions a piece slides or a line runs in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Direction {
    /// Towards higher files.
    East,
    /// Towards lower files.
    West,
    /// Towards higher ranks.
    North,
    /// Towards lower ranks.
    South,
}

impl Direction {
    /// All four directions.
    pub const ALL: [Direction; 4] = [
        Direction::East,
        Direction::West,
        Direction::North,
        Direction::South,
    ];

    /// The direction back.
    #[inline(always)]
    pub fn opposite(self) -> Direction {
        match self {
            Direction::East => Direction::West,
            Direction::West => Direction::East,
            Direction::North => Direction::South,
            Direction::South => Direction::North,
        }
    }

    /// (file step, rank step).
    pub fn delta(self) -> (i32, i32) {
        match self {
            Direction::East => (1, 0),
            Direction::West => (-1, 0),
            Direction::North => (0, 1),
            Direction::South => (0, -1),
        }
    }
}

/// A set of squares on one rank or one file: the unit in which captures are found and applied.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct LineSet {
    /// True for a file (bits are ranks), false for a rank (bits are files).
    pub is_file: bool,
    /// Which rank or file.
    pub line: u8,
    /// The squares, one bit each.
    pub bits: u32,
}

impl LineSet {
    /// The set holding just `sq`.
    pub fn single(sq: Square) -> LineSet {
        LineSet {
            is_file: false,
            line: sq.rank() as u8,
            bits: 1 << sq.file(),
        }
    }

    /// The squares of the set.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        let mut bits = self.bits;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.is_file {
                    Square::new(self.line as usize, i)
                } else {
                    Square::new(i, self.line as usize)
                }
            })
        })
    }
}

/// Pieces on a board with the side to move; see the module documentation for the layout.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(super) size: BoardSize,
    pub(super) side: Color,
    pub(super) counts: [u16; 2],
    pub(super) hash: u64,
    pub(super) rows: [[u32; MAX_DIM]; 2],
    pub(super) cols: [[u32; MAX_DIM]; 2],
    /// Square index of each side's king (the relatives' kings, or the hunter), or `NO_KING`.
    /// A king is also a piece of its colour in `rows`/`cols` and `counts`.
    pub(super) kings: [u16; 2],
    /// Pieces in hand (Gala).
    pub(super) hand: [u16; 2],
}
impl Position {
    /// An empty board of `size` with `side` to move.
    pub fn empty(size: BoardSize, side: Color) -> Position {
        Position {
            size,
            side,
            counts: [0; 2],
            hash: if side == Color::Black { SIDE_KEY } else { 0 },
            rows: [[0; MAX_DIM]; 2],
            cols: [[0; MAX_DIM]; 2],
            kings: [NO_KING; 2],
            hand: [0; 2],
        }
    }

    /// The start position of rule 3: White on file `a` and rank 1 but the bottom-right corner,
    /// Black on the top rank but the top-left corner and on the right-hand file; White to move.
    pub fn start(size: BoardSize) -> Position {
        let mut pos = Position::empty(size, Color::White);
        let (w, h) = (size.width(), size.height());
        for r in 0..h {
            pos.put(Square::new(0, r), Color::White);
            pos.put(Square::new(w - 1, r), Color::Black);
        }
        for f in 1..w - 1 {
            pos.put(Square::new(f, 0), Color::White);
            pos.put(Square::new(f, h - 1), Color::Black);
        }
        pos
    }

    /// The board's dimensions.
    #[inline(always)]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The Zobrist hash of the squares and the side to move.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// How many pieces `color` has on the board.
    #[inline(always)]
    pub fn count(&self, color: Color) -> usize {
        self.counts[color.index()] as usize
    }

    /// The occupancy word of `color` on rank `rank` (bit `f` = file `f`).
    #[inline(always)]
    pub fn rank_bits(&self, color: Color, rank: usize) -> u32 {
        self.rows[color.index()][rank]
    }

    /// The occupancy word of `color` on file `file` (bit `r` = rank `r`).
    #[inline(always)]
    pub fn file_bits(&self, color: Color, file: usize) -> u32 {
        self.cols[color.index()][file]
    }

    /// Every rank word of `color`, by rank; the words past the board's height are 0. For scans
    /// over whole boards, which then need no per-rank bounds checks.
    #[inline(always)]
    pub fn rank_words(&self, color: Color) -> &[u32; MAX_DIM] {
        &self.rows[color.index()]
    }

    /// Every file word of `color`, by file; the words past the board's width are 0.
    #[inline(always)]
    pub fn file_words(&self, color: Color) -> &[u32; MAX_DIM] {
        &self.cols[color.index()]
    }

    /// The piece on `sq`, if any.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Color> {
        let bit = 1u32 << sq.file();
        if self.rows[0][sq.rank()] & bit != 0 {
            Some(Color::White)
        } else if self.rows[1][sq.rank()] & bit != 0 {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// Every square holding a piece of `color`, rank by rank from the bottom.
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = Square> + '_ {
        (0..self.size.height()).flat_map(move |r| {
            LineSet {
                is_file: false,
                line: r as u8,
                bits: self.rows[color.index()][r],
            }
            .squares()
        })
    }

    #[inline(always)]
    pub(super) fn toggle(&mut self, sq: Square, color: Color) {
        let c = color.index();
        self.rows[c][sq.rank()] ^= 1 << sq.file();
        self.cols[c][sq.file()] ^= 1 << sq.rank();
        self.hash ^= piece_key(color, sq);
    }

    /// Places a piece of `color` on the empty square `sq`.
    pub fn put(&mut self, sq: Square, color: Color) {
        debug_assert!(self.piece_at(sq).is_none());
        self.toggle(sq, color);
        self.counts[color.index()] += 1;
    }

    /// Removes the piece of `color` from `sq` (a king too).
    pub fn remove(&mut self, sq: Square, color: Color) {
        debug_assert_eq!(self.piece_at(sq), Some(color));
        self.toggle(sq, color);
        self.counts[color.index()] -= 1;
        if self.kings[color.index()] == sq.index() as u16 {
            self.kings[color.index()] = NO_KING;
            self.hash ^= king_key(color, sq);
        }
    }

    /// Places the king of `color` on the empty square `sq`; false (and nothing changes) if
    /// `color` already has a king.
    pub fn put_king(&mut self, sq: Square, color: Color) -> bool {
        if self.kings[color.index()] != NO_KING {
            return false;
        }
        self.put(sq, color);
        self.kings[color.index()] = sq.index() as u16;
        self.hash ^= king_key(color, sq);
        true
    }

    /// The square of `color`'s king (the hunter for Black in the hunt), if it has one.
    #[inline(always)]
    pub fn king(&self, color: Color) -> Option<Square> {
        let k = self.kings[color.index()];
        (k != NO_KING).then(|| Square::from_raw(k))
    }

    /// Whether a king of either colour stands on `sq`.
    #[inline(always)]
    pub fn is_king(&self, sq: Square) -> bool {
        let i = sq.index() as u16;
        self.kings[0] == i || self.kings[1] == i
    }

    /// Pieces `color` holds in hand (Gala).
    #[inline(always)]
    pub fn hand(&self, color: Color) -> usize {
        self.hand[color.index()] as usize
    }

    /// Sets the pieces `color` holds in hand (at most [`super::zobrist::MAX_HAND`]).
    pub fn set_hand(&mut self, color: Color, n: usize) {
        let c = color.index();
        assert!(n <= super::zobrist::MAX_HAND, "hand of {n} pieces");
        self.hash ^= hand_key(color, self.hand[c] as usize) ^ hand_key(color, n);
        self.hand[c] = n as u16;
    }

    /// Pieces on the board plus pieces in hand.
    #[inline(always)]
    pub fn total(&self, color: Color) -> usize {
        self.count(color) + self.hand(color)
    }

    /// Sets the side to move.
    pub fn set_side_to_move(&mut self, side: Color) {
        if self.side != side {
            self.side = side;
            self.hash ^= SIDE_KEY;
        }
    }

    /// Converts the pieces of `set` that still belong to the enemy of `to_color`, returning how
    /// many. (Masking with the enemy's word keeps the XOR updates right even if two lines found
    /// for one piece were ever to overlap.)
    #[inline]
    pub(super) fn convert(&mut self, set: LineSet, to_color: Color) -> u32 {
        let (fc, tc) = (to_color.other().index(), to_color.index());
        let enemy = if set.is_file {
            self.cols[fc][set.line as usize]
        } else {
            self.rows[fc][set.line as usize]
        };
        let set = LineSet {
            bits: set.bits & enemy,
            ..set
        };
        for sq in set.squares() {
            let (f, r) = (sq.file(), sq.rank());
            self.rows[fc][r] ^= 1 << f;
            self.rows[tc][r] ^= 1 << f;
            self.cols[fc][f] ^= 1 << r;
            self.cols[tc][f] ^= 1 << r;
            self.hash ^= flip_key(sq);
        }
        let n = set.bits.count_ones();
        self.counts[fc] -= n as u16;
        self.counts[tc] += n as u16;
        n
    }

    /// Calls `each(file, rank, occupied rank word, occupied file word)` for every piece of the
    /// side to move, by rank from the first and by file within a rank (the canonical order of
    /// origins); stops at the first piece for which `each` says true, and says whether it did.
    /// The walk every move generator starts from.
    #[inline(always)]
    pub(super) fn find_own_piece(
        &self,
        mut each: impl FnMut(usize, usize, u32, u32) -> bool,
    ) -> bool {
        let own = &self.rows[self.side.index()];
        // Never above MAX_DIM; saying so lets the compiler drop the callers' bounds checks.
        let h = self.size.height().min(MAX_DIM);
        for (r, &row) in own.iter().enumerate().take(h) {
            let mut mine = row;
            let occupied_rank = self.rows[0][r] | self.rows[1][r];
            while mine != 0 {
                let f = mine.trailing_zeros() as usize;
                mine &= mine - 1;
                if each(f, r, occupied_rank, self.cols[0][f] | self.cols[1][f]) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether an enemy of `us` stands orthogonally next to `sq`.
    #[inline(always)]
    pub(super) fn touches_enemy(&self, us: Color, sq: Square) -> bool {
        let t = us.other().index();
        let (f, r) = (sq.file(), sq.rank());
        let beside = ((self.rows[t][r] as u64) << 1) >> f;
        let above_below = ((self.cols[t][f] as u64) << 1) >> r;
        (beside | above_below) & 0b101 != 0
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", super::notation::format_position(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_counts() {
        for (w, h) in [(4, 4), (8, 8), (19, 19), (5, 11)] {
            let size = BoardSize::new(w, h).unwrap();
            let pos = Position::start(size);
            assert_eq!(pos.count(Color::White), w + h - 2);
            assert_eq!(pos.count(Color::Black), w + h - 2);
            assert_eq!(pos.piece_at(Square::new(0, h - 1)), Some(Color::White));
            assert_eq!(pos.piece_at(Square::new(w - 1, 0)), Some(Color::Black));
        }
    }
}
