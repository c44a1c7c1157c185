//! Self-tests of the reference implementation of the relatives
//! (`tests/common/reference_relatives.rs`): the historical diagrams of docs/rules.md (the test
//! anchors of `docs/relatives-spec.md`) and small hand-worked cases of every rule, the capture
//! cases being those of `common::relatives_cases`, which `tests/relatives_captures.rs` runs
//! against the engine. They use only the reference, so they say nothing about the engine; the
//! cross-check, the perft tables and the engine's run of the same cases do that.

mod common;

use common::reference_relatives::{
    format, parse, pseudo_moves, sq_name, validate, Cell, Col, Pos, RMove, ROutcome, RReason,
    RefGame, Reference, Variant,
};
use common::relatives_cases::{check_every_case, DIAGRAM_2, DIAGRAM_4, DIAGRAM_6, DIAGRAM_6_GROUP};
use common::text::{names, sorted};

/// The squares emptied of the mover's enemies by `text`, sorted by name.
fn captures(g: &RefGame, text: &str) -> Vec<String> {
    let (after, _) = g.try_str(text);
    let them = g.pos.side.other();
    let squares = g.pos.squares().into_iter();
    sorted(
        squares
            .filter(|&s| g.pos.at(s).color() == Some(them) && after.at(s) == Cell::Empty)
            .map(sq_name),
    )
}

#[test]
fn every_capture_case() {
    check_every_case(|variant, fen, mv| {
        let v = Variant::from_name(variant).expect("a relative");
        captures(&RefGame::from_str(v, fen, None), mv)
    });
}

/// The moves from `from` that capture something.
fn capturing_moves_from(g: &RefGame, from: &str) -> Vec<String> {
    let moves = g.allowed_with_effects().into_iter();
    sorted(
        moves
            .filter(|(m, fx)| m.to_string().starts_with(from) && fx.captured > 0)
            .map(|(m, _)| m),
    )
}

#[test]
fn start_positions_parse_format_and_validate() {
    for v in Variant::ALL {
        let p = parse(v.start_fen()).unwrap();
        assert_eq!(format(&p), v.start_fen(), "{}", v.name());
        validate(v, &p).unwrap();
        assert_eq!(p.n, v.size());
        assert_eq!(Variant::from_name(&v.name().to_uppercase()), Some(v));
    }
    let rek = parse(Variant::Rek.start_fen()).unwrap();
    assert_eq!(rek.at((0, 1)), Cell::King(Col::W));
    assert_eq!(rek.at((7, 6)), Cell::King(Col::B));
    assert_eq!(rek.count(Col::W), 16);
    assert_eq!(rek.count(Col::B), 16);
    let hunt = parse(Variant::Hunt.start_fen()).unwrap();
    assert_eq!(hunt.at((4, 7)), Cell::King(Col::B));
    assert_eq!(hunt.men(Col::W), 16);
    let gala = parse(Variant::Gala.start_fen()).unwrap();
    assert_eq!((gala.hand_w, gala.hand_b, gala.side), (13, 10, Col::B));
    // The hand field: written exactly when a count is non-zero, optional when reading.
    let p = parse("7/7/7/3b3/7/7/7 w w13b0").unwrap();
    assert_eq!(format(&p), "7/7/7/3b3/7/7/7 w w13b0");
    let p = parse("7/7/7/3b3/7/7/7 w w0b0").unwrap();
    assert_eq!(format(&p), "7/7/7/3b3/7/7/7 w");
    assert_eq!(parse("7/7/7/3b3/7/7/7 w").unwrap(), p);
}

