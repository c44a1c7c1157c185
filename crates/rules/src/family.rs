//! A game of the family as data: what captures do, which captures exist, kings, hands and the
//! endings. Move generation, captures and the result read one [`Family`] value instead of
//! asking which game is played.

use super::geometry::Color;

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
/// read. Ming Mang's options ([`crate::RuleOptions`]) refine the Ming Mang family only.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Family {
    /// Converted (Ming Mang) or removed (relatives).
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
    /// A side whose king is gone loses ([`crate::EndReason::KingCaptured`]).
    pub royal: bool,
    /// Whether a missing king ends the game whoever is to move (the hunt), or only when its
    /// owner is to move (Rek).
    pub royal_any_turn: bool,
    /// `Some((colour, n))`: `colour` loses once it has fewer than `n` men (the hunt).
    pub min_men: Option<(Color, u8)>,
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
    /// The start position string; `None`: Ming Mang's start for the board size.
    pub start: Option<&'static str>,
    /// Whether Ming Mang's rule options (enchained capture, territory, capture around a
    /// corner, the last-piece leap) may be used with this game.
    pub takes_ming_mang_options: bool,
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
        takes_ming_mang_options: true,
    };

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
