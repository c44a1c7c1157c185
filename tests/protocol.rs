//! The protocol, tested through the real binary: handshakes, whole games, stop, bad input, and
//! replay of every session in `protocol/examples/`; the tiny clocks also on the driven clock.

mod common;

use std::time::Duration;

use common::binary::{assert_no_hang, run_fails, run_ok, Session};
use common::driven::{DrivenEngine, OVERHEAD};
use common::patterns::{matches, replay};

/// The greeting in each spelling lists the same options and ends in the greeting's own `ok`.
#[test]
fn handshake_in_each_spelling() {
    for (hello, ok, newgame) in [
        ("ugi", "ugiok", "uginewgame"),
        ("uci", "uciok", "ucinewgame"),
        ("uai", "uaiok", "uainewgame"),
    ] {
        let mut e = Session::start(&[]);
        e.send(hello);
        let lines = e.until(|l| l.ends_with("ok"));
        assert_eq!(lines.last().unwrap(), ok);
        // The version and the commit built, as `--version` gives them.
        assert_eq!(
            lines[0],
            format!("id name mingmang {}", version_and_commit()),
            "{lines:?}"
        );
        assert!(lines[1].starts_with("id author "), "{lines:?}");
        let options: Vec<&String> = lines.iter().filter(|l| l.starts_with("option ")).collect();
        assert_eq!(options.len(), 16, "{lines:?}");
        assert_eq!(lines.len(), 19);
        for name in [
            "Hash",
            "Threads",
            "MultiPV",
            "MoveOverhead",
            "Skill Level",
            "Variant",
            "BoardSize",
            "EnchainedCapture",
            "Territory",
            "CornerCapture",
            "LastPieceLeap",
            "MaxPlies",
            "EvalFile",
            "Clear Hash",
        ] {
            let prefix = format!("option name {name} type ");
            assert!(options.iter().any(|o| o.starts_with(&prefix)), "{name}");
        }
        e.send(newgame);
        assert!(e.sync().is_empty());
        let (rest, _) = e.finish();
        assert!(rest.is_empty());
    }
}

/// Every session in protocol/examples/ plays exactly as written.
#[test]
fn examples_replay() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/protocol/examples");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 8, "{files:?}");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        replay(&path.file_name().unwrap().to_string_lossy(), &text);
    }
}

/// A whole self-play game through `position`/`go`/`query`, each `bestmove` one of the moves
/// `query moves` listed, until `query gameover` says true.
#[test]
fn self_play_game_to_the_end() {
    let mut e = Session::start(&[]);
    e.send("setoption name BoardSize value 5x5");
    e.send("setoption name MaxPlies value 80");
    let mut moves: Vec<String> = Vec::new();
    loop {
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        if e.ask("query gameover") == "true" {
            break;
        }
        let legal = e.ask("query moves");
        let legal: Vec<&str> = legal.split(' ').collect();
        e.send("go depth 2");
        let (lines, best) = e.bestmove();
        assert!(legal.contains(&best.as_str()), "{best} not in {legal:?}");
        let last_info = &lines[lines.len() - 2];
        assert!(
            matches("info nodes {n} time {n} nps {n}", last_info),
            "{last_info}"
        );
        for l in &lines[..lines.len() - 2] {
            assert!(
                matches(
                    "info depth {n} seldepth {n} multipv 1 score {w} {n} nodes {n} nps {n} time {n} hashfull {n} pv {*}",
                    l
                ),
                "{l}"
            );
        }
        assert_eq!(e.ask(&format!("query islegal {best}")), "true");
        moves.push(best);
        assert!(moves.len() <= 80);
    }
    let result = e.ask("query result");
    assert!(
        ["p1win", "p2win", "draw"].contains(&result.as_str()),
        "{result}"
    );
    assert_eq!(e.ask("query moves"), "");
    e.send("go depth 1");
    let (lines, best) = e.bestmove();
    assert!(lines[0].starts_with("info string error: go: the game is over"));
    assert_eq!(best, "0000");
    e.finish();
}

