//! The front-end facade: a small API over the rules core and the search, made to be bound by
//! a WebAssembly build (a browser page, and a Web Worker speaking the protocol) and by a
//! Python package.
//!
//! Everything in it is plain: moves and positions are strings in the engine's notation
//! (`a2b2`, `0000` for a pass, `d4` for a Gala placement; position strings as in the protocol),
//! results are small enums and numbers, errors are one [`Error`] type carrying the engine's
//! message. No lifetimes or type parameters appear in its signatures. It is deterministic
//! (the draw of a lower strength level included, see [`Engine::set_seed`]) and usable on one
//! thread: a search with one thread starts no thread, reads the time only through a clock the
//! host may supply ([`Engine::set_clock`]) and gives the host control back through a poll
//! ([`Engine::search_with`]). The protocol loop and GTP mode use the same [`Engine`].
//!
//! - [`GameRules`]: a variant and its rule options, always valid.
//! - [`Game`]: a game under those rules: legal moves, play, undo, outcome, position, perft.
//! - [`Engine`]: the search with its options (the engine option table), limits, strength
//!   levels and MultiPV.
//! - [`encoding`]: the board as cells, moves as square pairs, and the encodings learning front
//!   ends use (action ids, the action mask, observation planes).
//!
//! # Examples
//! ```
//! use mingmang::frontend::{Engine, Game, GameRules, Limits, Status};
//!
//! let mut rules = GameRules::new("mingmang")?;
//! rules.set("BoardSize", "6x6")?;
//! let mut game = Game::new(&rules);
//! game.play("a2b2")?;
//! let mut engine = Engine::new();
//! let found = engine.search(&game, &Limits { depth: Some(3), ..Limits::default() })?;
//! game.play(&found.best_move)?;
//! assert_eq!(game.outcome().status, Status::Ongoing);
//! # Ok::<(), mingmang::frontend::Error>(())
//! ```

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::engine_options::{self, Effect, EngineOptions, Ruleset, ENGINE_OPTIONS};
use crate::rules::{self, perft, Color, EndReason, Preset};
use crate::rules::{OptionSpec, RULE_OPTIONS};
use crate::search::{
    self, Control, SearchInfo, SearchResult, Searcher, Skill, SystemClock, TimeSource,
};

pub mod encoding;
pub mod records;

/// What kind of request failed.
///
/// # Examples
/// ```
/// use mingmang::frontend::{ErrorKind, Game, GameRules};
///
/// let mut game = Game::new(&GameRules::new("mingmang")?);
/// assert_eq!(game.play("a1a9").unwrap_err().kind(), ErrorKind::Move);
/// # Ok::<(), mingmang::frontend::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ErrorKind {
    /// An unknown option, a value of the wrong type, or rules that do not fit together.
    Option,
    /// A position string that cannot be read or does not fit the rules.
    Position,
    /// A move that is not one, or that the rules forbid.
    Move,
    /// A request the finished game cannot answer (a search, a move).
    GameOver,
    /// Search limits that name moves the position does not have, or a perft too deep.
    Limits,
    /// A game record that cannot be read, or a tag a record cannot take.
    Record,
}

/// Why a request failed: its kind and the engine's message.
///
/// # Examples
/// ```
/// use mingmang::frontend::{ErrorKind, GameRules};
///
/// let err = GameRules::new("chess").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::Option);
/// assert!(err.message().contains("unknown variant 'chess'"));
/// assert_eq!(err.to_string(), err.message());
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

impl Error {
    fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
        }
    }

    /// What kind of request failed.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{ErrorKind, GameRules};
    ///
    /// let mut rules = GameRules::new("rek")?;
    /// let err = rules.set("Territory", "true").unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::Option);
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The engine's message, one line.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::GameRules;
    ///
    /// let mut rules = GameRules::new("rek")?;
    /// let err = rules.set("Territory", "true").unwrap_err();
    /// assert!(err.message().contains("territory option belongs to Ming Mang"));
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// One option of the rules or of the engine, described for a front end that builds its
/// settings from the tables.
///
/// # Examples
/// ```
/// use mingmang::frontend::GameRules;
///
/// let options = GameRules::options();
/// let size = options.iter().find(|o| o.name == "BoardSize").unwrap();
/// assert_eq!(size.kind, "string");
/// assert_eq!(size.default, "auto");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct OptionInfo {
    /// The name to set it by (the protocol's).
    pub name: String,
    /// The type, as the protocol announces it: `check`, `spin`, `combo`, `string` or
    /// `button`.
    pub kind: String,
    /// The smallest and largest value of a `spin` (`Hash`'s largest is half of this
    /// machine's memory in MiB).
    pub range: Option<[i64; 2]>,
    /// The default value, as the protocol writes it (empty for a button).
    pub default: String,
    /// The values of a `combo`.
    pub choices: Vec<String>,
    /// What it does, one line.
    pub help: String,
}

impl OptionInfo {
    /// The description of an option of either table, as the bindings show it.
    fn of(spec: &OptionSpec) -> OptionInfo {
        OptionInfo {
            name: spec.name.into(),
            kind: spec.type_name().into(),
            range: spec.range(),
            default: spec.default.into(),
            choices: spec.choices().iter().map(|c| c.to_string()).collect(),
            help: spec.help.into(),
        }
    }
}

/// The rules of a game: a variant with its rule options (every option of the rule option
/// table), always valid.
///
/// # Examples
/// ```
/// use mingmang::frontend::GameRules;
///
/// let mut rules = GameRules::new("gundru")?;
/// rules.set("Territory", "true")?;
/// rules.set("MaxPlies", "200")?;
/// assert_eq!(rules.describe(), "gundru territory max-plies 200");
/// assert_eq!((rules.width(), rules.height()), (9, 9));
/// # Ok::<(), mingmang::frontend::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct GameRules {
    ruleset: Ruleset,
}

