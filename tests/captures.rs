//! Hand-built positions for every capture case the rules in `docs/rules.md` describe, the
//! options, rule 7 and the endings, each asserting the exact resulting position string. Every
//! case is also played in the reference implementation, which must agree.

mod common;

use common::bridge::{engine_moves, ming_mang_game as game};
use common::interface::{Opts, Reference};
use common::reference::{self as mm, Col, ROutcome, RReason, RefGame};
use common::text::sq_of;
use mingmang::rules::{format_position, BoardSize, Color, EndReason, Game, Outcome, Rules};

use Col::{B, W};

/// A position string: on a `WxH` board, White's squares, `/`, Black's squares (`"d3 a5 / d4"`),
/// `side` to move.
fn board(size: &str, pieces: &str, side: Col) -> String {
    let (w, h) = size.split_once('x').expect("WxH");
    let (w, h): (usize, usize) = (w.parse().unwrap(), h.parse().unwrap());
    let (white, black) = pieces.split_once('/').unwrap_or((pieces, ""));
    let mut b = vec![vec![None; w]; h];
    for (list, c) in [(white, W), (black, B)] {
        for s in list.split_whitespace() {
            let (f, r) = sq_of(s);
            assert!(b[r][f].is_none(), "{s} twice");
            b[r][f] = Some(c);
        }
    }
    mm::format(&b, side)
}

/// The options named by letters (`e` enchained, `t` territory, `c` corner, `l` leap).
fn opts(letters: &str) -> Opts {
    Opts::letters(letters, None)
}

/// No option.
const OFF: Opts = Opts {
    enchained: false,
    territory: false,
    corner: false,
    leap: false,
    max_plies: None,
};

/// Plays `moves` from `start` in the engine and the reference; both must reach `expected`.
fn check(start: &str, o: Opts, moves: &[&str], expected: &str) -> Game {
    let mut g = game(start, o);
    let mut r = RefGame::from_str(start, o);
    for m in moves {
        g.play_text(m)
            .unwrap_or_else(|e| panic!("engine refused {m}: {e}"));
        r.play_str(m);
    }
    let what = format!("{start} {o:?} {moves:?}");
    assert_eq!(r.fen(), expected, "reference: {what}");
    assert_eq!(format_position(g.position()), expected, "engine: {what}");
    g
}

/// A case: (board, start, side to move, option letters, moves, end). The board is `WxH` with
/// the start and the end as [`board`] reads them (the side to move at the end being the other
/// one after an odd number of moves), or "" with the start and the end as position strings (the
/// side is then the strings' own).
type Case = (
    &'static str,
    &'static str,
    Col,
    &'static str,
    &'static str,
    &'static str,
);

/// Checks every case in the engine and the reference.
fn check_all(cases: &[Case]) {
    for &(size, start, side, options, moves, end) in cases {
        let moves: Vec<&str> = moves.split_whitespace().collect();
        let (start, end) = if size.is_empty() {
            (start.to_string(), end.to_string())
        } else {
            let side_after = if moves.len() % 2 == 1 {
                side.other()
            } else {
                side
            };
            (board(size, start, side), board(size, end, side_after))
        };
        check(&start, opts(options), &moves, &end);
    }
}

