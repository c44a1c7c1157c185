//! Move helpers of the search, on top of the rules core: capture counts for ordering, the
//! captures-only generator and the quiet-move probe of quiescence, and child hashes for rule 7.
//!
//! They answer narrower questions than the rules' generator (is there *any* quiet move, which
//! moves capture), so they can skip most of the work a full move list costs. Everything here
//! agrees with the rules core; the tests check it on random positions of every size.

use crate::rules::geometry::{MAX_DIM, SQUARE_SLOTS};
use crate::rules::history::History;
use crate::rules::zobrist::{piece_key, SIDE_KEY};
use crate::rules::{Move, Position, Rules, Square};

/// Whether an enemy piece stands next to `to`: a slide can only capture (straight) if so.
/// A few loads and shifts, against the four line scans of a full capture test, and on a large
/// board most destination squares fail it.
#[inline(always)]
pub(crate) fn enemy_adjacent(pos: &Position, to: Square) -> bool {
    let them = pos.side_to_move().other();
    let (f, r) = (to.file(), to.rank());
    let row = pos.rank_bits(them, r);
    let col = pos.file_bits(them, f);
    ((((row << 1) | (row >> 1)) >> f) | (((col << 1) | (col >> 1)) >> r)) & 1 != 0
}

/// Pieces a move converts along straight lines (a leap converts the jumped piece too).
#[inline(always)]
pub(crate) fn capture_count(pos: &Position, mv: Move) -> u32 {
    if mv.is_pass() {
        0
    } else if !enemy_adjacent(pos, mv.to()) {
        mv.is_leap() as u32
    } else {
        pos.straight_capture_count(mv) + mv.is_leap() as u32
    }
}

/// Nearest set bit above `i`, if any.
#[inline(always)]
pub(crate) fn next_up(occ: u32, i: usize) -> Option<usize> {
    let above = (occ as u64) >> (i + 1);
    (above != 0).then(|| i + 1 + above.trailing_zeros() as usize)
}

/// Nearest set bit below `i`, if any.
#[inline(always)]
pub(crate) fn next_down(occ: u32, i: usize) -> Option<usize> {
    let below = occ & ((1u32 << i) - 1);
    (below != 0).then(|| 31 - below.leading_zeros() as usize)
}

/// Empty squares of a line of `len` squares onto which a piece of `own` would flank at least
/// one piece of `their` towards lower bits: an enemy run directly below, ending in an own
/// piece. Seeding each enemy run that stands on an own piece with its lowest bit, the addition
/// carries through the run to the square above it; those squares that are empty are the ones.
/// Runs never share carries (a non-enemy bit separates them), and the carry out of a run at the
/// top lands on bit `len`, outside the line (`len` is at most `MAX_DIM`, far below 32).
#[inline(always)]
fn flank_squares_down(own: u32, their: u32, len: usize) -> u32 {
    let empty = !(own | their) & ((1u32 << len) - 1);
    let seeds = their & (own << 1);
    their.wrapping_add(seeds) & !their & empty
}

/// Empty squares of a line of `len` squares onto which a piece of `own` would flank a piece of
/// `their` along the line, in either direction: exactly the squares whose straight capture
/// count along this line is not zero. Towards higher bits the enemy runs capped by an own piece
/// are filled downwards from their top bit (a shift-and-mask fill in doubling steps, cheaper
/// than reversing the words); the empty square just below such a run is a capture square.
#[inline(always)]
fn flank_squares(own: u32, their: u32, len: usize) -> u32 {
    let empty = !(own | their) & ((1u32 << len) - 1);
    let mut runs = their & (own >> 1);
    let mut through = their;
    for step in [1, 2, 4, 8, 16] {
        // `through` marks enemy runs still long enough to carry the fill further; runs are
        // usually short, so it is soon empty and the fill complete.
        if through == 0 {
            break;
        }
        runs |= (runs >> step) & through;
        through &= through >> step;
    }
    flank_squares_down(own, their, len) | ((runs >> 1) & empty)
}