#[test]
fn validation_refuses_what_the_spec_refuses() {
    let bad = [
        (Variant::Makyek, "7/7/7/7/7/7/7 w"),
        (Variant::Gala, "8/8/8/8/8/8/8/8 b w13b10"),
        (Variant::Makyek, "W7/8/8/8/8/8/8/8 w"),
        (Variant::Rek, "WW6/8/8/8/8/8/8/8 w"),
        (Variant::Rek, "8/8/8/8/8/8/8/7w w w1b0"),
        (Variant::Gala, "7/7/7/7/7/7/7 b w14b10"),
        (Variant::Gala, "7/7/7/7/7/7/b6 b w13b10"),
        (Variant::Hunt, "4B3/8/8/8/8/8/8/b7 w"),
        (Variant::Hunt, "4B3/8/8/8/8/8/8/W7 w"),
        (Variant::Hunt, "4BB2/8/8/8/8/8/8/w7 w"),
    ];
    for (v, s) in bad {
        assert!(validate(v, &parse(s).unwrap()).is_err(), "{} {s}", v.name());
    }
    let good = [
        (Variant::Rek, "8/8/8/8/8/8/8/7w w"),
        (Variant::Rek, "W7/8/8/8/8/8/8/7B b"),
        (Variant::Gala, "7/7/7/7/7/7/b6 b w13b9"),
        (Variant::Hunt, "8/8/8/8/8/8/8/ww6 w"),
    ];
    for (v, s) in good {
        validate(v, &parse(s).unwrap()).unwrap_or_else(|e| panic!("{} {s}: {e}", v.name()));
    }
}

/// The Mak-yek article's diagram 2 (docs/rules.md, Mak-yek): the four capture options of the
/// White piece on f5 (what each captures: the table).
#[test]
fn diagram_2_four_options_of_f5() {
    for v in [Variant::Makyek, Variant::Apitsodok] {
        let g = RefGame::from_str(v, DIAGRAM_2, None);
        // f5f7 by intervention, f5h5 and f5f3 by custodian, f5c5 by both.
        let fx = |t: &str| g.try_str(t).1;
        assert_eq!((fx("f5f7").intervention, fx("f5f7").custodian), (2, 0));
        assert_eq!((fx("f5h5").intervention, fx("f5h5").custodian), (0, 1));
        assert_eq!((fx("f5f3").intervention, fx("f5f3").custodian), (0, 2));
        assert_eq!((fx("f5c5").intervention, fx("f5c5").custodian), (2, 1));
        assert_eq!(capturing_moves_from(&g, "f5"), names("f5c5 f5f3 f5f7 f5h5"));
    }
}

/// The Mak-yek article's diagram 4 (docs/rules.md, Apit-sodok; Black's piece on h5). b5 is the
/// ruled case: every piece either rule captures is captured. The corner piece h8 is not
/// captured by h5h7. (The article counts three captures for h5; under its rules h5g5 also
/// captures g4 by custodian against g3, which the diagram does not mark: docs/rules.md says so.)
/// What each move captures: the table.
#[test]
fn diagram_4_apitsodok_union_of_rules() {
    let g = RefGame::from_str(Variant::Apitsodok, DIAGRAM_4, None);
    assert!(g.try_str("h5d5").1.long_line);
    assert_eq!(g.try_str("h5b5").1.overlap, 1);
    assert_eq!(capturing_moves_from(&g, "h5"), names("h5b5 h5d5 h5f5 h5g5"));
}

/// The Mak-yek article's diagram 6 (docs/rules.md, Rek): the four options of e5 and the king's
/// a2a5 (what each captures: the table).
#[test]
fn diagram_6_rek_king_captured_and_enclosures() {
    let mut g = RefGame::from_str(Variant::Rek, DIAGRAM_6, None);
    assert_eq!(g.try_str("e5g5").1.intervention, 2);
    assert!(g.try_str("e5g5").1.king_captured);
    assert_eq!(g.try_str("e5e3").1.enclosure, 1);
    assert_eq!(g.try_str("a2a5").1.enclosure, names(DIAGRAM_6_GROUP).len());
    assert_eq!(capturing_moves_from(&g, "e5"), names("e5a5 e5e3 e5e7 e5g5"));
    assert_eq!(capturing_moves_from(&g, "a2"), names("a2a5"));
    g.play_str("e5g5");
    assert_eq!(g.outcome(), ROutcome::Win(Col::W, RReason::KingCaptured));
    assert!(g.legal_moves().is_empty());
}

