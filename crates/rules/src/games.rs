//! The one table of games: each game of the family is one [`GameEntry`] of [`GAMES`], holding
//! its name, its rules as data ([`Family`]), its presets and their boards, the evaluation and
//! weight set the search plays it with, what the search does differently in it
//! ([`SearchHints`]) and its line in the documentation. [`GameKind`] and
//! [`crate::Preset`], the `Variant` option's choices and help, the weight sets and the
//! README's variant table are read from here or checked against it.
//!
//! The rules read only the name, the family and the presets; the evaluation, weight set and
//! hints are data for the search, kept here so that a game is declared in one place.
//!
//! A game need not be in [`GAMES`]: [`GameKind::new`] takes any `'static` entry, so a game can
//! be declared elsewhere (a test does) and played, counted by perft and searched like the
//! built-in ones; only the name lookups (`--variant`, the `Variant` option) know just the
//! table's games.

use std::fmt;

use super::family::{CaptureEffect, Custodian, Family, KingMove};
use super::geometry::{BoardSize, Color};
use super::relatives::RELATIVE;

/// One game of the family: everything the program knows about it besides its rule code.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GameEntry {
    /// The game's name, as `--variant` and the `Variant` option write it (lower case, no
    /// spaces).
    pub name: &'static str,
    /// The game's name in prose (`Mak-yek`).
    pub title: &'static str,
    /// One line on the game for the documentation (the README's variant table).
    pub doc: &'static str,
    /// Its rules as data.
    pub family: Family,
    /// Its presets, each a name and a board: the first is named after the game, and is the one
    /// `Rules::preset` and the start of a new game use.
    pub presets: &'static [PresetEntry],
    /// The evaluation the search plays it with.
    pub evaluation: Evaluation,
    /// The name of its weight set (weight files write it): its own name for a game with weights
    /// of its own, another game's to share them (see [`Evaluation`] for Ming Mang's classes).
    pub weights: &'static str,
    /// What the search does differently in this game.
    pub hints: SearchHints,
}

/// A named board of a game: its name (`--variant`, the `Variant` option) and size.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PresetEntry {
    /// The preset's name.
    pub name: &'static str,
    /// The board, files by ranks.
    pub size: (u8, u8),
}

impl PresetEntry {
    /// The preset `name` on a board of `width` files by `height` ranks.
    pub const fn new(name: &'static str, width: u8, height: u8) -> PresetEntry {
        PresetEntry {
            name,
            size: (width, height),
        }
    }
}

/// Which of the search's two evaluations plays a game (the rules do not read this).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Evaluation {
    /// Ming Mang's: line words on any board, with one weight set per board-size class, named
    /// `<weights>-small`, `<weights>-medium` and `<weights>-large`.
    MingMang,
    /// The relatives': bitboards on boards of at most 8x8, with the one weight set `<weights>`.
    Relatives,
}

/// What the search does differently in a game beyond what its rules imply: choices measured
/// game by game, named here so that the search never guesses the game from its rules data.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SearchHints {
    /// Save threatened pieces first: the quiet moves that save a piece the opponent could
    /// capture next are ordered before the other quiet moves, and this says which moves save
    /// one. Worth it where a piece is lost to a single enemy move into a gap or a last
    /// liberty and the saving move is a quiet one that history rarely ranks high.
    pub save_threatened: Option<Rescue>,
    /// The evaluation counts the pieces no single custodian capture can take (a friendly
    /// neighbour or the edge beyond them on both their lines): where single custodian is the
    /// men's only capture.
    pub count_shielded: bool,
}

impl SearchHints {
    /// No hints: the search as every game shares it.
    pub const NONE: SearchHints = SearchHints {
        save_threatened: None,
        count_shielded: false,
    };
}

/// Which quiet moves save a threatened piece (see [`SearchHints::save_threatened`]), besides
/// moving the piece itself.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Rescue {
    /// Moves to any empty square beside a threatened piece.
    Beside,
    /// Moves to the squares the enemy's captures land on (the gap, the last liberty) only.
    Landings,
}

