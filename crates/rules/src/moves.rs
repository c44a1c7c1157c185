//! Moves and their compact 32-bit encoding.

use std::fmt;

use arrayvec::{ArrayString, ArrayVec};

use super::geometry::{BoardSize, Square, MAX_DIM};

/// A move: a piece sliding from one square to another, a last-piece leap, or a pass.
///
/// Encoded in 32 bits (`from` in bits 0-9, `to` in bits 10-19, flags above) so the
/// transposition table can store it directly. The all-zero value is the pass, matching its
/// notation `0000`.
///
/// # Examples
/// ```
/// use mingmang_rules::{Game, Move, Preset, Rules, Square};
///
/// let game = Game::new(Rules::preset(Preset::MingMang));
/// let mv = game.parse_move("a2b2").unwrap();
/// assert_eq!(mv, Move::slide(Square::new(0, 1), Square::new(1, 1)));
/// assert_eq!((mv.from().to_string(), mv.to().to_string()), ("a2".into(), "b2".into()));
/// assert_eq!(mv.to_string(), "a2b2");
/// assert!(!mv.is_pass() && Move::PASS.is_pass());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u32);

const SQ_BITS: u32 = 10;
const SQ_MASK: u32 = (1 << SQ_BITS) - 1;
const LEAP_FLAG: u32 = 1 << 20;
const MOVE_FLAG: u32 = 1 << 21;
const PLACE_FLAG: u32 = 1 << 22;

/// In [`Move::order_key`]: set for leaps, above every origin square (they sort after all
/// other moves).
const LEAP_ORDER: u32 = 1 << 21;
/// [`Move::order_key`] of the pass: after every other move.
const PASS_ORDER: u32 = 1 << 22;

impl Move {
    /// Passing the turn (only legal under territory scoring).
    pub const PASS: Move = Move(0);

    /// A slide along a rank or file.
    #[inline(always)]
    pub fn slide(from: Square, to: Square) -> Move {
        Move(MOVE_FLAG | from.index() as u32 | ((to.index() as u32) << SQ_BITS))
    }

    /// A last-piece leap over the adjacent piece between `from` and `to`.
    #[inline(always)]
    pub fn leap(from: Square, to: Square) -> Move {
        Move(Move::slide(from, to).0 | LEAP_FLAG)
    }

    /// Placing a piece from hand on `to` (Gala); `from` is `to` too.
    #[inline(always)]
    pub fn place(to: Square) -> Move {
        Move(Move::slide(to, to).0 | PLACE_FLAG)
    }

    /// Whether this is a placement from hand.
    #[inline(always)]
    pub fn is_place(self) -> bool {
        self.0 & PLACE_FLAG != 0
    }

    /// Whether this is the pass.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{Game, Move, Preset, RuleOptions, Rules};
    ///
    /// let options = RuleOptions { territory: true, ..RuleOptions::default() };
    /// let game = Game::new(Rules::preset(Preset::MingMang).with_options(options).unwrap());
    /// assert!(game.legal_moves().iter().any(|mv| mv.is_pass()));
    /// assert!(game.is_legal(Move::PASS));
    /// ```
    #[inline(always)]
    pub fn is_pass(self) -> bool {
        self.0 == 0
    }

    /// Whether this is a jump over an adjacent piece: a last-piece leap (Ming Mang) or a
    /// hunter's jump (the hunt).
    #[inline(always)]
    pub fn is_leap(self) -> bool {
        self.0 & LEAP_FLAG != 0
    }

    /// The square the piece leaves (meaningless for a pass).
    #[inline(always)]
    pub fn from(self) -> Square {
        // Every constructor stores a valid square index, so no re-validation on the hot path.
        Square::from_raw((self.0 & SQ_MASK) as u16)
    }

    /// The square the piece arrives on (meaningless for a pass).
    #[inline(always)]
    pub fn to(self) -> Square {
        Square::from_raw(((self.0 >> SQ_BITS) & SQ_MASK) as u16)
    }

    /// The move's place in the canonical order every generator of the rules follows: by
    /// origin square, the moves that stay on the origin's rank before the others, then by
    /// destination; jumps (leaps) after every other move; the pass last. A placement counts as
    /// a move from its square to itself (only placements exist while a side places). Distinct
    /// moves have distinct keys, all below `1 << 23`; [`Move::from_order_key`] inverts it.
    #[inline(always)]
    pub fn order_key(self) -> u32 {
        if self.is_pass() {
            return PASS_ORDER;
        }
        let (from, to) = (self.from(), self.to());
        let off_rank = (from.rank() != to.rank()) as u32;
        let leap = if self.is_leap() { LEAP_ORDER } else { 0 };
        leap | ((from.index() as u32) << 11) | (off_rank << 10) | to.index() as u32
    }