/// The squares onto which a slide of the side to move converts pieces along straight lines,
/// found a line at a time with a few word operations. A square captures if it flanks along its
/// rank or along its file.
pub(crate) struct CaptureSquares {
    /// Per rank, bit `f` set if square (f, rank) captures (along either line).
    by_rank: [u32; MAX_DIM],
    /// Per rank, the squares that capture along the rank.
    along_ranks: [u32; MAX_DIM],
    /// Per file, bit `r` set if square (file, r) captures along the file.
    along_files: [u32; MAX_DIM],
}

impl CaptureSquares {
    /// The capture squares of the side to move in `pos`.
    #[inline]
    pub(crate) fn find(pos: &Position) -> CaptureSquares {
        let us = pos.side_to_move();
        let them = us.other();
        let size = pos.size();
        let (w, h) = (size.width(), size.height());
        let mut along_ranks = [0u32; MAX_DIM];
        let mut along_files = [0u32; MAX_DIM];
        for (f, line) in along_files.iter_mut().enumerate().take(w) {
            *line = flank_squares(pos.file_bits(us, f), pos.file_bits(them, f), h);
        }
        for (r, line) in along_ranks.iter_mut().enumerate().take(h) {
            *line = flank_squares(pos.rank_bits(us, r), pos.rank_bits(them, r), w);
        }
        // The file squares transposed into ranks (they are few).
        let mut by_rank = along_ranks;
        for (f, &line) in along_files.iter().enumerate().take(w) {
            let mut caps = line;
            while caps != 0 {
                let r = caps.trailing_zeros() as usize;
                caps &= caps - 1;
                by_rank[r] |= 1 << f;
            }
        }
        CaptureSquares {
            by_rank,
            along_ranks,
            along_files,
        }
    }

    /// Per file, bit `r` set if square (file, r) captures (along either line): the rank
    /// squares transposed into files. Only the quiet moves need it.
    fn by_file(&self) -> [u32; MAX_DIM] {
        let mut by_file = self.along_files;
        for (r, &line) in self.along_ranks.iter().enumerate() {
            let mut caps = line;
            while caps != 0 {
                let f = caps.trailing_zeros() as usize;
                caps &= caps - 1;
                by_file[f] |= 1 << r;
            }
        }
        by_file
    }

    /// Calls `emit(move, converted)` for every straight capture onto these squares (rule 7
    /// not applied), ascending by destination rank then file. Each square is counted once,
    /// and the pieces that can slide there are the nearest pieces along its rank and file.
    #[inline]
    pub(crate) fn for_each_capture(&self, pos: &Position, mut emit: impl FnMut(Move, u32)) {
        let us = pos.side_to_move();
        let them = us.other();
        let size = pos.size();
        let (w, h) = (size.width(), size.height());
        for (r, &line) in self.by_rank.iter().enumerate().take(h) {
            let own_r = pos.rank_bits(us, r);
            let occ_r = own_r | pos.rank_bits(them, r);
            let mut cand = line;
            while cand != 0 {
                let f = cand.trailing_zeros() as usize;
                cand &= cand - 1;
                let to = Square::new(f, r);
                let n = pos.straight_capture_count(Move::slide(to, to));
                debug_assert!(n > 0);
                let own_f = pos.file_bits(us, f);
                let occ_f = own_f | pos.file_bits(them, f);
                for j in [next_up(occ_r, f), next_down(occ_r, f)]
                    .into_iter()
                    .flatten()
                {
                    if own_r >> j & 1 != 0 && j < w {
                        emit(Move::slide(Square::new(j, r), to), n);
                    }
                }
                for j in [next_up(occ_f, r), next_down(occ_f, r)]
                    .into_iter()
                    .flatten()
                {
                    if own_f >> j & 1 != 0 && j < h {
                        emit(Move::slide(Square::new(f, j), to), n);
                    }
                }
            }
        }
    }

