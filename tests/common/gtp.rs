//! A GTP session with the real binary (`mingmang gtp`), driven the way GoGui drives it, and the
//! small helpers the GTP test files share.

use mingmang::rules::random::Rng;
use mingmang::rules::{Game, Move};

use super::binary::Session;

/// One running `mingmang gtp` process.
pub struct Gtp(pub Session);

impl Gtp {
    /// Starts `mingmang gtp` with `args`.
    pub fn start(args: &[&str]) -> Gtp {
        Gtp(Session::start_gtp(args))
    }

    /// Sends raw bytes (a line or garbage) and reads one whole response: `(ok, id+text)`.
    pub fn send_raw(&mut self, bytes: &[u8]) -> (bool, String) {
        self.0.send_bytes(bytes);
        self.read_response()
    }

    /// The lines up to the blank line that ends a response: `(ok, id+text)`.
    pub fn read_response(&mut self) -> (bool, String) {
        let mut text = String::new();
        loop {
            let line = self.0.line();
            if line.is_empty() {
                break;
            }
            text.push_str(&line);
            text.push('\n');
        }
        let ok = match text.chars().next() {
            Some('=') => true,
            Some('?') => false,
            _ => panic!("response without = or ?: {text:?}"),
        };
        (ok, text[1..].trim_end().to_string())
    }

    /// Sends a command; the response text without the `=`/`?` mark, as `Ok` or `Err`.
    pub fn send(&mut self, cmd: &str) -> Result<String, String> {
        let (ok, text) = self.send_raw(format!("{cmd}\n").as_bytes());
        let text = text.trim_start().to_string();
        if ok {
            Ok(text)
        } else {
            Err(text)
        }
    }

    /// Sends a command that must be accepted; its response text.
    pub fn ok(&mut self, cmd: &str) -> String {
        self.send(cmd)
            .unwrap_or_else(|e| panic!("'{cmd}' failed: {e}"))
    }

    /// Sends a command that must be refused; the error text.
    pub fn refused(&mut self, cmd: &str) -> String {
        match self.send(cmd) {
            Ok(text) => panic!("'{cmd}' was accepted: {text}"),
            Err(e) => e,
        }
    }

    /// The points GoGui may click now (`gogui-rules_legal_moves`).
    pub fn legal(&mut self) -> Vec<String> {
        words(&self.ok("gogui-rules_legal_moves"))
    }

    /// The board as GoGui's ruler draws it (`gogui-rules_board`).
    pub fn board(&mut self) -> String {
        self.ok("gogui-rules_board")
    }

    /// The side to move, `white` or `black`.
    pub fn side(&mut self) -> String {
        self.ok("gogui-rules_side_to_move")
    }
}

/// The whitespace-separated words of `text`.
pub fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// The colour letter GTP commands take for a side as `gogui-rules_side_to_move` names it.
pub fn color_letter(side: &str) -> &'static str {
    if side == "white" {
        "w"
    } else {
        "b"
    }
}

/// A random legal move of `game` other than a pass.
pub fn random_move(game: &Game, rng: &mut Rng) -> Move {
    let legal: Vec<Move> = game
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| !m.is_pass())
        .collect();
    legal[rng.below(legal.len())]
}
