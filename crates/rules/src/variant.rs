//! The rules in force: which game of the family, the board size and the options, decided once
//! when a [`Rules`] value is built and read everywhere else.
//!
//! [`Rules`] is immutable and always valid: it is made by [`Rules::new`], [`Rules::preset`] or
//! [`Rules::build`] (which checks that the size and options fit the game), and changed only
//! through the `with_*` methods, which check again. When it is built it also decides how
//! captures are found (its capture model), so the move generators dispatch on one field instead of
//! re-deriving the game from flags at every call.

use std::fmt;

use super::family::{CaptureEffect, Family};
use super::games::{GameKind, PresetEntry, GAMES};
use super::geometry::BoardSize;
use super::rule_options::{RuleSettings, RULE_OPTIONS};

/// The optional rules of Ming Mang, each off by default (see `docs/rules.md`).
///
/// # Examples
/// ```
/// use mingmang_rules::{Preset, RuleOptions, Rules};
///
/// let options = RuleOptions { enchained_capture: true, ..RuleOptions::default() };
/// let rules = Rules::preset(Preset::MingMang).with_options(options).unwrap();
/// assert!(rules.options().enchained_capture);
/// assert!(!RuleOptions::default().territory);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct RuleOptions {
    /// Newly converted pieces flank in turn, until nothing changes.
    pub enchained_capture: bool,
    /// Passing is allowed, two passes in a row end the game, and the result is decided by
    /// pieces plus enclosed empty regions.
    pub territory: bool,
    /// A line of enemy pieces running through a corner along both edges can be flanked
    /// (Rin-chen Lha-mo).
    pub corner_capture: bool,
    /// A side with exactly one piece may jump an adjacent enemy piece, converting it
    /// (Rin-chen Lha-mo).
    pub last_piece_leap: bool,
    /// End the game after this many plies; the side with more pieces wins, equal counts draw.
    /// `Some(0)` means no limit, the same as `None` ([`Rules::build`] keeps `None`).
    pub max_plies: Option<u32>,
}

/// A named starting point: a game and one of its boards (an entry of its
/// [`crate::GameEntry::presets`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Preset {
    game: GameKind,
    /// Position in the game's presets.
    index: u8,
}

// The built-in presets by the names they are known by in code; new ones need none (they are
// found by name, or iterated over with `Preset::ALL`). A test checks each against its name.
#[allow(non_upper_case_globals)]
impl Preset {
    /// Ming Mang on the 8x8 board.
    pub const MingMang: Preset = Preset::of_game(GameKind::MingMang);
    /// Gundru: Ming Mang on the intersections of an 8x8 board, i.e. 9x9.
    pub const Gundru: Preset = Preset::at(GameKind::MingMang, 1);
    /// The traditional Tibetan board, 16x16 lines: 17x17.
    pub const Tibetan: Preset = Preset::at(GameKind::MingMang, 2);
    /// A Go board, 18x18 lines: 19x19.
    pub const GoBoard: Preset = Preset::at(GameKind::MingMang, 3);
    /// Mak-yek, 8x8.
    pub const Makyek: Preset = Preset::of_game(GameKind::Makyek);
    /// Apit-sodok, 8x8.
    pub const Apitsodok: Preset = Preset::of_game(GameKind::Apitsodok);
    /// Rek, 8x8, with kings.
    pub const Rek: Preset = Preset::of_game(GameKind::Rek);
    /// Min Rek Chanh, 8x8, with stepping kings.
    pub const MinRekChanh: Preset = Preset::of_game(GameKind::MinRekChanh);
    /// Gala, 7x7, placement from hand.
    pub const Gala: Preset = Preset::of_game(GameKind::Gala);
    /// The hunt form of Mak-yek: a hunter against sixteen men, 8x8.
    pub const MakyekHunt: Preset = Preset::of_game(GameKind::MakyekHunt);
}

