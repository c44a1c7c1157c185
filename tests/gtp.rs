//! GTP sessions replayed against the real binary (`mingmang gtp`), the way GoGui drives it: the
//! handshake, a game clicked in point by point, undo, refused clicks, garbage and board options.
//! Engine moves (`genmove`) are in `gtp_genmove.rs`; the relatives and the analyze commands,
//! checked against the rules core, in `gtp_core.rs`.

mod common;

use common::binary::{run_fails, HANG_BOUND};
use common::gtp::{color_letter, words, Gtp};
use mingmang::rules::random::Rng;

#[test]
fn handshake_ids_and_command_list() {
    let mut g = Gtp::start(&[]);
    assert_eq!(g.send_raw(b"7 protocol_version\n"), (true, "7 2".into()));
    assert_eq!(g.ok("name"), "mingmang");
    assert!(g.ok("version").starts_with(env!("CARGO_PKG_VERSION")));
    let list = g.ok("list_commands");
    // GTP 2's required commands, the ones GoGui plays with, and GoGui's ruler interface.
    let gtp = "protocol_version name version known_command list_commands quit boardsize \
        clear_board komi play genmove";
    let gogui = "undo showboard time_settings time_left";
    let ruler = "game_id board_size board legal_moves side_to_move final_result \
        captured_count board_gfx";
    let ruler = ruler.split_whitespace().map(|c| format!("gogui-rules_{c}"));
    let needed = gtp.split_whitespace().chain(gogui.split_whitespace());
    for cmd in needed.map(String::from).chain(ruler) {
        assert!(list.lines().any(|l| l == cmd), "{cmd} not listed");
        assert_eq!(g.ok(&format!("known_command {cmd}")), "true");
    }
    assert_eq!(g.ok("known_command frobnicate"), "false");
    assert_eq!(
        g.send_raw(b"12 frobnicate\n"),
        (false, "12 unknown command".into())
    );
    // GoGui's ruler requirements: the game id is capitalised then lower case.
    assert_eq!(g.ok("gogui-rules_game_id"), "Mingmang");
    assert_eq!(g.ok("gogui-rules_board_size"), "8");
    assert_eq!(g.side(), "white");
    assert_eq!(g.ok("gogui-rules_captured_count"), "0 0");
    let board = g.board();
    assert_eq!(board.lines().count(), 8);
    assert_eq!(board.lines().next().unwrap(), "O X X X X X X X");
    assert_eq!(board.lines().last().unwrap().trim(), "O O O O O O O X");
    // quit answers, then the process ends.
    assert_eq!(g.send_raw(b"3 quit\n"), (true, "3".into()));
    assert!(g.0.exit_status(HANG_BOUND).success());
}

/// Clicks a whole game in, point by point, checking at every click that the board, the side to
/// move and the legal points tell one consistent story.
#[test]
fn whole_game_click_by_click() {
    let mut g = Gtp::start(&["--size", "5x5", "--max-plies", "300"]);
    let mut rng = Rng::new(7);
    let mut plies = 0;
    let mut changed_mind = false;
    loop {
        let pieces = g.legal();
        if pieces.is_empty() {
            break;
        }
        let side = g.side();
        let c = color_letter(&side);
        let before = g.board();
        let piece = pieces[rng.below(pieces.len())].clone();
        g.ok(&format!("play {c} {piece}"));
        // Half a move: same side, same board, the piece marked, its destinations added.
        assert_eq!(g.side(), side);
        assert_eq!(g.board(), before);
        assert!(g
            .ok("gogui-rules_board_gfx")
            .contains(&format!("SQUARE {piece}")));
        let after_select = g.legal();
        let dests: Vec<String> = after_select
            .iter()
            .filter(|p| !pieces.contains(p))
            .cloned()
            .collect();
        assert!(
            !dests.is_empty(),
            "{piece} selectable but has no destination"
        );
        assert!(pieces.iter().all(|p| after_select.contains(p)));
        if !changed_mind && pieces.len() > 1 {
            // Change of mind: another piece, then back to the first (clicked twice, as GoGui
            // does when it relays an engine move) — the selection follows each click.
            changed_mind = true;
            let other = pieces.iter().find(|p| **p != piece).unwrap().clone();
            g.ok(&format!("play {c} {other}"));
            assert!(g
                .ok("gogui-rules_board_gfx")
                .contains(&format!("SQUARE {other}")));
            g.ok(&format!("play {c} {piece}"));
            g.ok(&format!("play {c} {piece}"));
            assert_eq!(g.legal(), after_select);
        }
        let dest = &dests[rng.below(dests.len())];
        g.ok(&format!("play {c} {dest}"));
        plies += 1;
        assert_ne!(g.side(), side, "the move did not pass the turn");
        let board = g.board();
        assert_ne!(board, before);
        let gfx = g.ok("gogui-rules_board_gfx");
        assert!(gfx.contains(&format!("MARK {piece} {dest}")), "{gfx}");
        // Replaying the duplicate GoGui sends after a genmove is refused: the turn has passed.
        g.refused(&format!("play {c} {dest}"));
        assert_eq!(g.board(), board);
    }
    assert!(plies > 0);
    assert!(changed_mind);
    let result = g.ok("gogui-rules_final_result");
    assert!(
        result.contains("wins") || result.contains("Draw"),
        "{result}"
    );
    let side = g.side();
    assert_eq!(g.ok(&format!("genmove {}", color_letter(&side))), "resign");
    assert!(g
        .refused(&format!("play {} A1", color_letter(&side)))
        .contains("over"));
    // Conversions were counted on the way (this random game has captures).
    let counts: Vec<u32> = words(&g.ok("gogui-rules_captured_count"))
        .iter()
        .map(|w| w.parse().unwrap())
        .collect();
    assert_eq!(counts.len(), 2);
    assert!(counts[0] + counts[1] > 0, "{counts:?}");
}

