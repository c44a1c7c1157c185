//! The static evaluation: a score for the side to move, in centi-pieces (100 = one piece).
//!
//! Each game has its own evaluation and its own weights: Ming Mang's ([`mingmang`]), with one
//! set per board-size class, and one set for each relative ([`relatives`], whose terms follow
//! the game's rules data). [`Weights`]
//! holds all of them as data, readable and settable by name through one path, for tuning and
//! for weight files. Which evaluation and which set play a game is the table of games' word
//! ([`crate::rules::games`]); [`Weights::for_rules`] is the one place where the search asks it.

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

            /// The hand-set weights: the values written beside each field, where tuning starts
            /// from (the engine plays with [`super::Weights::builtin`]).
            pub const HAND_SET: $name = $name { $($field: $default),* };

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

            /// Sets the weight called `name`; a value beyond [`super::WEIGHT_LIMIT`] either
            /// way is refused.
            pub fn set(&mut self, name: &str, value: i32) -> Result<(), String> {
                super::check_weight(name, value)?;
                match name {
                    $(stringify!($field) => self.$field = value,)*
                    _ => return Err(format!("unknown weight '{name}'")),
                }
                Ok(())
            }
        }

    };
}

pub mod evaluator;
pub mod mingmang;
pub mod network;
pub mod relatives;

pub use evaluator::Evaluator;
pub use mingmang::MingMangWeights;
pub use relatives::RelativeWeights;

use once_cell::sync::Lazy;

use crate::rules::games::Evaluation;
use crate::rules::{Game, Rules, GAMES};

/// The largest weight either way, in centi-pieces (100 pieces). With every feature count
/// bounded by the board, a sum of such weights stays far inside `i32`; [`EVAL_LIMIT`] then
/// keeps it below the scores of forced results.
pub const WEIGHT_LIMIT: i32 = 10_000;

/// The largest evaluation either way: half the score where forced results begin, so no
/// weights file can make a position look like a won game (or overflow the search's margins).
pub const EVAL_LIMIT: i32 = crate::search::score::MATE_BOUND / 2;

/// Checks one weight's value against [`WEIGHT_LIMIT`].
fn check_weight(name: &str, value: i32) -> Result<(), String> {
    if value.abs() > WEIGHT_LIMIT {
        return Err(format!(
            "weight '{name}' {value} is beyond the limit of {WEIGHT_LIMIT} either way"
        ));
    }
    Ok(())
}

/// The eighths of the ply limit played (0 to 8), the phase the `material_late` weights of Ming
/// Mang and the relatives scale with; 0 without a limit. Eighths keep the term linear in its
/// weight (so the tuner can fit it) while moving in steps of one every `limit / 8` plies,
/// rarely within a search.
fn limit_phase(game: &Game) -> i32 {
    match game.rules().max_plies() {
        Some(limit) if limit > 0 => (game.plies().min(limit as usize) * 8 / limit as usize) as i32,
        _ => 0,
    }
}

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
        let score = match self {
            GameWeights::MingMang(w) => mingmang::evaluate(game, w),
            GameWeights::Relative(w) => relatives::evaluate(game, w),
        };
        score.clamp(-EVAL_LIMIT, EVAL_LIMIT)
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

/// Ming Mang's boards by size, each with its own weights: the features weigh differently on a
/// 5x5 board, on the classic boards and on a Go board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SizeClass {
    /// Up to 49 squares (4x4 to 7x7).
    Small,
    /// 50 to 81 squares: 8x8 and 9x9 (Gundru).
    Medium,
    /// More than 81 squares, up to the 19x19 Go board.
    Large,
}

impl SizeClass {
    /// Every class, smallest first.
    pub const ALL: [SizeClass; 3] = [SizeClass::Small, SizeClass::Medium, SizeClass::Large];

    /// The class of a board of `squares` squares.
    pub fn of_area(squares: usize) -> SizeClass {
        match squares {
            0..=49 => SizeClass::Small,
            50..=81 => SizeClass::Medium,
            _ => SizeClass::Large,
        }
    }

    /// The class's name, the suffix of its weight set's name.
    pub fn name(self) -> &'static str {
        match self {
            SizeClass::Small => "small",
            SizeClass::Medium => "medium",
            SizeClass::Large => "large",
        }
    }
}

/// A set of evaluation weights: one of those the table of games names ([`crate::rules::GameEntry::weights`]),
/// with Ming Mang's evaluation one per board-size class.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct WeightSet {
    /// The name the table gives it.
    base: &'static str,
    /// The board-size class under Ming Mang's evaluation; `None` under the relatives'.
    class: Option<SizeClass>,
}

