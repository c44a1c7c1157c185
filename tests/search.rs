//! Search tests: forced results at the right depth, rule 7 inside the search, legality, stop,
//! determinism, and strength against simple movers. Meant to run in release (`cargo test
//! --release --test search`); the `#[ignore]`d ones are the A/B match harness and measurements.

mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::binary::HANG_BOUND;
use common::driven::{driven_search, driven_search_polled, HandClock, OVERHEAD, TICK};
use common::search::{
    engine_at_depth, env_or, search_limited_by, search_to_depth as search_with, NO_PRUNING as OFF,
};
use mingmang::rules::random::{random_opening, Rng};
use mingmang::rules::{parse_position, BoardSize, Game, Move, Outcome, RuleOptions, Rules};
use mingmang::search::eval::network::NetworkChoice;
use mingmang::search::{
    Clock, Control, Limits, Score, SearchConfig, SearchInfo, SearchOptions, SearchResult, Searcher,
};
use mingmang::selfplay::{
    play_match, EnginePlayer, GreedyPlayer, MatchResult, MoveChooser, RandomPlayer,
};

const MATE: i32 = 1_000;

fn search(game: &Game, depth: u32) -> SearchResult {
    search_with(game, depth, SearchConfig::default())
}

fn game_from(text: &str, rules: Rules) -> Game {
    let pos = parse_position(text).unwrap();
    let rules = rules.with_size(pos.size()).unwrap();
    Game::from_position(rules, pos).unwrap()
}

fn mv(game: &Game, text: &str) -> Move {
    game.parse_move(text).unwrap()
}

/// Plain minimax to `depth` with no pruning: `MATE - ply` for a forced win within the depth,
/// `-(MATE - ply)` for a forced loss, 0 otherwise.
fn solve(game: &mut Game, depth: u32, ply: i32) -> i32 {
    match game.outcome() {
        Outcome::Win(c, _) if c == game.side_to_move() => return MATE - ply,
        Outcome::Win(_, _) => return -(MATE - ply),
        Outcome::Draw(_) => return 0,
        Outcome::Ongoing => {}
    }
    if depth == 0 {
        return 0;
    }
    let mut best = -MATE;
    for m in game.legal_moves() {
        game.make(m);
        let v = -solve(game, depth - 1, ply + 1);
        game.unmake();
        best = best.max(v);
    }
    best
}

fn mate_plies(v: i32) -> Option<i32> {
    if v > MATE / 2 {
        Some(MATE - v)
    } else if v < -MATE / 2 {
        Some(-(MATE + v))
    } else {
        None
    }
}

#[test]
fn mate_in_one_by_blocking_the_last_piece() {
    // Black's corner piece on d4 is shut in once White's d1 piece reaches d3.
    let game = game_from("2wb/4/4/3w w", Rules::default());
    for depth in [1, 2, 4] {
        let r = search(&game, depth);
        assert_eq!(r.best, Some(mv(&game, "d1d3")), "depth {depth}");
        assert_eq!(r.score, Score::Mate(1), "depth {depth}");
    }
}

#[test]
fn forced_results_match_a_brute_force_solver() {
    // Random small-board positions: wherever plain minimax finds a forced result within four
    // plies, the search reports the same distance at that depth with pruning off, and with
    // everything on a little deeper.
    let mut rng = Rng::new(7);
    let mut checked = 0;
    for i in 0..400 {
        let n = 4 + (i % 2);
        let mut game = Game::new(Rules::new(BoardSize::new(n, n).unwrap()));
        random_opening(&mut game, 6 + rng.below(30), &mut rng);
        if game.outcome().is_over() {
            continue;
        }
        let v = solve(&mut game.clone(), 4, 0);
        let Some(plies) = mate_plies(v) else { continue };
        let depth = plies.unsigned_abs().max(1);
        let expected = Score::Mate(plies);
        assert_eq!(
            search_with(&game, depth, OFF).score,
            expected,
            "{:?}",
            game.position()
        );
        let r = search(&game, depth + 2);
        assert_eq!(r.score, expected, "{:?}", game.position());
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} forced positions");
}

