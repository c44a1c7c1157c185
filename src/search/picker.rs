//! Staged move ordering for the main search: the table move, then captures by pieces
//! captured, then the two killer moves, then the quiet moves by history score (in the games
//! whose hints say to save threatened pieces first, such as Rek, those that do come first:
//! see [`crate::rules::games::SearchHints::save_threatened`]).
//!
//! Each stage is produced only when the one before it is used up. Most nodes cut off on the
//! table move, a capture or a killer (in the bench about four in five of the nodes that order
//! moves at all), and those never generate or score their quiet moves: on a large board that
//! is a hundred or more moves a node. The moves come from the rules' staged generators
//! ([`crate::rules::Position::generate_captures`], then [`QuietMoves::generate`]).
//!
//! The order is exactly that of scoring every generated move and sorting: within a stage, ties
//! go by the rules' canonical order ([`Move::order_key`]), which every generator follows.
//!
//! Rule 7 is not applied here: the search checks each move when it reaches it.

use arrayvec::ArrayVec;

use super::params::HISTORY_MAX;
use crate::rules::games::Rescue;
use crate::rules::geometry::{Square, MAX_DIM};
use crate::rules::moves::MAX_MOVES;
use crate::rules::relatives::bitboard::square_bit;
use crate::rules::relatives::threats::Threatened;
use crate::rules::{Game, Move, Position, QuietMoves, Rules};

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

/// Added to a quiet move's history score (at most `HISTORY_MAX` either way) so that its key
/// stays positive.
const QUIET_BASE: i32 = 1 << 21;

/// Added to the score of a quiet move that saves a threatened piece (see
/// [`Hints::threat_order`]): well beyond any difference of history scores (each within
/// `HISTORY_MAX` either way, plus rounding), so these come first, in history order among
/// themselves.
const RESCUE_BONUS: i32 = 6 * HISTORY_MAX + 1;

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
    /// Whether quiet moves that save a threatened piece go first in the games whose hints say
    /// so ([`crate::rules::games::SearchHints::save_threatened`]).
    pub(crate) threat_order: bool,
}

/// The squares a quiet move saves a threatened piece by moving to (besides moving the piece
/// itself), as the game's hint says ([`crate::rules::games::SearchHints::save_threatened`]).
pub(crate) fn rescue_squares(rescue: Rescue, threatened: &Threatened) -> u64 {
    match rescue {
        Rescue::Beside => threatened.beside,
        Rescue::Landings => threatened.landings,
    }
}

/// The pieces of the side to move the opponent threatens, and the squares that save them,
/// in a game whose hints say to save threatened pieces first; nothing in the others.
fn rescue_sets(game: &Game) -> (u64, u64) {
    match game.rules().game().hints().save_threatened {
        Some(rescue) => {
            let t = game.position().threatened(game.rules().family());
            (t.pieces, rescue_squares(rescue, &t))
        }
        None => (0, 0),
    }
}

/// The history heuristic's slot of `mv` for the side with index `side` on a board `width`
/// files wide (compact square numbers, so an 8x8 game's table fits in the first-level cache).
#[inline(always)]
pub(crate) fn history_slot(side: usize, mv: Move, width: usize) -> usize {
    move_slot(side, mv, width, MAX_DIM * MAX_DIM)
}

/// The slot of `mv` for the side with index `side` in a table of `2 * area * area` slots, by
/// its origin and destination as compact square numbers of a board `width` files wide (`area`
/// at least the board's area).
#[inline(always)]
pub(crate) fn move_slot(side: usize, mv: Move, width: usize, area: usize) -> usize {
    (side * area + compact(mv.from(), width)) * area + compact(mv.to(), width)
}

