//! Every search limit holds at every depth: `go nodes`, `go movetime`, tiny clocks, `stop` and
//! `quit` end the search wherever it is (quiescence and the first iteration included) and the
//! answer is a legal move, on every board from 4x4 to 19x19 (rectangles too), in every game,
//! with one thread or two, MultiPV and a strength level.
//!
//! Depth 1 is no small step: its quiescence can run to millions of nodes on a crowded board
//! (two such positions are checked by name below), so a limit that waited for depth 1 could
//! take seconds to answer `go movetime 10`. Each limit is checked twice: through the real
//! binary (the answer comes, within the hang bound, with at most the nodes asked for, and is
//! legal), and in the protocol engine on the driven clock (`common::driven`), where the time
//! of the answer is a count of nodes and must keep to the limit whatever the machine's load.

mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use common::binary::{assert_no_hang, Session, HANG_BOUND};
use common::driven::{driven_search_polled, DrivenEngine, HandClock, OVERHEAD, TICK};
use mingmang::rules::random::{random_opening, Rng};
use mingmang::rules::{format_position, BoardSize, Color, Game, Preset, Rules};
use mingmang::search::{Clock, Limits, SearchConfig, SearchOptions, Searcher};
use mingmang::selfplay::{EnginePlayer, MoveChooser};

/// How far a search may go past a node limit: every thread publishes its nodes and checks the
/// common count at least every 128 nodes (more often near the limit), so one thread stops
/// exactly on the limit and `T` threads go past it by at most 128 nodes each (see "Time
/// controls" in protocol/README.md).
fn node_slack(threads: u64) -> u64 {
    if threads == 1 {
        0
    } else {
        128 * threads
    }
}

/// The limits every position is searched under: node limits, move times and clocks far too
/// small for depth 1 on a big board.
const GOS: [&str; 6] = [
    "go nodes 1",
    "go nodes 300",
    "go movetime 5",
    "go wtime 100 btime 100",
    "go p1time 1 p2time 1",
    "go p1time 1000 p2time 1000 p1inc 10 p2inc 10",
];

/// The number after `word` in a `go` line, if it has one.
fn go_value(go: &str, word: &str) -> Option<u64> {
    let words: Vec<&str> = go.split(' ').collect();
    let at = words.iter().position(|w| *w == word)?;
    words[at + 1].parse().ok()
}

/// The node limit of a `go` line, if it has one.
fn node_limit(go: &str) -> Option<u64> {
    go_value(go, "nodes")
}