/// Whether `a` and `b` are the same text (in a constant).
const fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether the `i`-th game of the table is the first to name its weight set.
const fn first_to_name_its_set(i: usize) -> bool {
    let mut j = 0;
    while j < i {
        if same_text(GAMES[j].weights, GAMES[i].weights) {
            return false;
        }
        j += 1;
    }
    true
}

/// The weight sets of the `i`-th game of the table (none if an earlier game named them).
const fn sets_of(i: usize) -> usize {
    match (first_to_name_its_set(i), GAMES[i].evaluation) {
        (false, _) => 0,
        (true, Evaluation::MingMang) => SizeClass::ALL.len(),
        (true, Evaluation::Relatives) => 1,
    }
}

/// How many weight sets the table of games names.
const SET_COUNT: usize = {
    let (mut n, mut i) = (0, 0);
    while i < GAMES.len() {
        n += sets_of(i);
        i += 1;
    }
    n
};

impl WeightSet {
    /// Every set, in the order of the table of games (and of [`WeightSet::index`]).
    pub const ALL: [WeightSet; SET_COUNT] = {
        let mut all = [WeightSet {
            base: "",
            class: None,
        }; SET_COUNT];
        let (mut n, mut i) = (0, 0);
        while i < GAMES.len() {
            let base = GAMES[i].weights;
            let count = sets_of(i);
            let mut k = 0;
            while k < count {
                let class = match GAMES[i].evaluation {
                    Evaluation::MingMang => Some(SizeClass::ALL[k]),
                    Evaluation::Relatives => None,
                };
                all[n] = WeightSet { base, class };
                n += 1;
                k += 1;
            }
            i += 1;
        }
        all
    };

    /// The set that evaluates games under `rules`: the one their game's entry names, for their
    /// board's class under Ming Mang's evaluation. `None` for a game declared outside the table
    /// that names a set the table has not (it plays with the hand-set weights).
    pub fn of_rules(rules: &Rules) -> Option<WeightSet> {
        let entry = rules.game().entry();
        let class = match entry.evaluation {
            Evaluation::MingMang => Some(SizeClass::of_area(rules.size().area())),
            Evaluation::Relatives => None,
        };
        let wanted = WeightSet {
            base: entry.weights,
            class,
        };
        WeightSet::ALL.into_iter().find(|&s| s == wanted)
    }

    /// The set's name in weight files: the table's name for it, followed under Ming Mang's
    /// evaluation by its class (`mingmang-small`, `mingmang-medium`, `mingmang-large`,
    /// `makyek`, ...).
    pub fn name(self) -> String {
        self.to_string()
    }

    /// The set called `name`.
    pub fn from_name(name: &str) -> Option<WeightSet> {
        WeightSet::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Position in [`WeightSet::ALL`].
    pub fn index(self) -> usize {
        WeightSet::ALL
            .iter()
            .position(|&s| s == self)
            .expect("every set is listed")
    }

    /// The weights of this set before any tuning: those written beside each weight's
    /// declaration.
    const fn hand_set(self) -> GameWeights {
        match self.class {
            Some(_) => GameWeights::MingMang(MingMangWeights::HAND_SET),
            None => GameWeights::Relative(RelativeWeights::HAND_SET),
        }
    }
}

impl std::fmt::Display for WeightSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.class {
            Some(class) => write!(f, "{}-{}", self.base, class.name()),
            None => f.write_str(self.base),
        }
    }
}

/// The evaluation weights of every game of the family: one [`GameWeights`] per
/// [`WeightSet`]. Settable by name, and readable from and writable to a weights file
/// ([`Weights::parse`], [`Weights::to_text`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    sets: [GameWeights; WeightSet::ALL.len()],
}

/// The tuned weights compiled into the engine: a weights file written by `mingmang tune`
/// (its header says from which data), read over [`Weights::HAND_SET`].
const BUILTIN_TEXT: &str = include_str!("builtin.weights");

static BUILTIN: Lazy<Weights> = Lazy::new(|| {
    Weights::parse_over(Weights::HAND_SET, BUILTIN_TEXT)
        .unwrap_or_else(|e| panic!("the built-in weights file is broken: {e}"))
});

impl Weights {
    /// The hand-set weights of every game (the values beside each weight's declaration): what
    /// tuning started from, and what the built-in file is read over.
    pub const HAND_SET: Weights = {
        let mut sets = [WeightSet::ALL[0].hand_set(); SET_COUNT];
        let mut i = 0;
        while i < SET_COUNT {
            sets[i] = WeightSet::ALL[i].hand_set();
            i += 1;
        }
        Weights { sets }
    };