/// `isready` is answered during `go infinite`, no `bestmove` comes before `stop`, and after
/// `stop` the `bestmove` comes (within the hang bound; the latencies are printed, for
/// information: a benchmark measures them).
#[test]
fn isready_and_stop_during_infinite_search() {
    let mut e = Session::start(&[]);
    let mut stop_ms = Vec::new();
    let mut ready_ms = Vec::new();
    for round in 0..5 {
        e.send(if round % 2 == 0 {
            "position startpos"
        } else {
            "position startpos moves a2b2"
        });
        e.send("go infinite");
        std::thread::sleep(Duration::from_millis(150));
        let sent = e.send("isready");
        let lines = e.until(|l| l == "readyok");
        ready_ms.push(sent.elapsed().as_secs_f64() * 1000.0);
        assert!(
            lines.iter().all(|l| !l.starts_with("bestmove")),
            "{lines:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
        let sent = e.send("stop");
        let arrived = loop {
            let (at, line) = e.timed_line();
            if line.starts_with("bestmove") {
                assert_eq!(line.split(' ').count(), 2);
                break at;
            }
        };
        assert_no_hang(sent, "bestmove after stop");
        stop_ms.push(arrived.duration_since(sent).as_secs_f64() * 1000.0);
    }
    stop_ms.sort_by(|a, b| a.partial_cmp(b).unwrap());
    eprintln!("stop -> bestmove latency ms: {stop_ms:.2?}; isready -> readyok ms: {ready_ms:.2?}");
    e.finish();
}

/// Sends `line` and expects an `info string error:` containing `needle` first, and `count`
/// lines in all; returns them.
fn expect_error_in(e: &mut Session, line: &str, needle: &str, count: usize) -> Vec<String> {
    let lines = e.first_contains(line, needle);
    assert_eq!(lines.len(), count, "{line}: {lines:?}");
    assert!(
        lines[0].starts_with("info string error: "),
        "{line}: {lines:?}"
    );
    lines
}

/// Sends `line` and expects an `info string error:` containing `needle` and nothing else.
fn expect_error(e: &mut Session, line: &str, needle: &str) {
    expect_error_in(e, line, needle, 1);
}

/// Bad lines that must each get an error containing the needle, and change nothing.
const BAD_LINES: &[(&str, &str)] = &[
    ("frobnicate", "unknown command 'frobnicate'"),
    ("UCI", "unknown command 'UCI'"),
    ("isready please", "unexpected 'please'"),
    ("position", "'startpos' or 'fen'"),
    ("position startpos moves a2b2 h7g7 b2a2 g7h7", "rule 7"),
    ("position startpos moves a3a4", "cannot reach"),
    (
        "position startpos moves h7h6",
        "black, but white is to move",
    ),
    ("position startpos moves a2", "not a move like a1a5"),
    ("position startpos moves a9a8", "off the 8x8 board"),
    (
        "position startpos moves 0000",
        "only allowed under territory",
    ),
    ("position fen", "needs a position string"),
    ("position fen 4/4/4 w", "ranks"),
    ("position fen wbbb/w2b/w2b/wwwb", "side to move"),
    (
        "position fen wbbb/w2b/w2b/wwwb w moves b1b5",
        "off the 4x4 board",
    ),
    ("setoption", "'setoption' must be followed by 'name"),
    ("setoption name", "needs an option name"),
    ("setoption name Bogus value 3", "unknown option 'Bogus'"),
    ("setoption name Hash", "needs 'value"),
    ("setoption name Hash value -4", "out of range"),
    (
        "setoption name Hash value 99999999999",
        "half of this machine's memory",
    ),
    ("setoption name Hash value lots", "whole number"),
    ("setoption name Threads value 0", "out of range"),
    ("setoption name MultiPV value 100000", "out of range"),
    ("setoption name MoveOverhead value -1", "out of range"),
    ("setoption name MaxPlies value -1", "out of range"),
    ("setoption name BoardSize value 3x8", "out of range"),
    ("setoption name BoardSize value big", "not of the form WxH"),
    ("setoption name Variant value shogi", "unknown variant"),
    ("setoption name CornerCapture value 1", "true or false"),
    ("perft", "needs a number"),
    ("perft 2 3", "unexpected '3'"),
    ("query", "needs a question"),
    ("query islegal", "needs a move"),
    ("query islegal a1a2 a1a3", "exactly one move"),
    ("query fen please", "unexpected 'please'"),
];

/// Every kind of bad input gets an error line, leaves the state as it was, and the engine
/// keeps running.
#[test]
fn bad_input_is_reported_and_changes_nothing() {
    let mut e = Session::start(&[]);
    e.send("position startpos moves a2b2 h7g7");
    let fen = e.ask("query fen");
    for (line, needle) in BAD_LINES {
        expect_error(&mut e, line, needle);
        assert_eq!(e.ask("query fen"), fen, "after {line}");
    }
    refused_go_still_answers(&mut e, &fen);
    garbage_bytes_are_reported(&mut e);
    busy_engine_refuses_changes(&mut e, &fen);
    // `go` on a finished game: an error, then `bestmove 0000`.
    e.send("position fen 4/4/4/3b w");
    e.send("go depth 2");
    let (lines, best) = e.bestmove();
    assert!(lines[0].contains("the game is over"), "{lines:?}");
    assert_eq!(best, "0000");
    // A `stop` with nothing to stop is harmless.
    e.send("stop");
    assert!(e.sync().is_empty());
    let (rest, _) = e.finish();
    assert!(rest.is_empty());
}

/// A `go` that cannot be carried out is refused, but still answered at once with a legal
/// move (the first of the engine's order), since a front end waits for it.
fn refused_go_still_answers(e: &mut Session, fen: &str) {
    for (line, needle) in [
        ("go nodes -3", "whole number"),
        ("go movetime", "needs a number"),
        ("go searchmoves", "at least one move"),
        ("go searchmoves g7g6", "black, but white is to move"),
        ("go ponder", "does not ponder"),
        ("go depth 3 sideways", "unknown go parameter 'sideways'"),
    ] {
        let lines = expect_error_in(e, line, needle, 2);
        assert!(lines[0].ends_with("; not searching"), "{line}: {lines:?}");
        let best = lines[1].strip_prefix("bestmove ").expect("a bestmove");
        assert_eq!(e.ask(&format!("query islegal {best}")), "true", "{line}");
        assert_eq!(e.ask("query fen"), fen, "after {line}");
    }
}

/// Invalid UTF-8, control characters and an over-long line get an error; empty and blank
/// lines are ignored.
fn garbage_bytes_are_reported(e: &mut Session) {
    e.send_bytes(b"go \xff\xfe depth 1\n");
    let lines = e.sync();
    assert!(
        lines.len() == 2 && lines[0].starts_with("info string error:"),
        "{lines:?}"
    );
    assert!(lines[1].starts_with("bestmove "), "{lines:?}");
    e.send_bytes(b"\x00\x07\x1b[2J\n");
    let lines = e.sync();
    assert!(
        lines.len() == 1 && lines[0].starts_with("info string error:"),
        "{lines:?}"
    );
    // Empty and blank lines are ignored.
    e.send("");
    e.send(" \t ");
    assert!(e.sync().is_empty());
    // A line longer than the limit is dropped with an error.
    let long = "x".repeat(5 << 20);
    e.send(&long);
    let lines = e.sync();
    assert!(
        lines.len() == 1 && lines[0].contains("ignored"),
        "{lines:?}"
    );
}

/// Commands that need an idle engine are refused while it searches; queries are answered.
fn busy_engine_refuses_changes(e: &mut Session, fen: &str) {
    e.send("go infinite");
    for (line, needle) in [
        (
            "setoption name Hash value 32",
            "'setoption' is not allowed while a search",
        ),
        (
            "position startpos",
            "'position' is not allowed while a search",
        ),
        ("ucinewgame", "'ucinewgame' is not allowed while a search"),
        ("perft 1", "'perft' is not allowed while a search"),
    ] {
        expect_error(e, line, needle);
    }
    assert_eq!(
        e.ask("query fen"),
        fen,
        "queries are answered while searching"
    );
    e.send("stop");
    e.bestmove();
    assert_eq!(e.ask("query fen"), fen);
}

/// Every `go` gets exactly one `bestmove`, in the order the `go`s were sent, whatever it
/// asks: depth 0, pondering, a malformed parameter, a finished game, or a `go` sent while a
/// search or perft runs (which is stopped and answered first). A script that waits for
/// `bestmove` never hangs.
#[test]
fn every_go_gets_a_bestmove() {
    let mut e = Session::start(&[]);
    e.send("position startpos moves a2b2 h7g7");
    let legal = |e: &mut Session, best: &str| e.ask(&format!("query islegal {best}")) == "true";
    // Depth 0 searches nothing: the first move of the engine's order, no error.
    e.send("go depth 0");
    let (lines, best) = e.bestmove();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("info nodes 0 time "), "{lines:?}");
    assert!(legal(&mut e, &best), "{lines:?}");
    // Pondering and malformed parameters: an error, then a move at once.
    for go in [
        "go ponder",
        "go ponder wtime 1000 btime 1000",
        "go nodes",
        "go deep 3",
    ] {
        e.send(go);
        let (lines, best) = e.bestmove();
        assert_eq!(lines.len(), 2, "{go}: {lines:?}");
        assert!(
            lines[0].starts_with("info string error: "),
            "{go}: {lines:?}"
        );
        assert!(legal(&mut e, &best), "{go}: {lines:?}");
    }
    // A go while a search runs: the running search is stopped and answered first (held back
    // by nothing, not even `infinite`), then the new one; no error. Three in a row.
    for running in ["go infinite", "go movetime 100000", "go depth 60"] {
        e.send(running);
        std::thread::sleep(Duration::from_millis(30));
        let sent = e.send("go depth 2");
        let (first, _) = e.bestmove();
        assert_no_hang(sent, &format!("{running}: stopping the running search"));
        let (second, best) = e.bestmove();
        for line in first.iter().chain(&second) {
            assert!(!line.starts_with("info string"), "{running}: {line}");
        }
        assert!(
            second.iter().any(|l| l.starts_with("info depth 2 ")),
            "{running}: {second:?}"
        );
        assert!(legal(&mut e, &best));
    }
    e.send("go infinite");
    e.send("go infinite");
    e.send("go depth 1");
    for _ in 0..3 {
        e.bestmove();
    }
    // A go during perft ends the perft (which says how far it got), then searches.
    e.send("perft 7");
    e.send("go depth 1");
    let lines = e.until(|l| l.starts_with("bestmove"));
    assert!(
        lines[0].starts_with("info string perft 7 stopped"),
        "{lines:?}"
    );
    // A finished game: an error, then `bestmove 0000`.
    e.send("position fen 4/4/4/3b w");
    for go in ["go depth 3", "go nodes 1", "go depth 0", "go infinite"] {
        e.send(go);
        let (lines, best) = e.bestmove();
        assert!(lines[0].contains("the game is over"), "{go}: {lines:?}");
        assert_eq!(best, "0000", "{go}");
    }
    // Nothing is left over: every go had its one answer.
    assert!(e.sync().is_empty());
    e.finish();
}