/// The most time a `go` line lets `side` think, if it bounds the time: its move time, or the
/// time on its clock less the overhead kept for the communication (the smallest budget, 1
/// ms, when that leaves nothing).
fn time_bound(go: &str, side: Color) -> Option<Duration> {
    let ms = Duration::from_millis;
    let move_time = go_value(go, "movetime").map(ms);
    let words = match side {
        Color::White => ["p1time", "wtime"],
        Color::Black => ["p2time", "btime"],
    };
    let clock = words
        .iter()
        .find_map(|w| go_value(go, w))
        .map(|t| ms(t).saturating_sub(OVERHEAD).max(ms(1)));
    match (move_time, clock) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The largest `nodes N` of the lines (progress lines and the final one).
fn most_nodes(lines: &[String]) -> u64 {
    lines
        .iter()
        .filter_map(|l| {
            let words: Vec<&str> = l.split(' ').collect();
            let at = words.iter().position(|w| *w == "nodes")?;
            words.get(at + 1)?.parse::<u64>().ok()
        })
        .max()
        .unwrap_or(0)
}

/// Sends `go` to the binary and reads its answer within the hang bound: the lines up to
/// `bestmove` and the move.
fn binary_go(e: &mut Session, go: &str) -> (Vec<String>, String) {
    let sent = e.send(go);
    let answer = e.bestmove();
    assert_no_hang(sent, go);
    answer
}

/// An engine's settings for one board or game: the options (a name and value each, given to
/// the binary as flags and to the driven engine by `setoption`), and its search threads.
struct Setup {
    options: Vec<(&'static str, String)>,
    threads: u64,
}

impl Setup {
    /// The binary's flags.
    fn args(&self) -> Vec<String> {
        let flag = |name: &str| match name {
            "Variant" => "--variant",
            "BoardSize" => "--size",
            "Threads" => "--threads",
            "MultiPV" => "--multipv",
            "Skill Level" => "--skill",
            other => panic!("no flag for {other}"),
        };
        self.options
            .iter()
            .flat_map(|(name, value)| [flag(name).to_string(), value.clone()])
            .collect()
    }

    /// The same settings in the driven engine, which runs one thread.
    fn driven(&self) -> DrivenEngine {
        let options: Vec<(&str, &str)> = self
            .options
            .iter()
            .filter(|(name, _)| *name != "Threads")
            .map(|(name, value)| (*name, value.as_str()))
            .collect();
        DrivenEngine::with_options(&options)
    }
}

/// The options for `rules` (a preset's name, or Ming Mang's size), and the search settings of
/// the `k`-th board: one thread, two, MultiPV 3 or strength level 3 in turn, so that every
/// path that chooses the answer is met under tiny limits.
fn setup(rules: &Rules, k: usize) -> Setup {
    let mut options = vec![
        match Preset::ALL.iter().find(|p| Rules::preset(**p) == *rules) {
            Some(p) => ("Variant", p.name().to_string()),
            None => ("BoardSize", rules.size().to_string()),
        },
    ];
    let (name, value) = [
        ("Threads", "1"),
        ("Threads", "2"),
        ("MultiPV", "3"),
        ("Skill Level", "3"),
    ][k % 4];
    options.push((name, value.to_string()));
    Setup {
        options,
        threads: if name == "Threads" {
            value.parse().unwrap()
        } else {
            1
        },
    }
}

/// Positions of `rules`' game, as move lists from the start: two random games of different
/// lengths and two stretches of the engine's own self-play (300 nodes a move, after a short
/// random opening), none of them finished.
fn positions(rules: Rules, rng: &mut Rng) -> Vec<Game> {
    let mut games = Vec::new();
    for plies in [4 + rng.below(30), 40 + rng.below(160)] {
        let mut game = Game::new(rules);
        random_opening(&mut game, plies, rng);
        games.push(game);
    }
    let limits = Limits {
        nodes: Some(300),
        ..Limits::default()
    };
    for plies in [10 + rng.below(20), 40 + rng.below(40)] {
        let mut game = Game::new(rules);
        random_opening(&mut game, 4, rng);
        let mut engine = EnginePlayer::new(limits.clone(), SearchConfig::default());
        for _ in 0..plies {
            let Some(mv) = engine.choose(&game) else {
                break;
            };
            game.make(mv);
            if game.outcome().is_over() {
                game.unmake();
                break;
            }
        }
        games.push(game);
    }
    games
}

/// Checks an answer to `go` in `game` by `threads` threads: at most the nodes asked for, a
/// legal move, and, when the time it took on the driven clock is known, no more time than
/// the limit allows.
fn check_answer(what: &str, go: &str, threads: u64, game: &Game, answer: &Answer) {
    let (lines, best, took) = answer;
    if let Some(limit) = node_limit(go) {
        let nodes = most_nodes(lines);
        let slack = node_slack(threads);
        assert!(nodes <= limit + slack, "{what}: {nodes} nodes");
    }
    if let (Some(took), Some(bound)) = (took, time_bound(go, game.side_to_move())) {
        assert!(*took <= bound, "{what}: {took:?} on the driven clock");
    }
    let mv = game
        .parse_move(best)
        .unwrap_or_else(|err| panic!("{what}: bestmove {best}: {err}"));
    assert!(game.is_legal(mv), "{what}: bestmove {best} is not legal");
}

/// An answer: the lines up to `bestmove`, the move, and the time it took on the driven clock
/// (`None` from the binary).
type Answer = (Vec<String>, String, Option<Duration>);

/// Searches `game` (sent as the start and its moves, so rule 7 sees the history) under every
/// limit of [`GOS`] in the binary and in the driven engine, checking each answer.
fn check_limits(e: &mut Session, d: &mut DrivenEngine, setup: &Setup, game: &Game) {
    let moves: Vec<String> = game.moves().map(|m| m.to_string()).collect();
    let position = format!("position startpos moves {}", moves.join(" "));
    e.send(&position);
    assert!(d.send(&position).is_empty(), "{position}");
    for go in GOS {
        let what = format!(
            "{go} on {} after {} plies ({:?})",
            format_position(game.position()),
            moves.len(),
            setup.options
        );
        let (lines, best) = binary_go(e, go);
        check_answer(&what, go, setup.threads, game, &(lines, best, None));
        let (lines, best, took) = d.go(go);
        let what = format!("{what}, driven");
        check_answer(&what, go, 1, game, &(lines, best, Some(took)));
    }
}

/// Every board size from 4x4 to 19x19, rectangles, and every game, each with its own engine.
fn every_board_and_game() -> Vec<Rules> {
    let mut all: Vec<Rules> = (4..=19)
        .map(|n| Rules::new(BoardSize::new(n, n).unwrap()))
        .collect();
    for (w, h) in [
        (4, 19),
        (19, 4),
        (5, 9),
        (12, 6),
        (13, 12),
        (7, 16),
        (19, 11),
    ] {
        all.push(Rules::new(BoardSize::new(w, h).unwrap()));
    }
    all.extend(Preset::ALL.iter().map(|&p| Rules::preset(p)));
    all
}

#[test]
fn every_limit_holds_on_every_board_and_game() {
    let mut rng = Rng::new(2026);
    let boards = every_board_and_game();
    for (k, rules) in boards.into_iter().enumerate() {
        let setup = setup(&rules, k);
        let args = setup.args();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut e = Session::start(&args);
        let mut d = setup.driven();
        for game in positions(rules, &mut rng) {
            check_limits(&mut e, &mut d, &setup, &game);
        }
        e.finish();
    }
}

/// A 19x19 position from the engine's own self-play (`mingmang datagen --variant go-board
/// --seed 7`) whose depth 1 searches about ten million nodes.
const RUNAWAY_19X19: &str = "www1b7bbbb2b/7w10b/4w9b3b/10w4b3/1b12w4/10www2w2w/13b4b/\
                             7b9b1/w10w5b1/6b8wb2/14bbb2/5bww8ww1/3ww2b8b2/w4bw1w9b/w2b1w12b/\
                             w6b10b/w8b8b/w5w11b/wwwwww3w6b1b b";

/// A 13x12 position whose depth 1 searches 57 million nodes (35 s).
const RUNAWAY_13X12: &str = "wbwbw1w1w1bwb/wwb1wb1b1b1bb/bbwwbbwb1w1bw/b1www1wwwbbbw/\
                             w1www1bbbwb2/2b2ww1bw1ww/bwwwwbwb1b1bw/wbbbb1bww1w1w/5wwwb1bwb/\
                             2w1w1bbw1wwb/bww1b2ww1wbb/wwbwb2bbbwb1 b";

/// The runaway positions, each with its board size.
fn runaways() -> [(&'static str, &'static str); 2] {
    [(RUNAWAY_19X19, "19x19"), (RUNAWAY_13X12, "13x12")]
}

/// The game of a runaway position.
fn runaway_game(fen: &str, size: &str) -> Game {
    let rules = Rules::new(size.parse().unwrap());
    Game::from_position(rules, mingmang::rules::parse_position(fen).unwrap())
        .expect("a valid position")
}

/// The limits of the runaway positions: those of every position, and two more.
const RUNAWAY_GOS: [&str; 8] = [
    GOS[0],
    GOS[1],
    GOS[2],
    GOS[3],
    GOS[4],
    GOS[5],
    "go movetime 10",
    "go nodes 200",
];

#[test]
fn limits_hold_where_depth_1_runs_away() {
    for (fen, size) in runaways() {
        let game = runaway_game(fen, size);
        let position = format!("position fen {fen}");
        for threads in [1u64, 2] {
            let threads_text = threads.to_string();
            let mut e = Session::start(&["--size", size, "--threads", &threads_text]);
            e.send(&position);
            for go in RUNAWAY_GOS {
                let what = format!("{go} on {fen} with {threads} threads");
                let (lines, best) = binary_go(&mut e, go);
                check_answer(&what, go, threads, &game, &(lines, best, None));
            }
            e.finish();
        }
        let mut d = DrivenEngine::with_options(&[("BoardSize", size)]);
        assert!(d.send(&position).is_empty());
        for go in RUNAWAY_GOS {
            let what = format!("{go} on {fen}, driven");
            let (lines, best, took) = d.go(go);
            check_answer(&what, go, 1, &game, &(lines, best, Some(took)));
        }
    }
}

#[test]
fn two_threads_keep_to_the_time_where_depth_1_runs_away() {
    // The search itself with a helper thread on the driven clock (which the main thread's
    // polls move): a move time, a clock, and the stop flag end both threads inside depth 1.
    let ms = Duration::from_millis;
    let move_time = |t| Limits {
        move_time: Some(ms(t)),
        ..Limits::default()
    };
    let clocked = |t, inc| Limits {
        clock: Some(Clock {
            time: [Some(ms(t)); 2],
            increment: [ms(inc); 2],
            moves_to_go: None,
        }),
        ..Limits::default()
    };
    let unbounded = Limits {
        infinite: true,
        ..Limits::default()
    };
    // Each with the most time it may take.
    let limits = [
        (move_time(5), ms(5)),
        (move_time(10), ms(10)),
        (clocked(100, 0), ms(100) - OVERHEAD),
        (clocked(1000, 10), ms(1000) - OVERHEAD),
        (unbounded, ms(20)),
    ];
    let options = SearchOptions {
        threads: 2,
        ..SearchOptions::default()
    };
    for (fen, size) in runaways() {
        let game = runaway_game(fen, size);
        for (limits, bound) in &limits {
            // The stop flag comes at 20 ms to the unbounded search only.
            let mut poll = |clock: &HandClock, stop: &AtomicBool| {
                if limits.infinite && clock.now() >= ms(20) {
                    stop.store(true, Ordering::Relaxed);
                }
                false
            };
            let mut searcher = Searcher::new(16);
            let r = driven_search_polled(
                &mut searcher,
                &game,
                limits,
                &options,
                &mut poll,
                &mut |_| {},
            );
            let what = format!("{limits:?} on {fen}");
            assert!(r.time <= *bound + TICK, "{what}: {:?}", r.time);
            assert!(game.is_legal(r.best.expect("a move")), "{what}");
        }
    }
}

#[test]
fn stop_and_quit_end_a_search_inside_depth_1() {
    for (fen, size) in runaways() {
        let position = format!("position fen {fen}");
        // stop: the best move so far, at once.
        let mut e = Session::start(&["--size", size]);
        e.send(&position);
        e.send("go infinite");
        std::thread::sleep(Duration::from_millis(20));
        let sent = e.send("stop");
        let (_, best) = e.bestmove();
        assert_no_hang(sent, &format!("{fen}: stop"));
        assert_eq!(e.ask(&format!("query islegal {best}")), "true");
        // quit: the process ends at once.
        e.send("go infinite");
        std::thread::sleep(Duration::from_millis(20));
        let sent = e.send("quit");
        e.exit_status(HANG_BOUND);
        assert_no_hang(sent, &format!("{fen}: quit"));
        // stop on the driven clock: at the next poll.
        let mut d = DrivenEngine::with_options(&[("BoardSize", size)]);
        d.send(&position);
        let at = Duration::from_millis(20);
        let (_, best, took) = d.go_stopped_at("go infinite", at);
        assert!(took <= at + TICK, "{fen}: stopped after {took:?}");
        assert_eq!(d.ask(&format!("query islegal {best}")), "true");
    }
}

#[test]
fn nodes_0_searches_nothing_and_answers_a_legal_move() {
    let mut e = Session::start(&["--size", "19x19"]);
    e.send(&format!("position fen {RUNAWAY_19X19}"));
    let (lines, best) = binary_go(&mut e, "go nodes 0");
    assert_eq!(most_nodes(&lines), 0, "{lines:?}");
    assert_eq!(e.ask(&format!("query islegal {best}")), "true");
    e.finish();
}

#[test]
fn a_search_stopped_inside_depth_1_plays_its_best_line_so_far() {
    // Depth 1 of the 8x8 start takes a few hundred nodes: stopped inside it, the search
    // reports the best line searched so far, with its score, and plays its move.
    let mut e = Session::start(&[]);
    e.send("position startpos moves a2b2 h7g7");
    for nodes in [30, 60, 120] {
        let (lines, best) = binary_go(&mut e, &format!("go nodes {nodes}"));
        let last = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth 1 "))
            .unwrap_or_else(|| panic!("nodes {nodes}: no depth-1 line in {lines:?}"));
        let words: Vec<&str> = last.split(' ').collect();
        let pv = words.iter().position(|w| *w == "pv").unwrap();
        assert_eq!(words[pv + 1], best, "nodes {nodes}: {lines:?}");
        assert!(last.contains(" score cp "), "{last}");
        assert_eq!(most_nodes(&lines), nodes, "{lines:?}");
    }
    e.finish();
}