    /// Calls `emit` with every slide of the side to move that converts nothing, in the rules'
    /// generation order (see [`Position::for_each_pseudo_move`]); no pass.
    #[inline(always)]
    pub(crate) fn for_each_quiet_slide(&self, pos: &Position, mut emit: impl FnMut(Move)) {
        let quiet_on_rank = self.by_rank.map(|caps| !caps);
        let quiet_on_file = self.by_file().map(|caps| !caps);
        pos.find_slide(&quiet_on_rank, &quiet_on_file, |from, to| {
            emit(Move::slide(from, to));
            false
        });
    }
}

/// Calls `emit(move, converted)` for every straight capture of the side to move (rule 7 not
/// applied), working from the destination side (see [`CaptureSquares`]): most nodes have only
/// a handful. Quiescence calls this instead of generating all moves.
#[inline]
pub(crate) fn for_each_capture(pos: &Position, emit: impl FnMut(Move, u32)) {
    CaptureSquares::find(pos).for_each_capture(pos, emit);
}

/// The hash after `mv`. Ming Mang's slides are hashed directly: one that cannot capture (no
/// enemy next to its destination, the common case) from the moved piece alone, one that can
/// from its straight conversions, unless an option may capture beyond them (see
/// [`beyond_straight`]). Those, leaps, passes and the relatives' moves are played out by the
/// rules.
#[inline(always)]
pub(crate) fn child_hash(pos: &Position, mv: Move, rules: &Rules) -> u64 {
    if mv.is_pass() || mv.is_leap() || !rules.is_ming_mang() {
        return pos.child_hash(mv, rules);
    }
    if !enemy_adjacent(pos, mv.to()) {
        let us = pos.side_to_move();
        return pos.hash() ^ SIDE_KEY ^ piece_key(us, mv.from()) ^ piece_key(us, mv.to());
    }
    if rules.needs_full_capture() && beyond_straight(pos, mv, rules, capture_count(pos, mv)) {
        return pos.child_hash(mv, rules);
    }
    pos.slide_child_hash(mv)
}

/// Whether a Ming Mang slide with `straight` straight conversions may convert more under the
/// options: enchained capture continues from pieces a straight capture converted (so only a
/// move with one can), and capture round a corner needs the moved piece on an edge next to
/// the enemy run it turns.
#[inline(always)]
fn beyond_straight(pos: &Position, mv: Move, rules: &Rules, straight: u32) -> bool {
    let options = &rules.options();
    let to = mv.to();
    let size = pos.size();
    let on_edge = to.file() == 0
        || to.rank() == 0
        || to.file() + 1 == size.width()
        || to.rank() + 1 == size.height();
    (options.enchained_capture && straight > 0)
        || (options.corner_capture && on_edge && enemy_adjacent(pos, to))
}

/// Pieces `mv` converts under `options`, exactly. The straight count is exact under the basic
/// rules; a leap also converts the piece it jumps (the straight count would misread its origin
/// as a flanking piece), and the options may add captures it cannot see (see
/// [`beyond_straight`]). Only those moves are played out on a copy. In the relatives, the
/// pieces the move removes, as the rules count them.
#[inline]
pub(crate) fn full_capture_count(pos: &Position, mv: Move, rules: &Rules) -> u32 {
    if mv.is_pass() {
        return 0;
    }
    if !rules.is_ming_mang() {
        return pos.capture_count(mv, rules);
    }
    if mv.is_leap() {
        let mut child = pos.clone();
        return child.apply(mv, rules);
    }
    // No capture of any kind without an enemy next to the destination: most moves.
    if !enemy_adjacent(pos, mv.to()) {
        return 0;
    }
    let straight = pos.straight_capture_count(mv);
    if beyond_straight(pos, mv, rules, straight) {
        let mut child = pos.clone();
        child.apply(mv, rules)
    } else {
        straight
    }
}

