//! What the two cross-checks (Ming Mang and the relatives) share: the comparison that stops a
//! game at the first difference, and the report that prints what a test exercised and fails on
//! any difference.

use std::fmt::Debug;
use std::time::Instant;

/// Compares two values; on a difference returns an error from the enclosing function.
#[macro_export]
macro_rules! same {
    ($a:expr, $b:expr, $($fmt:tt)+) => {{
        let (a, b) = (&$a, &$b);
        if a != b {
            return Err(format!("{}\n  engine:    {:?}\n  reference: {:?}", format!($($fmt)+), a, b));
        }
    }};
}

/// Prints what a test exercised (`stats`) and fails on any difference between engine and
/// reference, quoting the first ones.
pub fn report(name: &str, stats: &impl Debug, games: usize, t: Instant, failures: &[String]) {
    println!("{name}: {stats:?} in {:.1?}", t.elapsed());
    for f in failures {
        let mut lines = f.lines();
        println!(
            "  differs: {} | {}",
            lines.next().unwrap_or(""),
            lines.next().unwrap_or("")
        );
    }
    assert!(
        failures.is_empty(),
        "{name}: {} of {games} games differ; the first ones:\n\n{}",
        failures.len(),
        failures
            .iter()
            .take(3)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}
