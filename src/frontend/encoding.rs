//! The board as cells, moves as square pairs, and the fixed encodings that learning front ends
//! feed to a network: action ids, the action mask and the observation planes. They live here
//! once, built from the rules' own positions and moves, so that no binding re-parses position
//! strings or move text to get them.
//!
//! Squares are numbered `file + rank * width`, a1 being 0 (the board's width is the
//! position's, which a position string may have set). On a board of `N` squares an action is
//! `from * N + to` for a move, `N * N + s` for a placement on square `s` (Gala), `N * N + N`
//! for the pass: `N * N + N + 1` actions in all, whatever the variant, so that one network
//! shape serves every game of a board size.
//!
//! # Examples
//! ```
//! use mingmang::frontend::encoding::{Cell, Encoding, SquareMove};
//! use mingmang::frontend::{Game, GameRules};
//!
//! let mut game = Game::new(&GameRules::new("gala")?);
//! let encoding = game.encoding();
//! assert_eq!(encoding.num_actions(), 49 * 49 + 49 + 1);
//! // The first placement goes on the centre, d4: square 3 + 3 * 7.
//! assert_eq!(game.legal_square_moves(), [SquareMove::Place { to: 24 }]);
//! game.play_action(49 * 49 + 24)?;
//! assert_eq!(game.board()[24], Cell::Black);
//! # Ok::<(), mingmang::frontend::Error>(())
//! ```

use super::{Error, ErrorKind, Game, Side};
use crate::rules::geometry::{MAX_DIM, MIN_DIM};
use crate::rules::moves::MoveText;
use crate::rules::{BoardSize, Color, Move, Square};

/// The number of observation planes [`Game::planes`] gives, each `height x width`.
pub const PLANES: usize = 9;

/// What stands on a square.
///
/// # Examples
/// ```
/// use mingmang::frontend::encoding::Cell;
/// use mingmang::frontend::Side;
///
/// assert_eq!(Cell::BlackKing.side(), Some(Side::Black));
/// assert!(Cell::BlackKing.is_king() && !Cell::White.is_king());
/// assert_eq!(Cell::Empty.side(), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Cell {
    /// No piece.
    Empty,
    /// A White man.
    White,
    /// A Black man.
    Black,
    /// White's king (the relatives that have kings).
    WhiteKing,
    /// Black's king, or the hunter in the hunt form of Mak-yek.
    BlackKing,
}

impl Cell {
    /// The side whose piece this is, `None` for an empty square.
    pub fn side(self) -> Option<Side> {
        match self {
            Cell::Empty => None,
            Cell::White | Cell::WhiteKing => Some(Side::White),
            Cell::Black | Cell::BlackKing => Some(Side::Black),
        }
    }

    /// Whether a king (or the hunter) stands here.
    pub fn is_king(self) -> bool {
        matches!(self, Cell::WhiteKing | Cell::BlackKing)
    }
}

/// A move as squares of the encoding (`file + rank * width`): a piece going from one square
/// to another (a slide, a leap or a king's step: the position tells which), a placement from
/// hand (Gala), or the pass.
///
/// # Examples
/// ```
/// use mingmang::frontend::encoding::SquareMove;
/// use mingmang::frontend::{Game, GameRules};
///
/// let game = Game::new(&GameRules::default());
/// // b1b2 on the 8x8 board: from square 1 to square 9.
/// assert_eq!(game.legal_moves()[0], "b1b2");
/// assert_eq!(game.legal_square_moves()[0], SquareMove::Step { from: 1, to: 9 });
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum SquareMove {
    /// A piece going from `from` to `to`.
    Step {
        /// The square it leaves.
        from: usize,
        /// The square it arrives on.
        to: usize,
    },
    /// A piece from hand placed on `to`.
    Place {
        /// The square it goes on.
        to: usize,
    },
    /// Passing the turn (under territory scoring).
    Pass,
}

/// The fixed encoding of a `width x height` board: square numbers, action ids and their
/// count. Its sizes are those the engine has boards for, 4 to 19 files by 4 to 19 ranks.
///
/// # Examples
/// ```
/// use mingmang::frontend::encoding::{Encoding, SquareMove};
///
/// let encoding = Encoding::new(5, 5)?;
/// assert_eq!(encoding.num_actions(), 25 * 25 + 25 + 1);
/// assert_eq!(encoding.square_index("b1"), Some(1));
/// assert_eq!(encoding.square_name(5).as_deref(), Some("a2"));
/// assert_eq!(encoding.action(SquareMove::Step { from: 0, to: 1 }), Some(1));
/// assert_eq!(encoding.square_move(25 * 25 + 25), Some(SquareMove::Pass));
/// assert!(Encoding::new(3, 8).is_err());
/// # Ok::<(), mingmang::frontend::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Encoding {
    size: BoardSize,
}

