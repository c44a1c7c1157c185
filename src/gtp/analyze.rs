//! GoGui's analyze commands: what the engine sees, drawn on the board. GoGui lists them from
//! `gogui-analyze_commands` (one `type/label/command` line each) and shows a `gfx` answer on
//! the board (its `TEXT` line in the status bar).
//!
//! - the game's state in a few lines (whose turn, pieces, pieces in hand, the result);
//! - the best move and the line the search expects (numbered labels on the board);
//! - the evaluation, by search and by the static evaluation;
//! - the pieces each side could take with one move;
//! - under territory scoring, the territory each side holds.

use std::sync::atomic::AtomicBool;

use super::vertex::format_square;
use crate::frontend::Engine;
use crate::rules::{territory, Color, Game, Move, Square};
use crate::search::{Limits, Score, SearchInfo, Skill};

/// The analyze commands, as `gogui-analyze_commands` lists them.
pub const ANALYZE_COMMANDS: &[&str] = &[
    "string/Game status (turn, pieces, result)/mingmang-status",
    "gfx/Best move and line/mingmang-best_line",
    "gfx/Evaluation/mingmang-evaluation",
    "gfx/Threats (pieces that can be taken in one move)/mingmang-threats",
    "gfx/Territory/mingmang-territory",
];

/// What one search of the current position found, for the analyze commands.
pub struct Seen {
    best: Option<Move>,
    pv: Vec<Move>,
    score: Score,
    depth: u32,
    nodes: u64,
}

/// Searches `game` under `limits` at full strength (whatever level genmove plays at) until
/// done or until `stop`, telling `report` of each line found on the way; `None` when the game
/// is over.
pub fn search(
    game: &Game,
    engine: &mut Engine,
    limits: &Limits,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&SearchInfo),
) -> Option<Seen> {
    if game.outcome().is_over() {
        return None;
    }
    let mut depth = 0;
    // The analyze commands search at full strength whatever level the game is played at.
    let limits = Limits {
        skill: Some(Skill::default()),
        ..limits.clone()
    };
    let result = engine.run(game, &limits, stop, None, &mut |info| {
        depth = info.depth;
        report(info);
    });
    Some(Seen {
        best: result.best,
        pv: result.pv,
        score: result.score,
        depth,
        nodes: result.nodes,
    })
}

/// A score for the side to move, told as White's: `White +1.25` (pieces), `White mates in 3`.
fn describe(score: Score, to_move: Color) -> String {
    let white = if to_move == Color::White { 1 } else { -1 };
    match score {
        Score::Cp(cp) => format!("White {:+.2}", (white * cp) as f64 / 100.0),
        Score::Mate(n) => {
            let winner = if (n > 0) == (to_move == Color::White) {
                "White"
            } else {
                "Black"
            };
            format!("{winner} mates in {}", n.unsigned_abs().div_ceil(2))
        }
    }
}

/// A line of play drawn on the board: the first move's piece in a square, each move numbered
/// on its destination, and a status text `<what> <first move>, <score> (depth <d>): <line>`.
fn line_gfx(game: &Game, what: &str, pv: &[Move], score: Score, depth: u32) -> String {
    let Some(&first) = pv.first() else {
        return "TEXT no legal move".into();
    };
    let mut lines = Vec::new();
    if !first.is_pass() && !first.is_place() {
        lines.push(format!("SQUARE {}", format_square(first.from())));
    }
    // Later moves of the line may land on a square an earlier one used; the first number
    // there is what the player needs.
    let mut labelled: Vec<Square> = Vec::new();
    let mut labels = Vec::new();
    for (i, mv) in pv.iter().enumerate().filter(|(_, m)| !m.is_pass()) {
        if !labelled.contains(&mv.to()) {
            labelled.push(mv.to());
            labels.push(format!("{} {}", format_square(mv.to()), i + 1));
        }
    }
    if !labels.is_empty() {
        lines.push(format!("LABEL {}", labels.join(" ")));
    }
    let line: Vec<String> = pv.iter().map(|m| m.to_string()).collect();
    lines.push(format!(
        "TEXT {what} {first}, {} (depth {depth}): {}",
        describe(score, game.side_to_move()),
        line.join(" ")
    ));
    lines.join("\n")
}

/// GoGui's live graphics for a line the search has just found (GoGui reads them from the
/// program's standard error while a command runs and draws them on the board): the line as
/// [`best_line`] draws it, as one block of draw commands ended by a blank line.
pub fn live_gfx(game: &Game, info: &SearchInfo) -> String {
    format!(
        "gogui-gfx:\n{}\n\n",
        line_gfx(
            game,
            "thinking, best so far",
            &info.pv,
            info.score,
            info.depth
        )
    )
}

/// The live-graphics line that clears what [`live_gfx`] drew, written when a search ends so
/// that no late drawing outlives the command.
pub const LIVE_GFX_CLEAR: &str = "gogui-gfx: CLEAR\n";

