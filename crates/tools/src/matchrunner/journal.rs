//! The match journal: one JSON line per finished game, written and flushed as the game ends,
//! beside the JSON summary (`match-3.json` keeps its games in `match-3.jsonl`). Its first line
//! is the shard's identity. A match that is stopped keeps every finished game there, and the
//! same command run again reads them back and plays only the rest.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use super::identity::{first_difference, ShardIdentity};
use super::json::{self, Json};
use super::openings::Opening;
use super::referee::{GameRecord, GameResult, Termination};
use super::thinking;
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

/// A game as one journal line.
pub fn record_json(r: &GameRecord) -> Json {
    let texts = |v: &[String]| Json::Array(v.iter().map(json::text).collect());
    let [think_ms, depths] = thinking::journal_fields(&r.thinking);
    json::obj(vec![
        ("number", Json::from(r.number)),
        ("round", Json::from(r.round)),
        ("white", Json::from(r.white)),
        ("black", Json::from(r.black)),
        ("names", texts(&r.names)),
        (
            "opening",
            json::obj(vec![
                (
                    "fen",
                    r.opening.fen.as_deref().map_or(Json::Null, json::text),
                ),
                ("moves", texts(&r.opening.moves)),
            ]),
        ),
        ("opening_fen", json::text(&r.opening_fen)),
        ("moves", texts(&r.moves)),
        ("result", json::text(r.result.pgn())),
        ("termination", json::text(r.termination.keyword())),
        ("detail", json::text(r.termination.detail())),
        ("disagreements", texts(&r.disagreements)),
        ("time_controls", texts(&r.time_controls)),
        think_ms,
        depths,
    ])
}

/// Reads a journal line back into a game.
pub fn record_from_json(v: &Json) -> Result<GameRecord, String> {
    let get = |k: &str| v.get(k).ok_or_else(|| format!("no '{k}'"));
    let count = |k: &str| {
        get(k)?
            .as_u64()
            .ok_or_else(|| format!("'{k}' is not a count"))
    };
    let text = |v: &Json, k: &str| -> Result<String, String> {
        v.get(k)
            .and_then(Json::as_str)
            .map(str::to_string)
            .ok_or_else(|| format!("'{k}' is not text"))
    };
    let texts = |v: &Json, k: &str| -> Result<Vec<String>, String> {
        v.get(k)
            .and_then(Json::as_array)
            .ok_or_else(|| format!("'{k}' is not a list"))?
            .iter()
            .map(|t| {
                t.as_str()
                    .map(str::to_string)
                    .ok_or(format!("'{k}' holds a non-text"))
            })
            .collect()
    };
    let pair = |k: &str| -> Result<[String; 2], String> {
        texts(v, k)?
            .try_into()
            .map_err(|_| format!("'{k}' is not two texts"))
    };
    let opening = get("opening")?;
    let result = text(v, "result")?;
    Ok(GameRecord {
        number: count("number")? as usize,
        round: u32::try_from(count("round")?).map_err(|_| "'round' is out of range")?,
        white: count("white")? as usize,
        black: count("black")? as usize,
        names: pair("names")?,
        opening: Opening {
            fen: opening
                .get("fen")
                .and_then(Json::as_str)
                .map(str::to_string),
            moves: texts(opening, "moves")?,
        },
        opening_fen: text(v, "opening_fen")?,
        moves: texts(v, "moves")?,
        result: GameResult::from_pgn(&result).ok_or(format!("bad result '{result}'"))?,
        termination: Termination::from_parts(&text(v, "termination")?, &text(v, "detail")?)?,
        disagreements: texts(v, "disagreements")?,
        time_controls: pair("time_controls")?,
        thinking: thinking::from_journal(v)?,
    })
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
        let mut text = serde_json::to_string(&json::obj(vec![(
            "mingmang_match_journal",
            identity.to_json(),
        )]))
        .expect("a Value always serialises");
        text.push('\n');
        for r in kept {
            text.push_str(&serde_json::to_string(&record_json(r)).expect("serialises"));
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
        let mut line = serde_json::to_string(&record_json(record)).expect("serialises");
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
        let parsed = json::parse(line);
        if n == 1 {
            let header = parsed
                .ok()
                .and_then(|v| v.get("mingmang_match_journal").cloned())
                .ok_or_else(|| format!("{shown} is not a mingmang match journal"))?;
            let theirs = ShardIdentity::from_json(&header).map_err(|e| format!("{shown}: {e}"))?;
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
        match parsed.and_then(|v| record_from_json(&v)) {
            Ok(r) => records.push(r),
            // Only the last line may be broken: a stop in the middle of writing it.
            Err(e) => broken = Some((n, e)),
        }
        Ok(())
    })?;
    Ok(records)
}
