//! The position: which piece stands on each square, the side to move, piece counts and the
//! Zobrist hash, with the move application that carries out captures.
//!
//! # Representation
//! Each colour has one occupancy word per rank (bit `f` = file `f`) and one per file (bit `r` =
//! rank `r`), in fixed arrays sized for the largest board. Every question the rules ask is about
//! one rank or one file at a time: how far a piece slides (the nearest blocker above or below a
//! bit), and whether a line of enemy pieces next to a square ends in a friendly piece (a run of
//! ones followed by a one in the other colour's word). With line words each is a shift, a
//! leading/trailing-bit count and a test, O(1) per direction on every board from 4x4 to 19x19.
//! The same code serves all sizes, so supporting 19x19 costs 8x8 nothing but the fixed 304 bytes
//! of words; a 64-bit bitboard would be faster only for 8x8 and would need a second code path.
//! Keeping the rank and the file words in step costs two bit flips per changed square.

use std::fmt;

use super::family::{Custodian, Family, KingMove};
use super::geometry::{BoardSize, Color, Square, MAX_DIM};
use super::moves::Move;
use super::variant::Rules;
use super::zobrist::{flip_key, hand_key, king_key, piece_key, SIDE_KEY};

/// `kings` entry of a side without a king.
const NO_KING: u16 = u16::MAX;

/// The four directions a piece slides or a line runs in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Direction {
    /// Towards higher files.
    East,
    /// Towards lower files.
    West,
    /// Towards higher ranks.
    North,
    /// Towards lower ranks.
    South,
}

impl Direction {
    /// All four directions.
    pub const ALL: [Direction; 4] = [
        Direction::East,
        Direction::West,
        Direction::North,
        Direction::South,
    ];

    /// (file step, rank step).
    pub fn delta(self) -> (i32, i32) {
        match self {
            Direction::East => (1, 0),
            Direction::West => (-1, 0),
            Direction::North => (0, 1),
            Direction::South => (0, -1),
        }
    }
}

/// A set of squares on one rank or one file: the unit in which captures are found and applied.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct LineSet {
    /// True for a file (bits are ranks), false for a rank (bits are files).
    pub is_file: bool,
    /// Which rank or file.
    pub line: u8,
    /// The squares, one bit each.
    pub bits: u32,
}

impl LineSet {
    /// The set holding just `sq`.
    pub fn single(sq: Square) -> LineSet {
        LineSet {
            is_file: false,
            line: sq.rank() as u8,
            bits: 1 << sq.file(),
        }
    }

    /// The squares of the set.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        let mut bits = self.bits;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.is_file {
                    Square::new(self.line as usize, i)
                } else {
                    Square::new(i, self.line as usize)
                }
            })
        })
    }
}

/// Pieces on a board with the side to move; see the module documentation for the layout.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    size: BoardSize,
    side: Color,
    counts: [u16; 2],
    hash: u64,
    rows: [[u32; MAX_DIM]; 2],
    cols: [[u32; MAX_DIM]; 2],
    /// Square index of each side's king (the relatives' kings, or the hunter), or `NO_KING`.
    /// A king is also a piece of its colour in `rows`/`cols` and `counts`.
    kings: [u16; 2],
    /// Pieces in hand (Gala).
    hand: [u16; 2],
}

/// Bits of `enemy` from `at + 1` upwards that form a contiguous run ending in a bit of `friend`:
/// the line flanked in the increasing direction, or 0.
#[inline(always)]
fn flank_up(enemy: u32, friend: u32, at: usize) -> u32 {
    let run = (enemy as u64) >> (at + 1);
    let n = (!run).trailing_zeros() as usize;
    if n > 0 && ((friend as u64) >> (at + 1 + n)) & 1 != 0 {
        (((1u64 << n) - 1) << (at + 1)) as u32
    } else {
        0
    }
}

/// As [`flank_up`], towards lower bits.
#[inline(always)]
fn flank_down(enemy: u32, friend: u32, at: usize) -> u32 {
    if at == 0 {
        return 0;
    }
    let run = (enemy as u64) << (64 - at);
    let n = run.leading_ones() as usize;
    if n > 0 && n < at && (friend >> (at - 1 - n)) & 1 != 0 {
        ((1u32 << n) - 1) << (at - n)
    } else {
        0
    }
}

/// Empty squares reachable from `at` towards higher bits before the first occupied one, on a
/// line of `len` squares.
#[inline(always)]
fn reach_up(occupied: u32, at: usize, len: usize) -> u32 {
    let above = (occupied as u64) >> (at + 1);
    let n = (above.trailing_zeros() as usize).min(len - at - 1);
    (((1u64 << n) - 1) << (at + 1)) as u32
}

/// As [`reach_up`], towards lower bits.
#[inline(always)]
fn reach_down(occupied: u32, at: usize) -> u32 {
    if at == 0 {
        return 0;
    }
    let below = (occupied as u64) << (64 - at);
    let n = (below.leading_zeros() as usize).min(at);
    (((1u64 << n) - 1) << (at - n)) as u32
}

