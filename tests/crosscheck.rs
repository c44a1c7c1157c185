//! Random games played ply by ply in the engine and in the independent reference
//! implementation (`tests/common/reference.rs`), comparing after every ply: the position string,
//! the sorted list of legal moves, the outcome and the territory counts. Games run to their
//! natural end. Every board size from 4x4 to 19x19 (rectangles included) and every combination
//! of the four options is covered, from the start position, from random mid-game positions and
//! from positions with few pieces (so that leaps and corner captures really happen).

mod common;

use common::compare::report;

use common::reference::{self, Board, Col, Effects, Opts, RMove, ROutcome, RReason, RefGame};
use mingmang::rules::random::Rng;
use mingmang::rules::{
    format_position, parse_position, BoardSize, Color, EndReason, Game, GameKind, Outcome,
    RuleOptions, Rules,
};

/// What the games exercised, so the tests can insist that each rule really came up.
#[derive(Default, Debug, Clone)]
struct Stats {
    games: usize,
    plies: usize,
    leaps: usize,
    leaps_with_capture: usize,
    corner_captures: usize,
    enchained_captures: usize,
    enchained_corner_captures: usize,
    straight_captures: usize,
    rule7_bans: usize,
    passes: usize,
    territory_ends: usize,
    territory_draws: usize,
    ply_limit_ends: usize,
    no_piece_ends: usize,
    no_move_ends: usize,
    no_move_ends_by_rule7: usize,
    unmake_checks: usize,
    rejections_checked: usize,
}

/// The options numbered 0..16 by their four bits.
fn opts_from_bits(bits: usize, max_plies: Option<u32>) -> Opts {
    Opts {
        enchained: bits & 1 != 0,
        territory: bits & 2 != 0,
        corner: bits & 4 != 0,
        leap: bits & 8 != 0,
        max_plies,
    }
}

fn engine_rules(w: usize, h: usize, o: &Opts) -> Rules {
    Rules::build(
        GameKind::MingMang,
        BoardSize::new(w, h).unwrap(),
        RuleOptions {
            enchained_capture: o.enchained,
            territory: o.territory,
            corner_capture: o.corner,
            last_piece_leap: o.leap,
            max_plies: o.max_plies,
        },
    )
    .unwrap()
}

fn col(c: Color) -> Col {
    match c {
        Color::White => Col::W,
        Color::Black => Col::B,
    }
}

fn reason(r: EndReason) -> RReason {
    match r {
        EndReason::NoLegalMove => RReason::NoLegalMove,
        EndReason::NoPieces => RReason::NoPieces,
        EndReason::PlyLimit => RReason::PlyLimit,
        EndReason::Territory { white, black } => RReason::Territory { white, black },
        other => panic!("Ming Mang never ends by {other:?}"),
    }
}

fn outcome(o: Outcome) -> ROutcome {
    match o {
        Outcome::Ongoing => ROutcome::Ongoing,
        Outcome::Win(c, r) => ROutcome::Win(col(c), reason(r)),
        Outcome::Draw(r) => ROutcome::Draw(reason(r)),
    }
}

