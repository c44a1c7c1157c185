//! Game records in the project's text format, the one `mingmang match`, the page and the Python
//! package write: tag pairs in brackets, a blank line, then the moves numbered in White-Black
//! pairs and the result.
//!
//! ```text
//! [Event "mingmang match"]
//! [White "alpha"]
//! [Black "beta"]
//! [Variant "mingmang"]
//! [Size "8x8"]
//! [Rules "8x8 max-plies 400"]
//! [StartFEN "wbbbbbbb/w6b/w6b/w6b/w6b/w6b/w6b/wwwwwwwb w"]
//! [OpeningMoves "a2a3 h7h6"]
//! [FEN "..."]
//! [Result "1-0"]
//!
//! 1. b1b4 g8g5 2. ... 1-0
//! ```
//!
//! `StartFEN` is where the game began; `OpeningMoves`, if any, were played from there before
//! the position `FEN`, from which the movetext counts. `Rules` holds the rule options in the
//! words of [`RuleSettings::describe`]; a record without it is read by `Variant` and `Size`.

use std::fmt::Write;

use crate::notation::quote;
use crate::rule_options::RuleSettings;
use crate::variant::Preset;

/// A game record: its tags in order and the moves of its movetext.
///
/// # Examples
/// ```
/// use mingmang_rules::record::Record;
///
/// let text = "[Variant \"rek\"]\n[Result \"*\"]\n\n1. a3a4 h6h5 2. a4a5 *\n";
/// let record = Record::parse(text).unwrap();
/// assert_eq!(record.tag("Variant"), Some("rek"));
/// assert_eq!(record.moves, ["a3a4", "h6h5", "a4a5"]);
/// assert_eq!(record.result, "*");
/// assert_eq!(Record::parse(&record.to_text()).unwrap(), record);
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Record {
    /// The tag pairs, in the order written.
    pub tags: Vec<(String, String)>,
    /// The movetext's moves (after any `OpeningMoves`), in the notation of the game.
    pub moves: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*` (not over).
    pub result: String,
}

/// The results a record can end with.
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

impl Record {
    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    /// Reads one record. Tags are `[Name "value"]` lines (backslash escapes `"` and `\`); the
    /// movetext may span lines and hold `{comments}` and move numbers (`12.`, `12...`). The
    /// result is the movetext's last word if it is one, otherwise the `Result` tag's, otherwise
    /// `*`. Text that holds neither a tag nor a move is an error.
    pub fn parse(text: &str) -> Result<Record, String> {
        let mut record = Record::default();
        let mut body = String::new();
        for line in text.lines() {
            let line = line.trim();
            if line.starts_with('[') {
                record.tags.push(parse_tag(line)?);
            } else {
                body.push_str(line);
                body.push(' ');
            }
        }
        let mut result = None;
        for word in without_comments(&body)?.split_whitespace() {
            let word = without_move_number(word);
            if word.is_empty() {
                continue;
            }
            if RESULTS.contains(&word) {
                result = Some(word.to_string());
            } else if result.is_some() {
                return Err(format!("move '{}' after the result", quote(word)));
            } else {
                record.moves.push(word.to_string());
            }
        }
        if record.tags.is_empty() && record.moves.is_empty() {
            return Err("no tags and no moves: this is not a game record".to_string());
        }
        record.result = result
            .or_else(|| record.tag("Result").map(str::to_string))
            .unwrap_or_else(|| "*".to_string());
        if !RESULTS.contains(&record.result.as_str()) {
            return Err(format!("unknown result '{}'", quote(&record.result)));
        }
        Ok(record)
    }

    /// The rules the record names: its `Rules` tag read by [`RuleSettings::from_description`];
    /// without one, its `Variant` and `Size` tags; without those, the defaults.
    pub fn settings(&self) -> Result<RuleSettings, String> {
        if let Some(rules) = self.tag("Rules") {
            // `Rules` leaves out the default variant, and a match's record names the game in
            // `Variant`: the tag decides when the words name none.
            let names_variant = rules
                .split_whitespace()
                .any(|w| Preset::from_name(&w.to_ascii_lowercase()).is_some());
            return match self.tag("Variant").filter(|_| !names_variant) {
                Some(variant) => RuleSettings::from_description(&format!("{variant} {rules}")),
                None => RuleSettings::from_description(rules),
            };
        }
        let mut settings = RuleSettings::default();
        let mut given = Vec::new();
        if let Some(variant) = self.tag("Variant") {
            given.push(("Variant", variant));
        }
        if let Some(size) = self.tag("Size") {
            given.push(("BoardSize", size));
        }
        settings.set_all(&given)?;
        Ok(settings)
    }

    /// The moves from the start position: `OpeningMoves`, then the movetext's.
    pub fn all_moves(&self) -> Vec<String> {
        let opening = self.tag("OpeningMoves").unwrap_or("");
        opening
            .split_whitespace()
            .map(str::to_string)
            .chain(self.moves.iter().cloned())
            .collect()
    }

    /// The record as text: the tags, a blank line, the movetext wrapped at about 80 columns,
    /// and a blank line, so that records concatenate. The movetext is numbered from the `FEN`
    /// tag's position (or `StartFEN`'s): a Black first move is numbered `1...`.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for (name, value) in &self.tags {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(out, "[{name} \"{value}\"]");
        }
        out.push('\n');
        let from = self.tag("FEN").or(self.tag("StartFEN")).unwrap_or("");
        let black_first = from.split_whitespace().nth(1) == Some("b");
        out.push_str(&movetext(&self.moves, black_first, &self.result));
        out.push_str("\n\n");
        out
    }
}

