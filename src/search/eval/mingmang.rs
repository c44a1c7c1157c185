//! Ming Mang's static evaluation: hand-written features of a position, from the side to move's
//! view, weighed by [`MingMangWeights`].
//!
//! Every board from 4x4 to 19x19 is read through the same rank and file occupancy words, so the
//! features mean the same on all sizes.

use super::limit_phase;
use crate::rules::geometry::MAX_DIM;
use crate::rules::{Color, Game, Position};

weights! {
    /// Feature weights in centi-pieces (100 = one piece).
    MingMangWeights {
        /// Per piece: the game is won by taking pieces (conversion swings two).
        material = 100,
        /// Per square a piece can slide to: mobility keeps a side away from the loss by having no move.
        mobility = 1,
        /// Per piece whose friendly line reaches an edge both along its rank and its file: it cannot
        /// be flanked on either line while that stays so (corner pieces always count).
        anchored = 25,
        /// Per piece anchored along one line only.
        half_anchored = 8,
        /// Per piece of the side to move that the opponent could capture with one move (it must
        /// spend its move defending).
        hanging_own = 25,
        /// Per opposing piece the side to move could capture now; quiescence resolves the big
        /// swings, this term only values the pressure when it stands pat.
        hanging_their = 10,
        /// For being on move.
        tempo = 8,
        /// Per empty square enclosed by one side only (territory scoring only).
        territory = 60,
        /// Per piece, times the eighths of the ply limit already played (0 to 8; only under a
        /// limit): at the limit the piece count decides, so a piece ahead weighs more as it
        /// nears, and a side behind has fewer plies left to win it back.
        material_late = 0,
        /// Per piece on a corner, beyond its anchoring: no line through a corner can be flanked
        /// (without corner capture), so a corner piece is never lost, and it anchors both its
        /// edges for the pieces beside it.
        corner = 0,
    }
}

/// The pieces of `color` on the board's four corners.
fn corner_pieces(pos: &Position, color: Color) -> i32 {
    let size = pos.size();
    let corners = 1 | 1 << (size.width() - 1);
    let (bottom, top) = (
        pos.rank_bits(color, 0),
        pos.rank_bits(color, size.height() - 1),
    );
    ((bottom & corners).count_ones() + (top & corners).count_ones()) as i32
}

/// The feature counts: White's less Black's where only that difference is weighed, per colour
/// where the weights differ by side.
#[derive(Default, Clone, Copy, Debug, PartialEq, Eq)]
struct Features {
    mobility: i32,
    anchored: i32,
    half_anchored: i32,
    /// By colour index.
    hanging: [i32; 2],
}

// The features are computed on colour pairs: one line's words of both colours in one `u64`,
// White's in the low half and Black's in the high. A line has at most `MAX_DIM` (19) squares,
// so no shift, addition or fill below moves a bit from one half into the other's squares; each
// operation works on both colours at once.

/// The pair of `white`'s and `black`'s words of one line.
#[inline(always)]
fn pair(white: u32, black: u32) -> u64 {
    u64::from(white) | u64::from(black) << 32
}

/// The pair of opponents: each colour's half holds the other colour's word.
#[inline(always)]
fn opponents(pair: u64) -> u64 {
    pair.rotate_left(32)
}

/// Bit counts of pairs summed per colour: all bits and the low (White) half, so Black's count is
/// their difference (two counts per pair instead of masking out each half).
#[derive(Default, Clone, Copy)]
struct PairCount {
    all: u32,
    white: u32,
}

impl PairCount {
    #[inline(always)]
    fn add(&mut self, bits: u64) {
        self.all += bits.count_ones();
        self.white += (bits as u32).count_ones();
    }

    /// The counts by colour index.
    #[inline(always)]
    fn by_colour(self) -> [i32; 2] {
        [self.white as i32, (self.all - self.white) as i32]
    }
}

/// White's bits less Black's, summed over pairs, with one count per pair: with Black's half
/// inverted a pair holds White's bits and Black's gaps, `white + 32 - black` set bits. The 32s
/// come off at the end ([`Balance::value`]), outside the loops.
#[derive(Default, Clone, Copy)]
struct Balance(u32);

impl Balance {
    #[inline(always)]
    fn add(&mut self, bits: u64) {
        self.0 += (bits ^ 0xFFFF_FFFF_0000_0000).count_ones();
    }

    /// The balance after `pairs` calls of [`Balance::add`].
    #[inline(always)]
    fn value(self, pairs: usize) -> i32 {
        self.0 as i32 - 32 * pairs as i32
    }
}

