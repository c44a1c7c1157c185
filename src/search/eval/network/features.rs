//! The network's inputs: which input a piece on a square is, seen from one side.
//!
//! Each side sees the board from its own seat: White as the board is written, Black turned
//! through half a circle, so that both see their own start on the same squares (file `a` and
//! rank 1 for Ming Mang's rule 3) and one set of weights serves both. A piece is "own" or
//! "theirs" from the seat's view. The inputs are the plain piece-square planes Fairy-Stockfish
//! gives games without a unique king: `2 x area` per seat. Games with kings (Rek, Min Rek
//! Chanh, the hunt's hunter) add a plane for each side's king: a king is still a piece of its
//! colour on the piece planes, and lights its own square on its king plane as well, so a
//! network learns what a king adds without learning men twice. Gala, whose pieces wait in
//! hand before they are placed, adds each side's hand as a thermometer: input `k` of a side's
//! hand is lit while it holds at least `k` pieces (up to [`HAND_INPUTS`]), so a placement
//! changes one input there, as it changes one square.

use crate::rules::{BoardSize, Color, Position, Square};

/// Which inputs a network reads. Stored in its file by name, so a file for a feature set
/// this engine does not know is refused rather than misread.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FeatureSet {
    /// One plane of own pieces and one of theirs, each one input per square.
    PieceSquare,
    /// The piece planes, then one plane of the own king and one of theirs.
    PieceSquareKings,
    /// The piece planes, then the own hand's thermometer and theirs.
    PieceSquareHands,
}

/// How many pieces in hand a side's thermometer counts; a larger hand lights them all.
pub const HAND_INPUTS: usize = 16;

impl FeatureSet {
    /// Every feature set, smallest first.
    pub const ALL: [FeatureSet; 3] = [
        FeatureSet::PieceSquare,
        FeatureSet::PieceSquareKings,
        FeatureSet::PieceSquareHands,
    ];

    /// The name a network file writes.
    pub fn name(self) -> &'static str {
        match self {
            FeatureSet::PieceSquare => "piece-square",
            FeatureSet::PieceSquareKings => "piece-square-kings",
            FeatureSet::PieceSquareHands => "piece-square-hands",
        }
    }

    /// The feature set called `name`.
    pub fn from_name(name: &str) -> Option<FeatureSet> {
        FeatureSet::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The smallest feature set that describes every position of rules with these traits,
    /// if there is one (none knows kings and pieces in hand together, which no game has).
    pub fn smallest_covering(has_kings: bool, has_hands: bool) -> Option<FeatureSet> {
        FeatureSet::ALL
            .into_iter()
            .find(|f| f.covers(has_kings, has_hands))
    }

    /// How many inputs one seat has on a board of `size`.
    pub fn inputs(self, size: BoardSize) -> usize {
        match self {
            FeatureSet::PieceSquare => 2 * size.area(),
            FeatureSet::PieceSquareKings => 4 * size.area(),
            FeatureSet::PieceSquareHands => 2 * size.area() + 2 * HAND_INPUTS,
        }
    }

    /// Whether the inputs include the king planes.
    #[inline(always)]
    pub fn has_kings(self) -> bool {
        self == FeatureSet::PieceSquareKings
    }

    /// Whether the inputs include the hands' thermometers.
    #[inline(always)]
    pub fn has_hands(self) -> bool {
        self == FeatureSet::PieceSquareHands
    }

    /// Whether this feature set describes every position of rules with these traits: the
    /// piece-square planes know no kings and no hands, each larger set one of the two.
    pub fn covers(self, has_kings: bool, has_hands: bool) -> bool {
        match self {
            FeatureSet::PieceSquare => !has_kings && !has_hands,
            FeatureSet::PieceSquareKings => !has_hands,
            FeatureSet::PieceSquareHands => !has_kings,
        }
    }
}

/// The square `sq` as `seat` sees it: its index on one plane.
#[inline(always)]
fn seen_from(size: BoardSize, seat: Color, sq: Square) -> usize {
    let (w, h) = (size.width(), size.height());
    match seat {
        Color::White => sq.rank() * w + sq.file(),
        Color::Black => (h - 1 - sq.rank()) * w + (w - 1 - sq.file()),
    }
}

/// The input of a piece of `owner` on `sq`, as `seat` sees it, on a board of `size`.
#[inline(always)]
pub fn input_index(size: BoardSize, seat: Color, owner: Color, sq: Square) -> usize {
    let plane = (owner != seat) as usize;
    plane * size.area() + seen_from(size, seat, sq)
}

