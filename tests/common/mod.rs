//! What the integration tests share.
//!
//! - `reference`, `reference_relatives`: two independent reference implementations, of Ming
//!   Mang (from the rules in `docs/rules.md`) and of its relatives (from
//!   `docs/relatives-spec.md`; the rulings are listed in `protocol/README.md`). They share no
//!   rule with the engine or with each other, only notation (`text`) and the reference
//!   interface (`interface`).
//! - `bridge`: the engine in the reference interface's terms.
//! - `crosscheck`: the driver of the random games that compare the engine with a reference.
//! - `perft_table`: the perft counts of every game.
//! - `engine`: a driver for the real binary's protocol.
//! - `matches`: what the `mingmang match` tests share.

#![allow(dead_code)]

pub mod bridge;
pub mod crosscheck;
pub mod engine;
pub mod interface;
pub mod matches;
pub mod perft_table;
pub mod reference;
pub mod reference_relatives;
pub mod text;

#[allow(unused_imports)]
pub use engine::*;
