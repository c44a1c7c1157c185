//! `mingmang match` end to end, against small Python engines in `tests/engines/`: faulty
//! engines lose with the right termination and the match goes on; records, statistics and
//! JSON agree with each other; SPRT stops a match early; round robins schedule every pair.

mod common;

use common::matches::{assert_summary, json_num, records, score_of, Match};

/// A faulty engine plays four games against a sound one: it loses all four with `keyword`,
/// is restarted for each game, and the match finishes all four games. The time margin is the
/// hang bound (10 s), so that the sound engine never forfeits on a loaded machine; a hanging
/// engine forfeits after it.
fn faulty(fault: &str, keyword: &str) {
    let played = Match::new(fault)
        .python(&format!("--fault {fault} --after 2"), "name=bad proto=ugi")
        .python("--seed 2", "name=good proto=uci")
        .flags("--games 4 --movetime 20 --timemargin 10000 --max-plies 60 --fault-limit 100")
        .records()
        .run();
    let stdout = &played.stdout;
    assert!(stdout.contains("Finished: 4 of 4 games played"), "{stdout}");
    assert!(
        stdout.contains(&format!("Terminations: {keyword} 4")),
        "{stdout}"
    );
    let json = &played.json;
    assert_summary(json, [0, 4, 0]);
    assert_eq!(json_num(json, keyword), 4.0);
    // One start per game: the engine is restarted after each fault.
    assert_eq!(json_num(json, "starts"), 4.0);
    let recs = records(&played.pgn);
    assert_eq!(recs.len(), 4);
    for (i, rec) in recs.iter().enumerate() {
        assert_eq!(rec.tag("Termination"), Some(keyword));
        // bad is White in games 1 and 3, Black in 2 and 4, and loses each.
        let (white, result) = if i % 2 == 0 {
            ("bad", "0-1")
        } else {
            ("good", "1-0")
        };
        assert_eq!(rec.tag("White"), Some(white));
        assert_eq!(rec.tag("Result"), Some(result));
        assert!(rec.moves.ends_with(result));
        // The fault comes on bad's second move, so bad made one move and good one or two.
        let plies: usize = rec.tag("PlyCount").unwrap().parse().unwrap();
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
    let play = |n: usize, concurrency: &str| {
        Match::new(&format!("consistent-{n}"))
            .python("--seed 11", "name=alpha proto=ugi")
            .python("--seed 12", "name=beta proto=ugi")
            .flags("--games 6 --movetime 20 --timemargin 10000 --random-openings 4 --seed 7")
            .flags(&format!("--max-plies 80 --concurrency {concurrency}"))
            .records()
            .run()
    };
    let first = play(1, "1");
    let (pgn, json) = (&first.pgn, &first.json);
    let recs = records(pgn);
    assert_eq!(recs.len(), 6);
    for (i, rec) in recs.iter().enumerate() {
        let tag = |name| rec.tag(name);
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
            assert!(tag(name).is_some(), "game {i}: no {name} tag");
        }
        assert_eq!(tag("Size"), Some("8x8"));
        assert_eq!(tag("Termination"), Some("normal"));
        assert!(tag("Disagreement").is_none(), "{:?}", rec.tags);
        assert_eq!(tag("OpeningMoves").unwrap().split(' ').count(), 4);
        // PlyCount equals the moves in the movetext (words that are not numbers or result).
        let plies = rec
            .moves
            .split_whitespace()
            .filter(|w| !w.ends_with('.') && !w.contains('-'))
            .count();
        assert_eq!(tag("PlyCount").unwrap(), plies.to_string());
        // Games 1-2, 3-4, 5-6 share an opening with colours swapped.
        if i % 2 == 1 {
            let prev = &recs[i - 1];
            assert_eq!(tag("OpeningMoves"), prev.tag("OpeningMoves"));
            assert_eq!(tag("White"), prev.tag("Black"));
        }
    }
    // Distinct openings for distinct pairs (4 random plies from a seeded generator).
    assert_ne!(recs[0].tag("OpeningMoves"), recs[2].tag("OpeningMoves"));
    let [w, l, d] = score_of(&recs, "alpha");
    assert_eq!(w + l + d, 6);
    assert_summary(json, [w, l, d]);
    let score = (w as f64 + d as f64 / 2.0) / 6.0;
    assert!((json_num(json, "score") - score).abs() < 1e-9);
    assert_eq!(json_num(json, "normal"), 6.0);
    assert!(json.contains("\"disagreements\": []"), "{json}");
    // Same seed, same engines, one game at a time: the very same records.
    assert_eq!(*pgn, play(2, "1").pgn);
    // Two games at a time: each worker has its own engine processes, whose random moves
    // then differ, but the schedule and openings depend on the seed alone.
    let third = play(3, "2");
    assert_eq!(json_num(&third.json, "games_played"), 6.0);
    let plan = |text: &str| {
        let mut v: Vec<String> = records(text)
            .iter()
            .map(|r| {
                let t = |name| r.tag(name);
                format!("{:?} {:?} {:?}", t("Game"), t("White"), t("OpeningMoves"))
            })
            .collect();
        v.sort();
        v
    };
    assert_eq!(plan(pgn), plan(&third.pgn));
}

