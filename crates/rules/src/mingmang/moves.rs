//! Ming Mang's moves: slides along ranks and files, the last-piece leap and the pass, in the
//! canonical order (see [`Move::order_key`]), and the staged generators the search asks for:
//! captures first, quiet moves only when needed, and whether any quiet move is left.

use crate::geometry::{Square, MAX_DIM};
use crate::history::History;
use crate::lines::{next_to, reach_down, reach_up};
use crate::moves::Move;
use crate::position::Position;
use crate::variant::Rules;
use crate::zobrist::{piece_key, SIDE_KEY};

use super::captures::extended_capture_count;

/// The leap's directions as (file step, rank step), in the canonical order of its
/// destinations: along the rank first, each line towards lower squares first.
const LEAP_STEPS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

impl Position {
    /// Calls `found(from, to)` with the slides open to the side to move (Ming Mang's rules)
    /// whose destination is in `onto_rank` (per rank, by file) when the slide runs along a
    /// rank, or in `onto_file` (per file, by rank) when it runs along a file, in the rules'
    /// generation order: by origin square, then along the rank before along the file, each by
    /// destination. Stops at the first slide for which `found` says true, and says whether it
    /// did. The masks let callers skip the destinations they do not want (captures, quiet
    /// squares) without looking at those moves one by one.
    #[inline(always)]
    pub fn find_slide(
        &self,
        onto_rank: &[u32; MAX_DIM],
        onto_file: &[u32; MAX_DIM],
        mut found: impl FnMut(Square, Square) -> bool,
    ) -> bool {
        let (w, h) = (self.size.width(), self.size.height());
        self.find_own_piece(|f, r, occupied_rank, occupied_file| {
            let from = Square::new(f, r);
            let along_rank =
                (reach_up(occupied_rank, f, w) | reach_down(occupied_rank, f)) & onto_rank[r];
            if any_bit(along_rank, |t| found(from, Square::new(t, r))) {
                return true;
            }
            let along_file =
                (reach_up(occupied_file, r, h) | reach_down(occupied_file, r)) & onto_file[f];
            any_bit(along_file, |t| found(from, Square::new(f, t)))
        })
    }
}

/// Whether `found` says yes to one of the set bits of `bits` (by index, lowest first); stops
/// at the first yes.
#[inline(always)]
fn any_bit(mut bits: u32, mut found: impl FnMut(usize) -> bool) -> bool {
    while bits != 0 {
        let t = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if found(t) {
            return true;
        }
    }
    false
}

/// Calls `emit` with every slide, leap and pass open to the side to move under Ming Mang's
/// rules, ignoring rule 7, in the canonical order: the slides, then the leaps of a last piece,
/// then the pass.
// Always inlined so that each caller's `emit` is inlined into the loop: it runs per move.
#[inline(always)]
pub(crate) fn for_each_pseudo_move(pos: &Position, rules: &Rules, mut emit: impl FnMut(Move)) {
    find_pseudo_move(pos, rules, |mv| {
        emit(mv);
        false
    });
}

/// Calls `found` with the moves of [`for_each_pseudo_move`], in its order, until it says
/// true, and says whether it did: a question about some move (is any legal?) stops
/// generating at its answer.
#[inline(always)]
pub(crate) fn find_pseudo_move(
    pos: &Position,
    rules: &Rules,
    mut found: impl FnMut(Move) -> bool,
) -> bool {
    let options = rules.options();
    let us = pos.side.index();
    let all = [u32::MAX; MAX_DIM];
    if pos.find_slide(&all, &all, |from, to| found(Move::slide(from, to))) {
        return true;
    }
    if options.last_piece_leap && pos.counts[us] == 1 {
        let mut hit = false;
        for_each_leap(pos, &mut |mv| hit = hit || found(mv));
        if hit {
            return true;
        }
    }
    options.territory && pos.counts[us] > 0 && found(Move::PASS)
}

/// The leaps of the side to move's only piece: over an adjacent enemy to the empty square
/// beyond.
fn for_each_leap(pos: &Position, emit: &mut impl FnMut(Move)) {
    let from = pos.pieces(pos.side).next().expect("one piece");
    for (df, dr) in LEAP_STEPS {
        if let (Some(mid), Some(to)) = (
            from.offset(df, dr, pos.size),
            from.offset(2 * df, 2 * dr, pos.size),
        ) {
            if pos.piece_at(mid) == Some(pos.side.other()) && pos.piece_at(to).is_none() {
                emit(Move::leap(from, to));
            }
        }
    }
}

