//! Protocol input: one line of text becomes a [`Command`], or a precise error saying what is wrong
//! and where. Nothing here knows the game; moves stay text until the engine checks them against
//! its position.

pub use crate::rules::notation::quote;
use std::fmt;
use std::str::FromStr;

use crate::frontend::Limits;

/// Which family of the protocol the front end greeted us in. The engine answers in the same
/// spelling (`ugiok`, `uciok` or `uaiok`); the commands themselves are accepted in any spelling.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Spelling {
    /// Universal Game Interface (`ugi`, `uginewgame`, `p1time`...).
    #[default]
    Ugi,
    /// Universal Chess Interface spellings (`uci`, `ucinewgame`, `wtime`...).
    Uci,
    /// Universal Ataxx Interface spellings (`uai`, `uainewgame`).
    Uai,
}

impl Spelling {
    /// The greeting word: `ugi`, `uci` or `uai`.
    pub fn word(self) -> &'static str {
        match self {
            Spelling::Ugi => "ugi",
            Spelling::Uci => "uci",
            Spelling::Uai => "uai",
        }
    }
}

/// Where a `position` command starts from.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Start {
    /// The start position of the current rules.
    StartPos,
    /// A position string (board and side to move); its board decides the size.
    Fen(String),
}

/// The move list of a `position` command: its words, kept in one string with a single space
/// between them. A front end resends the whole game at every move, ten thousand words in a
/// long game, so the words are not split into strings of their own, and the list is compared
/// with the previous one as a whole (see [`MoveTexts::shared_with`]).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct MoveTexts(String);

impl MoveTexts {
    /// The move list written in `text`: its words, separated by any whitespace.
    pub fn new(text: &str) -> MoveTexts {
        let text = text.trim();
        // As front ends write it: single spaces only, kept as it is.
        let single_spaced = text.is_ascii()
            && !text.contains("  ")
            && !text.bytes().any(|b| b.is_ascii_whitespace() && b != b' ');
        if single_spaced {
            return MoveTexts(text.to_string());
        }
        let mut list = String::with_capacity(text.len());
        for word in text.split_whitespace() {
            if !list.is_empty() {
                list.push(' ');
            }
            list.push_str(word);
        }
        MoveTexts(list)
    }

    /// The moves, in order.
    pub fn iter(&self) -> impl Iterator<Item = &str> + '_ {
        self.0.split(' ').filter(|w| !w.is_empty())
    }

    /// How many moves there are.
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    /// Whether there is no move.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many moves, from the first, this list has in common with `older`, written the
    /// same way, and the moves after them. Found by comparing the two texts as bytes, so it
    /// costs about a microsecond per thousand moves.
    pub fn shared_with(&self, older: &MoveTexts) -> (usize, impl Iterator<Item = &str> + '_) {
        let (new, old) = (self.0.as_bytes(), older.0.as_bytes());
        let same = common_prefix(new, old);
        // Every space in the common part ends a move both lists have; so does the end of the
        // common part if it ends a move in both.
        let ends_word = |text: &[u8]| same == text.len() || text[same] == b' ';
        let spaces = new[..same].iter().filter(|&&b| b == b' ').count();
        let (words, next) = if same > 0 && ends_word(new) && ends_word(old) {
            (spaces + 1, (same + 1).min(new.len()))
        } else {
            let start = new[..same]
                .iter()
                .rposition(|&b| b == b' ')
                .map_or(0, |i| i + 1);
            (spaces, start)
        };
        (words, self.0[next..].split(' ').filter(|w| !w.is_empty()))
    }
}

/// The length of the longest common prefix of `a` and `b`, compared a block at a time.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 64;
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + BLOCK <= n && a[i..i + BLOCK] == b[i..i + BLOCK] {
        i += BLOCK;
    }
    i + a[i..n]
        .iter()
        .zip(&b[i..n])
        .take_while(|(x, y)| x == y)
        .count()
}

/// A `query` question.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Query {
    /// Is the game over? `true`/`false`.
    GameOver,
    /// Is it p1's (White's) turn? `true`/`false`.
    P1Turn,
    /// Is it p2's (Black's) turn? `true`/`false`.
    P2Turn,
    /// `p1win`, `p2win`, `draw` or `none`.
    Result,
    /// The legal moves.
    Moves,
    /// The current position string.
    Fen,
    /// Is this move legal now? `true`/`false`.
    IsLegal(String),
}

