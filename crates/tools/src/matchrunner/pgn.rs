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

use std::fmt::Write;

use super::referee::{GameRecord, GameSettings};
use mingmang::rules::Color;

/// Escapes a tag value: backslashes and quotes.
fn tag_value(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The record of one game, ending with a blank line so records can be concatenated.
pub fn format_record(record: &GameRecord, settings: &GameSettings, start_fen: &str) -> String {
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let _ = writeln!(out, "[{name} \"{}\"]", tag_value(value));
    };
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
    out.push('\n');
    out.push_str(&movetext(record));
    out.push_str("\n\n");
    out
}

/// The moves numbered in White-Black pairs from the position the engines took over, then the
/// result; wrapped at about 80 columns.
fn movetext(record: &GameRecord) -> String {
    let black_first = record.opening_fen.ends_with(Color::Black.letter());
    let mut words = Vec::new();
    let mut number = 1;
    for (i, mv) in record.moves.iter().enumerate() {
        let white_moves = (i % 2 == 0) != black_first;
        if white_moves {
            words.push(format!("{number}. {mv}"));
        } else {
            if i == 0 {
                words.push(format!("{number}... {mv}"));
            } else {
                words.push(mv.clone());
            }
            number += 1;
        }
    }
    words.push(record.result.pgn().to_string());
    let mut out = String::new();
    let mut width = 0;
    for w in words {
        if width > 0 && width + 1 + w.len() > 80 {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        width += w.len();
        out.push_str(&w);
    }
    out
}
