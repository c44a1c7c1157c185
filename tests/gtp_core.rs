//! GTP on the real binary checked against the rules core replaying the same moves: whole games
//! of every relative clicked in, and GoGui's analyze commands (threats, best line, evaluation,
//! territory).

mod common;

use common::gtp::{color_letter, random_move, words, Gtp};
use mingmang::gtp::vertex::format_square;
use mingmang::rules::random::Rng;
use mingmang::rules::{Color, Game, Move, Outcome, Preset, Rules};

/// The points GoGui may click now, by the rules core: the movable pieces, the placements from
/// hand, and with a piece selected its destinations (sorted as the engine sorts them).
fn expected_points(game: &Game, selected: Option<&str>) -> Vec<String> {
    let legal: Vec<Move> = game.legal_moves().iter().copied().collect();
    let mut squares: Vec<_> = legal
        .iter()
        .filter(|m| !m.is_pass())
        .map(|m| if m.is_place() { m.to() } else { m.from() })
        .collect();
    if let Some(sel) = selected {
        squares.extend(
            legal
                .iter()
                .filter(|m| !m.is_pass() && !m.is_place() && format_square(m.from()) == sel)
                .map(|m| m.to()),
        );
    }
    squares.sort_by_key(|sq| sq.index());
    squares.dedup();
    squares.into_iter().map(format_square).collect()
}

/// `gogui-rules_board` drawn from the rules core's position.
fn expected_board(game: &Game) -> String {
    // From the position string, a different road from the engine's square-by-square one:
    // each rank's run of letters and digits spelled out as GoGui's rows.
    let text = mingmang::rules::format_position(game.position());
    let board = text.split_whitespace().next().unwrap();
    let rows: Vec<String> = board
        .split('/')
        .map(|rank| {
            let mut cells = Vec::new();
            let mut digits = String::new();
            for ch in rank.chars().chain(std::iter::once(' ')) {
                if ch.is_ascii_digit() {
                    digits.push(ch);
                    continue;
                }
                let empty: usize = digits.parse().unwrap_or(0);
                cells.extend(std::iter::repeat_n(".", empty));
                digits.clear();
                match ch.to_ascii_lowercase() {
                    'w' => cells.push("O"),
                    'b' => cells.push("X"),
                    _ => {}
                }
            }
            cells.join(" ")
        })
        .collect();
    rows.join("\n")
}

/// Every relative through GTP: whole games clicked in at random (a piece, then a destination;
/// a Gala placement in one click), every legal-point list and board checked against the rules
/// core replaying the same moves, the kings labelled and Gala's hand shown, and the end
/// agreeing with the core's outcome. Some moves come from `genmove`, so the engine's own
/// clicks (placements and jumps included) are checked the same way.
#[test]
fn every_relative_plays_whole_games_through_gtp() {
    let mut rng = Rng::new(15);
    let relatives = Preset::ALL
        .into_iter()
        .filter(|&p| Rules::preset(p).game() != mingmang::rules::GameKind::MingMang);
    for preset in relatives {
        let name = preset.name();
        let rules = Rules::preset(preset).with_max_plies(Some(120));
        let mut game = Game::new(rules);
        let mut g = Gtp::start(&["--variant", name, "--max-plies", "120", "--depth", "1"]);
        assert_eq!(g.ok("gogui-rules_game_id"), gogui_game_id(preset));
        let (mut placements, mut plies) = (0, 0);
        loop {
            let points = check_view(&mut g, &game, name, plies);
            if points.is_empty() {
                break;
            }
            let c = color_letter(&g.side()).to_string();
            let mv = if plies % 3 == 2 {
                engine_clicks(&mut g, &game, &c, name)
            } else {
                random_clicks(&mut g, &game, &c, &mut rng, name)
            };
            placements += mv.is_place() as u32;
            game.play(mv).unwrap();
            plies += 1;
        }
        check_end(&mut g, &game, name);
        if preset == Preset::Gala {
            assert!(placements > 0, "no placement was clicked");
        }
        assert!(plies > 0, "{name}");
    }
}

/// The game id GoGui shows for a relative: capitalised, then lower case.
fn gogui_game_id(preset: Preset) -> &'static str {
    match preset {
        Preset::Makyek => "Makyek",
        Preset::Apitsodok => "Apitsodok",
        Preset::Rek => "Rek",
        Preset::MinRekChanh => "Minrekchanh",
        Preset::Gala => "Gala",
        Preset::MakyekHunt => "Makyekhunt",
        _ => unreachable!("{}", preset.name()),
    }
}

