//! Position strings: ranks from the top down separated by `/`, `w`/`b` for pieces and decimal
//! numbers for runs of empty squares, then a space and the side to move (`w` or `b`).
//! The 8x8 start is `wbbbbbbb/w6b/w6b/w6b/w6b/w6b/w6b/wwwwwwwb w`.

use super::geometry::{BoardSize, Color, Square, MAX_DIM, MIN_DIM};
use super::moves::shorten;
use super::position::Position;

/// Longest position string accepted (a 19x19 board needs at most 19 * 20 + 2 characters).
const MAX_LEN: usize = 1024;

/// Writes `position` as a position string.
pub fn format_position(position: &Position) -> String {
    let size = position.size();
    let mut out = String::with_capacity(size.area() + size.height() + 2);
    for r in (0..size.height()).rev() {
        let mut empty = 0;
        for f in 0..size.width() {
            match position.piece_at(Square::new(f, r)) {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c.letter());
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if r > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(position.side_to_move().letter());
    out
}

/// Reads a position string; the board size follows from it. Errors name what is wrong and
/// where.
pub fn parse_position(text: &str) -> Result<Position, String> {
    if text.len() > MAX_LEN {
        return Err(format!(
            "position string is {} bytes long; at most {MAX_LEN} are accepted",
            text.len()
        ));
    }
    let mut fields = text.split_whitespace();
    let board = fields
        .next()
        .ok_or_else(|| "empty position string".to_string())?;
    let side = match fields.next() {
        None => {
            return Err(format!(
                "position string '{}' lacks the side to move ('w' or 'b') after the board",
                shorten(text.trim())
            ))
        }
        Some("w") => Color::White,
        Some("b") => Color::Black,
        Some(other) => {
            return Err(format!(
                "side to move must be 'w' or 'b', not '{}'",
                shorten(other)
            ))
        }
    };
    if let Some(extra) = fields.next() {
        return Err(format!(
            "unexpected '{}' after the side to move in the position string",
            shorten(extra)
        ));
    }
    let ranks: Vec<&str> = board.split('/').collect();
    if !(MIN_DIM..=MAX_DIM).contains(&ranks.len()) {
        return Err(format!(
            "position has {} ranks; a board has {MIN_DIM} to {MAX_DIM}",
            ranks.len()
        ));
    }
    let mut rows: Vec<Vec<Option<Color>>> = Vec::with_capacity(ranks.len());
    for (i, rank) in ranks.iter().enumerate() {
        let mut squares = Vec::new();
        let mut chars = rank.char_indices().peekable();
        while let Some((at, c)) = chars.next() {
            match c {
                'w' => squares.push(Some(Color::White)),
                'b' => squares.push(Some(Color::Black)),
                '1'..='9' => {
                    let mut run = c.to_digit(10).unwrap() as usize;
                    while let Some(&(_, d)) = chars.peek() {
                        let Some(digit) = d.to_digit(10).filter(|_| d.is_ascii_digit()) else {
                            break;
                        };
                        chars.next();
                        run = run * 10 + digit as usize;
                        if run > MAX_DIM {
                            return Err(format!(
                                "rank {} from the top: run of empty squares longer than {MAX_DIM}",
                                i + 1
                            ));
                        }
                    }
                    squares.extend(std::iter::repeat_n(None, run));
                }
                '0' => {
                    return Err(format!(
                        "rank {} from the top, character {}: a run of empty squares cannot start with 0",
                        i + 1,
                        at + 1
                    ))
                }
                other => {
                    return Err(format!(
                        "rank {} from the top, character {}: '{}' is not a piece ('w', 'b') or a number of empty squares",
                        i + 1,
                        at + 1,
                        other.escape_debug()
                    ))
                }
            }
            if squares.len() > MAX_DIM {
                return Err(format!(
                    "rank {} from the top has more than {MAX_DIM} squares",
                    i + 1
                ));
            }
        }
        if let Some(first) = rows.first() {
            if squares.len() != first.len() {
                return Err(format!(
                    "rank {} from the top has {} squares, but the top rank has {}",
                    i + 1,
                    squares.len(),
                    first.len()
                ));
            }
        }
        rows.push(squares);
    }
    let size =
        BoardSize::new(rows[0].len(), rows.len()).map_err(|e| format!("position string: {e}"))?;
    let mut position = Position::empty(size, side);
    for (i, row) in rows.iter().enumerate() {
        let rank = size.height() - 1 - i;
        for (file, piece) in row.iter().enumerate() {
            if let Some(color) = piece {
                position.put(Square::new(file, rank), *color);
            }
        }
    }
    Ok(position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_string_round_trips() {
        let start = "wbbbbbbb/w6b/w6b/w6b/w6b/w6b/w6b/wwwwwwwb w";
        let pos = parse_position(start).unwrap();
        assert_eq!(pos, Position::start(BoardSize::STANDARD));
        assert_eq!(format_position(&pos), start);
    }

    #[test]
    fn multi_digit_runs_and_rectangles() {
        let size = BoardSize::new(19, 19).unwrap();
        let text = format_position(&Position::start(size));
        assert!(text.contains("w17b"));
        assert_eq!(parse_position(&text).unwrap(), Position::start(size));
        let rect = BoardSize::new(5, 12).unwrap();
        let text = format_position(&Position::start(rect));
        assert_eq!(parse_position(&text).unwrap().size(), rect);
        let empty =
            parse_position("19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 b").unwrap();
        assert_eq!(empty.count(Color::White) + empty.count(Color::Black), 0);
        assert_eq!(empty.side_to_move(), Color::Black);
    }

    #[test]
    fn malformed_strings_are_rejected_with_a_reason() {
        let cases = [
            ("", "empty"),
            ("   ", "empty"),
            ("wbbbbbbb/w6b/w6b/w6b/w6b/w6b/w6b/wwwwwwwb", "side to move"),
            (
                "wbbbbbbb/w6b/w6b/w6b/w6b/w6b/w6b/wwwwwwwb x",
                "side to move",
            ),
            (
                "wbbbbbbb/w6b/w6b/w6b/w6b/w6b/w6b/wwwwwwwb w w",
                "unexpected",
            ),
            ("wbbbbbbb/w6b/w5b/w6b/w6b/w6b/w6b/wwwwwwwb w", "rank 3"),
            ("wbb/w1b/www w", "ranks"),
            ("www/w1b/www/www w", "width 3"),
            ("wbbbbbbb/w6b/w6b/w6b/w6b/w6b/w6x/wwwwwwwb w", "'x'"),
            ("wbbbbbbb/w6b/w6b/w6b/w6b/w6b/w6é/wwwwwwwb w", "character"),
            (
                "wbbbbbbb/w06b/w6b/w6b/w6b/w6b/w6b/wwwwwwwb w",
                "start with 0",
            ),
            ("w99999999999999999999/w/w/w w", "longer than"),
            ("20/20/20/20 w", "longer than"),
            ("4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/4 w", "ranks"),
            ("wbbbbbbb//w6b/w6b/w6b/w6b/w6b/wwwwwwwb w", "rank 2"),
        ];
        for (text, needle) in cases {
            let err = parse_position(text).expect_err(text);
            assert!(err.contains(needle), "{text:?}: {err}");
        }
        assert!(parse_position(&"w".repeat(5000)).is_err());
    }
}