/// One protocol command.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// `ugi`, `uci` or `uai`: identify and list the options.
    Hello(Spelling),
    /// `isready`: answer `readyok`.
    IsReady,
    /// `setoption name <id> [value <x>]`.
    SetOption {
        /// The option's name, words joined by single spaces (matched ignoring case).
        name: String,
        /// The value, if one was given.
        value: Option<String>,
    },
    /// `uginewgame`, `ucinewgame` or `uainewgame` (in the spelling it came in).
    NewGame(Spelling),
    /// `position startpos|fen <string> [moves ...]`.
    Position {
        /// Where the game starts.
        start: Start,
        /// The moves played since (the history rule 7 counts), as text.
        moves: MoveTexts,
    },
    /// `go ...`: start a search, its parameters read into the facade's [`Limits`], the one
    /// type that GTP and the bindings fill too (times in milliseconds, moves still text).
    Go(Limits),
    /// A `go` whose parameters cannot be carried out (malformed, unknown, `ponder`): refused
    /// with this error, but still answered with a `bestmove`, which a front end waits for.
    BadGo(ParseError),
    /// `perft <depth>` or `go perft <depth>`.
    Perft(u32),
    /// `stop`: end the search now.
    Stop,
    /// `quit`: leave.
    Quit,
    /// `query ...`.
    Query(Query),
    /// `d`: draw the board.
    Display,
}

/// Why a line is not a valid command; the message names the offending word.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseError {}

/// Deepest `perft` accepted.
pub const MAX_PERFT_DEPTH: u32 = crate::rules::perft::MAX_DEPTH;

fn err<T>(msg: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError(msg.into()))
}

/// Reads the number after `what`, a whole number in `range` (written out for the message,
/// e.g. "1 to 4294967295"; values outside `T`'s own range are refused by parsing).
fn number<T: FromStr>(what: &str, word: Option<&str>, range: &str) -> Result<T, ParseError> {
    let word = match word {
        Some(w) => w,
        None => return err(format!("'{what}' needs a number after it")),
    };
    word.parse::<T>().or_else(|_| {
        err(format!(
            "'{what}' needs a whole number from {range}, not '{}'",
            quote(word)
        ))
    })
}

/// Longest time accepted, in milliseconds (about 35 years); longer times are cut to it so
/// that no clock arithmetic can overflow.
pub const MAX_MILLIS: u64 = 1 << 40;

/// Reads a time in milliseconds. Negative values (some interfaces send them once a flag falls)
/// count as zero; values above [`MAX_MILLIS`] count as [`MAX_MILLIS`].
fn millis(what: &str, word: Option<&str>) -> Result<u64, ParseError> {
    let word = word.ok_or_else(|| ParseError(format!("'{what}' needs a number after it")))?;
    let value: i64 = word.parse().or_else(|_| {
        err(format!(
            "'{what}' needs a time in whole milliseconds, not '{}'",
            quote(word)
        ))
    })?;
    Ok((value.max(0) as u64).min(MAX_MILLIS))
}

fn parse_go(words: &[&str]) -> Result<Command, ParseError> {
    if words.first() == Some(&"perft") {
        return parse_perft(&words[1..], "go perft");
    }
    let mut go = Limits::default();
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        let next = words.get(i + 1).copied();
        i += 2;
        match key {
            "p1time" | "wtime" => go.white_time_ms = Some(millis(key, next)?),
            "p2time" | "btime" => go.black_time_ms = Some(millis(key, next)?),
            "p1inc" | "winc" => go.white_increment_ms = Some(millis(key, next)?),
            "p2inc" | "binc" => go.black_increment_ms = Some(millis(key, next)?),
            "movetime" => go.move_time_ms = Some(millis(key, next)?),
            "movestogo" => go.moves_to_go = Some(number(key, next, "0 to 4294967295")?),
            "depth" => go.depth = Some(number(key, next, "0 to 4294967295")?),
            "nodes" => go.nodes = Some(number(key, next, "0 to 18446744073709551615")?),
            "infinite" => {
                go.infinite = true;
                i -= 1;
            }
            "ponder" => {
                return err("'ponder': this engine does not ponder (it has no Ponder option)")
            }
            "searchmoves" => {
                go.search_moves = words[i - 1..].iter().map(|w| w.to_string()).collect();
                if go.search_moves.is_empty() {
                    return err("'searchmoves' needs at least one move");
                }
                i = words.len();
            }
            other => {
                return err(format!(
                    "unknown go parameter '{}' (word {} after go)",
                    quote(other),
                    i - 1
                ))
            }
        }
    }
    Ok(Command::Go(go))
}

