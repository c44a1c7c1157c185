//! Engine processes and the client side of the protocol (UGI, with UCI and UAI spellings).
//!
//! A thread reads each engine's stdout and passes lines over a channel, so the referee can wait
//! for an answer with a deadline and notice at once when the engine dies (the channel closes).

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::tc::TimeControl;
use super::thinking::info_depth;
use mingmang::rules::Rules;

/// How long an engine may take to start, answer `ugiok`/`readyok` or answer a `query`.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a `query` may take at the end of a game before it counts as unanswered.
pub const QUERY_TIMEOUT: Duration = Duration::from_secs(2);

/// The spelling of the protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proto {
    /// UGI: `ugi`/`ugiok`, `uginewgame`, `p1time`/`p2time`.
    Ugi,
    /// UCI spellings: `uci`/`uciok`, `ucinewgame`, `wtime`/`btime`.
    Uci,
    /// UAI spellings: `uai`/`uaiok`, `uainewgame`, `p1time`/`p2time`.
    Uai,
}

impl Proto {
    /// Reads `ugi`, `uci` or `uai`.
    pub fn parse(text: &str) -> Result<Proto, String> {
        match text.to_ascii_lowercase().as_str() {
            "ugi" => Ok(Proto::Ugi),
            "uci" => Ok(Proto::Uci),
            "uai" => Ok(Proto::Uai),
            _ => Err(format!("unknown protocol '{text}' (ugi, uci or uai)")),
        }
    }

    /// The greeting word, whose answer is this word followed by `ok`.
    pub fn hello(self) -> &'static str {
        match self {
            Proto::Ugi => "ugi",
            Proto::Uci => "uci",
            Proto::Uai => "uai",
        }
    }
}

/// An engine as given on the command line: `cmd=... name=... proto=... option.X=Y query=on`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The command line; split at whitespace (no shell quoting) into program and arguments.
    pub cmd: String,
    /// The name used in records and output.
    pub name: String,
    /// The protocol spelling.
    pub proto: Proto,
    /// Options sent with `setoption` after the rule options (so they can override them).
    pub options: Vec<(String, String)>,
    /// Whether to ask `query gameover` and `query result` at the end of each game; on by
    /// default for UGI, which defines `query`, off for UCI and UAI engines.
    pub query: bool,
    /// Working directory for the process, if not the current one.
    pub dir: Option<String>,
    /// This engine's own limit (`depth=N` or `nodes=N`), in place of the match's time
    /// control, as cutechess-cli's per-engine `depth=`: e.g. depth 4 against depth 3.
    pub limit: Option<TimeControl>,
}

impl EngineSpec {
    /// Reads the `key=value` words of one `--engine` (after those of `--each`, which they
    /// override).
    pub fn parse<S: AsRef<str>>(words: &[S]) -> Result<EngineSpec, String> {
        let mut cmd = None;
        let mut name = None;
        let mut proto = Proto::Ugi;
        let mut query = None;
        let mut dir = None;
        let mut limit = None;
        let mut options: Vec<(String, String)> = Vec::new();
        for w in words {
            let w = w.as_ref();
            let (k, v) = w
                .split_once('=')
                .ok_or_else(|| format!("--engine: '{w}' is not key=value"))?;
            match k {
                "cmd" => cmd = Some(v.to_string()),
                "name" => name = Some(v.to_string()),
                "proto" => proto = Proto::parse(v)?,
                "dir" => dir = Some(v.to_string()),
                "depth" => match v.parse::<u32>() {
                    Ok(d) if d >= 1 => limit = Some(TimeControl::Depth(d)),
                    _ => return Err(format!("--engine: depth={v}: use a whole number >= 1")),
                },
                "nodes" => match v.parse::<u64>() {
                    Ok(n) if n >= 1 => limit = Some(TimeControl::Nodes(n)),
                    _ => return Err(format!("--engine: nodes={v}: use a whole number >= 1")),
                },
                "query" => {
                    query = Some(match v {
                        "on" | "true" | "yes" => true,
                        "off" | "false" | "no" => false,
                        _ => return Err(format!("--engine: query={v}: use on or off")),
                    })
                }
                _ => match k.strip_prefix("option.") {
                    Some(opt) if !opt.is_empty() => {
                        options.retain(|(o, _)| o != opt);
                        options.push((opt.to_string(), v.to_string()));
                    }
                    _ => return Err(format!("--engine: unknown key '{k}'")),
                },
            }
        }
        let cmd = cmd.ok_or("--engine needs cmd=COMMAND")?;
        if cmd.split_whitespace().next().is_none() {
            return Err("--engine: cmd= is empty".into());
        }
        let name = name.unwrap_or_else(|| {
            let prog = cmd.split_whitespace().next().unwrap_or("engine");
            prog.rsplit('/').next().unwrap_or(prog).to_string()
        });
        Ok(EngineSpec {
            cmd,
            name,
            proto,
            options,
            query: query.unwrap_or(proto == Proto::Ugi),
            dir,
            limit,
        })
    }
}

