//! A game: the rules, the position it started from, the moves since, and what that implies —
//! which moves are legal now (rule 7 included) and whether the game is over.

use super::geometry::{Color, Square};
use super::history::History;
use super::moves::{Move, MoveList};
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
    /// A king (Rek, Min Rek Chanh) or the hunter (the hunt) was captured.
    KingCaptured,
    /// The hunt: White has fewer than two men left.
    TooFewMen,
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
            EndReason::KingCaptured => "king captured".into(),
            EndReason::TooFewMen => "fewer than two men left".into(),
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

/// One position of the game, with how it was reached.
#[derive(Clone)]
struct Frame {
    position: Position,
    /// The move that led here (a pass for the start position, where it means nothing).
    mv: Move,
    /// How many passes in a row led here.
    passes: u8,
}

/// A game in progress: the authority on legality and results.
#[derive(Clone)]
pub struct Game {
    rules: Rules,
    history: History,
    /// Every position of the game, the start first and the current one last (never empty).
    /// Making a move copies the current position once, onto the top; taking it back just
    /// drops the top, with no copy.
    frames: Vec<Frame>,
    /// Plies played before `frames[0]` (only in a game made by [`Game::from_here`]).
    earlier_plies: usize,
}

impl Game {
    /// A new game from the start position of `rules`' game and board.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{Game, Preset, Rules};
    ///
    /// let game = Game::new(Rules::preset(Preset::MingMang));
    /// assert_eq!(game.plies(), 0);
    /// assert_eq!(game.legal_moves().len(), 72);
    /// ```
    pub fn new(rules: Rules) -> Game {
        Game::from_position(rules, Game::start_position_of(&rules)).expect("start position fits")
    }

    /// The start position of `rules`: the relative's own, or Ming Mang's rule 3 start.
    pub fn start_position_of(rules: &Rules) -> Position {
        match rules.family().start {
            Some(text) => super::notation::parse_position(text).expect("start strings parse"),
            None => Position::start(rules.size()),
        }
    }

    /// A new game from `position`, which must fit `rules`: its board, and the relatives' kings
    /// and hands (see [`Game::check_position`]).
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{parse_position, Color, Game, Rules};
    ///
    /// let position = parse_position("4/4/b3/wb2 w").unwrap();
    /// let game = Game::from_position(Rules::new(position.size()), position).unwrap();
    /// assert_eq!(game.side_to_move(), Color::White);
    /// ```
    pub fn from_position(rules: Rules, position: Position) -> Result<Game, String> {
        if position.size() != rules.size() {
            return Err(format!(
                "the position is on a {} board but the rules say {}",
                position.size(),
                rules.size()
            ));
        }
        Game::check_position(&rules, &position)?;
        let mut history = History::new();
        history.push(position.hash());
        Ok(Game {
            rules,
            history,
            earlier_plies: 0,
            frames: vec![Frame {
                position,
                mv: Move::PASS,
                passes: 0,
            }],
        })
    }

    /// Checks the kings, men and pieces in hand of `position` against the game of `rules`.
    pub fn check_position(rules: &Rules, position: &Position) -> Result<(), String> {
        let f = rules.family();
        let name = rules.preset_name();
        for c in Color::BOTH {
            if position.king(c).is_some() && !f.kings[c.index()] {
                return Err(if f.has_kings() {
                    format!(
                        "{name}: {} has no king (no '{}' allowed)",
                        c.name(),
                        c.letter().to_ascii_uppercase()
                    )
                } else {
                    format!(
                        "{name} has no kings ('{}' is not allowed)",
                        c.letter().to_ascii_uppercase()
                    )
                });
            }
            let men = position.count(c) - position.king(c).is_some() as usize;
            if men > 0 && !f.men[c.index()] {
                return Err(format!(
                    "{name}: {} has no men, only the hunter ('{}')",
                    c.name(),
                    c.letter().to_ascii_uppercase()
                ));
            }
            let supply = f.supply[c.index()] as usize;
            if supply == 0 && position.hand(c) > 0 {
                return Err(format!(
                    "{name} has no pieces in hand, but the position gives {} {}",
                    c.name(),
                    position.hand(c)
                ));
            }
            if supply > 0 && position.total(c) > supply {
                return Err(format!(
                    "{name}: {} has {} pieces on the board and {} in hand, more than its {supply}",
                    c.name(),
                    position.count(c),
                    position.hand(c)
                ));
            }
        }
        Ok(())
    }

    /// The rules this game is played under.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current position.
    #[inline(always)]
    pub fn position(&self) -> &Position {
        &self.top().position
    }

