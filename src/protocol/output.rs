//! Protocol output: the one writer that touches stdout, and the formatting of every line the
//! engine sends.

use std::io::Write;
use std::sync::Mutex;
use std::time::Duration;

use crate::rules::{Color, Game, Move, Square};
use crate::search::{Score, SearchInfo};

/// The single owner of the output stream. Each line is written whole, without trailing
/// whitespace, and flushed at once; threads share it behind an `Arc`.
pub struct Writer {
    out: Mutex<Box<dyn Write + Send>>,
}

impl Writer {
    /// A writer over `out` (stdout in the engine, a buffer in tests).
    pub fn new(out: Box<dyn Write + Send>) -> Writer {
        Writer {
            out: Mutex::new(out),
        }
    }

    /// Sends one line. Write errors (the front end went away) are logged and otherwise
    /// ignored: end of input will follow and end the engine.
    pub fn send(&self, line: &str) {
        let line = line.trim_end();
        log::debug!("< {line}");
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        let result = out
            .write_all(line.as_bytes())
            .and_then(|_| out.write_all(b"\n"))
            .and_then(|_| out.flush());
        if let Err(e) = result {
            log::warn!("cannot write to the front end: {e}");
        }
    }

    /// Sends `info string error: <what>`.
    pub fn error(&self, what: &str) {
        log::info!("error: {what}");
        self.send(&format!("info string error: {}", one_line(what)));
    }
}

/// Keeps a message on one line.
fn one_line(text: &str) -> String {
    text.replace(['\n', '\r'], " ")
}

/// A score in protocol form: `cp N`, or `mate N` in moves (UCI's convention: positive when the
/// side to move wins, counted in its own moves).
pub fn score(s: Score) -> String {
    match s {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(plies) if plies > 0 => format!("mate {}", (plies + 1) / 2),
        Score::Mate(plies) => format!("mate -{}", (-plies) / 2),
    }
}

fn millis(t: Duration) -> u128 {
    t.as_millis()
}

/// Nodes per second from a node count and a time.
pub fn nps(nodes: u64, time: Duration) -> u64 {
    (nodes as f64 / time.as_secs_f64().max(1e-3)) as u64
}

/// A progress line: `info depth D seldepth S multipv K score ... nodes N nps R time T hashfull H
/// pv ...`.
pub fn info(i: &SearchInfo) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} hashfull {}",
        i.depth,
        i.seldepth,
        i.multipv,
        score(i.score),
        i.nodes,
        i.nps,
        millis(i.time),
        i.hashfull
    );
    if !i.pv.is_empty() {
        line.push_str(" pv");
        for m in &i.pv {
            line.push(' ');
            line.push_str(&m.to_string());
        }
    }
    line
}

/// The last line before `bestmove`: `info nodes N time T nps R`.
pub fn final_info(nodes: u64, time: Duration) -> String {
    format!(
        "info nodes {nodes} time {} nps {}",
        millis(time),
        nps(nodes, time)
    )
}

/// `bestmove <m>`, or `bestmove 0000` with no move. Always exactly two words.
pub fn bestmove(m: Option<Move>) -> String {
    match m {
        Some(m) => format!("bestmove {m}"),
        None => "bestmove 0000".to_string(),
    }
}

/// The board drawn for a person reading the log (the `d` command), one string per line. The
/// drawing is the one `docs/rules.md` uses for its diagrams: the letters of the position
/// string (`w`, `b`, `W` and `B` for kings and the hunter, `.` for an empty square), the rank
/// number and two spaces before each rank, the file letters below.
pub fn board(game: &Game) -> Vec<String> {
    let pos = game.position();
    let size = pos.size();
    let mut lines = Vec::new();
    let files: Vec<String> = (0..size.width())
        .map(|f| ((b'a' + f as u8) as char).to_string())
        .collect();
    for r in (0..size.height()).rev() {
        let squares: Vec<String> = (0..size.width())
            .map(|f| {
                let sq = Square::new(f, r);
                let letter = match pos.piece_at(sq) {
                    Some(Color::White) => 'w',
                    Some(Color::Black) => 'b',
                    None => '.',
                };
                let letter = if pos.is_king(sq) {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                };
                letter.to_string()
            })
            .collect();
        lines.push(format!("{:>2}  {}", r + 1, squares.join(" ")));
    }
    lines.push(format!("    {}", files.join(" ")));
    lines.push(format!("position {}", crate::rules::format_position(pos)));
    lines.push(format!("rules {}", game.rules()));
    lines.push(format!(
        "to move {} ({}), plies {}, pieces white {} black {}",
        game.side_to_move().name(),
        if game.side_to_move() == Color::White {
            "p1"
        } else {
            "p2"
        },
        game.plies(),
        pos.count(Color::White),
        pos.count(Color::Black)
    ));
    if pos.hand(Color::White) + pos.hand(Color::Black) > 0 {
        lines.push(format!(
            "in hand white {} black {}",
            pos.hand(Color::White),
            pos.hand(Color::Black)
        ));
    }
    let outcome = match game.outcome() {
        crate::rules::Outcome::Ongoing => "ongoing".to_string(),
        crate::rules::Outcome::Win(c, why) => format!("{} wins: {}", c.name(), why.describe()),
        crate::rules::Outcome::Draw(why) => format!("draw: {}", why.describe()),
    };
    lines.push(format!("outcome {outcome}"));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores() {
        assert_eq!(score(Score::Cp(-30)), "cp -30");
        assert_eq!(score(Score::Mate(1)), "mate 1");
        assert_eq!(score(Score::Mate(3)), "mate 2");
        assert_eq!(score(Score::Mate(-2)), "mate -1");
        assert_eq!(bestmove(None), "bestmove 0000");
    }
}
