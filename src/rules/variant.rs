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

/// What a capture does to the captured pieces.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CaptureEffect {
    /// They change colour (Ming Mang).
    Convert,
    /// They leave the board (the relatives).
    Remove,
}

/// Which custodian (flanking) captures a moved piece makes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Custodian {
    /// None.
    None,
    /// A line of exactly one enemy piece between the moved piece and a friendly one (Gala, and
    /// the men's capture of the hunter).
    Single,
    /// A contiguous line of one or more enemy pieces ending in a friendly piece.
    Line,
}

/// How kings move (and whether there are any).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum KingMove {
    /// No kings in this game.
    None,
    /// Like a rook, capturing like a man (Rek).
    Rook,
    /// One square in any of the eight directions to an empty square, capturing like a man
    /// (Min Rek Chanh).
    Step8,
    /// The hunter: one square orthogonally to an empty square, or a jump over an adjacent enemy
    /// man to the empty square beyond, removing it; no other captures.
    Hunter,
}

/// A game of the family, as data: everything move generation, move application and the result
/// read. Ming Mang's options ([`RuleOptions`]) refine the Ming Mang family only.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Family {
    /// Converted (Ming Mang) or removed (relatives). `Convert` selects the Ming Mang fast path.
    pub effect: CaptureEffect,
    /// Custodian captures by the moved piece.
    pub custodian: Custodian,
    /// Moving between two adjacent enemy pieces on a rank or file captures both.
    pub intervention: bool,
    /// Enemy groups touching the moved piece with no empty orthogonal neighbour are captured.
    pub enclosure: bool,
    /// How kings move; `None` means kings are not allowed.
    pub king_move: KingMove,
    /// Which colours may (and, when playing from the start, do) have one king each.
    pub kings: [bool; 2],
    /// Which colours may have men (the hunter stands alone).
    pub men: [bool; 2],
    /// A side whose king is gone loses ([`crate::rules::EndReason::KingCaptured`]).
    pub royal: bool,
    /// Whether a missing king ends the game whoever is to move (the hunt), or only when its
    /// owner is to move (Rek).
    pub royal_any_turn: bool,
    /// `Some((colour, n))`: `colour` loses once it has fewer than `n` men (the hunt).
    pub min_men: Option<(crate::rules::Color, u8)>,
    /// Pieces in hand at the start (White, Black); non-zero means placements exist.
    pub supply: [u8; 2],
    /// Each colour's own half, as a mask of ranks (bit `r` = rank `r`): where it places, and
    /// (complemented by the other half) the ranks its pieces may not enter while it has pieces
    /// in hand.
    pub halves: [u32; 2],
    /// Whether the ply limit is a draw instead of a piece count (the hunt).
    pub ply_limit_draw: bool,
    /// Board size (files, ranks) the game is fixed to; `None`: any size (Ming Mang).
    pub fixed_size: Option<(u8, u8)>,
    /// The start position string; `None`: Ming Mang's rule 3 start for the board size.
    pub start: Option<&'static str>,
}

impl Family {
    /// Ming Mang itself, on any board.
    pub const MING_MANG: Family = Family {
        effect: CaptureEffect::Convert,
        custodian: Custodian::Line,
        intervention: false,
        enclosure: false,
        king_move: KingMove::None,
        kings: [false; 2],
        men: [true; 2],
        royal: false,
        royal_any_turn: false,
        min_men: None,
        supply: [0; 2],
        halves: [0; 2],
        ply_limit_draw: false,
        fixed_size: None,
        start: None,
    };

    const RELATIVE: Family = Family {
        effect: CaptureEffect::Remove,
        custodian: Custodian::Line,
        intervention: true,
        fixed_size: Some((8, 8)),
        ..Family::MING_MANG
    };

    /// Mak-yek: custodian line and intervention.
    pub const MAKYEK: Family = Family {
        start: Some("bbbbbbbb/8/bbbbbbbb/8/8/wwwwwwww/8/wwwwwwww w"),
        ..Family::RELATIVE
    };

    /// Apit-sodok: as Mak-yek, set up on two full ranks each.
    pub const APITSODOK: Family = Family {
        start: Some("bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w"),
        ..Family::RELATIVE
    };

    /// Rek: intervention and enclosure, a rook-moving king each; losing it loses.
    pub const REK: Family = Family {
        custodian: Custodian::None,
        enclosure: true,
        king_move: KingMove::Rook,
        kings: [true; 2],
        royal: true,
        start: Some("bbbbbbb1/7B/bbbbbbbb/8/8/wwwwwwww/W7/1wwwwwww w"),
        ..Family::RELATIVE
    };

    /// Min Rek Chanh: Rek with kings stepping one square in eight directions.
    pub const MINREKCHANH: Family = Family {
        king_move: KingMove::Step8,
        ..Family::REK
    };

    /// Gala: 7x7, placements from hand into one's own half, custodian single only.
    pub const GALA: Family = Family {
        custodian: Custodian::Single,
        intervention: false,
        supply: [13, 10],
        halves: [0b111_1000, 0b000_1111],
        fixed_size: Some((7, 7)),
        start: Some("7/7/7/7/7/7/7 b w13b10"),
        ..Family::RELATIVE
    };