/// The compact number of `sq` on a board `width` files wide: squares numbered rank by rank
/// without the padding of [`Square`]'s own numbering.
#[inline(always)]
pub(crate) fn compact(sq: Square, width: usize) -> usize {
    sq.rank() * width + sq.file()
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
    /// The current stage's keys ([`key`]): a capture's tie rank is its canonical order key,
    /// a quiet move's its index in `quiet_moves`.
    keys: ArrayVec<u64, MAX_MOVES>,
    /// The quiet moves, in the canonical order.
    quiet_moves: ArrayVec<Move, MAX_MOVES>,
    /// The quiet stage, once the capture stage has made it.
    quiets: Option<QuietMoves>,
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
            quiet_moves: ArrayVec::new(),
            quiets: None,
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
        loop {
            match self.stage {
                Stage::Table => {
                    self.stage = Stage::GenerateCaptures;
                    if let Some(m) = self.table.filter(|&m| pos.is_pseudo_legal(m, rules)) {
                        self.table_played = true;
                        return Some((m, Kind::Table));
                    }
                }
                Stage::GenerateCaptures => self.generate_captures(pos, rules),
                Stage::Captures => {
                    if self.next < self.keys.len() {
                        self.next += 1;
                        let k = pick(&mut self.keys, self.next - 1);
                        return Some((Move::from_order_key(u32::MAX - k as u32), Kind::Capture));
                    }
                    self.stage = Stage::Killer;
                }
                Stage::Killer | Stage::SecondKiller => {
                    if let Some(found) = self.killer(pos, rules, hints) {
                        return Some(found);
                    }
                }
                Stage::GenerateQuiets => self.generate_quiets(game, hints),
                Stage::Quiets => {
                    let i = self.next;
                    if i < self.keys.len() {
                        self.next += 1;
                        let k = if i < self.front {
                            pick(&mut self.keys[..self.front], i)
                        } else {
                            pick(&mut self.keys[self.front..], i - self.front)
                        };
                        let index = u32::MAX - k as u32;
                        return Some((self.quiet_moves[index as usize], Kind::Quiet));
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }

    /// The capture stage: the captures' keys, from the rules' capture generator, which also
    /// makes the quiet stage for later. (A part of [`MovePicker::next`], inlined into it.)
    #[inline(always)]
    fn generate_captures(&mut self, pos: &Position, rules: &Rules) {
        let (table, played) = (self.table, self.table_played);
        let keys = &mut self.keys;
        // A table move among the captures was produced by the first stage: the
        // pseudo-legality test is exact, so one it rejects is not generated.
        let push = |mv: Move, n: u32| {
            if !(played && Some(mv) == table) {
                keys.push(key(n, mv.order_key()));
            }
        };
        self.quiets = Some(pos.generate_captures(rules, push));
        self.next = 0;
        self.stage = Stage::Captures;
    }

    /// The killer stages: this stage's killer if it is a new, pseudo-legal quiet move here;
    /// the stage moves on either way. (A part of [`MovePicker::next`], inlined into it.)
    #[inline(always)]
    fn killer(&mut self, pos: &Position, rules: &Rules, hints: &Hints) -> Option<(Move, Kind)> {
        let (i, kind) = if self.stage == Stage::Killer {
            self.stage = Stage::SecondKiller;
            (0, Kind::Killer)
        } else {
            self.stage = Stage::GenerateQuiets;
            (1, Kind::SecondKiller)
        };
        let k = hints.killers[i]?;
        if !(self.table_played && Some(k) == self.table)
            && pos.is_pseudo_legal(k, rules)
            && pos.capture_count(k, rules) == 0
        {
            self.killers_played[i] = Some(k);
            return Some((k, kind));
        }
        None
    }

    /// The quiet stage: the quiet moves not produced yet and their keys (history score, plus
    /// the rescue bonus where the hints ask for it), the best `quiet_budget` set apart in
    /// front. (A part of [`MovePicker::next`], inlined into it.)
    #[inline(always)]
    fn generate_quiets(&mut self, game: &Game, hints: &Hints) {
        let pos = game.position();
        let rules = game.rules();
        self.keys.clear();
        let side = pos.side_to_move().index();
        let table = self.table.filter(|_| self.table_played);
        // The moves already produced, as raw bits (no move has all bits set).
        let skip = [table, self.killers_played[0], self.killers_played[1]]
            .map(|m| m.map_or(u32::MAX, Move::bits));
        let (threatened, cover) = if hints.threat_order {
            rescue_sets(game)
        } else {
            (0, 0)
        };
        let (keys, moves) = (&mut self.keys, &mut self.quiet_moves);
        moves.clear();
        // `extra` is the move's score beyond its history: the rescue bonus. The generator
        // gives the quiet moves in the canonical order, so a move's index among them is its
        // tie rank, and the key finds the move again by that index.
        let mut push = |mv: Move, extra: i32| {
            if skip.contains(&mv.bits()) {
                return;
            }
            let score =
                QUIET_BASE + hints.history[history_slot(side, mv, hints.width)] as i32 + extra;
            debug_assert!(
                moves.last().is_none_or(|m| m.order_key() < mv.order_key()),
                "quiet moves in the canonical order"
            );
            keys.push(key(score as u32, moves.len() as u32));
            moves.push(mv);
        };
        let quiets = self.quiets.as_ref().expect("captures came first");
        // Without threatened pieces the generator's loop gets the plain scoring only: the
        // rescue test took about 1.5% of an 8x8 search's instructions where nothing is
        // threatened. (Only games on boards up to 8x8 have threatened pieces: `square_bit`
        // takes no larger squares.)
        if (threatened | cover) == 0 {
            quiets.generate(pos, rules, |mv| push(mv, 0));
        } else {
            quiets.generate(pos, rules, |mv| {
                let rescues =
                    (square_bit(mv.from()) & threatened) | (square_bit(mv.to()) & cover) != 0;
                push(mv, if rescues { RESCUE_BONUS } else { 0 })
            });
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::random::{random_opening, Rng};
    use crate::rules::{Rules, Square};

    /// Scores of the reference order: one scale for every class, as if every move were
    /// generated and sorted at once.
    const TABLE_SCORE: u32 = 1 << 30;
    const CAPTURE_SCORE: u32 = 1 << 24;
    const PER_PIECE: u32 = 4096;
    const KILLER_SCORE: u32 = 1 << 23;
    const QUIET_SCORE: u32 = 1 << 21;

    /// What the side to move stands to lose, found the simple way: give the opponent the
    /// move, play each of its moves and see which pieces are gone and where the capturing
    /// moves landed.
    fn played_out_threats(game: &Game) -> Threatened {
        let rules = *game.rules();
        let mut flipped = game.position().clone();
        let us = flipped.side_to_move();
        flipped.set_side_to_move(us.other());
        let mut moves = Vec::new();
        flipped.for_each_pseudo_move(&rules, |mv| moves.push(mv));
        let mut t = Threatened::default();
        for mv in moves {
            let mut child = flipped.clone();
            child.apply(mv, &rules);
            for sq in flipped.pieces(us) {
                if child.piece_at(sq) != Some(us) {
                    t.pieces |= square_bit(sq);
                    t.landings |= square_bit(mv.to());
                }
            }
        }
        for sq in flipped.pieces(us) {
            if t.pieces & square_bit(sq) == 0 {
                continue;
            }
            for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let (f, r) = (sq.file() as i32 + df, sq.rank() as i32 + dr);
                let size = rules.size();
                if (0..size.width() as i32).contains(&f) && (0..size.height() as i32).contains(&r) {
                    let n = Square::new(f as usize, r as usize);
                    if flipped.piece_at(n).is_none() {
                        t.beside |= square_bit(n);
                    }
                }
            }
        }
        t
    }

    /// The order the picker must reproduce, built the simple way: every pseudo move scored
    /// by the rules' own capture count, the table move first when it is among them, then a
    /// stable sort by score (ties keep generation order).
    fn reference_order(game: &Game, table: Option<Move>, hints: &Hints) -> Vec<(Move, Kind)> {
        let Hints {
            history,
            killers,
            threat_order,
            ..
        } = *hints;
        let pos = game.position();
        let rules = *game.rules();
        let width = pos.size().width();
        let side = pos.side_to_move().index();
        let mut moves = Vec::new();
        pos.for_each_pseudo_move(&rules, |mv| moves.push(mv));
        let (threatened, cover) = match rules.game().hints().save_threatened {
            Some(rescue) if threat_order => {
                let t = played_out_threats(game);
                (t.pieces, rescue_squares(rescue, &t))
            }
            _ => (0, 0),
        };
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
                    // (Threatened pieces exist only on boards up to 8x8, which `square_bit`
                    // takes.)
                    let rescue = (threatened | cover) != 0
                        && (square_bit(mv.from()) & threatened != 0
                            || square_bit(mv.to()) & cover != 0);
                    let bonus = if rescue { RESCUE_BONUS } else { 0 };
                    ((QUIET_SCORE as i32 + h + bonus) as u32, mv, Kind::Quiet)
                }
            })
            .collect();
        scored.sort_by_key(|s| std::cmp::Reverse(s.0));
        scored.into_iter().map(|(_, mv, kind)| (mv, kind)).collect()
    }

    fn picked(game: &Game, budget: usize, table: Option<Move>, hints: &Hints) -> Vec<(Move, Kind)> {
        let mut picker = MovePicker::new(table, budget);
        let mut out = Vec::new();
        while let Some(next) = picker.next(game, hints) {
            out.push(next);
        }
        out
    }

    #[test]
    fn stages_give_the_order_of_scoring_every_move() {
        let mut rng = Rng::new(11);
        let mut history = vec![0i16; 2 * MAX_DIM.pow(4)];
        let mut checked = 0;
        for rules in Rules::samples() {
            for _ in 0..12 {
                let mut game = Game::new(rules);
                random_opening(&mut game, rng.below(60), &mut rng);
                let mut all = Vec::new();
                let pos = game.position();
                pos.for_each_pseudo_move(&rules, |mv| all.push(mv));
                if all.is_empty() {
                    continue;
                }
                // History scores with many ties (so generation order decides them), extremes
                // too (the rescue bonus must still beat any difference of history scores).
                for h in history.iter_mut() {
                    *h = [-HISTORY_MAX, -200, -100, 0, 100, 200, HISTORY_MAX][rng.below(7)] as i16;
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
                    let threat_order = rng.below(2) == 0;
                    let hints = Hints {
                        history: &history,
                        width: rules.size().width(),
                        killers,
                        threat_order,
                    };
                    let expected = reference_order(&game, table, &hints);
                    // The quiet budget changes the work, never the order.
                    let budget = [1, 3, 10, usize::MAX][rng.below(4)];
                    let got = picked(&game, budget, table, &hints);
                    assert_eq!(got, expected, "{} {:?}", rules, game.position());
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
