//! Game records in a PGN-like text format: tag pairs in brackets, a blank line, then the moves
//! numbered in pairs and the result.
//!
//! ```text
//! [Event "mingmang match"]
//! [Round "1"]
//! [Game "1"]
//! [White "alpha"]
//! [Black "beta"]
//! [Variant "mingmang"]
//! [Size "8x8"]
//! [Rules "8x8 max-plies 400"]
//! [TimeControl "movetime=100ms"]
//! [StartFEN "wbbbbbbb/w6b/w6b/w6b/w6b/w6b/w6b/wwwwwwwb w"]
//! [OpeningMoves "a2a3 h7h6"]
//! [FEN "..."]
//! [Result "1-0"]
//! [Termination "normal"]
//! [TerminationDetails "no legal move"]
//! [PlyCount "57"]
//!
//! 1. b1b4 g8g5 2. ... 1-0
//! ```
//! `StartFEN` and `OpeningMoves` say where the game began (the moves belong to the history that
//! rule 7 consults); `FEN` is the position the engines took over; the movetext holds the
//! engines' moves only. A `Disagreement` tag is added for each `query` answer that differed
//! from the referee.

use super::referee::{GameRecord, GameSettings};
use mingmang::rules::record::Record;

/// The record of one game, ending with a blank line so records can be concatenated.
pub fn format_record(record: &GameRecord, settings: &GameSettings, start_fen: &str) -> String {
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut tag = |name: &str, value: &str| tags.push((name.to_string(), value.to_string()));
    tag("Event", "mingmang match");
    tag("Round", &record.round.to_string());
    tag("Game", &record.number.to_string());
    tag("White", &record.names[0]);
    tag("Black", &record.names[1]);
    tag("Variant", settings.variant.as_deref().unwrap_or("mingmang"));
    tag("Size", &settings.rules.size().to_string());
    tag("Rules", &settings.rules.to_string());
    let [w, b] = &record.time_controls;
    if w == b {
        tag("TimeControl", w);
    } else {
        tag("TimeControl", &format!("{w} / {b}"));
    }
    tag(
        "StartFEN",
        record.opening.fen.as_deref().unwrap_or(start_fen),
    );
    if !record.opening.moves.is_empty() {
        tag("OpeningMoves", &record.opening.moves.join(" "));
    }
    tag("FEN", &record.opening_fen);
    tag("Result", record.result.pgn());
    tag("Termination", record.termination.keyword());
    tag("TerminationDetails", &record.termination.describe());
    tag("PlyCount", &record.moves.len().to_string());
    for d in &record.disagreements {
        tag("Disagreement", d);
    }
    // The movetext counts from `FEN`, the position the engines took over.
    Record {
        tags,
        moves: record.moves.clone(),
        result: record.result.pgn().to_string(),
    }
    .to_text()
}
