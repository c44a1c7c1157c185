//! The static evaluation: hand-written features of a position, from the side to move's view.
//!
//! Every board from 4x4 to 19x19 is read through the same rank and file occupancy words, so the
//! features mean the same on all sizes. The weights live in [`Weights`] for later tuning.

use super::movegen::{next_down, next_up};
use crate::rules::geometry::MAX_DIM;
use crate::rules::{Color, Game, Position};

/// Feature weights in centi-pieces (100 = one piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per piece: the game is won by taking pieces (conversion swings two).
    pub material: i32,
    /// Per square a piece can slide to: mobility keeps a side away from the loss by having no move.
    pub mobility: i32,
    /// Per piece whose friendly line reaches an edge both along its rank and its file: it cannot
    /// be flanked on either line while that stays so (corner pieces always count).
    pub anchored: i32,
    /// Per piece anchored along one line only.
    pub half_anchored: i32,
    /// Per piece of the side to move that the opponent could capture with one move (it must
    /// spend its move defending).
    pub hanging_own: i32,
    /// Per opposing piece the side to move could capture now; quiescence resolves the big
    /// swings, this term only values the pressure when it stands pat.
    pub hanging_their: i32,
    /// For being on move.
    pub tempo: i32,
    /// Per empty square enclosed by one side only (territory scoring only).
    pub territory: i32,
}

/// The weights in use.
pub const WEIGHTS: Weights = Weights {
    material: 100,
    mobility: 1,
    anchored: 25,
    half_anchored: 8,
    hanging_own: 25,
    hanging_their: 10,
    tempo: 8,
    territory: 60,
};

/// Per-colour feature counts.
#[derive(Default, Clone, Copy, Debug)]
struct Features {
    mobility: i32,
    anchored: i32,
    half_anchored: i32,
    hanging: i32,
}

/// The words of one colour: `[colour][line]` for ranks and files.
struct Lines<'a> {
    pos: &'a Position,
}

impl Lines<'_> {
    #[inline(always)]
    fn word(&self, c: Color, is_file: bool, line: usize) -> u32 {
        if is_file {
            self.pos.file_bits(c, line)
        } else {
            self.pos.rank_bits(c, line)
        }
    }
}

/// Whether a piece of `c` can slide onto the empty square at index `i` of line `line`, coming
/// either along the perpendicular line or along this line from beyond index `i` in direction
/// `away` (+1 or -1).
#[inline(always)]
fn reachable(
    lines: &Lines,
    c: Color,
    is_file: bool,
    line: usize,
    i: usize,
    away: i32,
    len: usize,
) -> bool {
    let own = lines.word(c, is_file, line);
    let occ = own | lines.word(c.other(), is_file, line);
    let along = if away > 0 {
        next_up(occ, i).filter(|&j| j < len)
    } else {
        next_down(occ, i)
    };
    if along.is_some_and(|j| own >> j & 1 != 0) {
        return true;
    }
    let pown = lines.word(c, !is_file, i);
    let pocc = pown | lines.word(c.other(), !is_file, i);
    next_up(pocc, line).is_some_and(|j| pown >> j & 1 != 0)
        || next_down(pocc, line).is_some_and(|j| pown >> j & 1 != 0)
}

/// The pieces of `own` whose friendly run along a line of `len` squares touches an edge: they
/// cannot be flanked along this line while it stays so.
#[inline(always)]
fn edge_runs(own: u32, len: usize) -> u32 {
    let low_run = (!own).trailing_zeros();
    let mut anchored = ((1u64 << low_run) - 1) as u32;
    let high_run = (!(own << (32 - len))).leading_zeros() as usize;
    if high_run > 0 {
        anchored |= (((1u64 << high_run) - 1) << (len - high_run)) as u32;
    }
    anchored
}