impl GameRules {
    /// The rules of the variant called `name` (any case; see [`GameRules::variants`]) with
    /// every option at its default.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::GameRules;
    ///
    /// assert_eq!(GameRules::new("GALA")?.variant(), "gala");
    /// assert!(GameRules::new("go").is_err());
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn new(name: &str) -> Result<GameRules, Error> {
        let mut rules = GameRules::default();
        rules.set("Variant", name)?;
        Ok(rules)
    }

    /// The names of the variants, the default first.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::GameRules;
    ///
    /// let names = GameRules::variants();
    /// assert_eq!(names[0], "mingmang");
    /// assert!(names.contains(&"makyek-hunt".to_string()));
    /// ```
    pub fn variants() -> Vec<String> {
        Preset::ALL.iter().map(|p| p.name().to_string()).collect()
    }

    /// Every rule option, in the protocol's order (the variant first).
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::GameRules;
    ///
    /// let names: Vec<String> = GameRules::options().into_iter().map(|o| o.name).collect();
    /// assert_eq!(names[..2], ["Variant", "BoardSize"]);
    /// assert!(names.contains(&"MaxPlies".to_string()));
    /// ```
    pub fn options() -> Vec<OptionInfo> {
        RULE_OPTIONS
            .iter()
            .map(|o| OptionInfo::of(&o.spec))
            .collect()
    }

    /// Sets the rule option `name` (any case) to `value`, as `setoption` does: `Variant`,
    /// `BoardSize` (`WxH` or `auto`), `EnchainedCapture`, `Territory`, `CornerCapture`,
    /// `LastPieceLeap` (`true`/`false`), `MaxPlies` (0 for none). Refused, with nothing
    /// changed, if the value is not of the option's type or the rules would not fit together
    /// (a relative on another board, a Ming Mang option with a relative).
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::GameRules;
    ///
    /// let mut rules = GameRules::new("gala")?;
    /// assert!(rules.set("BoardSize", "8x8").is_err());
    /// assert_eq!(rules.width(), 7);
    /// rules.set("Variant", "mingmang")?;
    /// rules.set("boardsize", "5x7")?;
    /// assert_eq!((rules.width(), rules.height()), (5, 7));
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), Error> {
        self.ruleset
            .set(name, Some(value))
            .map_err(|e| Error::new(ErrorKind::Option, e))
    }

    /// Sets several rule options at once, in the table's order whatever the order given (so a
    /// `BoardSize` that fits only the new `Variant` comes after it): the one way every binding
    /// applies a set of options. Refused, with nothing changed, if a name is not a rule option,
    /// names one option twice, or any value is refused.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::GameRules;
    ///
    /// let mut rules = GameRules::default();
    /// // Given before the variant it fits, applied after it.
    /// rules.set_all(&[("BoardSize", "7x7"), ("variant", "gala")])?;
    /// assert_eq!((rules.variant(), rules.width()), ("gala".to_string(), 7));
    /// assert!(rules.set_all(&[("MaxPlies", "50"), ("Colour", "red")]).is_err());
    /// assert_eq!(rules.get("MaxPlies")?, "0");
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn set_all(&mut self, options: &[(&str, &str)]) -> Result<(), Error> {
        self.ruleset
            .set_all(options)
            .map_err(|e| Error::new(ErrorKind::Option, e))
    }

    /// The value of the rule option `name` (any case), as the protocol writes it.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::GameRules;
    ///
    /// let rules = GameRules::new("tibetan")?;
    /// assert_eq!(rules.get("Variant")?, "tibetan");
    /// assert_eq!(rules.get("BoardSize")?, "auto");
    /// assert_eq!(rules.get("Territory")?, "false");
    /// assert!(rules.get("Hash").is_err());
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn get(&self, name: &str) -> Result<String, Error> {
        let option = crate::rules::rule_options::find(name).ok_or_else(|| {
            Error::new(ErrorKind::Option, format!("unknown rule option '{name}'"))
        })?;
        Ok(option.get(self.ruleset.settings()).to_string())
    }

    /// The variant's name.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::GameRules;
    ///
    /// assert_eq!(GameRules::default().variant(), "mingmang");
    /// ```
    pub fn variant(&self) -> String {
        self.ruleset.settings().variant.name().to_string()
    }

    /// The board's width (files).
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::GameRules;
    ///
    /// assert_eq!(GameRules::new("go-board")?.width(), 19);
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn width(&self) -> usize {
        self.ruleset.rules().size().width()
    }

    /// The board's height (ranks).
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::GameRules;
    ///
    /// assert_eq!(GameRules::new("gala")?.height(), 7);
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn height(&self) -> usize {
        self.ruleset.rules().size().height()
    }

    /// The rules in words: the variant unless it is the default, then each option that is not
    /// at its default (as `mingmang match` and the records write them).
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::GameRules;
    ///
    /// let mut rules = GameRules::default();
    /// assert_eq!(rules.describe(), "");
    /// rules.set("EnchainedCapture", "true")?;
    /// assert_eq!(rules.describe(), "enchained-capture");
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn describe(&self) -> String {
        self.ruleset.settings().describe()
    }

    fn rules(&self) -> rules::Rules {
        self.ruleset.rules()
    }
}

/// A side.
///
/// # Examples
/// ```
/// use mingmang::frontend::{Game, GameRules, Side};
///
/// let game = Game::new(&GameRules::default());
/// assert_eq!(game.side_to_move(), Side::White);
/// assert_eq!(Side::Black.name(), "black");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    /// White, player 1, moves first (except in Gala and the hunt, where Black does).
    White,
    /// Black, player 2.
    Black,
}

impl Side {
    /// `white` or `black`.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::Side;
    ///
    /// assert_eq!(Side::White.name(), "white");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }

    fn of(color: Color) -> Side {
        match color {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

/// Where a game stands.
///
/// # Examples
/// ```
/// use mingmang::frontend::Status;
///
/// assert_eq!(Status::WhiteWins.protocol(), "p1win");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// A draw.
    Draw,
}

impl Status {
    /// The protocol's answer to `query result`: `none`, `p1win`, `p2win` or `draw`.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::Status;
    ///
    /// assert_eq!(Status::Ongoing.protocol(), "none");
    /// assert_eq!(Status::Draw.protocol(), "draw");
    /// ```
    pub fn protocol(self) -> &'static str {
        match self {
            Status::Ongoing => "none",
            Status::WhiteWins => "p1win",
            Status::BlackWins => "p2win",
            Status::Draw => "draw",
        }
    }
}

/// Why a game ended.
///
/// # Examples
/// ```
/// use mingmang::frontend::{Game, GameRules, Reason};
///
/// // White's lone piece on a1 is walled in.
/// let game = Game::from_position(&GameRules::default(), "4/4/b3/wb2 w", "")?;
/// assert_eq!(game.outcome().reason, Some(Reason::NoLegalMove));
/// # Ok::<(), mingmang::frontend::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reason {
    /// The side to move had pieces but no legal move.
    NoLegalMove,
    /// The side to move had no pieces left.
    NoPieces,
    /// The ply limit was reached; pieces were counted.
    PlyLimit,
    /// A king (Rek, Min Rek Chanh) or the hunter was captured.
    KingCaptured,
    /// The hunt: White has fewer than two men left.
    TooFewMen,
    /// Two passes in a row under territory scoring; the count decided.
    Territory,
}

/// A game's outcome: where it stands and, once over, why.
///
/// # Examples
/// ```
/// use mingmang::frontend::{Game, GameRules, Reason, Status};
///
/// let mut rules = GameRules::default();
/// rules.set("Territory", "true")?;
/// let mut game = Game::new(&rules);
/// game.play_moves("0000 0000")?;
/// let outcome = game.outcome();
/// assert_eq!(outcome.status, Status::Draw);
/// assert_eq!(outcome.reason, Some(Reason::Territory));
/// // 14 pieces each, and the empty middle borders both.
/// assert_eq!(outcome.territory, Some([14, 14]));
/// # Ok::<(), mingmang::frontend::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// Where the game stands.
    pub status: Status,
    /// Why it ended; `None` while it goes on.
    pub reason: Option<Reason>,
    /// White's and Black's counts when territory decided.
    pub territory: Option<[usize; 2]>,
    /// The outcome in words: `ongoing`, `white won: no legal move`, `draw: ...`.
    pub text: String,
}

impl Outcome {
    /// The outcome of the rules core in the facade's terms.
    pub(crate) fn of(outcome: rules::Outcome) -> Outcome {
        let (status, reason, text) = match outcome {
            rules::Outcome::Ongoing => (Status::Ongoing, None, "ongoing".to_string()),
            rules::Outcome::Win(c, r) => (
                if c == Color::White {
                    Status::WhiteWins
                } else {
                    Status::BlackWins
                },
                Some(r),
                format!("{} won: {}", c.name(), r.describe()),
            ),
            rules::Outcome::Draw(r) => (Status::Draw, Some(r), format!("draw: {}", r.describe())),
        };
        let territory = match reason {
            Some(EndReason::Territory { white, black }) => Some([white, black]),
            _ => None,
        };
        let reason = reason.map(|r| match r {
            EndReason::NoLegalMove => Reason::NoLegalMove,
            EndReason::NoPieces => Reason::NoPieces,
            EndReason::PlyLimit => Reason::PlyLimit,
            EndReason::KingCaptured => Reason::KingCaptured,
            EndReason::TooFewMen => Reason::TooFewMen,
            EndReason::Territory { .. } => Reason::Territory,
        });
        Outcome {
            status,
            reason,
            territory,
            text,
        }
    }
}

/// A game: its rules, the position it started from and every move since, so that rule 7 (no
/// return to an earlier position) and the ply limit apply.
///
/// # Examples
/// ```
/// use mingmang::frontend::{Game, GameRules};
///
/// let mut game = Game::new(&GameRules::default());
/// assert_eq!(game.legal_moves().len(), 72);
/// game.play_moves("a2b2 h7g7 b2a2")?;
/// // Black going back would recreate the start position: rule 7 forbids it.
/// assert!(!game.is_legal("g7h7"));
/// assert_eq!(game.undo(), Some("b2a2".to_string()));
/// assert_eq!(game.moves(), ["a2b2", "h7g7"]);
/// # Ok::<(), mingmang::frontend::Error>(())
/// ```
#[derive(Clone)]
pub struct Game {
    rules: GameRules,
    game: rules::Game,
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("rules", &self.rules.describe())
            .field("start", &self.start_position())
            .field("moves", &self.moves())
            .finish()
    }
}

impl Game {
    /// A game at the start position of `rules`.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Game, GameRules};
    ///
    /// let game = Game::new(&GameRules::new("makyek")?);
    /// assert_eq!(game.position(), "bbbbbbbb/8/bbbbbbbb/8/8/wwwwwwww/8/wwwwwwww w");
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn new(rules: &GameRules) -> Game {
        Game {
            rules: *rules,
            game: rules::Game::new(rules.rules()),
        }
    }

    /// A game from the position string `position` (whose size decides the board's, which the
    /// rules must allow), then `moves` (space-separated, the game's history for rule 7). Its
    /// rules are `rules` with the position's board size.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Game, GameRules};
    ///
    /// let rules = GameRules::default();
    /// let game = Game::from_position(&rules, "2w1/2b1/wb2/4/2w1 w", "c1c2")?;
    /// assert_eq!(game.position(), "2w1/2b1/wb2/2w1/4 b");
    /// assert_eq!(game.start_position(), "2w1/2b1/wb2/4/2w1 w");
    /// assert_eq!((game.rules().width(), game.rules().height()), (4, 5));
    /// assert!(Game::from_position(&rules, "2w1/2b1/wb2/4/2w1 w", "c1c9").is_err());
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn from_position(rules: &GameRules, position: &str, moves: &str) -> Result<Game, Error> {
        let bad = |e: String| Error::new(ErrorKind::Position, e);
        let pos = rules::parse_position(position).map_err(bad)?;
        let sized = rules.rules().with_size(pos.size()).map_err(bad)?;
        // The rules a game reports are those it is played under: sized to its position.
        let mut kept = *rules;
        if sized.size() != rules.rules().size() {
            kept.set("BoardSize", &pos.size().to_string())?;
        }
        let mut game = Game {
            rules: kept,
            game: rules::Game::from_position(sized, pos).map_err(bad)?,
        };
        game.play_moves(moves)?;
        Ok(game)
    }