    /// The move whose [`Move::order_key`] is `key`.
    #[inline(always)]
    pub fn from_order_key(key: u32) -> Move {
        if key == PASS_ORDER {
            return Move::PASS;
        }
        let from = Square::from_raw(((key >> 11) & SQ_MASK) as u16);
        let to = Square::from_raw((key & SQ_MASK) as u16);
        if key & LEAP_ORDER != 0 {
            Move::leap(from, to)
        } else if from == to {
            Move::place(to)
        } else {
            Move::slide(from, to)
        }
    }

    /// The raw 32-bit encoding.
    #[inline(always)]
    pub fn bits(self) -> u32 {
        self.0
    }

    /// Rebuilds a move from [`Move::bits`]; `None` if the bits are not a well-formed move.
    pub fn from_bits(bits: u32) -> Option<Move> {
        if bits == 0 {
            return Some(Move::PASS);
        }
        let known = MOVE_FLAG | LEAP_FLAG | PLACE_FLAG | SQ_MASK | (SQ_MASK << SQ_BITS);
        let from = bits & SQ_MASK;
        let to = (bits >> SQ_BITS) & SQ_MASK;
        let place_ok = bits & PLACE_FLAG == 0 || (bits & LEAP_FLAG == 0 && from == to);
        let ok = bits & MOVE_FLAG != 0
            && place_ok
            && bits & !known == 0
            && Square::from_index((bits & SQ_MASK) as usize).is_some()
            && Square::from_index(((bits >> SQ_BITS) & SQ_MASK) as usize).is_some();
        ok.then_some(Move(bits))
    }

    /// Parses `a1a5`, `a1-a5`, `0000` or `pass` for a board of `size`. The result is well formed
    /// but not necessarily legal; whether it is a leap is decided by the position
    /// ([`crate::Game::parse_move`] does both).
    pub fn parse_shape(text: &str, size: BoardSize) -> Result<(Square, Square), MoveText> {
        let t = text.trim();
        if t == "0000" || t.eq_ignore_ascii_case("pass") {
            return Err(MoveText::Pass);
        }
        if t.is_empty() {
            return Err(MoveText::Bad("empty move".into()));
        }
        if !t.is_ascii() || t.len() > 8 {
            return Err(MoveText::Bad(format!("'{}' is not a move", shorten(t))));
        }
        let (a, b) = match t.split_once('-') {
            Some(parts) => parts,
            None => {
                // The second square starts at the second letter.
                let split = t
                    .char_indices()
                    .skip(1)
                    .find(|(_, c)| c.is_ascii_alphabetic())
                    .map(|(i, _)| i)
                    .ok_or_else(|| MoveText::Bad(format!("'{t}' is not a move like a1a5")))?;
                t.split_at(split)
            }
        };
        let from = Square::parse(a, size).map_err(|e| MoveText::Bad(format!("move '{t}': {e}")))?;
        let to = Square::parse(b, size).map_err(|e| MoveText::Bad(format!("move '{t}': {e}")))?;
        if from == to {
            return Err(MoveText::Bad(format!("move '{t}' does not go anywhere")));
        }
        Ok((from, to))
    }
}

/// Why a move string did not name two squares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveText {
    /// The text is a pass.
    Pass,
    /// The text is malformed; the message says how.
    Bad(String),
}

/// Cuts long user input down for error messages.
pub(crate) fn shorten(text: &str) -> String {
    const LIMIT: usize = 40;
    if text.chars().count() <= LIMIT {
        text.to_string()
    } else {
        let head: String = text.chars().take(LIMIT).collect();
        format!("{head}...")
    }
}

/// A move's written form: at most two squares of a letter and two digits each.
pub type MoveSpelling = ArrayString<8>;