#[test]
fn territory_and_ply_limit_results_are_scored() {
    let territory = Rules::default()
        .with_options(mingmang::rules::RuleOptions {
            territory: true,
            ..Default::default()
        })
        .expect("valid rules");
    // Black is walled into its corner; it can only pass, and White's answering pass ends the
    // game with White owning the board.
    let game = game_from("2wb/2ww/4/4 b", territory);
    let r = search(&game, 4);
    assert_eq!(r.best, Some(Move::PASS));
    assert_eq!(r.score, Score::Mate(-2));

    let limited = Rules::default()
        .with_options(mingmang::rules::RuleOptions {
            max_plies: Some(1),
            ..Default::default()
        })
        .expect("valid rules");
    let game = game_from("2wb/2ww/4/w3 w", limited);
    assert_eq!(search(&game, 3).score, Score::Mate(1));
    let level = game_from("b3/4/4/w3 w", limited);
    assert_eq!(search(&level, 3).score, Score::Cp(0));
}

/// Plays `moves` from `start` on a 4x4 board.
fn play(start: &str, moves: &str) -> Game {
    let mut game = game_from(start, Rules::default());
    for m in moves.split_whitespace() {
        game.play_text(m).unwrap();
    }
    game
}

#[test]
fn the_ban_decides_the_game() {
    // Black's corner piece on d4 has one way out, d4d3. After 1. a1a2 d3d4 2. a2a1 that move
    // would recreate the start, so Black has no legal move and loses: 2. a2a1 wins at once
    // only because of rule 7 (2. d2d3, shutting d4 in, also wins).
    let start = "2w1/3b/3w/w3 w";
    let game = play(start, "a1a2 d3d4");
    let r = search(&game, 3);
    assert_eq!(r.score, Score::Mate(1));
    let mut after = game.clone();
    after.make(mv(&game, "a2a1"));
    assert_eq!(
        after.outcome(),
        Outcome::Win(
            mingmang::rules::Color::White,
            mingmang::rules::EndReason::NoLegalMove
        )
    );
    // The same board without the history: a2a1 is no longer winning at once.
    let fresh = Game::from_position(*game.rules(), game.position().clone()).unwrap();
    let mut after = fresh.clone();
    after.make(mv(&fresh, "a2a1"));
    assert!(!after.outcome().is_over());
    // Black to move with every move banned: the search sees the loss.
    let lost = after_moves(start, "a1a2 d3d4 a2a1");
    assert_eq!(search(&lost, 2).best, None);
}

fn after_moves(start: &str, moves: &str) -> Game {
    play(start, moves)
}

#[test]
fn the_ban_changes_results_and_moves() {
    // Random small-board games: wherever the forced result within three plies differs between
    // the real game and the same board without history, rule 7 decides it. The search must
    // agree with the solver that knows the history, and its move must be legal there.
    let mut rng = Rng::new(21);
    let mut found = 0;
    let mut moves_differ = 0;
    for i in 0..300 {
        let n = 4 + (i % 2);
        let mut game = Game::new(Rules::new(BoardSize::new(n, n).unwrap()));
        // Shuffle-heavy openings: half the moves undo the mover's previous move when allowed.
        let plies = 6 + rng.below(24);
        let mut last: [Option<Move>; 2] = [None, None];
        for p in 0..plies {
            let legal = game.legal_moves();
            if legal.is_empty() || game.outcome().is_over() {
                break;
            }
            let undo = last[p % 2]
                .map(|m| Move::slide(m.to(), m.from()))
                .filter(|m| legal.contains(m));
            let m = match undo {
                Some(u) if rng.below(2) == 0 => u,
                _ => legal[rng.below(legal.len())],
            };
            last[p % 2] = Some(m);
            game.make(m);
            if p >= 3 && !game.outcome().is_over() && found < 40 {
                check(&game, &mut found, &mut moves_differ);
            }
        }
    }
    println!("ban decides {found} positions, best move differs in {moves_differ}");
    assert!(found >= 5, "only {found} positions where the ban decides");
    assert!(moves_differ >= 1);
}

#[test]
fn never_an_illegal_move() {
    let mut rng = Rng::new(99);
    for i in 0..120 {
        let n = [4, 5, 6, 8, 9, 12, 19][i % 7];
        let options = RuleOptions {
            territory: i % 5 == 1,
            enchained_capture: i % 7 == 2,
            corner_capture: i % 6 == 3,
            last_piece_leap: i % 4 == 0,
            max_plies: None,
        };
        let rules = Rules::new(BoardSize::new(n, n).unwrap())
            .with_options(options)
            .unwrap();
        let mut game = Game::new(rules);
        random_opening(&mut game, rng.below(60), &mut rng);
        let depth = if n > 9 { 2 } else { 3 };
        let r = search(&game, depth);
        match r.best {
            Some(m) => assert!(game.is_legal(m), "{m} in {:?}", game.position()),
            None => assert!(game.legal_moves().is_empty()),
        }
        for (k, &m) in r.pv.iter().enumerate() {
            assert!(game.is_legal(m), "pv move {k} {m} illegal");
            game.make(m);
        }
    }
}

