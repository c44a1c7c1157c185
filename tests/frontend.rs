//! The front-end facade (`mingmang::frontend`) against the engine binary: the same games played
//! through both give the same legal moves, position strings, outcomes, perft counts and, for
//! the same search, the same best move. The binary is driven through the protocol, so the
//! facade's plumbing (move and position text, rule options, limits) is checked by a path it
//! does not share.

mod common;

use common::binary::{run_ok, Session};
use mingmang::frontend::{Engine, ErrorKind, Game, GameRules, Limits, Side, Status};
use mingmang::rules::random::Rng;

/// The rules of `variant` with `options`, through the facade, and the `setoption` lines that
/// tell the binary the same.
fn rules(variant: &str, options: &[(&str, &str)]) -> (GameRules, Vec<String>) {
    let mut rules = GameRules::new(variant).unwrap();
    let mut lines = vec![format!("setoption name Variant value {variant}")];
    for (name, value) in options {
        rules.set(name, value).unwrap();
        lines.push(format!("setoption name {name} value {value}"));
    }
    (rules, lines)
}

fn binary_with(lines: &[String]) -> Session {
    let mut e = Session::start(&[]);
    for line in lines {
        e.send(line);
    }
    assert!(e.sync().is_empty(), "{lines:?}");
    e
}

fn position_command(game: &Game) -> String {
    let moves = game.moves();
    if moves.is_empty() {
        "position startpos".into()
    } else {
        format!("position startpos moves {}", moves.join(" "))
    }
}

#[test]
fn random_games_read_the_same_through_the_facade_and_the_protocol() {
    let cases: [(&str, &[(&str, &str)]); 6] = [
        ("mingmang", &[("BoardSize", "6x6"), ("MaxPlies", "60")]),
        (
            "mingmang",
            &[
                ("BoardSize", "5x5"),
                ("Territory", "true"),
                ("MaxPlies", "100"),
            ],
        ),
        ("makyek", &[("MaxPlies", "80")]),
        ("rek", &[("MaxPlies", "150")]),
        ("gala", &[("MaxPlies", "150")]),
        ("makyek-hunt", &[("MaxPlies", "150")]),
    ];
    let mut ended = 0;
    for (i, (variant, options)) in cases.into_iter().enumerate() {
        let (rules, lines) = rules(variant, options);
        let mut e = binary_with(&lines);
        let mut rng = Rng::new(i as u64);
        let mut game = Game::new(&rules);
        for _ in 0..=150 {
            e.send(&position_command(&game));
            let moves = game.legal_moves();
            assert_eq!(e.ask("query moves"), moves.join(" "), "{variant}");
            assert_eq!(e.ask("query fen"), game.position(), "{variant}");
            let outcome = game.outcome();
            assert_eq!(
                e.ask("query result"),
                outcome.status.protocol(),
                "{variant}"
            );
            let over = outcome.status != Status::Ongoing;
            assert_eq!(e.ask("query gameover"), over.to_string(), "{variant}");
            assert_eq!(
                e.ask("query p1turn"),
                (game.side_to_move() == Side::White).to_string()
            );
            if over {
                assert_eq!(game.play("a1a2").unwrap_err().kind(), ErrorKind::GameOver);
                ended += 1;
                break;
            }
            game.play(&moves[rng.below(moves.len())]).unwrap();
        }
        e.send("quit");
    }
    // Every game ended (by the rules or their ply limits), so outcomes were compared too.
    assert_eq!(ended, 6);
}

#[test]
fn perft_and_searches_agree_with_the_binary() {
    let (rules, lines) = rules("mingmang", &[("BoardSize", "6x6")]);
    let mut game = Game::new(&rules);
    game.play_moves("a2b2 f5e5").unwrap();
    let out = run_ok(&[
        "perft",
        "--size",
        "6x6",
        "--moves",
        "a2b2 f5e5",
        "--depth",
        "3",
    ]);
    let count: u64 = out.split_whitespace().nth(1).unwrap().parse().unwrap();
    assert_eq!(game.perft(3).unwrap(), count);

    // The same fixed-depth search from a fresh table: the same move, score and depth.
    let mut e = binary_with(&lines);
    for depth in [1, 3, 5] {
        e.send("uginewgame");
        e.send(&position_command(&game));
        e.send(&format!("go depth {depth}"));
        let (info, best) = e.bestmove();
        let last = info
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth "))
            .unwrap();
        let found = Engine::new()
            .search(
                &game,
                &Limits {
                    depth: Some(depth),
                    ..Limits::default()
                },
            )
            .unwrap();
        assert_eq!(found.best_move, best, "depth {depth}");
        assert_eq!(found.line.depth, depth);
        assert!(
            last.contains(&format!(" score {} ", found.line.score)),
            "{last} vs {:?}",
            found.line.score
        );
        assert!(
            last.ends_with(&format!(" pv {}", found.line.pv.join(" "))),
            "{last}"
        );
    }
    e.send("quit");
}

#[test]
fn search_limits_and_refusals() {
    let rules = GameRules::new("gundru").unwrap();
    let game = Game::new(&rules);
    let mut engine = Engine::new();
    // Only the moves asked for are searched; one that is not a move is refused.
    let limits = Limits {
        depth: Some(2),
        search_moves: vec!["a2b2".into(), "a3b3".into()],
        ..Limits::default()
    };
    let found = engine.search(&game, &limits).unwrap();
    assert!(["a2b2", "a3b3"].contains(&found.best_move.as_str()));
    let bad = Limits {
        search_moves: vec!["a2z9".into()],
        ..Limits::default()
    };
    assert_eq!(
        engine.search(&game, &bad).unwrap_err().kind(),
        ErrorKind::Limits
    );
    // A node limit holds to the node.
    let nodes = Limits {
        nodes: Some(3_000),
        ..Limits::default()
    };
    assert_eq!(engine.search(&game, &nodes).unwrap().line.nodes, 3_000);
    // A clock of 2 s for White: the move comes well within it.
    let clock = Limits {
        white_time_ms: Some(2_000),
        black_time_ms: Some(2_000),
        ..Limits::default()
    };
    let found = engine.search(&game, &clock).unwrap();
    assert!(found.line.time_ms < 1_500, "{} ms", found.line.time_ms);
    // A finished game has nothing to search.
    let over = Game::from_position(&GameRules::default(), "4/4/b3/wb2 w", "").unwrap();
    assert_eq!(
        engine.search(&over, &nodes).unwrap_err().kind(),
        ErrorKind::GameOver
    );
    // The options come from the engine option table, checked as setoption checks them.
    let names: Vec<String> = Engine::options().into_iter().map(|o| o.name).collect();
    assert_eq!(
        names,
        [
            "Hash",
            "Threads",
            "MultiPV",
            "MoveOverhead",
            "Skill Level",
            "EvalFile",
            "Evaluation",
            "NetworkFile",
            "Clear Hash"
        ]
    );
    let e = engine.set_option("MultiPV", "999").unwrap_err();
    assert!(e.message().contains("out of range (1 to 256)"), "{e}");
}
