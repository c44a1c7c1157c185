//! The rule code of Ming Mang's relatives (Mak-yek, Apit-sodok, Rek, Min Rek Chanh, Gala and
//! the hunt form of Mak-yek), each declared as a [`Family`] value in the table of games
//! ([`crate::games`]). Captured pieces leave the board; which captures exist, kings,
//! hands and endings are read from the data.

use super::family::{CaptureEffect, Custodian, Family};

pub mod bitboard;
mod captures;
mod moves;
pub mod threats;

pub(super) use moves::{for_each_pseudo_move, is_pseudo_legal};

/// What every relative's rules start from: removal, custodian line and intervention on the
/// 8x8 board; each relative's entry in [`crate::games::GAMES`] changes what differs.
pub const RELATIVE: Family = Family {
    effect: CaptureEffect::Remove,
    custodian: Custodian::Line,
    intervention: true,
    fixed_size: Some((8, 8)),
    takes_ming_mang_options: false,
    ..Family::MING_MANG
};
