//! Staged move ordering for the main search: the table move, then captures by pieces
//! converted, then the two killer moves, then the quiet moves by history score.
//!
//! Each stage is produced only when the one before it is used up. Most nodes cut off on the
//! table move, a capture or a killer (in the bench about four in five of the nodes that order
//! moves at all), and those never generate or score their quiet moves: on a large board that
//! is a hundred or more moves a node. Captures come from the captures-only generator, which
//! works from the few destination squares that capture.
//!
//! The order is exactly that of scoring every generated move and sorting: within a stage, ties
//! keep the rules' generation order (for Ming Mang's basic rules, that order is rebuilt from
//! the move itself, see [`generation_rank`]). Under the options that need the full capture
//! test (enchained or corner capture, the leap) the captures come from the squares next to an
//! enemy, each counted exactly. In the relatives every move is generated and scored in one
//! stage after the table move.
//!
//! Rule 7 is not applied here: the search checks each move when it reaches it.

use arrayvec::ArrayVec;

use super::movegen::{for_each_full_capture, full_capture_count, is_pseudo_slide, CaptureSquares};
use crate::rules::geometry::{Square, MAX_DIM};
use crate::rules::moves::MAX_MOVES;
use crate::rules::{Game, Move, MoveList, Position, Rules};

/// Where a move came from in the order; the search treats the kinds differently (only quiet
/// moves and killers are reduced or pruned, the first killer is never reduced).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    /// The transposition table's move.
    Table,
    /// A move that converts pieces.
    Capture,
    /// The first killer move of this ply.
    Killer,
    /// The second killer move of this ply.
    SecondKiller,
    /// Any other move.
    Quiet,
}

impl Kind {
    /// Whether the move converts nothing and was not suggested by the table.
    #[inline(always)]
    pub(crate) fn is_quiet(self) -> bool {
        matches!(self, Kind::Killer | Kind::SecondKiller | Kind::Quiet)
    }
}

/// Ordering scores, compared within the high half of a key; the classes never overlap.
const TABLE_SCORE: u32 = 1 << 30;
const CAPTURE_SCORE: u32 = 1 << 24;
const PER_PIECE: u32 = 4096;
const KILLER_SCORE: u32 = 1 << 23;
const QUIET_SCORE: u32 = 1 << 21;

/// Sort rank of a slide or pass in the rules' generation order under Ming Mang's rules (see
/// [`Position::for_each_pseudo_move`]): by origin square, then moves along the rank before
/// moves along the file, each by destination; the pass comes last. Below `1 << 22`.
#[inline(always)]
fn generation_rank(mv: Move) -> u32 {
    if mv.is_pass() {
        return PASS_RANK;
    }
    let (from, to) = (mv.from(), mv.to());
    let along_file = (from.rank() != to.rank()) as u32;
    let leap = if mv.is_leap() { LEAP_RANK } else { 0 };
    leap | ((from.index() as u32) << 11) | (along_file << 10) | to.index() as u32
}

/// Added to a leap's [`generation_rank`]: leaps come after every slide (a leap and a slide
/// never share their squares, the leap's middle square being occupied).
const LEAP_RANK: u32 = 1 << 21;

/// [`generation_rank`] of the pass: after every slide and leap.
const PASS_RANK: u32 = 1 << 22;

/// The move whose [`generation_rank`] is `rank`.
#[inline(always)]
fn from_generation_rank(rank: u32) -> Move {
    if rank == PASS_RANK {
        return Move::PASS;
    }
    let (from, to) = (
        Square::from_raw(((rank >> 11) & 1023) as u16),
        Square::from_raw((rank & 1023) as u16),
    );
    if rank & LEAP_RANK != 0 {
        Move::leap(from, to)
    } else {
        Move::slide(from, to)
    }
}

