//! Short matches between mingmang instances (and against the Python random mover), checking
//! that the referee, the engines' own `query` answers, the records and the statistics agree.

mod common;

use common::matches::{assert_summary, json_num, records, score_of, tags, Match};

#[test]
fn mingmang_against_itself_on_gundru() {
    let played = Match::new("self")
        .mingmang("name=one option.Hash=4")
        .mingmang("name=two proto=uci query=on")
        .flags("--games 6 --concurrency 2 --depth 2 --random-openings 4 --seed 42")
        .flags("--variant gundru --max-plies 60")
        .records()
        .run();
    let (stdout, pgn, json) = (&played.stdout, &played.pgn, &played.json);
    assert!(stdout.contains("Finished: 6 of 6 games played"), "{stdout}");
    assert!(stdout.contains("Disagreements: 0"), "{stdout}");
    let progress = played.stderr.lines().filter(|l| l.starts_with('['));
    assert_eq!(progress.count(), 6);
    // Six records, all on the Gundru board, all ended by the rules (no forfeit).
    assert_eq!(tags(pgn, "Event").len(), 6);
    assert!(tags(pgn, "Variant").iter().all(|v| v == "gundru"));
    assert!(tags(pgn, "Size").iter().all(|v| v == "9x9"));
    assert!(tags(pgn, "Termination").iter().all(|v| v == "normal"));
    assert!(tags(pgn, "PlyCount")
        .iter()
        .all(|v| v.parse::<u32>().unwrap() <= 60));
    // The results in the records and the JSON tally agree.
    let score = score_of(&records(pgn), "one");
    assert_eq!(score.iter().sum::<usize>(), 6);
    assert_summary(json, score);
    for field in [
        "\"size\": \"9x9\"",
        "\"variant\": \"gundru\"",
        "\"time_control\": \"depth=2\"",
        "\"disagreements\": []",
    ] {
        assert!(json.contains(field), "no {field} in {json}");
    }
    for key in "score elo elo_error los players terminations".split(' ') {
        assert!(json.contains(&format!("\"{key}\": ")), "no {key}");
    }
}

/// mingmang against the Python random mover on a clock: the two move generators agree (no
/// illegal move, no disagreement), and nobody forfeits on time with the hang bound (10 s) as
/// the margin.
#[test]
fn mingmang_against_python_on_a_clock() {
    let stdout = Match::new("python")
        .mingmang("name=mm")
        .python("", "name=py")
        .flags("--games 2 --tc 1+0.02 --timemargin 10000 --max-plies 60")
        .run()
        .stdout;
    assert!(stdout.contains("Finished: 2 of 2 games played"), "{stdout}");
    assert!(stdout.contains("Terminations: normal 2"), "{stdout}");
    assert!(stdout.contains("Disagreements: 0"), "{stdout}");
}

/// Each engine may have its own depth (`depth=N`, as cutechess-cli's per-engine limits), for
/// deeper-against-shallower matches; the shallower engine plays at once, and a bad depth is
/// refused.
#[test]
fn per_engine_depth() {
    let played = Match::new("depth")
        .mingmang("name=deep depth=3")
        .mingmang("name=shallow depth=1")
        .flags("--games 2 --size 6x6 --max-plies 30 --movetime 50 --timemargin 10000")
        .records()
        .run();
    let stdout = &played.stdout;
    assert!(stdout.contains("Finished: 2 of 2 games played"), "{stdout}");
    assert!(stdout.contains("Terminations: normal 2"), "{stdout}");
    assert_eq!(
        tags(&played.pgn, "TimeControl"),
        ["depth=3 / depth=1", "depth=1 / depth=3"]
    );
    let json = &played.json;
    assert!(
        json.contains("\"time_control\": \"movetime=50ms; deep: depth=3; shallow: depth=1\""),
        "{json}"
    );
    // The summary says what each engine spent: the depths each reported, by quarter of the
    // 30-ply limit, and every move was timed.
    assert!(
        stdout.contains(
            "Thinking, mean time and depth a move by plies (1-8, 9-16, 17-24, 25-; all):"
        ),
        "{stdout}"
    );
    let line = |name: &str| {
        stdout
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{name}: ")))
            .unwrap_or_else(|| panic!("no thinking line for {name} in {stdout}"))
            .to_string()
    };
    assert!(line("deep").ends_with(" d3.0"), "{stdout}");
    assert!(line("shallow").ends_with(" d1.0"), "{stdout}");
    let summary: serde_json::Value = serde_json::from_str(json).unwrap();
    let thinking = summary["thinking"].as_array().unwrap();
    let plies: u64 = tags(&played.pgn, "PlyCount")
        .iter()
        .map(|p| p.parse::<u64>().unwrap())
        .sum();
    let moves: u64 = thinking
        .iter()
        .map(|e| e["all"]["moves"].as_u64().unwrap())
        .sum();
    assert_eq!(moves, plies, "one timed move per ply played: {json}");
    assert_eq!(thinking[0]["all"]["mean_depth"], 3.0);
    assert_eq!(thinking[1]["all"]["mean_depth"], 1.0);
    assert!(thinking[0]["all"]["mean_ms"].as_f64().unwrap() >= 0.0);
    Match::new("depth0")
        .mingmang("depth=0")
        .mingmang("")
        .refused("depth=0");
}

