//! What the integration tests share.
//!
//! - `reference`, `reference_relatives`: two independent reference implementations, of Ming
//!   Mang (from the rules in `docs/rules.md`) and of its relatives (from
//!   `docs/relatives-spec.md`; the rulings are listed in `protocol/README.md`). They share no
//!   rule with the engine or with each other, only notation (`text`) and the reference
//!   interface (`interface`).
//! - `bridge`: the engine in the reference interface's terms.
//! - `crosscheck`: the driver of the random games that compare the engine with a reference.
//! - `binary`: the one way to run the real `mingmang` binary, always under a time limit.
//! - `gtp`: a GTP session with the binary, driven the way GoGui drives it.
//! - `driven`: a clock that moves only when the search polls, for the logic of time limits.
//! - `patterns`: reply patterns and the example sessions of `protocol/examples/`.
//! - `matches`: running `mingmang match` and reading what it writes.
//! - `perft_table`: the perft counts of every game.
//! - `relatives_cases`: the capture cases of the relatives, one table run against the engine
//!   and the reference alike.
//! - `search`: what the search tests share.
//! - `scratch`: scratch folders for tests that write files.

#![allow(dead_code)]

pub mod binary;
pub mod bridge;
pub mod crosscheck;
pub mod driven;
pub mod gtp;
pub mod interface;
pub mod matches;
pub mod patterns;
pub mod perft_table;
pub mod reference;
pub mod reference_relatives;
pub mod relatives_cases;
pub mod scratch;
pub mod search;
pub mod text;