/// An unbounded search of the `n`x`n` start on the driven clock, whose poll, once the clock
/// reads `at`, says stop itself (`by_poll`) or sets the stop flag, as a front end does.
fn stopped_at(n: usize, at: Duration, by_poll: bool) -> SearchResult {
    let game = Game::new(Rules::new(BoardSize::new(n, n).unwrap()));
    let mut poll = |clock: &HandClock, stop: &AtomicBool| {
        let due = clock.now() >= at;
        if due && !by_poll {
            stop.store(true, Ordering::Relaxed);
        }
        due && by_poll
    };
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let options = SearchOptions::default();
    let mut searcher = Searcher::new(16);
    driven_search_polled(
        &mut searcher,
        &game,
        &limits,
        &options,
        &mut poll,
        &mut |_| {},
    )
}

#[test]
fn stop_is_honoured_at_the_next_poll() {
    // The stop flag set 200 ms into an unbounded search (on the driven clock) ends it at the
    // next poll: within one poll interval of nodes of the search the poll itself stops at the
    // same moment, and within one tick of the clock.
    use mingmang::search::worker::POLL_INTERVAL;
    let at = Duration::from_millis(200);
    for n in [8, 19] {
        let by_poll = stopped_at(n, at, true);
        let by_flag = stopped_at(n, at, false);
        assert!(by_flag.best.is_some(), "{n}x{n}");
        assert!(by_flag.time <= at + TICK, "{n}x{n}: {:?}", by_flag.time);
        let (stopped, flagged) = (by_poll.nodes, by_flag.nodes);
        assert!(
            (stopped..=stopped + POLL_INTERVAL).contains(&flagged),
            "{n}x{n}: {flagged} nodes against {stopped} when the poll stopped it"
        );
    }
}

#[test]
fn stop_from_another_thread_ends_an_unbounded_search() {
    // The flag set from another thread, as the protocol's reader does, on the system's
    // clock: the search answers (how soon is a benchmark's measure; within the hang bound
    // here).
    for n in [8, 19] {
        let game = Game::new(Rules::new(BoardSize::new(n, n).unwrap()));
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut s = Searcher::new(16);
            let limits = Limits {
                infinite: true,
                ..Limits::default()
            };
            let options = SearchOptions::default();
            let r = s.search(&game, &limits, &options, &flag, &mut |_| {});
            let _ = tx.send((r, Instant::now()));
        });
        std::thread::sleep(Duration::from_millis(200));
        let set = Instant::now();
        stop.store(true, Ordering::Relaxed);
        let (r, done) = rx
            .recv_timeout(HANG_BOUND)
            .unwrap_or_else(|_| panic!("{n}x{n}: not stopped within {HANG_BOUND:?}"));
        assert!(r.best.is_some());
        eprintln!("{n}x{n}: stopped {:?} after the flag", done - set);
    }
}

#[test]
fn fixed_depth_is_deterministic() {
    let mut rng = Rng::new(5);
    let mut game = Game::new(Rules::default());
    random_opening(&mut game, 12, &mut rng);
    let a = search(&game, 6);
    let b = search(&game, 6);
    assert_eq!(
        (a.best, a.score, a.nodes, &a.pv),
        (b.best, b.score, b.nodes, &b.pv)
    );
}

/// Searches `game` to at most `nodes` nodes on one thread with `config`, with the
/// hand-written evaluation.
fn search_nodes(game: &Game, nodes: u64, config: SearchConfig) -> (SearchResult, Vec<SearchInfo>) {
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let hand = NetworkChoice {
        enabled: false,
        loaded: None,
    };
    search_limited_by(game, &limits, config, hand)
}

