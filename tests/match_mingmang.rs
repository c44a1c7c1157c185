//! Short matches between mingmang instances (and against the Python random mover), checking
//! that the referee, the engines' own `query` answers, the records and the statistics agree.

mod common;

use common::binary::{run as run_binary, BIN};
use common::matches::{json_num, random_engine_cmd, run_match, scratch, strs};

/// Runs a match; its stdout and stderr.
fn run(args: &[String]) -> (String, String) {
    let out = run_match(args);
    (
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// Values of one tag over all records, in file order.
fn tags(pgn: &str, name: &str) -> Vec<String> {
    let prefix = format!("[{name} \"");
    pgn.lines()
        .filter_map(|l| l.strip_prefix(&prefix))
        .map(|v| v.trim_end_matches("\"]").to_string())
        .collect()
}

#[test]
fn mingmang_against_itself_on_gundru() {
    let dir = scratch("self");
    let (pgn, json) = (dir.join("g.pgn"), dir.join("s.json"));
    let args = strs(&[
        "--engine",
        &format!("cmd={BIN}"),
        "name=one",
        "option.Hash=4",
        "--engine",
        &format!("cmd={BIN}"),
        "name=two",
        "proto=uci",
        "query=on",
        "--games",
        "6",
        "--concurrency",
        "2",
        "--depth",
        "2",
        "--random-openings",
        "4",
        "--seed",
        "42",
        "--variant",
        "gundru",
        "--max-plies",
        "60",
        "--pgn",
        pgn.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    let (stdout, stderr) = run(&args);
    assert!(stdout.contains("Finished: 6 of 6 games played"), "{stdout}");
    assert!(stdout.contains("Disagreements: 0"), "{stdout}");
    assert_eq!(stderr.lines().filter(|l| l.starts_with('[')).count(), 6);
    let pgn = std::fs::read_to_string(pgn).unwrap();
    let json = std::fs::read_to_string(json).unwrap();
    // Six records, all on the Gundru board, all ended by the rules (no forfeit).
    assert_eq!(tags(&pgn, "Event").len(), 6);
    assert!(tags(&pgn, "Variant").iter().all(|v| v == "gundru"));
    assert!(tags(&pgn, "Size").iter().all(|v| v == "9x9"));
    assert!(tags(&pgn, "Termination").iter().all(|v| v == "normal"));
    assert!(tags(&pgn, "PlyCount")
        .iter()
        .all(|v| v.parse::<u32>().unwrap() <= 60));
    // The results in the records and the JSON tally agree.
    let (mut w, mut l, mut d) = (0, 0, 0);
    for (white, result) in tags(&pgn, "White").iter().zip(tags(&pgn, "Result")) {
        match (result.as_str(), white == "one") {
            ("1-0", true) | ("0-1", false) => w += 1,
            ("0-1", true) | ("1-0", false) => l += 1,
            _ => d += 1,
        }
    }
    assert_eq!(w + l + d, 6);
    assert_eq!(json_num(&json, "wins"), w as f64);
    assert_eq!(json_num(&json, "losses"), l as f64);
    assert_eq!(json_num(&json, "draws"), d as f64);
    assert_eq!(json_num(&json, "games_played"), 6.0);
    assert!(json.contains("\"size\": \"9x9\""));
    assert!(json.contains("\"variant\": \"gundru\""));
    assert!(json.contains("\"time_control\": \"depth=2\""));
    assert!(json.contains("\"disagreements\": []"));
    for key in [
        "score",
        "elo",
        "elo_error",
        "los",
        "players",
        "terminations",
    ] {
        assert!(json.contains(&format!("\"{key}\": ")), "no {key}");
    }
}

/// mingmang against the Python random mover on a clock: the two move generators agree (no
/// illegal move, no disagreement), and nobody forfeits on time with a sane margin.
#[test]
fn mingmang_against_python_on_a_clock() {
    let args = strs(&[
        "--engine",
        &format!("cmd={BIN}"),
        "name=mm",
        "--engine",
        &format!("cmd={}", random_engine_cmd()),
        "name=py",
        "--games",
        "2",
        "--tc",
        "1+0.02",
        "--timemargin",
        "1000",
        "--max-plies",
        "60",
    ]);
    let (stdout, _) = run(&args);
    assert!(stdout.contains("Finished: 2 of 2 games played"), "{stdout}");
    assert!(stdout.contains("Terminations: normal 2"), "{stdout}");
    assert!(stdout.contains("Disagreements: 0"), "{stdout}");
}

/// Each engine may have its own depth (`depth=N`, as cutechess-cli's per-engine limits), for
/// deeper-against-shallower matches; the shallower engine plays at once, and a bad depth is
/// refused.
#[test]
fn per_engine_depth() {
    let dir = scratch("depth");
    let (pgn, json) = (dir.join("g.pgn"), dir.join("s.json"));
    let mut args = strs(&[
        "--engine",
        &format!("cmd={BIN}"),
        "name=deep",
        "depth=3",
        "--engine",
        &format!("cmd={BIN}"),
        "name=shallow",
        "depth=1",
        "--games",
        "2",
        "--size",
        "6x6",
        "--max-plies",
        "30",
        "--pgn",
        pgn.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    args.extend(strs(&["--movetime", "50"]));
    let (stdout, _) = run(&args);
    assert!(stdout.contains("Finished: 2 of 2 games played"), "{stdout}");
    assert!(stdout.contains("Terminations: normal 2"), "{stdout}");
    let pgn = std::fs::read_to_string(pgn).unwrap();
    assert_eq!(
        tags(&pgn, "TimeControl"),
        ["depth=3 / depth=1", "depth=1 / depth=3"]
    );
    let json = std::fs::read_to_string(json).unwrap();
    assert!(
        json.contains("\"time_control\": \"movetime=50ms; deep: depth=3; shallow: depth=1\""),
        "{json}"
    );
    let cmd = format!("cmd={BIN}");
    let out = run_binary(&["match", "--engine", &cmd, "depth=0", "--engine", &cmd]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("depth=0"));
}

/// A fast clock match, two games at a time: the engines' time manager (the only authority on
/// time; the protocol forwards the clocks) never lets a clock fall. The margin allows for the
/// scheduling delays of a loaded test machine, not for the engine's own use of time.
#[test]
fn fast_clock_match_has_no_time_losses() {
    let args = strs(&[
        "--engine",
        &format!("cmd={BIN}"),
        "name=a",
        "--engine",
        &format!("cmd={BIN}"),
        "name=b",
        "--games",
        "4",
        "--concurrency",
        "2",
        "--tc",
        "1+0.05",
        "--timemargin",
        "300",
        "--random-openings",
        "6",
        "--max-plies",
        "80",
    ]);
    let (stdout, _) = run(&args);
    assert!(stdout.contains("Finished: 4 of 4 games played"), "{stdout}");
    assert!(stdout.contains("Terminations: normal 4"), "{stdout}");
}