/// The sliding moves across a stack of parallel lines visited one by one (the ranks upwards
/// give the moves up the files, and so on). `carry` is each colour's pieces and the empty
/// squares it reaches on the previous line; what it reaches on this line is the empty squares
/// next to those, so over the stack every piece counts each empty square in front of it. The
/// carry never holds a bit past the line's length, so the empty words need no mask.
#[derive(Default)]
struct Slides {
    carry: u64,
}

impl Slides {
    /// The empty squares of the next line `own` (a pair) reached by each colour.
    #[inline(always)]
    fn next(&mut self, own: u64) -> u64 {
        let reached = self.carry & !(own | opponents(own));
        self.carry = own | reached;
        reached
    }
}

/// The bits of `through` reached from `seeds` going towards lower bits through consecutive
/// bits of `through`, in doubling steps (lines are under 32 squares long). The step masks keep
/// the halves of a pair apart: a bit moved down by `step` from the high half lands on bit
/// `32 - step` or above, while a window of `step` set bits in the low half (a line of at most
/// 19 squares) starts at bit `19 - step` or below.
#[inline(always)]
fn fill_down(mut seeds: u64, mut through: u64) -> u64 {
    for step in [1, 2, 4, 8, 16] {
        seeds |= (seeds >> step) & through;
        through &= through >> step;
    }
    seeds
}

/// The empty squares of each colour's line that its pieces reach sliding along the line, both
/// ways; `empty` must be masked to the line. Upwards: adding each empty run's first square
/// carries through the run (and stops on the blocker above it), so the bits it flips are the
/// reached squares. Downwards: a fill from the square below each piece.
#[inline(always)]
fn reach_along(own: u64, empty: u64) -> u64 {
    let seeds = (own << 1) & empty;
    let up = (empty.wrapping_add(seeds) ^ empty) & empty;
    up | fill_down((own >> 1) & empty, empty)
}

/// The pieces of each colour whose friendly run along the line of mask `full` touches an edge:
/// they cannot be flanked along this line while it stays so. The low runs for both colours with
/// one addition (adding one clears exactly the trailing ones), the high runs per colour.
#[inline(always)]
fn edge_runs(own: u64, full: u32) -> u64 {
    let low = own & !own.wrapping_add(1 << 32 | 1);
    let high = pair(
        high_run(own as u32, full),
        high_run((own >> 32) as u32, full),
    );
    low | high
}

/// The pieces of `own` whose run along the line of mask `full` touches its upper end: those
/// above the highest square that is not `own`'s. `(gaps << 1) | 1` is never zero and its
/// highest bit stands one above the highest gap (bit 0 when the line is all `own`), so one
/// shift covers both cases.
#[inline(always)]
fn high_run(own: u32, full: u32) -> u32 {
    let gaps = own ^ full;
    own & (u32::MAX << ((gaps << 1) | 1).ilog2())
}

/// Whether some piece of `rest` (the pieces not anchored along a line) stands next to an enemy
/// on it, the condition for [`hanging`] to find anything: a cheap test for every line.
#[inline(always)]
fn may_hang(rest: u64, their: u64) -> bool {
    rest & (their << 1 | their >> 1) != 0
}

/// Each colour's hanging pieces on one line (`own`, a pair, with `full` the line's mask for
/// both halves): the runs of `rest` (its pieces not anchored along the line) with an enemy at
/// one end and at the other an empty square an enemy reaches in one slide, along the line or
/// across it (`across`: the squares each colour reaches by sliding across the line). That
/// square is next to the run's end, so no enemy reaches it through the run: any slide counts.
/// Adding the lowest piece of a run carries onto the square above it, which picks the runs by
/// their lower end; the fill down from the squares above the chosen ones gives the pieces.
#[inline(always)]
fn hanging(own: u64, rest: u64, across: u64, full: u64) -> u64 {
    let their = opponents(own);
    let empty = !(own | their) & full;
    let threat = opponents(across | reach_along(own, empty));
    let enemy_below = rest & (their << 1);
    let threat_below = rest & (threat << 1);
    let ends =
        (rest.wrapping_add(enemy_below) & threat) | (rest.wrapping_add(threat_below) & their);
    fill_down((ends >> 1) & rest, rest)
}