#[test]
fn an_interrupted_iteration_keeps_a_move_that_beat_the_best() {
    // The hand-written evaluation, whose searches change their minds often enough between
    // iterations to exercise the switch both ways on these openings.
    // Node limits that cut iterations at many points, over a few openings, each searched with
    // and without the switch (one thread, so the two walk the same tree until the cut). Without
    // it the last completed iteration decides. With it, the search is the same; either it
    // plays the same move, or it plays a move that beat that one in the interrupted iteration,
    // reported one ply deeper with its line; the move played is always the last line reported.
    let on = SearchConfig::default();
    let off = SearchConfig {
        partial_iteration: false,
        ..on
    };
    assert!(on.partial_iteration);
    let (mut cuts, mut kept) = (0, 0);
    for seed in 1..=5 {
        let mut rng = Rng::new(seed);
        let mut game = Game::new(Rules::default());
        random_opening(&mut game, 10, &mut rng);
        for nodes in (400..6000).step_by(300) {
            let (r_off, i_off) = search_nodes(&game, nodes, off);
            let (r_on, i_on) = search_nodes(&game, nodes, on);
            let at = format!("seed {seed}, {nodes} nodes");
            assert_eq!(r_on.nodes, r_off.nodes, "{at}: the same tree");
            let last = i_on.last().expect("depth 1 always completes");
            assert_eq!((Some(last.pv[0]), &last.pv), (r_on.best, &r_on.pv), "{at}");
            let completed = i_off.last().expect("depth 1 always completes");
            let key = |i: &SearchInfo| (i.depth, i.score, i.nodes, i.pv.clone());
            let same: Vec<_> = i_on.iter().take(i_off.len()).map(key).collect();
            assert_eq!(same, i_off.iter().map(key).collect::<Vec<_>>(), "{at}");
            cuts += 1;
            if r_on.best == r_off.best {
                assert_eq!(i_on.len(), i_off.len(), "{at}");
            } else {
                assert_eq!(i_on.len(), i_off.len() + 1, "{at}: one more report");
                assert_eq!(last.depth, completed.depth + 1, "{at}");
                assert!(last.pv.len() >= 2, "{at}: the line of the deeper search");
                kept += 1;
            }
        }
    }
    assert!(
        kept > 0 && kept < cuts,
        "{kept} of {cuts} cuts changed the move"
    );
    eprintln!("{kept} of {cuts} cuts changed the move");
}

