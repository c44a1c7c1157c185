//! `mingmang-tools latency` against the real engine: every measurement line is there and holds
//! numbers. The figures themselves are not checked (speed is measured in benchmarks, never in
//! timed tests); every run of the command is bounded by a hang limit only.

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

const TOOLS: &str = env!("CARGO_BIN_EXE_mingmang-tools");

/// How long one command may run before it is killed and the test fails (a hang bound, not a
/// timing assertion).
const RUN_LIMIT: Duration = Duration::from_secs(120);

const MEASUREMENTS: [&str; 9] = [
    "isready-idle",
    "isready-searching",
    "stop-infinite",
    "movetime-50-overshoot",
    "clock-50-50",
    "clock-1000+100",
    "depth-1-8x8",
    "depth-1-19x19",
    "quit-searching",
];

/// The engine the workspace's test run builds beside the tools.
fn engine() -> PathBuf {
    let path =
        PathBuf::from(TOOLS).with_file_name(format!("mingmang{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.is_file(),
        "{} is not built: run the tests from the workspace root (`cargo test --release`)",
        path.display()
    );
    path
}

/// Runs `mingmang-tools <args>` to its end: exit success, stdout, stderr.
fn tools(args: &[&str]) -> (bool, String, String) {
    let mut child = Command::new(TOOLS)
        .args(args)
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start mingmang-tools");
    let read = |mut pipe: Box<dyn Read + Send>| {
        thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        })
    };
    let out = read(Box::new(child.stdout.take().unwrap()));
    let err = read(Box::new(child.stderr.take().unwrap()));
    let deadline = Instant::now() + RUN_LIMIT;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("mingmang-tools {args:?} still running after {RUN_LIMIT:?}");
        }
        thread::sleep(Duration::from_millis(20));
    };
    (status.success(), out.join().unwrap(), err.join().unwrap())
}

#[test]
fn every_measurement_is_reported_in_numbers() {
    let engine = engine();
    let engine = engine.to_str().unwrap();
    // Both the default engine (beside the tools) and one named by --engine.
    for args in [
        vec!["latency", "--runs", "2"],
        vec!["latency", "--runs", "2", "--engine", engine],
    ] {
        let (ok, out, err) = tools(&args);
        assert!(ok, "{args:?} failed\nstdout:\n{out}\nstderr:\n{err}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), MEASUREMENTS.len() + 2, "{out}");
        assert_eq!(
            lines[0].split_whitespace().collect::<Vec<_>>(),
            ["measurement", "min", "median", "p90", "max", "(ms)"]
        );
        for (line, name) in lines[1..].iter().zip(MEASUREMENTS) {
            let words: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(words.len(), 5, "{line}");
            assert_eq!(words[0], name, "{out}");
            for w in &words[1..] {
                let x: f64 = w.parse().unwrap_or_else(|_| panic!("{w} in {line}"));
                assert!(x.is_finite(), "{line}");
            }
        }
        let last = lines.last().unwrap();
        assert!(last.starts_with("runs 2  engine mingmang "), "{last}");
    }
}

#[test]
fn an_engine_that_cannot_start_is_a_clear_error() {
    let (ok, out, err) = tools(&[
        "latency",
        "--runs",
        "1",
        "--engine",
        "/nonexistent/engine --flag",
    ]);
    assert!(!ok, "{out}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("cannot start '/nonexistent/engine --flag'"),
        "{err}"
    );
    // A program that starts but speaks no protocol (it exits at once).
    let (ok, _, err) = tools(&["latency", "--runs", "1", "--engine", "true"]);
    assert!(!ok);
    assert!(err.contains("'true' did not start properly"), "{err}");
    let (ok, _, err) = tools(&["latency", "--engine", " "]);
    assert!(!ok);
    assert!(err.contains("--engine: the command is empty"), "{err}");
    let (ok, _, err) = tools(&["latency", "--runs", "0"]);
    assert!(!ok);
    assert!(err.contains("--runs"), "{err}");
}