/// What is captured and what is not: rule 6 without options, enchained capture, capture around
/// a corner, and rule 7 after captures.
#[rustfmt::skip]
const CASES: &[Case] = &[
    // Rule 6 without options.
    // A line is captured.
    ("8x8", "c4 g1 / d4 e4 f4 h8", W, "", "g1g4", "c4 d4 e4 f4 g4 / h8"),
    // White moves between two Black lines, each flanked by White on its far side.
    ("8x8", "b4 g4 d1 / c4 e4 f4 h8", W, "", "d1d4", "b4 c4 d4 e4 f4 g4 / h8"),
    // A row and a column at once.
    ("8x8", "b4 d2 h4 / c4 d3 h8", W, "", "h4d4", "b4 c4 d4 d3 d2 / h8"),
    // Three lines at once.
    ("8x8", "b4 f4 d2 d8 / c4 e4 d3 h8", W, "", "d8d4", "b4 c4 d4 e4 f4 d3 d2 / h8"),
    // Moving between two enemies is safe, for White and for Black.
    ("8x8", "d1 a8 / c4 e4 h8", W, "", "d1d4", "d4 a8 / c4 e4 h8"),
    ("8x8", "c4 e4 a8 / d1 h8", B, "", "d1d4", "c4 e4 a8 / d4 h8"),
    // Joining a friendly line flanked by enemies is safe.
    ("8x8", "c4 d1 a8 / b4 e4 h8", W, "", "d1d4", "c4 d4 a8 / b4 e4 h8"),
    // White d4 sits safely between Black c4 and e4; Black e4 leaves and returns to capture...
    ("8x8", "d4 a8 a1 / c4 e4 h8", B, "", "e4e5 a1a2 e5e4", "a8 a2 / c4 d4 e4 h8"),
    // ... and without returning, nothing is captured.
    ("8x8", "d4 a8 a1 / c4 e4 h8", B, "", "e4e5 a1a2", "d4 a8 a2 / c4 e5 h8"),
    // A corner piece cannot be captured: Black a1 with White arriving on a2 next to White b1...
    ("8x8", "b1 d2 / a1 h8", W, "", "d2a2", "b1 a2 / a1 h8"),
    // ... nor along an edge: a line running into the corner has nothing past it.
    ("8x8", "e3 / a1 a2 h8", W, "", "e3a3", "a3 / a1 a2 h8"),
    // Captures along an edge, and along the top edge by Black.
    ("8x8", "a2 a8 d5 / a3 a4 h8", W, "", "d5a5", "a2 a3 a4 a5 a8 / h8"),
    ("8x8", "c8 d8 a1 / b8 e5 h1", B, "", "e5e8", "a1 / b8 c8 d8 e8 h1"),

    // Enchained capture, on and off.
    // White captures three Black pieces in a row; the middle one, now White, flanks d5 against
    // d6: converted only with enchained capture (docs/rules.md, rule 6, "Converted pieces do
    // not capture in turn", and EnchainedCapture).
    ("8x8", "b4 d6 f1 a8 / c4 d4 e4 d5 h8", W, "", "f1f4", "b4 c4 d4 e4 f4 d6 a8 / d5 h8"),
    ("8x8", "b4 d6 f1 a8 / c4 d4 e4 d5 h8", W, "e", "f1f4", "b4 c4 d4 e4 f4 d5 d6 a8 / h8"),
    // It goes on until nothing changes: f4 -> e4 captured; e4 flanks e5 against e6; e5 flanks
    // f5 against g5.
    ("8x8", "c4 f1 e6 g5 a8 / d4 e4 e5 f5 h8", W, "e", "f1f4",
        "c4 d4 e4 f4 e5 e6 f5 g5 a8 / h8"),
    ("8x8", "c4 f1 e6 g5 a8 / d4 e4 e5 f5 h8", W, "", "f1f4",
        "c4 d4 e4 f4 e6 g5 a8 / e5 f5 h8"),
    // A piece converted in a later round (here the middle of the line d5-d7, converted by d4,
    // which the moved piece captured) flanks in turn. docs/rules.md: e6 lies between the newly
    // converted d6 and White f6, so it is converted too.
    ("8x8", "c4 e1 d8 f6 / d4 d5 d6 d7 e6 h1", W, "e", "e1e4",
        "c4 d4 e4 d5 d6 d7 d8 e6 f6 / h1"),
    // A disagreement the cross-check once found, minimised: after b3-b2 captures c2-f2, e2
    // converts e3-e5, and the middle piece e4 must convert f4 (against g4) as well as d4
    // (against c4).
    ("", "8/8/4w3/2wbb3/2wbbbw1/1w1bb3/2bbbbw1/8 w", W, "e", "b3b2",
        "8/8/4w3/2www3/2wwwww1/3ww3/1wwwwww1/8 b"),
    // The moved piece's own rule-6 captures all still happen: Black c4-c3 flanks b3 (against
    // a3), d3 (against e3) and c2 (against c1); then c2 and d3, now Black, chain on to d2. All
    // of b3, c2, d2, d3 end Black; without enchained capture b3, c2 and d3 only.
    ("", "wbbb1/bw1wb/w1wwb/bwbww b", W, "", "c4c3", "wb1b1/bbbbb/w1bwb/bwbww w"),
    ("", "wbbb1/bw1wb/w1wwb/bwbww b", W, "e", "c4c3", "wb1b1/bbbbb/w1bbb/bwbww w"),
    ("", "wbbb1/bw1wb/w1wwb/bwbww b", W, "ec", "c4c3", "wb1b1/bbbbb/w1bbb/bwbww w"),

    // Capture around a corner, on and off.
    // docs/rules.md (CornerCapture): Black a3, a2, a1, b1, White c1; White moving to a4
    // converts all four; not without the option.
    ("8x8", "c1 d4 / a3 a2 a1 b1 h8", W, "c", "d4a4", "a4 a3 a2 a1 b1 c1 / h8"),
    ("8x8", "c1 d4 / a3 a2 a1 b1 h8", W, "", "d4a4", "a4 c1 / a3 a2 a1 b1 h8"),
    // The same round another corner (h8), by Black: f8, g8, h8, h7 between e8 and h6.
    ("8x8", "h8 h7 g8 f8 a1 / h6 d8", B, "c", "d8e8", "a1 / h8 h7 h6 g8 f8 e8"),
    // A lone corner piece is captured by its two neighbours, either one arriving...
    ("8x8", "b1 d2 / a1 h8", W, "c", "d2a2", "a1 a2 b1 / h8"),
    ("8x8", "a2 b5 / a1 h8", W, "c", "b5b1", "a1 a2 b1 / h8"),
    // ... and both must be friendly: with a Black b1 nothing happens.
    ("8x8", "d2 / a1 b1 h8", W, "c", "d2a2", "a2 / a1 b1 h8"),
    // a3, a2, a1, b1, c1 Black; nothing past c1: no capture even with the option.
    ("8x8", "d4 / a3 a2 a1 b1 c1 h8", W, "c", "d4a4", "a4 / a3 a2 a1 b1 c1 h8"),

    // Rule 7: the board before captures equals the start position, but d8-d5 captures White
    // d4 (against d3), so the position is new and the move is legal.
    ("8x8", "d4 e1 / d3 d5 h8", W, "", "e1e2 d5d8 e2e1 d8d5", "e1 / d3 d4 d5 h8"),
];