/// Every option can be given on the command line, with the same checks as `setoption`.
#[test]
fn command_line_options() {
    let mut e = Session::start(&["--variant", "gundru", "--hash", "64", "--threads", "2"]);
    assert_eq!(
        e.ask("query fen"),
        "wbbbbbbbb/w7b/w7b/w7b/w7b/w7b/w7b/w7b/wwwwwwwwb w"
    );
    e.finish();
    let mut e = Session::start(&[
        "--size",
        "4x4",
        "--territory",
        "--multipv",
        "2",
        "--move-overhead",
        "0",
    ]);
    e.send("position startpos moves pass");
    assert_eq!(e.ask("query p2turn"), "true");
    e.finish();
    for args in [
        &["--hash", "0"][..],
        &["--hash", "99999999999"],
        &["--variant", "chess"],
        &["--size", "30x30"],
        &["--threads", "many"],
    ] {
        run_fails(args, "error");
    }
}

/// End of input ends the engine like `quit`, even during a search.
#[test]
fn end_of_input_quits() {
    let mut e = Session::start(&[]);
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(50));
    let (_, err) = e.finish();
    assert!(!err.contains("panicked"));
}

/// `perft` runs on the search thread: `isready` and `query` are answered meanwhile, `stop`
/// ends it, and a finished perft prints the same total as the `perft` subcommand.
#[test]
fn perft_answers_isready_and_stops() {
    let mut e = Session::start(&["--variant", "go-board"]);
    e.send("perft 12");
    let lines = e.sync();
    assert!(lines.iter().all(|l| l.contains(": ")), "{lines:?}");
    assert_eq!(e.ask("query p1turn"), "true");
    let sent = e.send("stop");
    let lines = e.until(|l| l.starts_with("info string perft"));
    assert!(lines.last().unwrap().contains("stopped"), "{lines:?}");
    assert_no_hang(sent, "perft after stop");
    e.send("setoption name Variant value mingmang");
    e.send("perft 3");
    let lines = e.until(|l| l.starts_with("nodes "));
    assert!(
        matches("nodes 321363 time {n} ms nps {n}", lines.last().unwrap()),
        "{lines:?}"
    );
    assert_eq!(lines.len(), 73);
    let text = run_ok(&["perft", "--depth", "3"]);
    assert!(text.starts_with("nodes 321363 time "), "{text}");
    e.finish();
}

