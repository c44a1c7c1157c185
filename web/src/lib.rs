//! The mingmang engine and rules for a web browser: one WebAssembly module with raw C exports
//! (no binding generator), used two ways.
//!
//! - [`worker`]: the protocol engine for a Web Worker. Each input line goes in through
//!   `mm_worker_line`; each output line comes back through the host's `emit` import; searches
//!   run on the worker's thread, timed by the host's clock and stopped by its poll.
//! - [`rules`]: the rules library for a page: games of any variant, size and rule option,
//!   their legal moves, play, undo, outcome, position and move list, answered as JSON.
//!
//! [`io`] carries strings across the boundary, [`json`] writes the rules library's answers;
//! [`host`] holds the few functions the host (JavaScript) provides.

pub mod host;
pub mod io;
pub mod json;
pub mod rules;
pub mod worker;
