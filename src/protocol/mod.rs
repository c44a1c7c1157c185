//! The text protocol: UGI, with the UCI and UAI spellings. `protocol/README.md` is the
//! specification; this module implements it.
//!
//! - [`command`]: a line becomes a [`Command`] (`FromStr`) or a precise error.
//! - [`settings`]: the options in force (the engine's and the rules' tables) and their
//!   `option` lines.
//! - [`session`]: the state (options, game, searcher) and what each command does to it.
//! - [`output`]: the single writer and the format of every output line.
//! - [`io_loop`]: the loop with its reader thread.

pub mod command;
pub mod io_loop;
pub mod output;
pub mod session;
pub mod settings;

pub use command::{Command, MoveTexts, ParseError, Query, Spelling, Start};
pub use io_loop::{run, run_with};
pub use session::ProtocolSession;
pub use settings::Settings;