/// How many presets the table of games has.
const PRESET_COUNT: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < GAMES.len() {
        n += GAMES[i].presets.len();
        i += 1;
    }
    n
};

impl Preset {
    /// Every preset of the table of games, in the order the protocol lists them (the games'
    /// order, and within a game its presets').
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{Preset, GAMES};
    ///
    /// assert_eq!(Preset::ALL[0], Preset::MingMang);
    /// assert!(Preset::ALL.len() >= GAMES.len()); // every game has a preset
    /// ```
    pub const ALL: [Preset; PRESET_COUNT] = {
        let mut all = [Preset::MingMang; PRESET_COUNT];
        let (mut n, mut g) = (0, 0);
        while g < GAMES.len() {
            let mut p = 0;
            while p < GAMES[g].presets.len() {
                all[n] = Preset::at(GameKind::ALL[g], p);
                n += 1;
                p += 1;
            }
            g += 1;
        }
        all
    };

    /// The preset at `index` of `game`'s presets.
    const fn at(game: GameKind, index: usize) -> Preset {
        Preset {
            game,
            index: index as u8,
        }
    }

    /// The preset named after `game` (`mingmang` for Ming Mang on any board): the first of its
    /// presets.
    pub const fn of_game(game: GameKind) -> Preset {
        Preset::at(game, 0)
    }

    fn entry(self) -> &'static PresetEntry {
        &self.game.entry().presets[self.index as usize]
    }

    /// The preset's name as written on the command line and in the `Variant` option.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::Preset;
    ///
    /// assert_eq!(Preset::MingMang.name(), "mingmang");
    /// for preset in Preset::ALL {
    ///     assert_eq!(Preset::from_name(preset.name()), Some(preset));
    /// }
    /// ```
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// Looks a preset of the table of games up by name, ignoring case.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::Preset;
    ///
    /// assert_eq!(Preset::from_name("MingMang"), Some(Preset::MingMang));
    /// assert_eq!(Preset::from_name("Rek"), Some(Preset::Rek));
    /// assert_eq!(Preset::from_name("chess"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The board size the preset is played on.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{BoardSize, Preset};
    ///
    /// assert_eq!(Preset::MingMang.size(), BoardSize::new(8, 8).unwrap());
    /// assert_eq!(Preset::Gala.size().to_string(), "7x7");
    /// ```
    pub fn size(self) -> BoardSize {
        let (w, h) = self.entry().size;
        BoardSize::new(w as usize, h as usize).expect("preset sizes are in range")
    }

    /// The game the preset plays.
    pub fn game(self) -> GameKind {
        self.game
    }

    /// The names of all presets, separated by `sep`.
    pub fn names(sep: &str) -> String {
        Preset::ALL.map(Preset::name).join(sep)
    }
}

impl Default for Preset {
    fn default() -> Preset {
        Preset::MingMang
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How the rules in force find captures, decided once when a [`Rules`] is built; the move
/// generators, capture counts and child hashes dispatch on it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Model {
    /// Ming Mang with rule 6's straight captures only: a capture is known from the
    /// destination square's rank and file, and most moves are hashed without being made.
    Straight,
    /// Ming Mang with an option that can capture beyond the straight lines (enchained capture,
    /// capture around a corner) or adds leaps (the last-piece leap).
    Extended,
    /// A relative: captured pieces are removed; captures follow the family's data.
    Relative,
}

/// Everything that defines the game being played: the game, board size and rule options.
/// Always valid (see the module documentation).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    size: BoardSize,
    options: RuleOptions,
    game: GameKind,
    model: Model,
}

impl Rules {
    /// Ming Mang with default options on a board of `size`.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{BoardSize, Game, Rules};
    ///
    /// let rules = Rules::new("6x6".parse::<BoardSize>().unwrap());
    /// assert_eq!(rules.size().width(), 6);
    /// assert_eq!(Game::new(rules).position().size(), rules.size());
    /// ```
    pub fn new(size: BoardSize) -> Rules {
        Rules::assemble(GameKind::MingMang, size, RuleOptions::default())
    }