/// The kind of a move by its ordering score.
#[inline(always)]
fn kind_of(score: u32) -> Kind {
    if score >= TABLE_SCORE {
        Kind::Table
    } else if score >= CAPTURE_SCORE {
        Kind::Capture
    } else if score == KILLER_SCORE + 1 {
        Kind::Killer
    } else if score == KILLER_SCORE {
        Kind::SecondKiller
    } else {
        Kind::Quiet
    }
}

/// A key: the score in the high half, the inverted tie rank in the low half, so that the
/// largest key is the best move and ties go to the earlier move.
#[inline(always)]
fn key(score: u32, tie_rank: u32) -> u64 {
    ((score as u64) << 32) | (u32::MAX - tie_rank) as u64
}

/// Moves the best key of `keys[i..]` to `keys[i]` and returns it. Most stages are left after
/// a move or two, so the first picks select (linear each) rather than sort the keys; a stage
/// still going after a few picks sorts the rest once. Keys are distinct, so the order is
/// exactly that of a full sort.
#[inline]
fn pick(keys: &mut [u64], i: usize) -> u64 {
    const SELECT: usize = 4;
    if i < SELECT {
        let rest = &mut keys[i..];
        let mut best = 0;
        for j in 1..rest.len() {
            if rest[j] > rest[best] {
                best = j;
            }
        }
        rest.swap(0, best);
    } else if i == SELECT {
        keys[i..].sort_unstable_by(|a, b| b.cmp(a));
    }
    keys[i]
}

/// What the picker produces next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    Table,
    GenerateCaptures,
    Captures,
    Killer,
    SecondKiller,
    GenerateQuiets,
    Quiets,
    /// Every move but the table move, scored in one list (the full-capture rules).
    GenerateAll,
    All,
    Done,
}

/// What the search's history heuristic and killers say about quiet moves, for scoring.
pub(crate) struct Hints<'h> {
    /// History scores by [`history_slot`].
    pub(crate) history: &'h [i16],
    /// The board width (for [`history_slot`]).
    pub(crate) width: usize,
    /// The killer moves of the node's ply.
    pub(crate) killers: [Option<Move>; 2],
}

/// The history heuristic's slot of `mv` for the side with index `side` on a board `width`
/// files wide (compact square numbers, so an 8x8 game's table fits in the first-level cache).
#[inline(always)]
pub(crate) fn history_slot(side: usize, mv: Move, width: usize) -> usize {
    const AREA: usize = MAX_DIM * MAX_DIM;
    let (from, to) = (mv.from(), mv.to());
    let compact = |sq: Square| sq.rank() * width + sq.file();
    (side * AREA + compact(from)) * AREA + compact(to)
}

/// The moves of one node in search order, produced a stage at a time (see the module
/// documentation).
pub(crate) struct MovePicker {
    stage: Stage,
    /// The table move, if any.
    table: Option<Move>,
    /// Whether the first stage produced the table move (later stages then skip it).
    table_played: bool,
    /// The killers produced by their stages (the quiet stage skips them).
    killers_played: [Option<Move>; 2],
    keys: ArrayVec<u64, MAX_MOVES>,
    /// The node's capture squares, once the capture stage has found them (basic rules).
    squares: Option<CaptureSquares>,
    /// The generated moves, for stages whose keys hold an index into this list.
    moves: MoveList,
    next: usize,
    /// How many quiet moves the search expects to take at most (see [`MovePicker::new`]).
    quiet_budget: usize,
    /// In the quiet stage, the end of the front part of the keys: the best `quiet_budget`
    /// ones, picked first; the rest follow once they are used up.
    front: usize,
}

impl MovePicker {
    /// A picker for a node whose table move is `table` (if any), where the search expects to
    /// take at most `quiet_budget` quiet moves (late move pruning stops it there). The order
    /// does not depend on the budget: it only lets the quiet stage set the best moves apart
    /// in linear time instead of ordering them all, and the rest still follow if asked for.
    pub(crate) fn new(table: Option<Move>, quiet_budget: usize) -> MovePicker {
        MovePicker {
            stage: Stage::Table,
            table,
            table_played: false,
            killers_played: [None, None],
            keys: ArrayVec::new(),
            squares: None,
            moves: MoveList::new(),
            next: 0,
            quiet_budget: quiet_budget.max(1),
            front: 0,
        }
    }

