//! GTP sessions replayed against the real binary (`mingmang gtp`), the way GoGui drives it: a
//! game clicked in point by point, engine games via `genmove`, undo, refused clicks and garbage.

mod common;

use std::thread;
use std::time::{Duration, Instant};

use common::binary::{assert_no_hang, run_fails, Session, HANG_BOUND};
use mingmang::gtp::vertex::format_square;
use mingmang::rules::random::Rng;
use mingmang::rules::{Color, Game, Move, Outcome, Preset, Rules};

/// One running `mingmang gtp` process.
struct Gtp(Session);

impl Gtp {
    fn start(args: &[&str]) -> Gtp {
        Gtp(Session::start_gtp(args))
    }

    /// Sends raw bytes (a line or garbage) and reads one whole response: `(ok, id+text)`.
    fn send_raw(&mut self, bytes: &[u8]) -> (bool, String) {
        self.0.send_bytes(bytes);
        self.read_response()
    }

    /// The lines up to the blank line that ends a response: `(ok, id+text)`.
    fn read_response(&mut self) -> (bool, String) {
        let mut text = String::new();
        loop {
            let line = self.0.line();
            if line.is_empty() {
                break;
            }
            text.push_str(&line);
            text.push('\n');
        }
        let ok = match text.chars().next() {
            Some('=') => true,
            Some('?') => false,
            _ => panic!("response without = or ?: {text:?}"),
        };
        (ok, text[1..].trim_end().to_string())
    }

    /// Sends a command; the response text without the `=`/`?` mark, as `Ok` or `Err`.
    fn send(&mut self, cmd: &str) -> Result<String, String> {
        let (ok, text) = self.send_raw(format!("{cmd}\n").as_bytes());
        let text = text.trim_start().to_string();
        if ok {
            Ok(text)
        } else {
            Err(text)
        }
    }

    fn ok(&mut self, cmd: &str) -> String {
        self.send(cmd)
            .unwrap_or_else(|e| panic!("'{cmd}' failed: {e}"))
    }

    fn refused(&mut self, cmd: &str) -> String {
        match self.send(cmd) {
            Ok(text) => panic!("'{cmd}' was accepted: {text}"),
            Err(e) => e,
        }
    }

    fn legal(&mut self) -> Vec<String> {
        words(&self.ok("gogui-rules_legal_moves"))
    }

    fn board(&mut self) -> String {
        self.ok("gogui-rules_board")
    }

    fn side(&mut self) -> String {
        self.ok("gogui-rules_side_to_move")
    }
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

fn color_letter(side: &str) -> &'static str {
    if side == "white" {
        "w"
    } else {
        "b"
    }
}

#[test]
fn handshake_ids_and_command_list() {
    let mut g = Gtp::start(&[]);
    assert_eq!(g.send_raw(b"7 protocol_version\n"), (true, "7 2".into()));
    assert_eq!(g.ok("name"), "mingmang");
    assert!(!g.ok("version").is_empty());
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

/// The points GoGui may click now, by the rules core: the movable pieces, the placements from
/// hand, and with a piece selected its destinations (sorted as the engine sorts them).
fn expected_points(game: &Game, selected: Option<&str>) -> Vec<String> {
    let legal: Vec<Move> = game.legal_moves().iter().copied().collect();
    let mut squares: Vec<_> = legal
        .iter()
        .filter(|m| !m.is_pass())
        .map(|m| if m.is_place() { m.to() } else { m.from() })
        .collect();
    if let Some(sel) = selected {
        squares.extend(
            legal
                .iter()
                .filter(|m| !m.is_pass() && !m.is_place() && format_square(m.from()) == sel)
                .map(|m| m.to()),
        );
    }
    squares.sort_by_key(|sq| sq.index());
    squares.dedup();
    squares.into_iter().map(format_square).collect()
}

/// A random legal move of `game` other than a pass.
fn random_move(game: &Game, rng: &mut Rng) -> Move {
    let legal: Vec<Move> = game
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| !m.is_pass())
        .collect();
    legal[rng.below(legal.len())]
}

/// `gogui-rules_board` drawn from the rules core's position.
fn expected_board(game: &Game) -> String {
    // From the position string, a different road from the engine's square-by-square one:
    // each rank's run of letters and digits spelled out as GoGui's rows.
    let text = mingmang::rules::format_position(game.position());
    let board = text.split_whitespace().next().unwrap();
    let rows: Vec<String> = board
        .split('/')
        .map(|rank| {
            let mut cells = Vec::new();
            let mut digits = String::new();
            for ch in rank.chars().chain(std::iter::once(' ')) {
                if ch.is_ascii_digit() {
                    digits.push(ch);
                    continue;
                }
                let empty: usize = digits.parse().unwrap_or(0);
                cells.extend(std::iter::repeat_n(".", empty));
                digits.clear();
                match ch.to_ascii_lowercase() {
                    'w' => cells.push("O"),
                    'b' => cells.push("X"),
                    _ => {}
                }
            }
            cells.join(" ")
        })
        .collect();
    rows.join("\n")
}

