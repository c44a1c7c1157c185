//! The network's inputs: which input a piece on a square is, seen from one side.
//!
//! Each side sees the board from its own seat: White as the board is written, Black turned
//! through half a circle, so that both see their own start on the same squares (file `a` and
//! rank 1 for Ming Mang's rule 3) and one set of weights serves both. A piece is "own" or
//! "theirs" from the seat's view. The inputs are the plain piece-square planes Fairy-Stockfish
//! gives games without a unique king: `2 x area` per seat.

use crate::rules::{BoardSize, Color, Position, Square};

/// Which inputs a network reads. Stored in its file by name, so a file for a feature set
/// this engine does not know is refused rather than misread.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FeatureSet {
    /// One plane of own pieces and one of theirs, each one input per square.
    PieceSquare,
}

impl FeatureSet {
    /// The name a network file writes.
    pub fn name(self) -> &'static str {
        match self {
            FeatureSet::PieceSquare => "piece-square",
        }
    }

    /// The feature set called `name`.
    pub fn from_name(name: &str) -> Option<FeatureSet> {
        match name {
            "piece-square" => Some(FeatureSet::PieceSquare),
            _ => None,
        }
    }

    /// How many inputs one seat has on a board of `size`.
    pub fn inputs(self, size: BoardSize) -> usize {
        match self {
            FeatureSet::PieceSquare => 2 * size.area(),
        }
    }

    /// Whether this feature set describes every position of rules with these traits: the
    /// piece-square planes know no kings and no pieces in hand.
    pub fn covers(self, has_kings: bool, has_hands: bool) -> bool {
        match self {
            FeatureSet::PieceSquare => !has_kings && !has_hands,
        }
    }
}

/// The input of a piece of `owner` on `sq`, as `seat` sees it, on a board of `size`.
#[inline(always)]
pub fn input_index(size: BoardSize, seat: Color, owner: Color, sq: Square) -> usize {
    let (w, h) = (size.width(), size.height());
    let seen = match seat {
        Color::White => sq.rank() * w + sq.file(),
        Color::Black => (h - 1 - sq.rank()) * w + (w - 1 - sq.file()),
    };
    let plane = (owner != seat) as usize;
    plane * size.area() + seen
}

/// Every input active in `pos` as `seat` sees it, in no particular order.
pub fn active_inputs(pos: &Position, seat: Color, mut each: impl FnMut(usize)) {
    let size = pos.size();
    for owner in [Color::White, Color::Black] {
        for sq in pos.pieces(owner) {
            each(input_index(size, seat, owner, sq));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_seats_see_their_own_start_on_the_same_inputs() {
        let size = BoardSize::new(8, 8).unwrap();
        let pos = Position::start(size);
        let mut white = Vec::new();
        let mut black = Vec::new();
        active_inputs(&pos, Color::White, |i| white.push(i));
        active_inputs(&pos, Color::Black, |i| black.push(i));
        white.sort_unstable();
        black.sort_unstable();
        assert_eq!(white, black);
        assert_eq!(white.len(), 28);
        assert!(white
            .iter()
            .all(|&i| i < FeatureSet::PieceSquare.inputs(size)));
    }

    #[test]
    fn every_square_and_owner_has_its_own_input() {
        let size = BoardSize::new(5, 7).unwrap();
        for seat in [Color::White, Color::Black] {
            let mut seen = vec![false; FeatureSet::PieceSquare.inputs(size)];
            for owner in [Color::White, Color::Black] {
                for sq in size.squares() {
                    let i = input_index(size, seat, owner, sq);
                    assert!(!seen[i], "input {i} twice");
                    seen[i] = true;
                }
            }
            assert!(seen.iter().all(|&s| s));
        }
    }
}
