//! The one way the tests run the real `mingmang` binary, always under a time limit, so that no
//! test can hang however the binary misbehaves:
//! - [`run`]: one command to its end (`mingmang perft ...`, `mingmang match ...`), its output;
//!   killed and failed after a wall-clock limit.
//! - [`Session`]: an interactive session over stdin/stdout (the protocol, GTP); every read has a
//!   timeout, a watchdog kills a binary that stops reading its input (so no write blocks for
//!   ever), the whole session has a limit, and the process is killed when the session is
//!   dropped.

use std::collections::VecDeque;
use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The `mingmang` binary under test: the one this build made, or the one `MINGMANG_BIN`
/// names (a shipped binary, unpacked from its release tarball, is tested so).
pub fn bin() -> &'static str {
    static BIN: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    BIN.get_or_init(|| {
        std::env::var("MINGMANG_BIN")
            .ok()
            .filter(|path| !path.is_empty())
            .unwrap_or_else(|| env!("CARGO_BIN_EXE_mingmang").to_string())
    })
}

/// How long one command may run before it is killed and the test fails.
pub const RUN_LIMIT: Duration = Duration::from_secs(120);

/// How long any single reply of a session may take before the test fails.
pub const REPLY_TIMEOUT: Duration = Duration::from_secs(20);

/// How long a whole session may last before the test fails (a binary that keeps talking
/// without ever giving the awaited reply is caught here).
pub const SESSION_LIMIT: Duration = Duration::from_secs(300);

/// The binary with `args`, its log switched off (stderr then carries only what the tests
/// check).
fn command<S: AsRef<OsStr>>(args: &[S]) -> Command {
    let mut c = Command::new(bin());
    c.args(args).env_remove("RUST_LOG");
    c
}

/// What a pipe has yielded so far, and word of when it closed.
type Drained = (Arc<Mutex<Vec<u8>>>, Receiver<()>);

/// Copies everything `pipe` yields into a shared buffer; the receiver hears when it closes.
fn drain(mut pipe: impl Read + Send + 'static) -> Drained {
    let buf = Arc::new(Mutex::new(Vec::new()));
    let (tx, rx) = mpsc::channel();
    let sink = buf.clone();
    thread::spawn(move || {
        let mut chunk = [0; 8192];
        while let Ok(n) = pipe.read(&mut chunk) {
            if n == 0 {
                break;
            }
            sink.lock().unwrap().extend_from_slice(&chunk[..n]);
        }
        let _ = tx.send(());
    });
    (buf, rx)
}

/// Runs `mingmang ARGS` with no input to its end, within [`RUN_LIMIT`].
pub fn run<S: AsRef<OsStr>>(args: &[S]) -> Output {
    run_within(args, RUN_LIMIT)
}

/// Runs `mingmang ARGS` with no input to its end; kills it and fails after `limit`.
pub fn run_within<S: AsRef<OsStr>>(args: &[S], limit: Duration) -> Output {
    let shown: Vec<String> = args
        .iter()
        .map(|a| a.as_ref().to_string_lossy().into_owned())
        .collect();
    let mut child = command(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start mingmang");
    let (out, out_done) = drain(child.stdout.take().unwrap());
    let (err, err_done) = drain(child.stderr.take().unwrap());
    let deadline = Instant::now() + limit;
    let mut pause = Duration::from_millis(1);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for mingmang") {
            break status;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            let text =
                |b: &Arc<Mutex<Vec<u8>>>| String::from_utf8_lossy(&b.lock().unwrap()).into_owned();
            let (out, err) = (text(&out), text(&err));
            let what = format!("mingmang {shown:?} did not finish within {limit:?}");
            panic!("{what}; killed.\nstdout: {out}\nstderr: {err}");
        }
        thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(20));
    };
    // The pipes close when the process (and whatever it started) is gone.
    for done in [out_done, err_done] {
        let closed = done.recv_timeout(REPLY_TIMEOUT);
        assert!(
            closed.is_ok(),
            "mingmang {shown:?} exited but left its output open"
        );
    }
    let take = |b: Arc<Mutex<Vec<u8>>>| std::mem::take(&mut *b.lock().unwrap());
    Output {
        status,
        stdout: take(out),
        stderr: take(err),
    }
}

