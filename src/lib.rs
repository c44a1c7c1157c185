//! mingmang: a game engine and rules authority for Ming Mang, the Tibetan custodian-capture
//! game, and its relatives (Mak-yek, Apit-sodok, Rek, Min Rek Chanh, Gala and the hunt form of
//! Mak-yek). The rules it plays are described in `docs/rules.md`.
//!
//! Front ends (a browser build, a Python package) bind [`frontend`], the facade: games, moves,
//! outcomes, position strings, perft and searches with limits, strength levels and MultiPV,
//! in plain strings, numbers and small enums. The protocol loop and GTP mode use it too.
//!
//! The crate is split so that each part can be used alone:
//! - [`frontend`]: the front-end facade (see its documentation for the bindings it is made for).
//! - [`rules`]: the rules crate (`mingmang-rules`, in `crates/rules`), re-exported: boards
//!   from 4x4 to 19x19, the games and their options ([`rules::Rules`]), move generation and
//!   captures, rule 7 (no return to an earlier position), results, perft. It knows nothing of
//!   search or protocol, and its documentation shows how to referee a game with it alone.
//! - [`search`]: the alpha-beta search that picks moves, with its evaluation.
//! - [`bench`](mod@bench): the fixed benchmark whose node count fingerprints the search.
//! - [`selfplay`]: simple players (random, greedy, the engine at fixed limits) and matches between them.
//! - [`protocol`]: the UGI/UCI/UAI text protocol (specified in `protocol/README.md`).
//! - [`gtp`]: GTP mode, for GoGui.
//! - [`input`]: reading a protocol's input lines, with a length limit.
//! - [`engine_options`]: the engine's options as one table, walked by every surface as the rule
//!   options are.
//! - [`cli`]: command-line flags shared by the subcommands, built from the option tables.
//! - [`text_file`]: reading a text file whole with a size limit (weights files).
//!
//! The match runner, training data and tuning are the tools crate's (`crates/tools`,
//! `mingmang-tools`), built on this one.
//!
//! # Play through the facade
//! ```
//! use mingmang::frontend::{Engine, Game, GameRules, Limits, Status};
//!
//! let mut rules = GameRules::new("makyek")?;
//! rules.set("MaxPlies", "40")?;
//! let mut game = Game::new(&rules);
//! let mut engine = Engine::new();
//! let limits = Limits { nodes: Some(500), ..Limits::default() };
//! while game.outcome().status == Status::Ongoing {
//!     let found = engine.search(&game, &limits)?;
//!     game.play(&found.best_move)?;
//! }
//! assert!(game.ply() <= 40);
//! # Ok::<(), mingmang::frontend::Error>(())
//! ```
//!
//! # Search a position for its best move
//! [`search::Searcher`] keeps its transposition table between searches; a search takes the
//! game (for rule 7), limits, a stop flag and a callback for progress reports.
//! ```
//! use std::sync::atomic::AtomicBool;
//! use mingmang::rules::{parse_position, Game, Rules};
//! use mingmang::search::{Limits, SearchOptions, Searcher};
//!
//! // White to move can slide c1 to c3, flanking b3 (with a3) and c4 (with c5).
//! let position = parse_position("2w1/2b1/wb2/4/2w1 w").unwrap();
//! let game = Game::from_position(Rules::new(position.size()), position).unwrap();
//! let mut searcher = Searcher::new(16);
//! let limits = Limits { depth: Some(3), ..Limits::default() };
//! let stop = AtomicBool::new(false);
//! let result = searcher.search(&game, &limits, &SearchOptions::default(), &stop, &mut |_| {});
//! assert_eq!(result.best.unwrap().to_string(), "c1c3");
//! ```

/// The version and the commit built, as `--version`, the protocol's `id name` and GTP's
/// `version` give them: `0.1.0 (62a88e9)`.
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("MINGMANG_COMMIT"),
    ")"
);

pub mod bench;
#[cfg(feature = "cli")]
pub mod cli;
pub mod engine_options;
pub mod frontend;
pub mod gtp;
pub mod input;
pub mod protocol;
pub mod selfplay;
/// The rules of the games, from the rules crate (`crates/rules`): board, moves, captures,
/// rule 7, results, notation and perft. Re-exported so the engine and its users name them
/// `mingmang::rules`.
pub use mingmang_rules as rules;
pub mod search;
pub mod text_file;
