//! The time manager: turns [`Limits`] into a soft limit (do not start another iteration after
//! it) and a hard limit (abort the search at once), both measured from the search's start.
//!
//! # Clocks
//! A budget is a share of what is left over the own moves still to come: `movestogo` when the
//! front end says, else at most [`HORIZON_MOVES`], fewer when the game's ply limit leaves
//! fewer. Since every budget is a share of what is left, the clock shrinks geometrically and
//! never runs out; the increment is spent as it comes, and whatever a move leaves unspent
//! (the overhead it did not need, an iteration not started) is shared over the next ones.
//!
//! The horizon is not the whole ply limit: a ply-limited game is usually decided long before
//! its limit, so sharing the clock over every ply left spreads it thinnest over the moves that
//! decide the game. Over a 400-ply game at 4 s + 40 ms on 8x8 that spent 20 ms a move in the
//! opening and 144 ms in the decided ending. Over 15 moves the engine spends about 100 ms a
//! move in the first 100 plies and 45 ms after (30 moves gave 74 and 50): it won the short
//! time control's SPRT against 30 moves, together with the lighter late move reductions it
//! affords (`BENCHMARKS.md`).
//!
//! A reserve ([`STALL_RESERVE`]) is never planned for: a loaded machine can stall a process
//! for a few hundred milliseconds, and a clock that low loses on time at the first stall.
//! Below the reserve the engine moves at once (the search answers its best move so far when
//! the time is up, at any depth), spending at most half its increment, so the clock climbs
//! back.

use std::time::Duration;

use super::{Clock, Limits};
use crate::rules::Color;

/// Where a search reads the time: a monotonic reading from an arbitrary origin. The search
/// reads the time only through it, so a host without the system's clock supplies its own (a
/// WebAssembly build in a browser, where `std::time::Instant` panics, plugs in
/// `performance.now()`).
pub trait TimeSource: Sync {
    /// The time since the source's origin; never less than an earlier reading.
    fn now(&self) -> Duration;
}

/// A shared clock reads as the clock it shares: the protocol and its search read one clock.
impl<T: TimeSource + Send + ?Sized> TimeSource for std::sync::Arc<T> {
    fn now(&self) -> Duration {
        (**self).now()
    }
}

/// The system's monotonic clock (`std::time::Instant`). On `wasm32-unknown-unknown`, which has
/// none, its time stands still: time limits never expire there unless the host supplies a
/// [`TimeSource`] of its own.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl TimeSource for SystemClock {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    fn now(&self) -> Duration {
        static ORIGIN: once_cell::sync::Lazy<std::time::Instant> =
            once_cell::sync::Lazy::new(std::time::Instant::now);
        ORIGIN.elapsed()
    }

    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    fn now(&self) -> Duration {
        Duration::ZERO
    }
}

/// Time budget of one search.
#[derive(Clone, Copy)]
pub struct TimeManager<'a> {
    clock: &'a dyn TimeSource,
    start: Duration,
    soft: Option<Duration>,
    hard: Option<Duration>,
}

/// Fewest milliseconds ever budgeted, so a nearly empty clock still produces a move.
const MIN_BUDGET: Duration = Duration::from_millis(1);

/// The most own moves a clock is shared over when `movestogo` does not say how many are left
/// (see the module documentation).
pub const HORIZON_MOVES: u32 = 15;

/// Time of the clock never planned for, against stalls of a loaded machine.
pub const STALL_RESERVE: Duration = Duration::from_millis(400);

/// The time a move gets when `go` carries clock parameters but none for the side to move
/// (only the opponent's time, only increments, or `movestogo` alone) and the side to move has
/// no increment either.
pub const NO_CLOCK_MOVE_TIME: Duration = Duration::from_millis(1000);

