//! Two-click move entry. GoGui sends one point per move, but a Ming Mang move has two, so a
//! move is entered as two GTP `play` commands by the side to move: first the piece, then its
//! destination. Between the clicks the same side stays to move, and every question GoGui asks
//! (board, legal points, side to move) is answered from the half-entered state.
//!
//! A placement from hand (Gala) has one point, so it is one click on the empty square. Every
//! other move of the family (slides, king steps, the hunter's jumps, the last-piece leap) is
//! a piece and a destination.
//!
//! Each accepted click is one step that `undo` takes back, because GoGui stores each click as a
//! node of its game tree and synchronizes players with one `undo` per node.

use crate::rules::{Color, Game, Move, Rules, Square};

/// The piece chosen by the first click of a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Selection {
    /// The square of the chosen piece.
    pub from: Square,
    /// The whole move the engine chose when it made this click itself (`genmove`), so its next
    /// `genmove` finishes the same move without searching again.
    pub plan: Option<Move>,
}

/// What one accepted click did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Click {
    /// A piece was chosen (or chosen again); the same side is still to move.
    Selected(Square),
    /// A move was completed (or a pass played); the other side is to move.
    Played(Move),
}

/// One undoable step.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// A first click; `before` is the selection it replaced.
    Select { before: Option<Selection> },
    /// A completed move by `mover` that converted `captured` pieces, made while `before` was
    /// selected (`None` for a pass).
    Move {
        mover: Color,
        captured: u32,
        before: Option<Selection>,
    },
}

/// A game with a half-entered move: the session's whole board state.
#[derive(Clone)]
pub struct ClickGame {
    game: Game,
    selection: Option<Selection>,
    steps: Vec<Step>,
}

impl ClickGame {
    /// A new game under `rules` with nothing selected.
    pub fn new(rules: Rules) -> ClickGame {
        ClickGame {
            game: Game::new(rules),
            selection: None,
            steps: Vec::new(),
        }
    }

    /// The game of completed moves.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The piece chosen by a first click, if a move is half entered.
    pub fn selection(&self) -> Option<Selection> {
        self.selection
    }

    /// Records the whole move the engine means to finish with its next click. Ignored unless
    /// `mv` starts on the selected square.
    pub fn set_plan(&mut self, mv: Move) {
        if let Some(sel) = &mut self.selection {
            if !mv.is_pass() && mv.from() == sel.from {
                sel.plan = Some(mv);
            }
        }
    }

    /// Whether the side to move may pass now: only under territory scoring and between moves
    /// (a pass in the middle of entering a move would leave a dangling selection).
    pub fn can_pass(&self) -> bool {
        self.selection.is_none() && self.game.is_legal(Move::PASS)
    }

    /// The squares a click may choose: pieces of the side to move that have a legal move
    /// (sorted by square index). Empty once the game is over.
    pub fn movable_pieces(&self) -> Vec<Square> {
        let mut from: Vec<Square> = self
            .game
            .legal_moves()
            .iter()
            .filter(|m| !m.is_pass() && !m.is_place())
            .map(|m| m.from())
            .collect();
        from.sort_by_key(|sq| sq.index());
        from.dedup();
        from
    }

