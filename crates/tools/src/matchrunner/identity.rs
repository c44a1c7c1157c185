//! What makes a match shard itself: the settings that decide its games (engines with the
//! fingerprints of their files, rules, time control, openings) and the part of the openings
//! it played (its seed and opening numbers). Every summary and journal carries it, so that
//! `match --merge` can refuse shards that cannot be added up (other settings, the same games
//! twice) and a resumed match can check it continues the same shard.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::engine::EngineSpec;
use super::json::{self, Json};
use super::{MatchConfig, OpeningSource};
use crate::bounded_io::file_fingerprint;

/// The file a word of an engine's command line (or an option's value) names, if it names one:
/// the program is looked up on `PATH` as the system would; other words are paths relative to
/// the engine's directory.
fn file_of(word: &str, first: bool, dir: Option<&str>) -> Option<PathBuf> {
    let relative = |p: &Path| match dir {
        Some(d) if p.is_relative() => Path::new(d).join(p),
        _ => p.to_path_buf(),
    };
    if first && !word.contains('/') {
        let path = std::env::var_os("PATH")?;
        return std::env::split_paths(&path)
            .map(|d| d.join(word))
            .find(|p| p.is_file());
    }
    Some(relative(Path::new(word))).filter(|p| p.is_file())
}

/// The program file an engine runs, if its command names one that exists.
pub fn program_file(spec: &EngineSpec) -> Option<PathBuf> {
    let program = spec.cmd.split_whitespace().next()?;
    file_of(program, true, spec.dir.as_deref())
}

/// `word`, or `file:<fingerprint>` if it names a file: the form that is the same on every
/// machine holding the same files, wherever they are.
fn signature_word(word: &str, first: bool, dir: Option<&str>, files: &mut Vec<Json>) -> String {
    match file_of(word, first, dir) {
        Some(path) => {
            let print = file_fingerprint(&path).unwrap_or_else(|e| format!("unreadable ({e})"));
            files.push(json::obj(vec![
                ("word", json::text(word)),
                ("path", json::text(path.display().to_string())),
                ("fingerprint", json::text(&print)),
            ]));
            format!("file:{print}")
        }
        None => word.to_string(),
    }
}

/// An engine as it decides games: its name, protocol, limit, options and command line with
/// every file replaced by its fingerprint (`settings`); and, to read, its command and the
/// files found (`files`).
pub fn engine_identity(spec: &EngineSpec) -> (Json, Json) {
    let dir = spec.dir.as_deref();
    let mut files = Vec::new();
    let command: Vec<String> = spec
        .cmd
        .split_whitespace()
        .enumerate()
        .map(|(i, w)| signature_word(w, i == 0, dir, &mut files))
        .collect();
    let options: Vec<Json> = spec
        .options
        .iter()
        .map(|(name, value)| {
            json::text(format!(
                "{name}={}",
                signature_word(value, false, dir, &mut files)
            ))
        })
        .collect();
    let settings = json::obj(vec![
        ("name", json::text(&spec.name)),
        ("proto", json::text(spec.proto.hello())),
        ("query", Json::from(spec.query)),
        (
            "limit",
            spec.limit.map_or(Json::Null, |l| json::text(l.describe())),
        ),
        ("options", Json::Array(options)),
        ("command", json::text(command.join(" "))),
    ]);
    let about = json::obj(vec![
        ("name", json::text(&spec.name)),
        ("cmd", json::text(&spec.cmd)),
        ("dir", spec.dir.as_deref().map_or(Json::Null, json::text)),
        ("files", Json::Array(files)),
    ]);
    (settings, about)
}

/// The openings a shard drew from, as a setting: the kind, and for a file its fingerprint and
/// its number of openings (not its path, which differs between machines).
fn openings_setting(source: &OpeningSource) -> Json {
    match source {
        OpeningSource::Start => json::obj(vec![("kind", json::text("start"))]),
        OpeningSource::Random { plies, quiet } => {
            let mut fields = vec![
                ("kind", json::text("random")),
                ("plies", Json::from(*plies)),
            ];
            // Written only when set, so that the journals and summaries of matches on the
            // plain balanced openings keep their identity.
            if *quiet {
                fields.push(("quiet", Json::from(true)));
            }
            json::obj(fields)
        }
        OpeningSource::List {
            openings,
            fingerprint,
            ..
        } => json::obj(vec![
            ("kind", json::text("file")),
            ("fingerprint", json::text(fingerprint)),
            ("count", Json::from(openings.len())),
        ]),
    }
}

/// Everything that decides a shard's games but its seed and openings: the shards of one
/// match all have the same.
pub fn match_settings(config: &MatchConfig, engines: &[Json]) -> Json {
    let s = &config.settings;
    json::obj(vec![
        ("engines", Json::Array(engines.to_vec())),
        ("rules", json::text(s.rules.to_string())),
        (
            "variant",
            s.variant.as_deref().map_or(Json::Null, json::text),
        ),
        ("time_control", json::text(s.tc.describe())),
        ("timemargin_ms", Json::from(s.margin.as_millis() as u64)),
        ("openings", openings_setting(&config.openings)),
    ])
}

/// A shard: its settings, seed, schedule and the openings it plays; written as is in every
/// summary and at the head of every journal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardIdentity {
    /// See [`match_settings`].
    pub settings: Json,
    /// The seed of its random openings.
    pub seed: u64,
    /// Games per pairing per round.
    pub games: u32,
    /// Rounds.
    pub rounds: u32,
    /// The openings it draws.
    pub openings: OpeningRange,
}

/// The part of the openings a shard draws: from opening number `first` (from 0), `count` of
/// them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpeningRange {
    /// The number of its first opening, from 0.
    pub first: u64,
    /// How many it draws.
    pub count: u64,
}