impl<'a> TimeManager<'a> {
    /// The budget for `side` to move under `limits` from `start` (a reading of `clock`),
    /// keeping `overhead` in reserve for communication delays. `plies_left` is how many plies
    /// the game can still last under its ply limit, if it has one.
    pub fn new(
        clock: &'a dyn TimeSource,
        start: Duration,
        limits: &Limits,
        side: Color,
        overhead: Duration,
        plies_left: Option<u32>,
    ) -> TimeManager<'a> {
        let mut soft: Option<Duration> = None;
        let mut hard: Option<Duration> = None;
        let mut bound = |s: Duration, h: Duration| {
            soft = Some(soft.map_or(s, |x| x.min(s)));
            hard = Some(hard.map_or(h, |x| x.min(h)));
        };
        if let Some(t) = limits.move_time {
            // An exact time per move: use all of it less the overhead (at most half of it, so
            // tiny move times still leave room for the reply). Iterations keep starting until
            // it is spent; the last completed one answers.
            let t = exact(t, overhead);
            bound(t, t);
        }
        if let Some(clock) = &limits.clock {
            let (s, h) = clock_budget(clock, side, overhead, plies_left);
            bound(s, h);
        }
        TimeManager {
            clock,
            start,
            soft,
            hard,
        }
    }

    /// Time since the search began.
    pub fn elapsed(&self) -> Duration {
        self.clock.now().saturating_sub(self.start)
    }

    /// Whether the hard limit has passed: stop searching now.
    pub fn hard_expired(&self) -> bool {
        self.hard.is_some_and(|h| self.elapsed() >= h)
    }

    /// Whether another iteration should not be started. With an exact move time that is only
    /// when the time is up; the iteration then running is cut off at the hard limit.
    pub fn soft_expired(&self) -> bool {
        self.soft.is_some_and(|s| self.elapsed() >= s)
    }

    /// Whether any time limit applies.
    pub fn is_timed(&self) -> bool {
        self.hard.is_some()
    }
}

/// An exact time for the move, less the overhead (at most half of it).
fn exact(t: Duration, overhead: Duration) -> Duration {
    t.saturating_sub(overhead.min(t / 2)).max(MIN_BUDGET)
}

