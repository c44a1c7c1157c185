//! The record format: one line per position of a self-play game, in plain text so that shards
//! made on different machines simply concatenate.
//!
//! ```text
//! #rules --variant mingmang --size 8x8 --max-plies 400
//! wbbbbbbb/w6b/w6b/w6b/w6b/w6b/1w5b/wwwwwwwb b | -12 | 1-0 | 5 | h7g7
//! ```
//!
//! A `#rules` line gives the rules of the records after it, written as the command-line rule
//! flags; every file (every shard) starts with one, so a concatenation stays correct. Other
//! lines starting with `#` and blank lines are comments. A record is five fields separated by
//! ` | `: the position string, the search's score for the side to move (centi-pieces, or
//! `mate N` as in the protocol), the game's result from White's side (`1-0`, `0-1`,
//! `1/2-1/2`), the ply of the position in its game, and the move played.

use std::fmt;
use std::path::Path;

use crate::bounded_io::RECORDS_FILE_LIMIT;
use mingmang::cli::RuleArgs;
use mingmang::rules::Color;
use mingmang::rules::{parse_position, Game, Outcome, Rules};
use mingmang::rules::{ValueType, RULE_OPTIONS};

/// A game's result from White's side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameResult {
    /// White won.
    WhiteWin,
    /// Black won.
    BlackWin,
    /// Nobody won.
    Draw,
}

impl GameResult {
    /// The result of a finished game; `None` while it goes on.
    pub fn of(outcome: Outcome) -> Option<GameResult> {
        match outcome {
            Outcome::Ongoing => None,
            Outcome::Win(Color::White, _) => Some(GameResult::WhiteWin),
            Outcome::Win(Color::Black, _) => Some(GameResult::BlackWin),
            Outcome::Draw(_) => Some(GameResult::Draw),
        }
    }

    /// White's score: 1, 0.5 or 0.
    pub fn white_score(self) -> f64 {
        match self {
            GameResult::WhiteWin => 1.0,
            GameResult::Draw => 0.5,
            GameResult::BlackWin => 0.0,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameResult::WhiteWin => "1-0",
            GameResult::BlackWin => "0-1",
            GameResult::Draw => "1/2-1/2",
        })
    }
}

/// A search score as recorded: centi-pieces, or a forced result in plies.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RecordScore {
    /// Centi-pieces for the side to move.
    Cp(i32),
    /// A forced result: positive wins in that many plies, negative loses.
    Mate(i32),
}

impl fmt::Display for RecordScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordScore::Cp(cp) => cp.fmt(f),
            RecordScore::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// One position of a self-play game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Record {
    /// The position string.
    pub position: String,
    /// The search's score for the side to move.
    pub score: RecordScore,
    /// How the game ended.
    pub result: GameResult,
    /// Plies played before this position in its game.
    pub ply: usize,
    /// The move played from it.
    pub mv: String,
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} | {} | {} | {} | {}",
            self.position, self.score, self.result, self.ply, self.mv
        )
    }
}

impl Record {
    /// The record's position as a game under `rules`, at the record's ply, after checking
    /// that the position is on the rules' board, the game is not over there and the move is
    /// legal in it.
    pub fn game(&self, rules: &Rules) -> Result<Game, String> {
        let position = parse_position(&self.position)?;
        let game = Game::from_position(*rules, position)?.at_ply(self.ply);
        if game.outcome().is_over() {
            return Err(format!("the game is over in '{}'", self.position));
        }
        game.parse_move(&self.mv)
            .map_err(|e| format!("the move '{}': {e}", self.mv))?;
        Ok(game)
    }

    /// Reads a record line.
    pub fn parse(line: &str) -> Result<Record, String> {
        let fields: Vec<&str> = line.split(" | ").map(str::trim).collect();
        let [position, score, result, ply, mv] = fields[..] else {
            return Err(format!(
                "expected 5 fields separated by ' | ', got {}",
                fields.len()
            ));
        };
        let score = match score.strip_prefix("mate ") {
            Some(n) => RecordScore::Mate(n.parse().map_err(|_| format!("bad score '{score}'"))?),
            None => RecordScore::Cp(score.parse().map_err(|_| format!("bad score '{score}'"))?),
        };
        let result = match result {
            "1-0" => GameResult::WhiteWin,
            "0-1" => GameResult::BlackWin,
            "1/2-1/2" => GameResult::Draw,
            other => return Err(format!("bad result '{other}'")),
        };
        Ok(Record {
            position: position.to_string(),
            score,
            result,
            ply: ply.parse().map_err(|_| format!("bad ply '{ply}'"))?,
            mv: mv.to_string(),
        })
    }
}

