//! The referee: plays one game between two engines, checking every move with the rules core,
//! deciding the end and the result itself, and asking the engines (`query`) whether they agree.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::engine::{describe, EngineProcess, Fault};
use super::openings::Opening;
use super::tc::{Clocks, TimeControl};
use super::thinking::Thought;
use mingmang::rules::game_loop::{End, Foul, Player, Proposal};
use mingmang::rules::{format_position, Color, Game, Outcome, Rules};

/// The result of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// White (player 1) won.
    WhiteWins,
    /// Black (player 2) won.
    BlackWins,
    /// Nobody won.
    Draw,
}

impl GameResult {
    /// The PGN-style result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// Reads [`GameResult::pgn`] back.
    pub fn from_pgn(text: &str) -> Option<GameResult> {
        [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
        ]
        .into_iter()
        .find(|r| r.pgn() == text)
    }

    /// The answer the protocol gives to `query result`: `p1win`, `p2win` or `draw`.
    pub fn protocol(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "p1win",
            GameResult::BlackWins => "p2win",
            GameResult::Draw => "draw",
        }
    }

    /// A win for `color`.
    pub fn win(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules (no legal move, no pieces, ply limit, territory count).
    Normal(String),
    /// An engine's process died or could not be started.
    Crash(String),
    /// An engine took longer than its time plus the margin (details: who, how long, what it
    /// had).
    TimeForfeit(String),
    /// An engine answered something that is not a move.
    Garbage(String),
    /// An engine played a move the rules forbid.
    IllegalMove(String),
}

impl Termination {
    /// The short keyword used in records, JSON and tallies.
    pub fn keyword(&self) -> &'static str {
        match self {
            Termination::Normal(_) => "normal",
            Termination::Crash(_) => "crash",
            Termination::TimeForfeit(_) => "time forfeit",
            Termination::Garbage(_) => "garbage",
            Termination::IllegalMove(_) => "illegal move",
        }
    }

    /// The details alone.
    pub fn detail(&self) -> &str {
        match self {
            Termination::Normal(why)
            | Termination::TimeForfeit(why)
            | Termination::Crash(why)
            | Termination::Garbage(why)
            | Termination::IllegalMove(why) => why,
        }
    }

    /// Whether an engine's fault ended the game, not the rules.
    pub fn is_fault(&self) -> bool {
        !matches!(self, Termination::Normal(_))
    }

    /// Reads [`Termination::keyword`] and [`Termination::detail`] back.
    pub fn from_parts(keyword: &str, detail: &str) -> Result<Termination, String> {
        let detail = detail.to_string();
        Ok(match keyword {
            "normal" => Termination::Normal(detail),
            "crash" => Termination::Crash(detail),
            "time forfeit" => Termination::TimeForfeit(detail),
            "garbage" => Termination::Garbage(detail),
            "illegal move" => Termination::IllegalMove(detail),
            _ => return Err(format!("unknown termination '{keyword}'")),
        })
    }

    /// The keyword with the details.
    pub fn describe(&self) -> String {
        match self {
            Termination::Normal(why) => why.clone(),
            Termination::TimeForfeit(why) => format!("time forfeit: {why}"),
            Termination::Crash(why) => format!("crash: {why}"),
            Termination::Garbage(why) => format!("garbage: {why}"),
            Termination::IllegalMove(why) => format!("illegal move: {why}"),
        }
    }
}

/// The settings every game of a match shares.
#[derive(Clone, Debug)]
pub struct GameSettings {
    /// The rules the referee enforces and the engines are told.
    pub rules: Rules,
    /// The preset name forwarded as `Variant`, if one was given.
    pub variant: Option<String>,
    /// The time control.
    pub tc: TimeControl,
    /// Extra time tolerated beyond the clock or move time before a forfeit.
    pub margin: Duration,
}