    /// The weights each game is played with unless told otherwise: the tuned weights compiled
    /// into the engine (the hand-set ones where tuning has not reached).
    pub fn builtin() -> Weights {
        *BUILTIN
    }

    /// The weights of `set`.
    #[inline(always)]
    pub fn of(&self, set: WeightSet) -> &GameWeights {
        &self.sets[set.index()]
    }

    /// The weights of the game `rules` play, which choose its evaluation: the one place outside
    /// the rules where the search asks which game is played (the table of games answers).
    #[inline]
    pub fn for_rules(&self, rules: &Rules) -> &GameWeights {
        match WeightSet::of_rules(rules) {
            Some(set) => self.of(set),
            None => match rules.game().entry().evaluation {
                Evaluation::MingMang => &GameWeights::MingMang(MingMangWeights::HAND_SET),
                Evaluation::Relatives => &GameWeights::Relative(RelativeWeights::HAND_SET),
            },
        }
    }

    /// The weights of `set`, to change.
    pub fn of_mut(&mut self, set: WeightSet) -> &mut GameWeights {
        &mut self.sets[set.index()]
    }

    /// Sets `set`'s weight called `name` (see [`GameWeights::names`]).
    pub fn set(&mut self, set: WeightSet, name: &str, value: i32) -> Result<(), String> {
        self.of_mut(set)
            .set(name, value)
            .map_err(|e| format!("{set}: {e}"))
    }

    /// Reads a weights file: lines `<set> <name> <value>` (for example `makyek material 100`),
    /// `#` comments and blank lines ignored. Weights the file does not name keep their
    /// built-in values ([`Weights::builtin`]). Errors name the line.
    pub fn parse(text: &str) -> Result<Weights, String> {
        Weights::parse_over(Weights::builtin(), text)
    }

    /// Reads a weights file over `base`: the weights it does not name keep `base`'s values.
    pub fn parse_over(base: Weights, text: &str) -> Result<Weights, String> {
        let mut weights = base;
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            let [set, name, value] = words[..] else {
                return Err(format!(
                    "line {}: expected '<set> <weight> <value>', got '{line}'",
                    i + 1
                ));
            };
            let set = WeightSet::from_name(set).ok_or_else(|| {
                let known: Vec<String> = WeightSet::ALL.iter().map(|s| s.name()).collect();
                format!(
                    "line {}: unknown weight set '{set}' (known: {})",
                    i + 1,
                    known.join(", ")
                )
            })?;
            let value: i32 = value
                .parse()
                .map_err(|_| format!("line {}: '{value}' is not a whole number", i + 1))?;
            weights
                .set(set, name, value)
                .map_err(|e| format!("line {}: {e}", i + 1))?;
        }
        Ok(weights)
    }

    /// The weights as a weights file, every set and weight (what [`Weights::parse`] reads).
    pub fn to_text(&self) -> String {
        let mut out = String::from("# mingmang evaluation weights: <set> <weight> <value>\n");
        for set in WeightSet::ALL {
            let w = self.of(set);
            for (name, value) in w.names().iter().zip(w.values()) {
                out.push_str(&format!("{set} {name} {value}\n"));
            }
        }
        out
    }
}