impl Position {
    /// An empty board of `size` with `side` to move.
    pub fn empty(size: BoardSize, side: Color) -> Position {
        Position {
            size,
            side,
            counts: [0; 2],
            hash: if side == Color::Black { SIDE_KEY } else { 0 },
            rows: [[0; MAX_DIM]; 2],
            cols: [[0; MAX_DIM]; 2],
            kings: [NO_KING; 2],
            hand: [0; 2],
        }
    }

    /// The start position of rule 3: White on file `a` and rank 1 but the bottom-right corner,
    /// Black on the top rank but the top-left corner and on the right-hand file; White to move.
    pub fn start(size: BoardSize) -> Position {
        let mut pos = Position::empty(size, Color::White);
        let (w, h) = (size.width(), size.height());
        for r in 0..h {
            pos.put(Square::new(0, r), Color::White);
            pos.put(Square::new(w - 1, r), Color::Black);
        }
        for f in 1..w - 1 {
            pos.put(Square::new(f, 0), Color::White);
            pos.put(Square::new(f, h - 1), Color::Black);
        }
        pos
    }

    /// The board's dimensions.
    #[inline(always)]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The Zobrist hash of the squares and the side to move.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// How many pieces `color` has on the board.
    #[inline(always)]
    pub fn count(&self, color: Color) -> usize {
        self.counts[color.index()] as usize
    }

    /// The occupancy word of `color` on rank `rank` (bit `f` = file `f`).
    #[inline(always)]
    pub fn rank_bits(&self, color: Color, rank: usize) -> u32 {
        self.rows[color.index()][rank]
    }

    /// The occupancy word of `color` on file `file` (bit `r` = rank `r`).
    #[inline(always)]
    pub fn file_bits(&self, color: Color, file: usize) -> u32 {
        self.cols[color.index()][file]
    }

    /// Every rank word of `color`, by rank; the words past the board's height are 0. For scans
    /// over whole boards, which then need no per-rank bounds checks.
    #[inline(always)]
    pub fn rank_words(&self, color: Color) -> &[u32; MAX_DIM] {
        &self.rows[color.index()]
    }

    /// Every file word of `color`, by file; the words past the board's width are 0.
    #[inline(always)]
    pub fn file_words(&self, color: Color) -> &[u32; MAX_DIM] {
        &self.cols[color.index()]
    }

    /// The piece on `sq`, if any.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Color> {
        let bit = 1u32 << sq.file();
        if self.rows[0][sq.rank()] & bit != 0 {
            Some(Color::White)
        } else if self.rows[1][sq.rank()] & bit != 0 {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// Every square holding a piece of `color`, rank by rank from the bottom.
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = Square> + '_ {
        (0..self.size.height()).flat_map(move |r| {
            LineSet {
                is_file: false,
                line: r as u8,
                bits: self.rows[color.index()][r],
            }
            .squares()
        })
    }

    #[inline(always)]
    fn toggle(&mut self, sq: Square, color: Color) {
        let c = color.index();
        self.rows[c][sq.rank()] ^= 1 << sq.file();
        self.cols[c][sq.file()] ^= 1 << sq.rank();
        self.hash ^= piece_key(color, sq);
    }

    /// Places a piece of `color` on the empty square `sq`.
    pub fn put(&mut self, sq: Square, color: Color) {
        debug_assert!(self.piece_at(sq).is_none());
        self.toggle(sq, color);
        self.counts[color.index()] += 1;
    }

    /// Removes the piece of `color` from `sq` (a king too).
    pub fn remove(&mut self, sq: Square, color: Color) {
        debug_assert_eq!(self.piece_at(sq), Some(color));
        self.toggle(sq, color);
        self.counts[color.index()] -= 1;
        if self.kings[color.index()] == sq.index() as u16 {
            self.kings[color.index()] = NO_KING;
            self.hash ^= king_key(color, sq);
        }
    }

    /// Places the king of `color` on the empty square `sq`; false (and nothing changes) if
    /// `color` already has a king.
    pub fn put_king(&mut self, sq: Square, color: Color) -> bool {
        if self.kings[color.index()] != NO_KING {
            return false;
        }
        self.put(sq, color);
        self.kings[color.index()] = sq.index() as u16;
        self.hash ^= king_key(color, sq);
        true
    }

    /// The square of `color`'s king (the hunter for Black in the hunt), if it has one.
    #[inline(always)]
    pub fn king(&self, color: Color) -> Option<Square> {
        let k = self.kings[color.index()];
        (k != NO_KING).then(|| Square::from_raw(k))
    }

    /// Whether a king of either colour stands on `sq`.
    #[inline(always)]
    pub fn is_king(&self, sq: Square) -> bool {
        let i = sq.index() as u16;
        self.kings[0] == i || self.kings[1] == i
    }

    /// Pieces `color` holds in hand (Gala).
    #[inline(always)]
    pub fn hand(&self, color: Color) -> usize {
        self.hand[color.index()] as usize
    }