#[test]
fn undo_takes_back_one_click() {
    let mut g = Gtp::start(&["--size", "5x5"]);
    g.refused("undo");
    let start_board = g.board();
    let pieces = g.legal();
    g.ok("play w A2");
    let selected = g.legal();
    assert_ne!(selected, pieces);
    g.ok("undo");
    assert_eq!(g.legal(), pieces);
    assert!(!g.ok("gogui-rules_board_gfx").contains("SQUARE"));
    g.ok("play w A2");
    g.ok("play w D2");
    let moved = g.board();
    assert_ne!(moved, start_board);
    assert_eq!(g.side(), "black");
    g.ok("undo");
    // Back to the half-entered move: White to move, A2 still selected, board as before.
    assert_eq!(g.side(), "white");
    assert_eq!(g.board(), start_board);
    assert_eq!(g.legal(), selected);
    g.ok("play w D2");
    assert_eq!(g.board(), moved);
    for _ in 0..2 {
        g.ok("undo");
    }
    assert_eq!(g.legal(), pieces);
    g.refused("undo");
    // An engine click is undone the same way.
    g.ok("genmove w");
    g.ok("undo");
    assert_eq!(g.legal(), pieces);
}

#[test]
fn illegal_clicks_are_refused_and_change_nothing() {
    let mut g = Gtp::start(&["--size", "5x5"]);
    let pieces = g.legal();
    let board = g.board();
    for cmd in [
        "play w C3",   // empty square, nothing selected
        "play w E2",   // a black piece
        "play b E2",   // black is not to move
        "play w A1",   // a white piece that cannot move (blocked in the corner)
        "play w F1",   // off the 5x5 board
        "play w A6",   // off the board
        "play w I1",   // GTP has no column I
        "play w pass", // passing needs territory scoring
        "play w",      // no vertex
        "play green A2",
        "genmove green",
    ] {
        g.refused(cmd);
        assert_eq!(g.legal(), pieces, "after {cmd}");
        assert_eq!(g.board(), board, "after {cmd}");
    }
    g.ok("play w A2");
    let selected = g.legal();
    // Another movable own piece is a reselection, not an error; then back to A2.
    g.ok("play w A3");
    assert!(g.ok("gogui-rules_board_gfx").contains("SQUARE A3"));
    g.ok("play w A2");
    assert_eq!(g.legal(), selected);
    for cmd in ["play w C3", "play w E3", "play b D2", "play w pass"] {
        // C3 is not on A2's rank or file; E3 is black; black is not to move; no pass mid-move.
        g.refused(cmd);
        assert_eq!(g.legal(), selected, "after {cmd}");
        assert_eq!(g.side(), "white");
    }
}

#[test]
fn bad_input_never_kills_the_engine() {
    let mut g = Gtp::start(&["--size", "5x5"]);
    let garbage: &[&[u8]] = &[
        b"\xff\xfe\xfd\n",
        b"\x01\x02\x03 name\n",
        b"play\n",
        b"play w A99999999999999999999\n",
        b"boardsize 3\n",
        b"boardsize 20\n",
        b"boardsize -1\n",
        b"boardsize many\n",
        b"time_left w\n",
        b"time_settings 1 2\n",
        b"time_settings a b c\n",
        b"komi x\n",
        b"genmove\n",
        b"known_command\n",
        b"undo undo undo\n",
        b"99999999999999999999999 name\n",
    ];
    for bytes in garbage {
        // Every line gets a reply (accepted or refused), and the process lives on.
        let _ = g.send_raw(bytes);
    }
    // Blank and comment-only lines get no reply at all; the next command is answered normally.
    g.0.send_bytes(b"\n   \n# a comment\n\t\n");
    assert_eq!(
        g.send_raw(b"5 name # trailing comment\n"),
        (true, "5 mingmang".into())
    );
    assert_eq!(g.ok("gogui-rules_board_size"), "5");
    // A very long line.
    let long = format!("play w {}\n", "A".repeat(100_000));
    assert!(!g.send_raw(long.as_bytes()).0);
    g.ok("play w A2");
    assert!(g.0.alive());
}