#[test]
fn minrekchanh_king_steps_one_square_in_eight_directions() {
    let g = RefGame::from_str(Variant::MinRekChanh, DIAGRAM_6, None);
    let king: Vec<String> = g
        .legal_strings()
        .into_iter()
        .filter(|m| m.starts_with("a2"))
        .collect();
    assert_eq!(king, names("a2a1 a2a3 a2b1 a2b2 a2b3"));
    // The men still move like rooks and capture the same way (the table).
    // A diagonal king step captures by intervention along the rank and the file (c4 d3 d5 e4:
    // the table).
    let g = RefGame::from_str(Variant::MinRekChanh, "8/8/8/3b4/2b1b3/2Wb4/8/8 w", None);
    let (_, fx) = g.try_str("c3d4");
    assert!(fx.king_moved && fx.king_diagonal);
    assert_eq!(fx.intervention, 4);
    // In Rek the same king moves like a rook instead (and cannot reach d4).
    let g = RefGame::from_str(Variant::Rek, "8/8/8/3b4/2b1b3/2Wb4/8/8 w", None);
    assert!(g.find("c3d4").is_none());
    assert!(g.find("c3c1").is_some());
}

#[test]
fn rek_enclosure_uses_edges_and_takes_the_king_with_its_group() {
    // Black king a8 with men b8 b7: the group's only liberty is c8. d8c8 fills it, and the
    // whole group, king included, is captured (the board edge closes it too; a8 b7 b8: the
    // table, with the groups without liberties that the mover does not touch, which stay).
    let mut g = RefGame::from_str(Variant::Rek, "Bb1w4/wbw5/1w6/8/8/8/8/W7 w", None);
    let fx = g.play_str("d8c8");
    assert!(fx.king_captured);
    assert_eq!(fx.enclosure, 3);
    assert_eq!(g.outcome(), ROutcome::Win(Col::W, RReason::KingCaptured));
}

#[test]
fn rek_side_to_move_without_king_loses_first() {
    // White to move without a king: lost at once, before anything else.
    let g = RefGame::from_str(Variant::Rek, "8/8/8/8/8/8/8/w6B w", None);
    assert_eq!(g.outcome(), ROutcome::Win(Col::B, RReason::KingCaptured));
    // Black has no king but White is to move: play goes on; after White's move Black loses.
    let mut g = RefGame::from_str(Variant::Rek, "b7/8/8/8/8/8/8/W7 w", None);
    assert_eq!(g.outcome(), ROutcome::Ongoing);
    g.play_str("a1a2");
    assert_eq!(g.outcome(), ROutcome::Win(Col::W, RReason::KingCaptured));
    // Rek men capture by intervention only along rank and file, never as a custodian line
    // (a1b1 here captures nothing: the table).
    let g = RefGame::from_str(Variant::Rek, "8/8/8/8/8/8/8/W1bw3B w", None);
    assert!(g.find("a1b1").is_some());
}

#[test]
fn makyek_custodian_lines_and_safe_entry() {
    // A line of three closed by the mover: all three go (the table, with the line with a gap
    // and intervention).
    let g = RefGame::from_str(Variant::Makyek, "8/8/8/8/8/8/8/w1bbbw1b w", None);
    assert!(g.try_str("a1b1").1.long_line);
    // Completing a line flanked by enemies is safe: only the mover captures (the table), and
    // the mover's own pieces stay.
    let mut g = RefGame::from_str(Variant::Makyek, "8/8/8/8/8/2b5/8/wb1w4 b", None);
    g.play_str("c3c1");
    assert_eq!((g.pos.count(Col::W), g.pos.count(Col::B)), (2, 2));
    // No pieces: the side to move has none and loses.
    let mut g = RefGame::from_str(Variant::Makyek, "8/8/8/8/8/8/8/w2bw3 w", None);
    g.play_str("a1c1");
    assert_eq!(g.outcome(), ROutcome::Win(Col::W, RReason::NoPieces));
    assert!(g.legal_moves().is_empty());
}