/// Runs `mingmang ARGS`, which must succeed; its standard output.
pub fn run_ok<S: AsRef<OsStr>>(args: &[S]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "mingmang {:?} failed: {}\n{}",
        args.iter().map(|a| a.as_ref()).collect::<Vec<_>>(),
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Runs `mingmang ARGS`, which must fail cleanly (an exit code, no panic) with `needle` in its
/// standard error; returns the standard error.
pub fn run_fails<S: AsRef<OsStr>>(args: &[S], needle: &str) -> String {
    let shown: Vec<&OsStr> = args.iter().map(|a| a.as_ref()).collect();
    let out = run(args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!out.status.success(), "{shown:?} should fail");
    assert!(out.status.code().is_some(), "{shown:?} killed by a signal");
    assert!(!stderr.contains("panicked"), "{shown:?} panicked: {stderr}");
    assert!(
        stderr.contains(needle),
        "{shown:?}: {needle:?} not in {stderr}"
    );
    stderr
}

/// A running binary talked to line by line.
pub struct Session {
    child: Arc<Mutex<Child>>,
    /// The binary's input; `None` once closed.
    stdin: Option<ChildStdin>,
    /// When the write in progress began, for the watchdog.
    writing: Arc<Mutex<Option<Instant>>>,
    /// Tells the watchdog the session is over.
    over: Arc<AtomicBool>,
    rx: Receiver<(Instant, Option<String>)>,
    pending: VecDeque<(Instant, String)>,
    stderr: Option<Drained>,
    /// Whether every line read must have the protocol's shape ([`check_line_shape`]).
    protocol: bool,
    deadline: Instant,
    /// Every line sent and received, for failure messages.
    pub log: Vec<String>,
}

impl Session {
    /// Starts the protocol engine with `args`; stderr is discarded.
    pub fn start(args: &[&str]) -> Session {
        Session::spawn(args, false, true)
    }

    /// Starts the protocol engine with `args`, keeping stderr for [`Session::finish`].
    pub fn start_capturing_stderr(args: &[&str]) -> Session {
        Session::spawn(args, true, true)
    }

    /// Starts `mingmang gtp` with `args` (GTP frames its own replies; lines are not checked).
    pub fn start_gtp(args: &[&str]) -> Session {
        let args: Vec<&str> = std::iter::once("gtp").chain(args.iter().copied()).collect();
        Session::spawn(&args, false, false)
    }

    /// Starts `mingmang gtp` with `args`, keeping stderr for [`Session::finish`].
    pub fn start_gtp_capturing_stderr(args: &[&str]) -> Session {
        let args: Vec<&str> = std::iter::once("gtp").chain(args.iter().copied()).collect();
        Session::spawn(&args, true, false)
    }

    fn spawn(args: &[&str], capture: bool, protocol: bool) -> Session {
        let mut child = command(args)
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
        let stdin = child.stdin.take();
        let stderr = child.stderr.take().map(drain);
        // Writes are made by the test's own thread, so that lines sent one after the other
        // reach the binary together, as from a GUI; a binary that stops reading would block
        // the write, so a watchdog kills it after REPLY_TIMEOUT (the write then fails).
        let child = Arc::new(Mutex::new(child));
        let writing = Arc::new(Mutex::new(None::<Instant>));
        let over = Arc::new(AtomicBool::new(false));
        let (dog_child, dog_writing, dog_over) = (child.clone(), writing.clone(), over.clone());
        thread::spawn(move || {
            while !dog_over.load(Ordering::Relaxed) {
                let since = *dog_writing.lock().unwrap();
                if since.is_some_and(|t| t.elapsed() > REPLY_TIMEOUT) {
                    let _ = dog_child.lock().unwrap().kill();
                    return;
                }
                thread::sleep(Duration::from_millis(50));
            }
        });
        Session {
            child,
            stdin,
            writing,
            over,
            rx,
            pending: VecDeque::new(),
            stderr,
            protocol,
            deadline: Instant::now() + SESSION_LIMIT,
            log: Vec::new(),
        }
    }

    /// Sends one line; returns when it was written.
    pub fn send(&mut self, line: &str) -> Instant {
        let shown: String = line.chars().take(200).collect();
        self.log.push(format!("> {shown}"));
        self.send_bytes(format!("{line}\n").as_bytes())
    }

    /// Sends raw bytes (for malformed input).
    pub fn send_bytes(&mut self, bytes: &[u8]) -> Instant {
        if let Some(stdin) = self.stdin.as_mut() {
            *self.writing.lock().unwrap() = Some(Instant::now());
            let _ = stdin.write_all(bytes).and_then(|_| stdin.flush());
            *self.writing.lock().unwrap() = None;
        }
        Instant::now()
    }

    /// Closes the binary's input, as at the end of a file.
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    fn fetch(&mut self, timeout: Duration) -> Option<(Instant, String)> {
        if let Some(x) = self.pending.pop_front() {
            return Some(x);
        }
        let left = self.deadline.saturating_duration_since(Instant::now());
        assert!(
            !left.is_zero(),
            "the session lasted longer than {SESSION_LIMIT:?}; so far:\n{}",
            self.tail()
        );
        match self.rx.recv_timeout(timeout.min(left)) {
            Ok((at, Some(line))) => {
                if self.protocol {
                    check_line_shape(&line);
                }
                self.log.push(format!("< {line}"));
                Some((at, line))
            }
            Ok((_, None)) | Err(RecvTimeoutError::Disconnected) => None,
            Err(RecvTimeoutError::Timeout) => None,
        }
    }

    /// The next line with the time it arrived; panics after [`REPLY_TIMEOUT`] or at the end of
    /// the output.
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

    /// Sends `line`, syncs, and returns the lines it produced; the first must contain `needle`
    /// (an error or a reply the test is about).
    pub fn first_contains(&mut self, line: &str, needle: &str) -> Vec<String> {
        self.send(line);
        let lines = self.sync();
        assert!(
            lines.first().is_some_and(|l| l.contains(needle)),
            "{line}: {lines:?} lacks {needle:?}"
        );
        lines
    }

    /// Sends `line` and returns the single `response ...` it produces (after syncing).
    pub fn ask(&mut self, line: &str) -> String {
        self.send(line);
        let lines = self.sync();
        the_response(line, &lines)
    }

    /// Lines of the search up to and including `bestmove`, and the move.
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

    /// The process id (to read what the system says of it, e.g. its memory).
    pub fn pid(&self) -> u32 {
        self.child.lock().unwrap().id()
    }

    /// A memory figure of the process in KiB, as `/proc/<pid>/status` gives it (`VmRSS`
    /// resident now, `VmHWM` the most ever resident); `None` where the system does not say.
    pub fn memory_kib(&self, field: &str) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).ok()?;
        let line = status
            .lines()
            .find(|l| l.strip_prefix(field).is_some_and(|r| r.starts_with(':')))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// Whether the process is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.lock().unwrap().try_wait(), Ok(None))
    }

    /// Waits up to `timeout` for the process to end; panics if it does not.
    pub fn exit_status(&mut self, timeout: Duration) -> ExitStatus {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(s) = self.child.lock().unwrap().try_wait().unwrap() {
                return s;
            }
            assert!(
                Instant::now() < deadline,
                "mingmang did not exit within {timeout:?}; session so far:\n{}",
                self.tail()
            );
            thread::sleep(Duration::from_millis(5));
        }
    }

    /// Sends `quit`, closes input and returns any further output and stderr; checks the exit.
    pub fn finish(mut self) -> (Vec<String>, String) {
        self.send("quit");
        self.close_input();
        let mut rest = Vec::new();
        while let Some((_, line)) = self.fetch(HANG_BOUND) {
            rest.push(line);
        }
        let status = self.exit_status(HANG_BOUND);
        assert!(status.success(), "engine exited with {status}");
        let err = match self.stderr.take() {
            Some((buf, done)) => {
                let _ = done.recv_timeout(HANG_BOUND);
                let bytes = std::mem::take(&mut *buf.lock().unwrap());
                String::from_utf8_lossy(&bytes).into_owned()
            }
            None => String::new(),
        };
        (rest, err)
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.over.store(true, Ordering::Relaxed);
        let mut child = self.child.lock().unwrap();
        let _ = child.kill();
        let _ = child.wait();
    }
}