/// Pieces of `c` in the runs of `rest` (its pieces on this line not anchored along it) that
/// hang: one end of the run an enemy piece, the other an empty square an enemy can reach in
/// one slide.
#[inline]
fn hanging(lines: &Lines, c: Color, is_file: bool, line: usize, mut rest: u32, len: usize) -> i32 {
    let their = lines.word(c.other(), is_file, line);
    let occ = their | lines.word(c, is_file, line);
    let mut n = 0;
    while rest != 0 {
        let lo = rest.trailing_zeros() as usize;
        let run = (!(rest >> lo)).trailing_zeros() as usize;
        rest &= !(((1u64 << run) - 1) << lo) as u32;
        let hi = lo + run - 1;
        // Unanchored runs have a square on each side.
        let (below, above) = (lo - 1, hi + 1);
        let enemy_below = their >> below & 1 != 0;
        let enemy_above = their >> above & 1 != 0;
        let empty_below = occ >> below & 1 == 0;
        let empty_above = occ >> above & 1 == 0;
        let threatened = (enemy_below
            && empty_above
            && reachable(lines, c.other(), is_file, line, above, 1, len))
            || (enemy_above
                && empty_below
                && reachable(lines, c.other(), is_file, line, below, -1, len));
        if threatened {
            n += run as i32;
        }
    }
    n
}

/// Empty squares of `empty` that a piece of `own` reaches sliding towards higher bits: each
/// empty run whose lower neighbour is in `own`. Adding the run's first bit carries through the
/// whole run, so `(empty + seeds) ^ empty` flips exactly those runs (and the blocker above
/// each, which the final mask drops). Runs never share carries: a blocker bit separates them.
#[inline(always)]
fn reach_upwards(own: u32, empty: u32) -> u32 {
    let seeds = (own << 1) & empty;
    (empty.wrapping_add(seeds) ^ empty) & empty
}

/// Empty squares of `empty` that a piece of `own` reaches sliding towards lower bits: each
/// empty run whose upper neighbour is in `own`, filled down from its top in doubling steps
/// (the same squares as [`reach_upwards`] on the bit-reversed line, without the reversals).
#[inline(always)]
fn reach_downwards(own: u32, empty: u32) -> u32 {
    let mut reached = (own >> 1) & empty;
    let mut through = empty;
    for step in [1, 2, 4, 8, 16] {
        reached |= (reached >> step) & through;
        through &= through >> step;
    }
    reached
}

/// Scans every rank and file once, filling both colours' features. Bit-parallel where it can
/// be: mobility with carries along each line, file anchoring by filling rank words from each
/// edge, so the cost is a few operations per line rather than per piece or per run.
// `line` numbers ranks and files alike; it indexes the rank table only on the rank pass.
#[allow(clippy::needless_range_loop)]
fn features(pos: &Position) -> [Features; 2] {
    let size = pos.size();
    let (w, h) = (size.width(), size.height());
    let lines = Lines { pos };
    let mut f = [Features::default(); 2];
    // Per colour and rank, the pieces whose friendly run along the rank touches an edge.
    let mut anchor_rank = [[0u32; MAX_DIM]; 2];
    for is_file in [false, true] {
        let (count, len) = if is_file { (w, h) } else { (h, w) };
        let full = (1u32 << len) - 1;
        for line in 0..count {
            let words = [
                lines.word(Color::White, is_file, line),
                lines.word(Color::Black, is_file, line),
            ];
            let occ = words[0] | words[1];
            // Mobility: every maximal empty run is reachable by the pieces at its two ends;
            // upwards with a carry, downwards with a fill (no bit reversal needed).
            // Black's share is the total less White's: every empty square with a piece below it
            // is reached upwards by that piece, likewise downwards.
            let empty = !occ & full;
            if occ != 0 {
                let up_white = reach_upwards(words[0], empty).count_ones();
                let down_white = reach_downwards(words[0], empty).count_ones();
                let lowest = occ.trailing_zeros();
                let highest = 31 - occ.leading_zeros();
                let up_all = (empty >> lowest).count_ones();
                let down_all = (empty & ((1u32 << highest) - 1)).count_ones();
                f[0].mobility += (up_white + down_white) as i32;
                f[1].mobility += (up_all + down_all - up_white - down_white) as i32;
            }
            for c in Color::BOTH {
                let own = words[c.index()];
                let their = words[c.other().index()];
                let anchored = edge_runs(own, len);
                if !is_file {
                    anchor_rank[c.index()][line] = anchored;
                }
                // Hanging runs: one end an enemy piece, the other an empty square an enemy can
                // reach in one slide. Only a run with an enemy next to it can be one.
                let rest = own & !anchored;
                if rest & ((their << 1) | (their >> 1)) != 0 {
                    f[c.index()].hanging += hanging(&lines, c, is_file, line, rest, len);
                }
            }
        }
    }
    // File anchoring, one rank word at a time: a piece's friendly run along its file reaches
    // the bottom edge if the piece below it does (or it stands on rank 1), likewise the top.
    for c in Color::BOTH {
        let ci = c.index();
        let mut from_top = [0u32; MAX_DIM];
        let mut run = u32::MAX;
        for r in (0..h).rev() {
            run &= pos.rank_bits(c, r);
            from_top[r] = run;
        }
        let mut from_bottom = u32::MAX;
        for (r, &top) in from_top.iter().enumerate().take(h) {
            from_bottom &= pos.rank_bits(c, r);
            let along_file = from_bottom | top;
            let along_rank = anchor_rank[ci][r];
            f[ci].anchored += (along_file & along_rank).count_ones() as i32;
            f[ci].half_anchored += (along_file ^ along_rank).count_ones() as i32;
        }
    }
    f
}

