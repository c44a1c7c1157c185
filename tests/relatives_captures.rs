//! The relatives of Ming Mang (the contract in `docs/relatives-spec.md`): every capture case of
//! `common::relatives_cases` (each rule, the Mak-yek article's diagrams 2, 4 and 6 of
//! docs/rules.md; the reference runs the same table), the ends the captures bring, Gala's
//! placement rules, the hunt, rule 7 with pieces in hand, the notation and every validation
//! error, and what the command line refuses. (Perft through the CLI is in
//! `tests/perft_cli.rs`, the search in `tests/search_relatives.rs`.)

mod common;

use common::binary::run_ok;
use common::bridge::{engine_moves as legal, preset_game as game};
use common::relatives_cases::{check_every_case, DIAGRAM_6};
use mingmang::rules::{
    format_position, parse_position, Color, EndReason, Game, Outcome, Preset, Rules,
};

/// White has won by capturing the king (or the hunter).
const WHITE_TOOK_THE_KING: Outcome = Outcome::Win(Color::White, EndReason::KingCaptured);

fn rules(name: &str) -> Rules {
    Rules::preset(Preset::from_name(name).unwrap())
}

/// `game` after `mv`.
fn after(game: &Game, mv: &str) -> Game {
    let mut g = game.clone();
    g.play_text(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    g
}

/// The squares `mv` captures in `game` (played on a copy), sorted by name.
fn captures(game: &Game, mv: &str) -> Vec<String> {
    let mut g = game.clone();
    let n = g.play_text(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    let mut v: Vec<String> = g.last_captures().iter().map(|s| s.to_string()).collect();
    assert_eq!(v.len(), n as usize, "{mv}: count and squares agree");
    // Removed, not converted.
    for sq in g.last_captures() {
        assert_eq!(g.position().piece_at(sq), None, "{mv}: {sq} is emptied");
    }
    v.sort();
    v
}

#[test]
fn every_capture_case() {
    check_every_case(|variant, fen, mv| captures(&game(variant, fen), mv));
}

#[test]
fn diagram_6_king_captured_by_intervention_wins() {
    let done = after(&game("rek", DIAGRAM_6), "e5g5");
    assert_eq!(done.outcome(), WHITE_TOOK_THE_KING);
    assert!(
        done.legal_moves().is_empty(),
        "a finished game has no moves"
    );
}

#[test]
fn diagram_6_min_rek_chanh_s_king_cannot_slide() {
    // Its men enclose the group from a5 as Rek's do (the table); its king cannot go there.
    let m = game("minrekchanh", DIAGRAM_6);
    assert!(m.parse_move("a2a5").unwrap_err().contains("king steps"));
}

#[test]
fn enclosure_of_a_king_with_its_men_wins() {
    // f1 g1 h1 (king) have their last liberty at e1; White a1 slides there.
    let g = game("rek", "8/8/8/8/8/8/W4www/w4bbB w");
    assert_eq!(after(&g, "a1e1").outcome(), WHITE_TOOK_THE_KING);
}

#[test]
fn gala_start_and_placement_rules() {
    let mut g = Game::new(rules("gala"));
    assert_eq!(format_position(g.position()), "7/7/7/7/7/7/7 b w13b10");
    assert_eq!(legal(&g), ["d4"]);
    assert!(g.parse_move("a1").unwrap_err().contains("centre d4"));
    assert!(g.parse_move("d5").unwrap_err().contains("own half"));
    assert!(g.parse_move("a1a2").unwrap_err().contains("no piece"));
    assert!(g.parse_move("0000").unwrap_err().contains("no passes"));
    g.play_text("d4").unwrap();
    // White places on the 27 empty squares of ranks 4-7.
    let moves = legal(&g);
    assert_eq!(moves.len(), 27);
    assert!(moves
        .iter()
        .all(|m| ('4'..='7').contains(&m.chars().nth(1).unwrap())));
    assert!(g.parse_move("d4").unwrap_err().contains("occupied"));
    assert!(g
        .parse_move("a3")
        .unwrap_err()
        .contains("own half (ranks 4-7)"));
    g.play_text("d5").unwrap();
    // Placement is compulsory while a side has pieces in hand and room in its half.
    assert!(g.parse_move("d4d3").unwrap_err().contains("must place"));
    assert_eq!(format_position(g.position()), "7/7/3w3/3b3/7/7/7 b w12b9");
}

#[test]
fn gala_restriction_while_holding_pieces() {
    // The Gala supplies (23 pieces) can never fill a 28-square half, so a side holding pieces
    // always places; the restriction is exercised on the move generator directly, on a
    // position no game reaches: Black's half full, Black holding one piece.
    let gala = rules("gala");
    let pos = parse_position("7/7/7/wwwwww1/wbwbwbw/bwbwbwb/wbwbwbw b w0b1").unwrap();
    let mut moves = Vec::new();
    pos.for_each_pseudo_move(&gala, |m| moves.push(m.to_string()));
    assert_eq!(
        moves,
        ["g4"],
        "g4 is Black's own and empty: it must place there"
    );
    assert!(pos.must_place(gala.family()));
    let pos = parse_position("7/7/7/wwwwwwb/wbwbwb1/bwbwbwb/wbwbwbw b w0b1").unwrap();
    let mut moves = Vec::new();
    pos.for_each_pseudo_move(&gala, |m| moves.push(m.to_string()));
    assert_eq!(moves, ["g3"], "Black places on g3");
    let pos = parse_position("7/7/7/wwwwww1/wbwbwbb/bwbwbwb/wbwbwbw b w0b0").unwrap();
    let mut moves = Vec::new();
    pos.for_each_pseudo_move(&gala, |m| moves.push(m.to_string()));
    moves.sort();
    assert_eq!(
        moves,
        ["g3g4", "g3g5", "g3g6", "g3g7"],
        "with an empty hand g3 moves"
    );
    // With pieces in hand and no room, Black may move but not onto ranks 5-7.
    let pos = parse_position("7/7/7/wwwwwwb/wbwbwbw/bwbwbwb/wbwbwbw b w0b1").unwrap();
    assert!(!pos.must_place(gala.family()));
    let mut moves = Vec::new();
    pos.for_each_pseudo_move(&gala, |m| moves.push(m.to_string()));
    assert!(moves.is_empty(), "g4 could only go up: {moves:?}");
    let pos = parse_position("7/7/7/wwwwwwb/wbwbwbw/bwbwbwb/wbwbwbw b w0b0").unwrap();
    let mut moves = Vec::new();
    pos.for_each_pseudo_move(&gala, |m| moves.push(m.to_string()));
    moves.sort();
    assert_eq!(moves, ["g4g5", "g4g6", "g4g7"], "with an empty hand it may");
}

#[test]
fn rule_7_counts_pieces_in_hand() {
    // Black places b3, White takes it (c1c3), Black places b1, White takes it (c3c1): the
    // board and side to move are those of the start, but Black's hand is two smaller, so the
    // position is new and the move is legal.
    let mut g = game("gala", "7/7/7/7/w6/7/w1w3b b w0b2");
    for mv in ["b3", "c1c3", "b1"] {
        g.play_text(mv).unwrap();
    }
    assert!(g.is_legal(g.parse_move("c3c1").unwrap()));
    g.play_text("c3c1").unwrap();
    assert_eq!(format_position(g.position()), "7/7/7/7/w6/7/w1w3b b");
    // Rule 7 itself still bans returns in the relatives.
    let mut m = Game::new(rules("makyek"));
    m.play_text("a3a4").unwrap();
    m.play_text("a6a5").unwrap();
    m.play_text("a4a3").unwrap();
    assert!(m.parse_move("a5a6").unwrap_err().contains("rule 7"));
}

#[test]
fn hunt_steps_jumps_flanking_and_too_few_men() {
    let g = Game::new(rules("makyek-hunt"));
    assert_eq!(legal(&g), ["e8d8", "e8e7", "e8f8"]);
    // The hunter jumps over an adjacent man to the empty square beyond (not compulsory).
    let g = game("makyek-hunt", "8/8/8/4B3/4w3/8/8/ww6 b");
    assert_eq!(legal(&g), ["e5d5", "e5e3", "e5e6", "e5f5"]);
    assert!(g.parse_move("e5e4").unwrap_err().contains("hunter"));
    // No jump when the square beyond is taken.
    let g = game("makyek-hunt", "8/8/8/4B3/4w3/4w3/8/w7 b");
    assert_eq!(legal(&g), ["e5d5", "e5e6", "e5f5"]);
    // Two men flank the hunter (f1f5 takes e5: the table): White wins.
    let g = game("makyek-hunt", "8/8/8/3wB3/8/8/8/5w2 w");
    assert_eq!(after(&g, "f1f5").outcome(), WHITE_TOOK_THE_KING);
    // Two men left, the hunter jumps one: fewer than two men, Black wins.
    let mut g = game("makyek-hunt", "8/8/8/4B3/4w3/8/8/w7 b");
    g.play_text("e5e3").unwrap();
    assert_eq!(
        g.outcome(),
        Outcome::Win(Color::Black, EndReason::TooFewMen)
    );
    assert!(g.legal_moves().is_empty());
    // The hunter with no move loses.
    let g = game("makyek-hunt", "Bww5/ww6/w7/8/8/8/8/8 b");
    assert_eq!(
        g.outcome(),
        Outcome::Win(Color::White, EndReason::NoLegalMove)
    );
    // The ply limit is a draw in the hunt, a count elsewhere.
    let r = rules("makyek-hunt").with_max_plies(Some(1));
    let mut g = Game::new(r);
    g.play_text("e8e7").unwrap();
    assert_eq!(g.outcome(), Outcome::Draw(EndReason::PlyLimit));
    let r = rules("gala").with_max_plies(Some(1));
    let mut g = Game::new(r);
    g.play_text("d4").unwrap();
    assert_eq!(
        g.outcome(),
        Outcome::Win(Color::White, EndReason::PlyLimit),
        "13 against 10, hands counted"
    );
}

#[test]
fn end_order_and_no_pieces() {
    // Rek: the side to move without its king loses, even with men and moves.
    let g = game("rek", "8/8/8/8/8/8/8/W6b b");
    assert_eq!(g.outcome(), WHITE_TOOK_THE_KING);
    // Mak-yek: no pieces loses.
    let g = game("makyek", "8/8/8/8/8/8/8/w7 b");
    assert_eq!(g.outcome(), Outcome::Win(Color::White, EndReason::NoPieces));
    // Gala: nothing on the board but pieces in hand is not "no pieces".
    let g = game("gala", "7/7/7/3b3/7/7/7 w w13b9");
    assert_eq!(g.outcome(), Outcome::Ongoing);
    // The hunt: a missing hunter is checked first, whoever is to move.
    let g = game("makyek-hunt", "8/8/8/8/8/8/8/w7 w");
    assert_eq!(g.outcome(), WHITE_TOOK_THE_KING);
    assert_eq!(EndReason::KingCaptured.describe(), "king captured");
    // Rek set up without the king of the side not to move (docs/rules.md, "Positions set up by
    // hand"): play goes on until that side is to move, and then it has lost.
    let mut g = game("rek", "W7/8/8/8/8/8/8/6bb w");
    assert_eq!(g.outcome(), Outcome::Ongoing);
    let mv = g.parse_move("a8a7").unwrap();
    g.make(mv);
    assert_eq!(
        g.outcome(),
        Outcome::Win(Color::White, EndReason::KingCaptured)
    );
    assert_eq!(EndReason::TooFewMen.describe(), "fewer than two men left");
}

#[test]
fn start_positions_and_notation_round_trips() {
    let starts = [
        ("makyek", "bbbbbbbb/8/bbbbbbbb/8/8/wwwwwwww/8/wwwwwwww w"),
        ("apitsodok", "bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w"),
        ("rek", "bbbbbbb1/7B/bbbbbbbb/8/8/wwwwwwww/W7/1wwwwwww w"),
        (
            "minrekchanh",
            "bbbbbbb1/7B/bbbbbbbb/8/8/wwwwwwww/W7/1wwwwwww w",
        ),
        ("gala", "7/7/7/7/7/7/7 b w13b10"),
        ("makyek-hunt", "4B3/8/8/8/8/wwwwwwww/8/wwwwwwww b"),
    ];
    for (name, fen) in starts {
        let g = Game::new(rules(name));
        assert_eq!(format_position(g.position()), fen, "{name}");
        assert_eq!(parse_position(fen).unwrap(), *g.position());
        // Round trip along a few moves, and every legal move's text parses back to itself.
        let mut g = g;
        for _ in 0..6 {
            let moves = g.legal_moves();
            for mv in moves.iter() {
                assert_eq!(g.parse_move(&mv.to_string()), Ok(*mv), "{name}");
            }
            let text = format_position(g.position());
            assert_eq!(format_position(&parse_position(&text).unwrap()), text);
            assert_eq!(parse_position(&text).unwrap().hash(), g.position().hash());
            g.make(moves[moves.len() / 2]);
        }
    }
    assert_eq!(
        Preset::names(" "),
        "mingmang gundru tibetan go-board makyek apitsodok rek minrekchanh gala makyek-hunt"
    );
    assert_eq!(Preset::from_name("MakYek-Hunt"), Some(Preset::MakyekHunt));
}

#[test]
fn every_validation_error() {
    let err = |variant: &str, fen: &str| -> String {
        match parse_position(fen) {
            Err(e) => e,
            Ok(pos) => match Game::from_position(rules(variant), pos) {
                Err(e) => e,
                Ok(_) => panic!("{variant} {fen} accepted"),
            },
        }
    };
    let cases = [
        ("gala", "8/8/8/8/8/8/8/8 w", "7x7"),
        ("makyek", "7/7/7/7/7/7/7 w", "8x8"),
        ("makyek", "W7/8/8/8/8/8/8/8 w", "makyek has no kings"),
        ("rek", "WW6/8/8/8/8/8/8/7B w", "more than one white king"),
        ("rek", "W7/8/8/8/8/8/8/7B w w1b0", "no pieces in hand"),
        ("makyek", "w7/8/8/8/8/8/8/7b w w0b3", "no pieces in hand"),
        ("gala", "7/7/7/7/7/7/7 b w14b10", "more than its 13"),
        ("gala", "7/7/7/3b3/7/7/7 w w13b10", "more than its 10"),
        (
            "makyek-hunt",
            "4B3/8/8/8/8/8/8/b7 w",
            "no men, only the hunter",
        ),
        ("makyek-hunt", "4B3/8/8/8/8/8/8/W7 w", "white has no king"),
        (
            "makyek-hunt",
            "4B2B/8/8/8/8/8/8/w7 w",
            "more than one black king",
        ),
        ("gala", "7/7/7/3W3/7/7/7 w", "gala has no kings"),
    ];
    for (variant, fen, needle) in cases {
        let e = err(variant, fen);
        assert!(e.contains(needle), "{variant} {fen}: {e}");
    }
    // Ming Mang's options with a relative.
    let options = mingmang::rules::RuleOptions {
        territory: true,
        ..Default::default()
    };
    let e = rules("rek").with_options(options).unwrap_err();
    assert!(e.contains("belongs to Ming Mang"), "{e}");
}

#[test]
fn parse_move_errors_are_precise() {
    let g = Game::new(rules("rek"));
    for (text, needle) in [
        ("d4", "no placements"),
        ("a8a7", "is black, but white is to move"),
        ("a1a2", "no piece on a1"),
        ("a2h2", ""),
        ("b1b4", "cannot reach"),
        ("pass", "no passes"),
        ("a2a9", "a9"),
    ] {
        match g.parse_move(text) {
            Ok(_) => assert!(needle.is_empty(), "{text} accepted"),
            Err(e) => assert!(!needle.is_empty() && e.contains(needle), "{text}: {e}"),
        }
    }
}

#[test]
fn bench_takes_a_variant() {
    let text = run_ok(&["bench", "--variant", "makyek-hunt", "--depth", "2"]);
    assert!(text.contains("makyek-hunt after 0 plies"), "{text}");
    assert!(text.trim_end().ends_with("nps"), "{text}");
}