/// Whether `mv` is a move the side to move can play here under Ming Mang's rules, ignoring
/// rule 7: a slide along an open line, a leap of a last piece, or the pass where passing is
/// allowed. A few word operations for a slide, so a table move or a killer can be tried before
/// the node's moves are generated.
#[inline]
pub(crate) fn is_pseudo_legal(pos: &Position, mv: Move, rules: &Rules) -> bool {
    let us = pos.side;
    if mv.is_pass() {
        return rules.may_pass() && pos.counts[us.index()] > 0;
    }
    if mv.is_place() {
        return false;
    }
    let (from, to) = (mv.from(), mv.to());
    let size = pos.size;
    if to.file() >= size.width() || to.rank() >= size.height() || pos.piece_at(from) != Some(us) {
        return false;
    }
    if mv.is_leap() {
        let mut found = false;
        if rules.options().last_piece_leap && pos.counts[us.index()] == 1 {
            for_each_leap(pos, &mut |m| found |= m == mv);
        }
        return found;
    }
    let them = us.other();
    let (occupied, a, b) = if from.rank() == to.rank() {
        let r = from.rank();
        (
            pos.rank_bits(us, r) | pos.rank_bits(them, r),
            from.file(),
            to.file(),
        )
    } else if from.file() == to.file() {
        let f = from.file();
        (
            pos.file_bits(us, f) | pos.file_bits(them, f),
            from.rank(),
            to.rank(),
        )
    } else {
        return false;
    };
    if a == b {
        return false;
    }
    // The squares strictly after `from` up to `to`, in either direction.
    let (lo, hi) = if a < b { (a + 1, b) } else { (b, a - 1) };
    let path = (((1u64 << (hi + 1)) - 1) & !((1u64 << lo) - 1)) as u32;
    occupied & path == 0
}

/// Calls `emit(move, converted)` for every capture under options that may capture beyond the
/// straight lines (rule 7 not applied): the slides onto a square next to an enemy (no capture
/// of any kind is possible elsewhere) that convert something by the exact count, and the leaps
/// of a last piece. It skips the moves that cannot capture without looking at them one by one.
pub(crate) fn for_each_extended_capture(
    pos: &Position,
    rules: &Rules,
    mut emit: impl FnMut(Move, u32),
) {
    let us = pos.side;
    let them = us.other();
    // Squares next to an enemy, by rank and by file.
    let near_on_rank = next_to(&std::array::from_fn(|r| pos.rank_bits(them, r)));
    let near_on_file = next_to(&std::array::from_fn(|f| pos.file_bits(them, f)));
    let mut try_move = |mv: Move| {
        let n = extended_capture_count(pos, mv, rules);
        if n > 0 {
            emit(mv, n);
        }
    };
    pos.find_slide(&near_on_rank, &near_on_file, |from, to| {
        try_move(Move::slide(from, to));
        false
    });
    if rules.options().last_piece_leap && pos.counts[us.index()] == 1 {
        for_each_leap(pos, &mut try_move);
    }
}

/// Calls `emit` with every move that converts nothing under options that may capture beyond
/// the straight lines, in the canonical order (the pass last, where allowed).
pub(crate) fn for_each_extended_quiet(pos: &Position, rules: &Rules, mut emit: impl FnMut(Move)) {
    // A capture's destination has an enemy next to it; only those moves need the exact count.
    let all = [u32::MAX; MAX_DIM];
    pos.find_slide(&all, &all, |from, to| {
        let mv = Move::slide(from, to);
        if extended_capture_count(pos, mv, rules) == 0 {
            emit(mv);
        }
        false
    });
    if rules.may_pass() && pos.counts[pos.side.index()] > 0 {
        emit(Move::PASS);
    }
}

/// Whether the side to move has a quiet move (one that converts nothing) that rule 7 allows,
/// or may pass, under Ming Mang's rules with any options (a leap always converts, so it never
/// counts). Moves are examined in the canonical order and the search stops at the first quiet
/// legal one; each banned quiet move met before it goes to `banned` with its child hash.
#[inline]
pub(crate) fn has_quiet_move(
    pos: &Position,
    rules: &Rules,
    history: &History,
    mut banned: impl FnMut(u64),
) -> bool {
    let us = pos.side;
    let base = pos.hash ^ SIDE_KEY;
    // A slide is quiet unless it converts something (the count looks no further for a
    // destination with no enemy next to it).
    let try_slide = |from: Square, to: Square| -> bool {
        if extended_capture_count(pos, Move::slide(from, to), rules) > 0 {
            return false;
        }
        let child = base ^ piece_key(us, from) ^ piece_key(us, to);
        if history.contains(child) {
            banned(child);
            false
        } else {
            true
        }
    };
    let all = [u32::MAX; MAX_DIM];
    if pos.find_slide(&all, &all, try_slide) {
        return true;
    }
    // The pass comes last.
    rules.may_pass() && pos.counts[us.index()] > 0
}
