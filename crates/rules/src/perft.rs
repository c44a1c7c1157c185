//! Perft: counting the leaves of the legal move tree, rule 7 applied along every path.

use super::game::Game;
use super::moves::Move;

/// Deepest perft the command line and the protocol accept: depth 12 from the 8x8 start is
/// already far beyond what finishes in a day.
pub const MAX_DEPTH: u32 = 12;

/// Leaves of the legal move tree `depth` plies below the current position of `game`.
/// Finished games have no children, so a path that ends early contributes nothing.
///
/// # Examples
/// ```
/// use mingmang_rules::{perft::perft, Game, Preset, Rules};
///
/// let mut game = Game::new(Rules::preset(Preset::MingMang));
/// assert_eq!(perft(&mut game, 1), 72);
/// assert_eq!(perft(&mut game, 2), 4_686);
/// assert_eq!(game.plies(), 0); // the game is left as it was
/// ```
pub fn perft(game: &mut Game, depth: u32) -> u64 {
    match depth {
        0 => 1,
        // Bulk counting: the legal moves of a node one ply above the leaves are its leaves.
        1 => game.count_legal_moves() as u64,
        _ => {
            let mut nodes = 0;
            for mv in game.legal_moves() {
                game.make(mv);
                nodes += perft(game, depth - 1);
                game.unmake();
            }
            nodes
        }
    }
}

/// Perft split by root move, in the canonical order.
///
/// # Examples
/// ```
/// use mingmang_rules::{perft, Game, Preset, Rules};
///
/// let mut game = Game::new(Rules::preset(Preset::MingMang));
/// let split = perft::divide(&mut game, 2);
/// assert_eq!(split.len(), 72);
/// assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), 4_686);
/// ```
pub fn divide(game: &mut Game, depth: u32) -> Vec<(Move, u64)> {
    let mut split = Vec::new();
    divide_each(game, depth, |mv, n| split.push((mv, n)));
    split
}

/// Perft split by root move: calls `each(move, count)` as soon as each root move's count is
/// known, in the canonical order, and returns the total (1 at depth 0, with no root moves).
///
/// # Examples
/// ```
/// use mingmang_rules::{perft, Game, Preset, Rules};
///
/// let mut game = Game::new(Rules::preset(Preset::MingMang));
/// let mut moves = 0;
/// let total = perft::divide_each(&mut game, 2, |_mv, _count| moves += 1);
/// assert_eq!((moves, total), (72, 4_686));
/// ```
pub fn divide_each(game: &mut Game, depth: u32, mut each: impl FnMut(Move, u64)) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for mv in game.legal_moves() {
        game.make(mv);
        let n = perft(game, depth - 1);
        game.unmake();
        each(mv, n);
        total += n;
    }
    total
}