/// The king-plane input of `owner`'s king on `sq`, as `seat` sees it (the feature sets with
/// kings only).
#[inline(always)]
pub fn king_input_index(size: BoardSize, seat: Color, owner: Color, sq: Square) -> usize {
    let plane = 2 + (owner != seat) as usize;
    plane * size.area() + seen_from(size, seat, sq)
}

/// The thermometer input counting a hand's `k`-th piece (`1..=HAND_INPUTS`) of `owner`, as
/// `seat` sees it (the feature set with hands only).
#[inline(always)]
pub fn hand_input_index(size: BoardSize, seat: Color, owner: Color, k: usize) -> usize {
    let plane = (owner != seat) as usize;
    2 * size.area() + plane * HAND_INPUTS + (k - 1)
}

/// The pieces of a hand the thermometer counts.
#[inline(always)]
pub fn counted_hand(pos: &Position, owner: Color) -> usize {
    pos.hand(owner).min(HAND_INPUTS)
}

/// Every input of `features` active in `pos` as `seat` sees it, in no particular order.
pub fn active_inputs(
    pos: &Position,
    seat: Color,
    features: FeatureSet,
    mut each: impl FnMut(usize),
) {
    let size = pos.size();
    for owner in [Color::White, Color::Black] {
        for sq in pos.pieces(owner) {
            each(input_index(size, seat, owner, sq));
        }
        if features.has_kings() {
            if let Some(sq) = pos.king(owner) {
                each(king_input_index(size, seat, owner, sq));
            }
        }
        if features.has_hands() {
            for k in 1..=counted_hand(pos, owner) {
                each(hand_input_index(size, seat, owner, k));
            }
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
        active_inputs(&pos, Color::White, FeatureSet::PieceSquare, |i| {
            white.push(i)
        });
        active_inputs(&pos, Color::Black, FeatureSet::PieceSquare, |i| {
            black.push(i)
        });
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

    #[test]
    fn a_king_lights_its_piece_input_and_its_king_input() {
        use crate::rules::{Game, Preset, Rules};
        let rules = Rules::preset(Preset::Rek);
        let pos = Game::new(rules).position().clone();
        let size = pos.size();
        let features = FeatureSet::PieceSquareKings;
        for seat in [Color::White, Color::Black] {
            let mut seen = Vec::new();
            active_inputs(&pos, seat, features, |i| seen.push(i));
            let pieces = pos.count(Color::White) + pos.count(Color::Black);
            assert_eq!(seen.len(), pieces + 2);
            assert!(seen.iter().all(|&i| i < features.inputs(size)));
            let own_king = pos.king(seat).unwrap();
            assert!(seen.contains(&king_input_index(size, seat, seat, own_king)));
            assert!(seen.contains(&input_index(size, seat, seat, own_king)));
        }
        assert_eq!(
            FeatureSet::smallest_covering(true, false),
            Some(FeatureSet::PieceSquareKings)
        );
        assert_eq!(
            FeatureSet::smallest_covering(false, false),
            Some(FeatureSet::PieceSquare)
        );
        assert_eq!(
            FeatureSet::smallest_covering(false, true),
            Some(FeatureSet::PieceSquareHands)
        );
        assert_eq!(FeatureSet::smallest_covering(true, true), None);
        for f in FeatureSet::ALL {
            assert_eq!(FeatureSet::from_name(f.name()), Some(f));
        }
    }

    #[test]
    fn a_hand_lights_one_input_a_piece_up_to_the_thermometers_top() {
        use crate::rules::{Game, Preset, Rules};
        let rules = Rules::preset(Preset::Gala);
        let mut pos = Game::new(rules).position().clone();
        let size = pos.size();
        let features = FeatureSet::PieceSquareHands;
        let lit = |pos: &Position, seat| {
            let mut seen = Vec::new();
            active_inputs(pos, seat, features, |i| seen.push(i));
            seen
        };
        for seat in [Color::White, Color::Black] {
            let seen = lit(&pos, seat);
            assert_eq!(seen.len(), pos.hand(Color::White) + pos.hand(Color::Black));
            assert!(seen.iter().all(|&i| i < features.inputs(size)));
            let own = pos.hand(seat);
            assert!(seen.contains(&hand_input_index(size, seat, seat, own)));
            assert!(!seen.contains(&hand_input_index(size, seat, seat, own + 1)));
        }
        pos.set_hand(Color::White, 40);
        let seen = lit(&pos, Color::White);
        assert_eq!(seen.len(), HAND_INPUTS + pos.hand(Color::Black));
        let mut unique = seen.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), seen.len());
    }
}
