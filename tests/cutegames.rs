//! cutegames (kz04px/cutegames, a UGI match runner that trusts the engines' own answers) talks
//! to mingmang with a fixed dialogue. This test replays that dialogue exactly, command for
//! command, for whole games between two real `mingmang` processes: the sequence of
//! `src/match/play.cpp` with `askturn` on and `gameover` asked of both engines, and the way
//! `src/engine/engine_ugi.cpp` waits for replies (the first two-word `response` line, the
//! first two-word `bestmove` line, `readyok`). See docs/cutegames.md for real matches under
//! cutegames itself.

mod common;

use std::time::Instant;

use common::binary::{assert_no_hang, Session};

/// One engine as cutegames drives it: every line sent and every wait as in engine_ugi.cpp.
struct Ugi {
    e: Session,
    name: &'static str,
}

impl Ugi {
    /// `ugi`, wait for `ugiok`; the settings file's options; `isready`, wait for `readyok`.
    fn load(name: &'static str, args: &[&str], options: &[(&str, &str)]) -> Ugi {
        let mut u = Ugi {
            e: Session::start(args),
            name,
        };
        u.send("ugi");
        u.wait_for(|l| l == "ugiok");
        for (k, v) in options {
            u.send(&format!("setoption name {k} value {v}"));
        }
        u.is_ready();
        u
    }

    fn send(&mut self, line: &str) {
        self.e.send(line);
    }

    /// Reads lines until `done` holds for one; every line read must not be an error (an error
    /// would mean the engine misunderstood what cutegames sent).
    fn wait_for(&mut self, done: impl Fn(&str) -> bool) -> String {
        loop {
            let line = self.e.line();
            assert!(
                !line.starts_with("info string error"),
                "{}: {line}\n{}",
                self.name,
                self.e.tail()
            );
            if done(&line) {
                return line;
            }
        }
    }

    fn is_ready(&mut self) {
        self.send("isready");
        self.wait_for(|l| l == "readyok");
    }

    /// `position startpos|fen <fen> [moves ...]` as UGIEngine::position builds it.
    fn position(&mut self, start: &str, moves: &[String]) {
        let mut msg = if start == "startpos" {
            "position startpos".to_string()
        } else {
            format!("position fen {start}")
        };
        if !moves.is_empty() {
            msg += " moves";
            for m in moves {
                msg += " ";
                msg += m;
            }
        }
        self.send(&msg);
    }

    /// `position ...` then `query <what>`, as cutegames pairs them; the answer.
    fn ask(&mut self, start: &str, moves: &[String], what: &str) -> String {
        self.position(start, moves);
        self.query(what)
    }

    /// Sends a query and returns the answer of the first two-word `response` line.
    fn query(&mut self, what: &str) -> String {
        self.send(&format!("query {what}"));
        let line = self.wait_for(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            w.len() == 2 && w[0] == "response"
        });
        line.split_whitespace().nth(1).unwrap().to_string()
    }

    /// Sends `go` and returns the move of the first two-word `bestmove` line.
    fn go(&mut self, args: &str) -> String {
        self.send(&format!("go {args}"));
        let line = self.wait_for(|l| l.starts_with("bestmove"));
        let w: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(w.len(), 2, "{}: cutegames hangs on {line:?}", self.name);
        w[1].to_string()
    }
}

/// The time control of one game, as cutegames sends it.
#[derive(Clone, Copy)]
enum Tc {
    Clock { time: i64, inc: i64 },
    MoveTime(i64),
}

/// What one game ended with.
struct Played {
    result: String,
    plies: usize,
}