/// What `query` `line` was answered with, when `lines` is its answer: the one line
/// `response <value>`, the value returned.
pub fn the_response(line: &str, lines: &[String]) -> String {
    assert_eq!(lines.len(), 1, "{line}: {lines:?}");
    lines[0]
        .strip_prefix("response")
        .unwrap_or_else(|| panic!("{line}: {lines:?}"))
        .trim_start()
        .to_string()
}

/// Every protocol output line: no trailing or doubled spaces, no carriage return.
pub fn check_line_shape(line: &str) {
    assert!(!line.contains('\r'), "carriage return in {line:?}");
    assert_eq!(line, line.trim_end(), "trailing whitespace in {line:?}");
    let board_row = line
        .split_once("  ")
        .is_some_and(|(rank, _)| rank.trim_start().parse::<u32>().is_ok());
    if !line.starts_with(' ') && !line.starts_with("info string") && !board_row {
        // Board drawings (`d`: a rank number, two spaces, the squares) aside, everything is
        // single-spaced words.
        assert!(!line.contains("  "), "doubled space in {line:?}");
    }
}

/// The one wall-clock bound the tests set on the binary: long enough that no load of a shared
/// machine reaches it, so it catches a hang (an answer that never comes, a search that is not
/// stopped, a limit that waits for something slow), never a slow run. How fast an answer
/// comes is a benchmark's measure, not a test's; the logic of the time limits is tested on a
/// driven clock (`common::driven`), where it is the same on any machine.
pub const HANG_BOUND: Duration = Duration::from_secs(10);

/// Fails the test when [`HANG_BOUND`] or more passed since `start`.
#[track_caller]
pub fn assert_no_hang(start: Instant, what: &str) {
    let took = start.elapsed();
    assert!(
        took < HANG_BOUND,
        "{what} took {took:?} (hang bound {HANG_BOUND:?})"
    );
}
