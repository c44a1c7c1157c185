//! Reproducible randomness for the tools and tests that play random moves: one small generator
//! and random openings. Games replay exactly from a seed on every machine.

use super::game::Game;
use super::geometry::Color;
use super::moves::Move;

/// A small deterministic random generator (xorshift64*): fast, and good enough to pick moves.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (any value, zero included).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (which must be positive); the modulo bias is negligible for the
    /// small `n` of move lists.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }
}

/// How a random line picks each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// Any legal move, uniformly.
    Uniform,
    /// Half of the time the move that captures the most pieces (when it captures any), else
    /// any legal move: lines that look like games rather than random walks.
    CapturesHalfTheTime,
}

/// What a random line does when a move ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtTheEnd {
    /// Takes the move back and stops there: the opening is shorter than asked, never over.
    StopBefore,
    /// Throws the line away and draws another (see [`RandomOpening::tries`]).
    Redraw,
}

/// Which lines are kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Balance {
    /// Any unfinished line.
    Any,
    /// A line after which each side keeps the material lead it had at the base (none in Ming
    /// Mang; the hunt starts 16 against 1), so that neither starts with material in hand. If
    /// no line of [`RandomOpening::tries`] keeps it, the last unfinished one is taken.
    KeepLead,
    /// A line that keeps the lead and after which neither side could take a piece with one
    /// move: a random line often ends with a piece left hanging, and then the first move after
    /// it, not the players, decides the game. If no line of [`RandomOpening::tries`] is quiet,
    /// the last one that keeps the lead is taken (else the last unfinished one).
    Quiet,
}

/// A recipe for random openings: how many plies, how moves are picked, what happens at a
/// game's end and which lines are kept. [`RandomOpening::draw`] is the one way every tool (the
/// match runner's and datagen's balanced openings, the benchmark's positions, self-play and
/// the tests' random games) draws a random line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomOpening {
    /// Random plies to play.
    pub plies: usize,
    /// How each move is picked.
    pub pick: Pick,
    /// What a game-ending move does.
    pub at_the_end: AtTheEnd,
    /// Which lines are kept.
    pub balance: Balance,
    /// How many lines may be drawn (at least one).
    pub tries: usize,
}

impl RandomOpening {
    /// As [`RandomOpening::balanced`], and quiet too: neither side can take a piece at once
    /// when the line ends ([`Balance::Quiet`]).
    pub const fn quiet(plies: usize) -> RandomOpening {
        RandomOpening {
            balance: Balance::Quiet,
            ..RandomOpening::balanced(plies)
        }
    }

    /// Up to `plies` uniformly random plies, stopping before a move that would end the game:
    /// varied, unfinished openings, always drawn at the first try.
    pub const fn short_of_the_end(plies: usize) -> RandomOpening {
        RandomOpening {
            plies,
            pick: Pick::Uniform,
            at_the_end: AtTheEnd::StopBefore,
            balance: Balance::Any,
            tries: 1,
        }
    }

    /// Exactly `plies` uniformly random plies that keep the material balance of the base and
    /// leave the game unfinished, drawn up to 1000 times: the openings of matches and
    /// self-play data.
    pub const fn balanced(plies: usize) -> RandomOpening {
        RandomOpening {
            plies,
            pick: Pick::Uniform,
            at_the_end: AtTheEnd::Redraw,
            balance: Balance::KeepLead,
            tries: 1000,
        }
    }

    /// `base` followed by a random line of this recipe, drawn from `rng`; `None` if every
    /// line drawn ended the game. `base` is left as it is.
    pub fn draw(&self, base: &Game, rng: &mut Rng) -> Option<Game> {
        let lead = |g: &Game| {
            let p = g.position();
            p.total(Color::White) as i64 - p.total(Color::Black) as i64
        };
        let quiet = |g: &Game| {
            g.takeable_by(Color::White).is_empty() && g.takeable_by(Color::Black).is_empty()
        };
        let base_lead = lead(base);
        // The line to take if none meets the recipe: the last that kept the lead, else the
        // last unfinished one.
        let mut fallback: Option<(Game, bool)> = None;
        for _ in 0..self.tries.max(1) {
            let mut game = base.clone();
            if self.walk(&mut game, rng) {
                continue;
            }
            let keeps = self.balance == Balance::Any || lead(&game) == base_lead;
            if keeps && (self.balance != Balance::Quiet || quiet(&game)) {
                return Some(game);
            }
            if keeps || !fallback.as_ref().is_some_and(|(_, kept)| *kept) {
                fallback = Some((game, keeps));
            }
        }
        fallback.map(|(game, _)| game)
    }