/// `play_game` of cutegames' play.cpp, step for step (GameType::Generic, askturn = true,
/// gameover = both). Panics on anything cutegames would adjudicate but a time loss: a gameover
/// or result mismatch, an answer that never comes (the hang bound). cutegames forfeits a
/// clock that reaches zero and a move 25 ms over its movetime; this test, which is about the
/// dialogue, keeps the clocks as cutegames does (on the wall clock, so a clock the shared
/// test machine ran out goes on at 1 ms) but leaves the engine's use of time to the tests on
/// the driven clock (`tests/protocol.rs`, `tests/reliability.rs`, `tests/limits.rs`).
fn play_game(tc: Tc, fen: &str, e1: &mut Ugi, e2: &mut Ugi) -> Played {
    let mut history: Vec<String> = Vec::new();
    let (mut p1time, mut p2time) = match tc {
        Tc::Clock { time, .. } => (time, time),
        Tc::MoveTime(_) => (0, 0),
    };
    e1.is_ready();
    e2.is_ready();
    e1.send("uginewgame");
    e2.send("uginewgame");
    // Whose turn it is at the start (asked of engine 1 only).
    let first_p1 = e1.ask(fen, &history, "p1turn") == "true";
    loop {
        // askturn: asked again every ply, and once more to pick the engine.
        let asked = e1.ask(fen, &history, "p1turn") == "true";
        let is_p1 = e1.ask(fen, &history, "p1turn") == "true";
        assert_eq!(asked, is_p1);
        assert_eq!(is_p1, first_p1 == (history.len() % 2 == 0));
        let (us, them) = if is_p1 {
            (&mut *e1, &mut *e2)
        } else {
            (&mut *e2, &mut *e1)
        };
        us.is_ready();
        us.position(fen, &history);
        let over = us.ask(fen, &history, "gameover");
        let over_them = them.ask(fen, &history, "gameover");
        assert_eq!(over, over_them, "gameover mismatch after {history:?}");
        if over == "true" {
            break;
        }
        let t0 = Instant::now();
        let mv = match tc {
            Tc::Clock { inc, .. } => us.go(&format!(
                "p1time {p1time} p2time {p2time} p1inc {inc} p2inc {inc}"
            )),
            Tc::MoveTime(ms) => us.go(&format!("movetime {ms}")),
        };
        assert_no_hang(t0, &format!("{}: go after {history:?}", us.name));
        if let Tc::Clock { inc, .. } = tc {
            let left = if is_p1 { &mut p1time } else { &mut p2time };
            *left -= t0.elapsed().as_millis() as i64;
            *left = (*left).max(1) + inc;
        }
        assert_ne!(mv, "0000", "a move was asked in a game that is not over");
        history.push(mv);
    }
    // The end: both engines are asked, and must agree.
    let mut answers = Vec::new();
    for e in [&mut *e1, &mut *e2] {
        e.is_ready();
        e.position(fen, &history);
        let over = e.ask(fen, &history, "gameover");
        let result = e.ask(fen, &history, "result");
        answers.push((over, result));
    }
    assert_eq!(answers[0], answers[1], "mismatch after {history:?}");
    assert_eq!(answers[0].0, "true");
    assert!(
        ["p1win", "p2win", "draw"].contains(&answers[0].1.as_str()),
        "{answers:?}"
    );
    Played {
        result: answers[0].1.clone(),
        plies: history.len(),
    }
}

/// Two engines loaded once (as cutegames' engine store does) play a small round robin: a
/// clock with increment from the start position and a movetime game from a position string
/// with Black to move, each with colours swapped, rules given as engine arguments.
#[test]
fn cutegames_match_dialogue() {
    let args = ["--size", "6x6", "--max-plies", "60"];
    let options = [("Hash", "8"), ("Threads", "1")];
    let mut a = Ugi::load("a", &args, &options);
    let mut b = Ugi::load("b", &args, &options);
    // 6x6 after a2b2 (White), Black to move.
    let fen = "wbbbbb/w4b/w4b/w4b/1w3b/wwwwwb b";
    let games = [
        (
            Tc::Clock {
                time: 2000,
                inc: 20,
            },
            "startpos",
        ),
        (Tc::MoveTime(30), fen),
    ];
    let mut played = Vec::new();
    for (tc, start) in games {
        played.push(play_game(tc, start, &mut a, &mut b));
        played.push(play_game(tc, start, &mut b, &mut a));
    }
    for p in &played {
        assert!(p.plies > 0 && p.plies <= 60, "{} plies", p.plies);
        eprintln!("{} after {} plies", p.result, p.plies);
    }
    for u in [a, b] {
        let (rest, _) = u.e.finish();
        assert!(rest.is_empty(), "{rest:?}");
    }
}