fn parse_perft(words: &[&str], what: &str) -> Result<Command, ParseError> {
    let depth: u32 = number(
        what,
        words.first().copied(),
        &format!("0 to {MAX_PERFT_DEPTH}"),
    )?;
    if depth > MAX_PERFT_DEPTH {
        return err(format!(
            "perft depth {depth} is too deep (at most {MAX_PERFT_DEPTH})"
        ));
    }
    if let Some(extra) = words.get(1) {
        return err(format!(
            "unexpected '{}' after {what} {depth}",
            quote(extra)
        ));
    }
    Ok(Command::Perft(depth))
}

/// `position ...`, from the text after the word `position`. Only the words before `moves` are
/// split here; the move list after it is kept whole (see [`MoveTexts`]).
fn parse_position(rest: &str) -> Result<Command, ParseError> {
    let mut head: Vec<&str> = Vec::new();
    let mut moves = "";
    for word in rest.split_whitespace() {
        if word == "moves" {
            // The word is a slice of `rest`: the list is what follows it.
            let end = word.as_ptr() as usize - rest.as_ptr() as usize + word.len();
            moves = &rest[end..];
            break;
        }
        head.push(word);
    }
    let start = match head.first() {
        Some(&"startpos") => {
            if let Some(extra) = head.get(1) {
                return err(format!(
                    "unexpected '{}' after 'position startpos' (expected 'moves')",
                    quote(extra)
                ));
            }
            Start::StartPos
        }
        Some(&"fen") => {
            if head.len() < 2 {
                return err("'position fen' needs a position string");
            }
            Start::Fen(head[1..].join(" "))
        }
        Some(other) => {
            return err(format!(
                "'position' must be followed by 'startpos' or 'fen', not '{}'",
                quote(other)
            ))
        }
        None => return err("'position' must be followed by 'startpos' or 'fen'"),
    };
    // "moves" with nothing after it is accepted: an empty move list.
    Ok(Command::Position {
        start,
        moves: MoveTexts::new(moves),
    })
}

