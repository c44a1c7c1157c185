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

use crate::cli::RuleArgs;
use crate::rules::options::{ValueType, RULE_OPTIONS};
use crate::rules::Color;
use crate::rules::{Outcome, Rules};

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
            RecordScore::Cp(cp) => write!(f, "{cp}"),
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
        let value = option.get(&settings).to_string();
        if value == option.default {
            continue;
        }
        match option.kind {
            ValueType::Check => line.push_str(&format!(" --{}", option.flag)),
            _ => line.push_str(&format!(" --{} {value}", option.flag)),
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
            .find(|o| o.flag == flag)
            .ok_or_else(|| format!("unknown rule flag '--{flag}'"))?;
        let value = match option.kind {
            ValueType::Check => "true",
            _ => {
                i += 1;
                *words
                    .get(i)
                    .ok_or_else(|| format!("'--{flag}' needs a value"))?
            }
        };
        pairs.push((option.name, value));
        i += 1;
    }
    RuleArgs::from_pairs(pairs).rules()
}

/// Calls `each(rules, record)` for every record of a records file (or several concatenated),
/// with the rules of the `#rules` line before it. Errors name the line.
pub fn read_records(text: &str, mut each: impl FnMut(&Rules, Record)) -> Result<usize, String> {
    let mut rules: Option<Rules> = None;
    let mut n = 0;
    for (i, line) in text.lines().enumerate() {
        let at = |e: String| format!("line {}: {e}", i + 1);
        let line = line.trim();
        if line.starts_with("#rules") {
            rules = Some(parse_rules_line(line).map_err(at)?);
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let rules = rules
            .as_ref()
            .ok_or_else(|| at("a record before any #rules line".into()))?;
        each(rules, Record::parse(line).map_err(at)?);
        n += 1;
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Preset, RuleOptions};

    #[test]
    fn records_and_rules_lines_read_back() {
        let r = Record {
            position: "7/7/7/3b3/7/7/7 w w13b9".into(),
            score: RecordScore::Mate(-3),
            result: GameResult::Draw,
            ply: 1,
            mv: "d5".into(),
        };
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
        let text = format!(
            "# a comment\n{}\n{r}\n\n{r}\n",
            rules_line(&Rules::default())
        );
        let mut seen = 0;
        assert_eq!(
            read_records(&text, |_, rec| seen += (rec == r) as usize),
            Ok(2)
        );
        assert_eq!(seen, 2);
        assert!(read_records(&r.to_string(), |_, _| {}).is_err());
    }
}
