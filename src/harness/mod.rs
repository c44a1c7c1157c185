//! Harnesses that drive the search from outside: the fixed benchmark whose node count
//! fingerprints the search, and simple players and matches for the tests and A/B experiments.
//! They use the search's public interface only, as any front end would.

pub mod bench;
pub mod selfplay;