#[test]
fn rule_7_bans_returning_and_ply_limit_counts_pieces() {
    let mut g = RefGame::from_str(Variant::Makyek, "7b/8/8/8/8/8/8/w7 w", None);
    g.play_str("a1a2");
    g.play_str("h8h7");
    g.play_str("a2a1");
    // h7h8 would return to the start position.
    assert!(g.find("h7h8").is_none());
    assert!(g.find("h7h6").is_some());
    let banned = pseudo_moves(Variant::Makyek, &g.pos).len() - g.allowed_moves().len();
    assert_eq!(banned, 1);
    // A side whose every move is banned by rule 7 loses: the hunter shuttles a1-b1 (every
    // other way is blocked), White's h-file man returns; b1a1 would repeat the start.
    let mut g = RefGame::from_str(Variant::Hunt, "7w/8/8/8/8/ww6/ww6/B1ww4 w", None);
    g.play_str("h8h7");
    assert_eq!(g.legal_strings(), names("a1b1"));
    g.play_str("a1b1");
    g.play_str("h7h8");
    assert_eq!(
        pseudo_moves(Variant::Hunt, &g.pos),
        vec![RMove::Go((1, 0), (0, 0))]
    );
    assert!(g.allowed_moves().is_empty());
    assert_eq!(g.outcome(), ROutcome::Win(Col::W, RReason::NoLegalMove));
    // Ply limit: more pieces (board plus hand) wins, equal counts draw.
    let mut g = RefGame::from_str(Variant::Makyek, "7b/8/8/8/8/8/8/ww6 w", Some(2));
    g.play_str("a1a2");
    assert_eq!(g.outcome(), ROutcome::Ongoing);
    g.play_str("h8h7");
    assert_eq!(g.outcome(), ROutcome::Win(Col::W, RReason::PlyLimit));
    assert!(g.legal_moves().is_empty());
    let mut g = RefGame::from_str(Variant::Gala, "7/7/7/3b3/7/7/7 w w2b0", Some(1));
    g.play_str("a7");
    // White 2 on the board + 1 in hand against Black's 1.
    assert_eq!(g.outcome(), ROutcome::Win(Col::W, RReason::PlyLimit));
    let mut g = RefGame::from_str(Variant::Hunt, "4B3/8/8/8/8/8/8/ww6 b", Some(1));
    g.play_str("e8e7");
    assert_eq!(g.outcome(), ROutcome::Draw(RReason::PlyLimit));
    // A limit of 0 is no limit.
    let g = RefGame::from_str(Variant::Hunt, "4B3/8/8/8/8/8/8/ww6 b", Some(0));
    assert_eq!(g.outcome(), ROutcome::Ongoing);
}

