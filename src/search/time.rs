//! The time manager: turns [`Limits`] into a soft limit (do not start another iteration after
//! it) and a hard limit (abort the search at once), both measured from the search's start.

use std::time::{Duration, Instant};

use super::Limits;
use crate::rules::Color;

/// Time budget of one search.
#[derive(Clone, Copy, Debug)]
pub struct TimeManager {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
}

/// Fewest milliseconds ever budgeted, so a nearly empty clock still produces a move.
const MIN_BUDGET: Duration = Duration::from_millis(1);

impl TimeManager {
    /// The budget for `side` to move under `limits`, keeping `overhead` in reserve for
    /// communication delays.
    pub fn new(start: Instant, limits: &Limits, side: Color, overhead: Duration) -> TimeManager {
        let mut soft: Option<Duration> = None;
        let mut hard: Option<Duration> = None;
        if limits.infinite {
            return TimeManager {
                start,
                soft: None,
                hard: None,
            };
        }
        if let Some(t) = limits.move_time {
            // An exact time per move: use all of it less the overhead (at most half of it, so
            // tiny move times still leave room for the reply). Iterations keep starting until
            // it is spent; the last completed one answers.
            let t = t.saturating_sub(overhead.min(t / 2)).max(MIN_BUDGET);
            soft = Some(t);
            hard = Some(t);
        }
        if let Some(clock) = &limits.clock {
            if let Some(left) = clock.time[side.index()] {
                let inc = clock.increment[side.index()];
                let available = left.saturating_sub(overhead);
                let moves = clock.moves_to_go.unwrap_or(30).clamp(1, 50);
                let share = available / moves + inc * 3 / 4;
                // Never plan to use more than a fraction of what is left, so a long think
                // cannot run the clock down; with one move to go most of it is safe to use.
                let cap = if moves == 1 {
                    available * 9 / 10
                } else {
                    available / 3
                };
                let s = share.min(cap).max(MIN_BUDGET);
                let h = (s * 4).min(cap).max(s);
                // An iteration usually costs several times the previous one: do not start one
                // after half the share is spent, so the average stays near the share.
                let s = s / 2;
                soft = Some(soft.map_or(s, |x| x.min(s)));
                hard = Some(hard.map_or(h, |x| x.min(h)));
            }
        }
        TimeManager { start, soft, hard }
    }

    /// Time since the search began.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the hard limit has passed: stop searching now.
    pub fn hard_expired(&self) -> bool {
        self.hard.is_some_and(|h| self.start.elapsed() >= h)
    }

    /// Whether another iteration should not be started. With an exact move time that is only
    /// when the time is up; the iteration then running is cut off at the hard limit.
    pub fn soft_expired(&self) -> bool {
        self.soft.is_some_and(|s| self.start.elapsed() >= s)
    }

    /// Whether any time limit applies.
    pub fn is_timed(&self) -> bool {
        self.hard.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Clock;

    #[test]
    fn clock_budget_stays_within_time_left() {
        let limits = Limits {
            clock: Some(Clock {
                time: [Some(Duration::from_millis(1000)), None],
                increment: [Duration::from_millis(10), Duration::ZERO],
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let tm = TimeManager::new(
            Instant::now(),
            &limits,
            Color::White,
            Duration::from_millis(30),
        );
        assert!(tm.hard.unwrap() <= Duration::from_millis(330));
        assert!(tm.soft.unwrap() <= tm.hard.unwrap());
        let none = TimeManager::new(
            Instant::now(),
            &Limits::default(),
            Color::White,
            Duration::ZERO,
        );
        assert!(!none.is_timed());
    }
}
