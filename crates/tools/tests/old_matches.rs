//! The journals kept in docs/matches/ (gzipped, `*.jsonl.gz`) still read with today's
//! readers: the header's identity and every game, the counts checked. A change of the record
//! types that stopped reading them would lose the evidence the docs cite.

use std::path::Path;
use std::process::Command;

use mingmang_tools::matchrunner::identity::ShardIdentity;
use mingmang_tools::matchrunner::journal::{game_line, read_game, JournalHeader};

/// The text of a gzipped file, by `gzip -dc`.
fn gunzip(path: &Path) -> String {
    let out = Command::new("gzip")
        .arg("-dc")
        .arg(path)
        .output()
        .expect("gzip runs");
    assert!(out.status.success(), "gzip -dc {}", path.display());
    String::from_utf8(out.stdout).expect("a journal is UTF-8")
}

#[test]
fn every_journal_in_docs_matches_still_reads() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/matches");
    let mut journals = 0;
    for entry in std::fs::read_dir(&dir).expect("docs/matches") {
        let path = entry.unwrap().path();
        if !path.to_string_lossy().ends_with(".jsonl.gz") {
            continue;
        }
        journals += 1;
        let text = gunzip(&path);
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        assert!(lines.len() >= 2, "{}: a header and games", path.display());
        let header: JournalHeader = serde_json::from_str(lines[0])
            .unwrap_or_else(|e| panic!("{}: header: {e}", path.display()));
        let identity = header.mingmang_match_journal;
        let mut numbers = Vec::new();
        for (i, line) in lines[1..].iter().enumerate() {
            let r = read_game(line)
                .unwrap_or_else(|e| panic!("{} line {}: {e}", path.display(), i + 2));
            // A line written since the thinking was kept writes back byte for byte.
            if line.contains("\"think_ms\"") {
                assert_eq!(game_line(&r), *line, "{} line {}", path.display(), i + 2);
            }
            numbers.push(r.number);
        }
        assert_eq!(numbers.len(), lines.len() - 1, "{}", path.display());
        numbers.sort_unstable();
        numbers.dedup();
        assert_eq!(
            numbers.len(),
            lines.len() - 1,
            "{}: each game once",
            path.display()
        );
        // The identity written and read back is the same, and writes what the header holds:
        // nothing in it was dropped.
        let written = serde_json::to_value(&identity).unwrap();
        assert_eq!(
            serde_json::from_value::<ShardIdentity>(written.clone()).unwrap(),
            identity,
            "{}",
            path.display()
        );
        let raw: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
        assert_eq!(written, raw["mingmang_match_journal"], "{}", path.display());
    }
    assert!(journals >= 10, "{journals} journals in docs/matches");
}
