//! The match journal: one JSON line per finished game, written and flushed as the game ends,
//! beside the JSON summary (`match-3.json` keeps its games in `match-3.jsonl`). Its first line
//! is the shard's identity. A match that is stopped keeps every finished game there, and the
//! same command run again reads them back and plays only the rest.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::identity::{first_difference, ShardIdentity};
use super::referee::{GameRecord, GameResult, Termination};
use super::thinking::Thought;
use crate::bounded_io::{for_each_line, MATCH_FILE_LIMIT};

/// The journal beside the summary `json`: the same name with the extension `jsonl`.
pub fn journal_path(json: &Path) -> Result<PathBuf, String> {
    if json.extension().is_some_and(|e| e == "jsonl") {
        return Err(format!(
            "--json {}: the summary cannot end in .jsonl, the extension of its journal",
            json.display()
        ));
    }
    Ok(json.with_extension("jsonl"))
}

/// The first line of a journal: the shard's identity.
#[derive(Serialize, Deserialize)]
pub struct JournalHeader {
    /// The identity of the shard whose games follow.
    pub mingmang_match_journal: ShardIdentity,
}

/// A game as one journal line (no newline): [`GameRecord`] as it serialises.
pub fn game_line(r: &GameRecord) -> String {
    serde_json::to_string(r).expect("a journal line always serialises")
}

/// Reads a journal line back into a game.
pub fn read_game(line: &str) -> Result<GameRecord, String> {
    serde_json::from_str(line).map_err(|e| e.to_string())
}

/// A game's result in a journal line, as PGN writes it (`1-0`).
pub mod result_text {
    use super::GameResult;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    /// Writes `r` as its PGN text.
    pub fn serialize<S: Serializer>(r: &GameResult, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(r.pgn())
    }

    /// Reads a result from its PGN text.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<GameResult, D::Error> {
        let text = String::deserialize(d)?;
        GameResult::from_pgn(&text).ok_or_else(|| D::Error::custom(format!("bad result '{text}'")))
    }
}

/// How a game ended, in a journal line: its keyword (`normal`, `crash`, ...) and its detail
/// as two fields of the line.
pub mod ending_fields {
    use super::Termination;
    use serde::{de::Error, Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    struct Ending {
        termination: String,
        detail: String,
    }

    /// Writes the keyword and the detail of `t`.
    pub fn serialize<S: Serializer>(t: &Termination, s: S) -> Result<S::Ok, S::Error> {
        Ending {
            termination: t.keyword().to_string(),
            detail: t.detail().to_string(),
        }
        .serialize(s)
    }

    /// Reads an ending from its keyword and detail.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Termination, D::Error> {
        let e = Ending::deserialize(d)?;
        Termination::from_parts(&e.termination, &e.detail).map_err(D::Error::custom)
    }
}

/// A game's thinking in a journal line: two lists, each engine move's milliseconds
/// (`think_ms`) and reported depth (`depths`, `null` where none was); both absent in
/// journals written before they were kept.
pub mod thinking_lists {
    use super::Thought;
    use serde::{de::Error, Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    struct Lists {
        #[serde(default)]
        think_ms: Vec<u64>,
        #[serde(default)]
        depths: Vec<Option<u32>>,
    }

    /// Writes the two lists of `thinking`.
    pub fn serialize<S: Serializer>(thinking: &[Thought], s: S) -> Result<S::Ok, S::Error> {
        Lists {
            think_ms: thinking.iter().map(|t| t.ms).collect(),
            depths: thinking.iter().map(|t| t.depth).collect(),
        }
        .serialize(s)
    }

    /// Reads the two lists back, which must be of one length.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Thought>, D::Error> {
        let l = Lists::deserialize(d)?;
        if l.think_ms.len() != l.depths.len() {
            return Err(D::Error::custom("'think_ms' and 'depths' differ in length"));
        }
        Ok(l.think_ms
            .into_iter()
            .zip(l.depths)
            .map(|(ms, depth)| Thought { ms, depth })
            .collect())
    }
}