/// The time a `go` took, from sending it to the arrival of `bestmove` (a move, the game being
/// on), in milliseconds.
fn go_ms(e: &mut Session, go: &str) -> f64 {
    let sent = e.send(go);
    loop {
        let (at, line) = e.timed_line();
        if line.starts_with("bestmove") {
            assert_eq!(line.split(' ').count(), 2, "{line}");
            assert_ne!(line, "bestmove 0000");
            assert_no_hang(sent, go);
            return at.duration_since(sent).as_secs_f64() * 1000.0;
        }
    }
}

/// A board as the binary's flags and as the same options (`setoption`'s name and value).
type Board = (
    &'static [&'static str],
    &'static [(&'static str, &'static str)],
);

/// The boards of the tiny clocks.
const TINY_CLOCK_BOARDS: [Board; 3] = [
    (&[], &[]),
    (&["--variant", "go-board"], &[("Variant", "go-board")]),
    (&["--size", "4x4"], &[("BoardSize", "4x4")]),
];

/// The tiny clocks: 50 ms, and 50 ms with an increment of 100 ms.
const TINY_CLOCK: &str = "go p1time 50 p2time 50";
const TINY_CLOCK_INC: &str = "go p1time 50 p2time 50 p1inc 100 p2inc 100";

/// With 50 ms on the clock and the default MoveOverhead of 30 ms, the answer comes within the
/// 20 ms that are left, for either side to move and on the smallest and largest boards; with
/// an increment the clock may be used a little more, but never past the time left. The
/// search's time manager is the only authority (no protocol watchdog): this checks that it
/// keeps the overhead in reserve, on the driven clock, where each answer's time is that of
/// its search. (How long the binary takes is `tiny_clocks_through_the_binary`'s print.)
#[test]
fn tiny_clock_answers_within_time_minus_overhead() {
    let time_left = Duration::from_millis(50);
    for (_, options) in TINY_CLOCK_BOARDS {
        let mut e = DrivenEngine::with_options(options);
        for position in ["position startpos", "position startpos moves a2b2"] {
            assert!(e.send(position).is_empty());
            let (_, best, took) = e.go(TINY_CLOCK);
            assert_ne!(best, "0000");
            assert!(
                took <= time_left - OVERHEAD,
                "{options:?} {position}: {took:?}"
            );
            let (_, best, took) = e.go(TINY_CLOCK_INC);
            assert_ne!(best, "0000");
            assert!(
                took <= time_left,
                "{options:?} {position} with increment: {took:?}"
            );
        }
    }
}

