//! Questions about one rank or one file, answered on its occupancy word with a few shifts and
//! bit counts: how far a piece slides, which enemy run a piece flanks, which empty squares
//! would flank one. Every capture and every slide of Ming Mang is built from these.

use super::geometry::MAX_DIM;

/// Bits of `enemy` from `at + 1` upwards that form a contiguous run ending in a bit of `friend`:
/// the line flanked in the increasing direction, or 0.
#[inline(always)]
pub(super) fn flank_up(enemy: u32, friend: u32, at: usize) -> u32 {
    let run = (enemy as u64) >> (at + 1);
    let n = (!run).trailing_zeros() as usize;
    if n > 0 && ((friend as u64) >> (at + 1 + n)) & 1 != 0 {
        (((1u64 << n) - 1) << (at + 1)) as u32
    } else {
        0
    }
}

/// As [`flank_up`], towards lower bits.
#[inline(always)]
pub(super) fn flank_down(enemy: u32, friend: u32, at: usize) -> u32 {
    if at == 0 {
        return 0;
    }
    let run = (enemy as u64) << (64 - at);
    let n = run.leading_ones() as usize;
    if n > 0 && n < at && (friend >> (at - 1 - n)) & 1 != 0 {
        ((1u32 << n) - 1) << (at - n)
    } else {
        0
    }
}

/// Empty squares reachable from `at` towards higher bits before the first occupied one, on a
/// line of `len` squares.
#[inline(always)]
pub(super) fn reach_up(occupied: u32, at: usize, len: usize) -> u32 {
    let above = (occupied as u64) >> (at + 1);
    let n = (above.trailing_zeros() as usize).min(len - at - 1);
    (((1u64 << n) - 1) << (at + 1)) as u32
}

/// As [`reach_up`], towards lower bits.
#[inline(always)]
pub(super) fn reach_down(occupied: u32, at: usize) -> u32 {
    if at == 0 {
        return 0;
    }
    let below = (occupied as u64) << (64 - at);
    let n = (below.leading_zeros() as usize).min(at);
    (((1u64 << n) - 1) << (at - n)) as u32
}

/// Nearest set bit above `i`, if any.
#[inline(always)]
pub(super) fn next_up(occ: u32, i: usize) -> Option<usize> {
    let above = (occ as u64) >> (i + 1);
    (above != 0).then(|| i + 1 + above.trailing_zeros() as usize)
}

/// Nearest set bit below `i`, if any.
#[inline(always)]
pub(super) fn next_down(occ: u32, i: usize) -> Option<usize> {
    let below = occ & ((1u32 << i) - 1);
    (below != 0).then(|| 31 - below.leading_zeros() as usize)
}

/// Empty squares of a line of `len` squares onto which a piece of `own` would flank at least
/// one piece of `their` towards lower bits: an enemy run directly below, ending in an own
/// piece. Seeding each enemy run that stands on an own piece with its lowest bit, the addition
/// carries through the run to the square above it; those squares that are empty are the ones.
/// Runs never share carries (a non-enemy bit separates them), and the carry out of a run at the
/// top lands on bit `len`, outside the line (`len` is at most `MAX_DIM`, far below 32).
#[inline(always)]
pub(super) fn flank_squares_down(own: u32, their: u32, len: usize) -> u32 {
    let empty = !(own | their) & ((1u32 << len) - 1);
    let seeds = their & (own << 1);
    their.wrapping_add(seeds) & !their & empty
}

/// Empty squares of a line of `len` squares onto which a piece of `own` would flank a piece of
/// `their` along the line, in either direction: exactly the squares whose straight capture
/// count along this line is not zero. Towards higher bits the enemy runs capped by an own piece
/// are filled downwards from their top bit (a shift-and-mask fill in doubling steps, cheaper
/// than reversing the words); the empty square just below such a run is a capture square.
#[inline(always)]
pub(super) fn flank_squares(own: u32, their: u32, len: usize) -> u32 {
    let empty = !(own | their) & ((1u32 << len) - 1);
    let mut runs = their & (own >> 1);
    let mut through = their;
    for step in [1, 2, 4, 8, 16] {
        // `through` marks enemy runs still long enough to carry the fill further; runs are
        // usually short, so it is soon empty and the fill complete.
        if through == 0 {
            break;
        }
        runs |= (runs >> step) & through;
        through &= through >> step;
    }
    flank_squares_down(own, their, len) | ((runs >> 1) & empty)
}

/// Per line, the squares next to a piece of `lines` (the same board's lines, one per rank or
/// one per file): beside it on its own line, or level with it on the neighbouring lines.
/// Lines beyond the board are empty, so they add nothing.
#[inline(always)]
pub(super) fn next_to(lines: &[u32; MAX_DIM]) -> [u32; MAX_DIM] {
    std::array::from_fn(|i| {
        let beside = (lines[i] << 1) | (lines[i] >> 1);
        let below = if i > 0 { lines[i - 1] } else { 0 };
        let above = if i + 1 < MAX_DIM { lines[i + 1] } else { 0 };
        beside | below | above
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_helpers() {
        // enemy at 3,4 friend at 5: flanked from 2 upwards.
        assert_eq!(flank_up(0b11000, 0b100000, 2), 0b11000);
        assert_eq!(flank_up(0b11000, 0, 2), 0);
        assert_eq!(flank_up(0b10000, 0b100000, 2), 0);
        assert_eq!(flank_down(0b0110, 0b0001, 3), 0b0110);
        assert_eq!(flank_down(0b0111, 0, 3), 0);
        assert_eq!(flank_down(0b0111, 0b1000, 3), 0);
        assert_eq!(reach_up(0b1000_0001, 0, 8), 0b0111_1110);
        assert_eq!(reach_up(0, 2, 8), 0b1111_1000);
        assert_eq!(reach_down(0b1000_0001, 7), 0b0111_1110);
        assert_eq!(reach_down(0, 3), 0b111);
        assert_eq!(reach_down(0b100, 3), 0);
        assert_eq!(next_up(0b1001, 0), Some(3));
        assert_eq!(next_down(0b1001, 3), Some(0));
        assert_eq!(next_down(0b1000, 3), None);
    }

    #[test]
    fn flank_squares_are_the_squares_that_flank() {
        // Own piece on 0, enemies on 1 and 2: square 3 flanks (towards lower bits). Enemies
        // on 5 and 6 with an own piece on 7: square 4 flanks upwards.
        let (own, their) = (0b1000_0001u32, 0b0110_0110u32);
        assert_eq!(flank_squares(own, their, 8), 0b0001_1000);
        assert_eq!(flank_squares_down(own, their, 8), 0b0000_1000);
    }
}
