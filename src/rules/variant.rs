//! Rule sets as plain data: the board size, the optional rules, and the named presets.
//!
//! Everything that changes how a game is played lives in [`Rules`], so move generation, the
//! search and the protocol read one value instead of consulting flags scattered through the code.

use std::fmt;

use super::geometry::BoardSize;

/// The optional rules of `shared/rules.md`, each off by default.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct RuleOptions {
    /// Newly converted pieces flank in turn, until nothing changes (seed 001).
    pub enchained_capture: bool,
    /// Passing is allowed, two passes in a row end the game, and the result is decided by
    /// pieces plus enclosed empty regions (seed 002).
    pub territory: bool,
    /// A line of enemy pieces running through a corner along both edges can be flanked
    /// (Rin-chen Lha-mo, seed 000).
    pub corner_capture: bool,
    /// A side with exactly one piece may jump an adjacent enemy piece, converting it
    /// (Rin-chen Lha-mo, seed 000).
    pub last_piece_leap: bool,
    /// End the game after this many plies; the side with more pieces wins, equal counts draw.
    pub max_plies: Option<u32>,
}

impl RuleOptions {
    /// Whether any option changes how captures are found, so the quick straight-line capture
    /// computation cannot be used alone.
    #[inline(always)]
    pub fn needs_full_capture(&self) -> bool {
        self.enchained_capture || self.corner_capture
    }
}

/// A named starting point: the game and its default board size.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Preset {
    /// Ming Mang on the 8x8 board.
    MingMang,
    /// Gundru: Ming Mang on the intersections of an 8x8 board, i.e. 9x9.
    Gundru,
    /// The traditional Tibetan board, 16x16 lines: 17x17.
    Tibetan,
    /// A Go board, 18x18 lines: 19x19.
    GoBoard,
}

impl Preset {
    /// Every preset, in the order the protocol lists them.
    pub const ALL: [Preset; 4] = [
        Preset::MingMang,
        Preset::Gundru,
        Preset::Tibetan,
        Preset::GoBoard,
    ];

    /// The preset's name as written on the command line and in the `Variant` option.
    pub fn name(self) -> &'static str {
        match self {
            Preset::MingMang => "mingmang",
            Preset::Gundru => "gundru",
            Preset::Tibetan => "tibetan",
            Preset::GoBoard => "go-board",
        }
    }

    /// Looks a preset up by name, ignoring case.
    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The board size the preset is played on.
    pub fn size(self) -> BoardSize {
        let n = match self {
            Preset::MingMang => 8,
            Preset::Gundru => 9,
            Preset::Tibetan => 17,
            Preset::GoBoard => 19,
        };
        BoardSize::new(n, n).expect("preset sizes are in range")
    }

    /// The names of all presets, separated by `sep`.
    pub fn names(sep: &str) -> String {
        Preset::ALL.map(Preset::name).join(sep)
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Everything that defines the game being played: board size and rule options.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// The board's dimensions.
    pub size: BoardSize,
    /// The optional rules in force.
    pub options: RuleOptions,
}

impl Rules {
    /// Ming Mang with default options on a board of `size`.
    pub fn new(size: BoardSize) -> Rules {
        Rules {
            size,
            options: RuleOptions::default(),
        }
    }

    /// The rules of a preset with default options.
    pub fn preset(preset: Preset) -> Rules {
        Rules::new(preset.size())
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::preset(Preset::MingMang)
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.size)?;
        let o = &self.options;
        for (on, name) in [
            (o.enchained_capture, "enchained-capture"),
            (o.territory, "territory"),
            (o.corner_capture, "corner-capture"),
            (o.last_piece_leap, "last-piece-leap"),
        ] {
            if on {
                write!(f, " {name}")?;
            }
        }
        if let Some(n) = o.max_plies {
            write!(f, " max-plies {n}")?;
        }
        Ok(())
    }
}