impl Encoding {
    /// The encoding of a `width x height` board, or an [`ErrorKind::Option`] error for a
    /// size the engine has no board for (whose action count could overflow, too).
    pub fn new(width: usize, height: usize) -> Result<Encoding, Error> {
        let size = BoardSize::new(width, height).map_err(|_| {
            Error::new(
                ErrorKind::Option,
                format!(
                    "a board is {MIN_DIM} to {MAX_DIM} files by {MIN_DIM} to {MAX_DIM} ranks, \
                     not {width}x{height}"
                ),
            )
        })?;
        Ok(Encoding { size })
    }

    /// The board's width (files).
    pub fn width(self) -> usize {
        self.size.width()
    }

    /// The board's height (ranks).
    pub fn height(self) -> usize {
        self.size.height()
    }

    /// The number of squares, `width * height`.
    pub fn squares(self) -> usize {
        self.size.area()
    }

    /// The number of actions: every (from, to) pair, a placement on every square, the pass.
    pub fn num_actions(self) -> usize {
        let n = self.squares();
        n * n + n + 1
    }

    /// The number of the square named `name` (`a1`, `d5`), `None` if it is not a square of
    /// this board.
    pub fn square_index(self, name: &str) -> Option<usize> {
        Square::parse(name, self.size).ok().map(|sq| self.index(sq))
    }

    /// The name of square number `index`, `None` past the last square.
    pub fn square_name(self, index: usize) -> Option<String> {
        self.square(index).map(|sq| sq.to_string())
    }

    /// The action id of `mv`, `None` if one of its squares is off the board.
    pub fn action(self, mv: SquareMove) -> Option<usize> {
        let n = self.squares();
        match mv {
            SquareMove::Pass => Some(n * n + n),
            SquareMove::Place { to } => (to < n).then_some(n * n + to),
            SquareMove::Step { from, to } => (from < n && to < n).then_some(from * n + to),
        }
    }

    /// The move whose action id is `action` (the inverse of [`Encoding::action`]), `None`
    /// past the last action.
    pub fn square_move(self, action: usize) -> Option<SquareMove> {
        let n = self.squares();
        if action >= self.num_actions() {
            None
        } else if action == n * n + n {
            Some(SquareMove::Pass)
        } else if action >= n * n {
            Some(SquareMove::Place { to: action - n * n })
        } else {
            Some(SquareMove::Step {
                from: action / n,
                to: action % n,
            })
        }
    }

    /// The move written `text` on this board: `a1b1` or `a1-b1` for a step, `a1` for a
    /// placement, `0000` or `pass` for the pass. Whether it is legal is the position's
    /// business; text that names no move of this board is an [`ErrorKind::Move`] error.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::encoding::{Encoding, SquareMove};
    ///
    /// let encoding = Encoding::new(5, 5)?;
    /// assert_eq!(encoding.parse_move("a2-a1")?, SquareMove::Step { from: 5, to: 0 });
    /// assert_eq!(encoding.parse_move("c3")?, SquareMove::Place { to: 12 });
    /// assert_eq!(encoding.parse_move("pass")?, SquareMove::Pass);
    /// assert!(encoding.parse_move("z9z9").is_err());
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn parse_move(self, text: &str) -> Result<SquareMove, Error> {
        if let Ok(sq) = Square::parse(text.trim(), self.size) {
            return Ok(SquareMove::Place { to: self.index(sq) });
        }
        match Move::parse_shape(text, self.size) {
            Ok((from, to)) => Ok(SquareMove::Step {
                from: self.index(from),
                to: self.index(to),
            }),
            Err(MoveText::Pass) => Ok(SquareMove::Pass),
            Err(MoveText::Bad(_)) => Err(Error::new(
                ErrorKind::Move,
                format!(
                    "'{text}' is not a move on a {}x{} board",
                    self.width(),
                    self.height()
                ),
            )),
        }
    }

    /// The text of `mv` in the engine's notation (`a1b1`, `a1` for a placement, `0000` for
    /// the pass), `None` if one of its squares is off the board.
    pub fn move_text(self, mv: SquareMove) -> Option<String> {
        match mv {
            SquareMove::Pass => Some(Move::PASS.to_string()),
            SquareMove::Place { to } => self.square_name(to),
            SquareMove::Step { from, to } => Some(format!(
                "{}{}",
                self.square_name(from)?,
                self.square_name(to)?
            )),
        }
    }