impl Move {
    /// The move's text, as [`fmt::Display`] writes it (`a1a5`, `d4` for a placement, `0000`
    /// for the pass), built without the formatting machinery: the protocol compares whole
    /// games of these with what a front end sends.
    pub fn text(self) -> MoveSpelling {
        let mut text = MoveSpelling::new();
        let mut square = |sq: Square| {
            text.push((b'a' + sq.file() as u8) as char);
            let rank = sq.rank() + 1;
            if rank >= 10 {
                text.push((b'0' + (rank / 10) as u8) as char);
            }
            text.push((b'0' + (rank % 10) as u8) as char);
        };
        if self.is_pass() {
            text.push_str("0000");
        } else if self.is_place() {
            square(self.to());
        } else {
            square(self.from());
            square(self.to());
        }
        text
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Upper bound on the number of moves in any position: each empty square is reached by at most
/// four slides (one from each direction), plus leaps and the pass. (A relative's king adds at
/// most eight steps, and placements exclude slides, so the bound holds there too.)
pub const MAX_MOVES: usize = 4 * MAX_DIM * MAX_DIM + 16;

/// A list of moves held on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_round_trip() {
        let size = BoardSize::new(19, 19).unwrap();
        let a = Square::parse("a1", size).unwrap();
        let s = Square::parse("s19", size).unwrap();
        for m in [Move::PASS, Move::slide(a, s), Move::leap(s, a)] {
            assert_eq!(Move::from_bits(m.bits()), Some(m));
        }
        assert_eq!(Move::slide(a, s).to_string(), "a1s19");
        assert!(Move::leap(a, s).is_leap());
        assert!(!Move::slide(a, s).is_leap());
        assert_eq!(Move::from_bits(12345), None);
        assert_eq!(Move::from_bits(u32::MAX), None);
        let p = Move::place(s);
        assert!(p.is_place() && !p.is_leap());
        assert_eq!(Move::from_bits(p.bits()), Some(p));
        assert_eq!(p.to_string(), "s19");
    }

    #[test]
    fn text_spells_every_square_as_squares_do() {
        let size = BoardSize::new(19, 19).unwrap();
        let a1 = Square::parse("a1", size).unwrap();
        for sq in size.squares() {
            assert_eq!(Move::slide(sq, a1).text().as_str(), format!("{sq}a1"));
            assert_eq!(Move::leap(a1, sq).text().as_str(), format!("a1{sq}"));
            assert_eq!(Move::place(sq).text().as_str(), sq.to_string());
        }
        assert_eq!(Move::PASS.text().as_str(), "0000");
    }

    #[test]
    fn order_keys_invert() {
        let size = BoardSize::new(19, 19).unwrap();
        let a = Square::parse("a1", size).unwrap();
        let s = Square::parse("s19", size).unwrap();
        let c = Square::parse("c1", size).unwrap();
        for m in [
            Move::PASS,
            Move::slide(a, s),
            Move::slide(s, a),
            Move::leap(a, c),
            Move::place(s),
        ] {
            assert_eq!(Move::from_order_key(m.order_key()), m, "{m}");
            assert!(m.order_key() < 1 << 23);
        }
        // Along the rank before along the file; leaps after slides; the pass last.
        let b1 = Square::parse("b1", size).unwrap();
        let a2 = Square::parse("a2", size).unwrap();
        assert!(Move::slide(a, s).order_key() < Move::slide(b1, a2).order_key());
        assert!(Move::slide(a, c).order_key() < Move::slide(a, a2).order_key());
        assert!(Move::slide(s, a).order_key() < Move::leap(a, c).order_key());
        assert!(Move::leap(s, a).order_key() < Move::PASS.order_key());
    }

    #[test]
    fn parse_shapes() {
        let size = BoardSize::STANDARD;
        let sq = |t| Square::parse(t, size).unwrap();
        assert_eq!(Move::parse_shape("a1a5", size), Ok((sq("a1"), sq("a5"))));
        assert_eq!(Move::parse_shape("a1-a5", size), Ok((sq("a1"), sq("a5"))));
        assert_eq!(Move::parse_shape("0000", size), Err(MoveText::Pass));
        assert_eq!(Move::parse_shape("PASS", size), Err(MoveText::Pass));
        for bad in [
            "", "a1", "a1a1", "a9a1", "i1a1", "a1b", "ä1a2", "a1-", "-a1", "11a1",
        ] {
            assert!(
                matches!(Move::parse_shape(bad, size), Err(MoveText::Bad(_))),
                "{bad}"
            );
        }
        let big = BoardSize::new(19, 19).unwrap();
        assert_eq!(
            Move::parse_shape("a10s19", big),
            Ok((Square::new(0, 9), Square::new(18, 18)))
        );
    }
}
