//! Drives the real `mingmang` binary over stdin/stdout, and matches replies against the
//! patterns of `protocol/examples/` (format described in `protocol/README.md`).

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// How long any single reply may take before a test fails.
pub const REPLY_TIMEOUT: Duration = Duration::from_secs(20);

/// A running engine.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<(Instant, Option<String>)>,
    pending: VecDeque<(Instant, String)>,
    stderr: Option<thread::JoinHandle<String>>,
    /// Every line sent and received, for failure messages.
    pub log: Vec<String>,
}

impl Engine {
    /// Starts the binary with `args`; stderr is discarded.
    pub fn start(args: &[&str]) -> Engine {
        Engine::spawn(args, false)
    }

    /// Starts the binary with `args`, keeping stderr for [`Engine::finish`].
    pub fn start_capturing_stderr(args: &[&str]) -> Engine {
        Engine::spawn(args, true)
    }

    fn spawn(args: &[&str], capture: bool) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mingmang"))
            .args(args)
            .env_remove("RUST_LOG")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if capture {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .spawn()
            .expect("start mingmang");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = String::new();
            loop {
                buf.clear();
                match reader.read_line(&mut buf) {
                    Ok(0) | Err(_) => {
                        let _ = tx.send((Instant::now(), None));
                        return;
                    }
                    Ok(_) => {
                        let line = buf.strip_suffix('\n').unwrap_or(&buf).to_string();
                        if tx.send((Instant::now(), Some(line))).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let stderr = child.stderr.take().map(|mut e| {
            thread::spawn(move || {
                let mut s = String::new();
                let _ = e.read_to_string(&mut s);
                s
            })
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            rx,
            pending: VecDeque::new(),
            stderr,
            log: Vec::new(),
        }
    }

    /// Sends one line; returns when it was written.
    pub fn send(&mut self, line: &str) -> Instant {
        self.log.push(format!("> {line}"));
        self.send_bytes(format!("{line}\n").as_bytes())
    }

    /// Sends raw bytes (for malformed input).
    pub fn send_bytes(&mut self, bytes: &[u8]) -> Instant {
        if let Some(stdin) = self.stdin.as_mut() {
            let _ = stdin.write_all(bytes);
            let _ = stdin.flush();
        }
        Instant::now()
    }

    fn fetch(&mut self, timeout: Duration) -> Option<(Instant, String)> {
        if let Some(x) = self.pending.pop_front() {
            return Some(x);
        }
        match self.rx.recv_timeout(timeout) {
            Ok((at, Some(line))) => {
                check_line_shape(&line);
                self.log.push(format!("< {line}"));
                Some((at, line))
            }
            Ok((_, None)) | Err(RecvTimeoutError::Disconnected) => None,
            Err(RecvTimeoutError::Timeout) => None,
        }
    }

    /// The next line with the time it arrived; panics after [`REPLY_TIMEOUT`] or at end of output.
    pub fn timed_line(&mut self) -> (Instant, String) {
        match self.fetch(REPLY_TIMEOUT) {
            Some(x) => x,
            None => panic!("no reply from the engine; session so far:\n{}", self.tail()),
        }
    }

    /// The next line.
    pub fn line(&mut self) -> String {
        self.timed_line().1
    }

    /// Looks at the next line without consuming it.
    pub fn peek(&mut self) -> String {
        let x = self.timed_line();
        let line = x.1.clone();
        self.pending.push_front(x);
        line
    }

    /// The next line if one arrives within `timeout`.
    pub fn try_line(&mut self, timeout: Duration) -> Option<String> {
        self.fetch(timeout).map(|x| x.1)
    }

    /// Lines up to and including the first one for which `done` holds.
    pub fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.line();
            let stop = done(&line);
            lines.push(line);
            if stop {
                return lines;
            }
        }
    }

    /// Sends `isready` and returns the lines before `readyok`, leaving out the progress
    /// lines (`info depth ...`) of a search that may be running.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until(|l| l == "readyok");
        lines.pop();
        lines.retain(|l| !l.starts_with("info depth "));
        lines
    }

    /// Sends `line` and returns the single `response ...` it produces (after syncing).
    pub fn ask(&mut self, line: &str) -> String {
        self.send(line);
        let lines = self.sync();
        assert_eq!(lines.len(), 1, "{line}: {lines:?}");
        lines[0]
            .strip_prefix("response")
            .unwrap_or_else(|| panic!("{line}: {lines:?}"))
            .trim_start()
            .to_string()
    }

    /// Lines of the search up to and including `bestmove`.
    pub fn bestmove(&mut self) -> (Vec<String>, String) {
        let lines = self.until(|l| l.starts_with("bestmove"));
        let best = lines.last().unwrap().clone();
        let words: Vec<&str> = best.split(' ').collect();
        assert_eq!(
            words.len(),
            2,
            "bestmove must have exactly two words: {best:?}"
        );
        (lines, words[1].to_string())
    }

    /// The last lines of the session, for failure messages.
    pub fn tail(&self) -> String {
        let from = self.log.len().saturating_sub(40);
        self.log[from..].join("\n")
    }

    /// Whether the process is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Sends `quit`, closes input and returns any further output and stderr; checks the exit.
    pub fn finish(mut self) -> (Vec<String>, String) {
        self.send("quit");
        self.stdin = None;
        let mut rest = Vec::new();
        while let Some((_, line)) = self.fetch(Duration::from_secs(10)) {
            rest.push(line);
        }
        let deadline = Instant::now() + Duration::from_secs(10);
        let status = loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                break s;
            }
            assert!(Instant::now() < deadline, "engine did not exit after quit");
            thread::sleep(Duration::from_millis(5));
        };
        assert!(status.success(), "engine exited with {status}");
        let err = self
            .stderr
            .take()
            .map(|h| h.join().unwrap())
            .unwrap_or_default();
        (rest, err)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Every output line: no trailing or doubled spaces, no carriage return.
pub fn check_line_shape(line: &str) {
    assert!(!line.contains('\r'), "carriage return in {line:?}");
    assert_eq!(line, line.trim_end(), "trailing whitespace in {line:?}");
    if !line.starts_with(' ') && !line.starts_with("info string") {
        // Board drawings (`d`) are indented; everything else is single-spaced words.
        assert!(!line.contains("  "), "doubled space in {line:?}");
    }
}

/// Whether one pattern word (which may hold one `{n}` or `{w}`) matches `word`.
fn word_matches(pattern: &str, word: &str) -> bool {
    for (hole, check) in [
        (
            "{n}",
            (|s: &str| s.parse::<i64>().is_ok()) as fn(&str) -> bool,
        ),
        ("{w}", |s: &str| !s.is_empty()),
    ] {
        if let Some(at) = pattern.find(hole) {
            let (pre, post) = (&pattern[..at], &pattern[at + hole.len()..]);
            return word.len() >= pre.len() + post.len()
                && word.starts_with(pre)
                && word.ends_with(post)
                && check(&word[pre.len()..word.len() - post.len()]);
        }
    }
    pattern == word
}

/// Whether `line` matches `pattern`: words compared one by one, `{n}` any whole number, `{w}`
/// any word, `{*}` (last) any number of further words.
pub fn matches(pattern: &str, line: &str) -> bool {
    let p: Vec<&str> = pattern.split_whitespace().collect();
    let l: Vec<&str> = line.split_whitespace().collect();
    for (i, pw) in p.iter().enumerate() {
        if *pw == "{*}" {
            return true;
        }
        match l.get(i) {
            Some(lw) if word_matches(pw, lw) => {}
            _ => return false,
        }
    }
    p.len() == l.len()
}

/// One line of an example session.
#[derive(Debug, Clone)]
pub enum Step {
    /// `> line`: send it.
    Send(String),
    /// `< pattern`: the next line must match.
    One(String),
    /// `<* pattern`: any number of lines matching (up to the next `<` line that matches).
    Many(String),
}

/// Reads an example file into numbered steps.
pub fn parse_example(text: &str) -> Vec<(usize, Step)> {
    let mut steps = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        if raw.trim().is_empty() || raw.starts_with('#') {
            continue;
        }
        let step = if let Some(rest) = raw.strip_prefix("<* ") {
            Step::Many(rest.to_string())
        } else if let Some(rest) = raw.strip_prefix("< ") {
            Step::One(rest.to_string())
        } else if raw == "<" {
            Step::One(String::new())
        } else if let Some(rest) = raw.strip_prefix("> ") {
            Step::Send(rest.to_string())
        } else {
            panic!("line {n}: must start with '> ', '< ', '<* ' or '#': {raw:?}");
        };
        steps.push((n, step));
    }
    steps
}

/// Plays an example session against a fresh engine; panics at the first mismatch.
pub fn replay(name: &str, text: &str) {
    let steps = parse_example(text);
    let mut e = Engine::start(&[]);
    let mut quit = false;
    for (k, (n, step)) in steps.iter().enumerate() {
        match step {
            Step::Send(line) => {
                if line == "quit" {
                    quit = true;
                }
                e.send(line);
            }
            Step::One(pattern) => {
                let got = e.line();
                assert!(
                    matches(pattern, &got),
                    "{name}:{n}: expected {pattern:?}, got {got:?}\n{}",
                    e.tail()
                );
            }
            Step::Many(pattern) => {
                let next = match steps.get(k + 1) {
                    Some((_, Step::One(p))) => p.clone(),
                    _ => panic!("{name}:{n}: a '<*' line must be followed by a '<' line"),
                };
                loop {
                    let got = e.peek();
                    if matches(&next, &got) || !matches(pattern, &got) {
                        break;
                    }
                    e.line();
                }
            }
        }
    }
    let _ = quit;
    let (rest, _) = e.finish();
    assert!(
        rest.is_empty(),
        "{name}: unexpected output at the end: {rest:?}"
    );
}