/// Scans the board as colour pairs, filling the features: two passes over the files for the
/// moves along the ranks, three over the ranks (down and up for the moves and the file runs,
/// then the rest), each a few operations per line. Only the lines where an unanchored piece
/// stands next to an enemy take the longer [`hanging`] test, still for all runs at once.
fn features(pos: &Position) -> Features {
    let size = pos.size();
    // Never above MAX_DIM; saying so lets the compiler drop the bounds checks below.
    let (w, h) = (size.width().min(MAX_DIM), size.height().min(MAX_DIM));
    let (white, black) = (Color::White, Color::Black);
    let (rank_white, rank_black) = (pos.rank_words(white), pos.rank_words(black));
    let (file_white, file_black) = (pos.file_words(white), pos.file_words(black));
    let rank = |r: usize| pair(rank_white[r], rank_black[r]);
    let file = |f: usize| pair(file_white[f], file_black[f]);
    let mut mobility = Balance::default();

    // Across the files: the moves along the ranks, both ways. Each file keeps what they reach
    // on it for the hanging test along it.
    let mut file_reach = [0u64; MAX_DIM];
    let mut right = Slides::default();
    for (f, reach) in file_reach[..w].iter_mut().enumerate() {
        *reach = right.next(file(f));
        mobility.add(*reach);
    }
    let mut left = Slides::default();
    for (f, reach) in file_reach[..w].iter_mut().enumerate().rev() {
        let reached = left.next(file(f));
        mobility.add(reached);
        *reach |= reached;
    }

    // Down and up the ranks: the moves along the files, kept per rank with the pieces whose
    // friendly run along their file reaches the top edge (the piece above does, or it stands on
    // the top rank), then the bottom edge likewise.
    let (mut along_file, mut rank_reach) = ([0u64; MAX_DIM], [0u64; MAX_DIM]);
    let (along_file, rank_reach) = (&mut along_file[..h], &mut rank_reach[..h]);
    let mut down = Slides::default();
    let mut from_top = u64::MAX;
    for (r, (along, reach)) in along_file
        .iter_mut()
        .zip(rank_reach.iter_mut())
        .enumerate()
        .rev()
    {
        let own = rank(r);
        *reach = down.next(own);
        mobility.add(*reach);
        from_top &= own;
        *along = from_top;
    }
    // Up the ranks, the file runs complete: the files on which a piece not anchored along its
    // file stands next to an enemy on it (this rank's and the one below) need the hanging test.
    let mut up = Slides::default();
    let mut from_bottom = u64::MAX;
    let (mut below_their, mut below_rest) = (0u64, 0u64);
    let mut files_to_test = 0u64;
    for (r, (along, reach)) in along_file.iter_mut().zip(rank_reach.iter_mut()).enumerate() {
        let own = rank(r);
        let reached = up.next(own);
        mobility.add(reached);
        *reach |= reached;
        from_bottom &= own;
        *along |= from_bottom;
        let (their, rest) = (opponents(own), own & !*along);
        files_to_test |= rest & below_their | below_rest & their;
        (below_their, below_rest) = (their, rest);
    }

    // Each rank: anchoring along both lines, and hanging along the rank.
    let full = size.rank_mask();
    let full_pair = pair(full, full);
    let (mut anchored, mut half_anchored) = (Balance::default(), Balance::default());
    let mut hanging_pieces = PairCount::default();
    for (r, (&along_file, &reach)) in along_file.iter().zip(rank_reach.iter()).enumerate() {
        let own = rank(r);
        let their = opponents(own);
        let along_rank = edge_runs(own, full);
        anchored.add(along_file & along_rank);
        half_anchored.add(along_file ^ along_rank);
        let rest = own & !along_rank;
        if may_hang(rest, their) {
            hanging_pieces.add(hanging(own, rest, reach, full_pair));
        }
    }
    // Each file once, for both colours (a colour not flagged on it has nothing hanging there).
    let full = size.file_mask();
    let full_pair = pair(full, full);
    let mut files_to_test = (files_to_test | files_to_test >> 32) as u32;
    while files_to_test != 0 {
        let f = files_to_test.trailing_zeros() as usize;
        files_to_test &= files_to_test - 1;
        let own = file(f);
        let rest = own & !edge_runs(own, full);
        hanging_pieces.add(hanging(own, rest, file_reach[f], full_pair));
    }

    // Mobility counted a pair per line in each of the four scans, anchoring one per rank.
    Features {
        mobility: mobility.value(2 * (w + h)),
        anchored: anchored.value(h),
        half_anchored: half_anchored.value(h),
        hanging: hanging_pieces.by_colour(),
    }
}

