//! The line survey ([`LineSurvey`]) on boards of at most 8x8, where each colour's pieces fit
//! in one `u64` (bit `8 * rank + file`): every rank and file is surveyed at once by shifts and
//! fills of the whole board, instead of line by line. It finds exactly what the line-by-line
//! survey finds (the tests hold both to the plain reference) in 40% of its instructions: on
//! 8x8, the main game, the survey took a quarter of the search's instructions, and the search
//! reaches the same depths in 16% fewer.

use super::board_word::{board, first_file, on_board, Dir, SIDE};
use super::survey::LineSurvey;
use crate::geometry::Color;
use crate::position::Position;

/// What the survey needs of one colour before it looks at the other's.
struct Side {
    pieces: u64,
    /// The empty squares it reaches in one slide, by direction.
    reach: [u64; 4],
    /// Its pieces whose friendly run along their rank touches an edge of the board.
    along_rank: u64,
    /// The same along their file.
    along_file: u64,
}

/// The squares of the board's four edges.
struct Edges {
    first_file: u64,
    last_file: u64,
    first_rank: u64,
    last_rank: u64,
}

impl Side {
    /// The side with `pieces`, on a board whose empty squares are `empty`.
    #[inline(always)]
    fn new(pieces: u64, empty: u64, edges: &Edges) -> Side {
        Side {
            pieces,
            reach: [
                Dir::East.fill(pieces, empty) & empty,
                Dir::West.fill(pieces, empty) & empty,
                Dir::North.fill(pieces, empty) & empty,
                Dir::South.fill(pieces, empty) & empty,
            ],
            along_rank: Dir::East.fill(pieces & edges.first_file, pieces)
                | Dir::West.fill(pieces & edges.last_file, pieces),
            along_file: Dir::North.fill(pieces & edges.first_rank, pieces)
                | Dir::South.fill(pieces & edges.last_rank, pieces),
        }
    }

    /// Its pieces one slide of `enemy` could flank, each counted once per line along which it
    /// could.
    #[inline(always)]
    fn hanging_to(&self, enemy: &Side) -> i32 {
        let threat = enemy.threat();
        // A run that reaches an edge along a line cannot be flanked along that line.
        let along = |unflanked: u64, one_way: Dir, other_way: Dir| {
            hanging(unflanked, enemy.pieces, threat, one_way, other_way).count_ones()
        };
        let ranks = along(self.pieces & !self.along_rank, Dir::East, Dir::West);
        let files = along(self.pieces & !self.along_file, Dir::North, Dir::South);
        (ranks + files) as i32
    }

    /// Every empty square it reaches in one slide.
    #[inline(always)]
    fn threat(&self) -> u64 {
        self.reach[0] | self.reach[1] | self.reach[2] | self.reach[3]
    }

    /// Its slides, one per empty square reached per direction.
    #[inline(always)]
    fn mobility(&self) -> i32 {
        let [e, w, n, s] = self.reach;
        (e.count_ones() + w.count_ones() + n.count_ones() + s.count_ones()) as i32
    }
}

/// The pieces of the runs of `rest` (pieces not anchored along the lines of `up`) with an enemy
/// at one end and at the other an empty square in `threat`, going `up` along the lines and
/// `down` back. A run is found from its lower end's neighbour (an enemy or a threatened square)
/// filled up through the run, kept if its upper end's neighbour is the other kind, and filled
/// back down to its pieces.
#[inline(always)]
fn hanging(rest: u64, enemy: u64, threat: u64, up: Dir, down: Dir) -> u64 {
    let (enemy_below, enemy_above) = (up.step(enemy), down.step(enemy));
    // Most boards have no such piece next to an enemy along these lines: nothing to fill.
    if rest & (enemy_below | enemy_above) == 0 {
        return 0;
    }
    let from_enemy = up.fill(rest & enemy_below, rest);
    let from_threat = up.fill(rest & up.step(threat), rest);
    let upper_ends = (from_enemy & down.step(threat)) | (from_threat & enemy_above);
    down.fill(upper_ends, rest)
}

/// The survey of a Ming Mang position on a board that fits a board word
/// ([`super::board_word::fits`]).
#[inline]
pub(super) fn survey(pos: &Position) -> LineSurvey {
    let size = pos.size();
    let (w, h) = (size.width(), size.height());
    let rank_mask = u64::from(size.rank_mask());
    let first_file = first_file(size);
    let edges = Edges {
        first_file,
        last_file: first_file << (w - 1),
        first_rank: rank_mask,
        last_rank: rank_mask << (SIDE * (h - 1)),
    };
    let on_board = on_board(size);
    let (white, black) = (
        board(pos.rank_words(Color::White)),
        board(pos.rank_words(Color::Black)),
    );
    let empty = on_board & !(white | black);
    let sides = [
        Side::new(white, empty, &edges),
        Side::new(black, empty, &edges),
    ];
    let [white, black] = &sides;
    let hanging_pieces = [white.hanging_to(black), black.hanging_to(white)];
    let anchored = |s: &Side| (s.along_rank & s.along_file).count_ones() as i32;
    let half_anchored = |s: &Side| (s.along_rank ^ s.along_file).count_ones() as i32;
    LineSurvey {
        mobility: white.mobility() - black.mobility(),
        anchored: anchored(white) - anchored(black),
        half_anchored: half_anchored(white) - half_anchored(black),
        hanging: hanging_pieces,
    }
}
