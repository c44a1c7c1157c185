//! The static evaluation: a score for the side to move, in centi-pieces (100 = one piece).
//!
//! Each game has its own evaluation and its own weights: Ming Mang's ([`mingmang`]) and one set
//! for each relative ([`relatives`], whose terms follow the game's rules data). [`Weights`]
//! holds all of them as data, readable and settable by name through one path, for tuning and
//! for weight files. [`Weights::for_rules`] is the one place outside the rules where the search
//! asks which game is played.

/// Declares a set of evaluation weights: a struct with one `i32` field per weight, with its
/// documentation and default value, plus access by name in declaration order.
macro_rules! weights {
    ($(#[$meta:meta])* $name:ident { $( $(#[$doc:meta])* $field:ident = $default:expr, )* }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name {
            $( $(#[$doc])* pub $field: i32, )*
        }

        impl $name {
            /// The weights' names, in declaration order.
            pub const NAMES: &'static [&'static str] = &[$(stringify!($field)),*];

            /// The default weights.
            pub const DEFAULT: $name = $name { $($field: $default),* };

            /// The values, in the order of [`Self::NAMES`].
            pub fn values(&self) -> Vec<i32> {
                vec![$(self.$field),*]
            }

            /// The weight called `name`, if there is one.
            pub fn get(&self, name: &str) -> Option<i32> {
                match name {
                    $(stringify!($field) => Some(self.$field),)*
                    _ => None,
                }
            }

            /// Sets the weight called `name`.
            pub fn set(&mut self, name: &str, value: i32) -> Result<(), String> {
                match name {
                    $(stringify!($field) => self.$field = value,)*
                    _ => return Err(format!("unknown weight '{name}'")),
                }
                Ok(())
            }
        }

        impl Default for $name {
            fn default() -> $name {
                $name::DEFAULT
            }
        }
    };
}

pub mod mingmang;
pub mod relatives;

pub use mingmang::MingMangWeights;
pub use relatives::RelativeWeights;

use crate::rules::{Game, GameKind, Rules};

/// The weights of one game: Ming Mang's set or a relative's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameWeights {
    /// Ming Mang's weights.
    MingMang(MingMangWeights),
    /// A relative's weights.
    Relative(RelativeWeights),
}

impl GameWeights {
    /// The evaluation of `game`'s position for the side to move with these weights, which
    /// must be those of `game`'s game (see [`Weights::of`]).
    #[inline(always)]
    pub fn evaluate(&self, game: &Game) -> i32 {
        match self {
            GameWeights::MingMang(w) => mingmang::evaluate(game, w),
            GameWeights::Relative(w) => relatives::evaluate(game, w),
        }
    }

    /// The weights' names, in order.
    pub fn names(&self) -> &'static [&'static str] {
        match self {
            GameWeights::MingMang(_) => MingMangWeights::NAMES,
            GameWeights::Relative(_) => RelativeWeights::NAMES,
        }
    }

    /// The values, in the order of [`GameWeights::names`].
    pub fn values(&self) -> Vec<i32> {
        match self {
            GameWeights::MingMang(w) => w.values(),
            GameWeights::Relative(w) => w.values(),
        }
    }

    /// The weight called `name`, if there is one.
    pub fn get(&self, name: &str) -> Option<i32> {
        match self {
            GameWeights::MingMang(w) => w.get(name),
            GameWeights::Relative(w) => w.get(name),
        }
    }

    /// Sets the weight called `name`.
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), String> {
        match self {
            GameWeights::MingMang(w) => w.set(name, value),
            GameWeights::Relative(w) => w.set(name, value),
        }
    }
}

/// The evaluation weights of every game of the family, by [`GameKind`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    by_game: [GameWeights; GameKind::ALL.len()],
}

impl Weights {
    /// The defaults: the weights each game is played with unless told otherwise.
    pub const DEFAULT: Weights = Weights {
        by_game: [
            GameWeights::MingMang(MingMangWeights::DEFAULT),
            GameWeights::Relative(RelativeWeights::DEFAULT),
            GameWeights::Relative(RelativeWeights::DEFAULT),
            GameWeights::Relative(RelativeWeights::DEFAULT),
            GameWeights::Relative(RelativeWeights::DEFAULT),
            GameWeights::Relative(RelativeWeights::DEFAULT),
            GameWeights::Relative(RelativeWeights::DEFAULT),
        ],
    };

    /// The weights of `game`.
    #[inline(always)]
    pub fn of(&self, game: GameKind) -> &GameWeights {
        &self.by_game[game.index()]
    }

    /// The weights of the game `rules` play, which choose its evaluation: the one place outside
    /// the rules where the search asks which game is played.
    #[inline]
    pub fn for_rules(&self, rules: &Rules) -> &GameWeights {
        self.of(rules.game())
    }

    /// The weights of `game`, to change.
    pub fn of_mut(&mut self, game: GameKind) -> &mut GameWeights {
        &mut self.by_game[game.index()]
    }

    /// Sets `game`'s weight called `name` (see [`GameWeights::names`]).
    pub fn set(&mut self, game: GameKind, name: &str, value: i32) -> Result<(), String> {
        self.of_mut(game)
            .set(name, value)
            .map_err(|e| format!("{game}: {e}"))
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::DEFAULT
    }
}

/// The evaluation of `game`'s position for the side to move, in centi-pieces, by the game's
/// own evaluation and weights.
pub fn evaluate(game: &Game, weights: &Weights) -> i32 {
    weights.for_rules(game.rules()).evaluate(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_weights_settable_by_name() {
        let mut w = Weights::default();
        for game in GameKind::ALL {
            let names = w.of(game).names();
            assert!(!names.is_empty());
            for (i, name) in names.iter().enumerate() {
                w.set(game, name, 1000 + i as i32).unwrap();
                assert_eq!(w.of(game).get(name), Some(1000 + i as i32));
            }
            let expected: Vec<i32> = (0..names.len() as i32).map(|i| 1000 + i).collect();
            assert_eq!(w.of(game).values(), expected);
            assert!(w.set(game, "no_such_weight", 1).is_err());
        }
        // Each game's weights are its own.
        let mut w = Weights::default();
        w.set(GameKind::Rek, "material", 7).unwrap();
        assert_eq!(w.of(GameKind::Makyek).get("material"), Some(100));
        assert_eq!(w.of(GameKind::MingMang).get("material"), Some(100));
    }

    #[test]
    fn a_relative_evaluates_with_its_own_weights() {
        use crate::rules::Preset;
        let game = Game::new(Rules::preset(Preset::Gala));
        let mut w = Weights::default();
        let before = evaluate(&game, &w);
        let tempo = w.of(GameKind::Gala).get("tempo").unwrap();
        w.set(GameKind::Gala, "tempo", tempo + 50).unwrap();
        assert_eq!(evaluate(&game, &w), before + 50);
        // Another relative's weights change nothing here.
        w.set(GameKind::Rek, "tempo", 0).unwrap();
        assert_eq!(evaluate(&game, &w), before + 50);
    }
}