    /// Plays one random line on `game`; whether it ended the game (only with
    /// [`AtTheEnd::Redraw`]: [`AtTheEnd::StopBefore`] takes the ending move back).
    fn walk(&self, game: &mut Game, rng: &mut Rng) -> bool {
        for _ in 0..self.plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            if self.at_the_end == AtTheEnd::Redraw && game.outcome().is_over() {
                break;
            }
            game.make(self.pick(game, &moves, rng));
            if self.at_the_end == AtTheEnd::StopBefore && game.outcome().is_over() {
                game.unmake();
                break;
            }
        }
        game.outcome().is_over()
    }

    /// One move of `moves` (the legal moves of `game`, not empty), as [`RandomOpening::pick`]
    /// says.
    fn pick(&self, game: &Game, moves: &[Move], rng: &mut Rng) -> Move {
        match self.pick {
            Pick::Uniform => moves[rng.below(moves.len())],
            Pick::CapturesHalfTheTime => {
                let (pos, rules) = (game.position(), game.rules());
                let best = moves
                    .iter()
                    .copied()
                    .max_by_key(|&m| (pos.capture_count(m, rules), std::cmp::Reverse(m)))
                    .expect("moves");
                let take = rng.below(2) == 0;
                if take && pos.capture_count(best, rules) > 0 {
                    best
                } else {
                    moves[rng.below(moves.len())]
                }
            }
        }
    }
}

/// Plays up to `plies` random legal moves on `game`, stopping before a move that would end
/// the game (or where there is none): varied, unfinished openings
/// ([`RandomOpening::short_of_the_end`]).
pub fn random_opening(game: &mut Game, plies: usize, rng: &mut Rng) {
    if let Some(line) = RandomOpening::short_of_the_end(plies).draw(game, rng) {
        *game = line;
    }
}

/// A random stream of one tool. Each has its own, so that a match with `--seed i` never plays
/// the openings of the self-play data of `datagen --seed i`: the games that test a change are
/// never the games it was fitted on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// `mingmang match --random-openings`.
    Match,
    /// `mingmang datagen`.
    Datagen,
}

impl Stream {
    /// The generator of opening `index` of the run seeded `seed` in this stream: each opening
    /// depends only on `(stream, seed, index)`, so a run draws the same openings whatever
    /// its concurrency.
    pub fn rng(self, seed: u64, index: u64) -> Rng {
        let salt: u64 = match self {
            Stream::Match => 0x6D61_7463_6820_6F70,
            Stream::Datagen => 0x6461_7461_6765_6E20,
        };
        Rng::new(mix(mix(salt ^ mix(seed)) ^ index))
    }
}