    /// The rules of a preset with default options.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{Preset, Rules};
    ///
    /// let rules = Rules::preset(Preset::MakyekHunt);
    /// assert_eq!(rules.preset_name(), "makyek-hunt");
    /// assert_eq!(rules.size().to_string(), "8x8");
    /// ```
    pub fn preset(preset: Preset) -> Rules {
        Rules::assemble(preset.game(), preset.size(), RuleOptions::default())
    }

    /// The rules of `game` on `size` with `options`, if they fit together: a relative is
    /// played on its fixed board and takes none of Ming Mang's options (the ply limit
    /// excepted).
    pub fn build(game: GameKind, size: BoardSize, options: RuleOptions) -> Result<Rules, String> {
        let rules = Rules::assemble(game, size, options);
        rules.validate()?;
        Ok(rules)
    }

    /// These rules on a board of `size` (checked as [`Rules::build`] does).
    pub fn with_size(self, size: BoardSize) -> Result<Rules, String> {
        Rules::build(self.game, size, self.options)
    }

    /// These rules with `options` instead (checked as [`Rules::build`] does).
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{Preset, RuleOptions, Rules};
    ///
    /// let options = RuleOptions { territory: true, ..RuleOptions::default() };
    /// let rules = Rules::preset(Preset::MingMang).with_options(options).unwrap();
    /// assert!(rules.may_pass()); // territory scoring lets a side pass
    /// // A relative takes none of Ming Mang's options.
    /// assert!(Rules::preset(Preset::Rek).with_options(options).is_err());
    /// ```
    pub fn with_options(self, options: RuleOptions) -> Result<Rules, String> {
        Rules::build(self.game, self.size, options)
    }

    /// These rules with the ply limit `max_plies` (`None` or `Some(0)`: no limit). Every game
    /// takes a ply limit, so this cannot fail.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{Preset, Rules};
    ///
    /// let rules = Rules::preset(Preset::MingMang).with_max_plies(Some(200));
    /// assert_eq!(rules.max_plies(), Some(200));
    /// ```
    pub fn with_max_plies(self, max_plies: Option<u32>) -> Rules {
        let options = RuleOptions {
            max_plies,
            ..self.options
        };
        Rules::assemble(self.game, self.size, options)
    }

    fn assemble(game: GameKind, size: BoardSize, mut options: RuleOptions) -> Rules {
        if options.max_plies == Some(0) {
            options.max_plies = None;
        }
        let model = if game.family().effect == CaptureEffect::Remove {
            Model::Relative
        } else if options.enchained_capture || options.corner_capture || options.last_piece_leap {
            Model::Extended
        } else {
            Model::Straight
        };
        Rules {
            size,
            options,
            game,
            model,
        }
    }

    /// The board's dimensions.
    #[inline(always)]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The optional rules in force.
    #[inline(always)]
    pub fn options(&self) -> &RuleOptions {
        &self.options
    }

    /// The game of the family being played.
    #[inline(always)]
    pub fn game(&self) -> GameKind {
        self.game
    }