/// Every relative through GTP: whole games clicked in at random (a piece, then a destination;
/// a Gala placement in one click), every legal-point list and board checked against the rules
/// core replaying the same moves, the kings labelled and Gala's hand shown, and the end
/// agreeing with the core's outcome. Some moves come from `genmove`, so the engine's own
/// clicks (placements and jumps included) are checked the same way.
#[test]
fn every_relative_plays_whole_games_through_gtp() {
    let mut rng = Rng::new(15);
    let relatives = Preset::ALL
        .into_iter()
        .filter(|&p| Rules::preset(p).game() != mingmang::rules::GameKind::MingMang);
    for preset in relatives {
        let name = preset.name();
        let rules = Rules::preset(preset).with_max_plies(Some(120));
        let mut game = Game::new(rules);
        let mut g = Gtp::start(&["--variant", name, "--max-plies", "120", "--depth", "1"]);
        let id = match preset {
            Preset::Makyek => "Makyek",
            Preset::Apitsodok => "Apitsodok",
            Preset::Rek => "Rek",
            Preset::MinRekChanh => "Minrekchanh",
            Preset::Gala => "Gala",
            Preset::MakyekHunt => "Makyekhunt",
            _ => unreachable!("{name}"),
        };
        assert_eq!(g.ok("gogui-rules_game_id"), id);
        let (mut placements, mut plies) = (0, 0);
        loop {
            assert_eq!(g.board(), expected_board(&game), "{name} ply {plies}");
            let points = g.legal();
            assert_eq!(points, expected_points(&game, None), "{name} ply {plies}");
            let gfx = g.ok("gogui-rules_board_gfx");
            for c in Color::BOTH {
                if let Some(king) = game.position().king(c) {
                    let label = format!("{} K", format_square(king));
                    assert!(gfx.contains(&label), "{name}: {gfx}");
                }
            }
            let status = g.ok("mingmang-status");
            if rules.family().has_placement() {
                let hand = format!(
                    "in hand: White {}, Black {}",
                    game.position().hand(Color::White),
                    game.position().hand(Color::Black)
                );
                assert!(gfx.contains(&hand), "{name}: {gfx}");
                assert!(status.lines().any(|l| l == hand), "{name}: {status}");
            }
            let pieces = format!(
                "on the board: White {}, Black {}",
                game.position().count(Color::White),
                game.position().count(Color::Black)
            );
            assert!(status.lines().any(|l| l == pieces), "{name}: {status}");
            if points.is_empty() {
                break;
            }
            let c = color_letter(&g.side()).to_string();
            let mv = if plies % 3 == 2 {
                // The engine's move, one click per genmove.
                let first = g.ok(&format!("genmove {c}"));
                let placed = game
                    .legal_moves()
                    .iter()
                    .copied()
                    .find(|m| m.is_place() && format_square(m.to()) == first);
                match placed {
                    Some(mv) => mv,
                    None => {
                        assert_eq!(g.legal(), expected_points(&game, Some(&first)), "{name}");
                        let second = g.ok(&format!("genmove {c}"));
                        *game
                            .legal_moves()
                            .iter()
                            .find(|m| {
                                !m.is_place()
                                    && !m.is_pass()
                                    && format_square(m.from()) == first
                                    && format_square(m.to()) == second
                            })
                            .unwrap_or_else(|| panic!("{name}: {first} {second} is not legal"))
                    }
                }
            } else {
                let mv = random_move(&game, &mut rng);
                if mv.is_place() {
                    g.ok(&format!("play {c} {}", format_square(mv.to())));
                } else {
                    let from = format_square(mv.from());
                    g.ok(&format!("play {c} {from}"));
                    assert_eq!(g.legal(), expected_points(&game, Some(&from)), "{name}");
                    g.ok(&format!("play {c} {}", format_square(mv.to())));
                }
                mv
            };
            placements += mv.is_place() as u32;
            game.play(mv).unwrap();
            plies += 1;
        }
        assert!(game.outcome().is_over(), "{name}");
        let result = g.ok("gogui-rules_final_result");
        assert!(
            result.contains("wins") || result.contains("Draw"),
            "{name}: {result}"
        );
        assert_eq!(
            result,
            mingmang::gtp::session::final_result(game.outcome()),
            "{name}"
        );
        let score = match game.outcome() {
            Outcome::Win(Color::White, _) => "W+",
            Outcome::Win(Color::Black, _) => "B+",
            _ => "0",
        };
        assert_eq!(g.ok("final_score"), score, "{name}");
        let status = g.ok("mingmang-status");
        assert!(status.starts_with(&result), "{name}: {status}");
        assert!(
            status.ends_with(&format!("result: {score}")),
            "{name}: {status}"
        );
        if preset == Preset::Gala {
            assert!(placements > 0, "no placement was clicked");
        }
        assert!(plies > 0, "{name}");
    }
}

