//! Every search limit holds at every depth, through the real binary: `go nodes`, `go movetime`,
//! tiny clocks, `stop` and `quit` end the search wherever it is (quiescence and the first
//! iteration included) and the answer is a legal move, on every board from 4x4 to 19x19
//! (rectangles too), in every game, with one thread or two, MultiPV and a strength level.
//!
//! Depth 1 is no small step: its quiescence can run to millions of nodes on a crowded board
//! (two such positions are checked by name below), so a limit that waited for depth 1 could
//! take seconds to answer `go movetime 10`.

mod common;

use std::time::Duration;

use common::binary::{assert_within, Session};
use mingmang::harness::selfplay::{EnginePlayer, Player};
use mingmang::rules::random::{random_opening, Rng};
use mingmang::rules::{format_position, BoardSize, Game, Preset, Rules};
use mingmang::search::{Limits, SearchConfig};

/// How long any answer below may take, from `go` sent to `bestmove` read. Generous for a
/// loaded 2-core machine: the searches themselves end within a few milliseconds of their
/// limits, where a limit that waited for depth 1 took seconds (35 s for the 13x12 position).
const ANSWER_BOUND: Duration = Duration::from_secs(1);

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

/// The node limit of a `go` line, if it has one.
fn node_limit(go: &str) -> Option<u64> {
    let words: Vec<&str> = go.split(' ').collect();
    let at = words.iter().position(|w| *w == "nodes")?;
    words[at + 1].parse().ok()
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

/// Sends `go` and reads its answer: the lines up to `bestmove`, the move, and how long the
/// answer took from the moment `go` was written to the moment `bestmove` was read.
fn timed_go(e: &mut Session, go: &str) -> (Vec<String>, String, Duration) {
    let sent = e.send(go);
    let mut lines = Vec::new();
    loop {
        let (at, line) = e.timed_line();
        let done = line.starts_with("bestmove");
        lines.push(line);
        if done {
            let best = lines.last().unwrap()["bestmove ".len()..].to_string();
            return (lines, best, at.duration_since(sent));
        }
    }
}

/// An engine's settings for one board or game: the flags, and its search threads.
struct Setup {
    args: Vec<String>,
    threads: u64,
}

/// The engine flags for `rules` (a preset's name, or Ming Mang's size), and the search
/// settings of the `k`-th board: one thread, two, MultiPV 3 or strength level 3 in turn, so
/// that every path that chooses the answer is met under tiny limits.
fn setup(rules: &Rules, k: usize) -> Setup {
    let mut args: Vec<String> = match Preset::ALL.iter().find(|p| Rules::preset(**p) == *rules) {
        Some(p) => vec!["--variant".into(), p.name().into()],
        None => vec!["--size".into(), rules.size().to_string()],
    };
    let (flag, value) = [
        ("--threads", "1"),
        ("--threads", "2"),
        ("--multipv", "3"),
        ("--skill", "3"),
    ][k % 4];
    args.extend([flag.to_string(), value.to_string()]);
    Setup {
        args,
        threads: if flag == "--threads" {
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

/// Searches `game` (sent as the start and its moves, so rule 7 sees the history) under every
/// limit of [`GOS`], checking the answer's time, its node count and its legality.
fn check_limits(e: &mut Session, setup: &Setup, game: &Game) {
    let moves: Vec<String> = game.moves().map(|m| m.to_string()).collect();
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    for go in GOS {
        let (lines, best, took) = timed_go(e, go);
        let what = format!(
            "{go} on {} after {} plies ({:?})",
            format_position(game.position()),
            moves.len(),
            setup.args
        );
        assert!(took < ANSWER_BOUND, "{what}: answered after {took:?}");
        if let Some(limit) = node_limit(go) {
            let slack = node_slack(setup.threads);
            let nodes = most_nodes(&lines);
            assert!(nodes <= limit + slack, "{what}: {nodes} nodes");
        }
        let mv = game
            .parse_move(&best)
            .unwrap_or_else(|err| panic!("{what}: bestmove {best}: {err}"));
        assert!(game.is_legal(mv), "{what}: bestmove {best} is not legal");
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
        let args: Vec<&str> = setup.args.iter().map(String::as_str).collect();
        let mut e = Session::start(&args);
        for game in positions(rules, &mut rng) {
            check_limits(&mut e, &setup, &game);
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

/// The runaway positions, each with the flags of its board.
fn runaways() -> [(&'static str, [&'static str; 2]); 2] {
    [
        (RUNAWAY_19X19, ["--size", "19x19"]),
        (RUNAWAY_13X12, ["--size", "13x12"]),
    ]
}

#[test]
fn limits_hold_where_depth_1_runs_away() {
    for (fen, size) in runaways() {
        let rules = Rules::new(size[1].parse().unwrap());
        let game = Game::from_position(rules, mingmang::rules::parse_position(fen).unwrap())
            .expect("a valid position");
        for threads in [1u64, 2] {
            let threads_text = threads.to_string();
            let mut e = Session::start(&[size[0], size[1], "--threads", &threads_text]);
            e.send(&format!("position fen {fen}"));
            for go in GOS.iter().chain(&["go movetime 10", "go nodes 200"]) {
                let (lines, best, took) = timed_go(&mut e, go);
                let what = format!("{go} on {fen} with {threads} threads");
                assert!(took < ANSWER_BOUND, "{what}: answered after {took:?}");
                if let Some(limit) = node_limit(go) {
                    let nodes = most_nodes(&lines);
                    let slack = node_slack(threads);
                    assert!(nodes <= limit + slack, "{what}: {nodes} nodes");
                }
                assert!(
                    game.is_legal(game.parse_move(&best).unwrap()),
                    "{what}: {best}"
                );
            }
            e.finish();
        }
    }
}

#[test]
fn stop_and_quit_end_a_search_inside_depth_1() {
    for (fen, size) in runaways() {
        // stop: the best move so far, at once.
        let mut e = Session::start(&size);
        e.send(&format!("position fen {fen}"));
        e.send("go infinite");
        std::thread::sleep(Duration::from_millis(20));
        let sent = e.send("stop");
        let (lines, best) = e.bestmove();
        assert!(sent.elapsed() < ANSWER_BOUND, "{fen}: {lines:?}");
        assert_eq!(e.ask(&format!("query islegal {best}")), "true");
        // quit: the process ends at once.
        e.send("go infinite");
        std::thread::sleep(Duration::from_millis(20));
        let sent = e.send("quit");
        e.exit_status(Duration::from_secs(5));
        assert_within(sent, ANSWER_BOUND, &format!("{fen}: quit"));
    }
}

#[test]
fn nodes_0_searches_nothing_and_answers_a_legal_move() {
    let mut e = Session::start(&["--size", "19x19"]);
    e.send(&format!("position fen {RUNAWAY_19X19}"));
    let (lines, best, took) = timed_go(&mut e, "go nodes 0");
    assert!(took < ANSWER_BOUND, "{took:?}");
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
        let (lines, best, _) = timed_go(&mut e, &format!("go nodes {nodes}"));
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
