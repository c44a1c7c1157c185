//! Ming Mang's static evaluation: hand-written features of a position, from the side to move's
//! view, weighed by [`MingMangWeights`].
//!
//! Every board from 4x4 to 19x19 is read through the same rank and file occupancy words, so the
//! features mean the same on all sizes: mobility, anchoring and hanging pieces are the rules'
//! survey of the lines ([`Position::line_survey`]), the rest is read here.

use super::limit_phase;
use crate::rules::{Color, Game, Position};

weights! {
    /// Feature weights in centi-pieces (100 = one piece).
    MingMangWeights {
        /// Per piece: the game is won by taking pieces (conversion swings two).
        material = 100,
        /// Per square a piece can slide to: mobility keeps a side away from the loss by having no move.
        mobility = 1,
        /// Per piece whose friendly line reaches an edge both along its rank and its file: it cannot
        /// be flanked on either line while that stays so (corner pieces always count).
        anchored = 25,
        /// Per piece anchored along one line only.
        half_anchored = 8,
        /// Per piece of the side to move that the opponent could capture with one move (it must
        /// spend its move defending).
        hanging_own = 25,
        /// Per opposing piece the side to move could capture now; quiescence resolves the big
        /// swings, this term only values the pressure when it stands pat.
        hanging_their = 10,
        /// For being on move.
        tempo = 8,
        /// Per empty square enclosed by one side only (territory scoring only).
        territory = 60,
        /// Per piece, times the eighths of the ply limit already played (0 to 8; only under a
        /// limit): at the limit the piece count decides, so a piece ahead weighs more as it
        /// nears, and a side behind has fewer plies left to win it back.
        material_late = 0,
        /// Per piece on a corner, beyond its anchoring: no line through a corner can be flanked
        /// (without corner capture), so a corner piece is never lost, and it anchors both its
        /// edges for the pieces beside it.
        corner = 0,
    }
}

/// The pieces of `color` on the board's four corners.
fn corner_pieces(pos: &Position, color: Color) -> i32 {
    let size = pos.size();
    let corners = 1 | 1 << (size.width() - 1);
    let (bottom, top) = (
        pos.rank_bits(color, 0),
        pos.rank_bits(color, size.height() - 1),
    );
    ((bottom & corners).count_ones() + (top & corners).count_ones()) as i32
}

/// The evaluation of `game`'s position (Ming Mang) for the side to move, in centi-pieces.
pub fn evaluate(game: &Game, w: &MingMangWeights) -> i32 {
    let pos = game.position();
    let us = pos.side_to_move();
    let them = us.other();
    let f = pos.line_survey();
    // The balanced terms are White's less Black's.
    let ours = if us == Color::White { 1 } else { -1 };
    // Pieces in hand (Gala) count as material; elsewhere the hand is empty.
    let pieces_ahead = pos.total(us) as i32 - pos.total(them) as i32;
    // The terms whose weight is 0 by default are not computed then (the evaluation runs at
    // nearly every node).
    let late = if w.material_late != 0 {
        w.material_late * limit_phase(game)
    } else {
        0
    };
    let material = (w.material + late) * pieces_ahead;
    let mut score = material
        + ours
            * (w.mobility * f.mobility
                + w.anchored * f.anchored
                + w.half_anchored * f.half_anchored)
        - w.hanging_own * f.hanging[us.index()]
        + w.hanging_their * f.hanging[them.index()]
        + if w.corner != 0 {
            w.corner * (corner_pieces(pos, us) - corner_pieces(pos, them))
        } else {
            0
        }
        + w.tempo;
    if game.rules().options().territory {
        // Pieces are already counted as material; add the enclosed empty squares.
        let (white, black) = game.territory();
        let enclosed = |c: Color, total: usize| (total - pos.count(c)) as i32;
        let (eu, et) = if us == Color::White {
            (enclosed(us, white), enclosed(them, black))
        } else {
            (enclosed(us, black), enclosed(them, white))
        };
        score += w.territory * (eu - et);
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{BoardSize, Rules};

    #[test]
    fn start_is_balanced_but_for_tempo_on_every_size() {
        for n in 4..=19 {
            let g = Game::new(Rules::new(BoardSize::new(n, n).unwrap()));
            assert_eq!(
                evaluate(&g, &MingMangWeights::HAND_SET),
                MingMangWeights::HAND_SET.tempo
            );
        }
    }
}
