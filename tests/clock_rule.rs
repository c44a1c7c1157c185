//! One clock rule for every front end: any clock parameter given (a side's time, an
//! increment, 0 included, or moves-to-go) makes a clock, and a clock without the side to
//! move's own time gives the move the side's increment, or one second without one (less
//! `MoveOverhead`). The protocol (and so the browser's worker, which speaks it), the facade
//! (and so the Python package) and GTP build their clock through `search::Clock::from_millis`;
//! each is checked here on a driven clock, so the budgets are exact on any machine.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::driven::{DrivenEngine, HandClock, OVERHEAD, TICK};
use mingmang::frontend::{self, Engine, Game, GameRules, Limits};
use mingmang::search::Clock;

/// The move time of a clock without the side's own time and without an increment.
const NO_OWN_TIME: Duration = Duration::from_millis(1000);

/// The budget of a clock without the side's own time whose increment is `increment_ms`.
fn budget(increment_ms: u64) -> Duration {
    let share = if increment_ms == 0 {
        NO_OWN_TIME
    } else {
        Duration::from_millis(increment_ms)
    };
    share - OVERHEAD
}

/// Limits with `set` applied to the defaults.
fn limits(set: impl FnOnce(&mut Limits)) -> Limits {
    let mut limits = Limits::default();
    set(&mut limits);
    limits
}

/// The clock parameters of the cases as `go` words, as the facade's limits, and the budget
/// White to move gets: each makes a clock though it gives White no time of its own.
#[rustfmt::skip] // One case a line: a table reads best as one.
fn cases() -> Vec<(&'static str, Limits, Duration)> {
    vec![
        ("p1inc 0", limits(|l| l.white_increment_ms = Some(0)), budget(0)),
        ("p1inc 300", limits(|l| l.white_increment_ms = Some(300)), budget(300)),
        ("p2inc 300", limits(|l| l.black_increment_ms = Some(300)), budget(0)),
        ("movestogo 5", limits(|l| l.moves_to_go = Some(5)), budget(0)),
        ("p2time 5000", limits(|l| l.black_time_ms = Some(5000)), budget(0)),
    ]
}

#[test]
fn the_rule_itself() {
    assert_eq!(Clock::from_millis([None; 2], [None; 2], None), None);
    let increment_only = Clock::from_millis([None; 2], [Some(0), None], None).unwrap();
    assert_eq!(increment_only.time, [None, None]);
    assert_eq!(increment_only.increment, [Duration::ZERO; 2]);
    let moves_only = Clock::from_millis([None; 2], [None; 2], Some(3)).unwrap();
    assert_eq!(moves_only.moves_to_go, Some(3));
    assert!(Limits::default().clock().is_none());
    for (words, limits, _) in cases() {
        assert!(limits.clock().is_some(), "{words}");
    }
}

#[test]
fn the_protocol_gives_each_clock_its_budget() {
    for (words, _, expected) in cases() {
        let mut engine = DrivenEngine::new();
        engine.send("position startpos");
        let (_, best, took) = engine.go(&format!("go {words}"));
        assert!(!best.is_empty(), "{words}");
        // The search stops at the first poll at or past its budget.
        assert!(
            took >= expected && took <= expected + TICK,
            "{words}: {took:?}"
        );
    }
}

#[test]
fn the_facade_gives_each_clock_the_same_budget() {
    for (words, limits, expected) in cases() {
        let clock = Arc::new(HandClock::default());
        let mut engine = Engine::new();
        engine.set_clock(Box::new(Arc::clone(&clock)));
        let game = Game::new(&GameRules::new("mingmang").unwrap());
        let found = engine
            .search_with(&game, &limits, &mut |_| {}, &mut || {
                clock.tick();
                false
            })
            .unwrap();
        let took = Duration::from_millis(found.line.time_ms);
        assert!(
            took >= expected && took <= expected + TICK,
            "{words}: {took:?}"
        );
    }
}

#[test]
fn no_clock_parameter_makes_no_clock_and_per_search_options_are_checked() {
    let game = Game::new(&GameRules::new("mingmang").unwrap());
    let mut engine = Engine::new();
    // Without a clock the depth bounds the search alone.
    let found = engine
        .search(
            &game,
            &Limits {
                depth: Some(2),
                ..Limits::default()
            },
        )
        .unwrap();
    assert_eq!(found.line.depth, 2);
    for bad in [
        Limits {
            multi_pv: Some(0),
            ..Limits::default()
        },
        Limits {
            skill_level: Some(21),
            ..Limits::default()
        },
    ] {
        let err = engine.search(&game, &bad).unwrap_err();
        assert_eq!(err.kind(), frontend::ErrorKind::Option, "{bad:?}: {err}");
    }
    // A per-search MultiPV reports that many lines and leaves the option as it was.
    let found = engine
        .search(
            &game,
            &Limits {
                depth: Some(2),
                multi_pv: Some(3),
                ..Limits::default()
            },
        )
        .unwrap();
    assert_eq!(found.lines.len(), 3);
    assert_eq!(engine.option("MultiPV").unwrap(), "1");
}