    /// The next move to search and its kind, or `None` when every move has been produced.
    /// `game` must be that of the node the picker was made for.
    pub(crate) fn next(&mut self, game: &Game, hints: &Hints) -> Option<(Move, Kind)> {
        let pos = game.position();
        let rules = game.rules();
        let ming_mang = rules.is_ming_mang();
        // Captures the straight-line finder does not see: the options and the leap.
        let full = rules.needs_full_capture() || rules.options().last_piece_leap;
        loop {
            match self.stage {
                Stage::Table => {
                    self.stage = if ming_mang {
                        Stage::GenerateCaptures
                    } else {
                        Stage::GenerateAll
                    };
                    // Otherwise the table move waits for generation, where it is scored first
                    // if it is among the moves (a leap, a relative's move); under the basic
                    // rules a move the quick test rejects is not a move here.
                    if let Some(m) = self.table.filter(|&m| is_pseudo_move(pos, m, rules)) {
                        self.table_played = true;
                        return Some((m, Kind::Table));
                    }
                }
                Stage::GenerateCaptures => {
                    let (table, played) = (self.table, self.table_played);
                    let keys = &mut self.keys;
                    let mut push = |mv: Move, n: u32| {
                        let score = match Some(mv) == table {
                            true if played => return,
                            true => TABLE_SCORE,
                            false => CAPTURE_SCORE + n * PER_PIECE,
                        };
                        keys.push(key(score, generation_rank(mv)));
                    };
                    if full {
                        for_each_full_capture(pos, rules, &mut push);
                    } else {
                        let squares = self.squares.insert(CaptureSquares::find(pos));
                        squares.for_each_capture(pos, &mut push);
                    }
                    self.next = 0;
                    self.stage = Stage::Captures;
                }
                Stage::Captures => {
                    if self.next < self.keys.len() {
                        self.next += 1;
                        let k = pick(&mut self.keys, self.next - 1);
                        let mv = from_generation_rank(u32::MAX - k as u32);
                        return Some((mv, kind_of((k >> 32) as u32)));
                    }
                    self.stage = Stage::Killer;
                }
                Stage::Killer | Stage::SecondKiller => {
                    let (i, kind) = if self.stage == Stage::Killer {
                        self.stage = Stage::SecondKiller;
                        (0, Kind::Killer)
                    } else {
                        self.stage = Stage::GenerateQuiets;
                        (1, Kind::SecondKiller)
                    };
                    if let Some(k) = hints.killers[i] {
                        if !(self.table_played && Some(k) == self.table)
                            && is_pseudo_move(pos, k, rules)
                            && full_capture_count(pos, k, rules) == 0
                        {
                            self.killers_played[i] = Some(k);
                            return Some((k, kind));
                        }
                    }
                }
                Stage::GenerateQuiets => {
                    self.keys.clear();
                    let side = pos.side_to_move().index();
                    let table = self.table.filter(|_| self.table_played);
                    let skip = [table, self.killers_played[0], self.killers_played[1]];
                    let keys = &mut self.keys;
                    let mut push = |mv: Move| {
                        if skip.contains(&Some(mv)) {
                            return;
                        }
                        let h = hints.history[history_slot(side, mv, hints.width)] as i32;
                        keys.push(key((QUIET_SCORE as i32 + h) as u32, generation_rank(mv)));
                    };
                    if full {
                        // A capture's destination has an enemy next to it; only those moves
                        // need the exact count.
                        let all = [u32::MAX; MAX_DIM];
                        pos.find_slide(&all, &all, |from, to| {
                            let mv = Move::slide(from, to);
                            if full_capture_count(pos, mv, rules) == 0 {
                                push(mv);
                            }
                            false
                        });
                    } else {
                        let squares = self.squares.as_ref().expect("captures came first");
                        squares.for_each_quiet_slide(pos, &mut push);
                    }
                    // The rules generate the pass last.
                    if rules.options().territory && pos.count(pos.side_to_move()) > 0 {
                        push(Move::PASS);
                    }
                    self.next = 0;
                    self.front = self.keys.len();
                    if self.quiet_budget < self.keys.len() {
                        self.keys
                            .select_nth_unstable_by(self.quiet_budget, |a, b| b.cmp(a));
                        self.front = self.quiet_budget;
                    }
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => {
                    let i = self.next;
                    if i < self.keys.len() {
                        self.next += 1;
                        let k = if i < self.front {
                            pick(&mut self.keys[..self.front], i)
                        } else {
                            pick(&mut self.keys[self.front..], i - self.front)
                        };
                        return Some((from_generation_rank(u32::MAX - k as u32), Kind::Quiet));
                    }
                    self.stage = Stage::Done;
                }
                Stage::GenerateAll => {
                    self.generate_all(game, hints);
                    self.stage = Stage::All;
                }
                Stage::All => {
                    if self.next < self.keys.len() {
                        self.next += 1;
                        let k = pick(&mut self.keys, self.next - 1);
                        let mv = self.moves[(u32::MAX - k as u32) as usize];
                        return Some((mv, kind_of((k >> 32) as u32)));
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }

    /// The relatives' single stage: every move scored by the rules' exact capture count, the
    /// table move (if generated and not produced already) first.
    fn generate_all(&mut self, game: &Game, hints: &Hints) {
        let pos = game.position();
        let rules = *game.rules();
        let side = pos.side_to_move().index();
        pos.for_each_pseudo_move(&rules, |mv| self.moves.push(mv));
        self.keys.clear();
        let relative = pos.relative_moves(rules.family());
        for (i, &mv) in self.moves.iter().enumerate() {
            if Some(mv) == self.table && self.table_played {
                continue;
            }
            let score = if Some(mv) == self.table {
                TABLE_SCORE
            } else {
                let cap = relative.capture_count(mv);
                if cap > 0 {
                    CAPTURE_SCORE + cap * PER_PIECE
                } else if Some(mv) == hints.killers[0] {
                    KILLER_SCORE + 1
                } else if Some(mv) == hints.killers[1] {
                    KILLER_SCORE
                } else {
                    (QUIET_SCORE as i32 + hints.history[history_slot(side, mv, hints.width)] as i32)
                        as u32
                }
            };
            self.keys.push(key(score, i as u32));
        }
        self.next = 0;
    }
}

/// Whether `mv` is a move the side to move could play here ignoring rule 7, as far as the
/// quick test can tell: a slide by [`is_pseudo_slide`] (Ming Mang only; always no in the
/// relatives), or the pass where the rules allow one (territory scoring, pieces on the board).
#[inline]
fn is_pseudo_move(pos: &Position, mv: Move, rules: &Rules) -> bool {
    if mv.is_pass() {
        return rules.is_ming_mang()
            && rules.options().territory
            && pos.count(pos.side_to_move()) > 0;
    }
    is_pseudo_slide(pos, mv, rules)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{BoardSize, Preset, RuleOptions};
    use crate::search::selfplay::{random_opening, Rng};

    /// The order the picker must reproduce, built the simple way: every pseudo move scored
    /// by the rules' own capture count, the table move first when it is among them, then a
    /// stable sort by score (ties keep generation order).
    fn reference_order(
        game: &Game,
        table: Option<Move>,
        killers: [Option<Move>; 2],
        history: &[i16],
    ) -> Vec<(Move, Kind)> {
        let pos = game.position();
        let rules = *game.rules();
        let width = pos.size().width();
        let side = pos.side_to_move().index();
        let mut moves = Vec::new();
        pos.for_each_pseudo_move(&rules, |mv| moves.push(mv));
        let mut scored: Vec<(u32, Move, Kind)> = moves
            .iter()
            .map(|&mv| {
                let mut child = pos.clone();
                let cap = child.apply(mv, &rules);
                if Some(mv) == table {
                    (TABLE_SCORE, mv, Kind::Table)
                } else if cap > 0 {
                    (CAPTURE_SCORE + cap * PER_PIECE, mv, Kind::Capture)
                } else if Some(mv) == killers[0] {
                    (KILLER_SCORE + 1, mv, Kind::Killer)
                } else if Some(mv) == killers[1] {
                    (KILLER_SCORE, mv, Kind::SecondKiller)
                } else {
                    let h = history[history_slot(side, mv, width)] as i32;
                    ((QUIET_SCORE as i32 + h) as u32, mv, Kind::Quiet)
                }
            })
            .collect();
        scored.sort_by_key(|s| std::cmp::Reverse(s.0));
        scored.into_iter().map(|(_, mv, kind)| (mv, kind)).collect()
    }

    fn picked(
        game: &Game,
        budget: usize,
        table: Option<Move>,
        killers: [Option<Move>; 2],
        history: &[i16],
    ) -> Vec<(Move, Kind)> {
        let hints = Hints {
            history,
            width: game.rules().size().width(),
            killers,
        };
        let mut picker = MovePicker::new(table, budget);
        let mut out = Vec::new();
        while let Some(next) = picker.next(game, &hints) {
            out.push(next);
        }
        out
    }

    #[test]
    fn stages_give_the_order_of_scoring_every_move() {
        let mut rng = Rng::new(11);
        let mut history = vec![0i16; 2 * MAX_DIM.pow(4)];
        let mut rules_list: Vec<Rules> = Preset::ALL.into_iter().map(Rules::preset).collect();
        for n in [4, 5, 7, 8, 9, 13, 19] {
            let size = BoardSize::new(n, n).unwrap();
            for options in [
                RuleOptions::default(),
                RuleOptions {
                    territory: true,
                    ..RuleOptions::default()
                },
                RuleOptions {
                    enchained_capture: true,
                    corner_capture: true,
                    ..RuleOptions::default()
                },
                RuleOptions {
                    last_piece_leap: true,
                    ..RuleOptions::default()
                },
            ] {
                rules_list.push(Rules::new(size).with_options(options).expect("valid rules"));
            }
        }
        let mut checked = 0;
        for rules in rules_list {
            for _ in 0..12 {
                let mut game = Game::new(rules);
                random_opening(&mut game, rng.below(60), &mut rng);
                let mut all = Vec::new();
                let pos = game.position();
                pos.for_each_pseudo_move(&rules, |mv| all.push(mv));
                if all.is_empty() {
                    continue;
                }
                // History scores with many ties (so generation order decides them).
                for h in history.iter_mut() {
                    *h = (rng.below(5) as i16 - 2) * 100;
                }
                let any = |rng: &mut Rng| all[rng.below(all.len())];
                // Killers and table moves: legal here, or from elsewhere (not pseudo moves).
                let stranger =
                    Move::slide(Square::new(0, 0), Square::new(rules.size().width() - 1, 0));
                for _ in 0..4 {
                    let pick_one = |rng: &mut Rng| match rng.below(4) {
                        0 => None,
                        1 => Some(stranger),
                        _ => Some(any(rng)),
                    };
                    let table = pick_one(&mut rng);
                    let k0 = pick_one(&mut rng);
                    let k1 = pick_one(&mut rng).filter(|&k| Some(k) != k0);
                    let killers = [k0, k1];
                    let expected = reference_order(&game, table, killers, &history);
                    // The quiet budget changes the work, never the order.
                    let budget = [1, 3, 10, usize::MAX][rng.below(4)];
                    let got = picked(&game, budget, table, killers, &history);
                    assert_eq!(got, expected, "{} {:?}", rules, game.position());
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
