//! Position strings: ranks from the top down separated by `/`, `w`/`b` for pieces and decimal
//! numbers for runs of empty squares, then a space and the side to move (`w` or `b`).
//! The 8x8 start is `wbbbbbbb/w6b/w6b/w6b/w6b/w6b/w6b/wwwwwwwb w`.
//!
//! The relatives add kings (`W`, `B`; Black's `B` is the hunter in the hunt) and, after the side
//! to move, the pieces in hand as `w<n>b<m>` (Gala: `7/7/7/7/7/7/7 b w13b10`), written exactly
//! when either count is non-zero.

use super::geometry::{BoardSize, Color, Square, MAX_DIM, MIN_DIM};
use super::moves::shorten;
use super::position::Position;
use super::zobrist::MAX_HAND;

/// Longest position string accepted (a 19x19 board needs at most 19 * 20 + 2 characters).
const MAX_LEN: usize = 1024;

/// Writes `position` as a position string.
///
/// # Examples
/// ```
/// use mingmang_rules::{format_position, parse_position};
///
/// let text = "4/4/b3/wb2 w";
/// assert_eq!(format_position(&parse_position(text).unwrap()), text);
/// ```
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
                    let letter = c.letter();
                    if position.is_king(Square::new(f, r)) {
                        out.push(letter.to_ascii_uppercase());
                    } else {
                        out.push(letter);
                    }
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
    let (w, b) = (position.hand(Color::White), position.hand(Color::Black));
    if w > 0 || b > 0 {
        out.push_str(&format!(" w{w}b{b}"));
    }
    out
}

/// Reads the pieces-in-hand field `w<n>b<m>`.
fn parse_hand(text: &str) -> Result<(usize, usize), String> {
    let bad = || {
        format!(
            "pieces in hand must be written w<n>b<m> (e.g. w13b10), not '{}'",
            shorten(text)
        )
    };
    let rest = text.strip_prefix('w').ok_or_else(bad)?;
    let (w, b) = rest.split_once('b').ok_or_else(bad)?;
    let number = |t: &str| -> Result<usize, String> {
        if t.is_empty() || t.len() > 6 || !t.bytes().all(|c| c.is_ascii_digit()) {
            return Err(bad());
        }
        let n: usize = t.parse().map_err(|_| bad())?;
        if n > MAX_HAND {
            return Err(format!(
                "pieces in hand: {n} is more than the {MAX_HAND} a position may hold"
            ));
        }
        Ok(n)
    };
    Ok((number(w)?, number(b)?))
}