/// Checks what the session shows before a move against the rules core: the board, the legal
/// points, the kings' labels, the hands (placement games) and the piece counts. Returns the
/// legal points.
fn check_view(g: &mut Gtp, game: &Game, name: &str, plies: u32) -> Vec<String> {
    assert_eq!(g.board(), expected_board(game), "{name} ply {plies}");
    let points = g.legal();
    assert_eq!(points, expected_points(game, None), "{name} ply {plies}");
    let gfx = g.ok("gogui-rules_board_gfx");
    for c in Color::BOTH {
        if let Some(king) = game.position().king(c) {
            let label = format!("{} K", format_square(king));
            assert!(gfx.contains(&label), "{name}: {gfx}");
        }
    }
    let status = g.ok("mingmang-status");
    if game.rules().family().has_placement() {
        let hand = format!(
            "in hand: White {}, Black {}",
            game.position().hand(Color::White),
            game.position().hand(Color::Black)
        );
        assert!(gfx.contains(&hand), "{name}: {gfx}");
        assert!(status.lines().any(|l| l == hand), "{name}: {status}");
    }
    let pieces = format!(
        "on the board: White {}, Black {}",
        game.position().count(Color::White),
        game.position().count(Color::Black)
    );
    assert!(status.lines().any(|l| l == pieces), "{name}: {status}");
    points
}

/// The engine's move, one click per `genmove` (a placement is one click), as the rules core's
/// move; with a piece chosen, the legal points must be its destinations.
fn engine_clicks(g: &mut Gtp, game: &Game, c: &str, name: &str) -> Move {
    let first = g.ok(&format!("genmove {c}"));
    let placed = game
        .legal_moves()
        .iter()
        .copied()
        .find(|m| m.is_place() && format_square(m.to()) == first);
    if let Some(mv) = placed {
        return mv;
    }
    assert_eq!(g.legal(), expected_points(game, Some(&first)), "{name}");
    let second = g.ok(&format!("genmove {c}"));
    *game
        .legal_moves()
        .iter()
        .find(|m| {
            !m.is_place()
                && !m.is_pass()
                && format_square(m.from()) == first
                && format_square(m.to()) == second
        })
        .unwrap_or_else(|| panic!("{name}: {first} {second} is not legal"))
}

/// A random legal move clicked in (the piece, its legal destinations checked, then the
/// destination; a placement in one click).
fn random_clicks(g: &mut Gtp, game: &Game, c: &str, rng: &mut Rng, name: &str) -> Move {
    let mv = random_move(game, rng);
    if mv.is_place() {
        g.ok(&format!("play {c} {}", format_square(mv.to())));
    } else {
        let from = format_square(mv.from());
        g.ok(&format!("play {c} {from}"));
        assert_eq!(g.legal(), expected_points(game, Some(&from)), "{name}");
        g.ok(&format!("play {c} {}", format_square(mv.to())));
    }
    mv
}

/// At the end of a game: the result, the score and the status line agree with the core's
/// outcome.
fn check_end(g: &mut Gtp, game: &Game, name: &str) {
    assert!(game.outcome().is_over(), "{name}");
    let result = g.ok("gogui-rules_final_result");
    assert!(
        result.contains("wins") || result.contains("Draw"),
        "{name}: {result}"
    );
    assert_eq!(
        result,
        mingmang::gtp::session::final_result(game.outcome()),
        "{name}"
    );
    let score = match game.outcome() {
        Outcome::Win(Color::White, _) => "W+",
        Outcome::Win(Color::Black, _) => "B+",
        _ => "0",
    };
    assert_eq!(g.ok("final_score"), score, "{name}");
    let status = g.ok("mingmang-status");
    assert!(status.starts_with(&result), "{name}: {status}");
    assert!(
        status.ends_with(&format!("result: {score}")),
        "{name}: {status}"
    );
}

/// The enemy pieces `side` could take with one move, found the plain way: a fresh game from
/// the position with `side` to move, every legal move played, the enemy pieces it removed or
/// converted collected.
fn takeable(game: &Game, side: Color) -> Vec<String> {
    let mut position = game.position().clone();
    position.set_side_to_move(side);
    let Ok(fresh) = Game::from_position(*game.rules(), position) else {
        return Vec::new();
    };
    let mut taken = Vec::new();
    for &mv in fresh.legal_moves().iter() {
        let mut after = fresh.clone();
        after.play(mv).unwrap();
        for sq in game.rules().size().squares() {
            if fresh.position().piece_at(sq) == Some(side.other())
                && after.position().piece_at(sq) != Some(side.other())
            {
                taken.push(sq);
            }
        }
    }
    taken.sort_by_key(|sq| sq.index());
    taken.dedup();
    taken.into_iter().map(format_square).collect()
}

