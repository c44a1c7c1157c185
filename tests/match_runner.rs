//! `mingmang match` end to end, against small Python engines in `tests/engines/`: faulty
//! engines lose with the right termination and the match goes on; records, statistics and
//! JSON agree with each other; SPRT stops a match early; round robins schedule every pair.

mod common;

use common::binary::run as run_binary;
use common::matches::{json_num, random_engine_cmd, run_match as run, scratch, strs};

fn engine(cmd_extra: &str, name: &str, proto: &str) -> Vec<String> {
    vec![
        "--engine".into(),
        format!("cmd={} {cmd_extra}", random_engine_cmd()),
        format!("name={name}"),
        format!("proto={proto}"),
    ]
}

/// The records of a PGN-like file: (tags, movetext) per game.
fn records(text: &str) -> Vec<(Vec<(String, String)>, String)> {
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
        out.push((tags, moves.trim().to_string()));
    }
    out
}

fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// A faulty engine plays four games against a sound one: it loses all four with `keyword`,
/// is restarted for each game, and the match finishes all four games.
fn faulty(fault: &str, keyword: &str) {
    let dir = scratch(fault);
    let (pgn, json) = (dir.join("g.pgn"), dir.join("s.json"));
    let mut args = engine(&format!("--fault {fault} --after 2"), "bad", "ugi");
    args.extend(engine("--seed 2", "good", "uci"));
    args.extend(strs(&[
        "--games",
        "4",
        "--movetime",
        "20",
        "--timemargin",
        "300",
        "--max-plies",
        "60",
        "--pgn",
        pgn.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]));
    let out = run(&args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("Finished: 4 of 4 games played"), "{stdout}");
    assert!(
        stdout.contains(&format!("Terminations: {keyword} 4")),
        "{stdout}"
    );
    let json = std::fs::read_to_string(json).unwrap();
    assert_eq!(json_num(&json, "games_played"), 4.0);
    assert_eq!(json_num(&json, "wins"), 0.0);
    assert_eq!(json_num(&json, "losses"), 4.0);
    assert_eq!(json_num(&json, keyword), 4.0);
    // One start per game: the engine is restarted after each fault.
    assert_eq!(json_num(&json, "starts"), 4.0);
    let recs = records(&std::fs::read_to_string(pgn).unwrap());
    assert_eq!(recs.len(), 4);
    for (i, (tags, moves)) in recs.iter().enumerate() {
        assert_eq!(tag(tags, "Termination"), Some(keyword));
        // bad is White in games 1 and 3, Black in 2 and 4, and loses each.
        let (white, result) = if i % 2 == 0 {
            ("bad", "0-1")
        } else {
            ("good", "1-0")
        };
        assert_eq!(tag(tags, "White"), Some(white));
        assert_eq!(tag(tags, "Result"), Some(result));
        assert!(moves.ends_with(result));
        // The fault comes on bad's second move, so bad made one move and good one or two.
        let plies: usize = tag(tags, "PlyCount").unwrap().parse().unwrap();
        assert!((2..=3).contains(&plies), "{plies}");
    }
}

#[test]
fn crashing_engine_loses_and_match_goes_on() {
    faulty("crash", "crash");
}

#[test]
fn hanging_engine_loses_on_time() {
    faulty("hang", "time forfeit");
}

#[test]
fn garbage_answer_loses() {
    faulty("garbage", "garbage");
}

#[test]
fn illegal_move_loses() {
    faulty("illegal", "illegal move");
}