/// The evaluation of `game`'s position (Ming Mang) for the side to move, in centi-pieces.
pub fn evaluate(game: &Game, w: &MingMangWeights) -> i32 {
    let pos = game.position();
    let us = pos.side_to_move();
    let them = us.other();
    let f = features(pos);
    // The balanced terms are White's less Black's.
    let ours = if us == Color::White { 1 } else { -1 };
    // Pieces in hand (Gala) count as material; elsewhere the hand is empty.
    let pieces_ahead = pos.total(us) as i32 - pos.total(them) as i32;
    // The terms whose weight is 0 by default are not computed then (the evaluation runs at
    // nearly every node).
    let late = if w.material_late != 0 {
        w.material_late * limit_phase(game)
    } else {
        0
    };
    let material = (w.material + late) * pieces_ahead;
    let mut score = material
        + ours
            * (w.mobility * f.mobility
                + w.anchored * f.anchored
                + w.half_anchored * f.half_anchored)
        - w.hanging_own * f.hanging[us.index()]
        + w.hanging_their * f.hanging[them.index()]
        + if w.corner != 0 {
            w.corner * (corner_pieces(pos, us) - corner_pieces(pos, them))
        } else {
            0
        }
        + w.tempo;
    if game.rules().options().territory {
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

    /// Nearest set bit of `occ` above `i`, found one bit at a time (the reference is plain).
    fn next_up(occ: u32, i: usize) -> Option<usize> {
        (i + 1..32).find(|&j| occ >> j & 1 != 0)
    }

    /// Nearest set bit of `occ` below `i`.
    fn next_down(occ: u32, i: usize) -> Option<usize> {
        (0..i).rev().find(|&j| occ >> j & 1 != 0)
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
    fn hanging(
        lines: &Lines,
        c: Color,
        is_file: bool,
        line: usize,
        mut rest: u32,
        len: usize,
    ) -> i32 {
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

    #[test]
    fn start_is_balanced_on_every_size() {
        for n in 4..=19 {
            let size = BoardSize::new(n, n).unwrap();
            let f = features(&Position::start(size));
            assert_eq!(f.mobility, 0, "{n}");
            assert_eq!(f.anchored, 0, "{n}");
            assert_eq!(f.half_anchored, 0, "{n}");
            assert_eq!(f.hanging, [0, 0]);
            let g = Game::new(Rules::new(size));
            assert_eq!(
                evaluate(&g, &MingMangWeights::HAND_SET),
                MingMangWeights::HAND_SET.tempo
            );
        }
    }

    #[test]
    fn sees_a_hanging_piece() {
        // White b2 between Black c2 and an empty a2 that Black a4 can reach down the a-file.
        let p = parse_position("4/b3/1wb1/4 w").unwrap();
        let f = features(&p);
        assert_eq!(f.hanging, [1, 0]);
    }

    /// One colour's counts as the reference finds them.
    #[derive(Default, Clone, Copy, Debug)]
    struct Counts {
        mobility: i32,
        anchored: i32,
        half_anchored: i32,
        hanging: i32,
    }

    /// The reference counts in the form of [`features`]: White's less Black's, hanging by colour.
    fn reference_features(pos: &Position) -> Features {
        let [w, b] = reference_counts(pos);
        Features {
            mobility: w.mobility - b.mobility,
            anchored: w.anchored - b.anchored,
            half_anchored: w.half_anchored - b.half_anchored,
            hanging: [w.hanging, b.hanging],
        }
    }
    /// The straightforward per-run, per-piece version the fast one must agree with.
    fn reference_counts(pos: &Position) -> [Counts; 2] {
        let size = pos.size();
        let (w, h) = (size.width(), size.height());
        let lines = Lines { pos };
        let mut f = [Counts::default(); 2];
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
        assert_eq!(features(pos), reference_features(pos), "{what}");
    }

    /// Random fills reach what games rarely do: full and empty lines, long runs touching both
    /// edges, the largest boards crowded, every size including the narrow ones.
    #[test]
    fn fast_features_agree_with_the_reference_on_random_fills() {
        use crate::rules::random::Rng;
        use crate::rules::Square;
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
            let hanging = reference_features(&pos).hanging;
            hanging_seen += usize::from(hanging[0] > 0 && hanging[1] > 0);
        }
        // The hanging slow path must have been exercised, not only skipped.
        assert!(hanging_seen > 1000, "{hanging_seen}");
    }

    #[test]
    fn fast_features_agree_with_the_reference() {
        use crate::rules::random::{random_opening, Rng};
        let mut rng = Rng::new(11);
        for i in 0..400 {
            let (wd, ht) = (4 + i % 16, 4 + (i / 16) % 16);
            let mut game = Game::new(Rules::new(BoardSize::new(wd, ht).unwrap()));
            random_opening(&mut game, rng.below(120), &mut rng);
            assert_agrees(game.position(), &format!("game {i}"));
        }
    }
}
