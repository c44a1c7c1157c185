//! Everything the rules know about moves, behind one interface: which moves exist (all at
//! once, or in stages: captures first, quiet moves only when needed), whether a move is one
//! of them, what it captures, the hash of the position it leads to, and playing it.
//!
//! Every answer dispatches on the capture model the [`Rules`] decided when they were built
//! (Ming Mang's straight captures, Ming Mang with options that reach further, or a relative),
//! so callers never ask which game is played. Rule 7 is not applied here: it depends on the
//! game's history, which [`crate::Game`] and the search hold; [`Position::child_hash`]
//! gives what they compare.
//!
//! # The canonical order
//! Every generator produces moves in one order, that of [`Move::order_key`]: by origin square,
//! the moves that stay on the origin's rank before the others, then by destination; jumps after
//! every other move; the pass last. Staged generation keeps it within each stage, and move
//! ordering can break ties by it without generating anything.

use super::history::History;
use super::mingmang::{self, CaptureSquares, DestCache};
use super::moves::Move;
use super::position::Position;
use super::relatives;
use super::variant::{Model, Rules};
use super::zobrist::SIDE_KEY;

impl Position {
    /// Calls `emit` with every move open to the side to move (rule 7 not applied), in the
    /// canonical order.
    // Always inlined so that each caller's `emit` is inlined into the loop: it runs per move.
    #[inline(always)]
    pub fn for_each_pseudo_move(&self, rules: &Rules, emit: impl FnMut(Move)) {
        match rules.model() {
            Model::Straight | Model::Extended => mingmang::for_each_pseudo_move(self, rules, emit),
            Model::Relative => relatives::for_each_pseudo_move(self, rules.family(), emit),
        }
    }

    /// Calls `found` with the moves of [`Position::for_each_pseudo_move`], in the canonical
    /// order, until it says true, and says whether it did. Ming Mang's generator stops there;
    /// a relative's generates its few moves and skips the rest.
    #[inline(always)]
    pub fn find_pseudo_move(&self, rules: &Rules, mut found: impl FnMut(Move) -> bool) -> bool {
        match rules.model() {
            Model::Straight | Model::Extended => mingmang::find_pseudo_move(self, rules, found),
            Model::Relative => {
                let mut hit = false;
                relatives::for_each_pseudo_move(self, rules.family(), |mv| {
                    hit = hit || found(mv);
                });
                hit
            }
        }
    }

    /// Calls `emit(move, child hash)` with every move open to the side to move (rule 7 not
    /// applied) and the hash of the position it leads to, in the canonical order: what a rule
    /// 7 check needs, each hash found the cheapest way the capture model allows.
    #[inline(always)]
    pub fn for_each_move_and_child(&self, rules: &Rules, mut emit: impl FnMut(Move, u64)) {
        match rules.model() {
            Model::Straight => {
                // Slides only, then perhaps the pass: no per-move test for either.
                mingmang::for_each_slide_and_child(self, &mut emit);
                if rules.may_pass() && self.count(self.side_to_move()) > 0 {
                    emit(Move::PASS, self.hash() ^ SIDE_KEY);
                }
            }
            Model::Extended => mingmang::for_each_pseudo_move(self, rules, |mv| {
                emit(mv, self.child_hash(mv, rules));
            }),
            Model::Relative => {
                let view = self.relative_moves(rules.family());
                relatives::for_each_pseudo_move(self, rules.family(), |mv| {
                    emit(mv, view.child_hash(mv));
                });
            }
        }
    }

    /// Whether `mv` is a move the side to move can play here, ignoring rule 7. Decided from
    /// the squares it touches, without generating the moves: a table move or a killer can be
    /// tried before the node's moves exist.
    #[inline]
    pub fn is_pseudo_legal(&self, mv: Move, rules: &Rules) -> bool {
        match rules.model() {
            Model::Straight | Model::Extended => mingmang::is_pseudo_legal(self, mv, rules),
            Model::Relative => relatives::is_pseudo_legal(self, mv, rules.family()),
        }
    }

