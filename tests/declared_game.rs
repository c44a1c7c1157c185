//! A game that exists only in this test: Mak-yek on a 7x7 board, declared as data the way
//! `docs/contributing.md` ("Adding a game") describes: one entry of the table-of-games kind,
//! reusing Mak-yek's rule code and weight set. It is played, counted by perft and searched like
//! the built-in games, and checked move for move against the independent reference
//! implementation of the relatives set up on the same board.

mod common;

use common::bridge::{engine_moves, fen, outcome};
use common::reference_relatives::{parse, RefGame, Reference, Variant};
use common::search::search_to_depth;
use mingmang::rules::games::{Evaluation, PresetEntry, SearchHints};
use mingmang::rules::random::Rng;
use mingmang::rules::relatives::RELATIVE;
use mingmang::rules::{perft, BoardSize, Family, Game, GameEntry, GameKind, Preset, Rules};
use mingmang::search::eval::WeightSet;
use mingmang::search::SearchConfig;

const START: &str = "bbbbbbb/7/bbbbbbb/7/wwwwwww/7/wwwwwww w";

/// The game: Mak-yek's rules (custodian line and intervention, captured pieces removed) on
/// 7x7, two ranks of men each, played with Mak-yek's weights.
static MAKYEK7: GameEntry = GameEntry {
    name: "makyek7",
    title: "Mak-yek on 7x7",
    doc: "custodian line + intervention, removal, on the 7x7 board",
    family: Family {
        fixed_size: Some((7, 7)),
        start: Some(START),
        ..RELATIVE
    },
    presets: &[PresetEntry::new("makyek7", 7, 7)],
    evaluation: Evaluation::Relatives,
    weights: "makyek",
    hints: SearchHints::NONE,
};

fn rules() -> Rules {
    Rules::preset(Preset::of_game(GameKind::new(&MAKYEK7)))
}

/// The reference, playing Mak-yek's rules on the 7x7 start.
fn reference() -> RefGame {
    RefGame::from_pos(Variant::Makyek, parse(START).unwrap(), None)
}

#[test]
fn the_entry_makes_a_game_of_its_own() {
    MAKYEK7.check().unwrap();
    let game = GameKind::new(&MAKYEK7);
    assert_ne!(game, GameKind::Makyek);
    let rules = rules();
    assert_eq!(rules.game(), game);
    assert_eq!(rules.size(), BoardSize::new(7, 7).unwrap());
    assert_eq!(rules.preset_name(), "makyek7");
    assert_eq!(fen(&Game::new(rules)), START);
    // Its board is fixed, and its weights are the set it names.
    let other = Rules::build(game, BoardSize::new(8, 8).unwrap(), Default::default());
    assert!(other.unwrap_err().contains("7x7 board only"));
    assert_eq!(
        WeightSet::of_rules(&rules).map(|s| s.name()).as_deref(),
        Some("makyek")
    );
    // The names on the command line and in the protocol are the table's.
    assert_eq!(Preset::from_name("makyek7"), None);
}

#[test]
fn perft_agrees_with_the_reference() {
    let mut game = Game::new(rules());
    let mut reference = reference();
    for depth in 1..=5 {
        assert_eq!(
            perft::perft(&mut game, depth),
            reference.perft(depth),
            "depth {depth}"
        );
    }
}

#[test]
fn random_games_agree_with_the_reference() {
    let mut rng = Rng::new(27);
    let (mut plies, mut captured) = (0, 0);
    for _ in 0..20 {
        let mut game = Game::new(rules().with_max_plies(Some(120)));
        let mut reference = RefGame::from_pos(Variant::Makyek, parse(START).unwrap(), Some(120));
        loop {
            assert_eq!(fen(&game), reference.fen());
            assert_eq!(
                outcome(game.outcome()),
                reference.outcome(),
                "{}",
                fen(&game)
            );
            let moves = engine_moves(&game);
            assert_eq!(moves, reference.legal_strings(), "{}", fen(&game));
            if moves.is_empty() {
                break;
            }
            let mv = &moves[rng.below(moves.len())];
            captured += game.play_text(mv).unwrap();
            reference.play_str(mv);
            plies += 1;
        }
    }
    assert!(
        plies > 500 && captured > 100,
        "{plies} plies, {captured} captured"
    );
}

#[test]
fn the_search_plays_it() {
    // From the start and after a few moves, the search returns a legal move and a score.
    let mut game = Game::new(rules());
    let mut rng = Rng::new(7);
    for _ in 0..3 {
        let r = search_to_depth(&game, 5, SearchConfig::default());
        let best = r.best.expect("a move");
        assert!(game.is_legal(best), "{best} in {}", fen(&game));
        assert!(r.nodes > 100, "{}", r.nodes);
        for _ in 0..4 {
            let moves = game.legal_moves();
            game.make(moves[rng.below(moves.len())]);
        }
    }
}