/// The (soft, hard) limits a clock gives `side` (see the module documentation).
fn clock_budget(
    clock: &Clock,
    side: Color,
    overhead: Duration,
    plies_left: Option<u32>,
) -> (Duration, Duration) {
    let inc = clock.increment[side.index()];
    let Some(left) = clock.time[side.index()] else {
        // No time of our own: think for the increment, or a fixed time without one.
        let t = exact(
            if inc.is_zero() {
                NO_CLOCK_MOVE_TIME
            } else {
                inc
            },
            overhead,
        );
        return (t, t);
    };
    // Every move costs the clock its communication too, which `overhead` estimates: only the
    // rest of the increment is time to think in.
    let inc = inc.saturating_sub(overhead);
    let available = left.saturating_sub(overhead);
    if available <= STALL_RESERVE {
        // Down to the reserve: move at once (the limit holds inside depth 1 too), spending at most
        // half of what the increment leaves, so that the clock climbs back, and at most half
        // of what is left.
        let t = (inc / 2).min(available / 2).max(MIN_BUDGET);
        return (t, t);
    }
    let spendable = available - STALL_RESERVE;
    let planned = plies_left.map_or(HORIZON_MOVES, |p| p.div_ceil(2).min(HORIZON_MOVES));
    let moves = clock.moves_to_go.unwrap_or(planned).max(1);
    // The increment comes back after the move, so it can be spent on it; what the clock has
    // beyond the reserve is shared over the moves to come.
    let share = spendable / moves + inc;
    // Never plan to use more than a fraction of what is left, so a long think cannot run the
    // clock down; with one move to go most of it is safe to use.
    let cap = if moves == 1 {
        spendable * 9 / 10
    } else {
        spendable / 3
    };
    let s = share.min(cap).max(MIN_BUDGET);
    let h = (s * 4).min(cap).max(s);
    // An iteration usually costs several times the previous one: do not start one after half
    // the share is spent, so the average stays near the share.
    (s / 2, h)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(left: Option<u64>, inc: u64, moves_to_go: Option<u32>) -> Limits {
        Limits {
            clock: Some(Clock {
                time: [left.map(Duration::from_millis), None],
                increment: [Duration::from_millis(inc), Duration::ZERO],
                moves_to_go,
            }),
            ..Limits::default()
        }
    }

    fn budget(limits: &Limits, plies_left: Option<u32>) -> (Duration, Duration) {
        let tm = TimeManager::new(
            &SystemClock,
            SystemClock.now(),
            limits,
            Color::White,
            Duration::from_millis(30),
            plies_left,
        );
        (tm.soft.unwrap(), tm.hard.unwrap())
    }

    #[test]
    fn clock_budget_stays_within_time_left_less_the_reserve() {
        let (soft, hard) = budget(&clock(Some(1000), 10, None), None);
        assert!(hard <= Duration::from_millis(970 - 400) / 3, "{hard:?}");
        assert!(soft <= hard);
        let none = TimeManager::new(
            &SystemClock,
            Duration::ZERO,
            &Limits::default(),
            Color::White,
            Duration::ZERO,
            None,
        );
        assert!(!none.is_timed());
    }

    #[test]
    fn the_ply_limit_shares_the_clock_over_the_moves_left() {
        // 10 s left: with 10 plies to go (5 own moves) much more per move than over the
        // horizon, and a last move may use most of what is spendable.
        let limits = clock(Some(10_000), 0, None);
        let (few, _) = budget(&limits, Some(10));
        let (many, _) = budget(&limits, None);
        assert!(few > many * 2, "{few:?} {many:?}");
        let (_, last) = budget(&limits, Some(1));
        assert!(last > Duration::from_millis(8000), "{last:?}");
    }

    #[test]
    fn a_far_ply_limit_plans_over_the_horizon_only() {
        // A 400-ply game is decided long before its limit: its opening moves get what a game
        // without a limit gives them, not a 196th of the clock.
        let limits = clock(Some(4000), 40, None);
        assert_eq!(budget(&limits, Some(392)), budget(&limits, None));
        let spendable = Duration::from_millis(4000 - 30 - 400);
        let share = spendable / HORIZON_MOVES + Duration::from_millis(40 - 30);
        assert_eq!(budget(&limits, Some(392)).0, share / 2);
        // movestogo is the front end's word, however many moves it names.
        let (soft, _) = budget(&clock(Some(4000), 0, Some(100)), None);
        assert_eq!(soft, spendable / 100 / 2);
    }

    #[test]
    fn a_low_clock_moves_at_once_and_keeps_its_reserve() {
        let ms = Duration::from_millis;
        // Below the reserve: half of what the increment leaves after the overhead (30 ms).
        assert_eq!(budget(&clock(Some(250), 50, None), None), (ms(10), ms(10)));
        // An increment no larger than the communication it pays for buys no thinking.
        let none = (MIN_BUDGET, MIN_BUDGET);
        assert_eq!(budget(&clock(Some(250), 20, None), None), none);
        assert_eq!(budget(&clock(Some(250), 0, None), None), none);
        // Never more than half of what is left, however large the increment.
        assert_eq!(budget(&clock(Some(50), 100, None), None).1, ms(10));
        // Just above the reserve, the budget stays within what is above it.
        let (_, hard) = budget(&clock(Some(1000), 20, None), None);
        assert!(hard <= ms(1000 - 30 - 400), "{hard:?}");
    }

    #[test]
    fn a_clock_without_our_time_ends_on_its_own() {
        // Only the opponent's time, only increments, movestogo alone.
        let only_theirs = Limits {
            clock: Some(Clock {
                time: [None, Some(Duration::from_millis(100))],
                increment: [Duration::ZERO; 2],
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        assert_eq!(budget(&only_theirs, None).1, Duration::from_millis(970));
        assert_eq!(
            budget(&clock(None, 200, None), None).1,
            Duration::from_millis(170)
        );
        assert_eq!(
            budget(&clock(None, 0, Some(5)), None).1,
            Duration::from_millis(970)
        );
    }

    /// A clock the test sets by hand.
    struct FixedClock(std::sync::atomic::AtomicU64);

    impl TimeSource for FixedClock {
        fn now(&self) -> Duration {
            Duration::from_millis(self.0.load(std::sync::atomic::Ordering::Relaxed))
        }
    }

    #[test]
    fn the_soft_limit_passes_before_the_hard_one() {
        let at = FixedClock(0.into());
        let set = |ms: u64| at.0.store(ms, std::sync::atomic::Ordering::Relaxed);
        // 4 s + 40 ms: soft limit 64 ms, hard 259 ms (see the budget test above).
        let limits = clock(Some(4000), 40, None);
        let tm = TimeManager::new(
            &at,
            Duration::ZERO,
            &limits,
            Color::White,
            Duration::from_millis(30),
            None,
        );
        let (soft, hard) = (tm.soft.unwrap(), tm.hard.unwrap());
        assert!(soft < hard, "{soft:?} {hard:?}");
        set(soft.as_millis() as u64 - 1);
        assert!(!tm.soft_expired() && !tm.hard_expired());
        set(soft.as_millis() as u64 + 1);
        assert!(tm.soft_expired() && !tm.hard_expired());
        set(hard.as_millis() as u64);
        assert!(tm.hard_expired());
        // An exact move time is spent whole: both limits are the time itself.
        let exact = Limits {
            move_time: Some(Duration::from_millis(100)),
            ..Limits::default()
        };
        let tm = TimeManager::new(
            &at,
            Duration::ZERO,
            &exact,
            Color::White,
            Duration::ZERO,
            None,
        );
        set(99);
        assert!(!tm.soft_expired() && !tm.hard_expired());
        set(100);
        assert!(tm.soft_expired() && tm.hard_expired());
    }
}