    /// The game's rules as data.
    #[inline(always)]
    pub fn family(&self) -> &'static Family {
        self.game.family()
    }

    /// How captures are found.
    #[inline(always)]
    pub(crate) fn model(&self) -> Model {
        self.model
    }

    /// The game's name (`mingmang` for Ming Mang on any board).
    pub fn preset_name(&self) -> &'static str {
        self.game.name()
    }

    /// Whether a side may pass (territory scoring).
    #[inline(always)]
    pub fn may_pass(&self) -> bool {
        self.options.territory
    }

    /// The ply limit, if any.
    #[inline(always)]
    pub fn max_plies(&self) -> Option<u32> {
        self.options.max_plies
    }

    /// The settings that describe these rules, as the option table reads and writes them.
    pub fn settings(&self) -> RuleSettings {
        RuleSettings {
            variant: Preset::of_game(self.game),
            board_size: Some(self.size),
            options: self.options,
        }
    }

    /// Checks that the size and options fit the game.
    fn validate(&self) -> Result<(), String> {
        let f = self.family();
        let name = self.preset_name();
        if let Some((w, h)) = f.fixed_size {
            if self.size.width() != w as usize || self.size.height() != h as usize {
                return Err(format!(
                    "{name} is played on the {w}x{h} board only, not {}",
                    self.size
                ));
            }
        }
        if f.effect == CaptureEffect::Remove && (self.size.width() > 8 || self.size.height() > 8) {
            return Err(format!(
                "{name} is played on bitboards of at most 8x8, not {}",
                self.size
            ));
        }
        if !f.takes_ming_mang_options {
            let settings = self.settings();
            for option in RULE_OPTIONS.iter().filter(|o| o.ming_mang_only) {
                if option.get(&settings).to_string() != option.spec.default {
                    return Err(format!(
                        "the {} option belongs to Ming Mang and cannot be used with {name}",
                        option.title
                    ));
                }
            }
        }
        Ok(())
    }
}

impl Rules {
    /// A sample of rule sets for the tests: every preset, and Ming Mang on square and oblong
    /// boards from 4x4 to 19x19 with each option that changes captures or moves, alone and
    /// all together.
    pub fn samples() -> Vec<Rules> {
        let mut list: Vec<Rules> = Preset::ALL.into_iter().map(Rules::preset).collect();
        let on = |f: fn(&mut RuleOptions)| {
            let mut o = RuleOptions::default();
            f(&mut o);
            o
        };
        let options = [
            RuleOptions::default(),
            on(|o| o.territory = true),
            on(|o| o.enchained_capture = true),
            on(|o| o.corner_capture = true),
            on(|o| o.last_piece_leap = true),
            on(|o| {
                o.enchained_capture = true;
                o.corner_capture = true;
                o.last_piece_leap = true;
                o.territory = true;
            }),
        ];
        for (w, h) in [(4, 4), (5, 7), (7, 7), (8, 8), (9, 9), (13, 13), (19, 19)] {
            let size = BoardSize::new(w, h).expect("sample sizes are valid");
            for o in options {
                list.push(
                    Rules::new(size)
                        .with_options(o)
                        .expect("Ming Mang takes every option"),
                );
            }
        }
        list
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::preset(Preset::MingMang)
    }
}

/// The rules as the option table describes them: the game unless it is Ming Mang, the size,
/// then each option that is not at its default (`makyek 8x8 max-plies 40`, `8x8 territory`).
impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.settings().describe())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_named_games_and_presets_are_the_table_s() {
        let games = [
            GameKind::MingMang,
            GameKind::Makyek,
            GameKind::Apitsodok,
            GameKind::Rek,
            GameKind::MinRekChanh,
            GameKind::Gala,
            GameKind::MakyekHunt,
        ];
        assert_eq!(games, GameKind::ALL);
        let presets = [
            Preset::MingMang,
            Preset::Gundru,
            Preset::Tibetan,
            Preset::GoBoard,
            Preset::Makyek,
            Preset::Apitsodok,
            Preset::Rek,
            Preset::MinRekChanh,
            Preset::Gala,
            Preset::MakyekHunt,
        ];
        assert_eq!(presets, Preset::ALL);
        for preset in Preset::ALL {
            assert_eq!(Preset::from_name(preset.name()), Some(preset));
            // Every preset's board is one its game is played on.
            assert_eq!(
                Rules::build(preset.game(), preset.size(), RuleOptions::default()),
                Ok(Rules::preset(preset))
            );
        }
        assert_eq!(Preset::of_game(GameKind::Rek), Preset::Rek);
        assert_eq!(Preset::default(), Preset::MingMang);
    }
}