/// Why an engine failed to give a usable answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The process exited, closed its output or could not be written to.
    Crash(String),
    /// No answer within the allowed time.
    Timeout,
}

/// The last lines an engine wrote to stderr that are kept, to say why it failed.
const STDERR_LINES: usize = 5;

/// A running engine process.
struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The last lines of its stderr: an engine that dies usually says why there.
    stderr: Arc<Mutex<VecDeque<String>>>,
}

/// The fault of asking a process that is not running.
fn not_running() -> Fault {
    Fault::Crash("not running".into())
}

impl Process {
    /// The next line of its output, waiting until `deadline`; `None` once its output closed
    /// (it exited).
    fn line_before(&self, deadline: Instant) -> Result<Option<String>, Fault> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(Some(line)),
            Err(RecvTimeoutError::Timeout) => Err(Fault::Timeout),
            Err(RecvTimeoutError::Disconnected) => Ok(None),
        }
    }

    fn spawn(spec: &EngineSpec) -> Result<Process, String> {
        let mut words = spec.cmd.split_whitespace();
        let prog = words.next().expect("checked when parsed");
        let mut command = Command::new(prog);
        command
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            // Engines' diagnostics would garble the progress line; they are not part of the
            // protocol, so they are kept aside, the last few lines only, to explain a crash.
            .stderr(Stdio::piped());
        if let Some(dir) = &spec.dir {
            command.current_dir(dir);
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start '{}': {e}", spec.cmd))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let stderr = child.stderr.take().expect("piped");
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let kept = Arc::new(Mutex::new(VecDeque::new()));
        let sink = kept.clone();
        thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                let mut kept = sink.lock().expect("stderr lock");
                if kept.len() == STDERR_LINES {
                    kept.pop_front();
                }
                kept.push_back(line.chars().take(300).collect());
            }
        });
        Ok(Process {
            child,
            stdin,
            lines: rx,
            stderr: kept,
        })
    }

    /// The engine's last words on stderr, for an error message; empty if it said nothing.
    fn last_words(&self) -> String {
        // The reader thread may still be taking in the last line the process wrote.
        thread::sleep(Duration::from_millis(20));
        let kept = self.stderr.lock().expect("stderr lock");
        let words: Vec<&str> = kept
            .iter()
            .map(|l| l.trim())
            .filter(|l| !l.is_empty())
            .collect();
        if words.is_empty() {
            String::new()
        } else {
            format!("; its stderr ends: {}", words.join(" / "))
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        // A polite `quit` first; a hung or dead engine is killed so no process is left behind.
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let until = Instant::now() + Duration::from_millis(200);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One engine of the match, as used by one worker: started on demand, restarted after a fault.
pub struct EngineProcess {
    /// What to run and how to talk to it.
    pub spec: EngineSpec,
    process: Option<Process>,
    /// How many times the process was started.
    pub starts: u32,
    /// The name it gave in its greeting (`id name ...`), once started.
    pub id_name: Option<String>,
}

impl EngineProcess {
    /// An engine not yet started.
    pub fn new(spec: EngineSpec) -> EngineProcess {
        EngineProcess {
            spec,
            process: None,
            starts: 0,
            id_name: None,
        }
    }

    /// Whether the process is running (as far as we know).
    pub fn is_running(&self) -> bool {
        self.process.is_some()
    }

    /// Stops the process (after a fault), so the next game starts a fresh one.
    pub fn discard(&mut self) {
        self.process = None;
    }

    /// Starts the process if needed: greeting, the rule options, the user's options, then
    /// `isready`.
    pub fn ensure_started(&mut self, rules: &Rules) -> Result<(), String> {
        if self.process.is_some() {
            return Ok(());
        }
        self.start_with(rule_options(rules))
    }

    /// Starts a new process: greeting, the `setoption` pairs `first`, the user's options,
    /// then `isready`. A match gives the rule options first; the latency benchmark none, so
    /// the engine plays its defaults.
    pub fn start_with(&mut self, first: Vec<(String, String)>) -> Result<(), String> {
        self.process = None;
        self.process = Some(Process::spawn(&self.spec)?);
        self.starts += 1;
        let hello = self.spec.proto.hello();
        let ok = format!("{hello}ok");
        let result = (|| {
            self.send(hello)?;
            let mut id_name = None;
            self.wait_for(
                |l| {
                    if let Some(name) = l.trim().strip_prefix("id name ") {
                        id_name = Some(name.to_string());
                    }
                    l.trim() == ok
                },
                HANDSHAKE_TIMEOUT,
            )?;
            self.id_name = id_name;
            for (name, value) in first {
                self.send(&format!("setoption name {name} value {value}"))?;
            }
            for (name, value) in self.spec.options.clone() {
                self.send(&format!("setoption name {name} value {value}"))?;
            }
            self.sync(HANDSHAKE_TIMEOUT)
        })();
        result.map_err(|f| {
            self.discard();
            format!(
                "'{}' did not start properly: {}",
                self.spec.name,
                describe(&f)
            )
        })
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), Fault> {
        let p = self.process.as_mut().ok_or_else(not_running)?;
        writeln!(p.stdin, "{line}")
            .and_then(|_| p.stdin.flush())
            .map_err(|e| {
                // Usually the engine has exited: say how, and what it said last.
                let status = match p.child.try_wait() {
                    Ok(Some(status)) => format!(" (it exited: {status})"),
                    _ => String::new(),
                };
                Fault::Crash(format!(
                    "cannot write to the engine: {e}{status}{}",
                    p.last_words()
                ))
            })
    }

    /// Waits for a line satisfying `wanted`, skipping others; returns it.
    pub fn wait_for(
        &mut self,
        mut wanted: impl FnMut(&str) -> bool,
        timeout: Duration,
    ) -> Result<String, Fault> {
        let deadline = Instant::now() + timeout;
        let p = self.process.as_mut().ok_or_else(not_running)?;
        while let Some(line) = p.line_before(deadline)? {
            if wanted(&line) {
                return Ok(line);
            }
        }
        let status = p
            .child
            .wait()
            .map(|s| s.to_string())
            .unwrap_or_else(|e| e.to_string());
        Err(Fault::Crash(format!(
            "the engine exited ({status}){}",
            p.last_words()
        )))
    }

    /// Sends `quit` and waits up to `timeout` for the process to exit, returning its exit
    /// status. The process is gone afterwards either way (killed if it did not exit in time).
    pub fn quit(&mut self, timeout: Duration) -> Result<ExitStatus, Fault> {
        self.send("quit")?;
        let deadline = Instant::now() + timeout;
        let mut p = self.process.take().ok_or_else(not_running)?;
        // Its stdout closes as it exits: that is waited for without polling, then the exit.
        while p.line_before(deadline)?.is_some() {}
        loop {
            match p.child.try_wait() {
                Ok(Some(status)) => return Ok(status),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(1)),
                Ok(None) => return Err(Fault::Timeout),
                Err(e) => return Err(Fault::Crash(format!("cannot wait for the engine: {e}"))),
            }
        }
    }

    /// `isready`, waiting for `readyok`.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), Fault> {
        self.send("isready")?;
        self.wait_for(|l| l.trim() == "readyok", timeout)
            .map(|_| ())
    }

    /// Tells the engine a new game starts.
    pub fn new_game(&mut self) -> Result<(), Fault> {
        let cmd = format!("{}newgame", self.spec.proto.hello());
        self.send(&cmd)?;
        self.sync(HANDSHAKE_TIMEOUT)
    }

    /// Sends `position` and `go`, and waits up to `allowance` for `bestmove`. Returns the word
    /// after `bestmove` (empty if there was none), the time taken and the depth the engine
    /// last reported on the way.
    pub fn think(
        &mut self,
        position: &str,
        go: &str,
        allowance: Duration,
    ) -> Result<(String, Duration, Option<u32>), Fault> {
        self.send(position)?;
        let start = Instant::now();
        self.send(&format!("go {go}"))?;
        let mut depth = None;
        let line = self.wait_for(
            |l| {
                if let Some(d) = info_depth(l) {
                    depth = Some(d);
                }
                l.split_whitespace().next() == Some("bestmove")
            },
            allowance,
        )?;
        let used = start.elapsed();
        let word = line.split_whitespace().nth(1).unwrap_or("").to_string();
        Ok((word, used, depth))
    }

    /// Asks `query <what>` about `position` and returns the answer after `response`, or `None`
    /// if the engine gave none in time.
    pub fn query(&mut self, position: &str, what: &str) -> Option<String> {
        self.send(position).ok()?;
        self.send(&format!("query {what}")).ok()?;
        let line = self
            .wait_for(
                |l| l.split_whitespace().next() == Some("response"),
                QUERY_TIMEOUT,
            )
            .ok()?;
        Some(
            line.split_whitespace()
                .skip(1)
                .collect::<Vec<_>>()
                .join(" "),
        )
    }
}

