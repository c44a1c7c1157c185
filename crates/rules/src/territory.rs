//! Territory scoring (option): each side's pieces plus the empty regions only it borders.

use super::geometry::{Color, MAX_DIM};
use super::position::Position;

/// (White's count, Black's count): pieces, plus every orthogonally connected empty region whose
/// neighbours are all of that colour. A region touching both colours (or, on an empty board,
/// neither) counts for nobody.
///
/// Works on whole ranks at once: the empty squares of the regions touching a colour are found
/// by growing the empty squares next to that colour through the empty squares until nothing
/// changes. A region counts for White if White's growth reaches it and Black's does not.
/// The evaluation calls this at every node of a territory game, so it avoids a square-by-square
/// walk.
pub fn score(position: &Position) -> (usize, usize) {
    let [white, black] = regions(position);
    let count = |region: &[u32; MAX_DIM]| {
        region
            .iter()
            .map(|r| r.count_ones() as usize)
            .sum::<usize>()
    };
    (
        position.count(Color::White) + count(&white),
        position.count(Color::Black) + count(&black),
    )
}

/// The empty squares each side's territory holds, by colour index, as rank words (bit `f` of
/// word `r` is the square on file `f`, rank `r`): the regions [`score`] counts.
pub fn regions(position: &Position) -> [[u32; MAX_DIM]; 2] {
    let size = position.size();
    let (w, h) = (size.width(), size.height());
    let full = (1u32 << w) - 1;
    let white: [u32; MAX_DIM] = std::array::from_fn(|r| position.rank_bits(Color::White, r));
    let black: [u32; MAX_DIM] = std::array::from_fn(|r| position.rank_bits(Color::Black, r));
    let empty: [u32; MAX_DIM] = std::array::from_fn(|r| {
        if r < h {
            !(white[r] | black[r]) & full
        } else {
            0
        }
    });
    let near_white = grow(&empty, &neighbours(&white, full), h);
    let near_black = grow(&empty, &neighbours(&black, full), h);
    [
        std::array::from_fn(|r| near_white[r] & !near_black[r]),
        std::array::from_fn(|r| near_black[r] & !near_white[r]),
    ]
}

/// The squares orthogonally next to a square of `set` (ranks beyond the board are empty).
fn neighbours(set: &[u32; MAX_DIM], full: u32) -> [u32; MAX_DIM] {
    std::array::from_fn(|r| {
        let below = if r > 0 { set[r - 1] } else { 0 };
        let above = if r + 1 < MAX_DIM { set[r + 1] } else { 0 };
        ((set[r] << 1) | (set[r] >> 1) | below | above) & full
    })
}

/// Every square of `empty` connected through `empty` to a square of `seeds` that is empty.
fn grow(empty: &[u32; MAX_DIM], seeds: &[u32; MAX_DIM], h: usize) -> [u32; MAX_DIM] {
    let mut reached: [u32; MAX_DIM] = std::array::from_fn(|r| seeds[r] & empty[r]);
    loop {
        let mut changed = false;
        // Upwards then downwards, each rank spreading along itself first: one pass often
        // fills a whole region.
        for r in 0..h {
            let from_below = if r > 0 { reached[r - 1] } else { 0 };
            let next = spread_in_rank(reached[r] | (from_below & empty[r]), empty[r]);
            changed |= next != reached[r];
            reached[r] = next;
        }
        for r in (0..h).rev() {
            let from_above = if r + 1 < h { reached[r + 1] } else { 0 };
            let next = spread_in_rank(reached[r] | (from_above & empty[r]), empty[r]);
            changed |= next != reached[r];
            reached[r] = next;
        }
        if !changed {
            return reached;
        }
    }
}

/// `seeds` grown along the rank through the squares of `empty` (both directions).
fn spread_in_rank(seeds: u32, empty: u32) -> u32 {
    let mut x = seeds & empty;
    loop {
        let next = (x | (x << 1) | (x >> 1)) & empty;
        if next == x {
            return x;
        }
        x = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{BoardSize, Square};
    use crate::notation::parse_position;
    use crate::random::Rng;

    /// The square-by-square flood fill the fast version replaced.
    fn by_flood_fill(position: &Position) -> (usize, usize) {
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

    #[test]
    fn agrees_with_a_flood_fill_on_random_boards() {
        let mut rng = Rng::new(1);
        let mut owned = 0;
        for i in 0..4000 {
            let size = BoardSize::new(4 + i % 16, 4 + (i / 16) % 16).unwrap();
            // Sparse to crowded boards, so that regions of every shape come up (snakes too).
            let fill = rng.below(100);
            let mut ranks = Vec::new();
            for _ in 0..size.height() {
                let (mut rank, mut gap) = (String::new(), 0);
                for _ in 0..size.width() {
                    let roll = rng.below(100);
                    if roll >= fill {
                        gap += 1;
                        continue;
                    }
                    if gap > 0 {
                        rank += &gap.to_string();
                        gap = 0;
                    }
                    rank.push(if roll & 1 == 0 { 'w' } else { 'b' });
                }
                if gap > 0 {
                    rank += &gap.to_string();
                }
                ranks.push(rank);
            }
            let text = ranks.join("/");
            let pos = parse_position(&format!("{text} w")).expect("valid position");
            let fast = score(&pos);
            assert_eq!(fast, by_flood_fill(&pos), "{text}");
            owned += (fast.0 + fast.1 > pos.count(Color::White) + pos.count(Color::Black)) as usize;
        }
        assert!(owned > 1000, "only {owned} boards with territory");
    }
}