/// A random-mover match with random openings, played twice with the same seed: the records
/// are identical, and records, summary and JSON agree.
#[test]
fn records_and_statistics_agree() {
    let dir = scratch("consistent");
    let play = |n: usize, concurrency: &str| {
        let (pgn, json) = (dir.join(format!("{n}.pgn")), dir.join(format!("{n}.json")));
        let mut args = engine("--seed 11", "alpha", "ugi");
        args.extend(engine("--seed 12", "beta", "ugi"));
        args.extend(strs(&[
            "--games",
            "6",
            "--concurrency",
            concurrency,
            "--movetime",
            "20",
            "--timemargin",
            "2000",
            "--random-openings",
            "4",
            "--seed",
            "7",
            "--max-plies",
            "80",
            "--pgn",
            pgn.to_str().unwrap(),
            "--json",
            json.to_str().unwrap(),
        ]));
        run(&args);
        (
            std::fs::read_to_string(pgn).unwrap(),
            std::fs::read_to_string(json).unwrap(),
        )
    };
    let (pgn, json) = play(1, "1");
    let recs = records(&pgn);
    assert_eq!(recs.len(), 6);
    let (mut w, mut l, mut d) = (0, 0, 0);
    for (i, (tags, moves)) in recs.iter().enumerate() {
        for name in [
            "Event",
            "Round",
            "Game",
            "White",
            "Black",
            "Variant",
            "Size",
            "Rules",
            "TimeControl",
            "StartFEN",
            "OpeningMoves",
            "FEN",
            "Result",
            "Termination",
            "TerminationDetails",
            "PlyCount",
        ] {
            assert!(tag(tags, name).is_some(), "game {i}: no {name} tag");
        }
        assert_eq!(tag(tags, "Size"), Some("8x8"));
        assert_eq!(tag(tags, "Termination"), Some("normal"));
        assert!(tag(tags, "Disagreement").is_none(), "{tags:?}");
        assert_eq!(tag(tags, "OpeningMoves").unwrap().split(' ').count(), 4);
        // PlyCount equals the moves in the movetext (words that are not numbers or result).
        let plies = moves
            .split_whitespace()
            .filter(|w| !w.ends_with('.') && !w.contains('-'))
            .count();
        assert_eq!(tag(tags, "PlyCount").unwrap(), plies.to_string());
        // Games 1-2, 3-4, 5-6 share an opening with colours swapped.
        if i % 2 == 1 {
            let prev = &recs[i - 1].0;
            assert_eq!(tag(tags, "OpeningMoves"), tag(prev, "OpeningMoves"));
            assert_eq!(tag(tags, "White"), tag(prev, "Black"));
        }
        let alpha_white = tag(tags, "White") == Some("alpha");
        match (tag(tags, "Result").unwrap(), alpha_white) {
            ("1-0", true) | ("0-1", false) => w += 1,
            ("0-1", true) | ("1-0", false) => l += 1,
            ("1/2-1/2", _) => d += 1,
            other => panic!("{other:?}"),
        }
    }
    // Distinct openings for distinct pairs (4 random plies from a seeded generator).
    assert_ne!(
        tag(&recs[0].0, "OpeningMoves"),
        tag(&recs[2].0, "OpeningMoves")
    );
    assert_eq!(w + l + d, 6);
    assert_eq!(json_num(&json, "games_played"), 6.0);
    assert_eq!(json_num(&json, "wins"), w as f64);
    assert_eq!(json_num(&json, "losses"), l as f64);
    assert_eq!(json_num(&json, "draws"), d as f64);
    let score = (w as f64 + d as f64 / 2.0) / 6.0;
    assert!((json_num(&json, "score") - score).abs() < 1e-9);
    assert_eq!(json_num(&json, "normal"), 6.0);
    assert!(json.contains("\"disagreements\": []"), "{json}");
    // Same seed, same engines, one game at a time: the very same records.
    let (pgn2, _) = play(2, "1");
    assert_eq!(pgn, pgn2);
    // Two games at a time: each worker has its own engine processes, whose random moves
    // then differ, but the schedule and openings depend on the seed alone.
    let (pgn3, json3) = play(3, "2");
    assert_eq!(json_num(&json3, "games_played"), 6.0);
    let plan = |text: &str| {
        let mut v: Vec<String> = records(text)
            .iter()
            .map(|(t, _)| {
                format!(
                    "{:?} {:?} {:?}",
                    tag(t, "Game"),
                    tag(t, "White"),
                    tag(t, "OpeningMoves")
                )
            })
            .collect();
        v.sort();
        v
    };
    assert_eq!(plan(&pgn), plan(&pgn3));
}

/// An engine whose `query` answers are wrong gets its disagreements recorded (two per game:
/// gameover and result), without changing the referee's result.
#[test]
fn query_disagreements_are_recorded() {
    let dir = scratch("liar");
    let (pgn, json) = (dir.join("g.pgn"), dir.join("s.json"));
    let mut args = engine("--fault liar", "liar", "ugi");
    args.extend(engine("--seed 3", "honest", "ugi"));
    args.extend(strs(&[
        "--games",
        "2",
        "--max-plies",
        "30",
        "--pgn",
        pgn.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]));
    let out = run(&args);
    assert!(String::from_utf8_lossy(&out.stdout).contains("Disagreements: 4"));
    let recs = records(&std::fs::read_to_string(pgn).unwrap());
    for (tags, _) in &recs {
        let n = tags.iter().filter(|(k, _)| k == "Disagreement").count();
        assert_eq!(n, 2, "{tags:?}");
        assert!(tags
            .iter()
            .all(|(k, v)| k != "Disagreement" || v.starts_with("liar: query")));
    }
    let json = std::fs::read_to_string(json).unwrap();
    assert!(json.contains("game 1: liar: query gameover answered 'false'"));
}

