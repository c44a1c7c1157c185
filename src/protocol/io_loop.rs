//! The loop: a reader thread turns input into lines on a channel, so the engine answers
//! `isready`, `stop` and `quit` while a search runs on its own thread. End of input is `quit`.

use std::io::{BufRead, Write};
use std::sync::mpsc;
use std::sync::Arc;
use std::thread;

use super::output::Writer;
use super::session::{Flow, ProtocolSession};
use super::settings::Settings;
use crate::input::{read_lines, too_long_message, Input};

/// Runs the protocol on `input` and `output` until `quit` or end of input.
pub fn run_with(
    input: impl BufRead + Send + 'static,
    output: Box<dyn Write + Send>,
    settings: Settings,
) {
    let writer = Arc::new(Writer::new(output));
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || read_lines(input, |line| tx.send(line).is_ok()));
    let mut session = ProtocolSession::new(settings, Arc::clone(&writer));
    for input in rx {
        match input {
            Input::Line(line) => {
                if session.handle_line(&line) == Flow::Quit {
                    break;
                }
            }
            Input::TooLong(n) => writer.error(&too_long_message(n)),
            Input::End => break,
        }
    }
    session.shutdown();
}

/// Runs the protocol on stdin and stdout.
pub fn run(settings: Settings) {
    let stdin = std::io::BufReader::new(std::io::stdin());
    run_with(stdin, Box::new(std::io::stdout()), settings);
}
