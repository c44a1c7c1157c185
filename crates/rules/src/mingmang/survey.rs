//! Ming Mang's moves and threats for every piece at once, read from the rank and file words in
//! one pass over the lines: how many slides each side has, which pieces no straight capture
//! can take, and which pieces one enemy slide could flank (rule 6). The evaluation weighs
//! them ([`Position::line_survey`]).

use crate::geometry::{Color, MAX_DIM};
use crate::position::Position;

use super::{board_word, survey_small};

impl Position {
    /// The survey of this Ming Mang position's lines (see [`LineSurvey`]). Rule 6's straight
    /// captures only: the options that capture further are not looked at. Boards up to 8x8
    /// are surveyed whole, one word per colour, larger ones line by line.
    #[inline]
    pub fn line_survey(&self) -> LineSurvey {
        if board_word::fits(self.size()) {
            survey_small::survey(self)
        } else {
            survey(self)
        }
    }
}

/// What one pass over a Ming Mang position's lines finds: White's count less Black's where
/// only the difference is asked for, per colour otherwise.
#[derive(Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineSurvey {
    /// Slides: White's less Black's (one per piece and empty square it can slide to).
    pub mobility: i32,
    /// Pieces no straight capture can take along either line (the piece's friendly run
    /// reaches an edge along its rank and along its file): White's less Black's.
    pub anchored: i32,
    /// Pieces anchored so along one of their lines only: White's less Black's.
    pub half_anchored: i32,
    /// By colour index, the pieces one enemy slide could flank by rule 6, each counted once
    /// per line along which it could.
    pub hanging: [i32; 2],
}

// The survey is computed on colour pairs: one line's words of both colours in one `u64`,
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

/// Scans the board as colour pairs, filling the survey: two passes over the files for the
/// moves along the ranks, three over the ranks (down and up for the moves and the file runs,
/// then the rest), each a few operations per line. Only the lines where an unanchored piece
/// stands next to an enemy take the longer [`hanging`] test, still for all runs at once.
#[inline]
fn survey(pos: &Position) -> LineSurvey {
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
    LineSurvey {
        mobility: mobility.value(2 * (w + h)),
        anchored: anchored.value(h),
        half_anchored: half_anchored.value(h),
        hanging: hanging_pieces.by_colour(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::random_fill;
    use crate::{parse_position, BoardSize, Game, Rules};

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
    fn the_start_is_balanced_on_every_size() {
        for n in 4..=19 {
            let size = BoardSize::new(n, n).unwrap();
            let f = Position::start(size).line_survey();
            assert_eq!(f, LineSurvey::default(), "{n}");
        }
    }

    #[test]
    fn sees_a_hanging_piece() {
        // White b2 between Black c2 and an empty a2 that Black a4 can reach down the a-file.
        let p = parse_position("4/b3/1wb1/4 w").unwrap();
        assert_eq!(p.line_survey().hanging, [1, 0]);
    }

    /// One colour's counts as the reference finds them.
    #[derive(Default, Clone, Copy, Debug)]
    struct Counts {
        mobility: i32,
        anchored: i32,
        half_anchored: i32,
        hanging: i32,
    }

    /// The reference counts in the form of [`LineSurvey`]: White's less Black's, hanging by
    /// colour.
    fn reference_survey(pos: &Position) -> LineSurvey {
        let [w, b] = reference_counts(pos);
        LineSurvey {
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

    /// Asserts that the fast survey of `pos` equals the reference one; `what` names the case.
    fn assert_agrees(pos: &Position, what: &str) {
        assert_eq!(pos.line_survey(), reference_survey(pos), "{what}");
    }

    /// Random fills reach what games rarely do: full and empty lines, long runs touching both
    /// edges, the largest boards crowded, every size including the narrow ones.
    #[test]
    fn the_survey_agrees_with_the_reference_on_random_fills() {
        use crate::random::Rng;
        let mut rng = Rng::new(5);
        let mut hanging_seen = 0;
        for i in 0..3000 {
            let (wd, ht) = (4 + rng.below(16), 4 + rng.below(16));
            let size = BoardSize::new(wd, ht).unwrap();
            let pos = random_fill(&mut rng, size, Color::BOTH[i % 2]);
            assert_agrees(&pos, &format!("fill {i} {wd}x{ht}"));
            let hanging = reference_survey(&pos).hanging;
            hanging_seen += usize::from(hanging[0] > 0 && hanging[1] > 0);
        }
        // The hanging slow path must have been exercised, not only skipped.
        assert!(hanging_seen > 1000, "{hanging_seen}");
    }

    /// The whole-board survey of boards up to 8x8 against the line-by-line one and the
    /// reference, on random fills of every such size (the other tests reach it only through
    /// `line_survey`, and a tenth of their boards are that small).
    #[test]
    fn the_small_board_survey_agrees_with_the_line_survey() {
        use crate::geometry::MIN_DIM;
        use crate::random::Rng;
        let mut rng = Rng::new(17);
        let mut hanging_seen = 0;
        for i in 0..6000 {
            let span = 9 - MIN_DIM;
            let (wd, ht) = (MIN_DIM + rng.below(span), MIN_DIM + rng.below(span));
            let size = BoardSize::new(wd, ht).unwrap();
            assert!(board_word::fits(size));
            let pos = random_fill(&mut rng, size, Color::BOTH[i % 2]);
            let small = survey_small::survey(&pos);
            assert_eq!(small, survey(&pos), "fill {i} {wd}x{ht}");
            assert_eq!(small, reference_survey(&pos), "fill {i} {wd}x{ht}");
            hanging_seen += usize::from(small.hanging[0] > 0 && small.hanging[1] > 0);
        }
        assert!(hanging_seen > 1500, "{hanging_seen}");
        assert!(!board_word::fits(BoardSize::new(9, 8).unwrap()));
        assert!(!board_word::fits(BoardSize::new(8, 9).unwrap()));
    }

    #[test]
    fn the_survey_agrees_with_the_reference() {
        use crate::random::{random_opening, Rng};
        let mut rng = Rng::new(11);
        for i in 0..400 {
            let (wd, ht) = (4 + i % 16, 4 + (i / 16) % 16);
            let mut game = Game::new(Rules::new(BoardSize::new(wd, ht).unwrap()));
            random_opening(&mut game, rng.below(120), &mut rng);
            assert_agrees(game.position(), &format!("game {i}"));
        }
    }

    #[test]
    fn a_colour_has_hanging_pieces_when_some_enemy_slide_captures() {
        // Against the rules' own capture count: with the opponent to move, some slide
        // converts a piece of `c` exactly when the survey finds one of `c`'s pieces hanging.
        use crate::random::{random_opening, Rng};
        let mut rng = Rng::new(12);
        let mut seen = [0; 2];
        for i in 0..400 {
            let (wd, ht) = (4 + i % 16, 4 + (i / 7) % 16);
            let rules = Rules::new(BoardSize::new(wd, ht).unwrap());
            let mut game = Game::new(rules);
            random_opening(&mut game, rng.below(120), &mut rng);
            let hanging = game.position().line_survey().hanging;
            for c in Color::BOTH {
                let mut pos = game.position().clone();
                pos.set_side_to_move(c.other());
                let mut captures = false;
                pos.for_each_pseudo_move(&rules, |mv| {
                    captures |= pos.capture_count(mv, &rules) > 0
                });
                assert_eq!(hanging[c.index()] > 0, captures, "{pos:?}");
                seen[captures as usize] += 1;
            }
        }
        assert!(seen[0] > 100 && seen[1] > 100, "{seen:?}");
    }
}
