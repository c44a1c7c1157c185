//! The facade's encodings (`mingmang::frontend::encoding`) pinned: on random games of every
//! variant, each legal move goes to its action id and back, as squares and as text, and the
//! action mask, the cells and the planes agree with the position string the engine writes.

use mingmang::frontend::encoding::{Cell, Encoding, SquareMove, PLANES};
use mingmang::frontend::{ErrorKind, Game, GameRules, Side};
use mingmang::rules::random::Rng;

/// Games of every variant (Ming Mang with territory scoring too, for the pass) after `plies`
/// random moves drawn from `seed`, each position on the way given to `check`.
fn random_games(seed: u64, plies: usize, mut check: impl FnMut(&Game)) {
    let mut rules: Vec<GameRules> = GameRules::variants()
        .iter()
        .map(|v| GameRules::new(v).unwrap())
        .collect();
    let mut territory = GameRules::default();
    territory.set("Territory", "true").unwrap();
    rules.push(territory);
    let mut rng = Rng::new(seed);
    for rules in rules {
        let mut game = Game::new(&rules);
        for _ in 0..plies {
            check(&game);
            let moves = game.legal_moves();
            if moves.is_empty() || game.outcome().status != mingmang::frontend::Status::Ongoing {
                break;
            }
            game.play(&moves[rng.below(moves.len())]).unwrap();
        }
    }
}

#[test]
fn every_legal_move_goes_to_its_action_and_back() {
    let mut positions = 0;
    random_games(7, 60, |game| {
        positions += 1;
        let encoding = game.encoding();
        let texts = game.legal_moves();
        let squares = game.legal_square_moves();
        assert_eq!(texts.len(), squares.len(), "{}", game.position());
        let mut actions = Vec::new();
        for (text, mv) in texts.iter().zip(&squares) {
            assert_eq!(encoding.move_text(*mv).as_deref(), Some(text.as_str()));
            assert_eq!(encoding.parse_move(text).unwrap(), *mv);
            let action = encoding.action(*mv).unwrap();
            assert!(action < encoding.num_actions());
            assert_eq!(encoding.square_move(action), Some(*mv));
            assert_eq!(encoding.move_to_action(text).unwrap(), action);
            assert_eq!(&encoding.action_to_move(action).unwrap(), text);
            // Playing the id is playing the text.
            let (mut by_id, mut by_text) = (game.clone(), game.clone());
            by_id.play_action(action).unwrap();
            by_text.play(text).unwrap();
            assert_eq!(by_id.position(), by_text.position());
            assert_eq!(by_id.moves(), by_text.moves());
            actions.push(action);
        }
        actions.sort_unstable();
        assert_eq!(game.legal_actions(), actions);
        let mask = game.action_mask();
        let marked: Vec<usize> = (0..mask.len()).filter(|&a| mask[a]).collect();
        assert_eq!(marked, actions);
    });
    assert!(positions > 100, "{positions} positions");
}

/// The cells of the position string `position`, rank 1 first, read here independently of the
/// rules' reader.
fn cells_of(position: &str) -> Vec<Cell> {
    let board = position.split(' ').next().unwrap();
    let mut ranks = Vec::new();
    for rank in board.split('/') {
        let mut cells = Vec::new();
        let mut run = 0;
        for c in rank.chars() {
            if let Some(d) = c.to_digit(10) {
                run = run * 10 + d as usize;
                continue;
            }
            cells.extend(std::iter::repeat_n(Cell::Empty, run));
            run = 0;
            cells.push(match c {
                'w' => Cell::White,
                'b' => Cell::Black,
                'W' => Cell::WhiteKing,
                'B' => Cell::BlackKing,
                _ => panic!("'{c}' in {position}"),
            });
        }
        cells.extend(std::iter::repeat_n(Cell::Empty, run));
        ranks.push(cells);
    }
    ranks.into_iter().rev().flatten().collect()
}