    /// The rules.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Game, GameRules};
    ///
    /// let game = Game::new(&GameRules::new("rek")?);
    /// assert_eq!(game.rules().variant(), "rek");
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn rules(&self) -> GameRules {
        self.rules
    }

    /// The legal moves, in the engine's notation and canonical order.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Game, GameRules};
    ///
    /// let game = Game::new(&GameRules::new("gala")?);
    /// // Gala starts with every piece in hand, and the first goes on the centre.
    /// assert_eq!(game.legal_moves(), ["d4"]);
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn legal_moves(&self) -> Vec<String> {
        self.game
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect()
    }

    /// Whether `text` is a legal move here.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Game, GameRules};
    ///
    /// let game = Game::new(&GameRules::default());
    /// assert!(game.is_legal("a2-b2"));
    /// assert!(!game.is_legal("b2b3"));
    /// ```
    pub fn is_legal(&self, text: &str) -> bool {
        self.game.parse_move(text).is_ok()
    }

    /// Plays the move `text`, or says why it is not legal (and changes nothing).
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{ErrorKind, Game, GameRules};
    ///
    /// let mut game = Game::new(&GameRules::default());
    /// game.play("a2b2")?;
    /// let err = game.play("a2b2").unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::Move);
    /// assert_eq!(game.ply(), 1);
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn play(&mut self, text: &str) -> Result<(), Error> {
        self.play_one(text)
            .map_err(|(kind, why)| Error::new(kind, format!("'{text}': {why}")))
    }

    /// Plays `text`, or says why not (the kind, and the reason without the move).
    fn play_one(&mut self, text: &str) -> Result<(), (ErrorKind, String)> {
        if self.game.outcome().is_over() {
            return Err((ErrorKind::GameOver, self.over_error().message));
        }
        match self.game.play_text(text) {
            Ok(_) => Ok(()),
            Err(why) => Err((ErrorKind::Move, why)),
        }
    }

    /// Plays the space-separated moves of `moves` in order; if one is refused, none is played
    /// and the error names it.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Game, GameRules};
    ///
    /// let mut game = Game::new(&GameRules::default());
    /// let err = game.play_moves("a2b2 h7g7 b2b9").unwrap_err();
    /// assert!(err.message().starts_with("move 3 ('b2b9')"));
    /// assert_eq!(game.ply(), 0);
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn play_moves(&mut self, moves: &str) -> Result<(), Error> {
        for (i, text) in moves.split_whitespace().enumerate() {
            if let Err((kind, why)) = self.play_one(text) {
                for _ in 0..i {
                    self.game.unmake();
                }
                return Err(Error::new(
                    kind,
                    format!("move {} ('{text}'): {why}", i + 1),
                ));
            }
        }
        Ok(())
    }

    /// Takes the last move back and returns it; `None` at the position the game started from.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Game, GameRules};
    ///
    /// let mut game = Game::new(&GameRules::default());
    /// assert_eq!(game.undo(), None);
    /// game.play("a2b2")?;
    /// assert_eq!(game.undo().as_deref(), Some("a2b2"));
    /// assert_eq!(game.ply(), 0);
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn undo(&mut self) -> Option<String> {
        let last = self.game.last_move()?;
        self.game.unmake();
        Some(last.to_string())
    }

    /// The side to move.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Game, GameRules, Side};
    ///
    /// // The hunt: the hunter (Black) moves first.
    /// let game = Game::new(&GameRules::new("makyek-hunt")?);
    /// assert_eq!(game.side_to_move(), Side::Black);
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn side_to_move(&self) -> Side {
        Side::of(self.game.side_to_move())
    }

    /// Where the game stands, and why it ended.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Game, GameRules, Reason, Status};
    ///
    /// // White slides c1 to c3 and converts both Black pieces.
    /// let mut game = Game::from_position(&GameRules::default(), "2w1/2b1/wb2/4/2w1 w", "")?;
    /// assert_eq!(game.outcome().status, Status::Ongoing);
    /// game.play("c1c3")?;
    /// let outcome = game.outcome();
    /// assert_eq!(outcome.status, Status::WhiteWins);
    /// assert_eq!(outcome.reason, Some(Reason::NoPieces));
    /// assert_eq!(outcome.text, "white won: no pieces left");
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn outcome(&self) -> Outcome {
        Outcome::of(self.game.outcome())
    }

    /// The current position as a position string.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Game, GameRules};
    ///
    /// let mut game = Game::new(&GameRules::default());
    /// game.play("a2b2")?;
    /// assert_eq!(game.position(), "wbbbbbbb/w6b/w6b/w6b/w6b/w6b/1w5b/wwwwwwwb b");
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn position(&self) -> String {
        rules::format_position(self.game.position())
    }

    /// The position the game started from, as a position string.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Game, GameRules};
    ///
    /// let mut game = Game::new(&GameRules::new("gala")?);
    /// game.play("d4")?;
    /// assert_eq!(game.start_position(), "7/7/7/7/7/7/7 b w13b10");
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn start_position(&self) -> String {
        rules::format_position(self.game.start_position())
    }

    /// The moves played since the start position, in order.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Game, GameRules};
    ///
    /// let mut game = Game::new(&GameRules::default());
    /// game.play_moves("a2-b2 h7g7")?;
    /// assert_eq!(game.moves(), ["a2b2", "h7g7"]);
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn moves(&self) -> Vec<String> {
        self.game.moves().map(|m| m.to_string()).collect()
    }

