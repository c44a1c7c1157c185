//! Setup shared by the tests that run `mingmang match` (tests/match_runner.rs,
//! tests/match_mingmang.rs): scratch directories, running a match (through `binary`), the small
//! Python engine, and reading the JSON summary.

use std::path::PathBuf;
use std::process::Output;

use super::binary::run;

/// A fresh, empty scratch directory for one test's files (named after the test binary's
/// process, so parallel test binaries do not collide).
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mingmang-match-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `mingmang match ARGS` and checks that it succeeded.
pub fn run_match(args: &[String]) -> Output {
    let args: Vec<&str> = std::iter::once("match")
        .chain(args.iter().map(String::as_str))
        .collect();
    let out = run(&args);
    assert!(
        out.status.success(),
        "match failed: {}\n{}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    );
    out
}

/// The command line of the Python random mover, `tests/engines/mm_random.py`.
pub fn random_engine_cmd() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/engines/mm_random.py");
    format!("python3 {}", path.display())
}

/// Owned copies of some words, for an argument list.
pub fn strs(words: &[&str]) -> Vec<String> {
    words.iter().map(|s| s.to_string()).collect()
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
