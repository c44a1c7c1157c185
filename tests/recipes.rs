//! The GNU parallel recipe of `docs/recipes/` runs as written: data, tuning, a match in
//! shards and their merge; run again it finishes from where it was (a cut data shard is
//! resumed, finished match shards are not played again); a shard that fails stops the run
//! with its error. CI installs GNU parallel and sets `MINGMANG_REQUIRE_PARALLEL=1`; elsewhere
//! the test says it was skipped when `parallel` is missing.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::binary::bin;

fn recipe(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs/recipes")
        .join(name)
}

/// Whether GNU parallel can be run; fails if it must be and cannot.
fn have_parallel() -> bool {
    let found = Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("MINGMANG_REQUIRE_PARALLEL").is_none(),
            "GNU parallel is required (MINGMANG_REQUIRE_PARALLEL is set) but not installed"
        );
        eprintln!("skipped: GNU parallel is not installed");
    }
    found
}

/// Runs the local recipe in `dir` with small settings (and `extra` environment).
fn run_local(dir: &Path, extra: &[(&str, &str)]) -> Output {
    let mut command = Command::new("bash");
    command
        .arg(recipe("parallel-local.sh"))
        .current_dir(dir)
        .env("MINGMANG", bin())
        .env("WORK", "run")
        .env("SHARDS", "3")
        .env("JOBS", "2")
        .env("DATA_GAMES", "4")
        .env("DATA_NODES", "200")
        .env("MATCH_GAMES", "4")
        .env("MATCH_NODES", "300")
        .env("OPENING_PLIES", "2")
        .env("RULES", "--size 5x5 --max-plies 30")
        .env_remove("RUST_LOG");
    for (k, v) in extra {
        command.env(k, v);
    }
    command.output().expect("run bash")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn the_local_parallel_recipe_runs_resumes_and_fails_loudly() {
    if !have_parallel() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("mingmang-recipes-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let first = run_local(&dir, &[]);
    let (out, err) = (text(&first.stdout), text(&first.stderr));
    assert!(first.status.success(), "{out}\n{err}");
    assert!(out.contains("Merged: 3 shards, 12 games"), "{out}");
    let work = dir.join("run");
    let merged = std::fs::read_to_string(work.join("merged.json")).unwrap();
    let tuned = std::fs::read_to_string(work.join("tuned.txt")).unwrap();
    assert!(tuned.contains("mingmang-small material"), "{tuned}");
    // A data shard cut short, as a stopped machine leaves it: the run again resumes it to the
    // same file, tunes the same weights, keeps every match game and merges the same result.
    let shard = work.join("data-2.txt");
    let whole = std::fs::read_to_string(&shard).unwrap();
    std::fs::write(&shard, &whole[..whole.len() / 2]).unwrap();
    let again = run_local(&dir, &[]);
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert_eq!(std::fs::read_to_string(&shard).unwrap(), whole);
    assert!(std::fs::read_to_string(work.join("data-2.log"))
        .unwrap()
        .contains("resuming"));
    assert!(std::fs::read_to_string(work.join("data-1.log"))
        .unwrap()
        .contains("nothing to do"));
    assert_eq!(
        std::fs::read_to_string(work.join("tuned.txt")).unwrap(),
        tuned
    );
    for seed in 1..=3 {
        let log = std::fs::read_to_string(work.join(format!("match-{seed}.log"))).unwrap();
        assert!(log.contains("Resuming: 4 of 4 games"), "{log}");
    }
    assert_eq!(
        std::fs::read_to_string(work.join("merged.json")).unwrap(),
        merged
    );
    // A shard that fails (here every one: no nodes to search) stops the run, which exits
    // non-zero with the shard's own error.
    let failed = run_local(&dir, &[("WORK", "broken"), ("DATA_NODES", "0")]);
    let err = text(&failed.stderr);
    assert!(!failed.status.success());
    // Whichever shard fails first stops the run: with the shards in parallel, any of them.
    assert!(
        (1..=3).any(|k| err.contains(&format!("data shard {k} failed"))),
        "{err}"
    );
    assert!(err.contains("invalid value '0' for '--nodes"), "{err}");
    assert!(!dir.join("broken/tuned.txt").exists());
}
