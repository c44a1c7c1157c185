//! The engine's moves through GTP (`genmove`) on the real binary: whole engine games checked by
//! a second process acting as GoGui's ruler, a move finished after a human click, clocks, move
//! times, GoGui's interrupt and the live graphics of the search.

mod common;

use std::thread;
use std::time::{Duration, Instant};

use common::binary::{assert_no_hang, Session};
use common::gtp::{color_letter, Gtp};

/// The engine plays both sides through `genmove`, one click per call; a second process acts as
/// GoGui's ruler and is sent each click twice, as GoGui 1.6 does. Both must agree throughout.
#[test]
fn genmove_games_reach_the_end() {
    for (size, depth) in [("5x5", "2"), ("4x4", "1")] {
        let mut player = Gtp::start(&["--size", size, "--depth", depth, "--max-plies", "200"]);
        let mut ruler = Gtp::start(&["--size", size, "--max-plies", "200"]);
        let mut plies = 0;
        while !ruler.legal().is_empty() {
            let side = ruler.side();
            let c = color_letter(&side);
            let before = ruler.board();
            let piece = player.ok(&format!("genmove {c}"));
            assert!(ruler.legal().contains(&piece), "{piece} not a legal click");
            ruler.ok(&format!("play {c} {piece}"));
            ruler.ok(&format!("play {c} {piece}"));
            assert_eq!(ruler.side(), side);
            assert_eq!(ruler.board(), before);
            assert_eq!(player.side(), side);
            let dest = player.ok(&format!("genmove {c}"));
            assert!(ruler.legal().contains(&dest), "{dest} not a legal click");
            ruler.ok(&format!("play {c} {dest}"));
            ruler.refused(&format!("play {c} {dest}"));
            assert_ne!(ruler.side(), side);
            assert_eq!(ruler.board(), player.board());
            assert_eq!(
                player.ok("gogui-rules_captured_count"),
                ruler.ok("gogui-rules_captured_count")
            );
            plies += 1;
        }
        assert!(plies > 0);
        assert!(player.legal().is_empty());
        assert_eq!(
            player.ok("gogui-rules_final_result"),
            ruler.ok("gogui-rules_final_result")
        );
    }
}

/// A human clicks a piece, then asks the engine to finish: it completes a legal move, possibly
/// after choosing a different piece first.
#[test]
fn genmove_after_a_human_click() {
    let mut g = Gtp::start(&["--size", "5x5", "--depth", "1"]);
    let piece = g.legal()[0].clone();
    g.ok(&format!("play w {piece}"));
    let mut clicks = 0;
    while g.side() == "white" {
        g.ok("genmove w");
        clicks += 1;
        assert!(clicks <= 2, "the engine did not finish its move");
    }
}

#[test]
fn clocks_bound_genmove() {
    let mut g = Gtp::start(&["--size", "5x5"]);
    g.ok("time_settings 10 1 1");
    g.ok("time_left w 0 1");
    g.ok("komi 6.5");
    let start = Instant::now();
    g.ok("genmove w");
    g.ok("genmove w");
    assert_no_hang(start, "two genmoves on an empty clock");
    assert_eq!(g.side(), "black");
}

/// GoGui's interrupt: `gogui-interrupt` is listed, and the comment line `# interrupt` ends a
/// running `genmove` at once, with a legal click, whether it comes while the search runs or
/// right behind the command, before the search has started. An interrupt counts for the
/// command it followed only.
#[test]
fn an_interrupt_ends_genmove() {
    let mut g = Gtp::start(&["--movetime", "60000"]);
    assert_eq!(g.ok("known_command gogui-interrupt"), "true");
    g.ok("gogui-interrupt");
    let pieces = g.legal();
    let sent = g.0.send("genmove w");
    thread::sleep(Duration::from_millis(300));
    g.0.send("# interrupt");
    let (ok, piece) = g.read_response();
    // A minute without the interrupt.
    assert_no_hang(sent, "the answer");
    assert!(ok && pieces.contains(&piece.trim().to_string()), "{piece}");
    // The destination comes from the plan: no search.
    g.ok("genmove w");
    assert_eq!(g.side(), "black");
    let sent = g.0.send_bytes(b"genmove b\n# interrupt\n");
    let (ok, _) = g.read_response();
    assert!(ok);
    assert_no_hang(sent, "the answer");
    g.ok("genmove b");

    // The interrupt of one command does not stop the next one.
    let mut g = Gtp::start(&["--movetime", "1500"]);
    g.0.send_bytes(b"genmove w\n# interrupt\n");
    assert!(g.read_response().0);
    g.ok("genmove w");
    let sent = Instant::now();
    g.ok("genmove b");
    // Not interrupted, it thinks its 1.5 s (less the overhead) on the engine's own clock,
    // which runs inside this one: a floor that load can only make longer, never a flake.
    assert!(
        sent.elapsed() > Duration::from_millis(500),
        "{:?}",
        sent.elapsed()
    );
}

/// `genmove` answers under a move time, and under a byo-yomi period that must last for its
/// stones, within the hang bound. How long each search takes is tested on the driven clock
/// (`movetime_is_respected` and `a_byo_yomi_period_lasts_for_its_stone` in `tests/search.rs`,
/// with the limits GTP gives the search); how soon the binary answers is a benchmark's measure.
#[test]
fn genmove_keeps_to_its_time() {
    let mut g = Gtp::start(&["--movetime", "300"]);
    let sent = Instant::now();
    g.ok("genmove w");
    assert_no_hang(sent, "genmove with a move time");
    g.ok("genmove w");

    let mut g = Gtp::start(&[]);
    g.ok("time_settings 0 2 1");
    g.ok("time_left w 2 1");
    let sent = Instant::now();
    g.ok("genmove w");
    assert_no_hang(sent, "genmove in byo-yomi");
    eprintln!(
        "genmove in a 2 s byo-yomi period answered in {:?}",
        sent.elapsed()
    );
}

/// While it searches, the engine draws its current best line as GoGui's live graphics on
/// stderr (one block per depth), and clears them when the search ends.
#[test]
fn genmove_draws_its_thinking_on_stderr() {
    let mut g = Gtp(Session::start_gtp_capturing_stderr(&["--depth", "3"]));
    let piece = g.ok("genmove w");
    let (_, err) = g.0.finish();
    let blocks: Vec<&str> = err
        .split("gogui-gfx:\n")
        .skip(1)
        .map(|b| b.split("\n\n").next().unwrap())
        .collect();
    assert_eq!(blocks.len(), 3, "{err}");
    for (i, block) in blocks.iter().enumerate() {
        let text = block.lines().last().unwrap();
        assert!(
            text.starts_with("TEXT thinking, best so far ")
                && text.contains(&format!("(depth {})", i + 1)),
            "{block}"
        );
    }
    assert!(blocks[2].contains(&format!("SQUARE {piece}")), "{err}");
    assert!(err.trim_end().ends_with("gogui-gfx: CLEAR"), "{err}");
}
