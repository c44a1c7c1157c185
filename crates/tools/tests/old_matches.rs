//! The journals kept in docs/matches/ (gzipped, `*.jsonl.gz`) still read with today's
//! readers: the header's identity and every game, the counts checked. A change of the record
//! types that stopped reading them would lose the evidence the docs cite.

use std::path::Path;
use std::process::Command;

use mingmang_tools::matchrunner::identity::ShardIdentity;
use mingmang_tools::matchrunner::journal::record_from_json;

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
        let header: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
        let identity = ShardIdentity::from_json(&header["mingmang_match_journal"])
            .unwrap_or_else(|e| panic!("{}: header: {e}", path.display()));
        let mut numbers = Vec::new();
        for (i, line) in lines[1..].iter().enumerate() {
            let v: serde_json::Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{} line {}: {e}", path.display(), i + 2));
            let r = record_from_json(&v)
                .unwrap_or_else(|e| panic!("{} line {}: {e}", path.display(), i + 2));
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
        // The identity read back writes the same: nothing in the header was dropped.
        assert_eq!(
            ShardIdentity::from_json(&identity.to_json()).unwrap(),
            identity,
            "{}",
            path.display()
        );
    }
    assert!(journals >= 10, "{journals} journals in docs/matches");
}
