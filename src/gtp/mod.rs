//! GTP mode (`mingmang gtp`): Go Text Protocol version 2 plus GoGui's `gogui-rules_*` extension,
//! so GoGui can host every game of the family with mingmang as both the rules authority and a player.
//!
//! GoGui enters one point per move; a Ming Mang move takes two clicks (see [`clicks`]).
//! - [`command`]: line parsing and response framing.
//! - [`vertex`]: GTP coordinates (no letter `I`) and colours.
//! - [`clicks`]: assembling a move from two clicks, with undo.
//! - [`interrupt`]: GoGui's `# interrupt`, which stops a running search.
//! - [`session`]: the commands and the read-answer loop.
//! - [`analyze`]: GoGui's analyze commands (best line, evaluation, threats, territory).

pub mod analyze;
pub mod clicks;
pub mod command;
pub mod interrupt;
pub mod session;
pub mod vertex;

pub use session::{run, EngineSettings, GtpSession};
