//! One game between players, refereed by the rules: the loop that the engine's self-play,
//! its training-data generator and its match referee share, and that any program refereeing
//! these games between its own players can use.
//!
//! A [`Player`] is anything that, given the game so far, proposes a move or fails: an
//! in-process searcher, a random mover, or an engine process behind a pipe with its clock. The
//! loop owns the rest: it asks the side to move, checks the proposal against the rules (a
//! word that is not a move is garbage, a move the rules forbid is illegal, rule 7 included),
//! applies it, ends the game on the rules' outcome or at its own ply cap, and returns the
//! [`Record`].

use std::fmt;

use crate::{Color, EndReason, Game, Move, Outcome};

/// What a player proposes to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proposal {
    /// A move of the rules core (an in-process player).
    Move(Move),
    /// A move as text, as an engine process answers it; the loop reads it.
    Text(String),
}

/// Something that plays moves: asked for the side to move of a game that is not over.
///
/// # Examples
/// ```
/// use mingmang_rules::game_loop::{Player, Proposal};
/// use mingmang_rules::{Game, Preset, Rules};
///
/// /// Plays the first legal move.
/// struct First;
/// impl Player for First {
///     type Fault = &'static str;
///     fn choose(&mut self, game: &Game) -> Result<Proposal, Self::Fault> {
///         game.legal_moves().first().map(|&mv| Proposal::Move(mv)).ok_or("no move")
///     }
/// }
/// let game = Game::new(Rules::preset(Preset::MingMang));
/// assert_eq!(First.choose(&game), Ok(Proposal::Move(game.legal_moves()[0])));
/// ```
pub trait Player {
    /// Why the player could not answer (a crash, a time forfeit, ...): it loses the game.
    type Fault;

    /// The move to play in `game`, or why there is none.
    fn choose(&mut self, game: &Game) -> Result<Proposal, Self::Fault>;
}

/// Why a side lost without the rules deciding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Foul<F> {
    /// The player failed to answer.
    Fault(F),
    /// The answer is not shaped like a move on this board.
    Garbage(String),
    /// A move the rules forbid: the move as proposed, and why.
    Illegal {
        /// The move as proposed.
        text: String,
        /// The rules' reason.
        why: String,
    },
}

impl<F: fmt::Display> fmt::Display for Foul<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Foul::Fault(fault) => write!(f, "{fault}"),
            Foul::Garbage(text) => write!(f, "answered '{text}'"),
            Foul::Illegal { text, why } => write!(f, "played {text}: {why}"),
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End<F> {
    /// The rules ended it (a win, or a draw by their ply limit or count).
    Rules(Outcome),
    /// The loop's own ply cap ended it: adjudicated a draw.
    Adjudicated,
    /// The side to move fouled and loses.
    Foul {
        /// The side that fouled.
        side: Color,
        /// What it did.
        foul: Foul<F>,
    },
}

impl<F> End<F> {
    /// The winner, or `None` for a draw.
    pub fn winner(&self) -> Option<Color> {
        match self {
            End::Rules(Outcome::Win(c, _)) => Some(*c),
            End::Foul { side, .. } => Some(side.other()),
            _ => None,
        }
    }

    /// The game's outcome as the rules write it; a foul is a win of the other side with the
    /// rules' reason of a side that cannot move ([`EndReason::NoLegalMove`]).
    pub fn outcome(&self) -> Outcome {
        match self {
            End::Rules(outcome) => *outcome,
            End::Adjudicated => Outcome::Draw(EndReason::PlyLimit),
            End::Foul { side, .. } => Outcome::Win(side.other(), EndReason::NoLegalMove),
        }
    }
}

/// A game played: the moves the players made and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record<F> {
    /// The moves played by the players, in order (not those of the game before the loop).
    pub moves: Vec<Move>,
    /// How the game ended.
    pub end: End<F>,
}

