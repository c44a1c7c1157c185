//! The reference interface: what the cross-check, the perft tables and the other tests ask of
//! a reference implementation, whichever rules it implements. Both references (`reference` for
//! Ming Mang, `reference_relatives` for its relatives) implement [`Reference`]; they keep their
//! own boards, moves and capture rules, and share only this vocabulary: the rules a game is
//! played under ([`RuleSet`]), how a game ended ([`ROutcome`]), and the plumbing every game
//! tree has in common (legal moves as sorted text, finding a move by its text, perft).

use std::fmt;

pub use super::text::Col;
use super::text::{read_position, sorted};

/// Ming Mang's four options and the ply limit. Every game takes a ply limit; the four options
/// are Ming Mang's alone.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Opts {
    /// Newly converted pieces flank in turn (EnchainedCapture).
    pub enchained: bool,
    /// Passing, and two passes end the game by territory count (Territory).
    pub territory: bool,
    /// Lines running round a corner can be flanked (CornerCapture).
    pub corner: bool,
    /// A side with one piece may jump an enemy piece (LastPieceLeap).
    pub leap: bool,
    /// The game ends after this many plies (MaxPlies); `None` or `Some(0)`: no limit.
    pub max_plies: Option<u32>,
}

impl Opts {
    /// No option, only a ply limit.
    pub fn limit(max_plies: Option<u32>) -> Opts {
        Opts {
            max_plies,
            ..Opts::default()
        }
    }

    /// The options named by letters: `e` enchained, `t` territory, `c` corner, `l` leap.
    pub fn letters(letters: &str, max_plies: Option<u32>) -> Opts {
        Opts {
            enchained: letters.contains('e'),
            territory: letters.contains('t'),
            corner: letters.contains('c'),
            leap: letters.contains('l'),
            max_plies,
        }
    }

    /// The options numbered 0..16 by four bits: 1 enchained, 2 territory, 4 corner, 8 leap.
    pub fn bits(bits: usize, max_plies: Option<u32>) -> Opts {
        Opts {
            enchained: bits & 1 != 0,
            territory: bits & 2 != 0,
            corner: bits & 4 != 0,
            leap: bits & 8 != 0,
            max_plies,
        }
    }
}

/// The rules a game is played under: the game (by the engine's preset name: `mingmang` for
/// Ming Mang on any board, `makyek`, `rek`, ...), the board and the options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleSet {
    /// The game's name.
    pub game: &'static str,
    /// Files.
    pub width: usize,
    /// Ranks.
    pub height: usize,
    /// The options and the ply limit.
    pub opts: Opts,
}

impl RuleSet {
    /// Ming Mang on a `width` x `height` board.
    pub fn ming_mang(width: usize, height: usize, opts: Opts) -> RuleSet {
        RuleSet {
            game: "mingmang",
            width,
            height,
            opts,
        }
    }

    /// `game` on the board of the position string `fen`.
    pub fn on_board_of(game: &'static str, fen: &str, opts: Opts) -> RuleSet {
        let text = read_position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        RuleSet {
            game,
            width: text.width(),
            height: text.height(),
            opts,
        }
    }

    /// Whether the game is Ming Mang.
    pub fn is_ming_mang(&self) -> bool {
        self.game == "mingmang"
    }
}

/// `mingmang 8x8 [ect] limit 40`: the game, the board, the option letters and the ply limit.
impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let o = &self.opts;
        write!(f, "{} {}x{}", self.game, self.width, self.height)?;
        let flags = [
            (o.enchained, 'e'),
            (o.territory, 't'),
            (o.corner, 'c'),
            (o.leap, 'l'),
        ];
        let letters: String = flags.iter().filter(|f| f.0).map(|f| f.1).collect();
        if !letters.is_empty() {
            write!(f, " [{letters}]")?;
        }
        if let Some(n) = o.max_plies {
            write!(f, " limit {n}")?;
        }
        Ok(())
    }
}

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RReason {
    /// The side to move has pieces but no legal move.
    NoLegalMove,
    /// The side to move has no pieces (on the board or in hand).
    NoPieces,
    /// The ply limit was reached.
    PlyLimit,
    /// A king or the hunter was captured (the relatives).
    KingCaptured,
    /// The hunt: White has fewer than two men.
    TooFewMen,
    /// Two passes under territory scoring (Ming Mang), with each side's count.
    Territory { white: usize, black: usize },
}

