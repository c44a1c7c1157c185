//! The rules of Ming Mang, the Tibetan custodian-capture game, and its relatives (Mak-yek,
//! Apit-sodok, Rek, Min Rek Chanh, Gala and the hunt form of Mak-yek): boards from 4x4 to
//! 19x19, positions and their text, moves, captures, rule 7 (no move may bring back an
//! earlier position), results and perft.
//!
//! This crate is the referee of these games and nothing else: it knows no search, protocol
//! or command line and needs no dependency beyond fixed-capacity lists, so a program that
//! only has to know what is legal and who won takes it alone. The `mingmang` engine is built
//! on it and re-exports it as `mingmang::rules`.
//!
//! - [`Rules`] says which game is played: a [`Preset`] (a game of [`GAMES`], the table of
//!   games, on its board) with its [`RuleOptions`], decided once and always valid.
//! - [`Game`] is the authority on legality: the position it started from and every move
//!   since, so it applies rule 7 and says when the game is over ([`Outcome`]).
//! - [`Position`] is one position; [`parse_position`] and [`format_position`] read and write
//!   its text, and [`Move`] parses and prints moves (`a2b2`, `d4` for a placement).
//! - [`perft`] counts the move tree, the check every rules implementation is measured by.
//! - [`game_loop`] referees one game between players (anything that proposes moves): it checks
//!   each proposal, applies it and ends the game on the rules' outcome or a ply cap.
//!
//! # Play a game and ask its outcome
//! ```
//! use mingmang_rules::{Color, EndReason, Game, Outcome, Preset, Rules};
//!
//! let mut game = Game::new(Rules::preset(Preset::MingMang));
//! assert_eq!(game.legal_moves().len(), 72);
//! game.play_text("a2b2").unwrap(); // White slides a2 to b2
//! game.play_text("h7g7").unwrap(); // Black replies
//! game.play_text("b2a2").unwrap(); // White goes back
//! // Black going back too would recreate the start position: rule 7 forbids it.
//! let err = game.play_text("g7h7").unwrap_err();
//! assert!(err.contains("earlier position"));
//! assert_eq!(game.outcome(), Outcome::Ongoing);
//!
//! // A side that cannot move loses: here White's lone piece on a1 is walled in.
//! let position = mingmang_rules::parse_position("4/4/b3/wb2 w").unwrap();
//! let game = Game::from_position(Rules::new(position.size()), position).unwrap();
//! assert_eq!(game.outcome(), Outcome::Win(Color::Black, EndReason::NoLegalMove));
//! ```
//!
//! # Referee a relative
//! ```
//! use mingmang_rules::{Game, Outcome, Preset, Rules};
//!
//! // Mak-yek: a piece moves like a rook; custodian and intervention captures remove pieces.
//! let rules = Rules::preset(Preset::from_name("makyek").unwrap());
//! let mut game = Game::new(rules);
//! while game.outcome() == Outcome::Ongoing && game.plies() < 20 {
//!     let first = game.legal_moves()[0];
//!     game.play(first).unwrap();
//! }
//! assert_eq!(game.plies(), 20);
//! ```
//!
//! # Count the move tree (perft)
//! Perft counts the leaves of the legal move tree, rule 7 applied along every path; any game
//! and option set can be counted.
//! ```
//! use mingmang_rules::{perft, Game, Preset, RuleOptions, Rules};
//!
//! let mut game = Game::new(Rules::preset(Preset::MingMang));
//! assert_eq!(perft::perft(&mut game, 2), 4_686);
//!
//! let options = RuleOptions { territory: true, ..RuleOptions::default() };
//! let rules = Rules::preset(Preset::Gundru).with_options(options).unwrap();
//! let mut game = Game::new(rules);
//! // On 9x9 each side has 16 pieces; under territory scoring it may also pass.
//! assert!(perft::perft(&mut game, 1) > 0);
//! ```

#![warn(missing_docs)]

pub mod family;
pub mod game;
pub mod game_loop;
pub mod games;
pub mod geometry;
pub mod history;
mod lines;
mod mingmang;
mod move_text;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod option_spec;
pub mod perft;
pub mod position;
pub mod random;
pub mod record;
pub mod relatives;
pub mod rule_options;
pub mod territory;
pub mod variant;
pub mod zobrist;

pub use family::{CaptureEffect, Custodian, Family, KingMove};
pub use game::{EndReason, Game, Outcome};
pub use games::{GameEntry, GameKind, GAMES};
pub use geometry::{BoardSize, Color, Square};
pub use mingmang::LineSurvey;
pub use movegen::{ChildHashCache, QuietMoves};
pub use moves::{Move, MoveList};
pub use notation::{format_position, parse_position};
pub use option_spec::{OptionSpec, Value, ValueType};
pub use position::Position;
pub use rule_options::{RuleOption, RuleSettings, RULE_OPTIONS};
pub use variant::{Preset, RuleOptions, Rules};

// The README's example is compiled and run with the crate's doc tests, so the page a registry
// shows stays true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