/// A fast clock match, two games at a time, plays out: the clocks go to the engines and every
/// game ends by the rules. The margin is the hang bound (10 s): that the engine's time manager
/// (the only authority on time; the protocol forwards the clocks) never lets a clock fall is
/// tested on the driven clock (`a_clocked_game_never_runs_out_of_time` in
/// `tests/reliability.rs`); how low the wall clock falls on a real machine is a benchmark's
/// measure.
#[test]
fn fast_clock_match_has_no_time_losses() {
    let stdout = Match::self_play("clock")
        .flags("--games 4 --concurrency 2 --tc 1+0.05 --timemargin 10000")
        .flags("--random-openings 6 --max-plies 80")
        .run()
        .stdout;
    assert!(stdout.contains("Finished: 4 of 4 games played"), "{stdout}");
    assert!(stdout.contains("Terminations: normal 4"), "{stdout}");
}

/// The options given to an engine that is mingmang itself are checked against its option
/// tables before any game: a misspelt name, a value out of range or a weights file that
/// cannot be read stops the match at once with the reason, where the engine alone would only
/// have said so in its output and played on without the option.
#[test]
fn options_for_mingmang_are_checked_before_the_match() {
    use common::binary::{bin, run_fails};
    let cmd = format!("cmd={}", bin());
    for (words, expected) in [
        (
            "option.Hahs=4",
            "option.Hahs: mingmang has no such option (its options: Hash,",
        ),
        ("option.Threads=0", "option Threads value 0 is out of range"),
        ("option.Territory=maybe", "option Territory is a check"),
        (
            "option.EvalFile=no-such-weights",
            "cannot read weights file",
        ),
    ] {
        let args = [
            "match", "--engine", &cmd, "name=a", words, "--engine", &cmd, "name=b", "--depth", "1",
        ];
        let err = run_fails(&args, expected);
        assert!(err.contains("--engine a: "), "{err}");
    }
}

/// A preset stands for its flags: the screen plays 3000 nodes a move from random 8-ply
/// openings under an SPRT by pairs, the STC a 4+0.04 clock; flags given beside a preset win,
/// and `--sprt off` takes its SPRT away.
#[test]
fn presets_stand_for_their_flags_and_given_flags_win() {
    let played = Match::self_play("preset-screen")
        .flags("--preset screen --games 2 --max-plies 30")
        .records()
        .run();
    assert!(
        played.stdout.starts_with(
            "Preset screen: --nodes 3000 --sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 \
             model=pairs --games 4000 --random-openings 8"
        ),
        "{}",
        played.stdout
    );
    assert!(
        played.json.contains("\"time_control\": \"nodes=3000\""),
        "{}",
        played.json
    );
    assert!(played.json.contains("\"plies\": 8"), "{}", played.json);
    assert!(played
        .stdout
        .contains("SPRT elo0 0 elo1 10 alpha 0.05 beta 0.05 by pairs"));
    assert_eq!(json_num(&played.json, "games_played"), 2.0);

    let played = Match::self_play("preset-stc")
        .flags("--preset stc --nodes 500 --random-openings 4 --games 2 --max-plies 20")
        .flags("--sprt elo0=0 elo1=20")
        .records()
        .run();
    assert!(
        played.json.contains("\"time_control\": \"nodes=500\""),
        "{}",
        played.json
    );
    assert!(played.json.contains("\"plies\": 4"), "{}", played.json);
    played.assert_says("SPRT elo0 0 elo1 20");

    // `--sprt off` beside a preset: a fixed-length match with no SPRT at all.
    let played = Match::self_play("preset-no-sprt")
        .flags("--preset stc --nodes 500 --random-openings 4 --games 2 --max-plies 20")
        .flags("--sprt off")
        .records()
        .run();
    assert!(played.json.contains("\"sprt\": null"), "{}", played.json);
    assert!(!played.stdout.contains("\nSPRT"), "{}", played.stdout);
    assert_eq!(json_num(&played.json, "games_played"), 2.0);
}

/// `--quiet-openings`: every opening keeps the piece counts level and leaves no piece that
/// either side could take at once (checked here with the rules library on the journal's
/// openings), the settings say so, and the same seed without it plays other openings (random
/// lines on 8x8 often leave a piece hanging).
#[test]
fn quiet_openings_leave_no_piece_to_take() {
    use mingmang::rules::{Color, Game, Rules};
    let openings = |quiet: bool| {
        let m = Match::self_play(if quiet { "quiet" } else { "plain" })
            .flags("--games 16 --depth 1 --random-openings 8 --max-plies 20 --seed 11")
            .flags(if quiet { "--quiet-openings" } else { "" })
            .records();
        let played = m.run();
        played.assert_says("Finished: 16 of 16 games played");
        let journal = std::fs::read_to_string(m.file("s.jsonl")).unwrap();
        let header = journal.lines().next().unwrap();
        assert_eq!(header.contains("\"quiet\":true"), quiet, "{header}");
        journal
            .lines()
            .skip(1)
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                let moves: Vec<String> = v["opening"]["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m.as_str().unwrap().to_string())
                    .collect();
                moves
            })
            .collect::<Vec<_>>()
    };
    let takeable = |moves: &[String]| {
        let mut game = Game::new(Rules::default());
        for m in moves {
            game.play_text(m).unwrap();
        }
        let p = game.position();
        assert_eq!(p.total(Color::White), p.total(Color::Black));
        game.takeable_by(Color::White).len() + game.takeable_by(Color::Black).len()
    };
    let quiet = openings(true);
    assert_eq!(quiet.len(), 16);
    for moves in &quiet {
        assert_eq!(moves.len(), 8);
        assert_eq!(takeable(moves), 0, "{moves:?}");
    }
    let plain = openings(false);
    assert!(
        plain.iter().any(|m| takeable(m) > 0),
        "no plain opening left a piece to take"
    );
    assert_ne!(plain, quiet);
}