/// The `#rules` line for `rules`: every rule option not at its default, as command-line flags.
pub fn rules_line(rules: &Rules) -> String {
    let settings = rules.settings();
    let mut line = String::from("#rules");
    for option in &RULE_OPTIONS {
        let (value, spec) = (option.get(&settings).to_string(), &option.spec);
        let Some(flag) = spec.flag.filter(|_| value != spec.default) else {
            continue;
        };
        match spec.kind {
            ValueType::Check => line.push_str(&format!(" --{flag}")),
            _ => line.push_str(&format!(" --{flag} {value}")),
        }
    }
    line
}

/// The rules of a `#rules` line.
pub fn parse_rules_line(line: &str) -> Result<Rules, String> {
    let words: Vec<&str> = line
        .strip_prefix("#rules")
        .ok_or("not a #rules line")?
        .split_whitespace()
        .collect();
    let mut pairs = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let flag = words[i]
            .strip_prefix("--")
            .ok_or_else(|| format!("'{}' is not a flag", words[i]))?;
        let option = RULE_OPTIONS
            .iter()
            .find(|o| o.spec.flag == Some(flag))
            .ok_or_else(|| format!("unknown rule flag '--{flag}'"))?;
        let value = match option.spec.kind {
            ValueType::Check => "true",
            _ => {
                i += 1;
                *words
                    .get(i)
                    .ok_or_else(|| format!("'--{flag}' needs a value"))?
            }
        };
        pairs.push((option.spec.name, value));
        i += 1;
    }
    RuleArgs::from_pairs(pairs).rules()
}

/// The `#end` line that closes every shard: how many games and records it holds. A shard
/// without it was cut short (a killed run), and its count catches a file missing lines.
pub fn end_line(games: usize, records: usize) -> String {
    format!("#end games {games} records {records}")
}

/// The `#game` line written after each game's records: the game's number in its shard (from
/// 1) and how many records it has. A resumed run keeps what precedes the last one.
pub fn game_line(number: usize, records: usize) -> String {
    format!("#game {number} records {records}")
}

/// The two counts of an `#end games N records M` or `#game N records M` line (`keyword` is
/// `#end games` or `#game`).
fn counted_line(line: &str, keyword: &str) -> Result<(usize, usize), String> {
    let malformed = || format!("'{line}' is not a well-formed {keyword} line");
    let rest = line.strip_prefix(keyword).ok_or_else(malformed)?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    let [first, "records", second] = words[..] else {
        return Err(malformed());
    };
    match (first.parse(), second.parse()) {
        (Ok(a), Ok(b)) => Ok((a, b)),
        _ => Err(malformed()),
    }
}

/// A record as read and checked: its rules, its fields and its game (the position at its
/// ply, so the evaluation sees how near the ply limit is).
pub struct ReadRecord<'a> {
    /// The rules of the shard it belongs to.
    pub rules: &'a Rules,
    /// The record's fields.
    pub record: Record,
    /// The position as a game, at the record's ply.
    pub game: Game,
}

/// Reads a records file line by line and checks its shape: every shard opens with `#rules`
/// and closes with `#end` (whose counts must match, and those of its `#game` lines), every
/// record's position is on the board of its rules and its move is legal there. So a file cut
/// short, two files glued without a newline between them, or records under the wrong
/// `#rules` are refused with the line that shows it.
#[derive(Default)]
pub struct RecordReader {
    /// The open shard: its rules and the line of its `#rules`.
    open: Option<(Rules, usize)>,
    /// Records of the open shard, and those since its last `#game` line.
    shard_records: usize,
    game_records: usize,
    /// `#game` lines of the open shard.
    games: usize,
    /// Records read in all.
    total: usize,
    /// Shards closed.
    shards: usize,
}

impl RecordReader {
    /// A reader before the first line.
    pub fn new() -> RecordReader {
        RecordReader::default()
    }