fn parse_setoption(words: &[&str]) -> Result<Command, ParseError> {
    if words.first() != Some(&"name") {
        return err("'setoption' must be followed by 'name <id> [value <x>]'");
    }
    let rest = &words[1..];
    let (name, value) = match rest.iter().position(|w| *w == "value") {
        Some(at) => (&rest[..at], Some(rest[at + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return err("'setoption name' needs an option name");
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn parse_query(words: &[&str]) -> Result<Command, ParseError> {
    let q = match words.first().copied() {
        Some("gameover") => Query::GameOver,
        Some("p1turn") => Query::P1Turn,
        Some("p2turn") => Query::P2Turn,
        Some("result") => Query::Result,
        Some("moves") => Query::Moves,
        Some("fen") => Query::Fen,
        Some("islegal") => match words.get(1) {
            Some(m) if words.len() == 2 => Query::IsLegal(m.to_string()),
            Some(_) => return err("'query islegal' takes exactly one move"),
            None => return err("'query islegal' needs a move"),
        },
        Some(other) => {
            return err(format!(
                "unknown query '{}' (known: gameover p1turn p2turn result moves fen islegal)",
                quote(other)
            ))
        }
        None => {
            return err(
                "'query' needs a question (gameover p1turn p2turn result moves fen islegal)",
            )
        }
    };
    if !matches!(q, Query::IsLegal(_)) && words.len() > 1 {
        return err(format!(
            "unexpected '{}' after 'query {}'",
            quote(words[1]),
            words[0]
        ));
    }
    Ok(Command::Query(q))
}

fn no_args(cmd: Command, name: &str, words: &[&str]) -> Result<Command, ParseError> {
    match words.first() {
        None => Ok(cmd),
        Some(extra) => err(format!("unexpected '{}' after '{name}'", quote(extra))),
    }
}

impl FromStr for Command {
    type Err = ParseError;

    /// Parses one line. Words are separated by any whitespace; keywords are case-sensitive, as
    /// in UCI; option names are not.
    fn from_str(line: &str) -> Result<Command, ParseError> {
        let line = line.trim();
        // `position` reads the text after its first word itself: a long move list is not split
        // into words here.
        if let Some(rest) = line.strip_prefix("position") {
            if rest.is_empty() || rest.starts_with(char::is_whitespace) {
                return parse_position(rest);
            }
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let (head, rest) = match words.split_first() {
            Some((h, r)) => (*h, r),
            None => return err("empty line"),
        };
        match head {
            "ugi" => no_args(Command::Hello(Spelling::Ugi), head, rest),
            "uci" => no_args(Command::Hello(Spelling::Uci), head, rest),
            "uai" => no_args(Command::Hello(Spelling::Uai), head, rest),
            "isready" => no_args(Command::IsReady, head, rest),
            "uginewgame" => no_args(Command::NewGame(Spelling::Ugi), head, rest),
            "ucinewgame" => no_args(Command::NewGame(Spelling::Uci), head, rest),
            "uainewgame" => no_args(Command::NewGame(Spelling::Uai), head, rest),
            "setoption" => parse_setoption(rest),
            // Every `go` gets a `bestmove`, a malformed one included (see `Command::BadGo`);
            // `go perft` is perft, which answers with counts, not a move.
            "go" => match parse_go(rest) {
                Err(e) if rest.first() != Some(&"perft") => Ok(Command::BadGo(e)),
                result => result,
            },
            "perft" => parse_perft(rest, "perft"),
            "stop" => no_args(Command::Stop, head, rest),
            "quit" => no_args(Command::Quit, head, rest),
            "query" => parse_query(rest),
            "d" => no_args(Command::Display, head, rest),
            other => err(format!("unknown command '{}'", quote(other))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<Command, ParseError> {
        s.parse()
    }

    #[test]
    fn commands_parse() {
        assert_eq!(parse("uci").unwrap(), Command::Hello(Spelling::Uci));
        assert_eq!(
            parse("setoption name Clear  Hash").unwrap(),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
        assert_eq!(
            parse("position fen 4/4/4/4 w moves a1a2 b1-b3").unwrap(),
            Command::Position {
                start: Start::Fen("4/4/4/4 w".into()),
                moves: MoveTexts::new("a1a2  b1-b3\t")
            }
        );
        let Command::Go(go) = parse("go wtime 100 p2time -5 binc 3 movestogo 4 infinite").unwrap()
        else {
            panic!()
        };
        assert_eq!((go.white_time_ms, go.black_time_ms), (Some(100), Some(0)));
        assert_eq!(
            (go.white_increment_ms, go.black_increment_ms),
            (None, Some(3))
        );
        assert!(go.infinite);
        assert_eq!(parse("go perft 3").unwrap(), Command::Perft(3));
        assert_eq!(
            parse("query islegal a1a2").unwrap(),
            Command::Query(Query::IsLegal("a1a2".into()))
        );
    }

    #[test]
    fn errors_name_the_word() {
        for (line, needle) in [
            ("", "empty"),
            ("bogus", "'bogus'"),
            ("go perft x", "'x'"),
            ("position", "startpos"),
            ("position fen", "position string"),
            ("position startpos foo", "'foo'"),
            ("setoption Hash", "name"),
            ("query", "question"),
            ("query islegal", "needs a move"),
            ("perft 99", "too deep"),
            ("isready now", "'now'"),
        ] {
            let e = parse(line).expect_err(line);
            assert!(e.0.contains(needle), "{line:?}: {e}");
        }
        // A malformed `go` is still a `go`: it will be answered.
        for (line, needle) in [
            ("go depth x", "'x'"),
            ("go depth", "needs a number"),
            ("go frobnicate 3", "'frobnicate'"),
            ("go ponder wtime 10", "does not ponder"),
        ] {
            let Ok(Command::BadGo(e)) = parse(line) else {
                panic!("{line:?}: {:?}", parse(line))
            };
            assert!(e.0.contains(needle), "{line:?}: {e}");
        }
        let Ok(Command::Go(go)) = parse("go depth 0") else {
            panic!()
        };
        assert_eq!(go.depth, Some(0));
    }
}