impl Default for Weights {
    /// The built-in weights ([`Weights::builtin`]).
    fn default() -> Weights {
        Weights::builtin()
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

    /// The set called `name`.
    fn named(name: &str) -> WeightSet {
        WeightSet::from_name(name).unwrap()
    }

    #[test]
    fn the_sets_are_the_table_s() {
        // Ming Mang's three classes, then one per relative, each named as weight files do.
        let names: Vec<String> = WeightSet::ALL.iter().map(|s| s.name()).collect();
        assert_eq!(
            names.join(" "),
            "mingmang-small mingmang-medium mingmang-large makyek apitsodok rek minrekchanh \
             gala makyek-hunt"
        );
        for preset in crate::rules::Preset::ALL {
            let rules = Rules::preset(preset);
            let set = WeightSet::of_rules(&rules).unwrap();
            assert!(set.name().starts_with(rules.game().name()), "{preset}");
        }
        assert_eq!(
            WeightSet::of_rules(&Rules::new(crate::rules::BoardSize::new(5, 5).unwrap())),
            Some(named("mingmang-small"))
        );
    }

    #[test]
    fn every_game_has_weights_settable_by_name() {
        let mut w = Weights::default();
        for set in WeightSet::ALL {
            let names = w.of(set).names();
            assert!(!names.is_empty());
            for (i, name) in names.iter().enumerate() {
                w.set(set, name, 1000 + i as i32).unwrap();
                assert_eq!(w.of(set).get(name), Some(1000 + i as i32));
            }
            let expected: Vec<i32> = (0..names.len() as i32).map(|i| 1000 + i).collect();
            assert_eq!(w.of(set).values(), expected);
            assert!(w.set(set, "no_such_weight", 1).is_err());
        }
        // Each set's weights are its own, and the file format reads back what it writes.
        assert_eq!(Weights::parse(&w.to_text()).unwrap(), w);
        let mut w = Weights::default();
        w.set(named("rek"), "material", 7).unwrap();
        for set in WeightSet::ALL {
            if set != named("rek") {
                assert_eq!(w.of(set), Weights::builtin().of(set), "{set}");
            }
        }
        // Errors name the line.
        let e = Weights::parse("mingmang-medium tempo 8\nrek king_liberty x\n").unwrap_err();
        assert!(e.starts_with("line 2:"), "{e}");
        assert!(Weights::parse("chess material 1").is_err());
        assert!(Weights::parse("rek no_such 1").is_err());
    }

    #[test]
    fn the_built_in_weights_are_read_over_the_hand_set_ones() {
        let builtin = Weights::builtin();
        assert_eq!(
            Weights::parse_over(Weights::HAND_SET, BUILTIN_TEXT),
            Ok(builtin)
        );
        // A file naming one weight changes that weight of the built-in set and nothing else.
        let w = Weights::parse("makyek tempo 3").unwrap();
        let makyek = named("makyek");
        assert_eq!(w.of(makyek).get("tempo"), Some(3));
        assert_eq!(
            w.of(makyek).get("material"),
            builtin.of(makyek).get("material")
        );
        // Every weight is one of its set's, and material stays the unit's scale.
        for set in WeightSet::ALL {
            let material = builtin.of(set).get("material").unwrap();
            assert!((50..=200).contains(&material), "{set} material {material}");
        }
    }

    #[test]
    fn a_relative_evaluates_with_its_own_weights() {
        use crate::rules::Preset;
        let game = Game::new(Rules::preset(Preset::Gala));
        let mut w = Weights::default();
        let before = evaluate(&game, &w);
        let gala = named("gala");
        let tempo = w.of(gala).get("tempo").unwrap();
        w.set(gala, "tempo", tempo + 50).unwrap();
        assert_eq!(evaluate(&game, &w), before + 50);
        // Another relative's weights change nothing here.
        w.set(named("rek"), "tempo", 0).unwrap();
        assert_eq!(evaluate(&game, &w), before + 50);
    }

    #[test]
    fn material_late_weighs_a_lead_more_as_the_ply_limit_nears() {
        use crate::rules::{parse_position, Preset};
        for (preset, text, set) in [
            (
                Preset::MingMang,
                "bbbb4/8/8/8/8/8/8/wwwww3 w",
                named("mingmang-medium"),
            ),
            (
                Preset::Apitsodok,
                "bbbbbbbb/bbbbbbb1/8/8/8/8/wwwwwwww/wwwwwwww w",
                named("apitsodok"),
            ),
        ] {
            let position = parse_position(text).unwrap();
            let eval = |limit: Option<u32>, ply: usize, late: i32| {
                let rules = Rules::preset(preset).with_max_plies(limit);
                let game = Game::from_position(rules, position.clone())
                    .unwrap()
                    .at_ply(ply);
                let mut w = Weights::default();
                w.set(set, "material_late", late).unwrap();
                evaluate(&game, &w)
            };
            assert_eq!(eval(Some(400), 0, 0), eval(Some(400), 300, 0), "{preset}");
            // White, to move, is a piece ahead; 300 of 400 plies are six eighths.
            assert_eq!(
                eval(Some(400), 300, 4) - eval(Some(400), 0, 4),
                4 * 6,
                "{preset}"
            );
            // Behind by a piece, Black sees the same from its side.
            let black = parse_position(&text.replace(" w", " b")).unwrap();
            let rules = Rules::preset(preset).with_max_plies(Some(400));
            let mut w = Weights::default();
            w.set(set, "material_late", 4).unwrap();
            let at = |ply| {
                evaluate(
                    &Game::from_position(rules, black.clone())
                        .unwrap()
                        .at_ply(ply),
                    &w,
                )
            };
            assert_eq!(at(400) - at(0), -4 * 8, "{preset}");
            // Without a limit there is no phase.
            assert_eq!(eval(None, 300, 4), eval(None, 0, 4), "{preset}");
        }
    }
}
