//! The board drawn for people: as text for `print(game)` and as SVG for notebooks
//! (`Game._repr_svg_`), both from the facade's cells.

use std::fmt::Write;

use mingmang::frontend::encoding::Cell;
use mingmang::frontend::{Game, Side, Status};

/// The letter of a cell as position strings write it: `w` and `b` for men, `W` and `B` for
/// kings (the hunter in the hunt), `None` for an empty square.
pub(crate) fn piece_letter(cell: Cell) -> Option<&'static str> {
    match cell {
        Cell::Empty => None,
        Cell::White => Some("w"),
        Cell::Black => Some("b"),
        Cell::WhiteKing => Some("W"),
        Cell::BlackKing => Some("B"),
    }
}

/// The file letters of a board `width` wide: `a` on.
fn file_letter(file: usize) -> char {
    (b'a' + file as u8) as char
}

/// The board as text: ranks from the top, each led by its number, `.` for an empty square,
/// the files' letters below, then who is to move (and the hands, where pieces wait in them).
pub(crate) fn diagram(game: &Game) -> String {
    let encoding = game.encoding();
    let (width, height) = (encoding.width(), encoding.height());
    let cells = game.board();
    let number_width = height.to_string().len();
    let mut out = String::new();
    for rank in (0..height).rev() {
        let _ = write!(out, "{:>number_width$}", rank + 1);
        for file in 0..width {
            let letter = piece_letter(cells[file + rank * width]).unwrap_or(".");
            let _ = write!(out, " {letter}");
        }
        out.push('\n');
    }
    out.push_str(&" ".repeat(number_width));
    for file in 0..width {
        let _ = write!(out, " {}", file_letter(file));
    }
    out.push('\n');
    let outcome = game.outcome();
    if outcome.status != Status::Ongoing {
        let _ = write!(out, "game over, {}", outcome.text);
    } else {
        let _ = write!(out, "{} to move", game.side_to_move().name());
    }
    let hands = (game.hand(Side::White), game.hand(Side::Black));
    if hands != (0, 0) {
        let _ = write!(out, "; in hand: white {}, black {}", hands.0, hands.1);
    }
    out
}

/// The board as an SVG picture: light squares, White's pieces light and Black's dark, kings
/// with a ring, the last move's captures marked, coordinates along the edges.
pub(crate) fn svg(game: &Game) -> String {
    const SQUARE: usize = 36;
    const MARGIN: usize = 20;
    let encoding = game.encoding();
    let (width, height) = (encoding.width(), encoding.height());
    let cells = game.board();
    let (w, h) = (width * SQUARE + 2 * MARGIN, height * SQUARE + 2 * MARGIN);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\
         <rect width=\"{w}\" height=\"{h}\" fill=\"#f4e7c5\"/>"
    );
    let corner = |file: usize, rank: usize| {
        (
            MARGIN + file * SQUARE,
            MARGIN + (height - 1 - rank) * SQUARE,
        )
    };
    let captured: Vec<String> = game.last_captures();
    for rank in 0..height {
        for file in 0..width {
            let (x, y) = corner(file, rank);
            let _ = write!(
                out,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"#e8cf95\" stroke=\"#8a6d3b\"/>"
            );
            let name = format!("{}{}", file_letter(file), rank + 1);
            if captured.contains(&name) {
                let _ = write!(
                    out,
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#d9534f\" opacity=\"0.35\"/>",
                    x + 1,
                    y + 1,
                    SQUARE - 2,
                    SQUARE - 2
                );
            }
            let cell = cells[file + rank * width];
            let Some(side) = cell.side() else { continue };
            let (fill, stroke) = match side {
                Side::White => ("#fafafa", "#333"),
                Side::Black => ("#222", "#000"),
            };
            let (cx, cy, r) = (x + SQUARE / 2, y + SQUARE / 2, SQUARE * 2 / 5);
            let _ = write!(
                out,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1.5\"/>"
            );
            if cell.is_king() {
                let _ = write!(
                    out,
                    "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"none\" stroke=\"#c9302c\" stroke-width=\"3\"/>",
                    r / 2
                );
            }
        }
    }
    for file in 0..width {
        let x = MARGIN + file * SQUARE + SQUARE / 2;
        let _ = write!(
            out,
            "<text x=\"{x}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" font-family=\"sans-serif\">{}</text>",
            h - 6,
            file_letter(file)
        );
    }
    for rank in 0..height {
        let y = MARGIN + (height - 1 - rank) * SQUARE + SQUARE / 2 + 4;
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{y}\" font-size=\"12\" text-anchor=\"middle\" font-family=\"sans-serif\">{}</text>",
            MARGIN / 2,
            rank + 1
        );
    }
    out.push_str("</svg>");
    out
}
