//! The network's evaluation: the incremental path against computing from nothing, the file
//! format's refusals, and the choice of network by game and board.

use super::accumulator::Accumulator;
use super::features::FeatureSet;
use super::{file, Network, NetworkChoice, QB};
use crate::rules::random::Rng;
use crate::rules::{BoardSize, Game, Preset, Rules};

/// A network of random weights for `rules`' game and board (with the smallest feature set
/// that describes it), in the ranges a trained one has.
pub fn random_network(rules: &Rules, hidden: usize, buckets: usize, seed: u64) -> Network {
    let mut rng = Rng::new(seed);
    let mut value = |range: i64| (rng.below(2 * range as usize + 1) as i64 - range) as i16;
    let family = rules.family();
    let features = FeatureSet::smallest_covering(family.has_kings(), family.has_placement())
        .expect("a feature set for the game");
    let inputs = features.inputs(rules.size());
    Network {
        game: rules.game().name().to_string(),
        size: rules.size(),
        features,
        hidden,
        buckets,
        eval_scale: 400,
        input_weights: (0..inputs * hidden).map(|_| value(60)).collect(),
        input_bias: (0..hidden).map(|_| value(200)).collect(),
        output_weights: (0..buckets * 2 * hidden)
            .map(|_| value(2 * QB as i64))
            .collect(),
        output_bias: (0..buckets).map(|b| b as i32 * 1000 - 3000).collect(),
    }
}

/// Plays random games under `rules`, checking at every ply that one accumulator carried
/// along (and one jumping back to the start now and then) gives the evaluation computed
/// from nothing.
fn incremental_matches_fresh(rules: Rules, seed: u64) {
    let net = random_network(&rules, 32, 4, seed);
    net.check_accumulator_range().unwrap();
    let mut acc = Accumulator::new(&net);
    let mut rng = Rng::new(seed);
    let start = Game::new(rules);
    for _ in 0..6 {
        let mut game = start.clone();
        for _ in 0..120 {
            assert_eq!(acc.evaluate(&net, &game), net.evaluate_fresh(&game));
            let moves = game.legal_moves();
            if moves.is_empty() || game.outcome().is_over() {
                break;
            }
            game.make(moves[rng.below(moves.len())]);
        }
        // Back to the start: every square differs from the last board, a refresh.
        assert_eq!(acc.evaluate(&net, &start), net.evaluate_fresh(&start));
    }
    let stats = acc.stats();
    assert!(stats.updates > stats.refreshes, "{stats:?}");
}

#[test]
fn the_accumulator_follows_ming_mang_conversions() {
    incremental_matches_fresh(Rules::new(BoardSize::new(8, 8).unwrap()), 1);
    incremental_matches_fresh(Rules::new(BoardSize::new(5, 7).unwrap()), 2);
}

#[test]
fn the_accumulator_follows_removals() {
    incremental_matches_fresh(Rules::preset(Preset::Makyek), 3);
    incremental_matches_fresh(Rules::preset(Preset::Apitsodok), 4);
}

#[test]
fn the_accumulator_follows_kings() {
    for (i, preset) in [Preset::Rek, Preset::MinRekChanh, Preset::MakyekHunt]
        .into_iter()
        .enumerate()
    {
        let rules = Rules::preset(preset);
        assert_eq!(
            random_network(&rules, 16, 1, 1).features,
            FeatureSet::PieceSquareKings
        );
        for seed in 0..3 {
            incremental_matches_fresh(rules, 20 + 3 * i as u64 + seed);
        }
    }
}

#[test]
fn the_accumulator_follows_placements_from_hand() {
    let rules = Rules::preset(Preset::Gala);
    assert_eq!(
        random_network(&rules, 16, 1, 1).features,
        FeatureSet::PieceSquareHands
    );
    for seed in 0..4 {
        incremental_matches_fresh(rules, 40 + seed);
    }
}

#[test]
fn a_king_network_is_refused_if_its_king_planes_could_overflow() {
    let rules = Rules::preset(Preset::Rek);
    let mut net = random_network(&rules, 16, 1, 9);
    assert!(file::read(&file::write(&net)).is_ok());
    let area = rules.size().area();
    // One king weight alone cannot overflow; on top of a board whose pieces already come
    // close, it does.
    net.input_bias[0] = 0;
    for sq in 0..2 * area {
        net.input_weights[sq * 16] = 505;
    }
    assert!(net.check_accumulator_range().is_ok());
    net.input_weights[(2 * area + 5) * 16] = 500;
    assert!(file::read(&file::write(&net))
        .unwrap_err()
        .contains("16-bit range"));
}

