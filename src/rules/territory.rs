//! Territory scoring (option): each side's pieces plus the empty regions only it borders.

use super::geometry::{Color, Square};
use super::position::Position;

/// (White's count, Black's count): pieces, plus every orthogonally connected empty region whose
/// neighbours are all of that colour. A region touching both colours (or, on an empty board,
/// neither) counts for nobody.
pub fn score(position: &Position) -> (usize, usize) {
    let size = position.size();
    let mut counts = [position.count(Color::White), position.count(Color::Black)];
    let mut seen = vec![false; size.area()];
    let index = |sq: Square| sq.rank() * size.width() + sq.file();
    let mut stack = Vec::new();
    for start in size.squares() {
        if seen[index(start)] || position.piece_at(start).is_some() {
            continue;
        }
        seen[index(start)] = true;
        stack.push(start);
        let (mut area, mut borders) = (0usize, [false; 2]);
        while let Some(sq) = stack.pop() {
            area += 1;
            for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let Some(next) = sq.offset(df, dr, size) else {
                    continue;
                };
                match position.piece_at(next) {
                    Some(c) => borders[c.index()] = true,
                    None if !seen[index(next)] => {
                        seen[index(next)] = true;
                        stack.push(next);
                    }
                    None => {}
                }
            }
        }
        match borders {
            [true, false] => counts[0] += area,
            [false, true] => counts[1] += area,
            _ => {}
        }
    }
    (counts[0], counts[1])
}
