//! The cross-check: random games played ply by ply in the engine and in an independent
//! reference implementation, through the one driver in `tests/common/crosscheck.rs`, which
//! compares after every ply the position string, the sorted legal moves, the outcome with its
//! reason and the territory count, and checks the engine's move parser. Games run to their
//! natural end (or a ply limit), and each test insists that the rules it is about really came
//! up.
//!
//! - Ming Mang, against `tests/common/reference.rs` (written from the rules in
//!   `docs/rules.md`): every board size from 4x4 to 19x19 (rectangles included) and every
//!   combination of the four options, from the start position, from random mid-game positions
//!   and from positions with few pieces (so that leaps and corner captures really happen).
//! - The six relatives, against `tests/common/reference_relatives.rs` (written from
//!   `docs/relatives-spec.md`): from the start positions, from random openings, from random and
//!   sparse positions (so jumps, kings, enclosures and every end condition come up) and from
//!   sides walled into corners (rule 7 losses); and the positions the engine refuses.

mod common;

use common::bridge::{engine_game, engine_rules, fen};
use common::crosscheck::Run;
use common::interface::{Opts, RuleSet};
use common::reference::{self as mm, Board, Col};
use common::reference_relatives::{self as rel, Cell, Pos, Variant};
use mingmang::rules::random::{random_opening, Rng};
use mingmang::rules::Game;

/// A random ply limit from `min` to `min + span - 1` when `now`, otherwise none (the random
/// number is drawn only when it is used, so the games stay as they were).
fn random_limit(now: bool, rng: &mut Rng, min: u32, span: usize) -> Option<u32> {
    if now {
        Some(min + rng.below(span) as u32)
    } else {
        None
    }
}

/// White or Black, even odds.
fn either_side(rng: &mut Rng) -> Col {
    if rng.chance(1, 2) {
        Col::W
    } else {
        Col::B
    }
}

type MingMang = mm::RefGame;
type Relatives = rel::RefGame;

/// Ming Mang on every board, with every option.
mod ming_mang {
    use super::*;

    fn ming_mang(w: usize, h: usize, bits: usize, limit: Option<u32>) -> RuleSet {
        RuleSet::ming_mang(w, h, Opts::bits(bits, limit))
    }

    /// A random board: each square empty with probability `empty_percent`, else a random colour.
    fn random_board(rng: &mut Rng, w: usize, h: usize, empty_percent: usize) -> Board {
        let mut b = vec![vec![None; w]; h];
        for row in b.iter_mut() {
            for sq in row.iter_mut() {
                if rng.below(100) >= empty_percent {
                    *sq = Some(if rng.chance(1, 2) { Col::W } else { Col::B });
                }
            }
        }
        b
    }

    /// A board with `mine` pieces of one colour and `theirs` of the other, biased towards the
    /// edges (where corner captures happen).
    fn sparse_board(
        rng: &mut Rng,
        w: usize,
        h: usize,
        lone: Col,
        mine: usize,
        theirs: usize,
    ) -> Board {
        let mut b: Board = vec![vec![None; w]; h];
        let place = |b: &mut Board, c: Col, rng: &mut Rng| loop {
            let (f, r) = if rng.chance(1, 2) {
                // On an edge.
                match rng.below(4) {
                    0 => (0, rng.below(h)),
                    1 => (w - 1, rng.below(h)),
                    2 => (rng.below(w), 0),
                    _ => (rng.below(w), h - 1),
                }
            } else {
                (rng.below(w), rng.below(h))
            };
            if b[r][f].is_none() {
                b[r][f] = Some(c);
                break;
            }
        };
        for _ in 0..mine {
            place(&mut b, lone, rng);
        }
        for _ in 0..theirs {
            place(&mut b, lone.other(), rng);
        }
        b
    }

    /// Every board size from 4x4 to 19x19, each with every option combination in turn.
    #[test]
    fn every_size_from_the_start_position() {
        let mut run = Run::<MingMang>::new("every size", 1);
        for w in 4..=19 {
            for h in 4..=19 {
                let bits = (w * 7 + h * 3) % 16;
                let limit = if (w + h) % 5 == 0 { Some(150) } else { None };
                run.game(&ming_mang(w, h, bits, limit), &mm::start_fen(w, h), 3);
            }
        }
        let s = run.finish();
        assert_eq!(s.games, 256);
        assert!(s.no_piece_ends + s.no_move_ends > 50, "{s:?}");
    }