/// Plays `game` to its end, `player` choosing every move (for both sides: a player that is
/// two, such as [`Sides`], looks at the side to move). `cap`, if given, adjudicates a draw
/// after that many plies of the loop: a safety net for rules without a ply limit.
///
/// # Examples
/// ```
/// use mingmang_rules::game_loop::{play_game, Player, Proposal};
/// use mingmang_rules::{Game, Preset, Rules};
///
/// struct First;
/// impl Player for First {
///     type Fault = ();
///     fn choose(&mut self, game: &Game) -> Result<Proposal, ()> {
///         game.legal_moves().first().map(|&mv| Proposal::Move(mv)).ok_or(())
///     }
/// }
/// let mut game = Game::new(Rules::preset(Preset::MingMang));
/// let record = play_game(&mut game, &mut First, Some(500));
/// assert_eq!(record.moves.len(), game.plies());
/// assert!(record.end.outcome().is_over());
/// ```
pub fn play_game<P: Player>(
    game: &mut Game,
    player: &mut P,
    cap: Option<usize>,
) -> Record<P::Fault> {
    let mut moves = Vec::new();
    let end = loop {
        let outcome = game.outcome();
        if outcome.is_over() {
            break End::Rules(outcome);
        }
        if cap.is_some_and(|cap| moves.len() >= cap) {
            break End::Adjudicated;
        }
        let side = game.side_to_move();
        let foul = |foul| End::Foul { side, foul };
        let mv = match player.choose(game) {
            Err(fault) => break foul(Foul::Fault(fault)),
            Ok(Proposal::Move(mv)) if game.is_legal(mv) => mv,
            Ok(Proposal::Move(mv)) => {
                let text = mv.to_string();
                let why = game
                    .parse_move(&text)
                    .err()
                    .unwrap_or_else(|| "not a legal move".into());
                break foul(Foul::Illegal { text, why });
            }
            Ok(Proposal::Text(text)) => {
                if !game.rules().reads_as_move(&text) {
                    break foul(Foul::Garbage(text));
                }
                match game.parse_move(&text) {
                    Ok(mv) => mv,
                    Err(why) => break foul(Foul::Illegal { text, why }),
                }
            }
        };
        game.make(mv);
        moves.push(mv);
    };
    Record { moves, end }
}

/// Two players, one per side, as one [`Player`].
pub struct Sides<'a, F> {
    /// White's player.
    pub white: &'a mut dyn Player<Fault = F>,
    /// Black's player.
    pub black: &'a mut dyn Player<Fault = F>,
}

impl<F> Player for Sides<'_, F> {
    type Fault = F;

    fn choose(&mut self, game: &Game) -> Result<Proposal, F> {
        match game.side_to_move() {
            Color::White => self.white.choose(game),
            Color::Black => self.black.choose(game),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_position, Rules};

    /// Plays the moves of a script as text, then fails.
    struct Script(Vec<&'static str>);

    impl Player for Script {
        type Fault = &'static str;
        fn choose(&mut self, _: &Game) -> Result<Proposal, &'static str> {
            if self.0.is_empty() {
                return Err("out of moves");
            }
            Ok(Proposal::Text(self.0.remove(0).to_string()))
        }
    }

    fn game() -> Game {
        Game::new(Rules::default())
    }

    #[test]
    fn fouls_lose_and_say_what_happened() {
        let mut g = game();
        let r = play_game(
            &mut g,
            &mut Script(vec!["a2b2", "h7g7", "b2a2", "g7h7"]),
            None,
        );
        // Black's return to the start position is banned by rule 7.
        assert_eq!(r.moves.len(), 3);
        let End::Foul { side, foul } = &r.end else {
            panic!("{:?}", r.end)
        };
        assert_eq!(*side, Color::Black);
        assert!(
            matches!(foul, Foul::Illegal { text, why } if text == "g7h7" && why.contains("earlier position"))
        );
        assert_eq!(r.end.winner(), Some(Color::White));
        assert_eq!(g.plies(), 3);

        let r = play_game(&mut game(), &mut Script(vec!["a2b2", "hello"]), None);
        assert_eq!(
            r.end,
            End::Foul {
                side: Color::Black,
                foul: Foul::Garbage("hello".into())
            }
        );
        let r = play_game(&mut game(), &mut Script(vec!["a2b2"]), None);
        assert_eq!(
            r.end,
            End::Foul {
                side: Color::Black,
                foul: Foul::Fault("out of moves")
            }
        );
    }

    #[test]
    fn the_rules_or_the_cap_end_the_game() {
        // White slides c1 to c3 and flanks both Black pieces: Black has none left.
        let position = parse_position("2w1/2b1/wb2/4/2w1 w").unwrap();
        let mut g = Game::from_position(Rules::new(position.size()), position).unwrap();
        let r = play_game(&mut g, &mut Script(vec!["c1c3"]), None);
        assert_eq!(r.end, End::Rules(g.outcome()));
        assert_eq!(r.end.winner(), Some(Color::White));
        let r = play_game(&mut game(), &mut Script(vec!["a2b2", "h7g7"]), Some(2));
        assert_eq!(r.end, End::Adjudicated);
        assert_eq!(r.end.outcome(), Outcome::Draw(EndReason::PlyLimit));
        assert_eq!(r.moves.len(), 2);
    }
}