fn engine_moves(g: &Game) -> Vec<String> {
    let mut v: Vec<String> = g.legal_moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Plays one game to its end in both implementations, comparing every ply. Returns the first
/// difference found, with everything needed to reproduce it.
fn play_game(
    start: &str,
    opts: Opts,
    rng: &mut Rng,
    pass_percent: usize,
    stats: &mut Stats,
) -> Result<(), String> {
    let (board, side) = reference::parse(start).unwrap();
    let (w, h) = (reference::width(&board), reference::height(&board));
    let mut rg = RefGame::from_board(board, side, opts);
    let position = parse_position(start).unwrap();
    let mut fast = Game::from_position(engine_rules(w, h, &opts), position)
        .unwrap_or_else(|e| panic!("engine refused {start}: {e}"));
    let mut played: Vec<String> = Vec::new();
    let ctx = |played: &[String]| {
        format!(
            "size {w}x{h} options {opts:?}\nstart {start}\nmoves {}",
            played.join(" ")
        )
    };
    stats.games += 1;
    loop {
        let fen = rg.fen();
        same!(
            format_position(fast.position()),
            fen,
            "position differs ({})\n{}",
            square_diff(&format_position(fast.position()), &fen),
            ctx(&played)
        );
        let allowed = rg.allowed_with_effects();
        let ref_moves = rg.legal_strings();
        same!(
            engine_moves(&fast),
            ref_moves,
            "legal moves differ at {fen}\n{}",
            ctx(&played)
        );
        let ro = rg.outcome();
        same!(
            outcome(fast.outcome()),
            ro,
            "outcome differs at {fen}\n{}",
            ctx(&played)
        );
        if reference::count(&rg.board, Col::W) > 0 && reference::count(&rg.board, Col::B) > 0 {
            same!(
                fast.territory(),
                rg.territory(),
                "territory differs at {fen}\n{}",
                ctx(&played)
            );
        }
        let pseudo = reference::pseudo_moves(&rg.board, &rg.opts, rg.side);
        match ro {
            ROutcome::Ongoing => {}
            ROutcome::Win(_, r) | ROutcome::Draw(r) => {
                match r {
                    RReason::Territory { .. } => stats.territory_ends += 1,
                    RReason::PlyLimit => stats.ply_limit_ends += 1,
                    RReason::NoPieces => stats.no_piece_ends += 1,
                    RReason::NoLegalMove => {
                        stats.no_move_ends += 1;
                        if !pseudo.is_empty() {
                            stats.no_move_ends_by_rule7 += 1;
                        }
                    }
                }
                if matches!(ro, ROutcome::Draw(RReason::Territory { .. })) {
                    stats.territory_draws += 1;
                }
                return Ok(());
            }
        }
        stats.rule7_bans += pseudo.len() - allowed.len();
        let legal: Vec<RMove> = allowed.iter().map(|(m, _)| *m).collect();
        // Moves banned by rule 7 must be refused by the engine's parser, and a random pair of
        // squares must be accepted exactly when the reference lists it.
        for banned in pseudo.iter().filter(|m| !legal.contains(m)) {
            let text = banned.to_string();
            if fast.parse_move(&text).is_ok() {
                return Err(format!(
                    "engine accepts {text}, banned by rule 7, at {fen}\n{}",
                    ctx(&played)
                ));
            }
            stats.rejections_checked += 1;
        }
        if rng.chance(1, 4) {
            let sq = |rng: &mut Rng| {
                format!(
                    "{}{}",
                    (b'a' + rng.below(w) as u8) as char,
                    rng.below(h) + 1
                )
            };
            let text = format!("{}{}", sq(rng), sq(rng));
            let listed = ref_moves.contains(&text);
            if fast.parse_move(&text).is_ok() != listed {
                return Err(format!(
                    "engine parse_move({text}) disagrees (reference lists it: {listed}) at {fen}\n{}",
                    ctx(&played)
                ));
            }
            stats.rejections_checked += 1;
        }
        // Now and then, check that the engine's make/unmake of some other move restores the
        // position and that the move leads where the reference says.
        if rng.chance(1, 8) {
            let other = legal[rng.below(legal.len())];
            let text = other.to_string();
            let mv = fast
                .parse_move(&text)
                .map_err(|e| format!("engine refused {text}: {e}\n{}", ctx(&played)))?;
            fast.make(mv);
            let (b, _) = reference::apply(&rg.board, &rg.opts, rg.side, other);
            same!(
                format_position(fast.position()),
                reference::format(&b, rg.side.other()),
                "make {text} differs at {fen}\n{}",
                ctx(&played)
            );
            if !fast.unmake() {
                return Err(format!("unmake {text} failed\n{}", ctx(&played)));
            }
            same!(
                format_position(fast.position()),
                fen,
                "unmake {text}\n{}",
                ctx(&played)
            );
            stats.unmake_checks += 1;
        }
        // Mostly greedy for captures, so that games reach their natural end sooner.
        let capturing: Vec<RMove> = allowed
            .iter()
            .filter(|(_, fx)| fx.converted > 0)
            .map(|(m, _)| *m)
            .collect();
        let mv = if legal.contains(&RMove::Pass) && rng.below(100) < pass_percent {
            RMove::Pass
        } else if !capturing.is_empty() && rng.chance(3, 4) {
            capturing[rng.below(capturing.len())]
        } else {
            legal[rng.below(legal.len())]
        };
        let text = mv.to_string();
        let fx: Effects = rg.play(mv);
        fast.play_text(&text)
            .map_err(|e| format!("engine refused {text}: {e}\n{}", ctx(&played)))?;
        played.push(text);
        stats.plies += 1;
        if mv == RMove::Pass {
            stats.passes += 1;
        }
        if fx.leap {
            stats.leaps += 1;
            if fx.converted > 1 || fx.enchained > 0 {
                stats.leaps_with_capture += 1;
            }
        }
        stats.straight_captures += usize::from(fx.straight > 0);
        stats.corner_captures += usize::from(fx.corner > 0);
        stats.enchained_captures += usize::from(fx.enchained > 0);
        stats.enchained_corner_captures += usize::from(fx.enchained_corner > 0);
    }
}

/// The squares where two position strings of one board differ, as `square engine/reference`.
fn square_diff(engine: &str, reference: &str) -> String {
    let (Ok((a, _)), Ok((b, _))) = (reference::parse(engine), reference::parse(reference)) else {
        return "unreadable".into();
    };
    let show = |p: Option<Col>| p.map_or('.', Col::letter);
    let mut out = Vec::new();
    for r in 0..a.len().min(b.len()) {
        for f in 0..a[r].len().min(b[r].len()) {
            if a[r][f] != b[r][f] {
                let name = format!("{}{}", (b'a' + f as u8) as char, r + 1);
                out.push(format!("{name} {}/{}", show(a[r][f]), show(b[r][f])));
            }
        }
    }
    format!("engine/reference: {}", out.join(", "))
}

fn start_fen(w: usize, h: usize) -> String {
    reference::format(&reference::start_board(w, h), Col::W)
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
fn sparse_board(rng: &mut Rng, w: usize, h: usize, lone: Col, mine: usize, theirs: usize) -> Board {
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
    let t = std::time::Instant::now();
    let mut stats = Stats::default();
    let mut failures: Vec<String> = Vec::new();
    let mut rng = Rng::new(1);
    for w in 4..=19 {
        for h in 4..=19 {
            let bits = (w * 7 + h * 3) % 16;
            let limit = if (w + h) % 5 == 0 { Some(150) } else { None };
            if let Err(e) = play_game(
                &start_fen(w, h),
                opts_from_bits(bits, limit),
                &mut rng,
                3,
                &mut stats,
            ) {
                failures.push(e);
            }
        }
    }
    report("every size", &stats, stats.games, t, &failures);
    assert_eq!(stats.games, 256);
    assert!(stats.no_piece_ends + stats.no_move_ends > 50, "{stats:?}");
}

/// Many games on small boards (squares and rectangles) with all 16 option combinations.
#[test]
fn small_boards_all_option_combinations() {
    let t = std::time::Instant::now();
    let mut stats = Stats::default();
    let mut failures: Vec<String> = Vec::new();
    let mut rng = Rng::new(2);
    let sizes = [
        (4, 4),
        (4, 5),
        (5, 4),
        (5, 5),
        (4, 7),
        (6, 4),
        (6, 6),
        (5, 7),
        (7, 5),
        (8, 8),
    ];
    for round in 0..8 {
        for &(w, h) in &sizes {
            for bits in 0..16 {
                let limit = if round % 4 == 3 {
                    Some(10 + rng.below(60) as u32)
                } else {
                    None
                };
                let pass = if round % 2 == 0 { 2 } else { 20 };
                if let Err(e) = play_game(
                    &start_fen(w, h),
                    opts_from_bits(bits, limit),
                    &mut rng,
                    pass,
                    &mut stats,
                ) {
                    failures.push(e);
                }
            }
        }
    }
    report("small boards", &stats, stats.games, t, &failures);
    assert_eq!(stats.games, 8 * 10 * 16);
    assert!(stats.territory_ends >= 50, "{stats:?}");
    assert!(stats.ply_limit_ends >= 50, "{stats:?}");
    assert!(stats.enchained_captures >= 50, "{stats:?}");
    assert!(stats.corner_captures >= 20, "{stats:?}");
    assert!(stats.rule7_bans >= 100, "{stats:?}");
}

/// Larger boards, including the traditional rectangles and the Go board.
#[test]
fn large_boards() {
    let t = std::time::Instant::now();
    let mut stats = Stats::default();
    let mut failures: Vec<String> = Vec::new();
    let mut rng = Rng::new(3);
    let sizes = [
        (9, 9),
        (11, 5),
        (17, 18),
        (17, 17),
        (19, 19),
        (12, 16),
        (19, 4),
    ];
    for (i, &(w, h)) in sizes.iter().enumerate() {
        for k in 0..4 {
            let bits = (i * 5 + k * 3) % 16;
            if let Err(e) = play_game(
                &start_fen(w, h),
                opts_from_bits(bits, None),
                &mut rng,
                2,
                &mut stats,
            ) {
                failures.push(e);
            }
        }
    }
    report("large boards", &stats, stats.games, t, &failures);
    assert_eq!(stats.games, 28);
}

/// Games from random mid-game positions of every density, either side to move.
#[test]
fn random_mid_game_positions() {
    let t = std::time::Instant::now();
    let mut stats = Stats::default();
    let mut failures: Vec<String> = Vec::new();
    let mut rng = Rng::new(4);
    for i in 0..1200 {
        let (w, h) = if i % 10 == 0 {
            (4 + rng.below(16), 4 + rng.below(16))
        } else {
            (4 + rng.below(5), 4 + rng.below(5))
        };
        let empty = [30, 50, 70, 85][i % 4];
        let board = random_board(&mut rng, w, h, empty);
        let side = if rng.chance(1, 2) { Col::W } else { Col::B };
        let fen = reference::format(&board, side);
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
        if let Err(e) = play_game(&fen, opts_from_bits(i % 16, limit), &mut rng, 5, &mut stats) {
            failures.push(e);
        }
    }
    report("random positions", &stats, stats.games, t, &failures);
    assert!(stats.corner_captures >= 30, "{stats:?}");
    assert!(stats.enchained_captures >= 30, "{stats:?}");
    // A piece converted on an edge was flanked along that edge (or round a corner), so the
    // way from it to any corner is closed by a friendly piece: enchained capture can never
    // continue round a corner. The reference must agree with that reasoning.
    assert_eq!(stats.enchained_corner_captures, 0, "{stats:?}");
}

/// Dense random positions with enchained capture on (sometimes with the other options), where
/// long chains of conversions happen.
#[test]
fn enchained_chains_in_dense_positions() {
    let t = std::time::Instant::now();
    let mut stats = Stats::default();
    let mut failures: Vec<String> = Vec::new();
    let mut rng = Rng::new(6);
    for i in 0..1500 {
        let (w, h) = (5 + rng.below(5), 5 + rng.below(5));
        let board = random_board(&mut rng, w, h, [20, 35, 50][i % 3]);
        let side = if rng.chance(1, 2) { Col::W } else { Col::B };
        let fen = reference::format(&board, side);
        let bits = 1 | (rng.below(8) << 1);
        let limit = Some(20 + rng.below(40) as u32);
        if let Err(e) = play_game(&fen, opts_from_bits(bits, limit), &mut rng, 2, &mut stats) {
            failures.push(e);
        }
    }
    report("enchained chains", &stats, stats.games, t, &failures);
    assert!(stats.enchained_captures >= 500, "{stats:?}");
}

/// Positions where one side has a single piece (so the last-piece leap comes up) and pieces
/// crowd the edges (so captures round a corner come up).
#[test]
fn few_pieces_leaps_and_corners() {
    let t = std::time::Instant::now();
    let mut stats = Stats::default();
    let mut failures: Vec<String> = Vec::new();
    let mut rng = Rng::new(5);
    for i in 0..1500 {
        let (w, h) = if i % 10 == 0 {
            (4 + rng.below(16), 4 + rng.below(16))
        } else {
            (4 + rng.below(3), 4 + rng.below(3))
        };
        let lone = if rng.chance(1, 2) { Col::W } else { Col::B };
        let mine = 1 + rng.below(2);
        let theirs = 1 + rng.below(w + h);
        let board = sparse_board(&mut rng, w, h, lone, mine, theirs);
        let side = if rng.chance(3, 4) { lone } else { lone.other() };
        let fen = reference::format(&board, side);
        // Leap always on; the other options vary.
        let bits = 8 | (i % 8);
        let limit = if i % 5 == 0 { Some(30) } else { None };
        if let Err(e) = play_game(&fen, opts_from_bits(bits, limit), &mut rng, 5, &mut stats) {
            failures.push(e);
        }
    }
    report("few pieces", &stats, stats.games, t, &failures);
    assert!(stats.leaps >= 100, "{stats:?}");
    // (A leap never captures more than the jumped piece: the mover's only other friendly
    // piece is the jumped one, right behind the landing square.)
    assert_eq!(stats.leaps_with_capture, 0, "{stats:?}");
    assert!(stats.corner_captures >= 50, "{stats:?}");
    assert!(stats.rule7_bans >= 500, "{stats:?}");
}

/// Cramped small boards with only a few empty squares: pieces shuttle, rule 7 bans moves all
/// the time, and sides lose because every move they have would repeat a position.
#[test]
fn cramped_boards_rule7_losses() {
    let t = std::time::Instant::now();
    let mut stats = Stats::default();
    let mut failures: Vec<String> = Vec::new();
    let mut rng = Rng::new(7);
    for i in 0..1500 {
        let (w, h) = [(4, 4), (4, 5), (5, 4), (5, 5)][i % 4];
        let mut board = random_board(&mut rng, w, h, 0);
        for _ in 0..1 + rng.below(3) {
            board[rng.below(h)][rng.below(w)] = None;
        }
        let side = if rng.chance(1, 2) { Col::W } else { Col::B };
        let fen = reference::format(&board, side);
        let bits = rng.below(16) & !2;
        if let Err(e) = play_game(&fen, opts_from_bits(bits, None), &mut rng, 0, &mut stats) {
            failures.push(e);
        }
    }
    report("cramped boards", &stats, stats.games, t, &failures);
    assert!(stats.no_move_ends_by_rule7 >= 5, "{stats:?}");
    assert!(stats.rule7_bans >= 500, "{stats:?}");
}