    /// The hunt: Black's lone hunter against White's men, which capture it by custodian.
    pub const MAKYEK_HUNT: Family = Family {
        custodian: Custodian::Single,
        intervention: false,
        king_move: KingMove::Hunter,
        kings: [false, true],
        men: [true, false],
        royal: true,
        royal_any_turn: true,
        min_men: Some((crate::rules::Color::White, 2)),
        ply_limit_draw: true,
        start: Some("4B3/8/8/8/8/wwwwwwww/8/wwwwwwww b"),
        ..Family::RELATIVE
    };

    /// Whether this is Ming Mang (conversion; the fast path, Ming Mang's options apply).
    #[inline(always)]
    pub fn is_ming_mang(&self) -> bool {
        self.effect == CaptureEffect::Convert
    }

    /// Whether pieces are placed from hand.
    #[inline(always)]
    pub fn has_placement(&self) -> bool {
        self.supply != [0, 0]
    }

    /// Whether there are kings (or a hunter).
    #[inline(always)]
    pub fn has_kings(&self) -> bool {
        self.king_move != KingMove::None
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
    /// Mak-yek (seed 004), 8x8.
    Makyek,
    /// Apit-sodok (seed 004), 8x8.
    Apitsodok,
    /// Rek (seed 004), 8x8, with kings.
    Rek,
    /// Min Rek Chanh (seed 004), 8x8, with stepping kings.
    MinRekChanh,
    /// Gala (seed 004), 7x7, placement from hand.
    Gala,
    /// The hunt game of seed 004: a hunter against sixteen men, 8x8.
    MakyekHunt,
}

impl Preset {
    /// Every preset, in the order the protocol lists them.
    pub const ALL: [Preset; 10] = [
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

    /// The preset's name as written on the command line and in the `Variant` option.
    pub fn name(self) -> &'static str {
        match self {
            Preset::MingMang => "mingmang",
            Preset::Gundru => "gundru",
            Preset::Tibetan => "tibetan",
            Preset::GoBoard => "go-board",
            Preset::Makyek => "makyek",
            Preset::Apitsodok => "apitsodok",
            Preset::Rek => "rek",
            Preset::MinRekChanh => "minrekchanh",
            Preset::Gala => "gala",
            Preset::MakyekHunt => "makyek-hunt",
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
            Preset::Gala => 7,
            _ => 8,
        };
        BoardSize::new(n, n).expect("preset sizes are in range")
    }

    /// The game family the preset plays.
    pub fn family(self) -> &'static Family {
        match self {
            Preset::MingMang | Preset::Gundru | Preset::Tibetan | Preset::GoBoard => {
                &Family::MING_MANG
            }
            Preset::Makyek => &Family::MAKYEK,
            Preset::Apitsodok => &Family::APITSODOK,
            Preset::Rek => &Family::REK,
            Preset::MinRekChanh => &Family::MINREKCHANH,
            Preset::Gala => &Family::GALA,
            Preset::MakyekHunt => &Family::MAKYEK_HUNT,
        }
    }

    /// Whether the preset is one of the relatives of seed 004 (fixed board, removal).
    pub fn is_relative(self) -> bool {
        !self.family().is_ming_mang()
    }

    /// The preset playing `family` (Ming Mang for the Ming Mang family).
    pub fn of_family(family: &Family) -> Preset {
        Preset::ALL
            .into_iter()
            .find(|p| p.family() == family)
            .unwrap_or(Preset::MingMang)
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

/// Everything that defines the game being played: the family, board size and rule options.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// The board's dimensions.
    pub size: BoardSize,
    /// The optional rules in force.
    pub options: RuleOptions,
    /// The game of the family being played (Ming Mang unless a relative was chosen).
    pub family: &'static Family,
}

impl Rules {
    /// Ming Mang with default options on a board of `size`.
    pub fn new(size: BoardSize) -> Rules {
        Rules {
            size,
            options: RuleOptions::default(),
            family: &Family::MING_MANG,
        }
    }

    /// The rules of a preset with default options.
    pub fn preset(preset: Preset) -> Rules {
        Rules {
            family: preset.family(),
            ..Rules::new(preset.size())
        }
    }

    /// The preset these rules play (Ming Mang for every Ming Mang board).
    pub fn preset_name(&self) -> &'static str {
        if self.family.is_ming_mang() {
            "mingmang"
        } else {
            Preset::of_family(self.family).name()
        }
    }

    /// Whether captures cannot be found by Ming Mang's straight-line computation alone: an
    /// option changes them, or the game is a relative.
    #[inline(always)]
    pub fn needs_full_capture(&self) -> bool {
        !self.family.is_ming_mang() || self.options.needs_full_capture()
    }

    /// Checks that the size and options fit the family: a relative is played on its fixed board
    /// and takes none of Ming Mang's options (the ply limit excepted).
    pub fn validate(&self) -> Result<(), String> {
        let f = self.family;
        if let Some((w, h)) = f.fixed_size {
            let name = self.preset_name();
            if self.size.width() != w as usize || self.size.height() != h as usize {
                return Err(format!(
                    "{name} is played on the {w}x{h} board only, not {}",
                    self.size
                ));
            }
            let o = &self.options;
            for (on, option) in [
                (o.enchained_capture, "enchained capture"),
                (o.territory, "territory"),
                (o.corner_capture, "corner capture"),
                (o.last_piece_leap, "last-piece leap"),
            ] {
                if on {
                    return Err(format!(
                        "the {option} option belongs to Ming Mang and cannot be used with {name}"
                    ));
                }
            }
        }
        Ok(())
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::preset(Preset::MingMang)
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.family.is_ming_mang() {
            write!(f, "{} ", self.preset_name())?;
        }
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