/// Every case of [`CASES`], in the engine and the reference.
#[test]
fn hand_built_cases() {
    check_all(CASES);
}

#[test]
fn single_piece_is_captured_and_converted() {
    let start = board("8x8", "d3 a5 / d4 h8", W);
    let g = check(&start, OFF, &["a5d5"], &board("8x8", "d3 d4 d5 / h8", B));
    // Conversion: the number of pieces never changes.
    assert_eq!(g.position().count(Color::White), 3);
}

#[test]
fn last_piece_leap() {
    // White's only piece on d4 jumps Black d5 to d6, converting it.
    let start = board("8x8", "d4 / d5 h8 a1", W);
    let leap = opts("l");
    let end = board("8x8", "d5 d6 / h8 a1", B);
    let g = check(&start, leap, &["d4d6"], &end);
    assert!(g.last_move().unwrap().is_leap());
    // Without the option the jump is not a move.
    let g = game(&start, OFF);
    assert!(g.parse_move("d4d6").is_err());
    assert!(!RefGame::from_str(&start, OFF)
        .legal_strings()
        .contains(&"d4d6".to_string()));
    // Not with two pieces.
    let two = board("8x8", "d4 a8 / d5 h8 a1", W);
    assert!(game(&two, leap).parse_move("d4d6").is_err());
    // Not onto an occupied square or off the board.
    let blocked = board("8x8", "d4 / d5 d6 h8", W);
    assert!(game(&blocked, leap).parse_move("d4d6").is_err());
    let edge = board("8x8", "d7 / d8 h8", W);
    assert!(!engine_moves(&game(&edge, leap)).iter().any(|m| m == "d7d9"));
}

/// A leap by Black, and the leap under rule 7. After a leap the mover's only friendly pieces
/// are the lander and the piece it jumped, which are adjacent, so no line can be flanked:
/// a leap converts exactly one piece whatever the options.
#[test]
fn last_piece_leap_by_black_and_rule7() {
    let all = opts("ecl");
    let start = board("6x6", "c3 a6 / c4", B);
    let end = board("6x6", "a6 / c3 c2", W);
    check(&start, all, &["c4c2"], &end);
    // Leaps are listed alongside slides, identically in engine and reference.
    let start = board("5x5", "c3 e5 / c4", B);
    let o = opts("l");
    let mut g = game(&start, o);
    let mut r = RefGame::from_str(&start, o);
    assert_eq!(engine_moves(&g), r.legal_strings());
    assert!(r.legal_strings().contains(&"c4c2".to_string()));
    for m in ["c4c2", "e5e4"] {
        g.play_text(m).unwrap();
        r.play_str(m);
        assert_eq!(engine_moves(&g), r.legal_strings());
    }
    assert_eq!(format_position(g.position()), r.fen());
}

