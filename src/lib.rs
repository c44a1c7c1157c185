//! mingmang: a game engine and rules authority for Ming Mang, the Tibetan custodian-capture game.
//!
//! The crate is split so that each part can be used alone:
//! - [`rules`]: boards from 4x4 to 19x19, move generation, captures, rule 7, results, perft.
//! - [`search`]: the alpha-beta search that picks moves.
//! - [`matchrunner`]: engine-vs-engine matches refereed by the rules core.
//! - [`cli`]: command-line flags shared by the subcommands.
//! - [`gtp`]: GTP mode, for GoGui.
//! - [`protocol`]: the UGI/UCI/UAI text protocol (see `protocol/README.md`).

pub mod cli;
pub mod gtp;
pub mod matchrunner;
pub mod protocol;
pub mod rules;
pub mod search;