    /// How many pieces `mv` captures (converted in Ming Mang, removed in the relatives),
    /// exactly, without making it. `mv` must be a move of this position.
    #[inline]
    pub fn capture_count(&self, mv: Move, rules: &Rules) -> u32 {
        match rules.model() {
            Model::Straight => mingmang::straight_capture_count(self, mv),
            Model::Extended => mingmang::extended_capture_count(self, mv, rules),
            Model::Relative if mv.is_pass() || mv.is_place() => 0,
            Model::Relative => self.relative_moves(rules.family()).capture_count(mv),
        }
    }

    /// The hash of the position `mv` leads to, without making it where the capture model
    /// allows (the hot path of rule 7 checks). `mv` must be a move of this position.
    #[inline]
    pub fn child_hash(&self, mv: Move, rules: &Rules) -> u64 {
        if mv.is_pass() {
            return self.hash() ^ SIDE_KEY;
        }
        match rules.model() {
            Model::Straight => mingmang::straight_child_hash(self, mv),
            Model::Extended => mingmang::extended_child_hash(self, mv, rules),
            Model::Relative => self.relative_moves(rules.family()).child_hash(mv),
        }
    }

    /// Plays `mv` for the side to move under `rules`, carrying out every capture, and returns
    /// how many pieces were captured. The move must be legal apart from rule 7 (which depends
    /// on the game, not the position).
    #[inline]
    pub fn apply(&mut self, mv: Move, rules: &Rules) -> u32 {
        match rules.model() {
            Model::Relative => self.apply_relative(mv, rules.family()),
            Model::Straight | Model::Extended => self.apply_ming_mang(mv, rules.options()),
        }
    }

    /// The first stage of staged generation: calls `emit(move, captured)` for every move that
    /// captures (rule 7 not applied), working from the few squares where a capture can happen
    /// where the capture model allows. Returns the second stage, the quiet moves, which reuses
    /// what this one found. The captures come in no particular order.
    #[inline]
    pub fn generate_captures(&self, rules: &Rules, mut emit: impl FnMut(Move, u32)) -> QuietMoves {
        let squares = match rules.model() {
            Model::Straight => {
                let squares = CaptureSquares::find(self);
                squares.for_each_capture(self, emit);
                Some(squares)
            }
            Model::Extended => {
                mingmang::for_each_extended_capture(self, rules, emit);
                None
            }
            Model::Relative => {
                let view = self.relative_moves(rules.family());
                relatives::for_each_pseudo_move(self, rules.family(), |mv| {
                    let n = view.capture_count(mv);
                    if n > 0 {
                        emit(mv, n);
                    }
                });
                None
            }
        };
        QuietMoves { squares }
    }

    /// Calls `emit(move, captured, child hash)` for every capture (rule 7 not applied), with
    /// the hash of the position it leads to: quiescence's moves. `cache` keeps what one
    /// destination's captures change in the hash, for every piece that can reach it.
    #[inline]
    pub fn for_each_capture_and_child(
        &self,
        rules: &Rules,
        cache: &mut ChildHashCache,
        mut emit: impl FnMut(Move, u32, u64),
    ) {
        match rules.model() {
            Model::Straight => {
                let dest = &mut *cache.0;
                dest.reset(self);
                CaptureSquares::find(self).for_each_capture(self, |mv, n| {
                    emit(mv, n, dest.slide_child_hash(self, mv));
                });
            }
            Model::Extended => mingmang::for_each_extended_capture(self, rules, |mv, n| {
                emit(mv, n, mingmang::extended_child_hash(self, mv, rules));
            }),
            Model::Relative => {
                let view = self.relative_moves(rules.family());
                relatives::for_each_pseudo_move(self, rules.family(), |mv| {
                    let n = view.capture_count(mv);
                    if n > 0 {
                        emit(mv, n, view.child_hash(mv));
                    }
                });
            }
        }
    }