/// SplitMix64's finaliser: every input bit moves every output bit, so nearby seeds and
/// indices give unrelated generators.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A position of `size` with `side` to move, each square white, black or empty at a random
/// density from empty to full and a random share of white: boards games rarely reach (full
/// and empty lines, long runs touching both edges), for tests of the rules' fast paths.
#[cfg(test)]
pub(crate) fn random_fill(
    rng: &mut Rng,
    size: super::geometry::BoardSize,
    side: Color,
) -> super::position::Position {
    let mut pos = super::position::Position::empty(size, side);
    let filled = rng.below(101);
    let white_share = rng.below(101);
    for sq in size.squares() {
        if rng.below(100) < filled {
            let c = if rng.below(100) < white_share { 0 } else { 1 };
            pos.put(sq, Color::BOTH[c]);
        }
    }
    pos
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Preset, Rules};

    #[test]
    fn short_openings_stop_before_the_end_and_balanced_ones_keep_the_lead() {
        // The hunt: one hunter against 16 men, a lead balanced openings keep.
        let start = Game::new(Rules::preset(Preset::MakyekHunt));
        let lead = |g: &Game| {
            let p = g.position();
            p.total(Color::White) as i64 - p.total(Color::Black) as i64
        };
        for seed in 0..20 {
            let line = RandomOpening::balanced(10)
                .draw(&start, &mut Rng::new(seed))
                .unwrap();
            assert_eq!(line.plies(), 10);
            assert!(!line.outcome().is_over());
            assert_eq!(lead(&line), lead(&start), "seed {seed}");
            // Drawn again from the same seed, the same line.
            let again = RandomOpening::balanced(10).draw(&start, &mut Rng::new(seed));
            assert!(again.unwrap().moves().eq(line.moves()));
        }
        // A small board where random play ends games: a short opening never ends one.
        let small = Game::new(Rules::new(crate::BoardSize::new(4, 4).unwrap()));
        for seed in 0..50 {
            let mut game = small.clone();
            random_opening(&mut game, 200, &mut Rng::new(seed));
            assert!(!game.outcome().is_over(), "seed {seed}");
        }
    }

    #[test]
    fn a_finished_base_gives_no_line() {
        // White's lone piece on a1 is walled in: the game is over before the first ply.
        let position = crate::parse_position("4/4/b3/wb2 w").unwrap();
        let game = Game::from_position(Rules::new(position.size()), position).unwrap();
        assert!(RandomOpening::balanced(3)
            .draw(&game, &mut Rng::new(1))
            .is_none());
        let mut same = game.clone();
        random_opening(&mut same, 3, &mut Rng::new(1));
        assert_eq!(same.plies(), 0);
    }

    #[test]
    fn quiet_openings_leave_nothing_to_take_and_balanced_ones_are_unchanged() {
        let start = Game::new(Rules::default());
        let takeable =
            |g: &Game| g.takeable_by(Color::White).len() + g.takeable_by(Color::Black).len();
        let mut hanging = 0;
        for seed in 0..40 {
            let balanced = RandomOpening::balanced(8)
                .draw(&start, &mut Rng::new(seed))
                .unwrap();
            let quiet = RandomOpening::quiet(8)
                .draw(&start, &mut Rng::new(seed))
                .unwrap();
            assert_eq!((quiet.plies(), takeable(&quiet)), (8, 0), "seed {seed}");
            let p = quiet.position();
            assert_eq!(p.total(Color::White), p.total(Color::Black));
            // A balanced line that is already quiet is the quiet line too: the quiet recipe
            // draws the same lines and only keeps fewer of them.
            if takeable(&balanced) == 0 {
                assert!(quiet.moves().eq(balanced.moves()), "seed {seed}");
            } else {
                hanging += 1;
            }
        }
        // Why the recipe exists: on 8x8 many random 8-ply lines leave a piece to take.
        assert!(
            hanging >= 10,
            "{hanging} of 40 balanced lines left a piece to take"
        );
        // With no quiet line among those drawn, the last that kept the lead is taken: one try
        // of a seed whose first line leaves a piece hanging gives that line.
        let one_try = |balance| RandomOpening {
            tries: 1,
            balance,
            ..RandomOpening::balanced(8)
        };
        let seed = (0..40)
            .find(|&seed| {
                let first = one_try(Balance::Any).draw(&start, &mut Rng::new(seed));
                first.is_some_and(|g| {
                    takeable(&g) > 0 && {
                        let p = g.position();
                        p.total(Color::White) == p.total(Color::Black)
                    }
                })
            })
            .expect("a first line that keeps the balance and leaves a piece hanging");
        let first = one_try(Balance::Any).draw(&start, &mut Rng::new(seed));
        let fallback = one_try(Balance::Quiet).draw(&start, &mut Rng::new(seed));
        assert!(fallback.unwrap().moves().eq(first.unwrap().moves()));
    }
}