    /// The legal moves of the selected piece (none if nothing is selected).
    pub fn moves_of_selection(&self) -> Vec<Move> {
        let Some(sel) = self.selection else {
            return Vec::new();
        };
        self.game
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| !m.is_pass() && !m.is_place() && m.from() == sel.from)
            .collect()
    }

    /// The legal placements from hand (Gala), one click each; none when nothing is in hand.
    pub fn placements(&self) -> Vec<Move> {
        self.game
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| m.is_place())
            .collect()
    }

    /// Every square a click may name now: with nothing selected, the movable pieces and the
    /// squares a piece in hand may be placed on; with a piece selected, also its destinations
    /// (choosing a piece again changes one's mind). Sorted by square index; empty exactly when
    /// the game is over.
    pub fn legal_points(&self) -> Vec<Square> {
        let mut points = self.movable_pieces();
        points.extend(self.moves_of_selection().iter().map(|m| m.to()));
        points.extend(self.placements().iter().map(|m| m.to()));
        points.sort_by_key(|sq| sq.index());
        points.dedup();
        points
    }

    /// A click on `sq` by `color`: chooses a piece, or completes the move of the chosen piece.
    /// Refused (the state unchanged) with a reason if `color` is not to move or the click fits
    /// no legal move.
    pub fn click(&mut self, color: Color, sq: Square) -> Result<Click, String> {
        self.check_turn(color)?;
        let pos = self.game.position();
        let selected_move = self.moves_of_selection().into_iter().find(|m| m.to() == sq);
        let placement = self.placements().into_iter().find(|m| m.to() == sq);
        if let Some(mv) = selected_move.or(placement) {
            let before = self.selection;
            let captured = self.game.play(mv)?;
            self.selection = None;
            self.steps.push(Step::Move {
                mover: color,
                captured,
                before,
            });
            return Ok(Click::Played(mv));
        }
        if self.movable_pieces().contains(&sq) {
            // Choosing the selected piece again is accepted and changes nothing, so GoGui's
            // habit of sending an engine's move to the ruler twice stays harmless.
            let before = self.selection;
            let plan = before.filter(|s| s.from == sq).and_then(|s| s.plan);
            self.selection = Some(Selection { from: sq, plan });
            self.steps.push(Step::Select { before });
            return Ok(Click::Selected(sq));
        }
        let point = super::vertex::format_square(sq);
        Err(match (self.selection, pos.piece_at(sq)) {
            (_, Some(c)) if c == color => format!(
                "illegal move: the {} piece on {point} cannot move",
                c.name()
            ),
            (_, Some(c)) => format!("illegal move: {point} holds a {} piece", c.name()),
            (None, None) if pos.hand(color) > 0 => {
                format!(
                    "illegal move: no {} piece may be placed on {point}",
                    color.name()
                )
            }
            (None, None) => format!("illegal move: no {} piece on {point}", color.name()),
            (Some(sel), None) => {
                let from = super::vertex::format_square(sel.from);
                let reaches = [Move::slide(sel.from, sq), Move::leap(sel.from, sq)]
                    .iter()
                    .any(|&m| pos.is_pseudo_legal(m, self.game.rules()));
                if reaches {
                    // The move exists but is not legal: only rule 7 forbids a move that is.
                    format!(
                        "illegal move: {from} to {point} would return to an earlier position (rule 7)"
                    )
                } else {
                    format!("illegal move: the piece on {from} cannot reach {point}")
                }
            }
        })
    }

    /// A pass by `color`, refused unless passing is legal now (see [`ClickGame::can_pass`]).
    pub fn pass(&mut self, color: Color) -> Result<Click, String> {
        self.check_turn(color)?;
        if !self.can_pass() {
            return Err("illegal move: passing is not allowed now".into());
        }
        self.game.play(Move::PASS)?;
        self.steps.push(Step::Move {
            mover: color,
            captured: 0,
            before: None,
        });
        Ok(Click::Played(Move::PASS))
    }

    /// Plays a whole move at once (both clicks, or a placement's one, as one undoable step),
    /// refused if it is illegal
    /// or a move is half entered.
    pub fn play_move(&mut self, mv: Move) -> Result<(), String> {
        if self.selection.is_some() {
            return Err("a piece is selected; finish or undo that move first".into());
        }
        let mover = self.game.side_to_move();
        let captured = self.game.play(mv)?;
        self.steps.push(Step::Move {
            mover,
            captured,
            before: None,
        });
        Ok(())
    }

    /// Takes back the last click; false if there is none.
    pub fn undo(&mut self) -> bool {
        match self.steps.pop() {
            None => false,
            Some(Step::Select { before }) => {
                self.selection = before;
                true
            }
            Some(Step::Move { before, .. }) => {
                self.game.unmake();
                self.selection = before;
                true
            }
        }
    }

    /// How many enemy pieces `color` has converted so far.
    pub fn captured_by(&self, color: Color) -> u32 {
        self.steps
            .iter()
            .map(|s| match *s {
                Step::Move {
                    mover, captured, ..
                } if mover == color => captured,
                _ => 0,
            })
            .sum()
    }

    fn check_turn(&self, color: Color) -> Result<(), String> {
        if self.game.outcome().is_over() {
            return Err("illegal move: the game is over".into());
        }
        let to_move = self.game.side_to_move();
        if color != to_move {
            return Err(format!("illegal move: {} is to move", to_move.name()));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::BoardSize;

    fn small() -> ClickGame {
        ClickGame::new(Rules::new(BoardSize::new(5, 5).unwrap()))
    }

    #[test]
    fn select_then_move_then_undo() {
        let mut g = small();
        let pieces = g.movable_pieces();
        assert!(!pieces.is_empty());
        assert_eq!(g.legal_points(), pieces);
        let from = pieces[0];
        assert_eq!(g.click(Color::White, from), Ok(Click::Selected(from)));
        // Reselecting the same piece is accepted and keeps the selection.
        assert_eq!(g.click(Color::White, from), Ok(Click::Selected(from)));
        let dest = g.moves_of_selection()[0].to();
        assert!(g.legal_points().contains(&dest));
        assert!(g.click(Color::Black, dest).is_err());
        assert!(matches!(g.click(Color::White, dest), Ok(Click::Played(_))));
        assert_eq!(g.game().side_to_move(), Color::Black);
        assert!(g.selection().is_none());
        assert!(g.undo());
        assert_eq!(g.selection().map(|s| s.from), Some(from));
        assert!(g.undo() && g.undo());
        assert!(g.selection().is_none());
        assert!(!g.undo());
    }

    #[test]
    fn empty_square_refused() {
        let mut g = small();
        let empty = Square::new(2, 2);
        assert!(g.click(Color::White, empty).is_err());
        assert!(g.selection().is_none());
        assert!(g.pass(Color::White).is_err());
    }
}