/// A line longer than the protocol's limit (4 MiB) gets an error reply without being held in
/// memory, and the session goes on.
#[test]
fn a_huge_line_is_refused_and_memory_stays_bounded() {
    let mut g = Gtp::start(&["--size", "5x5"]);
    let mut line = b"play w ".to_vec();
    line.resize(50 << 20, b'A');
    line.push(b'\n');
    let (ok, text) = g.send_raw(&line);
    assert!(!ok);
    assert!(
        text.contains("input line of 52428801 bytes ignored (at most 4194304 are accepted)"),
        "{text}"
    );
    assert_eq!(g.ok("name"), "mingmang");
    g.ok("play w A2");
    g.ok("play w B2");
    assert_eq!(g.side(), "black");
    if let Some(kib) = g.0.memory_kib("VmHWM") {
        // A 50 MB line read whole would have taken more than 50 MB.
        assert!(kib < 40 * 1024, "peak resident memory {kib} KiB");
    }
}

#[test]
fn board_sizes_variants_and_rule_flags() {
    let mut g = Gtp::start(&[]);
    g.ok("boardsize 7");
    assert_eq!(g.ok("gogui-rules_board_size"), "7");
    assert_eq!(g.board().lines().count(), 7);
    g.ok("boardsize 19");
    let legal = g.legal();
    assert!(legal.iter().any(|p| p == "T18") || legal.iter().any(|p| p == "S1"));
    assert!(legal.iter().all(|p| !p.starts_with('I')));
    g.refused("boardsize 20");
    g.refused("boardsize 3");
    assert_eq!(g.ok("gogui-rules_board_size"), "19");

    // GoGui shows square boards only: a rectangle is refused at the start, with the reason.
    for size in ["5x7", "7x5"] {
        run_fails(
            &["gtp", "--size", size],
            "GTP mode plays square boards only",
        );
    }

    let mut v = Gtp::start(&["--variant", "gundru"]);
    assert_eq!(v.ok("gogui-rules_board_size"), "9");
    assert!(v.ok("showboard").contains("J"));

    // Territory scoring: pass is a legal click between moves; two passes end the game.
    let mut t = Gtp::start(&["--size", "5x5", "--territory"]);
    assert_eq!(t.legal().last().map(String::as_str), Some("pass"));
    t.ok("play w A2");
    assert!(!t.legal().contains(&"pass".to_string()));
    t.ok("undo");
    t.ok("play w pass");
    t.ok("play b pass");
    assert!(t.legal().is_empty());
    assert!(t.ok("gogui-rules_final_result").contains("territory"));

    // The other options are accepted and the engine still plays under them.
    let mut o = Gtp::start(&[
        "--size",
        "6x6",
        "--enchained-capture",
        "--corner-capture",
        "--last-piece-leap",
        "--depth",
        "1",
    ]);
    assert!(o.ok("showboard").contains("enchained-capture"));
    o.ok("genmove w");
    o.ok("genmove w");
    assert_eq!(o.side(), "black");
}

/// The dialogue docs/gogui.md offers to try by hand is accepted command by command, and it
/// plays a move for each side.
#[test]
fn the_hand_dialogue_of_the_gogui_guide_works() {
    let guide = include_str!("../docs/gogui.md");
    let line = guide
        .split("Try the dialogue by hand:")
        .nth(1)
        .unwrap()
        .split("\n- ")
        .next()
        .unwrap()
        .replace('\n', " ");
    let quoted: Vec<&str> = line.split('`').skip(1).step_by(2).collect();
    let args: Vec<&str> = quoted[0].split_whitespace().skip(2).collect();
    assert_eq!(
        quoted[0].split_whitespace().take(2).collect::<Vec<_>>(),
        ["mingmang", "gtp"]
    );
    let mut g = Gtp::start(&args);
    let start = g.board();
    for cmd in &quoted[1..] {
        g.ok(cmd);
    }
    assert_ne!(g.board(), start);
    assert_eq!(g.side(), "white");
}