/// A fault in words, for records.
pub fn describe(fault: &Fault) -> String {
    match fault {
        Fault::Crash(why) => why.clone(),
        Fault::Timeout => "no answer in time".into(),
    }
}

/// The `setoption` pairs that tell an engine the rules of the match: every rule option of
/// [`mingmang::rules::RULE_OPTIONS`], at its default or not, so an engine never plays by a default
/// that differs from the referee's.
pub fn rule_options(rules: &Rules) -> Vec<(String, String)> {
    let settings = rules.settings();
    mingmang::rules::RULE_OPTIONS
        .iter()
        .map(|o| (o.spec.name.to_string(), o.get(&settings).to_string()))
        .collect()
}

/// Checks the `option.NAME=VALUE` words of an engine that runs this very program, whose
/// options are known here: each must name one of its options (the engine's or the rules') with
/// a value that option takes (an `EvalFile` must be a readable weights file, found from the
/// engine's directory). Without the check a misspelt option is only an `info string error` in
/// the engine's output, and the match plays without it.
pub fn check_own_options(spec: &EngineSpec) -> Result<(), String> {
    use mingmang::engine_options::{self, EngineOptions};
    use mingmang::rules::rule_options;
    for (name, value) in &spec.options {
        let at = |e: String| format!("--engine {}: option.{name}: {e}", spec.name);
        if let Some(option) = rule_options::find(name) {
            option.spec.parse(Some(value)).map_err(at)?;
        } else if let Some(option) = engine_options::find(name) {
            let value = match (option.spec.name, &spec.dir) {
                ("EvalFile", Some(dir)) if std::path::Path::new(value).is_relative() => {
                    std::path::Path::new(dir).join(value).display().to_string()
                }
                _ => value.clone(),
            };
            EngineOptions::default()
                .set(option.spec.name, Some(&value))
                .map_err(at)?;
        } else {
            let known: Vec<&str> = engine_options::ENGINE_OPTIONS
                .iter()
                .map(|o| o.spec.name)
                .chain(mingmang::rules::RULE_OPTIONS.iter().map(|o| o.spec.name))
                .collect();
            return Err(at(format!(
                "mingmang has no such option (its options: {})",
                known.join(", ")
            )));
        }
    }
    Ok(())
}