/// Every game of the family, Ming Mang first; within a game its presets, in the order the
/// protocol lists them.
///
/// # Examples
/// ```
/// use mingmang_rules::GAMES;
///
/// let rek = GAMES.iter().find(|entry| entry.name == "rek").unwrap();
/// assert!(!rek.presets.is_empty());
/// assert_eq!(GAMES[0].name, "mingmang");
/// ```
pub static GAMES: [GameEntry; 7] = [
    GameEntry {
        name: "mingmang",
        title: "Ming Mang",
        doc: "captured lines change colour (the default)",
        family: Family::MING_MANG,
        presets: &[
            PresetEntry::new("mingmang", 8, 8),
            // Gundru: Ming Mang on the intersections of an 8x8 board.
            PresetEntry::new("gundru", 9, 9),
            // The traditional Tibetan board, 16x16 lines.
            PresetEntry::new("tibetan", 17, 17),
            // A Go board, 18x18 lines.
            PresetEntry::new("go-board", 19, 19),
        ],
        evaluation: Evaluation::MingMang,
        weights: "mingmang",
        hints: SearchHints::NONE,
    },
    GameEntry {
        name: "makyek",
        title: "Mak-yek",
        doc: "custodian line + intervention, removal",
        family: Family {
            start: Some("bbbbbbbb/8/bbbbbbbb/8/8/wwwwwwww/8/wwwwwwww w"),
            ..RELATIVE
        },
        presets: &[PresetEntry::new("makyek", 8, 8)],
        evaluation: Evaluation::Relatives,
        weights: "makyek",
        hints: SearchHints::NONE,
    },
    GameEntry {
        name: "apitsodok",
        title: "Apit-sodok",
        doc: "as Mak-yek, set up on two full ranks",
        family: Family {
            start: Some("bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w"),
            ..RELATIVE
        },
        presets: &[PresetEntry::new("apitsodok", 8, 8)],
        evaluation: Evaluation::Relatives,
        weights: "apitsodok",
        hints: SearchHints::NONE,
    },
    GameEntry {
        name: "rek",
        title: "Rek",
        doc: "kings, intervention + enclosure",
        family: REK,
        presets: &[PresetEntry::new("rek", 8, 8)],
        evaluation: Evaluation::Relatives,
        weights: "rek",
        // Adopted by SPRT: a Rek match lost pieces to one enemy move into a gap or a last
        // liberty, the saving move pruned at a few thousand nodes (confirmed by deeper searches).
        hints: SearchHints {
            save_threatened: Some(Rescue::Beside),
            ..SearchHints::NONE
        },
    },
    GameEntry {
        name: "minrekchanh",
        title: "Min Rek Chanh",
        doc: "Rek, kings step in 8 directions",
        family: Family {
            king_move: KingMove::Step8,
            ..REK
        },
        presets: &[PresetEntry::new("minrekchanh", 8, 8)],
        evaluation: Evaluation::Relatives,
        weights: "minrekchanh",
        // As Rek, adopted by SPRT; here the squares beside a threatened piece ordered so many
        // moves first that the search grew and gained less than with the landings alone.
        hints: SearchHints {
            save_threatened: Some(Rescue::Landings),
            ..SearchHints::NONE
        },
    },
    GameEntry {
        name: "gala",
        title: "Gala",
        doc: "placement from hand, custodian single",
        family: Family {
            custodian: Custodian::Single,
            intervention: false,
            supply: [13, 10],
            halves: [0b111_1000, 0b000_1111],
            fixed_size: Some((7, 7)),
            start: Some("7/7/7/7/7/7/7 b w13b10"),
            ..RELATIVE
        },
        presets: &[PresetEntry::new("gala", 7, 7)],
        evaluation: Evaluation::Relatives,
        weights: "gala",
        hints: SearchHints {
            count_shielded: true,
            ..SearchHints::NONE
        },
    },
    GameEntry {
        name: "makyek-hunt",
        title: "The hunt",
        doc: "one hunter against 16 men",
        family: Family {
            custodian: Custodian::Single,
            intervention: false,
            king_move: KingMove::Hunter,
            kings: [false, true],
            men: [true, false],
            royal: true,
            royal_any_turn: true,
            min_men: Some((Color::White, 2)),
            ply_limit_draw: true,
            start: Some("4B3/8/8/8/8/wwwwwwww/8/wwwwwwww b"),
            ..RELATIVE
        },
        presets: &[PresetEntry::new("makyek-hunt", 8, 8)],
        evaluation: Evaluation::Relatives,
        weights: "makyek-hunt",
        hints: SearchHints::NONE,
    },
];

/// Rek's rules, which Min Rek Chanh's refine: intervention and enclosure, a rook-moving king
/// each; losing it loses.
const REK: Family = Family {
    custodian: Custodian::None,
    enclosure: true,
    king_move: KingMove::Rook,
    kings: [true; 2],
    royal: true,
    start: Some("bbbbbbb1/7B/bbbbbbbb/8/8/wwwwwwww/W7/1wwwwwww w"),
    ..RELATIVE
};

