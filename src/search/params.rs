//! Every tunable number of the search, in one place, each with what it does and why it has its
//! value. Naming: `*_MIN_DEPTH` / `*_MAX_DEPTH` bound the depth left at which a technique
//! applies; `*_MARGIN*` is a score margin in centi-pieces (100 = one piece); `*_BASE` and
//! `*_PER_*` are the constant and the slope of a formula. The values were set by self-play
//! matches (`docs/benchmarks-history.md`); the switches that turn techniques on and off are in
//! [`super::SearchConfig`].

/// Quiescence plies beyond the main search: conversions can cascade for several plies, but a
/// longer capture sequence almost never changes the result, and each ply widens the tree.
pub const QS_MAX_PLIES: usize = 12;

/// History scores stay within this bound (gravity, see `Worker::update_history`), well inside
/// the `i16` they are stored in.
pub const HISTORY_MAX: i32 = 16_384;
/// A cutoff rewards its quiet move with `depth²` (deeper cutoffs say more), capped here so one
/// deep result does not swamp the table...
pub const HISTORY_BONUS_CAP: i32 = 400;
/// ...and scaled by this, so that a few cutoffs move a score noticeably within `HISTORY_MAX`.
pub const HISTORY_BONUS_SCALE: i32 = 32;

/// Late move reductions: `LMR_BASE + ln(depth) * ln(moves searched) / LMR_DIVISOR` plies, the
/// usual logarithmic shape. At 3000 nodes a move a divisor of 1.75 (more reduction) beat 2.25
/// on 8x8, but at a clock the lighter reduction holds: 2.25, with the clock's 15-move horizon
/// ([`crate::search::time::HORIZON_MOVES`]), won the SPRT at the short time control against
/// 1.75 with 30 moves (`BENCHMARKS.md`).
pub const LMR_BASE: f64 = 0.5;
/// See [`LMR_BASE`].
pub const LMR_DIVISOR: f64 = 2.25;
/// Reductions start at this depth: below it a reduced search would go straight to quiescence.
pub const LMR_MIN_DEPTH: i32 = 3;
/// At the root, moves from this index on (ordered by the previous iteration, so the worst
/// ones) are reduced; the first few are always searched in full.
pub const ROOT_LMR_MIN_MOVE: usize = 4;

/// Late move pruning applies with at most this much depth left, where a quiet move ordered
/// this late rarely matters in a node expected to fail low...
pub const LMP_MAX_DEPTH: i32 = 3;
/// ...after `LMP_BASE + LMP_PER_DEPTH_SQUARED * depth²` moves searched: more with depth.
pub const LMP_BASE: usize = 6;
/// See [`LMP_BASE`].
pub const LMP_PER_DEPTH_SQUARED: usize = 3;

/// Futility pruning applies with at most this much depth left...
pub const FUTILITY_MAX_DEPTH: i32 = 2;
/// ...when the static evaluation plus this margin per ply of depth is still at or below alpha:
/// a quiet move rarely gains a piece and a half per ply.
pub const FUTILITY_MARGIN_PER_PLY: i32 = 150;

/// Reverse futility pruning applies with at most this much depth left...
pub const RFP_MAX_DEPTH: i32 = 3;
/// ...when the static evaluation less this margin per ply of depth still reaches beta: the
/// opponent is unlikely to win back that much in so few plies.
pub const RFP_MARGIN_PER_PLY: i32 = 100;

/// Aspiration windows start at this depth, where the previous score is a good guess...
pub const ASPIRATION_MIN_DEPTH: i32 = 4;
/// ...with this half-width, doubled after each failure...
pub const ASPIRATION_WINDOW: i32 = 30;
/// ...until it passes this, when the window opens fully.
pub const ASPIRATION_MAX_WINDOW: i32 = 1_000;

/// With several threads, nodes with at least this much depth left are marked busy and put off
/// by the other threads; shallower ones are cheap enough to search twice.
pub const DEFER_DEPTH: i32 = 2;
