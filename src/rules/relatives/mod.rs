//! The relatives of Ming Mang, each declared as a [`Family`] value: Mak-yek, Apit-sodok, Rek,
//! Min Rek Chanh, Gala and the hunt form of Mak-yek. Captured pieces leave the board; which
//! captures exist, kings, hands and endings are read from the data.

use super::family::{CaptureEffect, Custodian, Family, KingMove};
use super::geometry::Color;

pub mod bitboard;
mod captures;
mod moves;
pub mod threats;

pub(super) use moves::{for_each_pseudo_move, is_pseudo_legal};

/// What every relative shares: removal, custodian line and intervention on the 8x8 board.
const RELATIVE: Family = Family {
    effect: CaptureEffect::Remove,
    custodian: Custodian::Line,
    intervention: true,
    fixed_size: Some((8, 8)),
    takes_ming_mang_options: false,
    ..Family::MING_MANG
};

/// Mak-yek: custodian line and intervention.
pub const MAKYEK: Family = Family {
    start: Some("bbbbbbbb/8/bbbbbbbb/8/8/wwwwwwww/8/wwwwwwww w"),
    ..RELATIVE
};

/// Apit-sodok: as Mak-yek, set up on two full ranks each.
pub const APITSODOK: Family = Family {
    start: Some("bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w"),
    ..RELATIVE
};

/// Rek: intervention and enclosure, a rook-moving king each; losing it loses.
pub const REK: Family = Family {
    custodian: Custodian::None,
    enclosure: true,
    king_move: KingMove::Rook,
    kings: [true; 2],
    royal: true,
    start: Some("bbbbbbb1/7B/bbbbbbbb/8/8/wwwwwwww/W7/1wwwwwww w"),
    ..RELATIVE
};

/// Min Rek Chanh: Rek with kings stepping one square in eight directions.
pub const MINREKCHANH: Family = Family {
    king_move: KingMove::Step8,
    ..REK
};

/// Gala: 7x7, placements from hand into one's own half, custodian single only.
pub const GALA: Family = Family {
    custodian: Custodian::Single,
    intervention: false,
    supply: [13, 10],
    halves: [0b111_1000, 0b000_1111],
    fixed_size: Some((7, 7)),
    start: Some("7/7/7/7/7/7/7 b w13b10"),
    ..RELATIVE
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
    min_men: Some((Color::White, 2)),
    ply_limit_draw: true,
    start: Some("4B3/8/8/8/8/wwwwwwww/8/wwwwwwww b"),
    ..RELATIVE
};