impl GameEntry {
    /// Checks that the entry holds together: a name and presets, the first preset named after
    /// the game, every preset's board one the game is played on, and the relatives' rules
    /// and evaluation on boards of at most 8x8.
    pub fn check(&self) -> Result<(), String> {
        let name = self.name;
        if name.is_empty() || name.contains(char::is_whitespace) || name != name.to_lowercase() {
            return Err(format!("game '{name}': a name is one lower-case word"));
        }
        let first = self.presets.first().map(|p| p.name);
        if first != Some(name) {
            return Err(format!(
                "{name}: the first preset must be named after the game"
            ));
        }
        for preset in self.presets {
            let (w, h) = preset.size;
            let size = BoardSize::new(w as usize, h as usize)
                .map_err(|e| format!("{name}: preset {}: {e}", preset.name))?;
            if self.family.fixed_size.is_some_and(|fixed| fixed != (w, h)) {
                return Err(format!(
                    "{name}: preset {} is not on the game's fixed board",
                    preset.name
                ));
            }
            let removal = self.family.effect == CaptureEffect::Remove;
            let bitboards = removal || self.evaluation == Evaluation::Relatives;
            if bitboards && (size.width() > 8 || size.height() > 8) {
                return Err(format!(
                    "{name}: preset {} is larger than the relatives' 8x8 bitboards",
                    preset.name
                ));
            }
        }
        if self.weights.is_empty() {
            return Err(format!("{name}: no weight set named"));
        }
        Ok(())
    }
}

/// A game of the family: a handle on its [`GameEntry`], in [`GAMES`] or declared elsewhere.
/// Two handles are the same game when their entries are equal.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct GameKind(&'static GameEntry);

// The built-in games by the names they are known by in code; new games need none (they are
// found by name, or iterated over with `GameKind::ALL`). A test checks each against its name.
#[allow(non_upper_case_globals)]
impl GameKind {
    /// Ming Mang, on any board from 4x4 to 19x19.
    pub const MingMang: GameKind = GameKind(&GAMES[0]);
    /// Mak-yek, 8x8: custodian line and intervention, captured pieces removed.
    pub const Makyek: GameKind = GameKind(&GAMES[1]);
    /// Apit-sodok, 8x8: as Mak-yek, set up on two full ranks.
    pub const Apitsodok: GameKind = GameKind(&GAMES[2]);
    /// Rek, 8x8: kings, intervention and enclosure.
    pub const Rek: GameKind = GameKind(&GAMES[3]);
    /// Min Rek Chanh, 8x8: Rek with kings stepping in eight directions.
    pub const MinRekChanh: GameKind = GameKind(&GAMES[4]);
    /// Gala, 7x7: placement from hand, custodian single.
    pub const Gala: GameKind = GameKind(&GAMES[5]);
    /// The hunt form of Mak-yek, 8x8: a hunter against sixteen men.
    pub const MakyekHunt: GameKind = GameKind(&GAMES[6]);
}

impl GameKind {
    /// Every game of [`GAMES`], in its order.
    pub const ALL: [GameKind; GAMES.len()] = {
        let mut all = [GameKind(&GAMES[0]); GAMES.len()];
        let mut i = 0;
        while i < GAMES.len() {
            all[i] = GameKind(&GAMES[i]);
            i += 1;
        }
        all
    };

    /// The game an entry declares, whether or not it is in [`GAMES`]. The entry should pass
    /// [`GameEntry::check`].
    pub const fn new(entry: &'static GameEntry) -> GameKind {
        GameKind(entry)
    }

    /// The table's game called `name` (any case).
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{GameKind, Preset};
    ///
    /// assert_eq!(GameKind::from_name("gala"), Some(Preset::Gala.game()));
    /// assert_eq!(GameKind::from_name("gala").unwrap().name(), "gala");
    /// ```
    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The game's entry.
    #[inline(always)]
    pub fn entry(self) -> &'static GameEntry {
        self.0
    }

    /// The game's name, as the `Variant` option writes it.
    #[inline(always)]
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// The game's rules as data.
    #[inline(always)]
    pub fn family(self) -> &'static Family {
        &self.0.family
    }

    /// What the search does differently in this game.
    #[inline(always)]
    pub fn hints(self) -> &'static SearchHints {
        &self.0.hints
    }
}

impl std::hash::Hash for GameKind {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // Equal entries have equal names.
        self.0.name.hash(state);
    }
}

impl fmt::Debug for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GameKind({})", self.0.name)
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_holds_together_and_names_are_unique() {
        let mut names = Vec::new();
        for entry in &GAMES {
            entry.check().unwrap();
            names.extend(entry.presets.iter().map(|p| p.name));
        }
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{names:?}");
    }

    #[test]
    fn games_are_found_by_name() {
        for game in GameKind::ALL {
            assert_eq!(GameKind::from_name(game.name()), Some(game));
        }
        assert_eq!(GameKind::from_name("MAKYEK"), Some(GameKind::Makyek));
        assert_eq!(GameKind::from_name("chess"), None);
    }

    #[test]
    fn a_broken_entry_is_refused() {
        let mut entry = GAMES[1];
        const NINE: &[PresetEntry] = &[PresetEntry::new("makyek", 9, 9)];
        entry.presets = NINE;
        assert!(entry.check().unwrap_err().contains("fixed board"));
        entry.family.fixed_size = None;
        assert!(entry.check().unwrap_err().contains("8x8"));
        let mut entry = GAMES[0];
        entry.presets = &GAMES[0].presets[1..];
        assert!(entry.check().unwrap_err().contains("named after the game"));
    }
}