/// The moves numbered in White-Black pairs, then the result; wrapped at about 80 columns.
pub fn movetext(moves: &[String], black_first: bool, result: &str) -> String {
    let mut words = Vec::new();
    let mut number = 1;
    for (i, mv) in moves.iter().enumerate() {
        let white_moves = (i % 2 == 0) != black_first;
        if white_moves {
            words.push(format!("{number}. {mv}"));
        } else {
            words.push(if i == 0 {
                format!("{number}... {mv}")
            } else {
                mv.clone()
            });
            number += 1;
        }
    }
    words.push(result.to_string());
    let mut out = String::new();
    let mut width = 0;
    for word in words {
        if width > 0 && width + 1 + word.len() > 80 {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        width += word.len();
        out.push_str(&word);
    }
    out
}

/// `word` without a leading move number (`12.` or `12...`); a result stays whole.
fn without_move_number(word: &str) -> &str {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 && word[digits..].starts_with('.') {
        word[digits..].trim_start_matches('.')
    } else {
        word
    }
}

/// One `[Name "value"]` line.
fn parse_tag(line: &str) -> Result<(String, String), String> {
    let bad = || {
        format!(
            "'{}' is not a tag of the form [Name \"value\"]",
            quote(line)
        )
    };
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(bad)?;
    let (name, rest) = inner.split_once(char::is_whitespace).ok_or_else(bad)?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(bad());
    }
    let quoted = rest
        .trim()
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(bad)?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().ok_or_else(bad)?),
            '"' => return Err(bad()),
            c => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}

/// The movetext with its `{comments}` removed.
fn without_comments(body: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut depth = 0usize;
    for c in body.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => return Err("a '}' closes no comment".to_string()),
            '}' => {
                depth -= 1;
                out.push(' ');
            }
            c if depth == 0 => out.push(c),
            _ => {}
        }
    }
    if depth > 0 {
        return Err("a '{' comment is never closed".to_string());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_record_reads_with_its_rules_opening_and_moves() {
        let text = "[Event \"mingmang match\"]\n[White \"al\\\"pha\"]\n[Variant \"rek\"]\n\
            [Size \"8x8\"]\n[Rules \"rek max-plies 400\"]\n[StartFEN \"x w\"]\n\
            [OpeningMoves \"a3a4\"]\n[FEN \"y b\"]\n[Result \"0-1\"]\n\n1... h6h5 {a comment}\n\
            2. a4a5 0-1\n";
        let record = Record::parse(text).unwrap();
        assert_eq!(record.tag("White"), Some("al\"pha"));
        assert_eq!(record.moves, ["h6h5", "a4a5"]);
        assert_eq!(record.all_moves(), ["a3a4", "h6h5", "a4a5"]);
        assert_eq!(record.result, "0-1");
        let settings = record.settings().unwrap();
        assert_eq!(settings.variant, Preset::Rek);
        assert_eq!(settings.rules().unwrap().max_plies(), Some(400));
        // Written again, it reads the same, Black's first move numbered 1... .
        let again = record.to_text();
        assert!(again.contains("\n\n1... h6h5 2. a4a5 0-1\n\n"), "{again}");
        assert_eq!(Record::parse(&again).unwrap(), record);
    }

    #[test]
    fn rules_without_the_variant_take_it_from_the_variant_tag() {
        let record = Record::parse("[Variant \"gundru\"]\n[Rules \"territory\"]\n\n*").unwrap();
        let settings = record.settings().unwrap();
        assert_eq!(settings.describe(), "gundru territory");
        let sized = Record::parse("[Variant \"gala\"]\n[Size \"7x7\"]\n\n*").unwrap();
        assert_eq!(sized.settings().unwrap().variant, Preset::Gala);
        assert_eq!(
            Record::parse("1. a2b2 *").unwrap().settings().unwrap(),
            RuleSettings::default()
        );
    }

    #[test]
    fn what_is_not_a_record_is_refused_with_a_reason() {
        for (text, why) in [
            ("", "not a game record"),
            ("[Event oops]", "not a tag"),
            ("[Event \"x\"]\n\n1. a2b2 {open", "never closed"),
            ("1. a2b2 } b", "closes no comment"),
            ("1. a2b2 1-0 b7b6", "after the result"),
            ("[Result \"2-0\"]", "unknown result"),
        ] {
            let error = Record::parse(text).unwrap_err();
            assert!(error.contains(why), "{text:?}: {error}");
        }
        let record = Record::parse("[Rules \"8x8 sideways\"]").unwrap();
        assert!(record
            .settings()
            .unwrap_err()
            .contains("unknown word 'sideways'"));
    }

    #[test]
    fn long_movetext_wraps_at_80_columns() {
        let moves: Vec<String> = (0..60).map(|_| "a2b2".to_string()).collect();
        let text = movetext(&moves, false, "*");
        assert!(text.lines().count() > 3);
        assert!(text.lines().all(|l| l.len() <= 80));
    }
}