#[test]
fn territory_counts_and_two_passes() {
    // 4x4: White wall on rank 2 plus b3, Black a4. Rank 1 (4 squares) is White's.
    let start = board("4x4", "a2 b2 c2 d2 b3 / a4", W);
    let terr = opts("t");
    let g = game(&start, terr);
    assert_eq!(g.territory(), (9, 1));
    assert_eq!(RefGame::from_str(&start, terr).territory(), Some((9, 1)));
    assert!(engine_moves(&g).contains(&"0000".to_string()));
    // Passing is not a move without the option.
    assert!(!engine_moves(&game(&start, OFF)).contains(&"0000".to_string()));
    let g = check(&start, terr, &["0000", "pass"], &{
        board("4x4", "a2 b2 c2 d2 b3 / a4", W)
    });
    assert_eq!(
        g.outcome(),
        Outcome::Win(Color::White, EndReason::Territory { white: 9, black: 1 })
    );
    assert!(g.legal_moves().is_empty(), "no moves once the game is over");
    // A single pass does not end the game.
    let g = check(&start, terr, &["0000"], &{
        board("4x4", "a2 b2 c2 d2 b3 / a4", B)
    });
    assert_eq!(g.outcome(), Outcome::Ongoing);
    // Exactly half is not more than half: a draw.
    let half = board("4x4", "a2 b2 c2 d2 / a4", W);
    let g = check(&half, terr, &["0000", "0000"], &half);
    assert_eq!(
        g.outcome(),
        Outcome::Draw(EndReason::Territory { white: 8, black: 1 })
    );
    // Regions touching both colours count for nobody; Black's enclosed corner counts.
    let mixed = board("5x5", "a1 c3 / d5 e4", W);
    assert_eq!(game(&mixed, terr).territory(), (2, 3));
    assert_eq!(RefGame::from_str(&mixed, terr).territory(), Some((2, 3)));
}

#[test]
fn rule7_compares_after_captures() {
    // White e1-e4 captures d4 (against c4); Black d5-d8; White e4-e1; Black d8-d5 would
    // recapture d4 (against d3) and so recreate the start position: illegal, although the
    // board before its capture was never seen.
    let start = board("8x8", "c4 e1 / d3 d4 d5", W);
    let o = OFF;
    let mut g = game(&start, o);
    let mut r = RefGame::from_str(&start, o);
    for m in ["e1e4", "d5d8", "e4e1"] {
        g.play_text(m).unwrap();
        r.play_str(m);
    }
    assert_eq!(
        format_position(g.position()),
        board("8x8", "c4 d4 e1 / d3 d8", B)
    );
    assert!(
        g.parse_move("d8d5").is_err(),
        "recreates the start position"
    );
    assert!(!r.legal_strings().contains(&"d8d5".to_string()));
    assert!(engine_moves(&g).contains(&"d8d6".to_string()));
    assert_eq!(engine_moves(&g), r.legal_strings());
}

#[test]
fn rule7_bans_plain_repetition_including_the_start() {
    let start = mm::start_fen(8, 8);
    let mut g = game(&start, OFF);
    for m in ["a2b2", "h2g2", "b2a2"] {
        g.play_text(m).unwrap();
    }
    assert!(g.parse_move("g2h2").is_err());
    let mut r = RefGame::from_str(&start, OFF);
    for m in ["a2b2", "h2g2", "b2a2"] {
        r.play_str(m);
    }
    assert_eq!(engine_moves(&g), r.legal_strings());
    assert_eq!(engine_moves(&g).len(), r.legal_strings().len());
}