/// The enemy pieces `side` could take with one move, found the plain way: a fresh game from
/// the position with `side` to move, every legal move played, the enemy pieces it removed or
/// converted collected.
fn takeable(game: &Game, side: Color) -> Vec<String> {
    let mut position = game.position().clone();
    position.set_side_to_move(side);
    let Ok(fresh) = Game::from_position(*game.rules(), position) else {
        return Vec::new();
    };
    let mut taken = Vec::new();
    for &mv in fresh.legal_moves().iter() {
        let mut after = fresh.clone();
        after.play(mv).unwrap();
        for sq in game.rules().size().squares() {
            if fresh.position().piece_at(sq) == Some(side.other())
                && after.position().piece_at(sq) != Some(side.other())
            {
                taken.push(sq);
            }
        }
    }
    taken.sort_by_key(|sq| sq.index());
    taken.dedup();
    taken.into_iter().map(format_square).collect()
}

/// The points of the gfx line starting with `command` (none if there is no such line).
fn gfx_points(gfx: &str, command: &str) -> Vec<String> {
    gfx.lines()
        .find_map(|l| l.strip_prefix(&format!("{command} ")))
        .map(words)
        .unwrap_or_default()
}

/// GoGui's analyze commands through the binary: listed, and on random games of several
/// games of the family, the threats agree with the rules core, the best line starts with a
/// legal move, the evaluation answers, and the territory marks add up to the territory count.
#[test]
fn analyze_commands_show_what_the_engine_sees() {
    let mut rng = Rng::new(33);
    let mut g = Gtp::start(&[]);
    let listed = g.ok("gogui-analyze_commands");
    for cmd in [
        "mingmang-status",
        "mingmang-best_line",
        "mingmang-evaluation",
        "mingmang-threats",
        "mingmang-territory",
    ] {
        assert!(
            listed.lines().any(|l| l.ends_with(&format!("/{cmd}"))),
            "{listed}"
        );
        assert_eq!(g.ok(&format!("known_command {cmd}")), "true");
    }
    assert!(g
        .ok("mingmang-territory")
        .contains("only under territory scoring"));

    let cases: [(&[&str], Rules); 4] = [
        (&["--size", "6x6", "--territory"], {
            let size = mingmang::rules::BoardSize::new(6, 6).unwrap();
            let mut rules = Rules::new(size);
            rules = rules
                .with_options(mingmang::rules::RuleOptions {
                    territory: true,
                    ..*rules.options()
                })
                .unwrap();
            rules
        }),
        (&["--variant", "mingmang"], Rules::preset(Preset::MingMang)),
        (&["--variant", "rek"], Rules::preset(Preset::Rek)),
        (&["--variant", "gala"], Rules::preset(Preset::Gala)),
    ];
    for (args, rules) in cases {
        let mut args = args.to_vec();
        args.extend(["--depth", "2"]);
        let mut g = Gtp::start(&args);
        let mut game = Game::new(rules);
        let mut checks = 0;
        for ply in 0..40 {
            if game.outcome().is_over() {
                break;
            }
            if ply % 4 == 0 {
                checks += 1;
                let us = game.side_to_move();
                let gfx = g.ok("mingmang-threats");
                assert_eq!(
                    gfx_points(&gfx, "SQUARE"),
                    takeable(&game, us),
                    "{args:?} {gfx}"
                );
                assert_eq!(
                    gfx_points(&gfx, "TRIANGLE"),
                    takeable(&game, us.other()),
                    "{args:?} {gfx}"
                );
                let line = g.ok("mingmang-best_line");
                let best = line
                    .lines()
                    .find_map(|l| l.strip_prefix("TEXT best "))
                    .and_then(|t| t.split(',').next())
                    .unwrap_or_else(|| panic!("no best move in {line}"));
                assert!(game.parse_move(best).is_ok(), "{args:?}: {best} not legal");
                let eval = g.ok("mingmang-evaluation");
                assert!(
                    eval.starts_with("TEXT search: White ") && eval.contains("static evaluation: "),
                    "{eval}"
                );
                if rules.options().territory {
                    let marks = g.ok("mingmang-territory");
                    let (w, b) = game.territory();
                    let pos = game.position();
                    assert_eq!(
                        gfx_points(&marks, "WHITE").len() + pos.count(Color::White),
                        w,
                        "{marks}"
                    );
                    assert_eq!(
                        gfx_points(&marks, "BLACK").len() + pos.count(Color::Black),
                        b,
                        "{marks}"
                    );
                    assert!(marks.contains(&format!("White {w}, Black {b}")), "{marks}");
                }
            }
            let mv = random_move(&game, &mut rng);
            let c = if game.side_to_move() == Color::White {
                "w"
            } else {
                "b"
            };
            if !mv.is_place() {
                g.ok(&format!("play {c} {}", format_square(mv.from())));
            }
            g.ok(&format!("play {c} {}", format_square(mv.to())));
            game.play(mv).unwrap();
        }
        assert!(
            checks >= 5,
            "{args:?}: the game ended after {checks} checks"
        );
    }
}