/// The first engine's points in each pair of games (1-2, 3-4, ...) from the records, counted
/// by half-points as the summary's `pairs.counts`; an odd last game is in no pair.
fn pair_counts(recs: &[common::matches::Record], player: &str) -> [u64; 5] {
    let mut counts = [0; 5];
    for pair in recs.chunks_exact(2) {
        let halves: usize = pair
            .iter()
            .map(|r| {
                let [w, _, d] = score_of(std::slice::from_ref(r), player);
                2 * w + d
            })
            .sum();
        counts[halves] += 1;
    }
    counts
}

/// Five games between two depths of mingmang: two pairs and a game without a partner. The
/// summary counts the pairs as the records show them, and prints the estimate by pairs.
#[test]
fn pairs_are_counted_as_the_records_show() {
    let played = Match::new("pairs")
        .mingmang("name=deep depth=2")
        .mingmang("name=shallow depth=1")
        .flags("--size 5x5 --max-plies 30 --games 5 --random-openings 4 --seed 3")
        // An SPRT that five games cannot decide: the match plays all five.
        .flags("--sprt elo0=0 elo1=20")
        .records()
        .run();
    let mut recs = records(&played.pgn);
    assert_eq!(recs.len(), 5);
    recs.sort_by_key(|r| r.tag("Game").unwrap().parse::<u32>().unwrap());
    let summary: serde_json::Value = serde_json::from_str(&played.json).unwrap();
    let counts: Vec<u64> = summary["pairs"]["counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect();
    assert_eq!(counts, pair_counts(&recs[..4], "deep"), "{}", played.json);
    assert_eq!(summary["pairs"]["pairs"], 2);
    assert_eq!(summary["sprt"]["model"], "pairs");
    played.assert_says("By pairs: 2 pairs, 0: ");
    played.assert_says(" by pairs: LLR ");
}

/// An engine whose `query` answers are wrong gets its disagreements recorded (two per game:
/// gameover and result), without changing the referee's result.
#[test]
fn query_disagreements_are_recorded() {
    let played = Match::new("liar")
        .python("--fault liar", "name=liar proto=ugi")
        .python("--seed 3", "name=honest proto=ugi")
        .flags("--games 2 --max-plies 30")
        .records()
        .run();
    assert!(played.stdout.contains("Disagreements: 4"));
    for rec in records(&played.pgn) {
        let n = rec.tags.iter().filter(|(k, _)| k == "Disagreement").count();
        assert_eq!(n, 2, "{:?}", rec.tags);
        assert!(rec
            .tags
            .iter()
            .all(|(k, v)| k != "Disagreement" || v.starts_with("liar: query")));
    }
    assert!(played
        .json
        .contains("game 1: liar: query gameover answered 'false'"));
}

/// Equal random movers against a hypothesis of +400 Elo: the SPRT accepts H0 and stops the
/// match long before the 200 games scheduled. With two games at once, the game still running
/// when the test decides finishes and counts, and the decision stays where it was taken.
#[test]
fn sprt_stops_the_match() {
    for concurrency in [1, 2] {
        let played = Match::new(&format!("sprt{concurrency}"))
            .python("--seed 5", "name=a proto=uci")
            .python("--seed 6", "name=b proto=uci")
            .flags("--games 200 --max-plies 30 --random-openings 2")
            .flags(&format!("--concurrency {concurrency}"))
            .flags("--sprt elo0=0 elo1=400 alpha=0.05 beta=0.05")
            .records()
            .run();
        let json = &played.json;
        let games = json_num(json, "games_played");
        assert!(games < 200.0, "{games}");
        assert!(json.contains("\"status\": \"stopped by SPRT\""), "{json}");
        assert!(json.contains("\"decision\": \"H0 accepted\""), "{json}");
        assert!(played.stdout.contains("H0 accepted"), "{}", played.stdout);
        // Decided on one of the last `concurrency` games, at an LLR past the bound.
        let at = json_num(json, "decided_after_games");
        assert!(
            at <= games && at > games - concurrency as f64 - 0.5,
            "{at} of {games}"
        );
        assert!(json_num(json, "llr_at_decision") <= json_num(json, "lower"));
        if at < games {
            played.assert_says("running then count");
        } else {
            assert_eq!(json_num(json, "llr"), json_num(json, "llr_at_decision"));
        }
        // One progress line per game on stderr.
        let progress = played.stderr.lines().filter(|l| l.starts_with('[')).count();
        assert_eq!(progress, games as usize);
    }
}

/// Three engines, two games per pair: six games, each engine plays four.
#[test]
fn round_robin_schedules_every_pair() {
    let played = Match::new("rr")
        .python("--seed 1", "name=e1 proto=uci")
        .python("--seed 2", "name=e2 proto=uai")
        .python("--seed 3", "name=e3 proto=ugi")
        .flags("--games 2 --max-plies 20 --size 6x6")
        .records()
        .run();
    let json = &played.json;
    assert_eq!(json_num(json, "games_played"), 6.0);
    assert_eq!(json.matches("\"games\": 4").count(), 4, "{json}"); // top-level + 3 players
    assert!(json.contains("\"size\": \"6x6\""));
}

#[test]
fn help_documents_the_flags() {
    let help = common::binary::run_ok(&["match", "--help"]);
    let flags = "--engine --each --games --rounds --concurrency --tc --movetime --depth --nodes \
        --timemargin --openings --random-openings --sprt --pgn --json --seed --variant --size \
        --max-plies Examples:";
    for flag in flags.split_whitespace() {
        assert!(help.contains(flag), "help lacks {flag}");
    }
}

#[test]
fn bad_flags_are_refused() {
    let two = || Match::new("bad").python("", "name=a").python("", "name=b");
    for m in [
        // One engine only.
        Match::new("bad").python("", "name=a"),
        // An engine without a command.
        Match::new("bad")
            .flags("--engine name=x")
            .python("", "name=b"),
        // SPRT with three engines.
        two().python("", "name=c").flags("--sprt elo0=0"),
        // A time control that is not one.
        two().flags("--tc fast"),
    ] {
        m.refused("error");
    }
}

/// An openings file: comments skipped, positions used in order and each played twice with
/// colours swapped; a position for another board size is refused.
#[test]
fn openings_file_is_used_in_order() {
    let m = Match::new("book");
    let book = m.file("book.txt");
    std::fs::write(
        &book,
        "# two openings\n\
         wbbbbbbb/w6b/w6b/w6b/w6b/w6b/w6b/wwwwwwwb w moves a2c2 h7f7\n\
         \n\
         wbbbbbbb/w6b/w6b/w6b/w6b/w6b/w6b/wwwwwwwb b\n",
    )
    .unwrap();
    let book_flag = format!("--openings {}", book.display());
    let played = m
        .python("--seed 1", "name=a proto=ugi")
        .python("--seed 2", "name=b proto=ugi")
        .flags("--games 4 --max-plies 20")
        .flags(&book_flag)
        .records()
        .run();
    let recs = records(&played.pgn);
    assert_eq!(recs.len(), 4);
    let moves: Vec<_> = recs.iter().map(|r| r.tag("OpeningMoves")).collect();
    assert_eq!(moves, [Some("a2c2 h7f7"), Some("a2c2 h7f7"), None, None]);
    // The second opening has Black to move: the movetext starts with "1... ".
    assert!(recs[2].moves.starts_with("1... "), "{}", recs[2].moves);
    assert!(recs[2].tag("FEN").unwrap().ends_with(" b"));
    // A 9x9 position in an 8x8 match is refused before any game.
    std::fs::write(&book, "wbbbbbbbb/w7b/w7b/w7b/w7b/w7b/w7b/w7b/wwwwwwwwb w\n").unwrap();
    Match::new("book9")
        .python("", "name=a proto=ugi")
        .python("", "name=b proto=ugi")
        .flags(&book_flag)
        .refused("openings line 1");
}
