//! What GUIs and match scripts really send, through the real binary: the stop / isready /
//! position / go sequences in every spelling, clocks over whole games, long games resent move
//! by move, many threads, large tables, odd `go` parameters and tiny limits, and the messages
//! of the less common refusals. What the clocks' answers take is tested on the driven clock
//! (`common::driven`); through the binary only that they come, within the hang bound.

mod common;

use std::time::{Duration, Instant};

use common::binary::{assert_no_hang, run_fails, run_ok, Session};
use common::driven::DrivenEngine;
use mingmang::search::time::NO_CLOCK_MOVE_TIME;

/// The three spellings: greeting, new game, and the clock words of each.
const SPELLINGS: [(&str, &str, &str, &str); 3] = [
    ("ugi", "uginewgame", "p1time", "p2time"),
    ("uci", "ucinewgame", "wtime", "btime"),
    ("uai", "uainewgame", "wtime", "btime"),
];

/// A session greeted in `hello`'s spelling.
fn greeted(hello: &str, args: &[&str]) -> Session {
    let mut e = Session::start(args);
    e.send(hello);
    e.until(|l| l == format!("{hello}ok"));
    e
}

#[test]
fn stop_isready_position_go_in_order_in_every_spelling() {
    for (hello, newgame, mytime, theirtime) in SPELLINGS {
        let mut e = greeted(hello, &[]);
        for round in 0..4 {
            e.send(newgame);
            e.send("position startpos moves a2b2");
            // A long search, as a GUI starts one, then the usual sequence to take it back.
            if round % 2 == 0 {
                e.send("go infinite");
            } else {
                e.send(&format!("go {mytime} 100000 {theirtime} 100000"));
            }
            std::thread::sleep(Duration::from_millis(30 * round));
            e.send("stop");
            if round < 2 {
                e.send("isready");
            }
            // The new position and search come at once, before any answer is read.
            e.send("position startpos moves a2b2 h7g7");
            e.send("go depth 2");
            let lines = e.until(|l| l.starts_with("bestmove"));
            assert!(
                lines.iter().all(|l| !l.starts_with("info string error")),
                "{hello}: {lines:?}"
            );
            if round < 2 {
                // readyok only after the stopped search's bestmove.
                let ready = lines.iter().position(|l| l == "readyok");
                assert!(
                    ready.is_none(),
                    "{hello}: readyok before bestmove: {lines:?}"
                );
                assert_eq!(e.line(), "readyok", "{hello}");
            }
            // The second bestmove answers the new go, for the new position.
            let (_, best) = e.bestmove();
            assert_eq!(e.ask(&format!("query islegal {best}")), "true", "{hello}");
            assert_eq!(
                e.ask("query fen"),
                "wbbbbbbb/w5b1/w6b/w6b/w6b/w6b/1w5b/wwwwwwwb w",
                "{hello}"
            );
        }
        e.finish();
    }
}

#[test]
fn commands_after_stop_wait_for_the_search_to_end() {
    let mut e = Session::start(&[]);
    e.send("position startpos");
    e.send("go infinite");
    e.send("stop");
    // Everything after stop is refused by nobody and answered after bestmove.
    e.send("setoption name Hash value 8");
    e.send("ucinewgame");
    e.send("perft 1");
    let lines = e.until(|l| l.starts_with("nodes "));
    let best = lines
        .iter()
        .position(|l| l.starts_with("bestmove"))
        .unwrap();
    assert!(
        lines[best..].iter().all(|l| !l.contains("not allowed")),
        "{lines:?}"
    );
    assert_eq!(lines.last().unwrap().split(' ').nth(1), Some("72"));
    e.finish();
}

#[test]
fn go_infinite_keeps_its_other_limits() {
    let mut e = Session::start(&[]);
    e.send("position startpos");
    e.send("go depth 2 infinite");
    // The search stops at depth 2, but the answer waits for stop.
    let lines = e.until(|l| l.starts_with("info depth 2"));
    assert!(lines.iter().all(|l| !l.starts_with("bestmove")));
    assert_eq!(
        e.try_line(Duration::from_millis(300)),
        None,
        "no more lines"
    );
    e.send("stop");
    let (lines, _) = e.bestmove();
    assert!(
        lines.iter().all(|l| !l.starts_with("info depth 3")),
        "{lines:?}"
    );
    e.finish();
}