    /// Sets the pieces `color` holds in hand (at most [`super::zobrist::MAX_HAND`]).
    pub fn set_hand(&mut self, color: Color, n: usize) {
        let c = color.index();
        assert!(n <= super::zobrist::MAX_HAND, "hand of {n} pieces");
        self.hash ^= hand_key(color, self.hand[c] as usize) ^ hand_key(color, n);
        self.hand[c] = n as u16;
    }

    /// Pieces on the board plus pieces in hand.
    #[inline(always)]
    pub fn total(&self, color: Color) -> usize {
        self.count(color) + self.hand(color)
    }

    /// Sets the side to move.
    pub fn set_side_to_move(&mut self, side: Color) {
        if self.side != side {
            self.side = side;
            self.hash ^= SIDE_KEY;
        }
    }

    /// Converts the pieces of `set` that still belong to the enemy of `to_color`, returning how
    /// many. (Masking with the enemy's word keeps the XOR updates right even if two lines found
    /// for one piece were ever to overlap.)
    #[inline]
    fn convert(&mut self, set: LineSet, to_color: Color) -> u32 {
        let (fc, tc) = (to_color.other().index(), to_color.index());
        let enemy = if set.is_file {
            self.cols[fc][set.line as usize]
        } else {
            self.rows[fc][set.line as usize]
        };
        let set = LineSet {
            bits: set.bits & enemy,
            ..set
        };
        for sq in set.squares() {
            let (f, r) = (sq.file(), sq.rank());
            self.rows[fc][r] ^= 1 << f;
            self.rows[tc][r] ^= 1 << f;
            self.cols[fc][f] ^= 1 << r;
            self.cols[tc][f] ^= 1 << r;
            self.hash ^= flip_key(sq);
        }
        let n = set.bits.count_ones();
        self.counts[fc] -= n as u16;
        self.counts[tc] += n as u16;
        n
    }

    /// Whether an enemy of `us` stands orthogonally next to `sq`.
    #[inline(always)]
    fn touches_enemy(&self, us: Color, sq: Square) -> bool {
        let t = us.other().index();
        let (f, r) = (sq.file(), sq.rank());
        let beside = ((self.rows[t][r] as u64) << 1) >> f;
        let above_below = ((self.cols[t][f] as u64) << 1) >> r;
        (beside | above_below) & 0b101 != 0
    }

    /// The enemy lines that a piece of `us` standing on `sq` flanks along its rank and file: the
    /// captures of rule 6. Found on the current board, which gives the same answer before and
    /// after a slide to `sq` (the square behind a sliding piece is empty or its own origin, never
    /// an enemy, and nothing else on its rank or file changes).
    #[inline(always)]
    fn straight_flanks(&self, us: Color, sq: Square) -> [LineSet; 2] {
        let (u, t) = (us.index(), us.other().index());
        let (f, r) = (sq.file(), sq.rank());
        let rank = flank_up(self.rows[t][r], self.rows[u][r], f)
            | flank_down(self.rows[t][r], self.rows[u][r], f);
        let file = flank_up(self.cols[t][f], self.cols[u][f], r)
            | flank_down(self.cols[t][f], self.cols[u][f], r);
        [
            LineSet {
                is_file: false,
                line: r as u8,
                bits: rank,
            },
            LineSet {
                is_file: true,
                line: f as u8,
                bits: file,
            },
        ]
    }

    /// The capture round a corner (option): from a piece of `us` on the edge square `sq`, a run
    /// of enemy pieces along the edge that reaches the corner, turns, and continues along the
    /// other edge to a friendly piece. Each leg found goes to `out`.
    fn corner_flanks(&self, us: Color, sq: Square, out: &mut impl FnMut(LineSet)) {
        let size = self.size;
        let (w, h) = (size.width() as i32, size.height() as i32);
        let them = Some(us.other());
        for dir in Direction::ALL {
            let (df, dr) = dir.delta();
            let (f, r) = (sq.file() as i32, sq.rank() as i32);
            // Only a walk along an edge can turn round a corner.
            let on_edge = if df != 0 {
                r == 0 || r == h - 1
            } else {
                f == 0 || f == w - 1
            };
            if !on_edge {
                continue;
            }
            let mut legs = [0u32; 2];
            let (mut cf, mut cr) = (f + df, r + dr);
            let mut run = 0;
            while size.contains(cf, cr)
                && self.piece_at(Square::new(cf as usize, cr as usize)) == them
            {
                legs[0] |= 1 << if df != 0 { cf } else { cr };
                run += 1;
                cf += df;
                cr += dr;
            }
            // The run must reach the corner square itself (the last square in this direction).
            if run == 0 || size.contains(cf, cr) {
                continue;
            }
            let (kf, kr) = (cf - df, cr - dr);
            let (tf, tr) = if df != 0 {
                (0, if kr == 0 { 1 } else { -1 })
            } else {
                (if kf == 0 { 1 } else { -1 }, 0)
            };
            let (mut cf, mut cr) = (kf + tf, kr + tr);
            while size.contains(cf, cr)
                && self.piece_at(Square::new(cf as usize, cr as usize)) == them
            {
                legs[1] |= 1 << if tf != 0 { cf } else { cr };
                cf += tf;
                cr += tr;
            }
            if !size.contains(cf, cr)
                || self.piece_at(Square::new(cf as usize, cr as usize)) != Some(us)
            {
                continue;
            }
            // First leg runs along the moved piece's edge, second along the other.
            let first = LineSet {
                is_file: df == 0,
                line: if df == 0 { f as u8 } else { r as u8 },
                bits: legs[0],
            };
            let second = LineSet {
                is_file: tf == 0,
                line: if tf == 0 { kf as u8 } else { kr as u8 },
                bits: legs[1],
            };
            out(first);
            if second.bits != 0 {
                out(second);
            }
        }
    }

