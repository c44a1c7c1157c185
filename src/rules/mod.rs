//! The rules of Ming Mang and its relatives: board, positions, moves, legality (rule 7
//! included), results and perft. Knows nothing of search or protocol, so tools and tests can
//! use it alone.

pub mod family;
pub mod game;
pub mod games;
pub mod geometry;
pub mod history;
mod lines;
mod mingmang;
mod move_text;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod options;
pub mod perft;
pub mod position;
pub mod random;
pub mod relatives;
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
pub use options::{RuleSettings, RULE_OPTIONS};
pub use position::Position;
pub use variant::{Preset, RuleOptions, Rules};