#[test]
fn reports_every_field() {
    let game = Game::new(Rules::default());
    let mut s = Searcher::new(4);
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let options = SearchOptions {
        multi_pv: 3,
        threads: 2,
        ..SearchOptions::default()
    };
    let mut infos = Vec::new();
    let r = s.search(
        &game,
        &limits,
        &options,
        &AtomicBool::new(false),
        &mut |i| infos.push(i.clone()),
    );
    assert!(r.best.is_some());
    let last: Vec<_> = infos.iter().filter(|i| i.depth == 4).collect();
    assert_eq!(last.len(), 3);
    assert_eq!(
        last.iter().map(|i| i.multipv).collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
    let firsts: Vec<Move> = last.iter().map(|i| i.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    assert!(last
        .iter()
        .all(|i| i.nodes > 0 && i.seldepth >= 4 && i.hashfull <= 1000));
}

#[test]
fn movetime_is_respected() {
    // On the driven clock a move time is spent whole less the overhead kept for the
    // communication, and not a poll more: 150 ms on 19x19 answers at 120 ms.
    let game = Game::new(Rules::new(BoardSize::new(19, 19).unwrap()));
    let move_time = Duration::from_millis(150);
    let limits = Limits {
        move_time: Some(move_time),
        ..Limits::default()
    };
    let options = SearchOptions::default();
    assert_eq!(options.move_overhead, OVERHEAD);
    let r = driven_search(
        &mut Searcher::new(16),
        &game,
        &limits,
        &options,
        &mut |_| {},
    );
    assert!(r.best.is_some());
    let budget = move_time - OVERHEAD;
    assert!(r.time >= budget && r.time <= budget + TICK, "{:?}", r.time);
}

/// A byo-yomi period, as GTP's `time_left w 2 1` gives it (two seconds for one stone), is
/// answered before it is over, with the overhead and the reserve kept, on the driven clock.
#[test]
fn a_byo_yomi_period_lasts_for_its_stone() {
    use mingmang::search::time::STALL_RESERVE;
    let period = Duration::from_secs(2);
    let limits = Limits {
        clock: Some(Clock {
            time: [Some(period), None],
            increment: [Duration::ZERO; 2],
            moves_to_go: Some(1),
        }),
        ..Limits::default()
    };
    let game = Game::new(Rules::default());
    let options = SearchOptions::default();
    let r = driven_search(&mut Searcher::new(4), &game, &limits, &options, &mut |_| {});
    assert!(r.best.is_some());
    assert!(r.time + OVERHEAD + STALL_RESERVE <= period, "{:?}", r.time);
}

fn limited_rules() -> Rules {
    Rules::default().with_max_plies(Some(80))
}

/// Ten pairs of games at depth 2 against `opponent` (the match seeded with `match_seed`, each
/// game's opponent with the next number after `seed`): the engine must win at least 19 of 20.
fn beats(match_seed: u64, mut seed: u64, opponent: fn(Rng) -> Box<dyn MoveChooser>) {
    let r = play_match(
        limited_rules(),
        10,
        4,
        match_seed,
        &mut || engine_at_depth(2, SearchConfig::default()),
        &mut || {
            seed += 1;
            opponent(Rng::new(seed))
        },
    );
    assert!(r.wins >= 19, "{r:?}");
}

#[test]
fn beats_a_random_mover() {
    beats(11, 0, |rng| Box::new(RandomPlayer(rng)));
}

#[test]
fn beats_a_greedy_mover() {
    beats(12, 100, |rng| Box::new(GreedyPlayer(rng)));
}

/// A/B match: the default search against the same search with one technique flipped (off
/// if it is on by default, on if off) or other evaluation weights.
/// `AB_FEATURE` = lmr | futility | late_move_pruning | aspiration | root_lmr | qsearch_tt |
/// reverse_futility | weights,
/// `AB_PAIRS` (default 20), `AB_NODES` per move (default 10000), `AB_SIZE` (default 8),
/// `AB_OPENING` random plies before the engines take over (default 6), `AB_SEED`.
#[test]
#[ignore]
fn ab_match() {
    let env = |k: &str, d: u64| env_or(k, d);
    let feature = std::env::var("AB_FEATURE").unwrap_or_else(|_| "lmr".into());
    let pairs = env("AB_PAIRS", 20) as u32;
    let nodes = env("AB_NODES", 10_000);
    let size = env("AB_SIZE", 8) as usize;
    let mut off = SearchConfig::default();
    let rules =
        Rules::new(BoardSize::new(size, size).unwrap()).with_max_plies(Some(6 * size as u32 * 2));
    let mut weights = mingmang::search::eval::Weights::builtin();
    match feature.as_str() {
        // `AB_FEATURE=weights AB_WEIGHTS=mobility=4,tempo=0`: the default weights against these.
        "weights" => {
            let spec = std::env::var("AB_WEIGHTS").unwrap_or_default();
            for pair in spec.split(',').filter(|p| !p.is_empty()) {
                let (k, v) = pair.split_once('=').expect("name=value");
                let v: i32 = v.parse().expect("integer weight");
                let set = mingmang::search::eval::WeightSet::of_rules(&rules).expect("Ming Mang's");
                weights.set(set, k, v).expect("a weight of Ming Mang");
            }
        }
        "lmr" => off.lmr = !off.lmr,
        "futility" => off.futility = !off.futility,
        "late_move_pruning" => off.late_move_pruning = !off.late_move_pruning,
        "aspiration" => off.aspiration = !off.aspiration,
        "root_lmr" => off.root_lmr = !off.root_lmr,
        "qsearch_tt" => off.qsearch_tt = !off.qsearch_tt,
        "reverse_futility" => off.reverse_futility = !off.reverse_futility,
        other => panic!("unknown feature {other}"),
    }
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let l2 = limits.clone();
    let r = play_match(
        rules,
        pairs,
        env("AB_OPENING", 6) as usize,
        env("AB_SEED", 1),
        &mut || Box::new(EnginePlayer::new(limits.clone(), SearchConfig::default())),
        &mut || {
            let mut p = EnginePlayer::new(l2.clone(), off);
            p.searcher.set_weights(weights);
            Box::new(p)
        },
    );
    println!(
        "AB {feature}: default {} - {} - {} variant (score {:.3}) over {} games, {nodes} nodes/move, {size}x{size}",
        r.wins,
        r.draws,
        r.losses,
        r.score(),
        2 * pairs
    );
}

/// Measurements for the report: depth reached in one second and the two-thread speed-up.
#[test]
#[ignore]
fn measure() {
    for n in [8, 19] {
        let game = Game::new(Rules::new(BoardSize::new(n, n).unwrap()));
        for threads in [1, 2] {
            let mut s = Searcher::new(64);
            let limits = Limits {
                move_time: Some(Duration::from_secs(1)),
                ..Limits::default()
            };
            let options = SearchOptions {
                threads,
                move_overhead: Duration::ZERO,
                ..SearchOptions::default()
            };
            let mut depth = 0;
            let r = s.search(
                &game,
                &limits,
                &options,
                &AtomicBool::new(false),
                &mut |i| depth = i.depth,
            );
            println!(
                "{n}x{n} threads {threads}: depth {depth} in {:?}, {} nodes, {} nps",
                r.time,
                r.nodes,
                (r.nodes as f64 / r.time.as_secs_f64()) as u64
            );
        }
        for threads in [1, 2] {
            let mut s = Searcher::new(64);
            let limits = Limits {
                depth: Some(if n == 8 { 9 } else { 6 }),
                ..Limits::default()
            };
            let options = SearchOptions {
                threads,
                ..SearchOptions::default()
            };
            let r = s.search(
                &game,
                &limits,
                &options,
                &AtomicBool::new(false),
                &mut |_| {},
            );
            println!("{n}x{n} threads {threads}: time to depth {:?}", r.time);
        }
    }
}

/// Compares the real game with the same board without history; if the forced result within
/// three plies differs, checks the search against the history-aware solver.
fn check(game: &Game, found: &mut usize, moves_differ: &mut usize) {
    let fresh = Game::from_position(*game.rules(), game.position().clone()).unwrap();
    let with = solve(&mut game.clone(), 3, 0);
    let without = solve(&mut fresh.clone(), 3, 0);
    if with == without {
        return;
    }
    *found += 1;
    let depth = mate_plies(with).unwrap_or(3).unsigned_abs().max(1);
    let expect = mate_plies(with).map(Score::Mate);
    for r in [search_with(game, depth, OFF), search(game, depth + 2)] {
        if let Some(e) = expect {
            assert_eq!(r.score, e, "{:?}", game.position());
        } else {
            // No forced result within three plies (a deeper one may exist).
            assert!(
                !matches!(r.score, Score::Mate(p) if p.abs() <= 3),
                "{:?}",
                game.position()
            );
        }
        if let Some(m) = r.best {
            assert!(game.is_legal(m));
        }
    }
    if search_with(&fresh, 3, OFF).best != search_with(game, 3, OFF).best {
        *moves_differ += 1;
    }
}

#[test]
fn searcher_is_send() {
    fn assert_send<T: Send>() {}
    assert_send::<Searcher>();
}

/// The engine at strength level `level`, `nodes` nodes a move.
fn skilled(level: u32, nodes: u64) -> Box<dyn MoveChooser> {
    let mut p = EnginePlayer::new(
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        },
        SearchConfig::default(),
    );
    p.options.skill = mingmang::search::Skill::new(level).unwrap();
    Box::new(p)
}

/// A low level whose lines cost more than its node budget at depth 1 (level 0 wants 54, a
/// 2,000-node search finishes about fifteen) draws among the lines it finished, as a level
/// does after a completed depth: different seeds play different moves, each one of the
/// finished lines reported at depth 1, never the root's first move by default.
#[test]
fn a_level_stopped_inside_its_first_depth_draws_among_the_lines_it_finished() {
    let game = Game::new(Rules::default());
    let stop = AtomicBool::new(false);
    let mut played = std::collections::BTreeSet::new();
    for seed in 0..24u64 {
        let options = SearchOptions {
            skill: mingmang::search::Skill::new(0).unwrap(),
            ..SearchOptions::default()
        };
        let limits = Limits {
            nodes: Some(2000),
            ..Limits::default()
        };
        let mut control = Control {
            seed: Some(seed),
            ..Control::new(&stop)
        };
        let mut lines: Vec<SearchInfo> = Vec::new();
        let r = Searcher::new(1).search_with(&game, &limits, &options, &mut control, &mut |i| {
            lines.push(i.clone())
        });
        let best = r.best.expect("a move");
        assert!(
            !lines.is_empty() && lines.len() < 54,
            "stopped inside depth 1 after some lines: {} reported",
            lines.len()
        );
        assert!(lines.iter().all(|i| i.depth == 1));
        assert!(
            lines.iter().any(|i| i.pv.first() == Some(&best)),
            "{best} is one of the lines finished"
        );
        played.insert(best.to_string());
    }
    assert!(played.len() >= 4, "24 seeds played only {played:?}");
}

/// One line of the ladder: the first player's wins, draws and losses, score and Elo.
fn ladder_line(what: &str, r: &MatchResult) {
    let score = r.score();
    let elo = -400.0 * (1.0 / score.clamp(0.001, 0.999) - 1.0).log10();
    println!(
        "{what}: +{} ={} -{} ({score:.3}, {elo:+.0} Elo)",
        r.wins, r.draws, r.losses
    );
}

/// The strength ladder of `BENCHMARKS.md`: level 0 against the one-ply greedy mover, then
/// each level against the next one up, on 8x8 with a 200-ply limit, `SKILL_PAIRS` pairs of
/// games (default 30) from random 4-ply openings, colours swapped within a pair,
/// `SKILL_NODES` nodes a move (default 5000) for every level (each level's own depth cap
/// on top). `SKILL_FROM` and `SKILL_TO` (default 0 and 20) choose the steps.
/// `cargo test --release --test search skill_ladder -- --ignored --nocapture`.
#[test]
#[ignore]
fn skill_ladder() {
    let pairs = env_or("SKILL_PAIRS", 30u32);
    let nodes = env_or("SKILL_NODES", 5000u64);
    let (from, to) = (env_or("SKILL_FROM", 0u32), env_or("SKILL_TO", 20u32));
    let rules = Rules::default().with_max_plies(Some(200));
    if from == 0 {
        let mut seed = 500;
        let r = play_match(rules, pairs, 4, 41, &mut || skilled(0, nodes), &mut || {
            seed += 1;
            Box::new(GreedyPlayer(Rng::new(seed)))
        });
        ladder_line("level 0 vs greedy", &r);
    }
    for low in from..to.min(20) {
        let high = low + 1;
        let r = play_match(
            rules,
            pairs,
            4,
            42 + low as u64,
            &mut || skilled(low, nodes),
            &mut || skilled(high, nodes),
        );
        ladder_line(&format!("level {low} vs level {high}"), &r);
    }
}

/// The host's controls: a search on one thread runs on the caller's thread (reports come
/// from it), asks the host's poll whether to stop and stops when told, and measures its time
/// limits on the host's clock, not the system's.
#[test]
fn a_host_controls_a_search_on_its_own_thread() {
    let game = Game::new(Rules::default());
    let options = SearchOptions::default();
    let stop = AtomicBool::new(false);
    let caller = std::thread::current().id();

    // The poll stops the search after 50 calls, deep in an unbounded search.
    let mut polls = 0;
    let mut poll = || {
        polls += 1;
        polls >= 50
    };
    let mut control = Control {
        poll: Some(&mut poll),
        ..Control::new(&stop)
    };
    let mut on_caller = true;
    let mut searcher = Searcher::new(1);
    let r = searcher.search_with(
        &game,
        &Limits::default(),
        &options,
        &mut control,
        &mut |_| {
            on_caller &= std::thread::current().id() == caller;
        },
    );
    assert!(on_caller, "reports come from the caller's thread");
    assert!(r.best.is_some());
    assert_eq!(polls, 50, "asked until it said stop, then no more");
    assert!(r.nodes < 50 * 200, "{} nodes", r.nodes);

    // A move time on a clock that stands still never runs out: the depth ends the search.
    let still = HandClock::at(Duration::from_secs(5));
    let limits = Limits {
        move_time: Some(Duration::from_millis(1)),
        depth: Some(4),
        ..Limits::default()
    };
    let mut depth = 0;
    let mut control = Control {
        clock: &still,
        ..Control::new(&stop)
    };
    let r = searcher.search_with(&game, &limits, &options, &mut control, &mut |i| {
        depth = i.depth
    });
    assert_eq!(depth, 4);
    assert_eq!(r.time, Duration::ZERO);

    // The same clock moved on by the poll: the move time runs out at once.
    let mut tick = || {
        still.advance(Duration::from_millis(10));
        false
    };
    let mut control = Control {
        clock: &still,
        poll: Some(&mut tick),
        ..Control::new(&stop)
    };
    let limits = Limits {
        move_time: Some(Duration::from_millis(100)),
        ..Limits::default()
    };
    let r = searcher.search_with(&game, &limits, &options, &mut control, &mut |_| {});
    assert!(r.best.is_some());
    assert!(r.time >= Duration::from_millis(50), "{:?}", r.time);
    assert!(r.nodes < 100 * 200, "{} nodes", r.nodes);
}
