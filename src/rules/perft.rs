//! Perft: counting the leaves of the legal move tree, rule 7 applied along every path.

use super::game::Game;
use super::moves::Move;

/// Leaves of the legal move tree `depth` plies below the current position of `game`.
/// Finished games have no children, so a path that ends early contributes nothing.
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

/// Perft split by root move, in generation order.
pub fn divide(game: &mut Game, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    game.legal_moves()
        .into_iter()
        .map(|mv| {
            game.make(mv);
            let n = perft(game, depth - 1);
            game.unmake();
            (mv, n)
        })
        .collect()
}