/// The points of the gfx line starting with `command` (none if there is no such line).
fn gfx_points(gfx: &str, command: &str) -> Vec<String> {
    gfx.lines()
        .find_map(|l| l.strip_prefix(&format!("{command} ")))
        .map(words)
        .unwrap_or_default()
}

/// GoGui's analyze commands through the binary: listed, and on random games of several
/// games of the family, the threats agree with the rules core, the best line starts with a
/// legal move, the evaluation answers, and the territory marks add up to the territory count.
#[test]
fn analyze_commands_show_what_the_engine_sees() {
    let mut rng = Rng::new(33);
    let mut g = Gtp::start(&[]);
    let listed = g.ok("gogui-analyze_commands");
    for cmd in [
        "mingmang-status",
        "mingmang-best_line",
        "mingmang-evaluation",
        "mingmang-threats",
        "mingmang-territory",
    ] {
        assert!(
            listed.lines().any(|l| l.ends_with(&format!("/{cmd}"))),
            "{listed}"
        );
        assert_eq!(g.ok(&format!("known_command {cmd}")), "true");
    }
    assert!(g
        .ok("mingmang-territory")
        .contains("only under territory scoring"));

    let cases: [(&[&str], Rules); 4] = [
        (&["--size", "6x6", "--territory"], {
            let size = mingmang::rules::BoardSize::new(6, 6).unwrap();
            let mut rules = Rules::new(size);
            rules = rules
                .with_options(mingmang::rules::RuleOptions {
                    territory: true,
                    ..*rules.options()
                })
                .unwrap();
            rules
        }),
        (&["--variant", "mingmang"], Rules::preset(Preset::MingMang)),
        (&["--variant", "rek"], Rules::preset(Preset::Rek)),
        (&["--variant", "gala"], Rules::preset(Preset::Gala)),
    ];
    for (args, rules) in cases {
        let mut args = args.to_vec();
        args.extend(["--depth", "2"]);
        let mut g = Gtp::start(&args);
        let mut game = Game::new(rules);
        let mut checks = 0;
        for ply in 0..40 {
            if game.outcome().is_over() {
                break;
            }
            if ply % 4 == 0 {
                checks += 1;
                let us = game.side_to_move();
                let gfx = g.ok("mingmang-threats");
                assert_eq!(
                    gfx_points(&gfx, "SQUARE"),
                    takeable(&game, us),
                    "{args:?} {gfx}"
                );
                assert_eq!(
                    gfx_points(&gfx, "TRIANGLE"),
                    takeable(&game, us.other()),
                    "{args:?} {gfx}"
                );
                let line = g.ok("mingmang-best_line");
                let best = line
                    .lines()
                    .find_map(|l| l.strip_prefix("TEXT best "))
                    .and_then(|t| t.split(',').next())
                    .unwrap_or_else(|| panic!("no best move in {line}"));
                assert!(game.parse_move(best).is_ok(), "{args:?}: {best} not legal");
                let eval = g.ok("mingmang-evaluation");
                assert!(
                    eval.starts_with("TEXT search: White ") && eval.contains("static evaluation: "),
                    "{eval}"
                );
                if rules.options().territory {
                    let marks = g.ok("mingmang-territory");
                    let (w, b) = game.territory();
                    let pos = game.position();
                    assert_eq!(
                        gfx_points(&marks, "WHITE").len() + pos.count(Color::White),
                        w,
                        "{marks}"
                    );
                    assert_eq!(
                        gfx_points(&marks, "BLACK").len() + pos.count(Color::Black),
                        b,
                        "{marks}"
                    );
                    assert!(marks.contains(&format!("White {w}, Black {b}")), "{marks}");
                }
            }
            let mv = random_move(&game, &mut rng);
            let c = if game.side_to_move() == Color::White {
                "w"
            } else {
                "b"
            };
            if !mv.is_place() {
                g.ok(&format!("play {c} {}", format_square(mv.from())));
            }
            g.ok(&format!("play {c} {}", format_square(mv.to())));
            game.play(mv).unwrap();
        }
        assert!(
            checks >= 5,
            "{args:?}: the game ended after {checks} checks"
        );
    }
}