    /// Plies played since the start position.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Game, GameRules};
    ///
    /// let mut game = Game::new(&GameRules::default());
    /// game.play("a2b2")?;
    /// assert_eq!(game.ply(), 1);
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn ply(&self) -> usize {
        self.game.plies()
    }

    /// The leaves of the legal move tree `depth` plies deep (rule 7 applied along every
    /// path); depths above 12 are refused.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Game, GameRules};
    ///
    /// let game = Game::new(&GameRules::default());
    /// assert_eq!(game.perft(2)?, 4_686);
    /// assert!(game.perft(13).is_err());
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn perft(&self, depth: u32) -> Result<u64, Error> {
        if depth > perft::MAX_DEPTH {
            return Err(Error::new(
                ErrorKind::Limits,
                format!("perft depth {depth} is above {}", perft::MAX_DEPTH),
            ));
        }
        Ok(perft::perft(&mut self.game.from_here(), depth))
    }

    /// The squares whose pieces the last move took (converted in Ming Mang, removed in the
    /// relatives), in board order; empty at the start or after a pass.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Game, GameRules};
    ///
    /// // White c1 slides to c3, flanking b3 (with a3) and c4 (with c5).
    /// let mut game = Game::from_position(&GameRules::default(), "2w1/2b1/wb2/4/2w1 w", "")?;
    /// game.play("c1c3")?;
    /// assert_eq!(game.last_captures(), ["b3", "c4"]);
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn last_captures(&self) -> Vec<String> {
        self.game
            .last_captures()
            .iter()
            .map(|sq| sq.to_string())
            .collect()
    }

    /// The pieces of `side`'s opponent that `side` could take with one move, as if `side`
    /// were to move: the threats a page marks on the board.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Game, GameRules, Side};
    ///
    /// let game = Game::from_position(&GameRules::default(), "2w1/2b1/wb2/4/2w1 w", "")?;
    /// assert_eq!(game.takeable_by(Side::White), ["b3", "c4"]);
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn takeable_by(&self, side: Side) -> Vec<String> {
        let color = match side {
            Side::White => Color::White,
            Side::Black => Color::Black,
        };
        self.game
            .takeable_by(color)
            .iter()
            .map(|sq| sq.to_string())
            .collect()
    }

    fn over_error(&self) -> Error {
        Error::new(
            ErrorKind::GameOver,
            format!("the game is over ({})", self.outcome().text),
        )
    }
}

/// What bounds a search, as every front end receives it (the protocol's `go` is read into one,
/// and GTP and the bindings fill one): every bound given applies; none bounds it at all (then
/// only a stop or the poll ends it). Times are in milliseconds. [`Limits::to_search`] is the
/// one way from these to the search's limits.
///
/// # Examples
/// ```
/// use mingmang::frontend::Limits;
///
/// // 10 seconds each with a 100 ms increment.
/// let limits = Limits {
///     white_time_ms: Some(10_000),
///     black_time_ms: Some(10_000),
///     white_increment_ms: Some(100),
///     black_increment_ms: Some(100),
///     ..Limits::default()
/// };
/// assert_eq!(limits.depth, None);
/// // Any clock parameter makes a clock: an increment alone too.
/// let increment_only = Limits { white_increment_ms: Some(0), ..Limits::default() };
/// assert!(increment_only.clock().is_some());
/// assert!(Limits::default().clock().is_none());
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Limits {
    /// Exact time for this move.
    pub move_time_ms: Option<u64>,
    /// White's time left on the clock.
    pub white_time_ms: Option<u64>,
    /// Black's time left on the clock.
    pub black_time_ms: Option<u64>,
    /// White's increment per move.
    pub white_increment_ms: Option<u64>,
    /// Black's increment per move.
    pub black_increment_ms: Option<u64>,
    /// Moves to the next time control, if any.
    pub moves_to_go: Option<u32>,
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Search until stopped, whatever else is set (the protocol's `go infinite`).
    pub infinite: bool,
    /// Only these moves are searched (all legal moves when empty).
    pub search_moves: Vec<String>,
    /// Principal variations to report in this search only (the MultiPV option otherwise).
    pub multi_pv: Option<u32>,
    /// The strength level of this search only, 0 to 20 (the Skill Level option otherwise).
    pub skill_level: Option<u32>,
}

/// A move of [`Limits::search_moves`] that is not a legal move of the game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BadSearchMove {
    /// Its place in the list, from 0.
    pub index: usize,
    /// The move as given.
    pub text: String,
    /// Why it is refused.
    pub why: String,
}

impl Limits {
    /// The clock these limits give the search (see [`search::Clock::from_millis`]: any clock
    /// parameter makes one).
    pub fn clock(&self) -> Option<search::Clock> {
        search::Clock::from_millis(
            [self.white_time_ms, self.black_time_ms],
            [self.white_increment_ms, self.black_increment_ms],
            self.moves_to_go,
        )
    }

