//! The protocol's own time guard. The search has its own time manager; this module only
//! computes a hard ceiling after which the protocol sets the stop flag itself, so that a
//! `go` with a clock or `movetime` always ends in time whatever the search does.

use std::time::Duration;

use crate::rules::Color;

use super::command::GoParams;

/// The longest a search started by `go` may run before the protocol stops it, or `None` when
/// only `stop` (or a depth or node limit) ends it.
///
/// - `movetime T`: T.
/// - a clock with `L` ms left for the side to move and increment `I`: `(L - overhead) / m + I`,
///   where `m` is `movestogo` capped at 10 (10 when not given), and never more than
///   `L - overhead`.
/// - both: the smaller. At least 1 ms. `infinite` disables the guard.
pub fn hard_limit(go: &GoParams, side: Color, overhead: Duration) -> Option<Duration> {
    if go.infinite {
        return None;
    }
    let mut limit = go.movetime.map(Duration::from_millis);
    if let Some(left) = go.time[side.index()] {
        let left = Duration::from_millis(left).saturating_sub(overhead);
        let inc = Duration::from_millis(go.inc[side.index()].unwrap_or(0));
        let moves = go.movestogo.unwrap_or(10).clamp(1, 10);
        let cap = (left / moves + inc).min(left);
        limit = Some(limit.map_or(cap, |l| l.min(cap)));
    }
    limit.map(|l| l.max(Duration::from_millis(1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits() {
        let ms = Duration::from_millis;
        let mut go = GoParams::default();
        assert_eq!(hard_limit(&go, Color::White, ms(30)), None);
        go.movetime = Some(500);
        assert_eq!(hard_limit(&go, Color::White, ms(30)), Some(ms(500)));
        go.time = [Some(1030), Some(0)];
        go.inc = [Some(10), None];
        assert_eq!(hard_limit(&go, Color::White, ms(30)), Some(ms(110)));
        assert_eq!(hard_limit(&go, Color::Black, ms(30)), Some(ms(1)));
        go.infinite = true;
        assert_eq!(hard_limit(&go, Color::White, ms(30)), None);
    }
}