/// Reads a position string; the board size follows from it. Errors name what is wrong and
/// where.
///
/// # Examples
/// ```
/// use mingmang_rules::{parse_position, Color, Square};
///
/// let position = parse_position("4/4/b3/wb2 w").unwrap();
/// assert_eq!(position.size().to_string(), "4x4");
/// assert_eq!(position.side_to_move(), Color::White);
/// assert_eq!(position.piece_at(Square::new(0, 0)), Some(Color::White)); // a1
/// assert_eq!((position.count(Color::White), position.count(Color::Black)), (1, 2));
/// assert!(parse_position("4/4/b3 w").is_err());
/// ```
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
    let side = parse_side(fields.next(), text)?;
    let hand = match fields.next() {
        None => (0, 0),
        Some(text) => parse_hand(text)?,
    };
    if let Some(extra) = fields.next() {
        return Err(format!(
            "unexpected '{}' after the pieces in hand in the position string",
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
    let mut rows: Vec<Vec<Cell>> = Vec::with_capacity(ranks.len());
    for (i, rank) in ranks.iter().enumerate() {
        let squares = parse_rank(i, rank)?;
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
    let mut position = place_pieces(size, side, &rows)?;
    position.set_hand(Color::White, hand.0);
    position.set_hand(Color::Black, hand.1);
    Ok(position)
}

/// What stands on one square of a position string's board: (colour, is a king), if anything.
type Cell = Option<(Color, bool)>;

/// The side-to-move field of a position string (`text`, the whole string, for the message
/// when it is missing).
fn parse_side(field: Option<&str>, text: &str) -> Result<Color, String> {
    match field {
        None => Err(format!(
            "position string '{}' lacks the side to move ('w' or 'b') after the board",
            shorten(text.trim())
        )),
        Some("w") => Ok(Color::White),
        Some("b") => Ok(Color::Black),
        Some(other) => Err(format!(
            "side to move must be 'w' or 'b', not '{}'",
            shorten(other)
        )),
    }
}

/// One rank of a position string's board (`i`, counted from the top, for the messages): what
/// stands on each square, as (colour, is a king).
fn parse_rank(i: usize, rank: &str) -> Result<Vec<Cell>, String> {
    let mut squares = Vec::new();
    let mut chars = rank.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            'w' => squares.push(Some((Color::White, false))),
            'b' => squares.push(Some((Color::Black, false))),
            'W' => squares.push(Some((Color::White, true))),
            'B' => squares.push(Some((Color::Black, true))),
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
                    "rank {} from the top, character {}: '{}' is not a piece ('w', 'b', 'W', 'B') or a number of empty squares",
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
    Ok(squares)
}

/// The position of `size` with `side` to move and the pieces of `rows` (the top rank first);
/// refuses a second king of one colour.
fn place_pieces(size: BoardSize, side: Color, rows: &[Vec<Cell>]) -> Result<Position, String> {
    let mut position = Position::empty(size, side);
    for (i, row) in rows.iter().enumerate() {
        let rank = size.height() - 1 - i;
        for (file, piece) in row.iter().enumerate() {
            match *piece {
                Some((color, false)) => position.put(Square::new(file, rank), color),
                Some((color, true)) if !position.put_king(Square::new(file, rank), color) => {
                    return Err(format!(
                        "more than one {} king ('{}'): a side has at most one",
                        color.name(),
                        color.letter().to_ascii_uppercase()
                    ));
                }
                Some(_) | None => {}
            }
        }
    }
    Ok(position)
}

/// Cuts user input down to a printable, bounded snippet for error messages.
pub fn quote(text: &str) -> String {
    const LIMIT: usize = 40;
    let mut out: String = text
        .chars()
        .take(LIMIT)
        .flat_map(char::escape_debug)
        .collect();
    if text.chars().count() > LIMIT {
        out.push_str("...");
    }
    out
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
                "pieces in hand",
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
            ("7/7/7/7/7/7/7 b w13", "w<n>b<m>"),
            ("7/7/7/7/7/7/7 b w13b", "w<n>b<m>"),
            ("7/7/7/7/7/7/7 b b10w13", "w<n>b<m>"),
            ("7/7/7/7/7/7/7 b w-1b10", "w<n>b<m>"),
            ("7/7/7/7/7/7/7 b w1b1 x", "unexpected"),
            ("7/7/7/7/7/7/7 b w999b1", "more than"),
            ("WW6/8/8/8/8/8/8/8 w", "more than one white king"),
            ("B6B/8/8/8/8/8/8/8 w", "more than one black king"),
        ];
        for (text, needle) in cases {
            let err = parse_position(text).expect_err(text);
            assert!(err.contains(needle), "{text:?}: {err}");
        }
        assert!(parse_position(&"w".repeat(5000)).is_err());
    }

    #[test]
    fn kings_and_hands_round_trip() {
        for text in [
            "bbbbbbb1/7B/bbbbbbbb/8/8/wwwwwwww/W7/1wwwwwww w",
            "4B3/8/8/8/8/wwwwwwww/8/wwwwwwww b",
            "7/7/7/7/7/7/7 b w13b10",
            "7/7/7/3b3/7/7/7 w w13b9",
            "7/7/7/3b3/7/7/7 w w0b9",
            "7/7/7/3b3/7/7/7 w w3b0",
        ] {
            let pos = parse_position(text).unwrap();
            assert_eq!(format_position(&pos), text);
        }
        let a = parse_position("7/7/7/7/7/7/7 b w0b0").unwrap();
        assert_eq!(format_position(&a), "7/7/7/7/7/7/7 b");
        assert_eq!(a, parse_position("7/7/7/7/7/7/7 b").unwrap());
        // Kings and hands are in the hash.
        let man = parse_position("w7/8/8/8/8/8/8/8 w").unwrap();
        let king = parse_position("W7/8/8/8/8/8/8/8 w").unwrap();
        assert_ne!(man.hash(), king.hash());
        let h1 = parse_position("7/7/7/3b3/7/7/7 w w13b9").unwrap();
        let h2 = parse_position("7/7/7/3b3/7/7/7 w w12b9").unwrap();
        assert_ne!(h1.hash(), h2.hash());
        assert_eq!(king.king(Color::White), Some(Square::new(0, 7)));
        assert_eq!(king.king(Color::Black), None);
    }
}