    /// Reads line `number` (from 1, without its line ending) and passes each record to
    /// `each`. Errors start with `line N:`.
    pub fn line(
        &mut self,
        number: usize,
        line: &str,
        each: &mut dyn FnMut(ReadRecord),
    ) -> Result<(), String> {
        let at = |e: String| format!("line {number}: {e}");
        let line = line.trim();
        let keyword = line.split_whitespace().next().unwrap_or("");
        if keyword == "#rules" {
            if let Some((_, start)) = self.open {
                return Err(at(format!(
                    "a #rules line inside the shard that starts at line {start}, before its \
                     #end: that shard was cut short, or two files were joined without a line \
                     break"
                )));
            }
            self.open = Some((parse_rules_line(line).map_err(at)?, number));
            (self.shard_records, self.game_records, self.games) = (0, 0, 0);
            return Ok(());
        }
        if keyword == "#end" {
            let Some((_, start)) = self.open else {
                return Err(at("an #end line with no #rules line before it".into()));
            };
            let (games, records) = counted_line(line, "#end games").map_err(at)?;
            if records != self.shard_records {
                return Err(at(format!(
                    "the shard that starts at line {start} says {records} records but holds {}",
                    self.shard_records
                )));
            }
            if self.games > 0 && (games != self.games || self.game_records > 0) {
                return Err(at(format!(
                    "the shard that starts at line {start} says {games} games but its #game \
                     lines count {} (and {} records after the last)",
                    self.games, self.game_records
                )));
            }
            self.open = None;
            self.shards += 1;
            return Ok(());
        }
        if keyword == "#game" {
            if self.open.is_none() {
                return Err(at("a #game line outside a shard".into()));
            }
            let (game, records) = counted_line(line, "#game").map_err(at)?;
            if game != self.games + 1 || records != self.game_records {
                return Err(at(format!(
                    "'{line}' does not follow game {} of {} records: lines are missing",
                    self.games, self.game_records
                )));
            }
            self.games += 1;
            self.game_records = 0;
            return Ok(());
        }
        if line.is_empty() || line.starts_with('#') {
            return Ok(());
        }
        let Some((rules, _)) = &self.open else {
            return Err(at(if self.shards == 0 {
                "a record before any #rules line".into()
            } else {
                "a record after its shard's #end line".into()
            }));
        };
        let record = Record::parse(line).map_err(at)?;
        let game = record.game(rules).map_err(at)?;
        self.shard_records += 1;
        self.game_records += 1;
        self.total += 1;
        each(ReadRecord {
            rules,
            record,
            game,
        });
        Ok(())
    }

    /// Ends the reading: fails if a shard has no `#end` (the file was cut short). Returns the
    /// number of records read.
    pub fn finish(self) -> Result<usize, String> {
        if let Some((_, start)) = self.open {
            return Err(format!(
                "the shard that starts at line {start} has no #end line: it was cut short (a \
                 datagen run that was stopped can be resumed by running it again)"
            ));
        }
        if self.shards == 0 {
            return Err("no shard in the file (no #rules line)".into());
        }
        Ok(self.total)
    }
}

/// Calls `each` for every record of a records text (one shard or several concatenated),
/// checked as [`RecordReader`] does; errors name the line. Returns the number of records.
pub fn read_records(text: &str, mut each: impl FnMut(ReadRecord)) -> Result<usize, String> {
    let mut reader = RecordReader::new();
    for (i, line) in text.lines().enumerate() {
        reader.line(i + 1, line, &mut each)?;
    }
    reader.finish()
}