#[test]
fn blocked_side_loses() {
    // White's only piece in the corner, boxed in.
    let start = board("4x4", "a1 / a2 b1 d4", W);
    let g = game(&start, OFF);
    assert!(g.legal_moves().is_empty());
    assert_eq!(
        g.outcome(),
        Outcome::Win(Color::Black, EndReason::NoLegalMove)
    );
    assert_eq!(
        RefGame::from_str(&start, OFF).outcome(),
        ROutcome::Win(Col::B, RReason::NoLegalMove)
    );
    // With the leap the boxed piece can jump out.
    let g = game(&start, opts("l"));
    assert_eq!(engine_moves(&g), vec!["a1a3", "a1c1"]);
    // Under territory scoring the side can still pass.
    let g = game(&start, opts("t"));
    assert_eq!(engine_moves(&g), vec!["0000"]);
    assert_eq!(g.outcome(), Outcome::Ongoing);
}

#[test]
fn side_without_pieces_loses() {
    let start = board("4x4", "/ a2 b1", W);
    for o in [OFF, opts("t")] {
        let g = game(&start, o);
        assert!(g.legal_moves().is_empty());
        assert_eq!(g.outcome(), Outcome::Win(Color::Black, EndReason::NoPieces));
    }
    // Losing the last piece by capture.
    let start = board("8x8", "d3 a5 / d4", W);
    let g = check(&start, OFF, &["a5d5"], &board("8x8", "d3 d4 d5", B));
    assert_eq!(g.outcome(), Outcome::Win(Color::White, EndReason::NoPieces));
}

#[test]
fn every_move_banned_by_rule7_loses() {
    // 5x5: White's lone piece shuttles a1-a2 (a3, b1, b2 Black); Black shuttles e5-e4.
    // After e5e4 a1a2 e4e5, White's only move a2a1 would recreate the start position.
    let start = board("5x5", "a1 / a3 b1 b2 e5", B);
    let mut g = game(&start, OFF);
    let mut r = RefGame::from_str(&start, OFF);
    for m in ["e5e4", "a1a2", "e4e5"] {
        g.play_text(m).unwrap();
        r.play_str(m);
    }
    assert!(g.legal_moves().is_empty());
    assert_eq!(
        g.outcome(),
        Outcome::Win(Color::Black, EndReason::NoLegalMove)
    );
    assert_eq!(r.outcome(), ROutcome::Win(Col::B, RReason::NoLegalMove));
    // The move itself is a legal shape; only rule 7 bans it.
    assert_eq!(r.pseudo_moves().len(), 1);
}

#[test]
fn ply_limit_results() {
    let start = mm::start_fen(8, 8);
    let mut o = OFF;
    o.max_plies = Some(2);
    let mut g = game(&start, o);
    g.play_text("a2b2").unwrap();
    assert_eq!(g.outcome(), Outcome::Ongoing);
    g.play_text("h2g2").unwrap();
    assert_eq!(g.outcome(), Outcome::Draw(EndReason::PlyLimit));
    assert!(g.legal_moves().is_empty());
    // More pieces wins.
    let start = board("8x8", "d3 a5 / d4 h8 h1", W);
    o.max_plies = Some(1);
    let g = check(&start, o, &["a5d5"], &board("8x8", "d3 d4 d5 / h8 h1", B));
    assert_eq!(g.outcome(), Outcome::Win(Color::White, EndReason::PlyLimit));
    // A limit of zero means no limit, as everywhere else (the command line, the protocol).
    o.max_plies = Some(0);
    let g = game(&mm::start_fen(5, 5), o);
    assert_eq!(g.outcome(), Outcome::Ongoing);
    let blocked = board("4x4", "a1 / a2 b1 d4", W);
    assert_eq!(
        game(&blocked, o).outcome(),
        Outcome::Win(Color::Black, EndReason::NoLegalMove)
    );
    assert_eq!(
        RefGame::from_str(&blocked, o).outcome(),
        ROutcome::Win(Col::B, RReason::NoLegalMove)
    );
}

#[test]
fn board_sizes_and_start_positions() {
    let size = BoardSize::new(17, 18).unwrap();
    let g = Game::new(Rules::new(size));
    assert_eq!(format_position(g.position()), mm::start_fen(17, 18));
    assert_eq!(g.position().count(Color::White), 17 + 18 - 2);
    assert_eq!(g.position().count(Color::Black), 17 + 18 - 2);
    assert_eq!(
        format_position(Game::new(Rules::default()).position()),
        "wbbbbbbb/w6b/w6b/w6b/w6b/w6b/w6b/wwwwwwwb w"
    );
}