    /// The action id of the move written `text` (see [`Encoding::parse_move`]).
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::encoding::Encoding;
    ///
    /// let encoding = Encoding::new(5, 5)?;
    /// assert_eq!(encoding.move_to_action("a1b1")?, 1);
    /// assert_eq!(encoding.move_to_action("a1")?, 25 * 25);
    /// assert_eq!(encoding.move_to_action("0000")?, 25 * 25 + 25);
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn move_to_action(self, text: &str) -> Result<usize, Error> {
        let mv = self.parse_move(text)?;
        // A parsed move's squares are on the board, so it has an action.
        Ok(self.action(mv).unwrap_or_default())
    }

    /// The text of the move whose action id is `action`; an [`ErrorKind::Move`] error past
    /// the last action.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::encoding::Encoding;
    ///
    /// let encoding = Encoding::new(5, 5)?;
    /// assert_eq!(encoding.action_to_move(5 * 25)?, "a2a1");
    /// assert_eq!(encoding.action_to_move(25 * 25 + 12)?, "c3");
    /// assert!(encoding.action_to_move(10_000).is_err());
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn action_to_move(self, action: usize) -> Result<String, Error> {
        self.square_move(action)
            .and_then(|mv| self.move_text(mv))
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::Move,
                    format!(
                        "action {action} is not one of the {} actions of a {}x{} board",
                        self.num_actions(),
                        self.width(),
                        self.height()
                    ),
                )
            })
    }

    /// The number of `sq` in this encoding.
    fn index(self, sq: Square) -> usize {
        sq.file() + sq.rank() * self.width()
    }

    /// The square numbered `index`, `None` past the last.
    fn square(self, index: usize) -> Option<Square> {
        (index < self.squares()).then(|| Square::new(index % self.width(), index / self.width()))
    }

    /// The rules' move as squares of this encoding.
    fn of_move(self, mv: Move) -> SquareMove {
        if mv.is_pass() {
            SquareMove::Pass
        } else if mv.is_place() {
            SquareMove::Place {
                to: self.index(mv.to()),
            }
        } else {
            SquareMove::Step {
                from: self.index(mv.from()),
                to: self.index(mv.to()),
            }
        }
    }
}

/// The rules' colour of `side`.
fn color(side: Side) -> Color {
    match side {
        Side::White => Color::White,
        Side::Black => Color::Black,
    }
}

impl Game {
    /// The encoding of this game's board, whose size is its position's.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Game, GameRules};
    ///
    /// let game = Game::from_position(&GameRules::default(), "2w1/2b1/wb2/4/2w1 w", "")?;
    /// assert_eq!((game.encoding().width(), game.encoding().height()), (4, 5));
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn encoding(&self) -> Encoding {
        Encoding {
            size: self.game.position().size(),
        }
    }

    /// The board, one cell per square in the encoding's order (`file + rank * width`, a1
    /// first).
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::encoding::Cell;
    /// use mingmang::frontend::{Game, GameRules};
    ///
    /// // Rek's start: White's king on a2, Black's on h7, a White man on b1, a1 empty.
    /// let board = Game::new(&GameRules::new("rek")?).board();
    /// assert_eq!((board[8], board[55]), (Cell::WhiteKing, Cell::BlackKing));
    /// assert_eq!((board[1], board[0]), (Cell::White, Cell::Empty));
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn board(&self) -> Vec<Cell> {
        let position = self.game.position();
        let encoding = self.encoding();
        (0..encoding.squares())
            .map(|index| {
                // Every index below the square count names a square of the board.
                let sq = encoding.square(index).unwrap_or(Square::new(0, 0));
                match (position.piece_at(sq), position.is_king(sq)) {
                    (None, _) => Cell::Empty,
                    (Some(Color::White), false) => Cell::White,
                    (Some(Color::Black), false) => Cell::Black,
                    (Some(Color::White), true) => Cell::WhiteKing,
                    (Some(Color::Black), true) => Cell::BlackKing,
                }
            })
            .collect()
    }