/// [`read_records`] on the file at `path`, streamed with the limits of
/// [`crate::bounded_io::for_each_line`]; errors name the file and the line.
pub fn read_records_file(path: &Path, mut each: impl FnMut(ReadRecord)) -> Result<usize, String> {
    let shown = path.display().to_string();
    let mut reader = RecordReader::new();
    crate::bounded_io::for_each_line(path, "records file", RECORDS_FILE_LIMIT, |n, line, _| {
        reader
            .line(n, line, &mut each)
            .map_err(|e| format!("{shown}: {e}"))
    })?;
    reader.finish().map_err(|e| format!("{shown}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mingmang::rules::{Preset, RuleOptions};

    fn gala_record() -> Record {
        Record {
            position: "7/7/7/3b3/7/7/7 w w13b9".into(),
            score: RecordScore::Mate(-3),
            result: GameResult::Draw,
            ply: 1,
            mv: "d5".into(),
        }
    }

    #[test]
    fn records_and_rules_lines_read_back() {
        let r = gala_record();
        assert_eq!(Record::parse(&r.to_string()).unwrap(), r);
        for rules in [
            Rules::preset(Preset::Gala).with_max_plies(Some(300)),
            Rules::preset(Preset::Gundru)
                .with_options(RuleOptions {
                    territory: true,
                    corner_capture: true,
                    ..RuleOptions::default()
                })
                .unwrap(),
            Rules::default(),
        ] {
            let line = rules_line(&rules);
            assert_eq!(parse_rules_line(&line).unwrap(), rules, "{line}");
        }
        assert_eq!(rules_line(&Rules::default()), "#rules --size 8x8");
        let gala = rules_line(&Rules::preset(Preset::Gala));
        let text = format!(
            "# a comment\n{gala}\n{r}\n\n{r}\n{}\n{}\n",
            game_line(1, 2),
            end_line(1, 2)
        );
        let mut seen = 0;
        assert_eq!(
            read_records(&text, |read| seen += (read.record == r) as usize),
            Ok(2)
        );
        assert_eq!(seen, 2);
        assert!(read_records(&r.to_string(), |_| {}).is_err());
    }

    /// The error of reading `text`, which must fail.
    fn refused(text: &str) -> String {
        read_records(text, |_| {}).unwrap_err()
    }

    #[test]
    fn cut_glued_and_wrong_files_are_refused_with_their_line() {
        let r = gala_record();
        let gala = rules_line(&Rules::preset(Preset::Gala));
        let makyek = rules_line(&Rules::preset(Preset::Makyek));
        let whole = format!("{gala}\n{r}\n{}\n{}\n", game_line(1, 1), end_line(1, 1));
        assert_eq!(read_records(&whole, |_| {}), Ok(1));
        // Cut short: anywhere before the #end line.
        for cut in [whole.len() - 2, whole.len() - 25, gala.len() + 5] {
            let e = refused(&whole[..cut]);
            assert!(
                e.contains("line 1 has no #end line") || e.starts_with("line "),
                "{cut}: {e}"
            );
        }
        // Two shards joined without a line break between them: the #end line runs into the
        // next #rules line.
        let other = format!("{makyek}\n{}\n", end_line(0, 0));
        let glued = format!("{}{other}", whole.trim_end());
        let e = refused(&glued);
        assert!(e.starts_with("line 4:") && e.contains("#end"), "{e}");
        // A record line missing its end, then the next shard: its move is not a move.
        let glued = format!("{gala}\n{r}{other}");
        let e = refused(&glued);
        assert!(e.starts_with("line 2:") && e.contains("the move"), "{e}");
        // Lines missing: the counts do not add up.
        let e = refused(&format!(
            "{gala}\n{}\n{}\n",
            game_line(1, 1),
            end_line(1, 1)
        ));
        assert!(e.contains("does not follow"), "{e}");
        let e = refused(&format!("{gala}\n{r}\n{}\n", end_line(1, 2)));
        assert!(e.contains("says 2 records but holds 1"), "{e}");
        // Records under the wrong rules: another board, a move that is not legal there.
        let e = refused(&format!(
            "{}\n{r}\n{}\n",
            rules_line(&Rules::default()),
            end_line(1, 1)
        ));
        assert!(e.starts_with("line 2:") && e.contains("board"), "{e}");
        let bad_move = Record {
            mv: "a1a2".into(),
            ..r.clone()
        };
        let e = refused(&format!("{gala}\n{bad_move}\n{}\n", end_line(1, 1)));
        assert!(
            e.starts_with("line 2:") && e.contains("the move 'a1a2'"),
            "{e}"
        );
        // A header that contradicts the records' board.
        let e = refused(&format!(
            "#rules --size 5x5\nwbbbbbbb/w6b/w6b/w6b/w6b/w6b/w6b/wwwwwwwb w | 0 | 1-0 | 0 | a2a3\n{}\n",
            end_line(1, 1)
        ));
        assert!(e.starts_with("line 2:") && e.contains("board"), "{e}");
        // Records outside a shard.
        let e = refused(&format!("{whole}{r}\n"));
        assert!(e.contains("after its shard's #end"), "{e}");
    }
}