    /// Many games on small boards (squares and rectangles) with all 16 option combinations.
    #[test]
    fn small_boards_all_option_combinations() {
        let mut run = Run::<MingMang>::new("small boards", 2);
        let sizes = boards("4x4 4x5 5x4 5x5 4x7 6x4 6x6 5x7 7x5 8x8");
        for round in 0..8 {
            for &(w, h) in &sizes {
                for bits in 0..16 {
                    let limit = random_limit(round % 4 == 3, &mut run.rng, 10, 60);
                    let pass = if round % 2 == 0 { 2 } else { 20 };
                    run.game(&ming_mang(w, h, bits, limit), &mm::start_fen(w, h), pass);
                }
            }
        }
        let s = run.finish();
        assert_eq!(s.games, 8 * 10 * 16);
        at_least!(s: territory_ends >= 50, ply_limit_ends >= 50, moves.enchained_captures >= 50,
            moves.corner_captures >= 20, rule7_bans >= 100);
    }

    /// Larger boards, including the traditional rectangles and the Go board.
    #[test]
    fn large_boards() {
        let mut run = Run::<MingMang>::new("large boards", 3);
        let sizes = boards("9x9 11x5 17x18 17x17 19x19 12x16 19x4");
        for (i, &(w, h)) in sizes.iter().enumerate() {
            for k in 0..4 {
                let bits = (i * 5 + k * 3) % 16;
                run.game(&ming_mang(w, h, bits, None), &mm::start_fen(w, h), 2);
            }
        }
        assert_eq!(run.finish().games, 28);
    }

    /// Board sizes written as `WxH` and separated by spaces.
    fn boards(list: &str) -> Vec<(usize, usize)> {
        let size = |s: &str| {
            let (w, h) = s.split_once('x').expect("WxH");
            (w.parse().expect("files"), h.parse().expect("ranks"))
        };
        list.split_whitespace().map(size).collect()
    }

    /// A board size for game `i`: every tenth any size from 4x4 to 19x19, the others from 4 to
    /// `3 + span` files and ranks (small boards play fast and reach the edge cases often).
    fn mostly_small_board(rng: &mut Rng, i: usize, span: usize) -> (usize, usize) {
        if i % 10 == 0 {
            (4 + rng.below(16), 4 + rng.below(16))
        } else {
            (4 + rng.below(span), 4 + rng.below(span))
        }
    }

    /// Games from random mid-game positions of every density, either side to move.
    #[test]
    fn random_mid_game_positions() {
        let mut run = Run::<MingMang>::new("random positions", 4);
        for i in 0..1200 {
            let rng = &mut run.rng;
            let (w, h) = mostly_small_board(rng, i, 5);
            let empty = [30, 50, 70, 85][i % 4];
            let board = random_board(rng, w, h, empty);
            let side = either_side(rng);
            // Sparse large boards can wander for thousands of plies before rule 7 ends them, which
            // the reference's plain history list makes slow: those get a ply limit (the start
            // position games of every size run to their natural end instead).
            let limit = if i % 7 == 0 {
                Some(40)
            } else if w * h > 81 {
                Some(300)
            } else {
                None
            };
            run.game(
                &ming_mang(w, h, i % 16, limit),
                &mm::format(&board, side),
                5,
            );
        }
        let s = run.finish();
        at_least!(s: moves.corner_captures >= 30, moves.enchained_captures >= 30);
        // A piece converted on an edge was flanked along that edge (or round a corner), so the
        // way from it to any corner is closed by a friendly piece: enchained capture can never
        // continue round a corner. The reference must agree with that reasoning.
        assert_eq!(s.moves.enchained_corner_captures, 0, "{s:?}");
    }