#[test]
fn gala_placement_phase() {
    let mut g = RefGame::new(Variant::Gala);
    // The first placement is the centre d4.
    assert_eq!(g.legal_strings(), vec!["d4".to_string()]);
    let fx = g.play_str("d4");
    assert!(fx.placed);
    assert_eq!(g.fen(), "7/7/7/3b3/7/7/7 w w13b9");
    // White places on its own half (ranks 4-7), 28 squares less d4.
    let moves = g.legal_strings();
    assert_eq!(moves.len(), 27);
    assert!(moves
        .iter()
        .all(|m| m.len() == 2 && m.as_bytes()[1] >= b'4'));
    g.play_str("c4");
    // Black places on ranks 1-4, compulsorily (its piece on d4 may not move).
    let moves = g.legal_strings();
    assert_eq!(moves.len(), 26);
    assert!(moves
        .iter()
        .all(|m| m.len() == 2 && m.as_bytes()[1] <= b'4'));
    // An empty board with White to move: d4 too.
    let g = RefGame::from_str(Variant::Gala, "7/7/7/7/7/7/7 w w3b0", None);
    assert_eq!(g.legal_strings(), vec!["d4".to_string()]);
    // Placing between two enemies, or flanking one, captures nothing: the table.
    // Black with nothing in hand moves while White (3 in hand) still places.
    let mut g = RefGame::from_str(Variant::Gala, "7/7/7/3w3/3b3/7/b6 b w3b0", None);
    assert!(g.legal_strings().iter().all(|m| m.len() == 4));
    // Black's pieces may go anywhere now (no pieces in hand), rank 7 included.
    assert!(g.find("a1a7").is_some());
    g.play_str("a1a7");
    assert!(g.legal_strings().iter().all(|m| m.len() == 2));
    // No pieces: nothing on the board and nothing in hand.
    let g = RefGame::from_str(Variant::Gala, "7/7/7/3w3/7/7/7 b", None);
    assert_eq!(g.outcome(), ROutcome::Win(Col::W, RReason::NoPieces));
    // Pieces in hand only is not "no pieces".
    let g = RefGame::from_str(Variant::Gala, "7/7/7/3w3/7/7/7 b w0b1", None);
    assert_eq!(g.outcome(), ROutcome::Ongoing);
}

#[test]
fn gala_movement_restriction_while_pieces_in_hand() {
    // With 23 pieces in all and 28 squares in each half, a side with pieces in hand always has
    // an empty square in its half, so the restriction cannot arise in a valid position. The
    // reference applies it anyway; here on a position built by hand past the supply check:
    // Black has one in hand and its half (ranks 1-4) is full.
    let mut p: Pos = parse("7/7/w6/bbbbbbb/bbbbbbb/bbbbbbb/bbbbbb1 b w0b1").unwrap();
    // Ranks 1-4 hold 27 pieces and a1..f1 leave g1 empty: fill it.
    p.set((6, 0), Cell::Man(Col::B));
    let g = RefGame::from_pos(Variant::Gala, p.clone(), None);
    // No placement possible: Black moves, but only within ranks 1-4 (none free) - rank 5 and
    // above are forbidden while it has a piece in hand: no legal move.
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.outcome(), ROutcome::Win(Col::W, RReason::NoLegalMove));
    // With nothing in hand the same pieces may go up.
    p.hand_b = 0;
    let g = RefGame::from_pos(Variant::Gala, p, None);
    assert_eq!(g.legal_strings().len(), 6 * 3);
    // White, with a piece in hand but no empty square in ranks 4-7, may not move onto ranks
    // 1-3; only the destination counts.
    let mut p = parse("wwwwwww/wwwwwww/wwwwwww/wwwwww1/7/7/7 w w1b0").unwrap();
    p.set((6, 3), Cell::Man(Col::B));
    let g = RefGame::from_pos(Variant::Gala, p, None);
    assert!(g.legal_moves().is_empty());
}

#[test]
fn gala_captures_single_pieces_by_custodian_only() {
    // Both hands empty: moves only. Single pieces, a line of two that stays, no intervention:
    // the table. Several singles at once count as three custodian captures.
    let g = RefGame::from_str(Variant::Gala, "7/7/3b3/3w3/1bw3b/3w3/3b3 b", None);
    assert_eq!(g.try_str("g3d3").1.custodian, 3);
}