    /// Every capture a piece of `us` on `sq` makes under `options`.
    fn flanks(
        &self,
        us: Color,
        sq: Square,
        options: &super::variant::RuleOptions,
        out: &mut impl FnMut(LineSet),
    ) {
        for set in self.straight_flanks(us, sq) {
            if set.bits != 0 {
                out(set);
            }
        }
        if options.corner_capture {
            self.corner_flanks(us, sq, out);
        }
    }

    /// Plays `mv` for the side to move under `rules`, carrying out every capture, and returns
    /// how many pieces were captured (converted in Ming Mang, removed in the relatives). The
    /// move must be legal apart from rule 7 (which depends on the game, not the position).
    #[inline]
    pub fn apply(&mut self, mv: Move, rules: &Rules) -> u32 {
        if !rules.is_ming_mang() {
            return self.apply_relative(mv, rules.family());
        }
        let options = &rules.options();
        let us = self.side;
        self.side = us.other();
        self.hash ^= SIDE_KEY;
        if mv.is_pass() {
            return 0;
        }
        let (from, to) = (mv.from(), mv.to());
        self.toggle(from, us);
        self.toggle(to, us);
        if !mv.is_leap() && !self.touches_enemy(us, to) {
            // Every capture (straight, enchained, round a corner) starts with an enemy next to
            // the moved piece; most moves have none.
            return 0;
        }
        let enchained = options.enchained_capture;
        // Newly converted pieces, which flank in turn under enchained capture.
        let mut pending: Vec<Square> = Vec::new();
        let mut converted = 0;
        if mv.is_leap() {
            let mid = Square::new((from.file() + to.file()) / 2, (from.rank() + to.rank()) / 2);
            converted += self.convert(LineSet::single(mid), us);
            if enchained {
                pending.push(mid);
            }
        }
        let mut source = Some(to);
        while let Some(sq) = source {
            // All lines of one piece are found first, then converted, as rule 6 says.
            let mut found: arrayvec::ArrayVec<LineSet, 8> = arrayvec::ArrayVec::new();
            self.flanks(us, sq, options, &mut |set| found.push(set));
            for set in found {
                converted += self.convert(set, us);
                if enchained {
                    pending.extend(set.squares());
                }
            }
            // Enchained capture: each newly converted piece, re-examined on the board as it now
            // is, until no conversion makes another.
            source = pending.pop();
        }
        converted
    }

    /// The hash of the position `mv` leads to, without building it when the straight-line rules
    /// alone apply (the hot path of rule 7 checks).
    #[inline]
    pub fn child_hash(&self, mv: Move, rules: &Rules) -> u64 {
        if mv.is_pass() {
            return self.hash ^ SIDE_KEY;
        }
        if !rules.is_ming_mang() {
            return self.relative_child_hash(mv, rules);
        }
        if mv.is_leap() || rules.needs_full_capture() {
            let mut child = self.clone();
            child.apply(mv, rules);
            return child.hash;
        }
        self.slide_child_hash(mv)
    }

    /// [`Position::child_hash`] for a slide when only rule 6's straight captures apply.
    #[inline(always)]
    pub fn slide_child_hash(&self, mv: Move) -> u64 {
        let us = self.side;
        let (from, to) = (mv.from(), mv.to());
        let hash = self.hash ^ SIDE_KEY ^ piece_key(us, from) ^ piece_key(us, to);
        if !self.touches_enemy(us, to) {
            // Nothing to flank: most moves, and far cheaper than four flank tests.
            return hash;
        }
        hash ^ self.straight_conversions(to).1
    }

    /// What a slide of the side to move onto `to` converts by rule 6's straight lines alone:
    /// how many pieces, and the change of hash their conversion makes (the moved piece and the
    /// side key not included). One flank test serves both the ordering count and the rule 7
    /// child hash of every slide to `to`.
    #[inline(always)]
    pub fn straight_conversions(&self, to: Square) -> (u32, u64) {
        let mut n = 0;
        let mut delta = 0;
        for set in self.straight_flanks(self.side, to) {
            n += set.bits.count_ones();
            for sq in set.squares() {
                delta ^= flip_key(sq);
            }
        }
        (n, delta)
    }