    /// Dense random positions with enchained capture on (sometimes with the other options), where
    /// long chains of conversions happen.
    #[test]
    fn enchained_chains_in_dense_positions() {
        let mut run = Run::<MingMang>::new("enchained chains", 6);
        for i in 0..1500 {
            let rng = &mut run.rng;
            let (w, h) = (5 + rng.below(5), 5 + rng.below(5));
            let board = random_board(rng, w, h, [20, 35, 50][i % 3]);
            let side = either_side(rng);
            let bits = 1 | (rng.below(8) << 1);
            let limit = Some(20 + rng.below(40) as u32);
            run.game(&ming_mang(w, h, bits, limit), &mm::format(&board, side), 2);
        }
        let s = run.finish();
        at_least!(s: moves.enchained_captures >= 500);
    }

    /// Positions where one side has a single piece (so the last-piece leap comes up) and pieces
    /// crowd the edges (so captures round a corner come up).
    #[test]
    fn few_pieces_leaps_and_corners() {
        let mut run = Run::<MingMang>::new("few pieces", 5);
        for i in 0..1500 {
            let rng = &mut run.rng;
            let (w, h) = mostly_small_board(rng, i, 3);
            let lone = if rng.chance(1, 2) { Col::W } else { Col::B };
            let mine = 1 + rng.below(2);
            let theirs = 1 + rng.below(w + h);
            let board = sparse_board(rng, w, h, lone, mine, theirs);
            let side = if rng.chance(3, 4) { lone } else { lone.other() };
            // Leap always on; the other options vary.
            let bits = 8 | (i % 8);
            let limit = if i % 5 == 0 { Some(30) } else { None };
            run.game(&ming_mang(w, h, bits, limit), &mm::format(&board, side), 5);
        }
        let s = run.finish();
        at_least!(s: moves.leaps >= 100);
        // (A leap never captures more than the jumped piece: the mover's only other friendly
        // piece is the jumped one, right behind the landing square.)
        assert_eq!(s.moves.leaps_with_capture, 0, "{s:?}");
        at_least!(s: moves.corner_captures >= 50, rule7_bans >= 500);
    }

    /// Cramped small boards with only a few empty squares: pieces shuttle, rule 7 bans moves all
    /// the time, and sides lose because every move they have would repeat a position.
    #[test]
    fn cramped_boards_rule7_losses() {
        let mut run = Run::<MingMang>::new("cramped boards", 7);
        for i in 0..1500 {
            let rng = &mut run.rng;
            let (w, h) = [(4, 4), (4, 5), (5, 4), (5, 5)][i % 4];
            let mut board = random_board(rng, w, h, 0);
            for _ in 0..1 + rng.below(3) {
                board[rng.below(h)][rng.below(w)] = None;
            }
            let side = either_side(rng);
            let bits = rng.below(16) & !2;
            run.game(&ming_mang(w, h, bits, None), &mm::format(&board, side), 0);
        }
        let s = run.finish();
        at_least!(s: no_move_ends_by_rule7 >= 5, rule7_bans >= 500);
    }
}

/// The six relatives.
mod relatives {
    use super::*;

    /// A position reached by `plies` random moves from the start (fewer if the game would end).
    fn random_playout(v: Variant, rng: &mut Rng, plies: usize) -> String {
        let mut g = Game::new(engine_rules(&v.rules(None)).unwrap());
        random_opening(&mut g, plies, rng);
        fen(&g)
    }

    /// Puts `count` pieces `cell` on random empty squares (as many as fit).
    fn scatter(p: &mut Pos, rng: &mut Rng, cell: Cell, count: usize) {
        let n = p.n;
        for _ in 0..count {
            let empties: Vec<(usize, usize)> = p
                .squares()
                .into_iter()
                .filter(|&s| p.at(s) == Cell::Empty)
                .collect();
            if empties.is_empty() {
                return;
            }
            let s = empties[rng.below(empties.len())];
            debug_assert!(s.0 < n && s.1 < n);
            p.set(s, cell);
        }
    }