#[test]
fn hunt_hunter_steps_jumps_and_is_flanked() {
    let g = RefGame::new(Variant::Hunt);
    assert_eq!(g.legal_strings(), names("e8d8 e8e7 e8f8"));
    // A jump over an adjacent man to the empty square beyond removes it; not compulsory.
    let g = RefGame::from_str(Variant::Hunt, "8/8/8/4B3/4w3/8/8/w6w b", None);
    assert!(g.find("e5e3").is_some());
    assert!(g.find("e5d5").is_some());
    let (_, fx) = g.try_str("e5e3");
    assert!(fx.hunter_jump);
    // No jump when the square beyond is taken or off the board, and never over two.
    let g = RefGame::from_str(Variant::Hunt, "8/8/8/4B3/4w3/4w3/8/w6w b", None);
    assert!(g.find("e5e3").is_none());
    assert!(g.find("e5e2").is_none());
    let g = RefGame::from_str(Variant::Hunt, "8/8/8/8/8/8/w7/B6w b", None);
    assert_eq!(g.legal_strings(), names("a1a3 a1b1"));
    let g = RefGame::from_str(Variant::Hunt, "8/8/8/8/8/w7/w7/Bww4w b", None);
    assert!(g.legal_strings().is_empty());
    // The hunter moving between two men is safe.
    let mut g = RefGame::from_str(Variant::Hunt, "8/8/8/3w1w2/4B3/8/8/w7 b", None);
    g.play_str("e4e5");
    assert_eq!(g.outcome(), ROutcome::Ongoing);
    // A man flanks the hunter with a man on the other side: White wins.
    let mut g = RefGame::from_str(Variant::Hunt, "8/8/8/8/8/3Bw3/8/2w5 w", None);
    let (_, fx) = g.try_str("c1c3");
    assert!(fx.hunter_flanked);
    g.play_str("c1c3");
    assert_eq!(g.outcome(), ROutcome::Win(Col::W, RReason::KingCaptured));
    // Flanking needs the man just moved next to the hunter and a man straight beyond it (the
    // table).
    // The hunter without a move loses.
    let g = RefGame::from_str(Variant::Hunt, "Bww5/w7/w7/8/8/8/8/8 b", None);
    assert_eq!(g.outcome(), ROutcome::Win(Col::W, RReason::NoLegalMove));
    // Fewer than two men: Black wins, whoever is to move, before anything else.
    let g = RefGame::from_str(Variant::Hunt, "B7/8/8/8/8/8/8/w7 w", None);
    assert_eq!(g.outcome(), ROutcome::Win(Col::B, RReason::TooFewMen));
    let mut g = RefGame::from_str(Variant::Hunt, "8/8/8/8/8/8/Bw6/w7 b", None);
    g.play_str("a2c2");
    assert_eq!(g.outcome(), ROutcome::Win(Col::B, RReason::TooFewMen));
    // No hunter: White has won.
    let g = RefGame::from_str(Variant::Hunt, "8/8/8/8/8/8/8/ww6 b", None);
    assert_eq!(g.outcome(), ROutcome::Win(Col::W, RReason::KingCaptured));
}

#[test]
fn placements_and_moves_print_as_the_spec_says() {
    assert_eq!(RMove::Place((3, 3)).to_string(), "d4");
    assert_eq!(RMove::Go((0, 0), (0, 3)).to_string(), "a1a4");
    assert_eq!(RMove::Go((4, 7), (4, 5)).to_string(), "e8e6");
}

#[test]
fn perft_depth_3_from_every_start() {
    for v in Variant::ALL {
        let t = std::time::Instant::now();
        let mut g = RefGame::new(v);
        let counts: Vec<u64> = (1..=3).map(|d| g.perft(d)).collect();
        println!("{}: {counts:?} in {:.1?}", v.name(), t.elapsed());
        assert_eq!(g.fen(), v.start_fen());
        assert!(counts.iter().all(|&c| c > 0));
    }
    let mut g = RefGame::new(Variant::Gala);
    assert_eq!(g.perft(1), 1);
    assert_eq!(g.perft(2), 27);
    // Black then has 26 squares if White took one on the shared rank 4, else 27.
    assert_eq!(g.perft(3), 6 * 26 + 21 * 27);
    let mut g = RefGame::new(Variant::Hunt);
    assert_eq!(g.perft(1), 3);
}