#[test]
fn tiny_limits_answer_a_legal_move_at_once() {
    // nodes 0, nodes 1, movetime 0, a clock of 1 ms: the limit holds even before depth 1 is
    // complete, and the answer is still a legal move. (A larger board, position after
    // position, is in `tests/limits.rs`.)
    for threads in ["1", "2"] {
        let mut e = Session::start(&["--threads", threads]);
        for go in [
            "go nodes 0",
            "go nodes 1",
            "go nodes 100",
            "go movetime 0",
            "go p1time 1",
        ] {
            e.send("position startpos moves a2b2 h7g7");
            e.send(go);
            let (_, best) = e.bestmove();
            assert_eq!(
                e.ask(&format!("query islegal {best}")),
                "true",
                "{go} with {threads} threads"
            );
        }
        e.finish();
    }
}

/// The final `info nodes N ...` of a search.
fn final_nodes(lines: &[String]) -> u64 {
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info nodes"))
        .unwrap();
    info.split(' ').nth(2).unwrap().parse().unwrap()
}

#[test]
fn node_limits_count_every_thread() {
    for threads in ["1", "2", "4"] {
        let mut e = Session::start(&["--threads", threads]);
        for limit in [5_000u64, 40_000] {
            e.send("position startpos");
            e.send("uginewgame");
            e.send(&format!("go nodes {limit}"));
            let (lines, _) = e.bestmove();
            let nodes = final_nodes(&lines);
            // Each thread checks the shared count at least every 128 nodes, and stops as soon
            // as it sees the limit reached: one thread stops on it exactly.
            let threads: u64 = threads.parse().unwrap();
            let slack = if threads == 1 { 0 } else { 128 * threads };
            assert!(
                nodes <= limit + slack,
                "{threads} threads, nodes {limit}: searched {nodes}"
            );
            assert!(nodes >= limit / 2, "{threads} threads: only {nodes}");
        }
        e.finish();
    }
}

/// The clocks that give the side to move (White) no time of its own: only Black's time, only
/// increments, movestogo alone, in both spellings.
const NOT_OUR_CLOCKS: [&str; 5] = [
    "go btime 100",
    "go p2time 100",
    "go winc 30 binc 30",
    "go p1inc 30",
    "go movestogo 5",
];

#[test]
fn clocks_without_our_time_end_on_their_own() {
    for go in NOT_OUR_CLOCKS {
        let mut e = Session::start(&[]);
        e.send("position startpos");
        let sent = Instant::now();
        e.send(go);
        let (_, best) = e.bestmove();
        assert_ne!(best, "0000");
        assert_no_hang(sent, go);
        e.finish();
        // On the driven clock: the increment, or one second.
        let mut d = DrivenEngine::new();
        let (_, best, took) = d.go(go);
        assert_ne!(best, "0000");
        let inc = go.contains("inc 30").then(|| Duration::from_millis(30));
        let bound = inc.unwrap_or(NO_CLOCK_MOVE_TIME);
        assert!(took <= bound, "{go}: {took:?}");
    }
}

/// What a clocked game plays a move with: the answer to `go` for the position of `moves` (the
/// game over when `None`), and the time it took.
trait Clocked {
    fn answer(&mut self, moves: &[String], go: &str) -> Option<(String, Duration)>;
}

impl Clocked for Session {
    fn answer(&mut self, moves: &[String], go: &str) -> Option<(String, Duration)> {
        self.send(&format!("position startpos moves {}", moves.join(" ")));
        if self.ask("query gameover") == "true" {
            return None;
        }
        let sent = self.send(go);
        let (_, best) = self.bestmove();
        assert_no_hang(sent, go);
        Some((best, sent.elapsed()))
    }
}

impl Clocked for DrivenEngine {
    fn answer(&mut self, moves: &[String], go: &str) -> Option<(String, Duration)> {
        self.send(&format!("position startpos moves {}", moves.join(" ")));
        if self.ask("query gameover") == "true" {
            return None;
        }
        let (_, best, took) = self.go(go);
        Some((best, took))
    }
}

