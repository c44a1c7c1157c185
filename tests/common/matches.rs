//! Running `mingmang match` (tests/match_runner.rs, tests/match_mingmang.rs): the command line
//! with its engines (mingmang itself, the small Python engine of `tests/engines/`), a scratch
//! directory for the records, and reading the records and the JSON summary back.

use std::path::PathBuf;

use super::binary::{bin, run, run_fails};

/// A `mingmang match` command line, with a scratch directory of its own for the records.
pub struct Match {
    args: Vec<String>,
    dir: PathBuf,
}

/// What a match printed and wrote.
pub struct Played {
    pub stdout: String,
    pub stderr: String,
    /// The PGN-like records (empty unless asked for with [`Match::records`]).
    pub pgn: String,
    /// The JSON summary (empty unless asked for with [`Match::records`]).
    pub json: String,
}

impl Played {
    /// Asserts that the match's report says `text`, showing the report if not.
    pub fn assert_says(&self, text: &str) {
        assert!(self.stdout.contains(text), "{}", self.stdout);
    }
}

impl Match {
    /// A match without engines; `name` names its scratch directory (fresh and empty, and
    /// distinct for each test binary's process so that parallel binaries do not collide).
    pub fn new(name: &str) -> Match {
        let dir =
            std::env::temp_dir().join(format!("mingmang-match-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Match {
            args: vec!["match".into()],
            dir,
        }
    }

    /// An engine: `--engine cmd=<cmd>` and its settings (`name=a proto=uci depth=3`).
    pub fn engine(mut self, cmd: &str, settings: &str) -> Match {
        self.args.push("--engine".into());
        self.args.push(format!("cmd={cmd}"));
        self.args
            .extend(settings.split_whitespace().map(String::from));
        self
    }

    /// mingmang itself as an engine, with its settings.
    pub fn mingmang(self, settings: &str) -> Match {
        self.engine(bin(), settings)
    }

    /// mingmang against itself, the engines named `a` and `b`.
    pub fn self_play(name: &str) -> Match {
        Match::new(name).mingmang("name=a").mingmang("name=b")
    }

    /// The Python random mover (`tests/engines/mm_random.py`) started with `flags`
    /// (`--seed 2`, `--fault hang --after 2`), with its settings.
    pub fn python(self, flags: &str, settings: &str) -> Match {
        let cmd = format!("{} {flags}", random_engine_cmd());
        self.engine(cmd.trim_end(), settings)
    }

    /// Match flags, written as on a command line (`--games 4 --movetime 20`).
    pub fn flags(mut self, flags: &str) -> Match {
        self.args.extend(flags.split_whitespace().map(String::from));
        self
    }

    /// The command line (without the program).
    pub fn args(&self) -> &[String] {
        &self.args
    }

    /// A path in the scratch directory.
    pub fn file(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Writes the records and the JSON summary (`--pgn`, `--json`) into the scratch directory.
    pub fn records(mut self) -> Match {
        for (flag, name) in [("--pgn", "g.pgn"), ("--json", "s.json")] {
            let path = self.file(name).to_string_lossy().into_owned();
            self.args.extend([flag.to_string(), path]);
        }
        self
    }

    /// Runs the match, which must succeed.
    pub fn run(&self) -> Played {
        let out = run(&self.args);
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert!(out.status.success(), "match failed: {stderr}\n{stdout}");
        let read = |name: &str| std::fs::read_to_string(self.file(name)).unwrap_or_default();
        Played {
            stdout,
            stderr,
            pgn: read("g.pgn"),
            json: read("s.json"),
        }
    }

    /// Runs the match, which must be refused cleanly with `needle` in its error output.
    pub fn refused(&self, needle: &str) -> String {
        run_fails(&self.args, needle)
    }
}

/// The command line of the Python random mover, `tests/engines/mm_random.py`.
pub fn random_engine_cmd() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/engines/mm_random.py");
    format!("python3 {}", path.display())
}

/// A number field of the JSON summary (first occurrence of `"key": `).
pub fn json_num(json: &str, key: &str) -> f64 {
    let pat = format!("\"{key}\": ");
    let at = json
        .find(&pat)
        .unwrap_or_else(|| panic!("no {key} in {json}"))
        + pat.len();
    let rest = &json[at..];
    let end = rest.find([',', '\n', '}']).unwrap();
    rest[..end].trim().parse().unwrap()
}

/// One game of the records: its tags and its movetext.
pub struct Record {
    pub tags: Vec<(String, String)>,
    pub moves: String,
}

impl Record {
    /// The value of the first tag `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// The records of a PGN-like file, in file order.
pub fn records(text: &str) -> Vec<Record> {
    let mut out = Vec::new();
    for block in text.split("\n\n[").filter(|b| !b.trim().is_empty()) {
        let block = if block.starts_with('[') {
            block.to_string()
        } else {
            format!("[{block}")
        };
        let (head, moves) = block.split_once("\n\n").expect("tags then moves");
        let tags = head
            .lines()
            .map(|l| {
                let l = l.trim_start_matches('[').trim_end_matches(']');
                let (k, v) = l.split_once(' ').unwrap();
                (k.to_string(), v.trim_matches('"').to_string())
            })
            .collect();
        out.push(Record {
            tags,
            moves: moves.trim().to_string(),
        });
    }
    out
}

/// The values of tag `name` over all records, in file order.
pub fn tags(pgn: &str, name: &str) -> Vec<String> {
    records(pgn)
        .iter()
        .filter_map(|r| r.tag(name).map(String::from))
        .collect()
}

/// Wins, losses and draws of `player` over the records.
pub fn score_of(records: &[Record], player: &str) -> [usize; 3] {
    let mut wld = [0; 3];
    for r in records {
        let white = r.tag("White") == Some(player);
        let k = match (r.tag("Result").expect("a result"), white) {
            ("1-0", true) | ("0-1", false) => 0,
            ("0-1", true) | ("1-0", false) => 1,
            ("1/2-1/2", _) => 2,
            other => panic!("result {other:?}"),
        };
        wld[k] += 1;
    }
    wld
}

/// Checks the JSON summary's games and the first engine's wins, losses and draws.
pub fn assert_summary(json: &str, [w, l, d]: [usize; 3]) {
    assert_eq!(json_num(json, "games_played"), (w + l + d) as f64, "{json}");
    assert_eq!(json_num(json, "wins"), w as f64, "{json}");
    assert_eq!(json_num(json, "losses"), l as f64, "{json}");
    assert_eq!(json_num(json, "draws"), d as f64, "{json}");
}