    /// Whether the side to move has a quiet move (one that captures nothing) that rule 7
    /// allows against `history`, or may pass. Moves are examined in the canonical order up to
    /// the first quiet legal one; each banned quiet move met before it goes to `banned` with
    /// its child hash. Quiescence needs only this yes or no to know whether it may stand pat.
    #[inline]
    pub fn has_quiet_move(
        &self,
        rules: &Rules,
        history: &History,
        mut banned: impl FnMut(u64),
    ) -> bool {
        match rules.model() {
            Model::Straight | Model::Extended => {
                mingmang::has_quiet_move(self, rules, history, banned)
            }
            Model::Relative => {
                let view = self.relative_moves(rules.family());
                let mut found = false;
                relatives::for_each_pseudo_move(self, rules.family(), |mv| {
                    if found || view.capture_count(mv) > 0 {
                        return;
                    }
                    let child = view.child_hash(mv);
                    if history.contains(child) {
                        banned(child);
                    } else {
                        found = true;
                    }
                });
                found
            }
        }
    }
}

/// The second stage of staged generation (see [`Position::generate_captures`]): the moves that
/// capture nothing, with what the first stage learned about where captures are.
pub struct QuietMoves {
    /// The squares a slide captures on (Ming Mang's straight captures).
    squares: Option<CaptureSquares>,
}

impl QuietMoves {
    /// Calls `emit` with every move of `pos` that captures nothing (rule 7 not applied), in the
    /// canonical order. `pos` and `rules` must be those the first stage was made for.
    #[inline]
    pub fn generate(&self, pos: &Position, rules: &Rules, mut emit: impl FnMut(Move)) {
        match rules.model() {
            Model::Straight => {
                let squares = self.squares.as_ref().expect("made by the capture stage");
                squares.for_each_quiet_slide(pos, &mut emit);
                if rules.may_pass() && pos.count(pos.side_to_move()) > 0 {
                    emit(Move::PASS);
                }
            }
            Model::Extended => mingmang::for_each_extended_quiet(pos, rules, emit),
            Model::Relative => {
                let view = pos.relative_moves(rules.family());
                relatives::for_each_pseudo_move(pos, rules.family(), |mv| {
                    if view.capture_count(mv) == 0 {
                        emit(mv);
                    }
                });
            }
        }
    }
}

/// Scratch space for [`Position::for_each_capture_and_child`], kept between calls so that
/// nothing is cleared per position: it remembers which position its entries belong to.
pub struct ChildHashCache(Box<DestCache>);

impl ChildHashCache {
    /// An empty cache.
    pub fn new() -> ChildHashCache {
        ChildHashCache(Box::new(DestCache::new()))
    }
}

impl Default for ChildHashCache {
    fn default() -> ChildHashCache {
        ChildHashCache::new()
    }
}

#[cfg(test)]
mod tests {
    use crate::history::History;
    use crate::random::{random_opening, Rng};
    use crate::{notation, Game, Move, Position, Preset, RuleOptions, Rules};
    use crate::{BoardSize, Color, GameKind, Square};

    /// A move of any kind on random squares of the largest board, mostly not a move of `pos`.
    fn random_move(rng: &mut Rng, pos: &Position) -> Move {
        let size = pos.size();
        let square = |rng: &mut Rng| {
            // Now and then a square beyond this board (a table move from another size).
            let (w, h) = if rng.chance(1, 10) {
                (19, 19)
            } else {
                (size.width(), size.height())
            };
            Square::new(rng.below(w), rng.below(h))
        };
        let from = if rng.chance(1, 2) {
            // Often from one of the side to move's own pieces, so that the move is close.
            let own: Vec<Square> = pos.pieces(pos.side_to_move()).collect();
            if own.is_empty() {
                square(rng)
            } else {
                own[rng.below(own.len())]
            }
        } else {
            square(rng)
        };
        let to = match rng.below(3) {
            0 => Square::new(rng.below(size.width()), from.rank()),
            1 => Square::new(from.file(), rng.below(size.height())),
            _ => square(rng),
        };
        match rng.below(8) {
            0 => Move::leap(from, to),
            1 => Move::place(to),
            2 => Move::PASS,
            _ => Move::slide(from, to),
        }
    }