/// Plays a whole game against itself as a GUI would: the clocks kept by this test, each side's
/// time charged with the time its move took, `position startpos moves ...` resent whole at
/// every move (an engine set to end the game after `max_plies`). Returns the lowest time
/// either side had left (0 when it ran out: the test keeps the game going on 1 ms), in
/// milliseconds, and the game's length.
fn clocked_game(e: &mut impl Clocked, base_ms: u64, inc_ms: u64) -> (u64, usize) {
    let mut moves: Vec<String> = Vec::new();
    let mut clock = [base_ms, base_ms];
    let mut lowest = base_ms;
    let go = |clock: [u64; 2]| {
        format!(
            "go p1time {} p2time {} p1inc {inc_ms} p2inc {inc_ms}",
            clock[0], clock[1]
        )
    };
    while let Some((best, took)) = e.answer(&moves, &go(clock)) {
        let side = moves.len() % 2;
        clock[side] = clock[side].saturating_sub(took.as_millis() as u64);
        lowest = lowest.min(clock[side]);
        clock[side] = clock[side].max(1) + inc_ms;
        moves.push(best);
    }
    (lowest, moves.len())
}

#[test]
fn a_clocked_game_never_runs_out_of_time() {
    // 2 s + 20 ms over a 300-ply game, each move charged its time on the driven clock: the
    // engine keeps its reserve all game long.
    let mut d = DrivenEngine::with_options(&[("MaxPlies", "300")]);
    let (lowest, plies) = clocked_game(&mut d, 2000, 20);
    assert_eq!(plies, 300, "the game went the distance");
    assert!(lowest > 200, "the clock fell to {lowest} ms");
    // The binary, charged the wall time, plays the game through (how low its clock falls
    // is printed, for information: a benchmark measures it).
    let mut e = Session::start(&["--max-plies", "300"]);
    let (lowest, plies) = clocked_game(&mut e, 2000, 20);
    e.finish();
    assert_eq!(plies, 300, "the game went the distance");
    eprintln!("the binary's clock fell to {lowest} ms");
}

/// A long game on 19x19 by random legal moves, as the engine lists them.
fn long_game(e: &mut Session, plies: usize) -> Vec<String> {
    let mut rng = mingmang::rules::random::Rng::new(3);
    let mut moves: Vec<String> = Vec::new();
    while moves.len() < plies {
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        let legal = e.ask("query moves");
        let legal: Vec<&str> = legal.split(' ').filter(|m| !m.is_empty()).collect();
        assert!(!legal.is_empty(), "the game ended at {}", moves.len());
        moves.push(legal[rng.below(legal.len())].to_string());
    }
    moves
}

#[test]
fn long_games_resent_move_by_move_read_only_what_changed() {
    let mut e = Session::start(&["--size", "19x19"]);
    let moves = long_game(&mut e, 1200);
    // A fresh engine, told the whole game at once, agrees on everything.
    let mut fresh = Session::start(&["--size", "19x19"]);
    fresh.send(&format!("position startpos moves {}", moves.join(" ")));
    let position = |e: &mut Session| (e.ask("query fen"), e.ask("query moves"));
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    assert_eq!(position(&mut e), position(&mut fresh));
    // A takeback of 10 plies, another line, and back: each the same as from scratch.
    let back = &moves[..moves.len() - 10];
    e.send(&format!("position startpos moves {}", back.join(" ")));
    fresh.send(&format!("position startpos moves {}", back.join(" ")));
    assert_eq!(position(&mut e), position(&mut fresh));
    // The same game written with dashes is the same game.
    let dashed: Vec<String> = moves
        .iter()
        .map(|m| format!("{}-{}", &m[..m.len() / 2], &m[m.len() / 2..]))
        .collect();
    let simple = moves.iter().all(|m| m.len() == 4);
    if simple {
        e.send(&format!("position startpos moves {}", dashed.join(" ")));
        assert_eq!(position(&mut e), position(&mut fresh_at(&moves)));
    }
    // A bad last move keeps the previous game, even though the rest was shared.
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    let before = position(&mut e);
    let mut bad = moves.clone();
    bad.push("a1a1".into());
    e.first_contains(
        &format!("position startpos moves {}", bad.join(" ")),
        "move 1201 of the list",
    );
    assert_eq!(position(&mut e), before);
    // A move in the middle that differs is read and checked from there on.
    let mut other = moves.clone();
    other[600] = "s19s19".into();
    e.first_contains(
        &format!("position startpos moves {}", other.join(" ")),
        "move 601 of the list",
    );
    assert_eq!(position(&mut e), before);
    // The search runs on a long game, rule 7 and all.
    e.send("go depth 2");
    let (_, best) = e.bestmove();
    assert_eq!(e.ask(&format!("query islegal {best}")), "true");
    e.finish();
    fresh.finish();
}

/// A fresh 19x19 engine told `moves` at once.
fn fresh_at(moves: &[String]) -> Session {
    let mut e = Session::start(&["--size", "19x19"]);
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    e
}