/// `mingmang-best_line`: the best move's piece in a square, and each move of the expected
/// line numbered on its destination, with the line, score and depth in the status text;
/// `seen` is the search of `game` ([`search`]).
pub fn best_line(game: &Game, seen: Option<Seen>) -> String {
    let Some(seen) = seen else {
        return "TEXT the game is over".into();
    };
    let Some(best) = seen.best else {
        return "TEXT no legal move".into();
    };
    let pv = if seen.pv.first() == Some(&best) {
        seen.pv
    } else {
        vec![best]
    };
    line_gfx(game, "best", &pv, seen.score, seen.depth)
}

/// `mingmang-evaluation`: the search's score (`seen`, from [`search`]) and the static
/// evaluation `static_eval` (for the side to move), both told as White's, in pieces, in the
/// status text.
pub fn evaluation(game: &Game, static_eval: i32, seen: Option<Seen>) -> String {
    let to_move = game.side_to_move();
    let stat = describe(Score::Cp(static_eval), to_move);
    let Some(seen) = seen else {
        return format!("TEXT game over; static evaluation: {stat}");
    };
    format!(
        "TEXT search: {} (depth {}, {} nodes); static evaluation: {stat}",
        describe(seen.score, to_move),
        seen.depth,
        seen.nodes
    )
}

/// `mingmang-threats`: the pieces the side to move could take now (squares) and its own
/// pieces the opponent could take if it were its turn (triangles).
pub fn threats(game: &Game) -> String {
    let us = game.side_to_move();
    let list = |squares: &[Square]| {
        squares
            .iter()
            .map(|&sq| format_square(sq))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let ours = game.takeable_by(us);
    let theirs = game.takeable_by(us.other());
    let mut lines = Vec::new();
    if !ours.is_empty() {
        lines.push(format!("SQUARE {}", list(&ours)));
    }
    if !theirs.is_empty() {
        lines.push(format!("TRIANGLE {}", list(&theirs)));
    }
    lines.push(format!(
        "TEXT {} can take {} now (squares); {} could take {} (triangles)",
        us.name(),
        ours.len(),
        us.other().name(),
        theirs.len()
    ));
    lines.join("\n")
}

/// `mingmang-territory`: each side's territory (the empty regions only it borders) as
/// stones of its colour, drawn small by GoGui, with the counts in the status text. Answers
/// with a status text alone when the game is not scored by territory.
pub fn territory(game: &Game) -> String {
    if !game.rules().options().territory {
        return "TEXT territory counts only under territory scoring (--territory)".into();
    }
    let position = game.position();
    let size = position.size();
    let regions = territory::regions(position);
    let squares = |c: Color| {
        size.squares()
            .filter(|sq| regions[c.index()][sq.rank()] >> sq.file() & 1 != 0)
            .map(format_square)
            .collect::<Vec<_>>()
    };
    let (white, black) = (squares(Color::White), squares(Color::Black));
    let mut lines = Vec::new();
    if !white.is_empty() {
        lines.push(format!("WHITE {}", white.join(" ")));
    }
    if !black.is_empty() {
        lines.push(format!("BLACK {}", black.join(" ")));
    }
    let (w, b) = game.territory();
    lines.push(format!(
        "TEXT score (pieces + territory): White {w}, Black {b}"
    ));
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{parse_position, BoardSize, RuleOptions, Rules};

    fn territory_game(text: &str) -> Game {
        let size = BoardSize::new(5, 5).unwrap();
        let plain = Rules::new(size);
        let rules = plain
            .with_options(RuleOptions {
                territory: true,
                ..*plain.options()
            })
            .unwrap();
        Game::from_position(rules, parse_position(text).unwrap()).unwrap()
    }

    #[test]
    fn territory_marks_the_regions_one_side_encloses() {
        // White's b5 and a4 enclose a5; Black's d1 and e2 enclose e1; the rest touches both.
        let game = territory_game("1w3/w4/5/4b/3b1 w");
        let gfx = territory(&game);
        assert!(gfx.contains("WHITE A5"), "{gfx}");
        assert!(gfx.contains("BLACK E1"), "{gfx}");
        assert!(gfx.contains("White 3, Black 3"), "{gfx}");
    }

    #[test]
    fn threats_mark_both_sides_pieces() {
        // White to move takes b3 by moving a1 to a3 (b3 flanked between a3 and c3);
        // Black, were it to move, takes d5 by moving e1 to e5 (d5 between c5 and e5).
        let size = BoardSize::new(5, 5).unwrap();
        let game = Game::from_position(
            Rules::new(size),
            parse_position("2bw1/5/1bw2/5/w3b w").unwrap(),
        )
        .unwrap();
        let gfx = threats(&game);
        assert!(gfx.contains("SQUARE B3"), "{gfx}");
        assert!(gfx.contains("TRIANGLE D5"), "{gfx}");
    }
}