#[test]
fn the_cells_and_the_planes_agree_with_the_position_string() {
    random_games(11, 40, |game| {
        let cells = game.board();
        assert_eq!(cells, cells_of(&game.position()));
        let area = cells.len();
        for side in [Side::White, Side::Black] {
            let planes = game.planes(side, 0);
            assert_eq!(planes.len(), PLANES * area);
            for (index, cell) in cells.iter().enumerate() {
                let on: Vec<usize> = (0..5).filter(|p| planes[p * area + index] == 1.0).collect();
                let expected = match cell.side() {
                    None => 4,
                    Some(owner) => usize::from(owner != side) * 2 + usize::from(cell.is_king()),
                };
                assert_eq!(on, [expected], "{} square {index}", game.position());
            }
            assert!(planes[8 * area..].iter().all(|v| *v == 0.0));
        }
    });
}

#[test]
fn the_planes_of_known_positions() {
    // Gala after d4 d5: Black's man on d4, White's on d5, hands 12 (White) and 9 (Black).
    let mut game = Game::new(&GameRules::new("gala").unwrap());
    game.play_moves("d4 d5").unwrap();
    let planes = game.planes(Side::Black, 4);
    let plane = |p: usize| &planes[p * 49..(p + 1) * 49];
    assert_eq!(plane(0).iter().sum::<f32>(), 1.0);
    assert_eq!(plane(0)[3 * 7 + 3], 1.0);
    assert_eq!(plane(2)[4 * 7 + 3], 1.0);
    assert_eq!(plane(4).iter().sum::<f32>(), 47.0);
    assert!(plane(5).iter().all(|v| *v == 1.0));
    assert!(plane(6).iter().all(|v| *v == 9.0 / 49.0));
    assert!(plane(7).iter().all(|v| *v == 12.0 / 49.0));
    assert!(plane(8).iter().all(|v| *v == 0.5));
    let white = game.planes(Side::White, 1);
    assert!(white[5 * 49..6 * 49].iter().all(|v| *v == 0.0));
    assert!(white[8 * 49..].iter().all(|v| *v == 1.0));

    // Kings, at Rek's start: White's on a2 (square 8), Black's on h7 (square 55), as White
    // and as Black see them.
    let game = Game::new(&GameRules::new("rek").unwrap());
    let white = game.planes(Side::White, 0);
    let black = game.planes(Side::Black, 0);
    assert_eq!((white[64 + 8], white[3 * 64 + 55]), (1.0, 1.0));
    assert_eq!((black[3 * 64 + 8], black[64 + 55]), (1.0, 1.0));
    assert_eq!(white[64..128].iter().sum::<f32>(), 1.0);
    assert_eq!(white[3 * 64..4 * 64].iter().sum::<f32>(), 1.0);
}

#[test]
fn the_encoding_refuses_what_is_not_on_its_board() {
    for (width, height) in [(0, 0), (3, 8), (8, 20), (1 << 40, 1 << 40)] {
        let err = Encoding::new(width, height).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Option);
        assert!(err.message().contains("4 to 19 files"), "{}", err.message());
    }
    let encoding = Encoding::new(5, 5).unwrap();
    assert_eq!(encoding.square_index("f1"), None);
    assert_eq!(encoding.square_name(25), None);
    assert_eq!(encoding.action(SquareMove::Step { from: 0, to: 25 }), None);
    assert_eq!(encoding.square_move(encoding.num_actions()), None);
    let err = encoding.move_to_action("z9z9").unwrap_err();
    assert_eq!(
        (err.kind(), err.message()),
        (ErrorKind::Move, "'z9z9' is not a move on a 5x5 board")
    );
    let err = encoding.action_to_move(651).unwrap_err();
    assert_eq!(
        err.message(),
        "action 651 is not one of the 651 actions of a 5x5 board"
    );
    // An id that is no legal move is refused as its text would be, and nothing is played.
    let mut game = Game::new(&GameRules::default());
    let err = game.play_action(0).unwrap_err();
    assert_eq!((err.kind(), game.ply()), (ErrorKind::Move, 0));
    assert!(err.message().starts_with("'a1a1': "), "{}", err.message());
}