#[test]
fn many_threads_keep_the_clock() {
    let mut e = Session::start(&["--threads", "256"]);
    for _ in 0..3 {
        e.send("position startpos moves a2b2");
        let sent = Instant::now();
        e.send("go p1time 1000 p2time 1000");
        e.bestmove();
        // Far more threads than cores, and still an answer (how soon is a benchmark's
        // measure: the time limits' logic is the same for any number of threads).
        assert_no_hang(sent, "go with 256 threads");
        eprintln!("256 threads answered in {:?}", sent.elapsed());
    }
    e.first_contains(
        "setoption name Threads value 257",
        "out of range (1 to 256)",
    );
    e.finish();
}

#[test]
fn a_large_table_is_memory_only_as_it_fills() {
    let mut e = Session::start(&["--hash", "1024"]);
    assert!(e.sync().is_empty());
    e.send("setoption name Hash value 2048");
    e.send("setoption name Clear Hash");
    assert!(e.sync().is_empty());
    if let Some(kib) = e.memory_kib("VmRSS") {
        // Two gigabytes asked for; a few megabytes used, since nothing was searched yet.
        assert!(kib < 200 * 1024, "{kib} KiB resident");
    }
    e.send("position startpos");
    e.send("go depth 3");
    e.bestmove();
    e.finish();
}

#[test]
fn match_refuses_depth_0_and_concurrency_0() {
    let engine = ["--engine", "cmd=true", "--engine", "cmd=true"];
    let with = |extra: &[&str]| -> Vec<String> {
        std::iter::once("match")
            .chain(engine)
            .chain(extra.iter().copied())
            .map(String::from)
            .collect()
    };
    run_fails(&with(&["--depth", "0"]), "--depth must be at least 1");
    run_fails(
        &with(&["--concurrency", "0"]),
        "--concurrency must be at least 1",
    );
}

#[test]
fn messages_say_what_is_wrong() {
    let mut e = Session::start(&[]);
    // The board size error: whole, with the value quoted as given.
    e.send("setoption name BoardSize value 25x5");
    let lines = e.sync();
    assert_eq!(
        lines,
        ["info string error: setoption: option BoardSize: board width 25 is out of range (4 to 19)"]
    );
    // go depth: the range it states is the range it accepts.
    e.first_contains("go depth -1", "from 0 to");
    // The new-game command named as sent.
    e.send("go infinite");
    e.first_contains("uainewgame", "'uainewgame' is not allowed");
    e.send("stop");
    e.bestmove();
    // A stopped perft says how far it got.
    e.send("perft 7");
    e.send("stop");
    let lines = e.until(|l| l.starts_with("info string perft 7 stopped"));
    let last = lines.last().unwrap();
    assert!(last.contains("of 72 root moves counted"), "{last}");
    e.finish();
    // The command-line perft: a depth limit, and --divide lines as they come.
    run_fails(&["perft", "--depth", "13"], "0..=12");
    let mut p = Session::start(&["perft", "--depth", "5", "--divide"]);
    let first = p.line();
    assert!(
        first.ends_with(|c: char| c.is_ascii_digit()) && first.contains(": "),
        "{first}"
    );
    assert!(p.alive(), "the first line came before the end");
    drop(p);
    assert!(run_ok(&["perft", "--depth", "1"]).starts_with("nodes 72 "));
}

#[test]
fn gtp_says_rule_7_when_rule_7_refuses_a_click() {
    let mut g = Session::start_gtp(&["--size", "5x5"]);
    let ask = |g: &mut Session, line: &str| -> String {
        g.send(line);
        let reply = g.line();
        assert_eq!(g.line(), "", "GTP replies end with a blank line");
        reply
    };
    // White a2-b2, Black e4-d4, White back b2-a2: Black going back d4-e4 would recreate the
    // start, so rule 7 refuses it; d4-b3 is simply out of reach.
    for (color, point) in [
        ("w", "a2"),
        ("w", "b2"),
        ("b", "e4"),
        ("b", "d4"),
        ("w", "b2"),
        ("w", "a2"),
        ("b", "d4"),
    ] {
        let reply = ask(&mut g, &format!("play {color} {point}"));
        assert_eq!(reply, "=", "play {color} {point}");
    }
    let reply = ask(&mut g, "play b e4");
    assert!(reply.contains("rule 7"), "{reply}");
    let reply = ask(&mut g, "play b b3");
    assert!(reply.contains("cannot reach"), "{reply}");
    g.finish();
}
