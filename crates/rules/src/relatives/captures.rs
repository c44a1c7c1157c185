//! The relatives' captures: custodian (a line, or a single piece), intervention and enclosure,
//! read from the game's [`Family`]; captured pieces are removed. Found on bitboards, so a
//! move's captures and the hash after it are known without making it.

use crate::family::{Custodian, Family, KingMove};
use crate::geometry::{Color, Square};
use crate::moves::Move;
use crate::position::{Direction, Position};
use crate::zobrist::{hand_key, king_key, piece_key, SIDE_KEY};

use super::bitboard::{bit_square, neighbours, shift, square_bit};

impl Position {
    /// The enemy pieces a piece of `us` just arrived on `to` captures, as a bitboard: the union
    /// of the family's custodian, intervention and enclosure captures on the current board.
    fn relative_captures(&self, us: Color, to: Square, family: &Family) -> u64 {
        self.relative_captures_on(self.bitboard(us), self.bitboard(us.other()), to, family)
    }

    /// [`Position::relative_captures`] on the board given as bitboards (`own` holds the moved
    /// piece on `to`), so that a capture can be counted before the move is made.
    fn relative_captures_on(&self, own: u64, enemy: u64, to: Square, family: &Family) -> u64 {
        let board = self.board_bitboard();
        let at = square_bit(to);
        let mut caps = 0u64;
        if family.custodian != Custodian::None {
            let longest = if family.custodian == Custodian::Single {
                1
            } else {
                usize::MAX
            };
            for dir in Direction::ALL {
                let mut line = 0u64;
                let mut n = 0;
                let mut next = shift(at, dir, board);
                while next & enemy != 0 {
                    line |= next;
                    n += 1;
                    next = shift(next, dir, board);
                }
                if n >= 1 && n <= longest && next & own != 0 {
                    caps |= line;
                }
            }
        }
        if family.intervention {
            for dir in [Direction::East, Direction::North] {
                let (a, b) = (shift(at, dir, board), shift(at, dir.opposite(), board));
                if a & enemy != 0 && b & enemy != 0 {
                    caps |= a | b;
                }
            }
        }
        if family.enclosure {
            let empty = board & !(enemy | own);
            let mut seeds = neighbours(at, board) & enemy;
            while seeds != 0 {
                let mut group = seeds & seeds.wrapping_neg();
                loop {
                    let grown = group | (neighbours(group, board) & enemy);
                    if grown == group {
                        break;
                    }
                    group = grown;
                }
                seeds &= !group;
                if neighbours(group, board) & empty == 0 {
                    caps |= group;
                }
            }
        }
        caps
    }

    /// A view for the capture counts and child hashes of many moves of this position of a
    /// relative (`family`), its bitboards built once.
    pub(crate) fn relative_moves<'a>(&'a self, family: &'a Family) -> RelativeMoves<'a> {
        let us = self.side;
        RelativeMoves {
            pos: self,
            family,
            own: self.bitboard(us),
            enemy: self.bitboard(us.other()),
        }
    }

    /// Plays `mv` for the side to move of a relative: pieces are placed or moved, and captured pieces are
    /// removed.
    pub(crate) fn apply_relative(&mut self, mv: Move, family: &Family) -> u32 {
        let us = self.side;
        let u = us.index();
        self.side = us.other();
        self.hash ^= SIDE_KEY;
        if mv.is_pass() {
            return 0;
        }
        let to = mv.to();
        if mv.is_place() {
            self.put(to, us);
            let n = self.hand[u] as usize;
            self.set_hand(us, n - 1);
            return 0;
        }
        let from = mv.from();
        let is_king = self.kings[u] == from.index() as u16;
        self.toggle(from, us);
        self.toggle(to, us);
        if is_king {
            self.kings[u] = to.index() as u16;
            self.hash ^= king_key(us, from) ^ king_key(us, to);
        }
        if mv.is_leap() {
            let mid = Square::new((from.file() + to.file()) / 2, (from.rank() + to.rank()) / 2);
            self.remove(mid, us.other());
            return 1;
        }
        if is_king && family.king_move == KingMove::Hunter {
            return 0;
        }
        let mut caps = self.relative_captures(us, to, family);
        let n = caps.count_ones();
        while caps != 0 {
            let i = caps.trailing_zeros();
            caps &= caps - 1;
            self.remove(bit_square(i), us.other());
        }
        n
    }
}

/// The capture counts and child hashes of a relative's moves in one position, found on
/// bitboards built once for all of them, without making the moves (see
/// [`Position::relative_moves`]). The generators ask it for every move of a node.
pub(crate) struct RelativeMoves<'a> {
    pos: &'a Position,
    family: &'a Family,
    /// The side to move's pieces.
    own: u64,
    /// The opponent's pieces.
    enemy: u64,
}

impl RelativeMoves<'_> {
    /// The pieces `mv` (a slide or a leap) captures, as a bitboard, as
    /// [`Position::apply_relative`] would remove them.
    fn capture_set(&self, mv: Move) -> u64 {
        let pos = self.pos;
        let (from, to) = (mv.from(), mv.to());
        if mv.is_leap() {
            return square_bit(Square::new(
                (from.file() + to.file()) / 2,
                (from.rank() + to.rank()) / 2,
            ));
        }
        let us = pos.side;
        if pos.kings[us.index()] == from.index() as u16 && self.family.king_move == KingMove::Hunter
        {
            return 0;
        }
        let own = self.own ^ square_bit(from) ^ square_bit(to);
        pos.relative_captures_on(own, self.enemy, to, self.family)
    }

    /// How many pieces `mv` captures (none for a pass or a placement).
    #[inline]
    pub(crate) fn capture_count(&self, mv: Move) -> u32 {
        if mv.is_pass() || mv.is_place() {
            return 0;
        }
        if !mv.is_leap() && !self.pos.touches_enemy(self.pos.side, mv.to()) {
            return 0;
        }
        self.capture_set(mv).count_ones()
    }

    /// The hash of the position after `mv`: direct unless the move can capture, then with the
    /// captured pieces taken off.
    #[inline]
    pub(crate) fn child_hash(&self, mv: Move) -> u64 {
        let pos = self.pos;
        let us = pos.side;
        if mv.is_pass() {
            return pos.hash ^ SIDE_KEY;
        }
        let to = mv.to();
        if mv.is_place() {
            let n = pos.hand(us);
            return pos.hash
                ^ SIDE_KEY
                ^ piece_key(us, to)
                ^ hand_key(us, n)
                ^ hand_key(us, n.saturating_sub(1));
        }
        let from = mv.from();
        let mut hash = pos.hash ^ SIDE_KEY ^ piece_key(us, from) ^ piece_key(us, to);
        if pos.kings[us.index()] == from.index() as u16 {
            hash ^= king_key(us, from) ^ king_key(us, to);
        }
        if mv.is_leap() || pos.touches_enemy(us, to) {
            // The captured pieces leave the board (a captured king takes its key along).
            let them = us.other();
            let mut caps = self.capture_set(mv);
            while caps != 0 {
                let sq = bit_square(caps.trailing_zeros());
                caps &= caps - 1;
                hash ^= piece_key(them, sq);
                if pos.kings[them.index()] == sq.index() as u16 {
                    hash ^= king_key(them, sq);
                }
            }
        }
        hash
    }
}
