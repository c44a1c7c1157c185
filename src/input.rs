//! Reading the input of a text protocol (the UGI family and GTP alike): line by line, each
//! line at most [`MAX_LINE`] bytes, so that no input, however long its lines, can make the
//! engine hold more than that in memory. Both protocols read on a thread of their own, so the
//! engine can answer `stop`, or GoGui's interrupt, while it searches.

use std::io::{BufRead, Read};

/// Longest input line accepted, in bytes; longer lines are discarded with an error.
pub const MAX_LINE: usize = 4 << 20;

/// What the reader hands on.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Input {
    /// One line, without its line ending.
    Line(String),
    /// A line longer than [`MAX_LINE`] bytes was discarded; it had this many bytes.
    TooLong(usize),
    /// End of input (or a read error).
    End,
}

/// The message that answers a line of `bytes` bytes, too long to be read.
pub fn too_long_message(bytes: usize) -> String {
    format!("input line of {bytes} bytes ignored (at most {MAX_LINE} are accepted)")
}

/// Reads `input` to its end, handing every line to `deliver`, then [`Input::End`]. Stops early
/// when `deliver` returns `false` (its receiver has gone).
pub fn read_lines(mut input: impl BufRead, mut deliver: impl FnMut(Input) -> bool) {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match (&mut input)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)
        {
            Ok(0) => break,
            Ok(_) if buf.len() > MAX_LINE && !buf.ends_with(b"\n") => {
                let skipped = buf.len() + skip_line(&mut input);
                if !deliver(Input::TooLong(skipped)) {
                    return;
                }
            }
            Ok(_) => {
                // Lossy: a stray non-UTF-8 byte is an unknown character, not a reason to stop.
                let text = String::from_utf8_lossy(&buf);
                let line = text.trim_end_matches(['\n', '\r']).to_string();
                if !deliver(Input::Line(line)) {
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
    deliver(Input::End);
}

/// Reads and drops the rest of the current line in small pieces; returns how many bytes it
/// dropped.
fn skip_line(input: &mut impl BufRead) -> usize {
    let mut skipped = 0;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.take(1 << 16).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return skipped,
            Ok(n) => {
                skipped += n;
                if buf.ends_with(b"\n") {
                    return skipped;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_of(bytes: &[u8]) -> Vec<Input> {
        let mut got = Vec::new();
        read_lines(bytes, |i| {
            got.push(i);
            true
        });
        got
    }

    #[test]
    fn lines_endings_and_the_end() {
        assert_eq!(
            lines_of(b"a\r\nb\n\nc"),
            vec![
                Input::Line("a".into()),
                Input::Line("b".into()),
                Input::Line(String::new()),
                Input::Line("c".into()),
                Input::End
            ]
        );
    }

    #[test]
    fn a_line_too_long_is_counted_and_dropped() {
        let mut bytes = vec![b'x'; MAX_LINE + 10];
        bytes.extend_from_slice(b"\nnext\n");
        assert_eq!(
            lines_of(&bytes),
            vec![
                Input::TooLong(MAX_LINE + 11),
                Input::Line("next".into()),
                Input::End
            ]
        );
    }

    #[test]
    fn a_line_of_exactly_the_limit_is_read() {
        let mut bytes = vec![b'x'; MAX_LINE];
        bytes.push(b'\n');
        assert_eq!(lines_of(&bytes)[0], Input::Line("x".repeat(MAX_LINE)));
    }

    #[test]
    fn a_receiver_that_has_gone_stops_the_reader() {
        let mut n = 0;
        read_lines(&b"a\nb\nc\n"[..], |_| {
            n += 1;
            false
        });
        assert_eq!(n, 1);
    }
}
