//! The engine (the library's `Game`) in the reference interface's terms: the engine's rules
//! for a [`RuleSet`], a game from a position string, legal moves as sorted text, and outcomes as
//! [`ROutcome`]. The one place where the tests turn their rule descriptions into the engine's.

use mingmang::rules::{
    format_position, parse_position, BoardSize, Color, EndReason, Game, Outcome, Preset,
    RuleOptions, Rules,
};

use super::interface::{Col, Opts, ROutcome, RReason, RuleSet};
use super::text::sorted;

/// The engine's rules for `rules` (its checks included: a relative refuses Ming Mang's
/// options and any board but its own).
pub fn engine_rules(rules: &RuleSet) -> Result<Rules, String> {
    let preset =
        Preset::from_name(rules.game).ok_or_else(|| format!("no preset {}", rules.game))?;
    let o = rules.opts;
    let options = RuleOptions {
        enchained_capture: o.enchained,
        territory: o.territory,
        corner_capture: o.corner,
        last_piece_leap: o.leap,
        max_plies: o.max_plies,
    };
    Rules::build(
        preset.game(),
        BoardSize::new(rules.width, rules.height)?,
        options,
    )
}

/// An engine game under `rules` from the position string `fen`, or the engine's reason for
/// refusing it.
pub fn engine_game(rules: &RuleSet, fen: &str) -> Result<Game, String> {
    Game::from_position(engine_rules(rules)?, parse_position(fen)?)
}

/// An engine game of Ming Mang (on the board of `fen`) with `opts`; panics if refused.
pub fn ming_mang_game(fen: &str, opts: Opts) -> Game {
    engine_game(&RuleSet::on_board_of("mingmang", fen, opts), fen)
        .unwrap_or_else(|e| panic!("engine refused {fen}: {e}"))
}

/// An engine game of the preset `name` (a relative, say) from the position string `fen`;
/// panics if refused.
pub fn preset_game(name: &str, fen: &str) -> Game {
    let preset = Preset::from_name(name).unwrap_or_else(|| panic!("no preset {name}"));
    Game::from_position(Rules::preset(preset), parse_position(fen).unwrap())
        .unwrap_or_else(|e| panic!("engine refused {name} {fen}: {e}"))
}

/// The current position string of an engine game.
pub fn fen(game: &Game) -> String {
    format_position(game.position())
}

/// The engine's legal moves as sorted text.
pub fn engine_moves(game: &Game) -> Vec<String> {
    sorted(game.legal_moves())
}

/// Whether the engine's move parser accepts `text` (it accepts exactly the legal moves).
pub fn accepts(game: &Game, text: &str) -> bool {
    game.parse_move(text).is_ok()
}

/// The engine's colour as the references write it.
pub fn col(c: Color) -> Col {
    match c {
        Color::White => Col::W,
        Color::Black => Col::B,
    }
}

fn reason(r: EndReason) -> RReason {
    match r {
        EndReason::NoLegalMove => RReason::NoLegalMove,
        EndReason::NoPieces => RReason::NoPieces,
        EndReason::PlyLimit => RReason::PlyLimit,
        EndReason::KingCaptured => RReason::KingCaptured,
        EndReason::TooFewMen => RReason::TooFewMen,
        EndReason::Territory { white, black } => RReason::Territory { white, black },
    }
}

/// The engine's outcome as the references write it.
pub fn outcome(o: Outcome) -> ROutcome {
    match o {
        Outcome::Ongoing => ROutcome::Ongoing,
        Outcome::Win(c, r) => ROutcome::Win(col(c), reason(r)),
        Outcome::Draw(r) => ROutcome::Draw(reason(r)),
    }
}