impl ShardIdentity {
    /// The identity of the shard `config` plays, with `engines` from [`engine_identity`].
    pub fn of(config: &MatchConfig, engines: &[Json], openings_count: u64) -> ShardIdentity {
        ShardIdentity {
            settings: match_settings(config, engines),
            seed: config.seed,
            games: config.games,
            rounds: config.rounds,
            openings: OpeningRange {
                first: config.openings_from,
                count: openings_count,
            },
        }
    }

    /// The identity as JSON, to compare with another's field by field.
    pub fn to_json(&self) -> Json {
        serde_json::to_value(self).expect("an identity always serialises")
    }

    /// The openings in words: `seed 3, openings 1-100`.
    pub fn describe(&self) -> String {
        let range = if self.openings.count == 0 {
            String::new()
        } else {
            format!(
                ", openings {}-{}",
                self.openings.first + 1,
                self.openings.first + self.openings.count
            )
        };
        format!("seed {}{range}", self.seed)
    }

    /// Why this shard and `other` (of the same settings) would count some games twice, if
    /// they would: they play some of the same openings. Random openings are the same for the
    /// same seed and opening number; a file's openings are the same for the same number (the
    /// file is cycled), whatever the seed; from the start position the same seed replays the
    /// same games.
    pub fn overlap(&self, other: &ShardIdentity) -> Option<String> {
        let kind = self.settings.get("openings").and_then(|o| o.get("kind"));
        match kind.and_then(Json::as_str) {
            Some("file") => {
                let len = self
                    .settings
                    .get("openings")
                    .and_then(|o| o.get("count"))
                    .and_then(Json::as_u64)
                    .unwrap_or(1)
                    .max(1);
                let mine = cycled(self.openings.first, self.openings.count, len);
                let theirs = cycled(other.openings.first, other.openings.count, len);
                let shared = mine.iter().zip(&theirs).position(|(a, b)| *a && *b)?;
                Some(format!(
                    "both play opening {} of the openings file",
                    shared + 1
                ))
            }
            Some("random") if self.seed == other.seed => {
                let start = self.openings.first.max(other.openings.first);
                let end = (self.openings.first + self.openings.count)
                    .min(other.openings.first + other.openings.count);
                (start < end).then(|| {
                    format!(
                        "both play random opening {} of seed {}",
                        start + 1,
                        self.seed
                    )
                })
            }
            Some("start") if self.seed == other.seed => Some(format!(
                "both play from the start position with seed {}",
                self.seed
            )),
            _ => None,
        }
    }
}

/// Which of a file's `len` openings the range `first .. first + count` plays, the file being
/// cycled.
fn cycled(first: u64, count: u64, len: u64) -> Vec<bool> {
    let mut used = vec![false; len as usize];
    for i in 0..count.min(len) {
        used[((first + i) % len) as usize] = true;
    }
    used
}

/// The first place where two JSON values differ, as a path and the two values, to say why two
/// shards' settings are not the same.
pub fn first_difference(a: &Json, b: &Json, at: &str) -> Option<String> {
    match (a, b) {
        (Json::Object(x), Json::Object(y)) => {
            for (k, va) in x {
                let here = format!("{at}.{k}");
                match y.get(k) {
                    Some(vb) => {
                        if let Some(d) = first_difference(va, vb, &here) {
                            return Some(d);
                        }
                    }
                    None => return Some(format!("{here} is {va} against nothing")),
                }
            }
            y.keys()
                .find(|k| !x.contains_key(*k))
                .map(|k| format!("{at}.{k} is nothing against {}", y[k]))
        }
        (Json::Array(x), Json::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (va, vb))| first_difference(va, vb, &format!("{at}[{i}]"))),
        _ if a == b => None,
        _ => Some(format!("{at} is {a} against {b}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shard(kind: &str, seed: u64, first: u64, count: u64) -> ShardIdentity {
        ShardIdentity {
            settings: serde_json::json!({"openings": {"kind": kind, "count": 10}}),
            seed,
            games: 2,
            rounds: 1,
            openings: OpeningRange { first, count },
        }
    }

    #[test]
    fn shards_overlap_when_they_share_openings() {
        // A file's openings by number, cycled; the seed does not matter.
        assert!(shard("file", 1, 0, 5)
            .overlap(&shard("file", 2, 5, 5))
            .is_none());
        let o = shard("file", 1, 0, 5).overlap(&shard("file", 2, 12, 5));
        assert_eq!(
            o.as_deref(),
            Some("both play opening 3 of the openings file")
        );
        // Random openings by seed and number; the start position is one opening.
        for (a, b, overlap) in [
            ((1, 0, 5), (2, 0, 5), false),
            ((1, 0, 5), (1, 5, 5), false),
            ((1, 0, 5), (1, 4, 5), true),
        ] {
            let found = shard("random", a.0, a.1, a.2).overlap(&shard("random", b.0, b.1, b.2));
            assert_eq!(found.is_some(), overlap, "{a:?} {b:?}: {found:?}");
        }
        assert!(shard("start", 3, 0, 0)
            .overlap(&shard("start", 3, 0, 0))
            .is_some());
    }

    #[test]
    fn the_first_difference_is_named() {
        let a = serde_json::json!({"rules": "8x8", "time_control": "nodes=1000"});
        let b = serde_json::json!({"rules": "8x8", "time_control": "nodes=2000"});
        assert_eq!(
            first_difference(&a, &b, "settings").unwrap(),
            "settings.time_control is \"nodes=1000\" against \"nodes=2000\""
        );
        assert!(first_difference(&a, &a, "settings").is_none());
    }
}