    /// How many pieces a slide `mv` would convert by rule 6's straight lines alone: cheap, for
    /// move ordering.
    #[inline]
    pub fn straight_capture_count(&self, mv: Move) -> u32 {
        if mv.is_pass() {
            return 0;
        }
        self.straight_flanks(self.side, mv.to())
            .iter()
            .map(|s| s.bits.count_ones())
            .sum()
    }

    /// Calls `found(from, to)` with the slides open to the side to move (Ming Mang's rules)
    /// whose destination is in `onto_rank` (per rank, by file) when the slide runs along a
    /// rank, or in `onto_file` (per file, by rank) when it runs along a file, in the rules'
    /// generation order: by origin square, then along the rank before along the file, each by
    /// destination. Stops at the first slide for which `found` says true, and says whether it
    /// did. The masks let callers skip the destinations they do not want (captures, quiet
    /// squares) without looking at those moves one by one.
    #[inline(always)]
    pub fn find_slide(
        &self,
        onto_rank: &[u32; MAX_DIM],
        onto_file: &[u32; MAX_DIM],
        mut found: impl FnMut(Square, Square) -> bool,
    ) -> bool {
        let us = self.side.index();
        let (w, h) = (self.size.width(), self.size.height());
        for (r, &onto_this_rank) in onto_rank.iter().enumerate().take(h) {
            let mut mine = self.rows[us][r];
            let occupied_rank = self.rows[0][r] | self.rows[1][r];
            while mine != 0 {
                let f = mine.trailing_zeros() as usize;
                mine &= mine - 1;
                let from = Square::new(f, r);
                let occupied_file = self.cols[0][f] | self.cols[1][f];
                let mut along_rank =
                    (reach_up(occupied_rank, f, w) | reach_down(occupied_rank, f)) & onto_this_rank;
                while along_rank != 0 {
                    let t = along_rank.trailing_zeros() as usize;
                    along_rank &= along_rank - 1;
                    if found(from, Square::new(t, r)) {
                        return true;
                    }
                }
                let mut along_file =
                    (reach_up(occupied_file, r, h) | reach_down(occupied_file, r)) & onto_file[f];
                while along_file != 0 {
                    let t = along_file.trailing_zeros() as usize;
                    along_file &= along_file - 1;
                    if found(from, Square::new(f, t)) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Calls `emit` with every slide, leap and pass open to the side to move, ignoring rule 7.
    // Always inlined so that each caller's `emit` is inlined into the loop: it runs per move.
    #[inline(always)]
    pub fn for_each_pseudo_move(&self, rules: &Rules, mut emit: impl FnMut(Move)) {
        if !rules.is_ming_mang() {
            self.for_each_relative_move(rules.family(), emit);
            return;
        }
        let options = &rules.options();
        let us = self.side.index();
        let all = [u32::MAX; MAX_DIM];
        self.find_slide(&all, &all, |from, to| {
            emit(Move::slide(from, to));
            false
        });
        if options.last_piece_leap && self.counts[us] == 1 {
            let from = self.pieces(self.side).next().expect("one piece");
            for dir in Direction::ALL {
                let (df, dr) = dir.delta();
                if let (Some(mid), Some(to)) = (
                    from.offset(df, dr, self.size),
                    from.offset(2 * df, 2 * dr, self.size),
                ) {
                    if self.piece_at(mid) == Some(self.side.other()) && self.piece_at(to).is_none()
                    {
                        emit(Move::leap(from, to));
                    }
                }
            }
        }
        if options.territory && self.counts[us] > 0 {
            emit(Move::PASS);
        }
    }

    /// Whether `from`-`to` is a slide or a leap open to the side to move (ignoring rule 7), and
    /// which.
    pub fn find_pseudo_move(&self, from: Square, to: Square, rules: &Rules) -> Option<Move> {
        let mut found = None;
        self.for_each_pseudo_move(rules, |m| {
            if !m.is_pass() && !m.is_place() && m.from() == from && m.to() == to {
                found = Some(m);
            }
        });
        found
    }
}

/// Bitboards of the relatives (boards up to 8x8): bit `rank * 8 + file`.
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The four orthogonal neighbours of the squares of `set`, within `board`.
#[inline(always)]
fn bb_neighbours(set: u64, board: u64) -> u64 {
    ((set << 8) | (set >> 8) | ((set << 1) & !FILE_A) | ((set & !FILE_A) >> 1)) & board
}

/// `set` moved one square by (`df`, `dr`) (each -1, 0 or 1, not both zero), within `board`.
#[inline(always)]
fn bb_step(set: u64, df: i32, dr: i32, board: u64) -> u64 {
    let moved = match (df, dr) {
        (1, _) => (set << 1) & !FILE_A,
        (-1, _) => (set & !FILE_A) >> 1,
        (_, 1) => set << 8,
        _ => set >> 8,
    };
    moved & board
}

#[inline(always)]
fn bb_bit(sq: Square) -> u64 {
    1u64 << (sq.rank() * 8 + sq.file())
}

impl Position {
    /// The squares of `color`'s pieces as a bitboard (relatives only: at most 8x8).
    #[inline(always)]
    fn bitboard(&self, color: Color) -> u64 {
        // Eight ranks whatever the height (the words above the board are empty): a fixed
        // count the compiler unrolls.
        let rows = &self.rows[color.index()];
        (0..8).fold(0, |bb, r| bb | (rows[r] as u64) << (8 * r))
    }

    /// Every square of the board as a bitboard (relatives only).
    #[inline(always)]
    fn board_bitboard(&self) -> u64 {
        let h = self.size.height();
        let ranks = if h >= 8 {
            u64::MAX
        } else {
            (1u64 << (8 * h)) - 1
        };
        // The rank mask (at most 8 bits) copied into every byte.
        (self.size.rank_mask() as u64 * 0x0101_0101_0101_0101) & ranks
    }

    /// Whether the side to move may only place pieces now: it has pieces in hand and an empty
    /// square in its own half.
    pub fn must_place(&self, family: &Family) -> bool {
        let u = self.side.index();
        if self.hand[u] == 0 {
            return false;
        }
        let half = family.halves[u];
        (0..self.size.height()).any(|r| {
            half >> r & 1 != 0
                && (self.rows[0][r] | self.rows[1][r]) & self.size.rank_mask()
                    != self.size.rank_mask()
        })
    }

    /// The moves of a relative (rule 7 not applied): placements while the side must place,
    /// else slides of men, king moves and hunter steps and jumps.
    pub fn for_each_relative_move(&self, family: &Family, mut emit: impl FnMut(Move)) {
        let us = self.side;
        let u = us.index();
        let size = self.size;
        let (w, h) = (size.width(), size.height());
        if self.must_place(family) {
            let centre = Square::new(w / 2, h / 2);
            if self.counts == [0, 0] && family.halves[u] >> centre.rank() & 1 != 0 {
                emit(Move::place(centre));
                return;
            }
            for r in 0..h {
                if family.halves[u] >> r & 1 == 0 {
                    continue;
                }
                let mut empty = !(self.rows[0][r] | self.rows[1][r]) & size.rank_mask();
                while empty != 0 {
                    let f = empty.trailing_zeros() as usize;
                    empty &= empty - 1;
                    emit(Move::place(Square::new(f, r)));
                }
            }
            return;
        }
        // Ranks this side may not enter while it still holds pieces in hand.
        let forbidden = if self.hand[u] > 0 {
            family.halves[1 - u] & !family.halves[u]
        } else {
            0
        };
        let king = self.kings[u];
        let rook_king = family.king_move == KingMove::Rook;
        for r in 0..h {
            let mut mine = self.rows[u][r];
            let occupied_rank = self.rows[0][r] | self.rows[1][r];
            while mine != 0 {
                let f = mine.trailing_zeros() as usize;
                mine &= mine - 1;
                let from = Square::new(f, r);
                if from.index() as u16 == king && !rook_king {
                    self.for_each_king_step(from, family.king_move, forbidden, &mut emit);
                    continue;
                }
                let occupied_file = self.cols[0][f] | self.cols[1][f];
                if forbidden >> r & 1 == 0 {
                    let mut along_rank =
                        reach_up(occupied_rank, f, w) | reach_down(occupied_rank, f);
                    while along_rank != 0 {
                        let t = along_rank.trailing_zeros() as usize;
                        along_rank &= along_rank - 1;
                        emit(Move::slide(from, Square::new(t, r)));
                    }
                }
                let mut along_file =
                    (reach_up(occupied_file, r, h) | reach_down(occupied_file, r)) & !forbidden;
                while along_file != 0 {
                    let t = along_file.trailing_zeros() as usize;
                    along_file &= along_file - 1;
                    emit(Move::slide(from, Square::new(f, t)));
                }
            }
        }
    }

    /// The steps (and the hunter's jumps) of a king on `from`.
    fn for_each_king_step(
        &self,
        from: Square,
        how: KingMove,
        forbidden: u32,
        emit: &mut impl FnMut(Move),
    ) {
        const EIGHT: [(i32, i32); 8] = [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ];
        let dirs = if how == KingMove::Step8 {
            &EIGHT[..]
        } else {
            &EIGHT[..4]
        };
        let them = Some(self.side.other());
        for &(df, dr) in dirs {
            let Some(to) = from.offset(df, dr, self.size) else {
                continue;
            };
            match self.piece_at(to) {
                None if forbidden >> to.rank() & 1 == 0 => emit(Move::slide(from, to)),
                None => {}
                p if p == them && how == KingMove::Hunter => {
                    if let Some(beyond) = from.offset(2 * df, 2 * dr, self.size) {
                        if self.piece_at(beyond).is_none() {
                            emit(Move::leap(from, beyond));
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// The enemy pieces a piece of `us` just arrived on `to` captures, as a bitboard: the union
    /// of the family's custodian, intervention and enclosure captures on the current board.
    fn relative_captures(&self, us: Color, to: Square, family: &Family) -> u64 {
        self.relative_captures_on(self.bitboard(us), self.bitboard(us.other()), to, family)
    }

    /// [`Position::relative_captures`] on the board given as bitboards (`own` holds the moved
    /// piece on `to`), so that a capture can be counted before the move is made.
    fn relative_captures_on(&self, own: u64, enemy: u64, to: Square, family: &Family) -> u64 {
        let board = self.board_bitboard();
        let at = bb_bit(to);
        let mut caps = 0u64;
        if family.custodian != Custodian::None {
            let longest = if family.custodian == Custodian::Single {
                1
            } else {
                usize::MAX
            };
            for dir in Direction::ALL {
                let (df, dr) = dir.delta();
                let mut line = 0u64;
                let mut n = 0;
                let mut next = bb_step(at, df, dr, board);
                while next & enemy != 0 {
                    line |= next;
                    n += 1;
                    next = bb_step(next, df, dr, board);
                }
                if n >= 1 && n <= longest && next & own != 0 {
                    caps |= line;
                }
            }
        }
        if family.intervention {
            for (df, dr) in [(1, 0), (0, 1)] {
                let (a, b) = (bb_step(at, df, dr, board), bb_step(at, -df, -dr, board));
                if a & enemy != 0 && b & enemy != 0 {
                    caps |= a | b;
                }
            }
        }
        if family.enclosure {
            let empty = board & !(enemy | own);
            let mut seeds = bb_neighbours(at, board) & enemy;
            while seeds != 0 {
                let mut group = seeds & seeds.wrapping_neg();
                loop {
                    let grown = group | (bb_neighbours(group, board) & enemy);
                    if grown == group {
                        break;
                    }
                    group = grown;
                }
                seeds &= !group;
                if bb_neighbours(group, board) & empty == 0 {
                    caps |= group;
                }
            }
        }
        caps
    }

    /// A view for the capture counts and child hashes of many moves of this position of a
    /// relative (`family`), its bitboards built once.
    pub fn relative_moves<'a>(&'a self, family: &'a Family) -> RelativeMoves<'a> {
        let us = self.side;
        RelativeMoves {
            pos: self,
            family,
            own: self.bitboard(us),
            enemy: self.bitboard(us.other()),
        }
    }

    /// [`Position::apply`] for a relative: pieces are placed or moved, and captured pieces are
    /// removed.
    fn apply_relative(&mut self, mv: Move, family: &Family) -> u32 {
        let us = self.side;
        let u = us.index();
        self.side = us.other();
        self.hash ^= SIDE_KEY;
        if mv.is_pass() {
            return 0;
        }
        let to = mv.to();
        if mv.is_place() {
            self.put(to, us);
            let n = self.hand[u] as usize;
            self.set_hand(us, n - 1);
            return 0;
        }
        let from = mv.from();
        let is_king = self.kings[u] == from.index() as u16;
        self.toggle(from, us);
        self.toggle(to, us);
        if is_king {
            self.kings[u] = to.index() as u16;
            self.hash ^= king_key(us, from) ^ king_key(us, to);
        }
        if mv.is_leap() {
            let mid = Square::new((from.file() + to.file()) / 2, (from.rank() + to.rank()) / 2);
            self.remove(mid, us.other());
            return 1;
        }
        if is_king && family.king_move == KingMove::Hunter {
            return 0;
        }
        let mut caps = self.relative_captures(us, to, family);
        let n = caps.count_ones();
        while caps != 0 {
            let i = caps.trailing_zeros() as usize;
            caps &= caps - 1;
            self.remove(Square::new(i % 8, i / 8), us.other());
        }
        n
    }

    /// [`Position::child_hash`] for a relative.
    fn relative_child_hash(&self, mv: Move, rules: &Rules) -> u64 {
        self.relative_moves(rules.family()).child_hash(mv)
    }

    /// How many pieces `mv` captures, under any rules (for move ordering outside Ming Mang's
    /// fast path).
    pub fn capture_count(&self, mv: Move, rules: &Rules) -> u32 {
        if mv.is_pass() || mv.is_place() {
            return 0;
        }
        if rules.is_ming_mang() && !rules.needs_full_capture() {
            return self.straight_capture_count(mv) + mv.is_leap() as u32;
        }
        if !mv.is_leap() && !self.touches_enemy(self.side, mv.to()) {
            return 0;
        }
        if !rules.is_ming_mang() {
            return self.relative_moves(rules.family()).capture_count(mv);
        }
        self.clone().apply(mv, rules)
    }
}

/// The capture counts and child hashes of a relative's moves in one position, found on
/// bitboards built once for all of them, without making the moves (see
/// [`Position::relative_moves`]). The search asks this for every move of a node.
pub struct RelativeMoves<'a> {
    pos: &'a Position,
    family: &'a Family,
    /// The side to move's pieces.
    own: u64,
    /// The opponent's pieces.
    enemy: u64,
}

impl RelativeMoves<'_> {
    /// The pieces `mv` (a slide or a leap) captures, as a bitboard, as
    /// [`Position::apply_relative`] would remove them.
    fn capture_set(&self, mv: Move) -> u64 {
        let pos = self.pos;
        let (from, to) = (mv.from(), mv.to());
        if mv.is_leap() {
            return bb_bit(Square::new(
                (from.file() + to.file()) / 2,
                (from.rank() + to.rank()) / 2,
            ));
        }
        let us = pos.side;
        if pos.kings[us.index()] == from.index() as u16 && self.family.king_move == KingMove::Hunter
        {
            return 0;
        }
        let own = self.own ^ bb_bit(from) ^ bb_bit(to);
        pos.relative_captures_on(own, self.enemy, to, self.family)
    }

    /// How many pieces `mv` captures (none for a pass or a placement).
    #[inline]
    pub fn capture_count(&self, mv: Move) -> u32 {
        if mv.is_pass() || mv.is_place() {
            return 0;
        }
        if !mv.is_leap() && !self.pos.touches_enemy(self.pos.side, mv.to()) {
            return 0;
        }
        self.capture_set(mv).count_ones()
    }

    /// The hash of the position after `mv`: direct unless the move can capture, then with the
    /// captured pieces taken off.
    #[inline]
    pub fn child_hash(&self, mv: Move) -> u64 {
        let pos = self.pos;
        let us = pos.side;
        if mv.is_pass() {
            return pos.hash ^ SIDE_KEY;
        }
        let to = mv.to();
        if mv.is_place() {
            let n = pos.hand(us);
            return pos.hash
                ^ SIDE_KEY
                ^ piece_key(us, to)
                ^ hand_key(us, n)
                ^ hand_key(us, n.saturating_sub(1));
        }
        let from = mv.from();
        let mut hash = pos.hash ^ SIDE_KEY ^ piece_key(us, from) ^ piece_key(us, to);
        if pos.kings[us.index()] == from.index() as u16 {
            hash ^= king_key(us, from) ^ king_key(us, to);
        }
        if mv.is_leap() || pos.touches_enemy(us, to) {
            // The captured pieces leave the board (a captured king takes its key along).
            let them = us.other();
            let mut caps = self.capture_set(mv);
            while caps != 0 {
                let i = caps.trailing_zeros() as usize;
                caps &= caps - 1;
                let sq = Square::new(i % 8, i / 8);
                hash ^= piece_key(them, sq);
                if pos.kings[them.index()] == sq.index() as u16 {
                    hash ^= king_key(them, sq);
                }
            }
        }
        hash
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", super::notation::format_position(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_helpers() {
        // enemy at 3,4 friend at 5: flanked from 2 upwards.
        assert_eq!(flank_up(0b11000, 0b100000, 2), 0b11000);
        assert_eq!(flank_up(0b11000, 0, 2), 0);
        assert_eq!(flank_up(0b10000, 0b100000, 2), 0);
        assert_eq!(flank_down(0b0110, 0b0001, 3), 0b0110);
        assert_eq!(flank_down(0b0111, 0, 3), 0);
        assert_eq!(flank_down(0b0111, 0b1000, 3), 0);
        assert_eq!(reach_up(0b1000_0001, 0, 8), 0b0111_1110);
        assert_eq!(reach_up(0, 2, 8), 0b1111_1000);
        assert_eq!(reach_down(0b1000_0001, 7), 0b0111_1110);
        assert_eq!(reach_down(0, 3), 0b111);
        assert_eq!(reach_down(0b100, 3), 0);
    }

    #[test]
    fn relative_child_hashes_match_applying_the_move() {
        use crate::rules::{notation, Game, Preset, Rules};
        for preset in Preset::ALL
            .into_iter()
            .filter(|p| p.game() != crate::rules::GameKind::MingMang)
        {
            let rules = Rules::preset(preset);
            for seed in 0..6u64 {
                let mut game = Game::new(rules);
                let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                for _ in 0..120 {
                    let pos = game.position().clone();
                    // The incrementally kept hash is the hash of the position written out and
                    // read back (kings and hands included).
                    let text = notation::format_position(&pos);
                    assert_eq!(notation::parse_position(&text).unwrap().hash(), pos.hash());
                    let mut moves = Vec::new();
                    pos.for_each_pseudo_move(&rules, |m| moves.push(m));
                    for &mv in &moves {
                        let mut child = pos.clone();
                        child.apply(mv, &rules);
                        assert_eq!(pos.child_hash(mv, &rules), child.hash(), "{preset} {mv}");
                    }
                    let legal = game.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    game.make(legal[(state % legal.len() as u64) as usize]);
                }
            }
        }
    }

    #[test]
    fn start_position_counts() {
        for (w, h) in [(4, 4), (8, 8), (19, 19), (5, 11)] {
            let size = BoardSize::new(w, h).unwrap();
            let pos = Position::start(size);
            assert_eq!(pos.count(Color::White), w + h - 2);
            assert_eq!(pos.count(Color::Black), w + h - 2);
            assert_eq!(pos.piece_at(Square::new(0, h - 1)), Some(Color::White));
            assert_eq!(pos.piece_at(Square::new(w - 1, 0)), Some(Color::Black));
        }
    }
}
