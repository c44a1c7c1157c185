//! GTP coordinates: columns `A`-`H`, `J`-`T` (GTP skips `I`, so it cannot be confused with `J`
//! or `1`), rows numbered from 1 at the bottom; plus the colour and pass words.

use crate::rules::{BoardSize, Color, Square};

/// The GTP column letters in order; 19 of them, enough for the largest board.
const COLUMNS: &[u8; 19] = b"ABCDEFGHJKLMNOPQRST";

/// What a GTP `vertex` argument names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Vertex {
    /// A point of the board.
    Point(Square),
    /// The word `pass`.
    Pass,
}

/// The GTP name of `sq`, for example `J9` for the ninth file and rank.
pub fn format_square(sq: Square) -> String {
    format!("{}{}", COLUMNS[sq.file()] as char, sq.rank() + 1)
}

/// The GTP name of a vertex (`pass` for a pass).
pub fn format_vertex(v: Vertex) -> String {
    match v {
        Vertex::Point(sq) => format_square(sq),
        Vertex::Pass => "pass".to_string(),
    }
}

/// Reads a GTP vertex (case-insensitive) and checks it lies on a board of `size`.
pub fn parse_vertex(text: &str, size: BoardSize) -> Result<Vertex, String> {
    let upper = text.trim().to_ascii_uppercase();
    if upper == "PASS" {
        return Ok(Vertex::Pass);
    }
    let mut chars = upper.chars();
    let letter = chars.next().ok_or("empty vertex")?;
    let file = COLUMNS
        .iter()
        .position(|&c| c as char == letter)
        .ok_or_else(|| format!("invalid vertex '{text}': bad column letter (I is skipped)"))?;
    let rank: usize = chars
        .as_str()
        .parse()
        .map_err(|_| format!("invalid vertex '{text}'"))?;
    if file >= size.width() || rank == 0 || rank > size.height() {
        return Err(format!("vertex '{text}' is off the {size} board"));
    }
    Ok(Vertex::Point(Square::new(file, rank - 1)))
}

/// Reads a GTP colour: `w`, `white`, `b` or `black`, any case.
pub fn parse_color(text: &str) -> Result<Color, String> {
    match text.to_ascii_lowercase().as_str() {
        "w" | "white" => Ok(Color::White),
        "b" | "black" => Ok(Color::Black),
        _ => Err(format!("invalid color '{text}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_skip_i() {
        let size = BoardSize::new(19, 19).unwrap();
        assert_eq!(format_square(Square::new(7, 0)), "H1");
        assert_eq!(format_square(Square::new(8, 8)), "J9");
        assert_eq!(format_square(Square::new(18, 18)), "T19");
        assert_eq!(
            parse_vertex("j9", size),
            Ok(Vertex::Point(Square::new(8, 8)))
        );
        assert!(parse_vertex("I5", size).is_err());
        assert_eq!(parse_vertex("PASS", size), Ok(Vertex::Pass));
        for sq in size.squares() {
            assert_eq!(
                parse_vertex(&format_square(sq), size),
                Ok(Vertex::Point(sq))
            );
        }
    }

    #[test]
    fn off_board_refused() {
        let size = BoardSize::new(5, 7).unwrap();
        assert!(parse_vertex("F1", size).is_err());
        assert!(parse_vertex("E8", size).is_err());
        assert!(parse_vertex("A0", size).is_err());
        assert!(parse_vertex("A", size).is_err());
        assert!(parse_vertex("E7", size).is_ok());
    }
}