/// Whether `mv` is a slide the side to move can play here, ignoring rule 7: its piece on
/// `from` and every square up to and including `to` empty. A few word operations, so a table
/// move can be tried before the node's moves are generated. Ming Mang only: in the relatives
/// kings, the hunter, placements and Gala's restrictions make a slide's legality depend on
/// more, so the answer there is always no and the table move waits for generation.
#[inline]
pub(crate) fn is_pseudo_slide(pos: &Position, mv: Move, rules: &Rules) -> bool {
    if mv.is_pass() || mv.is_leap() || !rules.is_ming_mang() {
        return false;
    }
    let us = pos.side_to_move();
    let (from, to) = (mv.from(), mv.to());
    let size = pos.size();
    if from == to
        || to.file() >= size.width()
        || to.rank() >= size.height()
        || pos.piece_at(from) != Some(us)
    {
        return false;
    }
    let them = us.other();
    let (occupied, a, b) = if from.rank() == to.rank() {
        let r = from.rank();
        (
            pos.rank_bits(us, r) | pos.rank_bits(them, r),
            from.file(),
            to.file(),
        )
    } else if from.file() == to.file() {
        let f = from.file();
        (
            pos.file_bits(us, f) | pos.file_bits(them, f),
            from.rank(),
            to.rank(),
        )
    } else {
        return false;
    };
    // The squares strictly after `from` up to `to`, in either direction.
    let (lo, hi) = if a < b { (a + 1, b) } else { (b, a - 1) };
    let path = (((1u64 << (hi + 1)) - 1) & !((1u64 << lo) - 1)) as u32;
    occupied & path == 0
}

/// Per line, the squares next to a piece of `lines` (the same board's lines, one per rank or
/// one per file): beside it on its own line, or level with it on the neighbouring lines.
/// Lines beyond the board are empty, so they add nothing.
#[inline(always)]
fn next_to(lines: &[u32; MAX_DIM]) -> [u32; MAX_DIM] {
    std::array::from_fn(|i| {
        let beside = (lines[i] << 1) | (lines[i] >> 1);
        let below = if i > 0 { lines[i - 1] } else { 0 };
        let above = if i + 1 < MAX_DIM { lines[i + 1] } else { 0 };
        beside | below | above
    })
}

/// Calls `emit(move, converted)` for every capture of the side to move under Ming Mang's rules
/// with options (rule 7 not applied): the slides onto a square next to an enemy (no capture of
/// any kind is possible elsewhere) that convert something by the exact count, and the leaps
/// of a last piece. Slower than [`for_each_capture`], which sees straight captures only, but it
/// still skips the moves that cannot capture without looking at them one by one.
pub(crate) fn for_each_full_capture(
    pos: &Position,
    rules: &Rules,
    mut emit: impl FnMut(Move, u32),
) {
    let us = pos.side_to_move();
    let them = us.other();
    // Squares next to an enemy, by rank and by file.
    let near_on_rank = next_to(&std::array::from_fn(|r| pos.rank_bits(them, r)));
    let near_on_file = next_to(&std::array::from_fn(|f| pos.file_bits(them, f)));
    let mut try_move = |mv: Move| {
        let n = full_capture_count(pos, mv, rules);
        if n > 0 {
            emit(mv, n);
        }
    };
    pos.find_slide(&near_on_rank, &near_on_file, |from, to| {
        try_move(Move::slide(from, to));
        false
    });
    if rules.options().last_piece_leap && pos.count(us) == 1 {
        pos.for_each_pseudo_move(rules, |mv| {
            if mv.is_leap() {
                try_move(mv);
            }
        });
    }
}

