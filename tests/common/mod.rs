//! Shared test helpers: an independent reference implementation of Ming Mang, written from
//! `shared/rules.md` alone; another of its relatives (issue 6), written from the rulings alone
//! (`reference_relatives`; the rulings are in `protocol/README.md`); a tiny deterministic random
//! number generator; a driver for the real binary's protocol (`engine`); and what the
//! `mingmang match` tests share (`matches`); what the cross-checks share (`compare`).

#![allow(dead_code)]

pub mod compare;
pub mod engine;
pub mod matches;
pub mod reference;
pub mod reference_relatives;

#[allow(unused_imports)]
pub use engine::*;