    /// Checks every question the interface answers about `pos` against playing each move out,
    /// and against a plain scan of the moves.
    fn check(pos: &Position, rules: &Rules, history: &History, rng: &mut Rng) {
        let mut all = Vec::new();
        pos.for_each_pseudo_move(rules, |m| all.push(m));
        let context = format!("{rules} {}", notation::format_position(pos));
        // The canonical order, strictly, and its inverse.
        for pair in all.windows(2) {
            assert!(
                pair[0].order_key() < pair[1].order_key(),
                "{context}: {pair:?}"
            );
        }
        let mut counts = Vec::new();
        for &mv in &all {
            assert_eq!(Move::from_order_key(mv.order_key()), mv);
            let mut child = pos.clone();
            let n = child.apply(mv, rules);
            assert_eq!(pos.capture_count(mv, rules), n, "{context}: {mv}");
            assert_eq!(pos.child_hash(mv, rules), child.hash(), "{context}: {mv}");
            assert!(pos.is_pseudo_legal(mv, rules), "{context}: {mv}");
            counts.push(n);
        }
        // The generator that stops: the same moves in the same order, up to the one it was
        // told to stop at, and no further.
        let mut seen = Vec::new();
        assert!(!pos.find_pseudo_move(rules, |m| {
            seen.push(m);
            false
        }));
        assert_eq!(seen, all, "{context}");
        if !all.is_empty() {
            let stop = rng.below(all.len());
            seen.clear();
            assert!(pos.find_pseudo_move(rules, |m| {
                seen.push(m);
                seen.len() == stop + 1
            }));
            assert_eq!(seen, all[..=stop], "{context}");
        }
        // The child hashes that come with the moves.
        let mut pairs = Vec::new();
        pos.for_each_move_and_child(rules, |m, h| pairs.push((m, h)));
        let expected: Vec<(Move, u64)> =
            all.iter().map(|&m| (m, pos.child_hash(m, rules))).collect();
        assert_eq!(pairs, expected, "{context}");
        // The stages: captures (any order) with their counts, then the quiet moves in order.
        let mut captures = Vec::new();
        let quiet_stage = pos.generate_captures(rules, |m, n| captures.push((m, n)));
        let mut quiets = Vec::new();
        quiet_stage.generate(pos, rules, |m| quiets.push(m));
        let mut expected_captures: Vec<(Move, u32)> = all
            .iter()
            .zip(&counts)
            .filter(|(_, &n)| n > 0)
            .map(|(&m, &n)| (m, n))
            .collect();
        let expected_quiets: Vec<Move> = all
            .iter()
            .zip(&counts)
            .filter(|(_, &n)| n == 0)
            .map(|(&m, _)| m)
            .collect();
        captures.sort();
        expected_captures.sort();
        assert_eq!(captures, expected_captures, "{context}");
        assert_eq!(quiets, expected_quiets, "{context}");
        // Quiescence's captures with their child hashes.
        let mut hashed = Vec::new();
        let mut cache = super::ChildHashCache::new();
        pos.for_each_capture_and_child(rules, &mut cache, |m, n, h| hashed.push((m, n, h)));
        hashed.sort();
        let expected_hashed: Vec<(Move, u32, u64)> = expected_captures
            .iter()
            .map(|&(m, n)| (m, n, pos.child_hash(m, rules)))
            .collect();
        assert_eq!(hashed, expected_hashed, "{context}");
        // The quiet probe, under the game's history: a quiet move rule 7 allows, or the pass.
        let mut banned = Vec::new();
        let has_quiet = pos.has_quiet_move(rules, history, |h| banned.push(h));
        let expected_quiet = expected_quiets
            .iter()
            .any(|&m| m.is_pass() || !history.contains(pos.child_hash(m, rules)));
        assert_eq!(has_quiet, expected_quiet, "{context}");
        assert!(banned.iter().all(|&h| history.contains(h)), "{context}");
        // The quick pseudo-legality test on moves that mostly are not moves here.
        for _ in 0..40 {
            let mv = random_move(rng, pos);
            assert_eq!(
                pos.is_pseudo_legal(mv, rules),
                all.contains(&mv),
                "{context}: {mv:?}"
            );
        }
    }