/// The state of a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ROutcome {
    Ongoing,
    Win(Col, RReason),
    Draw(RReason),
}

/// A reference implementation of some rules: a game in progress, with its history.
pub trait Reference: Sized {
    /// A move.
    type Move: Copy + Eq + fmt::Display + fmt::Debug;
    /// What a move did, for the cross-check's counters.
    type Effects: Copy + fmt::Debug;

    /// A game under `rules` from the position string `fen`, or why the reference refuses it.
    fn start(rules: &RuleSet, fen: &str) -> Result<Self, String>;
    /// The rules the game is played under.
    fn rules(&self) -> RuleSet;
    /// The current position string.
    fn fen(&self) -> String;
    /// The moves played so far.
    fn moves(&self) -> &[Self::Move];
    /// Every move of the side to move by the movement rules alone, before rule 7.
    fn pseudo_moves(&self) -> Vec<Self::Move>;
    /// The moves rule 7 allows, with what each would do, whether or not the game has ended.
    fn allowed_with_effects(&self) -> Vec<(Self::Move, Self::Effects)>;
    /// The state of the game, given whether rule 7 leaves the side to move without a move
    /// (asked only when it matters).
    fn outcome_with(&self, no_moves: impl FnOnce() -> bool) -> ROutcome;
    /// The position string after `mv`, without playing it.
    fn fen_after(&self, mv: Self::Move) -> String;
    /// Plays a move (not checked).
    fn play(&mut self, mv: Self::Move) -> Self::Effects;
    /// Takes back the last move.
    fn undo(&mut self);
    /// The (White, Black) territory counts where the rules count territory and both sides have
    /// pieces.
    fn territory(&self) -> Option<(usize, usize)> {
        None
    }

    /// The moves rule 7 allows, whether or not the game has ended.
    fn allowed_moves(&self) -> Vec<Self::Move> {
        self.allowed_with_effects()
            .into_iter()
            .map(|(mv, _)| mv)
            .collect()
    }

    /// The state of the game.
    fn outcome(&self) -> ROutcome {
        self.outcome_with(|| self.allowed_moves().is_empty())
    }

    /// The legal moves: the allowed ones while the game goes on, none once it is over.
    fn legal_moves(&self) -> Vec<Self::Move> {
        let allowed = self.allowed_moves();
        if self.outcome_with(|| allowed.is_empty()) == ROutcome::Ongoing {
            allowed
        } else {
            Vec::new()
        }
    }

    /// The legal moves as sorted text.
    fn legal_strings(&self) -> Vec<String> {
        sorted(self.legal_moves())
    }

    /// The legal move written `text` (`pass` is read as `0000`).
    fn find(&self, text: &str) -> Option<Self::Move> {
        let text = if text == "pass" { "0000" } else { text };
        self.legal_moves()
            .into_iter()
            .find(|m| m.to_string() == text)
    }

    /// Plays the legal move written `text`; panics if there is none.
    fn play_str(&mut self, text: &str) -> Self::Effects {
        let mv = self
            .find(text)
            .unwrap_or_else(|| panic!("{text} is not legal in {}", self.fen()));
        self.play(mv)
    }

    /// Leaves of the legal move tree `depth` plies down (rule 7 along every path).
    fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut n = 0;
        for mv in moves {
            self.play(mv);
            n += self.perft(depth - 1);
            self.undo();
        }
        n
    }
}
