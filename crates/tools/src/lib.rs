//! The tools of the mingmang engine, built on its library and its rules crate:
//!
//! - [`matchrunner`]: engine-vs-engine matches (and round robins) between engine processes,
//!   refereed by the rules: clocks, openings, Elo, LOS, SPRT, PGN-like records, JSON summaries
//!   and journals that resume and merge across machines.
//! - [`data`]: self-play training data ([`data::datagen`]), its record format
//!   ([`data::training_record`]), and fitting the evaluation's weights to it ([`data::tune`]).
//! - [`train`]: a network for the learned evaluation, trained on the processor from those
//!   records, with a checkpoint every epoch.
//! - [`latency`]: a benchmark of how fast an engine answers the protocol (`isready`, `stop`,
//!   `quit`, short searches), through its pipes.
//! - [`bounded_io`]: the files these read and write, each with a size limit, each output
//!   checked before any work starts and written whole or not at all.
//!
//! The `mingmang-tools` binary gives them as the subcommands `match`, `datagen`, `tune`, `train` and `latency`;
//! the engine's `mingmang` binary hands those subcommands to it, so `mingmang match ...`
//! works wherever the two binaries sit side by side. The workflow is described in
//! `docs/data.md`.

pub mod bounded_io;
pub mod data;
pub mod latency;
pub mod matchrunner;
pub mod train;