/// Everything recorded about one finished game; as it serialises, one line of the match
/// journal ([`super::journal`]).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's number in the schedule, from 1.
    pub number: usize,
    /// The round, from 1.
    pub round: u32,
    /// Index of the engine playing White (player 1).
    pub white: usize,
    /// Index of the engine playing Black (player 2).
    pub black: usize,
    /// Names of White's and Black's engines.
    pub names: [String; 2],
    /// The opening played.
    pub opening: Opening,
    /// The position string after the opening (where the engines took over).
    pub opening_fen: String,
    /// The moves the engines played.
    pub moves: Vec<String>,
    /// The result.
    #[serde(with = "super::journal::result_text")]
    pub result: GameResult,
    /// Why the game ended.
    #[serde(flatten, with = "super::journal::ending_fields")]
    pub termination: Termination,
    /// Places where an engine's `query` answers differed from the referee.
    pub disagreements: Vec<String>,
    /// White's and Black's time controls (the match's, or an engine's own `depth=`/`nodes=`).
    pub time_controls: [String; 2],
    /// Each move of `moves`' thinking (empty in journals written before it was kept).
    #[serde(flatten, with = "super::journal::thinking_lists")]
    pub thinking: Vec<Thought>,
}

/// What [`play_game`] reports.
#[derive(Clone, Debug)]
pub struct Played {
    /// The result.
    pub result: GameResult,
    /// Why the game ended.
    pub termination: Termination,
    /// The moves the engines played.
    pub moves: Vec<String>,
    /// Places where an engine's `query` answers differed from the referee.
    pub disagreements: Vec<String>,
    /// Each move's thinking, one per move of `moves`.
    pub thinking: Vec<Thought>,
}

impl Played {
    fn new(
        result: GameResult,
        termination: Termination,
        moves: Vec<String>,
        thinking: Vec<Thought>,
    ) -> Played {
        Played {
            result,
            termination,
            moves,
            disagreements: Vec::new(),
            thinking,
        }
    }
}

/// Plays one game: `engines[0]` is White, `engines[1]` Black. Never fails: every failure of an
/// engine becomes a loss for it, and the engine is discarded so it restarts for the next game.
pub fn play_game(
    settings: &GameSettings,
    engines: [&mut EngineProcess; 2],
    opening: &Opening,
) -> Played {
    let mut engines = engines;
    let rules = settings.rules;
    let mut game = opening
        .game(rules)
        .expect("openings are checked when they are made");
    // Start both engines; one that cannot start loses (White is checked first).
    for (side, e) in engines.iter_mut().enumerate() {
        let started = e
            .ensure_started(&rules)
            .and_then(|_| e.new_game().map_err(|f| describe(&f)));
        if let Err(why) = started {
            e.discard();
            let loser = if side == 0 {
                Color::White
            } else {
                Color::Black
            };
            return Played::new(
                GameResult::win(loser.other()),
                Termination::Crash(format!("{}: {why}", e.spec.name)),
                Vec::new(),
                Vec::new(),
            );
        }
    }
    let mut seats = Seats {
        opening_plies: game.moves().count(),
        engines,
        clocks: Clocks::new(settings.tc),
        settings,
        opening,
        thinking: Vec::new(),
    };
    let record = mingmang::rules::game_loop::play_game(&mut game, &mut seats, None);
    let played: Vec<String> = record.moves.iter().map(|m| m.to_string()).collect();
    let mut engines = seats.engines;
    // A move the rules refused was thought about but not played.
    let mut thinking = seats.thinking;
    thinking.truncate(played.len());
    let (result, termination) = match record.end {
        End::Rules(outcome) => {
            let (result, reason) = match outcome {
                Outcome::Win(c, r) => (GameResult::win(c), r),
                Outcome::Draw(r) => (GameResult::Draw, r),
                Outcome::Ongoing => unreachable!("the game ended"),
            };
            let disagreements = ask_engines(&mut engines, opening, &played, result);
            return Played {
                result,
                termination: Termination::Normal(reason.describe()),
                moves: played,
                disagreements,
                thinking,
            };
        }
        // No cap is given: the rules' ply limit ends every match game.
        End::Adjudicated => (GameResult::Draw, Termination::Normal("adjudicated".into())),
        End::Foul { side, foul } => {
            let e = &mut *engines[side.index()];
            // The engine that fouled restarts for the next game.
            e.discard();
            let name = &e.spec.name;
            let termination = match foul {
                Foul::Fault(t) => t,
                Foul::Garbage(word) => {
                    Termination::Garbage(format!("{name} answered 'bestmove {word}'"))
                }
                Foul::Illegal { text, why } => {
                    Termination::IllegalMove(format!("{name} played {text}: {why}"))
                }
            };
            (GameResult::win(side.other()), termination)
        }
    };
    Played::new(result, termination, played, thinking)
}