/// An open journal, written one game at a time.
pub struct Journal {
    file: File,
    path: PathBuf,
}

impl Journal {
    /// Starts the journal at `path` afresh with the shard's identity and the games already
    /// played (`kept`, from a resumed run), replacing what was there.
    pub fn create(
        path: &Path,
        identity: &ShardIdentity,
        kept: &[GameRecord],
    ) -> Result<Journal, String> {
        let err = |e: std::io::Error| format!("cannot write the journal {}: {e}", path.display());
        let header = JournalHeader {
            mingmang_match_journal: identity.clone(),
        };
        let mut text = serde_json::to_string(&header).expect("a header always serialises");
        text.push('\n');
        for r in kept {
            text.push_str(&game_line(r));
            text.push('\n');
        }
        crate::bounded_io::Output::check(path, "journal", &[], true)?.write(text.as_bytes())?;
        let file = OpenOptions::new().append(true).open(path).map_err(err)?;
        Ok(Journal {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Appends a finished game and flushes it to the system, so a stop at any moment keeps it.
    pub fn append(&mut self, record: &GameRecord) -> Result<(), String> {
        let mut line = game_line(record);
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|_| self.file.flush())
            .map_err(|e| format!("cannot write the journal {}: {e}", self.path.display()))
    }
}

/// The games of the journal at `path`, which must be the journal of `identity`'s shard (else
/// the error says what differs). A last line cut short by a stop is dropped.
pub fn read_journal(path: &Path, identity: &ShardIdentity) -> Result<Vec<GameRecord>, String> {
    let shown = path.display().to_string();
    let mut records = Vec::new();
    let mut broken: Option<(usize, String)> = None;
    for_each_line(path, "journal", MATCH_FILE_LIMIT, |n, line, _| {
        if let Some((at, e)) = &broken {
            return Err(format!("{shown} line {at}: {e}"));
        }
        if n == 1 {
            let theirs = serde_json::from_str::<JournalHeader>(line)
                .map_err(|e| format!("{shown} is not a mingmang match journal ({e})"))?
                .mingmang_match_journal;
            if theirs != *identity {
                let why = first_difference(&theirs.to_json(), &identity.to_json(), "identity")
                    .unwrap_or_default();
                return Err(format!(
                    "{shown} is the journal of another match ({why}); remove it, use another \
                     --json, or add --force to start afresh"
                ));
            }
            return Ok(());
        }
        match read_game(line) {
            Ok(r) => records.push(r),
            // Only the last line may be broken: a stop in the middle of writing it.
            Err(e) => broken = Some((n, e)),
        }
        Ok(())
    })?;
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchrunner::thinking::Thought;

    /// A journal line with `think_ms` and `depths` as given (a line from before they were
    /// kept has neither).
    fn line(thinking: &str) -> String {
        format!(
            r#"{{"number":1,"round":1,"white":0,"black":1,"names":["a","b"],
               "opening":{{"fen":null,"moves":[]}},"opening_fen":"x","moves":["e1"],
               "result":"1-0","termination":"normal","detail":"","disagreements":[],
               "time_controls":["t","t"]{thinking}}}"#
        )
    }

    #[test]
    fn the_thinking_reads_back_and_is_absent_in_old_lines() {
        let r = read_game(&line(r#","think_ms":[88,3],"depths":[9,null]"#)).unwrap();
        assert_eq!(
            r.thinking,
            vec![
                Thought {
                    ms: 88,
                    depth: Some(9)
                },
                Thought { ms: 3, depth: None }
            ]
        );
        let written = game_line(&r);
        assert_eq!(game_line(&read_game(&written).unwrap()), written);
        assert_eq!(read_game(&line("")).unwrap().thinking, vec![]);
        let err = read_game(&line(r#","think_ms":[1],"depths":[]"#)).unwrap_err();
        assert!(err.contains("differ in length"), "{err}");
    }
}
