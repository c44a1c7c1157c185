//! The loop: a reader thread turns input into lines on a channel, so the engine answers
//! `isready`, `stop` and `quit` while a search runs on its own thread. End of input is `quit`.

use std::io::{BufRead, Read, Write};
use std::sync::mpsc;
use std::sync::Arc;
use std::thread;

use super::engine::{Engine, Flow};
use super::options::Settings;
use super::output::Writer;

/// Longest input line accepted, in bytes; longer lines are discarded with an error.
pub const MAX_LINE: usize = 4 << 20;

/// What the reader thread hands to the loop.
enum Input {
    /// One line, without its line ending.
    Line(String),
    /// A line longer than [`MAX_LINE`] bytes was discarded.
    TooLong(usize),
    /// End of input (or a read error).
    End,
}

fn read_lines(mut input: impl BufRead, tx: mpsc::Sender<Input>) {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match (&mut input)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)
        {
            Ok(0) => break,
            Ok(_) if buf.len() > MAX_LINE && !buf.ends_with(b"\n") => {
                // Skip the rest of the long line.
                let mut skipped = buf.len();
                loop {
                    buf.clear();
                    match (&mut input).take(1 << 16).read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(n) => {
                            skipped += n;
                            if buf.ends_with(b"\n") {
                                break;
                            }
                        }
                    }
                }
                if tx.send(Input::TooLong(skipped)).is_err() {
                    return;
                }
            }
            Ok(_) => {
                let text = String::from_utf8_lossy(&buf);
                let line = text.trim_end_matches(['\n', '\r']).to_string();
                if tx.send(Input::Line(line)).is_err() {
                    return;
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                log::warn!("cannot read input: {e}");
                break;
            }
        }
    }
    let _ = tx.send(Input::End);
}

/// Runs the protocol on `input` and `output` until `quit` or end of input.
pub fn run_with(
    input: impl BufRead + Send + 'static,
    output: Box<dyn Write + Send>,
    settings: Settings,
) {
    let writer = Arc::new(Writer::new(output));
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || read_lines(input, tx));
    let mut engine = Engine::new(settings, Arc::clone(&writer));
    for input in rx {
        match input {
            Input::Line(line) => {
                if engine.handle_line(&line) == Flow::Quit {
                    break;
                }
            }
            Input::TooLong(n) => writer.error(&format!(
                "input line of {n} bytes ignored (at most {MAX_LINE} are accepted)"
            )),
            Input::End => break,
        }
    }
    engine.shutdown();
}

/// Runs the protocol on stdin and stdout.
pub fn run(settings: Settings) {
    let stdin = std::io::BufReader::new(std::io::stdin());
    run_with(stdin, Box::new(std::io::stdout()), settings);
}