    /// The search's limits for these in `game`: the moves read, the times as durations. A
    /// MultiPV or level out of range is refused here as an option error, as the options
    /// refuse it.
    pub fn to_search(&self, game: &rules::Game) -> Result<search::Limits, Error> {
        let search_moves = self
            .search_moves
            .iter()
            .map(|text| game.parse_move(text))
            .enumerate()
            .map(|(index, parsed)| {
                parsed.map_err(|why| BadSearchMove {
                    index,
                    text: self.search_moves[index].clone(),
                    why,
                })
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(|bad| {
                Error::new(
                    ErrorKind::Limits,
                    format!("search move '{}': {}", bad.text, bad.why),
                )
            })?;
        self.to_search_with(search_moves)
    }

    /// The search's limits for these with the root moves already read.
    pub(crate) fn to_search_with(
        &self,
        search_moves: Vec<rules::Move>,
    ) -> Result<search::Limits, Error> {
        let multi_pv = match self.multi_pv {
            Some(n) if !(1..=engine_options::MAX_MULTIPV).contains(&i64::from(n)) => {
                return Err(Error::new(
                    ErrorKind::Option,
                    format!(
                        "MultiPV {n} is not from 1 to {}",
                        engine_options::MAX_MULTIPV
                    ),
                ))
            }
            n => n.map(|n| n as usize),
        };
        let skill = self
            .skill_level
            .map(Skill::new)
            .transpose()
            .map_err(|e| Error::new(ErrorKind::Option, e))?;
        let ms = Duration::from_millis;
        Ok(search::Limits {
            depth: self.depth,
            nodes: self.nodes,
            move_time: self.move_time_ms.map(ms),
            clock: self.clock(),
            infinite: self.infinite,
            search_moves,
            multi_pv,
            skill,
        })
    }
}

/// A score from the side to move's point of view: centi-pieces (100 is one piece), or a
/// forced result in plies.
///
/// # Examples
/// ```
/// use mingmang::frontend::Score;
///
/// let win = Score::Mate(3);
/// assert_eq!(win.to_string(), "mate 3");
/// assert_eq!(Score::Cp(-150).to_string(), "cp -150");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Score {
    /// An evaluation in centi-pieces.
    Cp(i32),
    /// A forced result: `n > 0` wins in `n` plies, `n < 0` loses in `-n`.
    Mate(i32),
}

impl fmt::Display for Score {
    /// As the protocol's `info` lines write it: `cp N` or `mate N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (unit, n) = match *self {
            Score::Cp(n) => ("cp", n),
            Score::Mate(n) => ("mate", n),
        };
        write!(f, "{unit} {n}")
    }
}

impl Score {
    fn of(score: search::Score) -> Score {
        match score {
            search::Score::Cp(cp) => Score::Cp(cp),
            search::Score::Mate(n) => Score::Mate(n),
        }
    }
}

/// A line the search found: a report while it runs, or one of the MultiPV lines of its
/// result.
///
/// # Examples
/// ```
/// use mingmang::frontend::{Engine, Game, GameRules, Limits};
///
/// let game = Game::new(&GameRules::default());
/// let mut engine = Engine::new();
/// let mut last = None;
/// engine.search_with(&game, &Limits { depth: Some(2), ..Limits::default() },
///     &mut |line| last = Some(line.clone()), &mut || false)?;
/// let line = last.unwrap();
/// assert_eq!((line.depth, line.multipv), (2, 1));
/// assert!(line.nodes > 0 && !line.pv.is_empty());
/// # Ok::<(), mingmang::frontend::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Line {
    /// Which line (1 for the best; more with MultiPV or a lower strength level).
    pub multipv: usize,
    /// Depth of the line in plies.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Its score.
    pub score: Score,
    /// Its moves, the first one to play.
    pub pv: Vec<String>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the search began.
    pub time_ms: u64,
    /// Transposition table fill, per mille.
    pub hashfull: u32,
}

impl Line {
    fn of(info: &SearchInfo) -> Line {
        Line {
            multipv: info.multipv,
            depth: info.depth,
            seldepth: info.seldepth,
            score: Score::of(info.score),
            pv: info.pv.iter().map(|m| m.to_string()).collect(),
            nodes: info.nodes,
            nps: info.nps,
            time_ms: info.time.as_millis() as u64,
            hashfull: info.hashfull,
        }
    }
}

/// What a search found.
///
/// # Examples
/// ```
/// use mingmang::frontend::{Engine, Game, GameRules, Limits, Score};
///
/// // White to move slides c1 to c3 and converts both Black pieces: a win in one ply.
/// let game = Game::from_position(&GameRules::default(), "2w1/2b1/wb2/4/2w1 w", "")?;
/// let found = Engine::new().search(&game, &Limits { depth: Some(3), ..Limits::default() })?;
/// assert_eq!(found.best_move, "c1c3");
/// assert_eq!(found.line.score, Score::Mate(1));
/// assert_eq!(found.line.pv, ["c1c3"]);
/// # Ok::<(), mingmang::frontend::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchReport {
    /// The move to play.
    pub best_move: String,
    /// Its line: score, depth (of the last iteration reported) and principal variation
    /// (starting with the move), with the whole search's nodes and time.
    pub line: Line,
    /// The lines of the last iteration, best first (one unless MultiPV or a lower strength
    /// level asks for more; the move played below full strength is drawn among them).
    pub lines: Vec<Line>,
}

/// Stops a running search from another thread.
///
/// # Examples
/// ```
/// use mingmang::frontend::{Engine, Game, GameRules, Limits};
///
/// let mut engine = Engine::new();
/// let stop = engine.stop_handle();
/// let game = Game::new(&GameRules::default());
/// let waiter = std::thread::spawn(move || {
///     std::thread::sleep(std::time::Duration::from_millis(20));
///     stop.stop();
/// });
/// // No limit: only the stop ends this search.
/// let found = engine.search(&game, &Limits::default())?;
/// assert!(game.is_legal(&found.best_move));
/// waiter.join().unwrap();
/// # Ok::<(), mingmang::frontend::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    /// Stops the search running now, if one is: it returns its best move so far at once.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::Engine;
    ///
    /// // Stopping when nothing runs does nothing; the next search starts afresh.
    /// Engine::new().stop_handle().stop();
    /// ```
    pub fn stop(&self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// The search with its options and persistent table: what plays moves.
///
/// # Examples
/// ```
/// use mingmang::frontend::{Engine, Game, GameRules, Limits};
///
/// let mut engine = Engine::new();
/// engine.set_option("Hash", "8")?;
/// engine.set_option("Skill Level", "5")?;
/// let game = Game::new(&GameRules::new("rek")?);
/// let found = engine.search(&game, &Limits { nodes: Some(2_000), ..Limits::default() })?;
/// assert!(game.is_legal(&found.best_move));
/// # Ok::<(), mingmang::frontend::Error>(())
/// ```
pub struct Engine {
    options: EngineOptions,
    searcher: Searcher,
    clock: Box<dyn TimeSource + Send>,
    seed: Option<u64>,
    stop: Arc<AtomicBool>,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl fmt::Debug for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Engine")
            .field("options", &self.options)
            .field("seed", &self.seed)
            .finish_non_exhaustive()
    }
}