    /// A random valid position of `v` with about `white` and `black` men (kings, hunter and hands
    /// as the variant has them).
    fn random_position(v: Variant, rng: &mut Rng, white: usize, black: usize) -> String {
        let n = v.size();
        let side = either_side(rng);
        let mut p = Pos {
            n,
            board: vec![Cell::Empty; n * n],
            side,
            hand_w: 0,
            hand_b: 0,
        };
        match v {
            Variant::Makyek | Variant::Apitsodok => {
                scatter(&mut p, rng, Cell::Man(Col::W), white.min(16));
                scatter(&mut p, rng, Cell::Man(Col::B), black.min(16));
            }
            Variant::Rek | Variant::MinRekChanh => {
                // Now and then a side without its king (the spec allows it; it loses on its turn).
                for c in [Col::W, Col::B] {
                    if !rng.chance(1, 25) {
                        scatter(&mut p, rng, Cell::King(c), 1);
                    }
                }
                scatter(&mut p, rng, Cell::Man(Col::W), white.min(15));
                scatter(&mut p, rng, Cell::Man(Col::B), black.min(15));
            }
            Variant::Gala => {
                let w = white.min(13);
                let b = black.min(10);
                scatter(&mut p, rng, Cell::Man(Col::W), w);
                scatter(&mut p, rng, Cell::Man(Col::B), b);
                if rng.chance(1, 2) {
                    p.hand_w = rng.below(13 - w + 1) as u32;
                    p.hand_b = rng.below(10 - b + 1) as u32;
                }
            }
            Variant::Hunt => {
                if !rng.chance(1, 30) {
                    scatter(&mut p, rng, Cell::King(Col::B), 1);
                }
                scatter(&mut p, rng, Cell::Man(Col::W), white.min(16));
            }
        }
        rel::validate(v, &p).expect("generated positions are valid");
        rel::format(&p)
    }

    /// A position where one side has one or two pieces (its king or hunter among them
    /// where the variant has one) each in a corner, walled in by enemy pieces, sometimes with one
    /// free square to shuttle to; the opponent has a few more pieces elsewhere.
    fn pocket_position(v: Variant, rng: &mut Rng) -> String {
        let n = v.size();
        let side = if v == Variant::Hunt {
            Col::B
        } else if rng.chance(1, 2) {
            Col::W
        } else {
            Col::B
        };
        let mut p = Pos {
            n,
            board: vec![Cell::Empty; n * n],
            side,
            hand_w: 0,
            hand_b: 0,
        };
        let wall = if v == Variant::Hunt {
            Cell::Man(Col::W)
        } else {
            Cell::Man(side.other())
        };
        let m = n - 1;
        let corners = [(0, 0), (m, 0), (0, m), (m, m)];
        let first = rng.below(4);
        let count = if v == Variant::Hunt {
            1
        } else {
            1 + rng.below(2)
        };
        for k in 0..count {
            let (cf, cr) = corners[(first + 2 * k) % 4];
            let inward = |d: usize, c: usize| if c == 0 { d } else { c - d };
            let piece = if k == 0 && (v.has_kings() || v == Variant::Hunt) {
                Cell::King(side)
            } else {
                Cell::Man(side)
            };
            p.set((cf, cr), piece);
            // The pocket: the corner, and sometimes the square next to it along the rank.
            let open = rng.chance(1, 2);
            let walls: Vec<(usize, usize)> = if open {
                vec![
                    (cf, inward(1, cr)),
                    (inward(1, cf), inward(1, cr)),
                    (inward(2, cf), cr),
                ]
            } else {
                vec![(cf, inward(1, cr)), (inward(1, cf), cr)]
            };
            for w in walls {
                p.set(w, wall);
                // Behind each wall another, so the hunter cannot jump out.
                if v == Variant::Hunt {
                    let (df, dr) = (w.0 as i32 - cf as i32, w.1 as i32 - cr as i32);
                    let beyond = (w.0 as i32 + df.signum(), w.1 as i32 + dr.signum());
                    if beyond.0 >= 0 && beyond.1 >= 0 && beyond.0 < n as i32 && beyond.1 < n as i32
                    {
                        p.set((beyond.0 as usize, beyond.1 as usize), wall);
                    }
                    if open {
                        // The free square's own neighbours need backing too.
                        let next = (inward(1, cf), cr);
                        for w2 in [(next.0, inward(1, cr)), (inward(2, cf), cr)] {
                            let (df, dr) =
                                (w2.0 as i32 - next.0 as i32, w2.1 as i32 - next.1 as i32);
                            let b = (w2.0 as i32 + df, w2.1 as i32 + dr);
                            if b.0 >= 0 && b.1 >= 0 && b.0 < n as i32 && b.1 < n as i32 {
                                p.set((b.0 as usize, b.1 as usize), wall);
                            }
                        }
                    }
                }
            }
        }
        // The opponent's king, and a few more pieces of the opponent.
        if v.has_kings() {
            scatter(&mut p, rng, Cell::King(side.other()), 1);
        }
        let extra = rng.below(4);
        scatter(&mut p, rng, wall, extra);
        // Keep Gala within its supply.
        if v == Variant::Gala {
            while p.count(Col::B) > 10 || p.count(Col::W) > 13 {
                let s = p
                    .squares()
                    .into_iter()
                    .rev()
                    .find(|&s| p.at(s) == wall)
                    .unwrap();
                p.set(s, Cell::Empty);
            }
        }
        // Either the walled-in side moves first (and may be blocked at once), or its opponent
        // does: then moving a piece there and back makes the shuttling side's return repeat a
        // position, banned by rule 7.
        if rng.chance(1, 2) {
            p.side = side.other();
        }
        rel::validate(v, &p).expect("generated positions are valid");
        rel::format(&p)
    }

