//! The relatives' moves: placements from hand (Gala), rook-like slides of men and Rek's kings,
//! the steps of Min Rek Chanh's kings and the hunter's steps and jumps, in the canonical order
//! (see [`Move::order_key`]).

use arrayvec::ArrayVec;

use crate::family::{Family, KingMove};
use crate::geometry::Square;
use crate::lines::{reach_down, reach_up};
use crate::moves::Move;
use crate::position::Position;

/// A king's one-square steps as (file step, rank step), in the canonical order of their
/// destinations: along the rank first, then the others by square (rank below before rank
/// above).
const EIGHT_STEPS: [(i32, i32); 8] = [
    (-1, 0),
    (1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// The orthogonal steps (the hunter's), in the same order.
const ORTHOGONAL_STEPS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// Calls `emit` with the moves of a relative (rule 7 not applied), in the canonical order:
/// placements while the side must place, else slides of men, king moves and hunter steps, then
/// the hunter's jumps.
pub(crate) fn for_each_pseudo_move(pos: &Position, family: &Family, mut emit: impl FnMut(Move)) {
    let u = pos.side.index();
    let size = pos.size;
    let (w, h) = (size.width(), size.height());
    if pos.must_place(family) {
        let centre = Square::new(w / 2, h / 2);
        if pos.counts == [0, 0] && family.halves[u] >> centre.rank() & 1 != 0 {
            emit(Move::place(centre));
            return;
        }
        for r in 0..h {
            if family.halves[u] >> r & 1 == 0 {
                continue;
            }
            let mut empty = !(pos.rows[0][r] | pos.rows[1][r]) & size.rank_mask();
            while empty != 0 {
                let f = empty.trailing_zeros() as usize;
                empty &= empty - 1;
                emit(Move::place(Square::new(f, r)));
            }
        }
        return;
    }
    let forbidden = pos.forbidden_ranks(pos.side, family);
    let king = pos.kings[u];
    let rook_king = family.king_move == KingMove::Rook;
    let mut jumps: ArrayVec<Move, 4> = ArrayVec::new();
    for r in 0..h {
        let mut mine = pos.rows[u][r];
        let occupied_rank = pos.rows[0][r] | pos.rows[1][r];
        while mine != 0 {
            let f = mine.trailing_zeros() as usize;
            mine &= mine - 1;
            let from = Square::new(f, r);
            if from.index() as u16 == king && !rook_king {
                for_each_king_step(
                    pos,
                    from,
                    family.king_move,
                    forbidden,
                    &mut emit,
                    &mut jumps,
                );
                continue;
            }
            let occupied_file = pos.cols[0][f] | pos.cols[1][f];
            if forbidden >> r & 1 == 0 {
                let mut along_rank = reach_up(occupied_rank, f, w) | reach_down(occupied_rank, f);
                while along_rank != 0 {
                    let t = along_rank.trailing_zeros() as usize;
                    along_rank &= along_rank - 1;
                    emit(Move::slide(from, Square::new(t, r)));
                }
            }
            let mut along_file =
                (reach_up(occupied_file, r, h) | reach_down(occupied_file, r)) & !forbidden;
            while along_file != 0 {
                let t = along_file.trailing_zeros() as usize;
                along_file &= along_file - 1;
                emit(Move::slide(from, Square::new(f, t)));
            }
        }
    }
    // Jumps come after every other move in the canonical order.
    jumps.into_iter().for_each(emit);
}

/// The steps of a king on `from` go to `emit`; the hunter's jumps go to `jumps`.
fn for_each_king_step(
    pos: &Position,
    from: Square,
    how: KingMove,
    forbidden: u32,
    emit: &mut impl FnMut(Move),
    jumps: &mut ArrayVec<Move, 4>,
) {
    let steps: &[(i32, i32)] = if how == KingMove::Step8 {
        &EIGHT_STEPS
    } else {
        &ORTHOGONAL_STEPS
    };
    let them = Some(pos.side.other());
    for &(df, dr) in steps {
        let Some(to) = from.offset(df, dr, pos.size) else {
            continue;
        };
        match pos.piece_at(to) {
            None if forbidden >> to.rank() & 1 == 0 => emit(Move::slide(from, to)),
            None => {}
            p if p == them && how == KingMove::Hunter => {
                if let Some(beyond) = from.offset(2 * df, 2 * dr, pos.size) {
                    if pos.piece_at(beyond).is_none() {
                        jumps.push(Move::leap(from, beyond));
                    }
                }
            }
            _ => {}
        }
    }
}

/// Whether `mv` is a move of a relative the side to move can play here, ignoring rule 7,
/// decided from the squares it touches without generating the moves.
pub(crate) fn is_pseudo_legal(pos: &Position, mv: Move, family: &Family) -> bool {
    if mv.is_pass() {
        return false;
    }
    let us = pos.side;
    let u = us.index();
    let size = pos.size;
    let to = mv.to();
    if to.file() >= size.width() || to.rank() >= size.height() || pos.piece_at(to).is_some() {
        return false;
    }
    let must_place = pos.must_place(family);
    if mv.is_place() {
        if !must_place || family.halves[u] >> to.rank() & 1 == 0 {
            return false;
        }
        let centre = Square::new(size.width() / 2, size.height() / 2);
        let centre_first = pos.counts == [0, 0] && family.halves[u] >> centre.rank() & 1 != 0;
        return !centre_first || to == centre;
    }
    let from = mv.from();
    if must_place || pos.piece_at(from) != Some(us) {
        return false;
    }
    let forbidden = pos.forbidden_ranks(pos.side, family);
    let (df, dr) = (
        to.file() as i32 - from.file() as i32,
        to.rank() as i32 - from.rank() as i32,
    );
    let is_king = pos.kings[u] == from.index() as u16;
    if is_king && family.king_move != KingMove::Rook {
        return match family.king_move {
            KingMove::Hunter if mv.is_leap() => {
                let two_straight = (df.abs() == 2 && dr == 0) || (df == 0 && dr.abs() == 2);
                two_straight
                    && from
                        .offset(df / 2, dr / 2, size)
                        .is_some_and(|mid| pos.piece_at(mid) == Some(us.other()))
            }
            _ if mv.is_leap() => false,
            KingMove::Step8 => df.abs() <= 1 && dr.abs() <= 1 && forbidden >> to.rank() & 1 == 0,
            _ => df.abs() + dr.abs() == 1 && forbidden >> to.rank() & 1 == 0,
        };
    }
    if mv.is_leap() || forbidden >> to.rank() & 1 != 0 {
        return false;
    }
    // A slide along an open rank or file.
    let (occupied, a, b) = if dr == 0 {
        let r = from.rank();
        (pos.rows[0][r] | pos.rows[1][r], from.file(), to.file())
    } else if df == 0 {
        let f = from.file();
        (pos.cols[0][f] | pos.cols[1][f], from.rank(), to.rank())
    } else {
        return false;
    };
    let (lo, hi) = if a < b { (a + 1, b) } else { (b, a - 1) };
    let path = (((1u64 << (hi + 1)) - 1) & !((1u64 << lo) - 1)) as u32;
    occupied & path == 0
}