/// The seed of the strength levels' draw when none is set: searches are repeatable.
const DEFAULT_SEED: u64 = 0x6D69_6E67_6D61_6E67;

impl Engine {
    /// An engine with every option at its default, the system's clock and a fixed seed.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::Engine;
    ///
    /// assert_eq!(Engine::new().option("Threads")?, "1");
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn new() -> Engine {
        Engine::with_options(EngineOptions::default())
    }

    /// An engine with these option values (from the command line).
    pub(crate) fn with_options(options: EngineOptions) -> Engine {
        let mut searcher = Searcher::new(options.hash_mib);
        searcher.set_weights(options.weights);
        searcher.set_networks(options.networks.clone());
        Engine {
            options,
            searcher,
            clock: Box::new(SystemClock),
            seed: Some(DEFAULT_SEED),
            stop: Arc::default(),
        }
    }

    /// Every engine option, in the protocol's order: `Hash`, `Threads`, `MultiPV`,
    /// `MoveOverhead`, `Skill Level`, `EvalFile`, `Clear Hash`.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::Engine;
    ///
    /// let skill = Engine::options().into_iter().find(|o| o.name == "Skill Level").unwrap();
    /// assert_eq!((skill.range, skill.default.as_str()), (Some([0, 20]), "20"));
    /// ```
    pub fn options() -> Vec<OptionInfo> {
        ENGINE_OPTIONS
            .iter()
            .map(|o| OptionInfo::of(&o.spec))
            .collect()
    }