    /// Plays `games` games in `run`, the variants in turn: game `i` starts from the position
    /// (and with the ply limit) that `start` draws for it; `steer_percent` as for `Run::game`.
    fn every_variant_in_turn(
        run: &mut Run<Relatives>,
        games: usize,
        steer_percent: usize,
        mut start: impl FnMut(usize, Variant, &mut Rng) -> (String, Option<u32>),
    ) {
        for i in 0..games {
            let v = Variant::ALL[i % Variant::ALL.len()];
            let (fen, limit) = start(i, v, &mut run.rng);
            run.game(&v.rules(limit), &fen, steer_percent);
        }
    }

    /// Games from each variant's start position, most to their natural end, some with a ply limit.
    #[test]
    fn every_variant_from_the_start_position() {
        let mut run = Run::<Relatives>::new("start positions", 61);
        for v in Variant::ALL {
            for k in 0..12 {
                let limit = random_limit(k % 4 == 3, &mut run.rng, 20, 100);
                run.game(&v.rules(limit), v.start_fen(), 5);
            }
        }
        let s = run.finish();
        assert_eq!(s.games, 6 * 12);
        at_least!(s: moves.placements >= 200, moves.gala_moves >= 20, moves.custodian >= 50,
            moves.intervention >= 30, moves.enclosure >= 5, moves.hunter_jumps >= 2,
            ply_limit_ends >= 5);
    }

    /// Games from positions reached by random play from the start (a fresh game, so rule 7's
    /// history starts there), every variant.
    #[test]
    fn random_mid_game_positions() {
        let mut run = Run::<Relatives>::new("mid-game positions", 62);
        every_variant_in_turn(&mut run, 240, 5, |i, v, rng| {
            let plies = 5 + rng.below(60);
            let fen = random_playout(v, rng, plies);
            (fen, random_limit(i % 3 == 0, rng, 10, 60))
        });
        let s = run.finish();
        at_least!(s: moves.placements >= 50, moves.kings_captured >= 10, king_captured_ends >= 10,
            ply_limit_ends >= 10);
    }

    /// Random positions of every density (kings, hunter and hands included), either side to move.
    #[test]
    fn random_dense_positions() {
        let mut run = Run::<Relatives>::new("dense positions", 63);
        every_variant_in_turn(&mut run, 360, 5, |i, v, rng| {
            let (white, black) = (4 + rng.below(13), 4 + rng.below(13));
            let fen = random_position(v, rng, white, black);
            (fen, random_limit(i % 2 == 0, rng, 15, 50))
        });
        let s = run.finish();
        at_least!(s: moves.enclosure >= 20, moves.intervention >= 50, moves.overlaps >= 5,
            moves.long_lines >= 10, moves.king_diagonal_moves >= 20, moves.hunter_flanked >= 5);
    }