/// The tiny clocks through the binary: every answer is a move, within the hang bound; the
/// median times are printed, for information (a benchmark measures them).
#[test]
fn tiny_clocks_through_the_binary() {
    let mut all = Vec::new();
    for (args, _) in TINY_CLOCK_BOARDS {
        let mut e = Session::start(args);
        for position in ["position startpos", "position startpos moves a2b2"] {
            let mut ms: Vec<f64> = (0..7)
                .map(|_| {
                    e.send(position);
                    go_ms(&mut e, TINY_CLOCK)
                })
                .collect();
            ms.sort_by(|a, b| a.partial_cmp(b).unwrap());
            all.push(ms[3]);
        }
        e.send("position startpos");
        for _ in 0..3 {
            go_ms(&mut e, TINY_CLOCK_INC);
        }
        e.finish();
    }
    eprintln!("{TINY_CLOCK}: median answer times ms {all:.1?}");
}

/// A score as a number that orders like the score itself (mates beyond every cp score).
fn score_key(words: &[&str]) -> i64 {
    let i = words.iter().position(|w| *w == "score").unwrap();
    let n: i64 = words[i + 2].parse().unwrap();
    match words[i + 1] {
        "cp" => n,
        "mate" if n > 0 => 1_000_000 - n,
        "mate" => -1_000_000 - n,
        other => panic!("score {other}"),
    }
}

