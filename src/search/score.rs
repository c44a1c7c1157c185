//! Scores: the range of the internal scores, forced results as distances from the root, and
//! how both are stored in the table and reported.

use super::Score;

/// Score of a win at the root; a win found at ply `p` scores `MATE - p`.
pub const MATE: i32 = 100_000;
/// Scores beyond this are forced results.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Larger than any score.
pub const INF: i32 = MATE + 1;
/// Deepest ply searched.
pub const MAX_PLY: usize = 128;

/// A score as the table stores it: a forced result counted from the node, not the root, so
/// that it stays right wherever the entry is found.
#[inline(always)]
pub(crate) fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score read back at `ply`.
#[inline(always)]
pub(crate) fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Converts an internal score to the public form.
pub(crate) fn to_score(v: i32) -> Score {
    if v >= MATE_BOUND {
        Score::Mate(MATE - v)
    } else if v <= -MATE_BOUND {
        Score::Mate(-(MATE + v))
    } else {
        Score::Cp(v)
    }
}
