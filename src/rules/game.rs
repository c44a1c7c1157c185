//! A game: the rules, the position it started from, the moves since, and what that implies —
//! which moves are legal now (rule 7 included) and whether the game is over.

use super::geometry::{Color, Square};
use super::history::History;
use super::moves::{shorten, Move, MoveList, MoveText};
use super::position::Position;
use super::variant::Rules;

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EndReason {
    /// The side to move had pieces but no legal move (blocked, or every move banned by rule 7).
    NoLegalMove,
    /// The side to move had no pieces left.
    NoPieces,
    /// The optional ply limit was reached; pieces were counted.
    PlyLimit,
    /// Two passes in a row under territory scoring; each side's count is given.
    Territory {
        /// White's pieces plus the empty regions only White borders.
        white: usize,
        /// Black's pieces plus the empty regions only Black borders.
        black: usize,
    },
}

impl EndReason {
    /// A short description for logs and game records.
    pub fn describe(self) -> String {
        match self {
            EndReason::NoLegalMove => "no legal move".into(),
            EndReason::NoPieces => "no pieces left".into(),
            EndReason::PlyLimit => "ply limit reached, pieces counted".into(),
            EndReason::Territory { white, black } => {
                format!("two passes, territory white {white} black {black}")
            }
        }
    }
}

/// The state of a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// Play goes on.
    Ongoing,
    /// `Color` won.
    Win(Color, EndReason),
    /// Nobody won (only possible under the ply limit or territory scoring).
    Draw(EndReason),
}

impl Outcome {
    /// Whether the game has ended.
    pub fn is_over(self) -> bool {
        self != Outcome::Ongoing
    }
}

#[derive(Clone)]
struct Frame {
    position: Position,
    mv: Move,
    passes: u8,
}

/// A game in progress: the authority on legality and results.
#[derive(Clone)]
pub struct Game {
    rules: Rules,
    start: Position,
    position: Position,
    history: History,
    frames: Vec<Frame>,
    passes: u8,
}

impl Game {
    /// A new game from the start position of `rules`' board.
    pub fn new(rules: Rules) -> Game {
        Game::from_position(rules, Position::start(rules.size)).expect("start position fits")
    }

    /// A new game from `position`, which must be on `rules`' board.
    pub fn from_position(rules: Rules, position: Position) -> Result<Game, String> {
        if position.size() != rules.size {
            return Err(format!(
                "the position is on a {} board but the rules say {}",
                position.size(),
                rules.size
            ));
        }
        let mut history = History::new();
        history.push(position.hash());
        Ok(Game {
            rules,
            start: position.clone(),
            position,
            history,
            frames: Vec::new(),
            passes: 0,
        })
    }