/// Equal random movers against a hypothesis of +400 Elo: the SPRT accepts H0 and stops the
/// match long before the 200 games scheduled.
#[test]
fn sprt_stops_the_match() {
    let dir = scratch("sprt");
    let json = dir.join("s.json");
    let mut args = engine("--seed 5", "a", "uci");
    args.extend(engine("--seed 6", "b", "uci"));
    args.extend(strs(&[
        "--games",
        "200",
        "--max-plies",
        "30",
        "--random-openings",
        "2",
        "--sprt",
        "elo0=0",
        "elo1=400",
        "alpha=0.05",
        "beta=0.05",
        "--json",
        json.to_str().unwrap(),
    ]));
    let out = run(&args);
    let json = std::fs::read_to_string(json).unwrap();
    let played = json_num(&json, "games_played");
    assert!(played < 200.0, "{played}");
    assert!(json.contains("\"decision\": \"H0 accepted\""), "{json}");
    assert!(json_num(&json, "llr") <= json_num(&json, "lower"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("H0 accepted"), "{stdout}");
    // One progress line per game on stderr.
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr.lines().filter(|l| l.starts_with('[')).count(),
        played as usize
    );
}

/// Three engines, two games per pair: six games, each engine plays four.
#[test]
fn round_robin_schedules_every_pair() {
    let dir = scratch("rr");
    let json = dir.join("s.json");
    let mut args = engine("--seed 1", "e1", "uci");
    args.extend(engine("--seed 2", "e2", "uai"));
    args.extend(engine("--seed 3", "e3", "ugi"));
    args.extend(strs(&[
        "--games",
        "2",
        "--max-plies",
        "20",
        "--size",
        "6x6",
        "--json",
        json.to_str().unwrap(),
    ]));
    run(&args);
    let json = std::fs::read_to_string(json).unwrap();
    assert_eq!(json_num(&json, "games_played"), 6.0);
    assert_eq!(json.matches("\"games\": 4").count(), 4, "{json}"); // top-level + 3 players
    assert!(json.contains("\"size\": \"6x6\""));
}

#[test]
fn help_documents_the_flags() {
    let out = run_binary(&["match", "--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    for flag in [
        "--engine",
        "--each",
        "--games",
        "--rounds",
        "--concurrency",
        "--tc",
        "--movetime",
        "--depth",
        "--nodes",
        "--timemargin",
        "--openings",
        "--random-openings",
        "--sprt",
        "--pgn",
        "--json",
        "--seed",
        "--variant",
        "--size",
        "--max-plies",
        "Examples:",
    ] {
        assert!(help.contains(flag), "help lacks {flag}");
    }
}

#[test]
fn bad_flags_are_refused() {
    let e = |n: &str| format!("cmd={} name={n}", random_engine_cmd());
    for args in [
        vec!["--engine".to_string(), e("a")],
        vec![
            "--engine".into(),
            "name=x".into(),
            "--engine".into(),
            e("b"),
        ],
        vec![
            "--engine".into(),
            e("a"),
            "--engine".into(),
            e("b"),
            "--engine".into(),
            e("c"),
            "--sprt".into(),
            "elo0=0".into(),
        ],
        vec![
            "--engine".into(),
            e("a"),
            "--engine".into(),
            e("b"),
            "--tc".into(),
            "fast".into(),
        ],
    ] {
        let out = run_binary(&[vec!["match".to_string()], args.clone()].concat());
        assert!(!out.status.success(), "{args:?} was accepted");
    }
}

/// An openings file: comments skipped, positions used in order and each played twice with
/// colours swapped; a position for another board size is refused.
#[test]
fn openings_file_is_used_in_order() {
    let dir = scratch("book");
    let (book, pgn) = (dir.join("book.txt"), dir.join("g.pgn"));
    std::fs::write(
        &book,
        "# two openings\n\
         wbbbbbbb/w6b/w6b/w6b/w6b/w6b/w6b/wwwwwwwb w moves a2c2 h7f7\n\
         \n\
         wbbbbbbb/w6b/w6b/w6b/w6b/w6b/w6b/wwwwwwwb b\n",
    )
    .unwrap();
    let mut args = engine("--seed 1", "a", "ugi");
    args.extend(engine("--seed 2", "b", "ugi"));
    args.extend(strs(&[
        "--games",
        "4",
        "--max-plies",
        "20",
        "--openings",
        book.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
    ]));
    run(&args);
    let recs = records(&std::fs::read_to_string(&pgn).unwrap());
    assert_eq!(recs.len(), 4);
    let moves: Vec<_> = recs.iter().map(|(t, _)| tag(t, "OpeningMoves")).collect();
    assert_eq!(moves, [Some("a2c2 h7f7"), Some("a2c2 h7f7"), None, None]);
    // The second opening has Black to move: the movetext starts with "1... ".
    assert!(recs[2].1.starts_with("1... "), "{}", recs[2].1);
    assert!(tag(&recs[2].0, "FEN").unwrap().ends_with(" b"));
    // A 9x9 position in an 8x8 match is refused before any game.
    std::fs::write(&book, "wbbbbbbbb/w7b/w7b/w7b/w7b/w7b/w7b/w7b/wwwwwwwwb w\n").unwrap();
    let mut args = engine("", "a", "ugi");
    args.extend(engine("", "b", "ugi"));
    args.extend(strs(&["--openings", book.to_str().unwrap()]));
    let out = run_binary(&[vec!["match".to_string()], args].concat());
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("openings line 1"));
}