#[test]
fn the_bucket_follows_the_share_of_the_ply_limit() {
    let rules = Rules::new(BoardSize::new(8, 8).unwrap()).with_max_plies(Some(40));
    let net = random_network(&rules, 16, 4, 5);
    let mut game = Game::new(rules);
    let mut seen = Vec::new();
    let mut rng = Rng::new(5);
    while !game.outcome().is_over() {
        seen.push((game.plies(), net.bucket(&game)));
        let moves = game.legal_moves();
        game.make(moves[rng.below(moves.len())]);
    }
    assert!(seen.iter().all(|&(ply, b)| b == (ply * 4 / 40).min(3)));
    assert!(seen.iter().any(|&(_, b)| b == 3));
    let unlimited = Game::new(Rules::new(BoardSize::new(8, 8).unwrap()).with_max_plies(None));
    assert_eq!(net.bucket(&unlimited), 0);
}

#[test]
fn a_network_file_reads_back_the_same() {
    let net = random_network(&Rules::new(BoardSize::new(8, 8).unwrap()), 32, 8, 6);
    let bytes = file::write(&net);
    assert_eq!(file::read(&bytes).unwrap(), net);
}

#[test]
fn damaged_or_foreign_files_are_refused_with_a_reason() {
    let net = random_network(&Rules::new(BoardSize::new(8, 8).unwrap()), 32, 8, 7);
    let bytes = file::write(&net);
    let refused = |b: &[u8]| file::read(b).unwrap_err();
    assert!(refused(b"").contains("not a mingmang network"));
    assert!(refused(b"#weights\nmaterial 100\n").contains("not a mingmang network"));
    for cut in [8, 20, bytes.len() / 2, bytes.len() - 1] {
        assert!(
            refused(&bytes[..cut]).contains("the file ends inside"),
            "cut at {cut}"
        );
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(refused(&longer).contains("after the checksum"));
    let mut flipped = bytes.clone();
    flipped[bytes.len() / 2] ^= 0x10;
    assert!(refused(&flipped).contains("checksum"));
    let mut version = bytes.clone();
    version[6] = 9;
    assert!(refused(&version).contains("version 9"));
    let mut unknown = net.clone();
    unknown.output_weights[0] = 4 * QB as i16;
    assert!(refused(&file::write(&unknown)).contains("output weight"));
    let mut overflow = net.clone();
    overflow.input_weights.iter_mut().for_each(|w| *w = 600);
    assert!(refused(&file::write(&overflow)).contains("16-bit range"));
}

#[test]
fn a_network_evaluates_only_the_game_and_board_it_learned() {
    let classic = Rules::new(BoardSize::new(8, 8).unwrap());
    let net = random_network(&classic, 16, 1, 8);
    assert!(net.fits(&classic));
    assert!(net.fits(&classic.with_max_plies(Some(100))));
    assert!(!net.fits(&Rules::new(BoardSize::new(9, 9).unwrap())));
    assert!(!net.fits(&Rules::preset(Preset::Makyek)));
    let loaded = NetworkChoice {
        enabled: true,
        loaded: Some(std::sync::Arc::new(net.clone())),
    };
    assert_eq!(loaded.for_rules(&classic), Some(&net));
    let off = NetworkChoice {
        enabled: false,
        ..loaded.clone()
    };
    assert_eq!(off.for_rules(&classic), None);
}

#[test]
fn the_built_in_networks_read_and_fit_their_games() {
    let nets = super::builtin();
    assert!(!nets.is_empty());
    let classic = Rules::new(BoardSize::new(8, 8).unwrap());
    assert!(super::builtin_for(&classic).is_some());
    // Ming Mang on 9x9 (the gundru preset) has one of its own.
    let nine = Rules::new(BoardSize::new(9, 9).unwrap());
    let net = super::builtin_for(&nine).expect("a 9x9 network");
    assert_eq!(net.size, nine.size());
    assert!(!std::ptr::eq(net, super::builtin_for(&classic).unwrap()));
    for net in nets {
        assert_eq!(file::read(&file::write(net)).unwrap(), *net);
    }
    // Boards and games without a network of their own keep the hand-written evaluation.
    assert!(super::builtin_for(&Rules::new(BoardSize::new(19, 19).unwrap())).is_none());
    assert!(NetworkChoice::default().for_rules(&classic).is_some());
}