    /// The rules this game is played under.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current position.
    #[inline(always)]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.position.side_to_move()
    }

    /// Plies played since the start position.
    #[inline(always)]
    pub fn plies(&self) -> usize {
        self.frames.len()
    }

    /// The moves played since the start position, in order.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.frames.iter().map(|f| f.mv)
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.frames.last().map(|f| f.mv)
    }

    /// Every position of the game so far, the current one included (what rule 7 compares with).
    pub fn history(&self) -> &History {
        &self.history
    }

    /// How many passes in a row led to the current position.
    pub fn consecutive_passes(&self) -> usize {
        self.passes as usize
    }

    /// Whether the game ended by the flow of play rather than the position: two passes in a row
    /// under territory scoring, or the ply limit.
    #[inline]
    pub fn ended_by_count(&self) -> bool {
        (self.rules.options.territory && self.passes >= 2)
            || self
                .rules
                .options
                .max_plies
                .is_some_and(|n| self.frames.len() >= n as usize)
    }

    /// Calls `emit` with each move rule 7 allows, ignoring whether the game has ended.
    #[inline]
    fn for_each_unbanned_move(&self, mut emit: impl FnMut(Move)) {
        let options = &self.rules.options;
        let (position, history) = (&self.position, &self.history);
        // Passing is never banned; every other move is, if it recreates an earlier position.
        if options.needs_full_capture()
            || (options.last_piece_leap && position.count(position.side_to_move()) == 1)
        {
            position.for_each_pseudo_move(options, |mv| {
                if mv.is_pass() || !history.contains(position.child_hash(mv, options)) {
                    emit(mv);
                }
            });
        } else {
            // The common case, kept free of per-move option tests: slides and perhaps a pass.
            position.for_each_pseudo_move(options, |mv| {
                if mv.is_pass() || !history.contains(position.slide_child_hash(mv)) {
                    emit(mv);
                }
            });
        }
    }

    /// Calls `emit` with every legal move (none once the game is over).
    #[inline]
    pub fn for_each_legal_move(&self, emit: impl FnMut(Move)) {
        if !self.ended_by_count() {
            self.for_each_unbanned_move(emit);
        }
    }

    /// The legal moves (empty once the game is over), in generation order.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.for_each_legal_move(|m| list.push(m));
        list
    }

    /// Number of legal moves.
    #[inline]
    pub fn count_legal_moves(&self) -> usize {
        let mut n = 0;
        self.for_each_legal_move(|_| n += 1);
        n
    }

    /// Whether `mv` is legal now.
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut found = false;
        self.for_each_legal_move(|m| found |= m == mv);
        found
    }

    /// Reads a move in this game's notation and checks that it is legal now, explaining why not.
    pub fn parse_move(&self, text: &str) -> Result<Move, String> {
        let options = &self.rules.options;
        if self.outcome().is_over() {
            return Err(format!(
                "move '{}' cannot be played: the game is over",
                shorten(text.trim())
            ));
        }
        let mv = match Move::parse_shape(text, self.rules.size) {
            Err(MoveText::Pass) if options.territory => return Ok(Move::PASS),
            Err(MoveText::Pass) => {
                return Err("passing is only allowed under territory scoring".into())
            }
            Err(MoveText::Bad(why)) => return Err(why),
            Ok((from, to)) => {
                let who = self.side_to_move();
                match self.position.piece_at(from) {
                    None => return Err(format!("move '{}': no piece on {from}", text.trim())),
                    Some(c) if c != who => {
                        return Err(format!(
                            "move '{}': the piece on {from} is {}, but {} is to move",
                            text.trim(),
                            c.name(),
                            who.name()
                        ))
                    }
                    Some(_) => {}
                }
                self.position
                    .find_pseudo_move(from, to, options)
                    .ok_or_else(|| {
                        format!(
                            "move '{}': the piece on {from} cannot reach {to} (pieces move like rooks and may not jump)",
                            text.trim()
                        )
                    })?
            }
        };
        if !mv.is_pass() && self.history.contains(self.position.child_hash(mv, options)) {
            return Err(format!(
                "move '{}' would return to an earlier position (rule 7)",
                text.trim()
            ));
        }
        Ok(mv)
    }

    /// Plays `mv` without checking it (the search's fast path). Returns the number of pieces it
    /// captured.
    #[inline]
    pub fn make(&mut self, mv: Move) -> u32 {
        self.frames.push(Frame {
            position: self.position.clone(),
            mv,
            passes: self.passes,
        });
        let captured = self.position.apply(mv, &self.rules.options);
        self.passes = if mv.is_pass() { self.passes + 1 } else { 0 };
        self.history.push(self.position.hash());
        captured
    }

    /// The squares whose pieces the last move converted, in board order (empty after a pass or
    /// at the start). Found by comparing with the position before the move, so it costs nothing
    /// on the search's hot path.
    pub fn last_captures(&self) -> Vec<Square> {
        let Some(frame) = self.frames.last() else {
            return Vec::new();
        };
        let mover = frame.position.side_to_move();
        self.rules
            .size
            .squares()
            .filter(|&sq| {
                frame.position.piece_at(sq) == Some(mover.other())
                    && self.position.piece_at(sq) == Some(mover)
            })
            .collect()
    }

    /// Takes back the last move; false if there was none.
    #[inline]
    pub fn unmake(&mut self) -> bool {
        match self.frames.pop() {
            Some(frame) => {
                self.history.pop();
                self.position = frame.position;
                self.passes = frame.passes;
                true
            }
            None => false,
        }
    }

    /// Plays `mv` if it is legal; otherwise leaves the game unchanged and says why.
    pub fn play(&mut self, mv: Move) -> Result<u32, String> {
        if !self.is_legal(mv) {
            return Err(format!("move {mv} is not legal here"));
        }
        Ok(self.make(mv))
    }

    /// Parses and plays a move given as text.
    pub fn play_text(&mut self, text: &str) -> Result<u32, String> {
        let mv = self.parse_move(text)?;
        Ok(self.make(mv))
    }

    /// Whether the side to move has any legal move, ignoring the flow-of-play endings.
    fn has_unbanned_move(&self) -> bool {
        let mut any = false;
        self.for_each_unbanned_move(|_| any = true);
        any
    }

    /// Pieces plus empty regions bordered by one colour only, for White and for Black.
    pub fn territory(&self) -> (usize, usize) {
        super::territory::score(&self.position)
    }

    /// The state of the game. Checked in this order: two passes (territory count), the side to
    /// move without pieces or without a legal move (it loses, rule 8), then the ply limit (more
    /// pieces wins). Rule 8 comes before the ply limit because a side that cannot move has lost
    /// by the rules themselves, which the limit only supplements.
    pub fn outcome(&self) -> Outcome {
        let us = self.side_to_move();
        if self.rules.options.territory && self.passes >= 2 {
            let (white, black) = self.territory();
            let half = self.rules.size.area() / 2;
            let reason = EndReason::Territory { white, black };
            return if white > half {
                Outcome::Win(Color::White, reason)
            } else if black > half {
                Outcome::Win(Color::Black, reason)
            } else {
                Outcome::Draw(reason)
            };
        }
        if self.position.count(us) == 0 {
            return Outcome::Win(us.other(), EndReason::NoPieces);
        }
        if !self.has_unbanned_move() {
            return Outcome::Win(us.other(), EndReason::NoLegalMove);
        }
        if self.ended_by_count() {
            let (w, b) = (
                self.position.count(Color::White),
                self.position.count(Color::Black),
            );
            return match w.cmp(&b) {
                std::cmp::Ordering::Greater => Outcome::Win(Color::White, EndReason::PlyLimit),
                std::cmp::Ordering::Less => Outcome::Win(Color::Black, EndReason::PlyLimit),
                std::cmp::Ordering::Equal => Outcome::Draw(EndReason::PlyLimit),
            };
        }
        Outcome::Ongoing
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::parse_position;

    #[test]
    fn last_captures_lists_converted_squares() {
        // White c1 slides to c3, flanking b3 (with a3) and c4 (with c5).
        let pos = parse_position("2w1/2b1/wb2/4/2w1 w").unwrap();
        let rules = Rules::new(pos.size());
        let mut game = Game::from_position(rules, pos).unwrap();
        assert!(game.last_captures().is_empty());
        assert_eq!(game.play_text("c1c3").unwrap(), 2);
        let names: Vec<String> = game.last_captures().iter().map(|s| s.to_string()).collect();
        assert_eq!(names, ["b3", "c4"].map(String::from));
        game.unmake();
        assert!(game.last_captures().is_empty());
    }
}