    /// Sets the engine option `name` (any case) to `value`, checked as `setoption` checks it;
    /// on error nothing changes. A button (`Clear Hash`) ignores the value. `Threads` above 1
    /// starts helper threads during searches: a host without threads keeps it at 1.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Engine, ErrorKind};
    ///
    /// let mut engine = Engine::new();
    /// engine.set_option("multipv", "3")?;
    /// assert_eq!(engine.option("MultiPV")?, "3");
    /// assert_eq!(engine.set_option("Threads", "0").unwrap_err().kind(), ErrorKind::Option);
    /// engine.set_option("Clear Hash", "")?;
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), Error> {
        self.set(name, Some(value))
            .map_err(|e| Error::new(ErrorKind::Option, e))
    }

    /// Sets several engine options at once, in the table's order whatever the order given:
    /// the one way every binding applies a set of options. Refused, with nothing changed, if
    /// a name is not an engine option, names one twice, or any value is refused.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::Engine;
    ///
    /// let mut engine = Engine::new();
    /// engine.set_options(&[("MultiPV", "2"), ("Hash", "8")])?;
    /// assert_eq!((engine.option("multipv")?, engine.option("Hash")?), ("2".into(), "8".into()));
    /// assert!(engine.set_options(&[("Threads", "2"), ("Variant", "gala")]).is_err());
    /// assert_eq!(engine.option("Threads")?, "1");
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn set_options(&mut self, options: &[(&str, &str)]) -> Result<(), Error> {
        let mut next = self.options.clone();
        next.set_all(options)
            .and_then(|effects| self.take(next, &effects))
            .map_err(|e| Error::new(ErrorKind::Option, e))
    }

    /// The value of the engine option `name` (any case), as the protocol writes it.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::Engine;
    ///
    /// assert_eq!(Engine::new().option("EvalFile")?, "<built-in>");
    /// assert!(Engine::new().option("Variant").is_err());
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn option(&self, name: &str) -> Result<String, Error> {
        let option = engine_options::find(name).ok_or_else(|| {
            Error::new(ErrorKind::Option, format!("unknown engine option '{name}'"))
        })?;
        Ok(option.get(&self.options).to_string())
    }

    /// Forgets what earlier games taught the table: call it when a new game starts.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::Engine;
    ///
    /// let mut engine = Engine::new();
    /// engine.new_game();
    /// ```
    pub fn new_game(&mut self) {
        self.searcher.clear();
    }

    /// Reads the time from `clock` from now on (the search's time limits and reported
    /// times). A browser build supplies `performance.now()` this way; without it, time limits
    /// there never expire.
    ///
    /// # Examples
    /// ```
    /// use std::time::Duration;
    /// use mingmang::frontend::{Engine, Game, GameRules, Limits};
    /// use mingmang::search::TimeSource;
    ///
    /// /// A clock that stands still: a move time never runs out on it.
    /// struct Frozen;
    /// impl TimeSource for Frozen {
    ///     fn now(&self) -> Duration { Duration::from_secs(1) }
    /// }
    ///
    /// let mut engine = Engine::new();
    /// engine.set_clock(Box::new(Frozen));
    /// let game = Game::new(&GameRules::default());
    /// let limits = Limits { move_time_ms: Some(1), depth: Some(3), ..Limits::default() };
    /// let found = engine.search(&game, &limits)?;
    /// assert_eq!((found.line.depth, found.line.time_ms), (3, 0));
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn set_clock(&mut self, clock: Box<dyn TimeSource + Send>) {
        self.clock = clock;
    }

    /// Seeds the move a lower strength level draws (mixed with the position): the same seed
    /// and position give the same move. `None` seeds from the wall clock instead, so that a
    /// player does not meet the same mistakes every game. A fixed seed is the default.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Engine, Game, GameRules, Limits};
    ///
    /// let game = Game::new(&GameRules::default());
    /// let limits = Limits { depth: Some(3), ..Limits::default() };
    /// let mut moves = Vec::new();
    /// for _ in 0..2 {
    ///     let mut engine = Engine::new();
    ///     engine.set_option("Skill Level", "0")?;
    ///     engine.set_seed(Some(7));
    ///     moves.push(engine.search(&game, &limits)?.best_move);
    /// }
    /// assert_eq!(moves[0], moves[1]);
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn set_seed(&mut self, seed: Option<u64>) {
        self.seed = seed;
    }

    /// A handle that stops this engine's running search from another thread.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::Engine;
    ///
    /// let engine = Engine::new();
    /// let handle = engine.stop_handle();
    /// std::thread::spawn(move || handle.stop()).join().unwrap();
    /// ```
    pub fn stop_handle(&self) -> StopHandle {
        StopHandle(Arc::clone(&self.stop))
    }

    /// Searches `game` within `limits` for the move to play, at the strength level and with
    /// the MultiPV lines the options ask for. A finished game, or `search_moves` that are not
    /// legal moves, are refused.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Engine, Game, GameRules, Limits};
    ///
    /// let mut engine = Engine::new();
    /// engine.set_option("MultiPV", "3")?;
    /// let game = Game::new(&GameRules::default());
    /// let found = engine.search(&game, &Limits { depth: Some(3), ..Limits::default() })?;
    /// assert_eq!(found.lines.len(), 3);
    /// assert_eq!(found.lines[0].pv[0], found.best_move);
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn search(&mut self, game: &Game, limits: &Limits) -> Result<SearchReport, Error> {
        self.search_with(game, limits, &mut |_| {}, &mut || false)
    }

    /// [`Engine::search`], telling `progress` of every line as it is found and asking
    /// `should_stop` every few hundred nodes (well under a millisecond) whether to stop. On a
    /// host with one thread (a browser's Web Worker busy searching) this is how control comes
    /// back: the poll reads a flag the page sets (a shared buffer) or checks a deadline of
    /// its own, and returning `true` ends the search with its best move so far.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Engine, Game, GameRules, Limits};
    ///
    /// let game = Game::new(&GameRules::new("gundru")?);
    /// let mut polls = 0;
    /// let mut lines = 0;
    /// // No limit: the poll ends the search after 100 calls.
    /// let found = Engine::new().search_with(&game, &Limits::default(),
    ///     &mut |_| lines += 1,
    ///     &mut || { polls += 1; polls == 100 })?;
    /// assert!(game.is_legal(&found.best_move));
    /// assert!(lines > 0 && polls == 100);
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn search_with(
        &mut self,
        game: &Game,
        limits: &Limits,
        progress: &mut dyn FnMut(&Line),
        should_stop: &mut dyn FnMut() -> bool,
    ) -> Result<SearchReport, Error> {
        if game.game.outcome().is_over() {
            return Err(game.over_error());
        }
        let limits = limits.to_search(&game.game)?;
        let mut lines: Vec<Line> = Vec::new();
        // A stop from before this search is not for it.
        self.stop.store(false, Ordering::SeqCst);
        let stop = Arc::clone(&self.stop);
        let result = self.run(
            &game.game,
            &limits,
            &stop,
            Some(should_stop),
            &mut |info: &SearchInfo| {
                let line = Line::of(info);
                progress(&line);
                // A new iteration starts the list again.
                if line.multipv == 1 {
                    lines.clear();
                }
                lines.push(line);
            },
        );
        // A game that is not over has a legal move, which the search answers.
        let best_move = result.best.ok_or_else(|| game.over_error())?.to_string();
        let played = lines.iter().find(|l| l.pv.first() == Some(&best_move));
        let time_ms = result.time.as_millis() as u64;
        let line = Line {
            multipv: played.map_or(1, |l| l.multipv),
            depth: lines.first().map_or(0, |l| l.depth),
            seldepth: played.or(lines.first()).map_or(0, |l| l.seldepth),
            score: Score::of(result.score),
            pv: result.pv.iter().map(|m| m.to_string()).collect(),
            nodes: result.nodes,
            nps: result.nodes * 1000 / time_ms.max(1),
            time_ms,
            hashfull: lines.last().map_or(0, |l| l.hashfull),
        };
        Ok(SearchReport {
            best_move,
            line,
            lines,
        })
    }

    /// One search of `game` under `limits` with this engine's options (the limits' own MultiPV
    /// and level put in), clock and seed, stopped by `stop` or `poll`, reporting to `report`:
    /// what the facade, the protocol and GTP mode all search with.
    pub(crate) fn run(
        &mut self,
        game: &rules::Game,
        limits: &search::Limits,
        stop: &AtomicBool,
        poll: Option<&mut dyn FnMut() -> bool>,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let mut poll = poll;
        let mut control = Control {
            stop,
            clock: &*self.clock,
            // Reborrowed for this search only.
            poll: match poll.as_mut() {
                Some(p) => Some(&mut **p),
                None => None,
            },
            seed: self.seed,
        };
        let options = self.options.search_options();
        self.searcher
            .search_with(game, limits, &options, &mut control, report)
    }

    /// Sets the engine option `name` to `value` (`None` when the protocol gave none).
    pub(crate) fn set(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let mut next = self.options.clone();
        let effect = next.set(name, value)?;
        self.take(next, &[effect])
    }

    /// Makes `next` the options in force, doing what `effects` ask of the searcher; on error
    /// (a table the machine cannot hold) nothing changes.
    fn take(&mut self, next: EngineOptions, effects: &[Effect]) -> Result<(), String> {
        if effects.contains(&Effect::Hash) {
            let mib = next.hash_mib;
            self.searcher
                .set_hash_mib(mib)
                .map_err(|e| format!("Hash {mib}: {e}"))?;
        }
        if effects.contains(&Effect::ClearHash) {
            self.searcher.clear();
        }
        if effects.contains(&Effect::Evaluation) {
            self.searcher.set_weights(next.weights);
            self.searcher.set_networks(next.networks.clone());
        }
        self.options = next;
        Ok(())
    }

    /// The static evaluation of `game`'s position for the side to move, in centi-pieces, by
    /// the evaluation the searches use: the network where one fits (and `Evaluation` is
    /// `network`), else the hand-written weights.
    pub(crate) fn static_evaluation(&self, game: &crate::rules::Game) -> i32 {
        let weights = *self.options.weights.for_rules(game.rules());
        let network = self.options.networks.for_rules(game.rules());
        crate::search::eval::Evaluator::new(weights, network).evaluate(game)
    }
}
