//! Board geometry: colours, squares, board sizes and coordinates.
//!
//! A square is stored as `rank * 32 + file`, whatever the board's width. The fixed stride of 32 lets
//! every board from 4x4 to 19x19 share one square type and one Zobrist table, and turns "which rank
//! and file is this" into a shift and a mask instead of a division by a run-time width.

use std::fmt;
use std::str::FromStr;

/// Smallest playable board side.
pub const MIN_DIM: usize = 4;
/// Largest playable board side (a Go board).
pub const MAX_DIM: usize = 19;
/// Stride between ranks in a [`Square`] index.
pub const RANK_STRIDE: usize = 32;
/// Number of distinct square indices (for tables indexed by square).
pub const SQUARE_SLOTS: usize = MAX_DIM * RANK_STRIDE;

/// One of the two players. White moves first from the start position.
///
/// # Examples
/// ```
/// use mingmang_rules::{Color, Game, Preset, Rules};
///
/// assert_eq!(Color::White.other(), Color::Black);
/// assert_eq!(Game::new(Rules::preset(Preset::MingMang)).side_to_move(), Color::White);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    /// The first player (`p1` in UGI terms).
    White = 0,
    /// The second player (`p2` in UGI terms).
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// The opponent of this colour.
    #[inline(always)]
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black: an index into per-colour tables.
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The letter used for this colour's pieces and side to move in position strings.
    pub fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The English name, lower case.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// A square of the board, `rank * 32 + file` (both counted from zero, rank 0 at the bottom).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Square(u16);

impl Square {
    /// The square on `file` (0 = `a`) and `rank` (0 = rank 1). Both must be below [`MAX_DIM`].
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::Square;
    ///
    /// let sq = Square::new(3, 4);
    /// assert_eq!((sq.file(), sq.rank()), (3, 4));
    /// assert_eq!(sq.to_string(), "d5");
    /// ```
    #[inline(always)]
    pub const fn new(file: usize, rank: usize) -> Square {
        debug_assert!(file < MAX_DIM && rank < MAX_DIM);
        Square((rank * RANK_STRIDE + file) as u16)
    }

    /// Rebuilds a square from [`Square::index`]; `None` if the index names no square.
    pub fn from_index(index: usize) -> Option<Square> {
        let (file, rank) = (index % RANK_STRIDE, index / RANK_STRIDE);
        (file < MAX_DIM && rank < MAX_DIM).then(|| Square::new(file, rank))
    }

    /// Rebuilds a square from an index known to be valid (taken from [`Square::index`]).
    #[inline(always)]
    pub(crate) const fn from_raw(index: u16) -> Square {
        Square(index)
    }

    /// File, 0-based from the left.
    #[inline(always)]
    pub const fn file(self) -> usize {
        (self.0 as usize) & (RANK_STRIDE - 1)
    }

    /// Rank, 0-based from the bottom.
    #[inline(always)]
    pub const fn rank(self) -> usize {
        (self.0 as usize) / RANK_STRIDE
    }

    /// The index used by per-square tables (below [`SQUARE_SLOTS`]).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square shifted by (`df`, `dr`), if it stays on a board of `size`.
    #[inline]
    pub fn offset(self, df: i32, dr: i32, size: BoardSize) -> Option<Square> {
        let f = self.file() as i32 + df;
        let r = self.rank() as i32 + dr;
        size.contains(f, r)
            .then(|| Square::new(f as usize, r as usize))
    }

    /// Parses `a1`-style coordinates (file letter `a`..`s`, rank number from 1), checked against
    /// `size`.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{BoardSize, Square};
    ///
    /// let size = BoardSize::new(8, 8).unwrap();
    /// assert_eq!(Square::parse("d5", size), Ok(Square::new(3, 4)));
    /// assert!(Square::parse("i1", size).is_err()); // off an 8x8 board
    /// ```
    pub fn parse(text: &str, size: BoardSize) -> Result<Square, String> {
        let mut chars = text.chars();
        let letter = chars
            .next()
            .ok_or_else(|| "empty square name".to_string())?;
        if !letter.is_ascii_lowercase() {
            return Err(format!(
                "square '{text}' must start with a file letter a-{}",
                size.last_file_letter()
            ));
        }
        let file = (letter as u8 - b'a') as usize;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "square '{text}' needs a rank number after its file letter"
            ));
        }
        let rank: usize = digits
            .parse()
            .map_err(|_| format!("bad rank in square '{text}'"))?;
        if file >= size.width() || rank == 0 || rank > size.height() {
            return Err(format!(
                "square '{text}' is off the {size} board (files a-{}, ranks 1-{})",
                size.last_file_letter(),
                size.height()
            ));
        }
        Ok(Square::new(file, rank - 1))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file() as u8) as char,
            self.rank() + 1
        )
    }
}

