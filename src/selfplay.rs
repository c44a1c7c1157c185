//! Playing whole games: simple opponents (random, greedy), random openings, and matches between
//! two players with alternating colours. Used by the tests (the engine must beat the simple
//! movers) and by the A/B matches that decide whether a pruning technique stays.

use std::sync::atomic::AtomicBool;

use crate::rules::game_loop::{self, End, Proposal, Sides};
use crate::rules::random::{random_opening, Rng};
use crate::rules::{Color, Game, Move, Outcome, Rules};
use crate::search::{Limits, SearchConfig, SearchOptions, Searcher};

/// Something that picks moves.
pub trait MoveChooser {
    /// The move to play in `game`, or `None` if there is none.
    fn choose(&mut self, game: &Game) -> Option<Move>;
}

/// Plays a uniformly random legal move.
pub struct RandomPlayer(pub Rng);

impl MoveChooser for RandomPlayer {
    fn choose(&mut self, game: &Game) -> Option<Move> {
        let moves = game.legal_moves();
        (!moves.is_empty()).then(|| moves[self.0.below(moves.len())])
    }
}

/// Plays the legal move converting the most pieces, ties broken at random.
pub struct GreedyPlayer(pub Rng);

impl MoveChooser for GreedyPlayer {
    fn choose(&mut self, game: &Game) -> Option<Move> {
        let moves = game.legal_moves();
        let mut probe = game.clone();
        let gains: Vec<u32> = moves
            .iter()
            .map(|&m| {
                let n = probe.make(m);
                probe.unmake();
                n
            })
            .collect();
        let best = *gains.iter().max()?;
        let top: Vec<Move> = moves
            .iter()
            .zip(&gains)
            .filter(|(_, &g)| g == best)
            .map(|(&m, _)| m)
            .collect();
        Some(top[self.0.below(top.len())])
    }
}

/// The engine with fixed limits.
pub struct EnginePlayer {
    /// The searcher (its table persists through the game).
    pub searcher: Searcher,
    /// Limits of every search.
    pub limits: Limits,
    /// Threads and such.
    pub options: SearchOptions,
}

impl EnginePlayer {
    /// One thread, the given limits and pruning switches, a small table.
    pub fn new(limits: Limits, config: SearchConfig) -> EnginePlayer {
        let mut searcher = Searcher::new(8);
        searcher.set_config(config);
        EnginePlayer {
            searcher,
            limits,
            options: SearchOptions::default(),
        }
    }
}

impl MoveChooser for EnginePlayer {
    fn choose(&mut self, game: &Game) -> Option<Move> {
        let stop = AtomicBool::new(false);
        self.searcher
            .search(game, &self.limits, &self.options, &stop, &mut |_| {})
            .best
    }
}

/// A simple player as a player of the game loop: a player with no move has none to give.
struct Simple<'a>(&'a mut dyn MoveChooser);

impl game_loop::Player for Simple<'_> {
    type Fault = ();

    fn choose(&mut self, game: &Game) -> Result<Proposal, ()> {
        self.0.choose(game).map(Proposal::Move).ok_or(())
    }
}

/// Plays `game` to its end. The rules should carry a ply limit so the game ends; as a safety
/// net, 2000 plies end it as a draw. Panics if a player fails to give a legal move in a game
/// that is not over: these players are the engine and its test opponents, which never should.
pub fn play_game(
    game: &mut Game,
    white: &mut dyn MoveChooser,
    black: &mut dyn MoveChooser,
) -> Outcome {
    let mut sides = Sides {
        white: &mut Simple(white),
        black: &mut Simple(black),
    };
    let record = game_loop::play_game(game, &mut sides, Some(2000));
    if let End::Foul { side, foul } = &record.end {
        panic!("{} failed to give a legal move: {foul:?}", side.name());
    }
    record.end.outcome()
}

/// Results of a match from the first player's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchResult {
    /// Games the first player won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the first player lost.
    pub losses: u32,
}

impl MatchResult {
    /// Score fraction of the first player.
    pub fn score(&self) -> f64 {
        let n = (self.wins + self.draws + self.losses).max(1) as f64;
        (self.wins as f64 + 0.5 * self.draws as f64) / n
    }
}

/// Plays `pairs` pairs of games between players made by `first` and `second`: each pair starts
/// from the same random opening of `opening_plies` plies (seeded by `seed`), once with each
/// player as White.
pub fn play_match(
    rules: Rules,
    pairs: u32,
    opening_plies: usize,
    seed: u64,
    first: &mut dyn FnMut() -> Box<dyn MoveChooser>,
    second: &mut dyn FnMut() -> Box<dyn MoveChooser>,
) -> MatchResult {
    let mut result = MatchResult::default();
    let mut rng = Rng::new(seed);
    for _ in 0..pairs {
        let mut opening = Game::new(rules);
        random_opening(&mut opening, opening_plies, &mut rng);
        for first_is_white in [true, false] {
            let mut game = opening.clone();
            let (mut a, mut b) = (first(), second());
            let outcome = if first_is_white {
                play_game(&mut game, a.as_mut(), b.as_mut())
            } else {
                play_game(&mut game, b.as_mut(), a.as_mut())
            };
            let first_color = if first_is_white {
                Color::White
            } else {
                Color::Black
            };
            match outcome {
                Outcome::Win(c, _) if c == first_color => result.wins += 1,
                Outcome::Win(_, _) => result.losses += 1,
                _ => result.draws += 1,
            }
        }
    }
    result
}