/// The evaluation of `game`'s position for the side to move, in centi-pieces.
pub fn evaluate(game: &Game, w: &Weights) -> i32 {
    if !game.rules().family.is_ming_mang() {
        // The relatives have their own terms (kings, hands, the hunter).
        return super::eval_relatives::evaluate(game, &super::eval_relatives::WEIGHTS);
    }
    let pos = game.position();
    let us = pos.side_to_move();
    let them = us.other();
    let f = features(pos);
    let (u, t) = (f[us.index()], f[them.index()]);
    // Pieces in hand (Gala) count as material; elsewhere the hand is empty.
    let material = w.material * (pos.total(us) as i32 - pos.total(them) as i32);
    let mut score = material
        + w.mobility * (u.mobility - t.mobility)
        + w.anchored * (u.anchored - t.anchored)
        + w.half_anchored * (u.half_anchored - t.half_anchored)
        - w.hanging_own * u.hanging
        + w.hanging_their * t.hanging
        + w.tempo;
    if game.rules().options.territory {
        // Pieces are already counted as material; add the enclosed empty squares.
        let (white, black) = game.territory();
        let enclosed = |c: Color, total: usize| (total - pos.count(c)) as i32;
        let (eu, et) = if us == Color::White {
            (enclosed(us, white), enclosed(them, black))
        } else {
            (enclosed(us, black), enclosed(them, white))
        };
        score += w.territory * (eu - et);
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{parse_position, BoardSize, Rules};

    #[test]
    fn start_is_balanced_on_every_size() {
        for n in 4..=19 {
            let size = BoardSize::new(n, n).unwrap();
            let f = features(&Position::start(size));
            assert_eq!(f[0].mobility, f[1].mobility, "{n}");
            assert_eq!(f[0].anchored, f[1].anchored, "{n}");
            assert_eq!(f[0].hanging, 0);
            let g = Game::new(Rules::new(size));
            assert_eq!(evaluate(&g, &WEIGHTS), WEIGHTS.tempo);
        }
    }

    #[test]
    fn sees_a_hanging_piece() {
        // White b2 between Black c2 and an empty a2 that Black a4 can reach down the a-file.
        let p = parse_position("4/b3/1wb1/4 w").unwrap();
        let f = features(&p);
        assert_eq!(f[0].hanging, 1);
    }
    /// The straightforward per-run, per-piece version the fast one must agree with.
    fn reference_features(pos: &Position) -> [Features; 2] {
        let size = pos.size();
        let (w, h) = (size.width(), size.height());
        let lines = Lines { pos };
        let mut f = [Features::default(); 2];
        // anchored_along[c][is_file][line]: pieces whose friendly run along that line touches an edge.
        let mut anchor_rank = [[0u32; 19]; 2];
        let mut anchor_file = [[0u32; 19]; 2];
        for is_file in [false, true] {
            let (count, len) = if is_file { (w, h) } else { (h, w) };
            let full = (1u32 << len) - 1;
            for line in 0..count {
                let words = [
                    lines.word(Color::White, is_file, line),
                    lines.word(Color::Black, is_file, line),
                ];
                let occ = words[0] | words[1];
                // Mobility: every maximal empty run is reachable by the pieces at its two ends.
                let mut empty = !occ & full;
                while empty != 0 {
                    let lo = empty.trailing_zeros() as usize;
                    let run = (!(empty >> lo)).trailing_zeros() as usize;
                    empty &= !(((1u64 << run) - 1) << lo) as u32;
                    let hi = lo + run - 1;
                    for end in [lo.checked_sub(1), Some(hi + 1).filter(|&x| x < len)]
                        .into_iter()
                        .flatten()
                    {
                        let c = if words[0] >> end & 1 != 0 { 0 } else { 1 };
                        f[c].mobility += run as i32;
                    }
                }
                for c in Color::BOTH {
                    let own = words[c.index()];
                    let anchored = edge_runs(own, len);
                    if is_file {
                        anchor_file[c.index()][line] = anchored;
                    } else {
                        anchor_rank[c.index()][line] = anchored;
                    }
                    // Hanging runs: one end an enemy piece, the other an empty square an enemy can
                    // reach in one slide.
                    f[c.index()].hanging += hanging(&lines, c, is_file, line, own & !anchored, len);
                }
            }
        }
        for c in Color::BOTH {
            for (r, &rank_anchor) in anchor_rank[c.index()].iter().enumerate().take(h) {
                let mut bits = pos.rank_bits(c, r);
                while bits != 0 {
                    let file = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let a = (rank_anchor >> file & 1) + (anchor_file[c.index()][file] >> r & 1);
                    match a {
                        2 => f[c.index()].anchored += 1,
                        1 => f[c.index()].half_anchored += 1,
                        _ => {}
                    }
                }
            }
        }
        f
    }

    /// Asserts that the fast features of `pos` equal the reference ones; `what` names the case.
    fn assert_agrees(pos: &Position, what: &str) {
        let (fast, slow) = (features(pos), reference_features(pos));
        for c in 0..2 {
            assert_eq!(fast[c].mobility, slow[c].mobility, "mobility {what}");
            assert_eq!(fast[c].anchored, slow[c].anchored, "anchored {what}");
            assert_eq!(fast[c].half_anchored, slow[c].half_anchored, "half {what}");
            assert_eq!(fast[c].hanging, slow[c].hanging, "hanging {what}");
        }
    }

    /// Random fills reach what games rarely do: full and empty lines, long runs touching both
    /// edges, the largest boards crowded, every size including the narrow ones.
    #[test]
    fn fast_features_agree_with_the_reference_on_random_fills() {
        use crate::rules::Square;
        use crate::search::selfplay::Rng;
        let mut rng = Rng::new(5);
        let mut hanging_seen = 0;
        for i in 0..3000 {
            let (wd, ht) = (4 + rng.below(16), 4 + rng.below(16));
            let size = BoardSize::new(wd, ht).unwrap();
            let mut pos = Position::empty(size, Color::BOTH[i % 2]);
            // Density from empty to full; each square white, black or empty.
            let filled = rng.below(101);
            let white_share = rng.below(101);
            for sq in size.squares() {
                if rng.below(100) < filled {
                    let c = if rng.below(100) < white_share { 0 } else { 1 };
                    pos.put(Square::new(sq.file(), sq.rank()), Color::BOTH[c]);
                }
            }
            assert_agrees(&pos, &format!("fill {i} {wd}x{ht}"));
            let slow = reference_features(&pos);
            hanging_seen += usize::from(slow[0].hanging > 0 && slow[1].hanging > 0);
        }
        // The hanging slow path must have been exercised, not only skipped.
        assert!(hanging_seen > 1000, "{hanging_seen}");
    }

    #[test]
    fn fast_features_agree_with_the_reference() {
        use crate::search::selfplay::{random_opening, Rng};
        let mut rng = Rng::new(11);
        for i in 0..400 {
            let (wd, ht) = (4 + i % 16, 4 + (i / 16) % 16);
            let mut game = Game::new(Rules::new(BoardSize::new(wd, ht).unwrap()));
            random_opening(&mut game, rng.below(120), &mut rng);
            let (fast, slow) = (
                features(game.position()),
                reference_features(game.position()),
            );
            for c in 0..2 {
                assert_eq!(fast[c].mobility, slow[c].mobility, "mobility {i}");
                assert_eq!(fast[c].anchored, slow[c].anchored, "anchored {i}");
                assert_eq!(fast[c].half_anchored, slow[c].half_anchored, "half {i}");
                assert_eq!(fast[c].hanging, slow[c].hanging, "hanging {i}");
            }
        }
    }
}
