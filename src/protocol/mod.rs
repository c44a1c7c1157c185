//! The text protocol: UGI, with the UCI and UAI spellings. `protocol/README.md` is the
//! specification; this module implements it.
//!
//! - [`command`]: a line becomes a [`Command`] (`FromStr`) or a precise error.
//! - [`options`]: the options in force (the engine's and the rules' tables) and their `option`
//!   lines.
//! - [`engine`]: the state (options, game, searcher) and what each command does to it.
//! - [`output`]: the single writer and the format of every output line.
//! - [`session`]: the loop with its reader thread.

pub mod command;
pub mod engine;
pub mod options;
pub mod output;
pub mod session;

pub use command::{Command, MoveTexts, ParseError, Query, Spelling, Start};
pub use engine::Engine;
pub use options::Settings;
pub use session::{run, run_with};