/// The two engines of a game with their clocks, as one [`Player`]: each move is asked of the
/// side to move's engine with the position and its time, and an engine that crashes or
/// answers after its time plus the margin forfeits.
struct Seats<'a> {
    engines: [&'a mut EngineProcess; 2],
    clocks: Clocks,
    settings: &'a GameSettings,
    opening: &'a Opening,
    /// Plies of the opening, before the engines took over.
    opening_plies: usize,
    /// Each engine move's thinking so far.
    thinking: Vec<Thought>,
}

impl Player for Seats<'_> {
    type Fault = Termination;

    fn choose(&mut self, game: &Game) -> Result<Proposal, Termination> {
        let settings = self.settings;
        let side = game.side_to_move().index();
        let e = &mut *self.engines[side];
        let uci = e.spec.proto == super::engine::Proto::Uci;
        // An engine with its own depth or node limit plays by it; the clocks are the others'.
        let own = e.spec.limit.map(Clocks::new);
        let clocks = own.as_ref().unwrap_or(&self.clocks);
        let (go, allowance) = (clocks.go_args(uci), clocks.allowance(side, settings.margin));
        let played: Vec<String> = game
            .moves()
            .skip(self.opening_plies)
            .map(|m| m.to_string())
            .collect();
        let position = self.opening.position_command(&played);
        // What the engine had, for the record of a time forfeit.
        let budget = match &own {
            Some(_) => format!("{go}, margin {} ms", settings.margin.as_millis()),
            None => format!(
                "{go}, {} ms on its clock, margin {} ms",
                self.clocks.left()[side],
                settings.margin.as_millis()
            ),
        };
        let (word, used, depth) = match e.think(&position, &go, allowance) {
            Ok(answer) => answer,
            Err(Fault::Timeout) => {
                return Err(Termination::TimeForfeit(format!(
                    "{} gave no bestmove within {} ms ({})",
                    e.spec.name,
                    allowance.as_millis(),
                    budget
                )))
            }
            Err(Fault::Crash(why)) => {
                return Err(Termination::Crash(format!("{}: {why}", e.spec.name)))
            }
        };
        if used > allowance {
            // The answer arrived just after the deadline but before we stopped waiting.
            return Err(Termination::TimeForfeit(format!(
                "{} answered after {} ms ({})",
                e.spec.name,
                used.as_millis(),
                budget
            )));
        }
        if own.is_none() {
            // Charged before the move is checked: a move the rules refuse ends the game anyway.
            self.clocks.charge(side, used);
        }
        self.thinking.push(Thought {
            ms: used.as_millis() as u64,
            depth,
        });
        Ok(Proposal::Text(word))
    }
}

/// Asks each engine that supports `query` whether the game is over and who won, and lists
/// where it disagrees with the referee. The final position is sent first, so the engine
/// answers about the same game the referee judged.
fn ask_engines(
    engines: &mut [&mut EngineProcess; 2],
    opening: &Opening,
    played: &[String],
    result: GameResult,
) -> Vec<String> {
    let position = opening.position_command(played);
    let mut out = Vec::new();
    for e in engines.iter_mut() {
        if !e.spec.query || !e.is_running() {
            continue;
        }
        let name = e.spec.name.clone();
        for (what, expected) in [("gameover", "true"), ("result", result.protocol())] {
            match e.query(&position, what) {
                Some(answer) if answer == expected => {}
                Some(answer) => out.push(format!(
                    "{name}: query {what} answered '{answer}', referee says '{expected}'"
                )),
                None => out.push(format!("{name}: query {what} got no response")),
            }
        }
    }
    out
}

/// The position string of `rules`' start position, for records of games from the start.
pub fn start_fen(rules: Rules) -> String {
    format_position(&Game::start_position_of(&rules))
}
