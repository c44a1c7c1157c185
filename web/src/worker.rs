//! The protocol engine for a Web Worker: the native engine's dialogue, run on one thread.
//!
//! The worker script hands each input line to `mm_worker_line`. `go` and `perft` run to their
//! end inside that call, timed by the host's clock; what ends them early is the host's poll,
//! which reads a flag the page sets when it posts `stop`, `quit` or another `go` (see
//! `web/README.md`). Besides the protocol's commands the worker answers `bench`, with the
//! lines `mingmang bench` prints, so that the two can be compared.

use std::cell::RefCell;
use std::sync::Arc;

use mingmang::bench;
use mingmang::engine_options::Ruleset;
use mingmang::protocol::output::Writer;
use mingmang::protocol::session::{Flow, Inline};
use mingmang::protocol::{ProtocolSession, Settings};

use crate::host::{self, HostClock, LineSink};
use crate::io;

thread_local! {
    static ENGINE: RefCell<Option<ProtocolSession>> = const { RefCell::new(None) };
}

/// Starts (or restarts) the engine; `seed` seeds the lower levels' draw, which the host takes
/// from its own randomness (there is no wall clock here).
#[no_mangle]
pub extern "C" fn mm_worker_start(seed: f64) {
    let writer = Arc::new(Writer::new(Box::new(LineSink::default())));
    let host = Inline {
        clock: Arc::new(HostClock),
        poll: Box::new(host::stop_requested),
        idle: Box::new(host::wait),
        seed: seed as u64,
    };
    let engine = ProtocolSession::single_threaded(Settings::default(), writer, host);
    ENGINE.with(|e| *e.borrow_mut() = Some(engine));
}

/// Handles the input line of `len` bytes written through `mm_input`; returns 1 after `quit`,
/// 0 otherwise. Output lines go to the host as they are written.
#[no_mangle]
pub extern "C" fn mm_worker_line(len: usize) -> i32 {
    let line = io::input(len);
    if line.split_whitespace().next() == Some("bench") {
        run_bench(&line);
        return 0;
    }
    ENGINE.with(|e| {
        let mut e = e.borrow_mut();
        if e.is_none() {
            drop(e);
            mm_worker_start(0.0);
            return mm_worker_line(len);
        }
        match e.as_mut().map(|engine| engine.handle_line(&line)) {
            Some(Flow::Quit) => 1,
            _ => 0,
        }
    })
}

/// What `bench [depth PLIES] [variant NAME]` asks for: `mingmang bench`'s `--depth` and
/// `--variant`.
#[derive(Debug, PartialEq)]
struct BenchArgs {
    depth: u32,
    variant: Option<String>,
}

fn bench_args(line: &str) -> Result<BenchArgs, String> {
    let mut args = BenchArgs {
        depth: bench::DEFAULT_DEPTH,
        variant: None,
    };
    let mut words = line.split_whitespace().skip(1);
    while let Some(word) = words.next() {
        let value = words
            .next()
            .ok_or_else(|| format!("bench: '{word}' needs a value"))?;
        match word {
            "depth" => {
                args.depth = value
                    .parse()
                    .ok()
                    .filter(|d| (1..=64).contains(d))
                    .ok_or_else(|| format!("bench: depth '{value}' is not 1 to 64"))?
            }
            "variant" => args.variant = Some(value.to_string()),
            _ => {
                return Err(format!(
                    "bench: unknown parameter '{word}' (depth, variant)"
                ))
            }
        }
    }
    Ok(args)
}

/// Runs the benchmark, writing what `mingmang bench` prints.
fn run_bench(line: &str) {
    let error = |e: String| host::send(&format!("info string error: {e}"));
    let args = match bench_args(line) {
        Ok(args) => args,
        Err(e) => return error(e),
    };
    let list = match &args.variant {
        None => bench::positions(),
        Some(name) => {
            let mut rules = Ruleset::default();
            if let Err(e) = rules.set("Variant", Some(name)) {
                return error(format!("bench: {e}"));
            }
            bench::variant_positions(rules.rules())
        }
    };
    let (nodes, time) = bench::run_positions_on(&HostClock, list, args.depth, |p, r| {
        host::send(&bench::position_line(p, r))
    });
    for line in bench::summary_lines(nodes, time) {
        host::send(&line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_reads_the_native_flags() {
        assert_eq!(
            bench_args("bench").unwrap(),
            BenchArgs {
                depth: bench::DEFAULT_DEPTH,
                variant: None
            }
        );
        assert_eq!(
            bench_args("bench depth 3 variant gala").unwrap(),
            BenchArgs {
                depth: 3,
                variant: Some("gala".into())
            }
        );
        assert!(bench_args("bench depth").is_err());
        assert!(bench_args("bench depth 0").is_err());
        assert!(bench_args("bench speed 3").is_err());
    }
}