    /// The pieces `side` holds in hand (Gala; 0 in the other games).
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Game, GameRules, Side};
    ///
    /// let game = Game::new(&GameRules::new("gala")?);
    /// assert_eq!((game.hand(Side::White), game.hand(Side::Black)), (13, 10));
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn hand(&self, side: Side) -> usize {
        self.game.position().hand(color(side))
    }

    /// The legal moves as square pairs, in the canonical order of [`Game::legal_moves`];
    /// empty once the game is over.
    pub fn legal_square_moves(&self) -> Vec<SquareMove> {
        let encoding = self.encoding();
        self.legal_rule_moves()
            .into_iter()
            .map(|mv| encoding.of_move(mv))
            .collect()
    }

    /// The legal moves' action ids, ascending; empty once the game is over.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Game, GameRules};
    ///
    /// let game = Game::new(&GameRules::new("gala")?);
    /// assert_eq!(game.legal_actions(), [49 * 49 + 24]);
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn legal_actions(&self) -> Vec<usize> {
        let encoding = self.encoding();
        let mut actions: Vec<usize> = self
            .legal_square_moves()
            .into_iter()
            .filter_map(|mv| encoding.action(mv))
            .collect();
        actions.sort_unstable();
        actions
    }

    /// One flag per action id, true for the legal ones: the action mask.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Game, GameRules};
    ///
    /// let game = Game::new(&GameRules::default());
    /// let mask = game.action_mask();
    /// assert_eq!(mask.len(), game.encoding().num_actions());
    /// assert_eq!(mask.iter().filter(|legal| **legal).count(), game.legal_moves().len());
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn action_mask(&self) -> Vec<bool> {
        let mut mask = vec![false; self.encoding().num_actions()];
        for action in self.legal_actions() {
            mask[action] = true;
        }
        mask
    }

    /// Plays the move whose action id is `action`, or says why not (and changes nothing):
    /// [`ErrorKind::Move`] for an id past the last or a move that is not legal, with the
    /// message [`Game::play`] gives for its text; [`ErrorKind::GameOver`] once the game is
    /// over.
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::{Game, GameRules};
    ///
    /// let mut game = Game::new(&GameRules::new("gala")?);
    /// game.play_action(49 * 49 + 24)?;
    /// assert_eq!(game.moves(), ["d4"]);
    /// assert!(game.play_action(49 * 49 + 24).is_err());
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn play_action(&mut self, action: usize) -> Result<(), Error> {
        let encoding = self.encoding();
        let wanted = encoding.square_move(action);
        let legal = self
            .legal_rule_moves()
            .into_iter()
            .find(|mv| Some(encoding.of_move(*mv)) == wanted);
        match legal {
            Some(mv) => {
                self.game.make(mv);
                Ok(())
            }
            // Not legal: the text's play refuses it with the reason the rules give.
            None => self.play(&encoding.action_to_move(action)?),
        }
    }

    /// The observation planes as `side` sees the game, `max_plies` scaling the plies plane (0:
    /// no limit, the plane stays 0): [`PLANES`] planes of `height x width` values, plane by
    /// plane, row `r` being rank `r + 1` and column `c` file `c`. In order: `side`'s men,
    /// `side`'s king, the opponent's men, the opponent's king, the empty squares (each 1 where
    /// so), then planes of one value: 1 if `side` is to move, `side`'s hand and the
    /// opponent's over the number of squares, the plies played over `max_plies` (at most 1).
    ///
    /// # Examples
    /// ```
    /// use mingmang::frontend::encoding::PLANES;
    /// use mingmang::frontend::{Game, GameRules, Side};
    ///
    /// // Gala after d4 d5: Black's man on d4, White's on d5, hands 12 and 9.
    /// let mut game = Game::new(&GameRules::new("gala")?);
    /// game.play_moves("d4 d5")?;
    /// let planes = game.planes(Side::Black, 0);
    /// let at = |plane: usize, row: usize, col: usize| planes[(plane * 7 + row) * 7 + col];
    /// assert_eq!(planes.len(), PLANES * 49);
    /// assert_eq!((at(0, 3, 3), at(2, 4, 3), at(4, 0, 0)), (1.0, 1.0, 1.0));
    /// assert_eq!((at(5, 0, 0), at(6, 0, 0), at(7, 0, 0)), (1.0, 9.0 / 49.0, 12.0 / 49.0));
    /// # Ok::<(), mingmang::frontend::Error>(())
    /// ```
    pub fn planes(&self, side: Side, max_plies: usize) -> Vec<f32> {
        let area = self.encoding().squares();
        let mut planes = vec![0.0f32; PLANES * area];
        for (index, cell) in self.board().into_iter().enumerate() {
            let plane = match cell.side() {
                None => 4,
                Some(owner) => {
                    let theirs = if owner == side { 0 } else { 2 };
                    theirs + usize::from(cell.is_king())
                }
            };
            planes[plane * area + index] = 1.0;
        }
        let other = match side {
            Side::White => Side::Black,
            Side::Black => Side::White,
        };
        let mut fill = |plane: usize, value: f32| {
            planes[plane * area..(plane + 1) * area].fill(value);
        };
        if self.side_to_move() == side {
            fill(5, 1.0);
        }
        fill(6, self.hand(side) as f32 / area as f32);
        fill(7, self.hand(other) as f32 / area as f32);
        if max_plies > 0 {
            fill(8, (self.ply() as f32 / max_plies as f32).min(1.0));
        }
        planes
    }

    /// The rules' legal moves in canonical order, none once the game is over.
    fn legal_rule_moves(&self) -> Vec<Move> {
        if self.game.outcome().is_over() {
            return Vec::new();
        }
        self.game.legal_moves().to_vec()
    }
}