/// The change of hash a slide to each destination square makes by converting pieces along
/// straight lines, computed once per square and node. It depends only on the destination
/// (see [`Position::straight_capture_count`]), and up to four pieces can slide onto one
/// square, so a node asks the rules once per square instead of once per move. Lives in the
/// worker (no per-node zeroing of the tables): a reset forgets which squares are known, and
/// the cache remembers the hash of the position they belong to.
pub(crate) struct DestCache {
    /// The hash of the position the known squares belong to; `None` before the first reset.
    hash: Option<u64>,
    /// Per rank, the squares with an enemy of the side to move next to them (see
    /// [`enemy_adjacent`]): built once per position, it turns the test every hashed move
    /// makes into one load and shift.
    adjacent: [u32; MAX_DIM],
    /// Per rank, the files whose hash change is known.
    known: [u32; MAX_DIM],
    /// The hash changes (conversions only, not the moved piece) of the known squares.
    deltas: [u64; SQUARE_SLOTS],
}

impl DestCache {
    /// An empty cache.
    pub(crate) fn new() -> DestCache {
        DestCache {
            hash: None,
            adjacent: [0; MAX_DIM],
            known: [0; MAX_DIM],
            deltas: [0; SQUARE_SLOTS],
        }
    }

    /// Makes the cache answer for `pos`: keeps what it knows if that was found on the same
    /// position (same hash, as rule 7 compares positions), else forgets everything.
    #[inline(always)]
    pub(crate) fn reset(&mut self, pos: &Position) {
        if self.hash != Some(pos.hash()) {
            self.hash = Some(pos.hash());
            self.known = [0; MAX_DIM];
            let them = pos.side_to_move().other();
            let h = pos.size().height();
            let mut below = 0;
            let mut here = pos.rank_bits(them, 0);
            for r in 0..h {
                let above = if r + 1 < h {
                    pos.rank_bits(them, r + 1)
                } else {
                    0
                };
                self.adjacent[r] = (here << 1) | (here >> 1) | below | above;
                below = here;
                here = above;
            }
        }
    }

    /// Same as [`enemy_adjacent`] for the position of the last reset.
    #[inline(always)]
    fn enemy_adjacent(&self, to: Square) -> bool {
        self.adjacent[to.rank()] >> to.file() & 1 != 0
    }

    /// The hash change of a slide onto `to`, which has an enemy next to it.
    #[inline(always)]
    fn conversions(&mut self, pos: &Position, to: Square) -> u64 {
        let (f, r) = (to.file(), to.rank());
        if self.known[r] >> f & 1 == 0 {
            self.known[r] |= 1 << f;
            self.deltas[to.index()] = pos.straight_conversions(to).1;
        }
        self.deltas[to.index()]
    }

    /// Same as [`child_hash`] for a slide under the basic capture rules.
    #[inline(always)]
    pub(crate) fn slide_child_hash(&mut self, pos: &Position, mv: Move) -> u64 {
        let us = pos.side_to_move();
        let (from, to) = (mv.from(), mv.to());
        let moved = pos.hash() ^ SIDE_KEY ^ piece_key(us, from) ^ piece_key(us, to);
        if !self.enemy_adjacent(to) {
            return moved;
        }
        moved ^ self.conversions(pos, to)
    }
}