    /// The current frame.
    #[inline(always)]
    fn top(&self) -> &Frame {
        // Never empty: the start position stays at the bottom.
        &self.frames[self.frames.len() - 1]
    }

    /// This game from its current position on: the same rules, position, ply count and history
    /// (so rule 7 and the ply limit apply as here), without the earlier positions' copies,
    /// which only taking moves back needs. What a search works on: cloning it costs the same
    /// however long the game. Its [`Game::start_position`] is this game's current position, and
    /// its [`Game::moves`] start empty.
    pub fn from_here(&self) -> Game {
        Game {
            rules: self.rules,
            history: self.history.clone(),
            frames: vec![self.top().clone()],
            earlier_plies: self.plies(),
        }
    }

    /// This game counted as `plies` plies into its play, as when a record or a GUI gives a
    /// position with its ply number: the ply count, and so the ply limit, go on from there.
    /// The moves made since the start still count in `plies`, which must cover them.
    pub fn at_ply(mut self, plies: usize) -> Game {
        self.earlier_plies = plies.saturating_sub(self.frames.len() - 1);
        self
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.frames[0].position
    }

    /// The side to move.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{Color, Game, Preset, Rules};
    ///
    /// let mut game = Game::new(Rules::preset(Preset::MingMang));
    /// assert_eq!(game.side_to_move(), Color::White);
    /// game.play_text("a2b2").unwrap();
    /// assert_eq!(game.side_to_move(), Color::Black);
    /// ```
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.position().side_to_move()
    }

    /// Plies played since the start position.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{Game, Preset, Rules};
    ///
    /// let mut game = Game::new(Rules::preset(Preset::MingMang));
    /// game.play_text("a2b2").unwrap();
    /// assert_eq!(game.plies(), 1);
    /// ```
    #[inline(always)]
    pub fn plies(&self) -> usize {
        self.earlier_plies + self.frames.len() - 1
    }

    /// The moves played since the start position, in order.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.frames[1..].iter().map(|f| f.mv)
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        (self.frames.len() > 1).then(|| self.top().mv)
    }

    /// The move played `back` plies before the last one (0 is the last move), if the game
    /// has that many since its start position.
    #[inline]
    pub fn move_before_last(&self, back: usize) -> Option<Move> {
        let n = self.frames.len();
        (n > back + 1).then(|| self.frames[n - 1 - back].mv)
    }

    /// Every position of the game so far, the current one included (what rule 7 compares with).
    pub fn history(&self) -> &History {
        &self.history
    }

    /// How many passes in a row led to the current position.
    pub fn consecutive_passes(&self) -> usize {
        self.top().passes as usize
    }

    /// Whether the game ended by the flow of play rather than the position: two passes in a row
    /// under territory scoring, or the ply limit.
    /// In the relatives it also covers the endings by material (king captured, too few men),
    /// so that a finished game has no legal moves.
    #[inline]
    pub fn ended_by_count(&self) -> bool {
        self.material_end().is_some()
            || (self.rules.may_pass() && self.top().passes >= 2)
            || self
                .rules
                .max_plies()
                .is_some_and(|n| self.plies() >= n as usize)
    }

    /// The relatives' endings by what is on the board, first of the end order: a royal side
    /// without its king, or a side with too few men. `None` while play goes on (and always in
    /// Ming Mang).
    pub fn material_end(&self) -> Option<Outcome> {
        let f = self.rules.family();
        let pos = self.position();
        let us = pos.side_to_move();
        if f.royal {
            let order = if f.royal_any_turn {
                [Some(us), Some(us.other())]
            } else {
                [Some(us), None]
            };
            for c in order.into_iter().flatten() {
                if f.kings[c.index()] && pos.king(c).is_none() {
                    return Some(Outcome::Win(c.other(), EndReason::KingCaptured));
                }
            }
        }
        if let Some((c, n)) = f.min_men {
            let men = pos.count(c) - pos.king(c).is_some() as usize;
            if men < n as usize {
                return Some(Outcome::Win(c.other(), EndReason::TooFewMen));
            }
        }
        None
    }

    /// Calls `emit` with each move rule 7 allows, ignoring whether the game has ended.
    /// Passing is never banned; every other move is, if it recreates an earlier position.
    #[inline]
    fn for_each_unbanned_move(&self, mut emit: impl FnMut(Move)) {
        let history = &self.history;
        self.position()
            .for_each_move_and_child(&self.rules, |mv, child| {
                if mv.is_pass() || !history.contains(child) {
                    emit(mv);
                }
            });
    }

    /// The slide or jump from `from` to `to`, if the side to move has it (rule 7 not applied).
    pub(super) fn find_move(&self, from: Square, to: Square) -> Option<Move> {
        [Move::slide(from, to), Move::leap(from, to)]
            .into_iter()
            .find(|&m| self.position().is_pseudo_legal(m, &self.rules))
    }

    /// Calls `emit` with every legal move (none once the game is over).
    #[inline]
    pub fn for_each_legal_move(&self, emit: impl FnMut(Move)) {
        if !self.ended_by_count() {
            self.for_each_unbanned_move(emit);
        }
    }

    /// The legal moves (empty once the game is over), in generation order.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{Game, Preset, Rules};
    ///
    /// let game = Game::new(Rules::preset(Preset::MingMang));
    /// let moves = game.legal_moves();
    /// assert_eq!(moves.len(), 72);
    /// assert!(moves.iter().all(|&mv| game.is_legal(mv)));
    /// ```
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
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{Game, Preset, Rules};
    ///
    /// let game = Game::new(Rules::preset(Preset::MingMang));
    /// let first = game.legal_moves()[0];
    /// assert!(game.is_legal(first));
    /// assert!(game.is_legal(game.parse_move("a2b2").unwrap()));
    /// ```
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut found = false;
        self.for_each_legal_move(|m| found |= m == mv);
        found
    }

    /// Plays `mv` without checking it (the search's fast path). Returns the number of pieces it
    /// captured.
    #[inline]
    pub fn make(&mut self, mv: Move) -> u32 {
        let n = self.frames.len();
        // Copies the current frame straight into the new top slot.
        self.frames.extend_from_within(n - 1..);
        let top = &mut self.frames[n];
        let captured = top.position.apply(mv, &self.rules);
        top.passes = if mv.is_pass() { top.passes + 1 } else { 0 };
        top.mv = mv;
        self.history.push(top.position.hash());
        captured
    }

    /// The squares whose pieces the last move captured (converted in Ming Mang, removed in the
    /// relatives), in board order (empty after a pass or at the start). Found by comparing with
    /// the position before the move, so it costs nothing on the search's hot path.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{Game, Rules, Square};
    ///
    /// // White slides d1 to c1 and closes b1 between a1 and c1: the piece is converted.
    /// let position = mingmang_rules::parse_position("4/4/3b/wb1w w").unwrap();
    /// let mut game = Game::from_position(Rules::new(position.size()), position).unwrap();
    /// assert_eq!(game.play_text("d1c1"), Ok(1));
    /// assert_eq!(game.last_captures(), [Square::new(1, 0)]);
    /// ```
    pub fn last_captures(&self) -> Vec<Square> {
        let n = self.frames.len();
        if n < 2 {
            return Vec::new();
        }
        let before = &self.frames[n - 2].position;
        taken(
            &self.rules,
            before,
            self.position(),
            before.side_to_move().other(),
        )
        .collect()
    }

    /// The pieces of `side`'s opponent that `side` could take with one move, as if `side` were
    /// to move, in board order (the repetition rule aside: it concerns whole positions, not
    /// threats). Front ends mark them as threats; each capture is played out on a copy.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{Color, Game, Preset, Rules, Square};
    ///
    /// let game = Game::new(Rules::preset(Preset::MingMang));
    /// // At the start no piece is under threat.
    /// assert!(game.takeable_by(Color::White).is_empty());
    /// // Here White threatens b1 (d1c1 closes it in).
    /// let position = mingmang_rules::parse_position("4/4/3b/wb1w w").unwrap();
    /// let game = Game::from_position(Rules::new(position.size()), position).unwrap();
    /// assert_eq!(game.takeable_by(Color::White), [Square::new(1, 0)]);
    /// ```
    pub fn takeable_by(&self, side: Color) -> Vec<Square> {
        let mut position = self.position().clone();
        position.set_side_to_move(side);
        let mut found: Vec<Square> = Vec::new();
        position.generate_captures(&self.rules, |mv, _| {
            let mut after = position.clone();
            after.apply(mv, &self.rules);
            found.extend(taken(&self.rules, &position, &after, side.other()));
        });
        found.sort_by_key(|sq| sq.index());
        found.dedup();
        found
    }

    /// Takes back the last move; false if there was none.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{Game, Preset, Rules};
    ///
    /// let mut game = Game::new(Rules::preset(Preset::MingMang));
    /// let start = game.position().clone();
    /// game.play_text("a2b2").unwrap();
    /// assert!(game.unmake());
    /// assert_eq!(game.position(), &start);
    /// assert!(!game.unmake());
    /// ```
    #[inline]
    pub fn unmake(&mut self) -> bool {
        if self.frames.len() < 2 {
            return false;
        }
        self.frames.pop();
        self.history.pop();
        true
    }

    /// Plays `mv` if it is legal; otherwise leaves the game unchanged and says why.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{Game, Preset, Rules};
    ///
    /// let mut game = Game::new(Rules::preset(Preset::MingMang));
    /// let mv = game.legal_moves()[0];
    /// assert_eq!(game.play(mv), Ok(0)); // nothing is captured on the first move
    /// assert_eq!(game.last_move(), Some(mv));
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<u32, String> {
        if !self.is_legal(mv) {
            return Err(format!("move {mv} is not legal here"));
        }
        Ok(self.make(mv))
    }

    /// Parses and plays a move given as text.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{Game, Preset, Rules};
    ///
    /// let mut game = Game::new(Rules::preset(Preset::MingMang));
    /// assert_eq!(game.play_text("a2b2"), Ok(0));
    /// assert!(game.play_text("a2b2").is_err()); // a2 is empty now
    /// assert_eq!(game.plies(), 1);
    /// ```
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
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{Game, Preset, Rules};
    ///
    /// let game = Game::new(Rules::preset(Preset::MingMang));
    /// let (white, black) = game.territory();
    /// assert_eq!(white, black);
    /// ```
    pub fn territory(&self) -> (usize, usize) {
        super::territory::score(self.position())
    }

    /// The state of the game. Checked in this order: the endings by material (a royal side
    /// without its king, too few men: the relatives), two passes (territory count), the side
    /// to move without pieces (on the board or in hand) or without a legal move (it loses,
    /// rule 8), then the ply limit (more pieces wins, or a draw where the game says so). Rule 8
    /// comes before the ply limit because a side that cannot move has lost by the rules
    /// themselves, which the limit only supplements.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{Game, Outcome, Preset, Rules};
    ///
    /// let game = Game::new(Rules::preset(Preset::MingMang));
    /// assert_eq!(game.outcome(), Outcome::Ongoing);
    /// assert!(!game.outcome().is_over());
    /// ```
    pub fn outcome(&self) -> Outcome {
        if let Some(end) = self.material_end() {
            return end;
        }
        let us = self.side_to_move();
        if self.rules.may_pass() && self.top().passes >= 2 {
            let (white, black) = self.territory();
            let half = self.rules.size().area() / 2;
            let reason = EndReason::Territory { white, black };
            return if white > half {
                Outcome::Win(Color::White, reason)
            } else if black > half {
                Outcome::Win(Color::Black, reason)
            } else {
                Outcome::Draw(reason)
            };
        }
        if self.position().total(us) == 0 {
            return Outcome::Win(us.other(), EndReason::NoPieces);
        }
        if !self.has_unbanned_move() {
            return Outcome::Win(us.other(), EndReason::NoLegalMove);
        }
        if self
            .rules
            .max_plies()
            .is_some_and(|n| self.plies() >= n as usize)
        {
            if self.rules.family().ply_limit_draw {
                return Outcome::Draw(EndReason::PlyLimit);
            }
            let (w, b) = (
                self.position().total(Color::White),
                self.position().total(Color::Black),
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

/// The squares where `victim` has a piece in `before` and none in `after`: what a move took.
fn taken<'a>(
    rules: &Rules,
    before: &'a Position,
    after: &'a Position,
    victim: Color,
) -> impl Iterator<Item = Square> + 'a {
    rules.size().squares().filter(move |&sq| {
        before.piece_at(sq) == Some(victim) && after.piece_at(sq) != Some(victim)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_position;

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

    #[test]
    fn move_before_last_looks_back_from_the_last_move() {
        let rules = Rules::new(crate::BoardSize::new(8, 8).unwrap());
        let mut game = Game::new(rules);
        assert_eq!(game.move_before_last(0), None);
        let played: Vec<Move> = (0..3)
            .map(|_| {
                let mv = game.legal_moves()[0];
                game.play(mv).unwrap();
                mv
            })
            .collect();
        assert_eq!(game.move_before_last(0), Some(played[2]));
        assert_eq!(game.move_before_last(1), Some(played[1]));
        assert_eq!(game.move_before_last(2), Some(played[0]));
        assert_eq!(game.move_before_last(3), None);
        // A game taken from here starts its own record.
        assert_eq!(game.from_here().move_before_last(0), None);
    }
}