/// Board dimensions: `width` files by `height` ranks, each from [`MIN_DIM`] to [`MAX_DIM`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BoardSize {
    width: u8,
    height: u8,
}

impl BoardSize {
    /// The standard 8x8 board.
    pub const STANDARD: BoardSize = BoardSize {
        width: 8,
        height: 8,
    };

    /// A board of `width` files and `height` ranks, or an error naming the bad dimension.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::BoardSize;
    ///
    /// let size = BoardSize::new(17, 18).unwrap();
    /// assert_eq!((size.width(), size.height()), (17, 18));
    /// assert_eq!("17x18".parse::<BoardSize>(), Ok(size));
    /// assert_eq!("9".parse::<BoardSize>(), BoardSize::new(9, 9));
    /// assert!(BoardSize::new(3, 3).is_err()); // boards run from 4x4 to 19x19
    /// ```
    pub fn new(width: usize, height: usize) -> Result<BoardSize, String> {
        for (name, value) in [("width", width), ("height", height)] {
            if !(MIN_DIM..=MAX_DIM).contains(&value) {
                return Err(format!(
                    "board {name} {value} is out of range ({MIN_DIM} to {MAX_DIM})"
                ));
            }
        }
        Ok(BoardSize {
            width: width as u8,
            height: height as u8,
        })
    }

    /// Number of files.
    #[inline(always)]
    pub fn width(self) -> usize {
        self.width as usize
    }

    /// Number of ranks.
    #[inline(always)]
    pub fn height(self) -> usize {
        self.height as usize
    }

    /// Number of squares.
    pub fn area(self) -> usize {
        self.width() * self.height()
    }

    /// Whether (`file`, `rank`) lies on the board.
    #[inline(always)]
    pub fn contains(self, file: i32, rank: i32) -> bool {
        file >= 0 && rank >= 0 && (file as usize) < self.width() && (rank as usize) < self.height()
    }

    /// Every square, rank by rank from the bottom, files left to right.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        let (w, h) = (self.width(), self.height());
        (0..h).flat_map(move |r| (0..w).map(move |f| Square::new(f, r)))
    }

    /// A mask with one bit per file (bit `f` for file `f`).
    #[inline(always)]
    pub fn rank_mask(self) -> u32 {
        (1u32 << self.width) - 1
    }

    /// A mask with one bit per rank (bit `r` for rank `r`).
    #[inline(always)]
    pub fn file_mask(self) -> u32 {
        (1u32 << self.height) - 1
    }

    fn last_file_letter(self) -> char {
        (b'a' + self.width - 1) as char
    }

    /// Whether `sq` is one of the four corners.
    pub fn is_corner(self, sq: Square) -> bool {
        (sq.file() == 0 || sq.file() == self.width() - 1)
            && (sq.rank() == 0 || sq.rank() == self.height() - 1)
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for BoardSize {
    type Err = String;

    /// Parses `WxH` (for example `8x8`, `17x18`) or a single number `N` for an N x N board.
    fn from_str(text: &str) -> Result<BoardSize, String> {
        let text = text.trim();
        let parse = |part: &str| -> Result<usize, String> {
            if part.is_empty() || part.len() > 3 || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(format!(
                    "board size '{text}' is not of the form WxH (e.g. 8x8)"
                ));
            }
            part.parse::<usize>()
                .map_err(|_| format!("board size '{text}' is not of the form WxH"))
        };
        match text.split_once(['x', 'X']) {
            Some((w, h)) => BoardSize::new(parse(w)?, parse(h)?),
            None => {
                let n = parse(text)?;
                BoardSize::new(n, n)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_round_trip_and_bounds() {
        let size = BoardSize::new(19, 19).unwrap();
        for sq in size.squares() {
            let text = sq.to_string();
            assert_eq!(Square::parse(&text, size).unwrap(), sq);
            assert_eq!(Square::from_index(sq.index()), Some(sq));
        }
        let small = BoardSize::new(4, 5).unwrap();
        assert!(Square::parse("e1", small).is_err());
        assert!(Square::parse("a6", small).is_err());
        assert!(Square::parse("a0", small).is_err());
        assert!(Square::parse("", small).is_err());
        assert!(Square::parse("1a", small).is_err());
        assert!(Square::parse("aé", small).is_err());
        assert_eq!(Square::parse("d5", small).unwrap(), Square::new(3, 4));
    }

    #[test]
    fn board_size_parsing() {
        assert_eq!("8x8".parse::<BoardSize>().unwrap(), BoardSize::STANDARD);
        assert_eq!("17X18".parse::<BoardSize>().unwrap().height(), 18);
        assert_eq!("9".parse::<BoardSize>().unwrap().width(), 9);
        for bad in ["3x8", "8x20", "x", "", "8x", "axb", "99999999999x3", "-4x4"] {
            assert!(bad.parse::<BoardSize>().is_err(), "{bad} should fail");
        }
    }
}