/// Whether the side to move has a quiet slide (one that converts nothing) that rule 7 allows,
/// or may pass; Ming Mang only, under any options (a leap always converts, so it never counts).
/// Moves are examined in the rules' generation order and the search stops at the first quiet
/// legal one; each banned quiet move met before it goes to `banned` with its child hash.
/// Quiescence needs only this yes or no to know whether it may stand pat.
#[inline]
pub(crate) fn has_quiet_move(
    pos: &Position,
    rules: &Rules,
    history: &History,
    mut banned: impl FnMut(u64),
) -> bool {
    let us = pos.side_to_move();
    let base = pos.hash() ^ SIDE_KEY;
    // A slide is quiet unless it converts something (the count looks no further for a
    // destination with no enemy next to it).
    let try_slide = |from: Square, to: Square| -> bool {
        if full_capture_count(pos, Move::slide(from, to), rules) > 0 {
            return false;
        }
        let child = base ^ piece_key(us, from) ^ piece_key(us, to);
        if history.contains(child) {
            banned(child);
            false
        } else {
            true
        }
    };
    let all = [u32::MAX; MAX_DIM];
    if pos.find_slide(&all, &all, try_slide) {
        return true;
    }
    // The rules generate the pass last.
    rules.options().territory && pos.count(us) > 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{BoardSize, Game, Preset, RuleOptions, Rules};
    use crate::search::selfplay::{random_opening, Rng};

    #[test]
    fn fast_child_hash_and_capture_count_agree_with_the_rules() {
        let mut rng = Rng::new(3);
        for i in 0..200 {
            let n = 4 + i % 16;
            let mut game = Game::new(Rules::new(BoardSize::new(n, n).unwrap()));
            random_opening(&mut game, rng.below(80), &mut rng);
            let pos = game.position();
            let options = *game.rules();
            let mut cache = DestCache::new();
            cache.reset(pos);
            for mv in game.legal_moves() {
                assert_eq!(child_hash(pos, mv, &options), pos.child_hash(mv, &options));
                assert_eq!(capture_count(pos, mv), pos.straight_capture_count(mv));
                if !mv.is_pass() && !mv.is_leap() {
                    assert_eq!(
                        cache.slide_child_hash(pos, mv),
                        pos.child_hash(mv, &options)
                    );
                }
            }
            let mut expected: Vec<(Move, u32)> = Vec::new();
            pos.for_each_pseudo_move(&options, |mv| {
                let n = pos.straight_capture_count(mv);
                if n > 0 {
                    expected.push((mv, n));
                }
            });
            let mut got = Vec::new();
            for_each_capture(pos, |mv, n| got.push((mv, n)));
            // Every slide the rules generate passes the quick test; a sample of others fails it.
            let pseudo = game.legal_moves();
            for &m in &pseudo {
                assert_eq!(
                    is_pseudo_slide(pos, m, &options),
                    !m.is_pass() && !m.is_leap()
                );
            }
            for _ in 0..50 {
                let size = pos.size();
                let from = Square::new(rng.below(size.width()), rng.below(size.height()));
                let to = if rng.below(2) == 0 {
                    Square::new(rng.below(size.width()), from.rank())
                } else {
                    Square::new(from.file(), rng.below(size.height()))
                };
                let m = Move::slide(from, to);
                let generated = pseudo.contains(&m) || {
                    let mut any = false;
                    pos.for_each_pseudo_move(&options, |g| any |= g == m);
                    any
                };
                assert_eq!(is_pseudo_slide(pos, m, &options), generated, "{m}");
            }
            // Under every option set, the count matches what the move really converts.
            for flags in [
                RuleOptions {
                    enchained_capture: true,
                    ..*options.options()
                },
                RuleOptions {
                    corner_capture: true,
                    ..*options.options()
                },
                RuleOptions {
                    enchained_capture: true,
                    corner_capture: true,
                    ..*options.options()
                },
                RuleOptions {
                    last_piece_leap: true,
                    corner_capture: true,
                    ..*options.options()
                },
            ] {
                let options = options.with_options(flags).expect("valid rules");
                pos.for_each_pseudo_move(&options, |m| {
                    let mut child = pos.clone();
                    let real = child.apply(m, &options);
                    assert_eq!(full_capture_count(pos, m, &options), real, "{m}");
                    assert_eq!(child_hash(pos, m, &options), child.hash(), "{m}");
                });
                // The captures-only finder and the quiet probe agree with a scan of every move.
                let mut expected = Vec::new();
                let mut quiet = false;
                pos.for_each_pseudo_move(&options, |m| {
                    let n = full_capture_count(pos, m, &options);
                    if n > 0 {
                        expected.push((m, n));
                    } else {
                        quiet = true;
                    }
                });
                let mut got = Vec::new();
                for_each_full_capture(pos, &options, |m, n| got.push((m, n)));
                expected.sort();
                got.sort();
                assert_eq!(got, expected);
                let no_history = crate::rules::history::History::new();
                assert_eq!(has_quiet_move(pos, &options, &no_history, |_| {}), quiet);
            }
            // The quiet-move probe agrees with a scan of the legal moves.
            let quiet = game
                .legal_moves()
                .iter()
                .any(|&m| capture_count(pos, m) == 0);
            assert_eq!(has_quiet_move(pos, &options, game.history(), |_| {}), quiet);
            expected.sort();
            got.sort();
            assert_eq!(got, expected);
        }
    }

    #[test]
    fn captures_of_a_last_piece_include_its_leaps() {
        // A lone white piece among black ones, under the leap option (with and without the
        // capture options): the captures-only finder and the quiet probe agree with a scan.
        let mut rng = Rng::new(17);
        let mut leaps = 0;
        for i in 0..300 {
            let n = 4 + i % 5;
            let mut cells = vec!['.'; n * n];
            cells[rng.below(n * n)] = 'w';
            for _ in 0..rng.below(2 * n) + 1 {
                let c = rng.below(n * n);
                if cells[c] == '.' {
                    cells[c] = 'b';
                }
            }
            let ranks: Vec<String> = cells
                .chunks(n)
                .map(|row| {
                    let mut text = String::new();
                    let mut empty = 0;
                    for &c in row {
                        if c == '.' {
                            empty += 1;
                        } else {
                            if empty > 0 {
                                text += &empty.to_string();
                                empty = 0;
                            }
                            text.push(c);
                        }
                    }
                    if empty > 0 {
                        text += &empty.to_string();
                    }
                    text
                })
                .collect();
            let pos = crate::rules::notation::parse_position(&format!("{} w", ranks.join("/")))
                .expect("valid position");
            for corner in [false, true] {
                let rules = Rules::new(pos.size())
                    .with_options(RuleOptions {
                        last_piece_leap: true,
                        corner_capture: corner,
                        ..RuleOptions::default()
                    })
                    .expect("valid rules");
                let mut expected = Vec::new();
                let mut quiet = false;
                pos.for_each_pseudo_move(&rules, |m| {
                    let n = full_capture_count(&pos, m, &rules);
                    let mut child = pos.clone();
                    assert_eq!(child.apply(m, &rules), n, "{m}");
                    assert_eq!(child_hash(&pos, m, &rules), child.hash(), "{m}");
                    leaps += m.is_leap() as usize;
                    if n > 0 {
                        expected.push((m, n));
                    } else {
                        quiet = true;
                    }
                });
                let mut got = Vec::new();
                for_each_full_capture(&pos, &rules, |m, n| got.push((m, n)));
                expected.sort();
                got.sort();
                assert_eq!(got, expected);
                let no_history = crate::rules::history::History::new();
                assert_eq!(has_quiet_move(&pos, &rules, &no_history, |_| {}), quiet);
            }
        }
        assert!(leaps > 50, "only {leaps} leaps");
    }

    #[test]
    fn relatives_use_the_rules_counts_and_hashes() {
        let mut rng = Rng::new(5);
        for preset in Preset::ALL {
            let rules = Rules::preset(preset);
            if rules.is_ming_mang() {
                continue;
            }
            for _ in 0..20 {
                let mut game = Game::new(rules);
                random_opening(&mut game, rng.below(40), &mut rng);
                let pos = game.position();
                for mv in game.legal_moves() {
                    assert_eq!(child_hash(pos, mv, &rules), pos.child_hash(mv, &rules));
                    let mut child = pos.clone();
                    let removed = pos.total(pos.side_to_move().other());
                    child.apply(mv, &rules);
                    let left = child.total(pos.side_to_move().other());
                    assert_eq!(full_capture_count(pos, mv, &rules) as usize, removed - left);
                    assert!(!is_pseudo_slide(pos, mv, &rules));
                }
            }
        }
    }
}