    #[test]
    fn every_generator_agrees_with_playing_the_moves_out() {
        let mut rng = Rng::new(7);
        let mut checked = 0;
        for rules in Rules::samples() {
            for _ in 0..8 {
                let mut game = Game::new(rules);
                random_opening(&mut game, rng.below(90), &mut rng);
                let pos = game.position().clone();
                // The hash kept move by move is the hash of the position written out and
                // read back (kings and hands included).
                let text = notation::format_position(&pos);
                assert_eq!(notation::parse_position(&text).unwrap().hash(), pos.hash());
                check(&pos, &rules, game.history(), &mut rng);
                checked += 1;
            }
        }
        assert!(checked > 200, "{checked}");
    }

    #[test]
    fn a_last_piece_leaps_and_captures() {
        // A lone white piece among black ones, under the leap option (with and without the
        // options that capture further): leaps are generated, counted and hashed like the rest.
        let mut rng = Rng::new(17);
        let mut leaps = 0;
        for i in 0..300 {
            let n = 4 + i % 5;
            let size = BoardSize::new(n, n).unwrap();
            let mut pos = Position::empty(size, Color::White);
            // Squares numbered from the top rank down, as the position string lists them.
            let square = |c: usize| Square::new(c % n, n - 1 - c / n);
            pos.put(square(rng.below(n * n)), Color::White);
            for _ in 0..rng.below(2 * n) + 1 {
                let sq = square(rng.below(n * n));
                if pos.piece_at(sq).is_none() {
                    pos.put(sq, Color::Black);
                }
            }
            for (enchained, corner) in [(false, false), (true, true)] {
                let options = RuleOptions {
                    last_piece_leap: true,
                    enchained_capture: enchained,
                    corner_capture: corner,
                    ..RuleOptions::default()
                };
                let rules = Rules::new(pos.size()).with_options(options).unwrap();
                pos.for_each_pseudo_move(&rules, |m| leaps += m.is_leap() as usize);
                check(&pos, &rules, &History::new(), &mut rng);
            }
        }
        assert!(leaps > 50, "only {leaps} leaps");
    }

    #[test]
    fn relatives_generate_in_the_canonical_order_with_kings() {
        // A Min Rek Chanh king in the open steps in eight directions; the hunter jumps last.
        let rules = Rules::preset(Preset::MinRekChanh);
        let pos = notation::parse_position("8/8/8/3W4/8/8/8/7B w").unwrap();
        let mut moves = Vec::new();
        pos.for_each_pseudo_move(&rules, |m| moves.push(m.to_string()));
        assert_eq!(
            moves,
            ["d5c5", "d5e5", "d5c4", "d5d4", "d5e4", "d5c6", "d5d6", "d5e6"]
        );
        let rules = Rules::preset(Preset::MakyekHunt);
        assert_eq!(rules.game(), GameKind::MakyekHunt);
        let pos = notation::parse_position("8/8/8/2w5/1wBw4/3w4/8/8 b").unwrap();
        let mut moves = Vec::new();
        pos.for_each_pseudo_move(&rules, |m| moves.push(m.to_string()));
        assert_eq!(moves, ["c4c3", "c4a4", "c4e4", "c4c6"]);
    }
}