    /// Few pieces: jumps, flanked hunters, captured kings, too few men, no pieces, blocked sides
    /// and rule-7 losses.
    #[test]
    fn sparse_positions_and_every_end() {
        let mut run = Run::<Relatives>::new("sparse positions", 64);
        every_variant_in_turn(&mut run, 900, 5, |i, v, rng| {
            let (white, black) = if v == Variant::Hunt {
                (1 + rng.below(6), 0)
            } else {
                (rng.below(5), rng.below(5))
            };
            let fen = random_position(v, rng, white, black);
            let limit = if i % 5 == 0 {
                Some(10 + rng.below(40) as u32)
            } else {
                Some(150)
            };
            (fen, limit)
        });
        let s = run.finish();
        at_least!(s: moves.hunter_jumps >= 50, moves.hunter_flanked >= 10, king_captured_ends >= 50,
            too_few_men_ends >= 20, no_piece_ends >= 20, ply_limit_draws >= 5, rule7_bans >= 200);
    }

    /// Cramped positions: pieces shuttle, rule 7 bans moves all the time, and sides lose because
    /// every move they have would repeat a position.
    #[test]
    fn cramped_positions_rule7_losses() {
        let mut run = Run::<Relatives>::new("cramped positions", 65);
        for i in 0..300 {
            // The hunt and the Rek family: a hunter or king boxed in among many men.
            let v = [
                Variant::Hunt,
                Variant::MinRekChanh,
                Variant::Rek,
                Variant::Makyek,
            ][i % 4];
            let fen = random_position(v, &mut run.rng, 16, 16);
            run.game(&v.rules(None), &fen, 10);
        }
        let s = run.finish();
        at_least!(s: rule7_bans >= 100);
    }

    /// Sides walled into corners: blocked sides lose at once, shuttling sides lose when rule 7
    /// bans their last move.
    #[test]
    fn pockets_blocked_sides_and_rule7_losses() {
        let mut run = Run::<Relatives>::new("pockets", 67);
        every_variant_in_turn(&mut run, 600, 60, |i, v, rng| {
            let fen = pocket_position(v, rng);
            (fen, (i % 4 == 0).then_some(60))
        });
        let s = run.finish();
        at_least!(s: no_move_ends >= 50, no_move_ends_by_rule7 >= 10, rule7_bans >= 200);
    }

    /// The engine refuses exactly the positions the spec says it refuses.
    #[test]
    fn engine_refuses_what_the_spec_refuses() {
        let mut rng = Rng::new(66);
        let mut refused = 0;
        let mut checked = 0;
        let mut failures = Vec::new();
        for i in 0..3000 {
            let v = Variant::ALL[i % 6];
            // Any variant's pieces on any board size, with random hands.
            let n = [7, 8][rng.below(2)];
            let mut p = Pos {
                n,
                board: vec![Cell::Empty; n * n],
                side: if rng.chance(1, 2) { Col::W } else { Col::B },
                hand_w: 0,
                hand_b: 0,
            };
            let cells = [
                Cell::Man(Col::W),
                Cell::Man(Col::B),
                Cell::King(Col::W),
                Cell::King(Col::B),
            ];
            for cell in cells {
                let k = match cell {
                    Cell::King(_) => rng.below(3),
                    _ => rng.below(16),
                };
                scatter(&mut p, &mut rng, cell, k);
            }
            if rng.chance(1, 3) {
                p.hand_w = rng.below(14) as u32;
                p.hand_b = rng.below(11) as u32;
            }
            let fen = rel::format(&p);
            let reference = rel::validate(v, &p);
            let engine = engine_game(&v.rules(None), &fen);
            checked += 1;
            if reference.is_err() {
                refused += 1;
            }
            if reference.is_ok() != engine.is_ok() {
                failures.push(format!(
                    "{} {fen}: engine {:?}, reference {:?}",
                    v.name(),
                    engine.err(),
                    reference.err()
                ));
            }
        }
        println!("validation: {checked} checked, {refused} refused");
        assert!(refused > 100 && refused < checked);
        assert!(
            failures.is_empty(),
            "{} differ:\n{}",
            failures.len(),
            failures[..failures.len().min(5)].join("\n")
        );
    }
}