/// Runs `go depth <depth>` and checks the MultiPV lines: at every depth exactly `want` lines
/// numbered 1..=want, with distinct first moves and scores in order, and the first line's
/// first move at the last depth is the best move. Returns the number of lines per depth.
fn check_multipv(e: &mut Session, depth: u32, want: usize) {
    e.send(&format!("go depth {depth}"));
    let (lines, best) = e.bestmove();
    let mut per_depth: Vec<Vec<Vec<&str>>> = vec![Vec::new(); depth as usize + 1];
    for line in &lines {
        let w: Vec<&str> = line.split(' ').collect();
        if w.len() > 2 && w[1] == "depth" {
            let d: usize = w[2].parse().unwrap();
            per_depth[d].push(w);
        }
    }
    for (d, infos) in per_depth.iter().enumerate().skip(1) {
        assert_eq!(infos.len(), want, "depth {d}: {lines:#?}");
        let mut firsts = Vec::new();
        for (k, w) in infos.iter().enumerate() {
            let i = w.iter().position(|x| *x == "multipv").unwrap();
            assert_eq!(w[i + 1], (k + 1).to_string(), "depth {d}: {w:?}");
            let pv = w.iter().position(|x| *x == "pv").unwrap();
            firsts.push(w[pv + 1]);
        }
        let mut distinct = firsts.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), want, "depth {d}: first moves {firsts:?}");
        let scores: Vec<i64> = infos.iter().map(|w| score_key(w)).collect();
        assert!(
            scores.windows(2).all(|p| p[0] >= p[1]),
            "depth {d}: scores out of order {scores:?}"
        );
    }
    let last = &per_depth[depth as usize][0];
    let pv = last.iter().position(|x| *x == "pv").unwrap();
    assert_eq!(last[pv + 1], best, "best move is not the first line's move");
}

/// `setoption name MultiPV value 3` gives three lines per depth, ordered, with the best move
/// first; more lines than legal moves are capped at the number of legal moves; back to 1
/// gives one line per depth.
#[test]
fn multipv_through_the_binary() {
    let mut e = Session::start(&[]);
    e.send("setoption name MultiPV value 3");
    for position in ["position startpos", "position startpos moves a2b2 h7g7"] {
        e.send(position);
        check_multipv(&mut e, 4, 3);
    }
    // A 4x4 board with one piece each: few legal moves.
    e.send("position fen w3/4/4/3b w");
    let moves = e.ask("query moves");
    let n = moves.split_whitespace().count();
    assert!((2..=8).contains(&n), "{moves}");
    e.send("setoption name MultiPV value 256");
    e.send("position fen w3/4/4/3b w");
    check_multipv(&mut e, 3, n);
    e.send("setoption name MultiPV value 1");
    e.send("position startpos");
    check_multipv(&mut e, 4, 1);
    e.finish();
}

/// What `mingmang --version` gives after the name: the crate's version and, in brackets, the
/// commit built (seven hex digits in a checkout).
fn version_and_commit() -> String {
    let out = run_ok(&["--version"]);
    let text = out
        .trim()
        .strip_prefix("mingmang ")
        .expect("mingmang VERSION")
        .to_string();
    let (version, commit) = text.split_once(" (").expect("VERSION (COMMIT)");
    assert_eq!(version, env!("CARGO_PKG_VERSION"));
    let commit = commit.strip_suffix(')').expect("(COMMIT)");
    assert!(
        commit == "unknown" || (commit.len() == 7 && commit.chars().all(|c| c.is_ascii_hexdigit())),
        "{text}"
    );
    text
}
