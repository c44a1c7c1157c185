//! The search plays the relatives of Ming Mang: every move it picks is legal, and against a
//! one-ply greedy mover (the
//! move capturing most now, ties broken by a seeded random generator) it must win at least 19
//! of 20 games per variant, colours alternating, from varied openings (a few random plies),
//! at a fixed shallow depth. Meant to run in release: `cargo test --release --test
//! search_relatives`.
//!
//! The games carry a ply limit so that each ends; at the limit a relative is won by the side
//! with more pieces (the hunt: a draw). Only a game the engine wins counts as a win; the
//! endings are printed (`--nocapture`) so a win by count is visible as such.
//!
//! Measured (depth in `DEPTH`, 20 games each, engine wins-losses-draws, how the wins came):
//! see `docs/benchmarks-history.md`, "The relatives against a greedy mover".

mod common;

use std::collections::BTreeMap;

use common::bridge::preset_game;
use common::search::{engine_at_depth, env_or, search_to_depth};
use mingmang::rules::random::{random_opening, Rng};
use mingmang::rules::{format_position, Color, EndReason, Game, GameKind, Outcome, Preset, Rules};
use mingmang::search::{Limits, SearchConfig};
use mingmang::selfplay::{play_game, GreedyPlayer, MoveChooser};

/// Search depth of the engine in the matches.
const DEPTH: u32 = 3;
/// Games per variant (colours alternate, each pair from one opening).
const GAMES: u32 = 20;
/// Ply limit of every game. Long, because the hunter steps one square at a time after men
/// that slide anywhere: it runs the last few down in 150-400 plies. The other games end in
/// under 100.
const MAX_PLIES: u32 = 1000;

/// The engine at `depth`; `REL_NOPRUNE` set switches its pruning off.
fn engine(depth: u32) -> Box<dyn MoveChooser> {
    let mut config = SearchConfig::default();
    if std::env::var("REL_NOPRUNE").is_ok() {
        config.late_move_pruning = false;
        config.futility = false;
        config.lmr = false;
    }
    engine_at_depth(depth, config)
}

/// Wins, losses, draws of the engine, and how its wins ended.
#[derive(Default, Debug)]
struct Tally {
    wins: u32,
    losses: u32,
    draws: u32,
    endings: BTreeMap<String, u32>,
    plies: usize,
}

fn reason(r: EndReason) -> String {
    match r {
        EndReason::NoLegalMove => "no-move",
        EndReason::NoPieces => "no-pieces",
        EndReason::PlyLimit => "ply-limit",
        EndReason::KingCaptured => "king-captured",
        EndReason::TooFewMen => "too-few-men",
        EndReason::Territory { .. } => "territory",
    }
    .into()
}

/// Whether the side to move has a move that wins at once.
fn wins_in_one(game: &Game) -> bool {
    let us = game.side_to_move();
    game.legal_moves().into_iter().any(|m| {
        let mut g = game.clone();
        g.make(m);
        matches!(g.outcome(), Outcome::Win(c, _) if c == us)
    })
}

/// The last moves and the final position of `game`, for the log of a game not won.
fn record(game: &Game) -> String {
    let moves: Vec<String> = game.moves().map(|m| m.to_string()).collect();
    let tail = moves[moves.len().saturating_sub(12)..].join(" ");
    format!("... {tail} => {}", format_position(game.position()))
}

/// Plays `games` games of `preset` between the engine at `depth` and the greedy mover: pairs
/// from one random opening of 2-7 plies, the engine White in the first game of each pair.
fn versus_greedy(preset: Preset, depth: u32, games: u32, seed: u64) -> Tally {
    let rules = Rules::preset(preset).with_max_plies(Some(MAX_PLIES));
    let mut rng = Rng::new(seed);
    let mut tally = Tally::default();
    let mut opening = Game::new(rules);
    for g in 0..games {
        if g % 2 == 0 {
            // A random opening that does not hand the side to move a win in one (a hunter
            // jumped next to a flanking man would decide the game before the engine moves).
            loop {
                opening = Game::new(rules);
                let plies = 2 + rng.below(6);
                random_opening(&mut opening, plies, &mut rng);
                if !wins_in_one(&opening) {
                    break;
                }
            }
        }
        let engine_color = if g % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut game = opening.clone();
        let mut e = engine(depth);
        let mut greedy = GreedyPlayer(Rng::new(seed * 1000 + g as u64));
        let outcome = if engine_color == Color::White {
            play_game(&mut game, e.as_mut(), &mut greedy)
        } else {
            play_game(&mut game, &mut greedy, e.as_mut())
        };
        tally.plies += game.plies();
        match outcome {
            Outcome::Win(c, r) if c == engine_color => {
                tally.wins += 1;
                *tally.endings.entry(reason(r)).or_default() += 1;
            }
            Outcome::Win(_, r) => {
                tally.losses += 1;
                println!(
                    "{preset} game {g}: engine ({}) lost ({}) after {} plies: {}",
                    engine_color.name(),
                    reason(r),
                    game.plies(),
                    record(&game)
                );
            }
            _ => {
                tally.draws += 1;
                println!(
                    "{preset} game {g}: draw after {} plies, engine {}: {}",
                    game.plies(),
                    engine_color.name(),
                    record(&game)
                );
            }
        }
    }
    println!(
        "{preset} depth {depth}: {}-{}-{} (wins by {:?}), {} plies on average",
        tally.wins,
        tally.losses,
        tally.draws,
        tally.endings,
        tally.plies / games.max(1) as usize
    );
    tally
}

/// The presets of the relatives.
fn relatives() -> impl Iterator<Item = Preset> {
    Preset::ALL
        .into_iter()
        .filter(|p| p.game() != GameKind::MingMang)
}

#[test]
fn search_plays_legal_moves_in_every_variant() {
    for preset in relatives() {
        let mut g = Game::new(Rules::preset(preset));
        for ply in 0..12 {
            if g.outcome().is_over() {
                break;
            }
            let r = search_to_depth(&g, 3, SearchConfig::default());
            let best = r
                .best
                .unwrap_or_else(|| panic!("{preset} ply {ply}: no move"));
            assert!(g.is_legal(best), "{preset} ply {ply}: {best} is not legal");
            g.make(best);
        }
    }
}

/// One test per relative: the engine wins at least 19 of the [`GAMES`] games against the
/// greedy mover, the games seeded with the given number.
macro_rules! beats_greedy {
    ($($name:ident: $preset:ident, $seed:expr;)+) => {$(
        #[test]
        fn $name() {
            let t = versus_greedy(Preset::$preset, DEPTH, GAMES, $seed);
            assert!(t.wins >= 19, "{}: {t:?}", Preset::$preset);
        }
    )+};
}

beats_greedy! {
    makyek_beats_a_greedy_mover: Makyek, 1;
    apitsodok_beats_a_greedy_mover: Apitsodok, 2;
    rek_beats_a_greedy_mover: Rek, 3;
    minrekchanh_beats_a_greedy_mover: MinRekChanh, 4;
    gala_beats_a_greedy_mover: Gala, 5;
    makyek_hunt_beats_a_greedy_mover: MakyekHunt, 6;
}

/// Measurement: `REL_VARIANT` (default all six), `REL_DEPTH` (default `DEPTH`), `REL_GAMES`
/// (default 20), `REL_SEED` (default the tests' seeds).
#[test]
#[ignore]
fn measure_versus_greedy() {
    let depth = env_or("REL_DEPTH", DEPTH);
    let games = env_or("REL_GAMES", GAMES);
    let seed: Option<u64> = std::env::var("REL_SEED").ok().and_then(|v| v.parse().ok());
    let variant = std::env::var("REL_VARIANT").ok();
    for (i, p) in relatives().enumerate() {
        if variant.as_ref().is_some_and(|v| v != p.name()) {
            continue;
        }
        let start = std::time::Instant::now();
        versus_greedy(p, depth, games, seed.unwrap_or(i as u64 + 1));
        println!("  {:.1} s", start.elapsed().as_secs_f64());
    }
}

/// Searches one position and prints the evaluation and the lines: `REL_VARIANT`, `REL_POS`
/// (a position string), `REL_DEPTH` (default 3).
#[test]
#[ignore]
fn search_one_position() {
    use mingmang::search::{SearchOptions, Searcher};
    let text = std::env::var("REL_POS").expect("REL_POS");
    let preset = Preset::from_name(&std::env::var("REL_VARIANT").expect("REL_VARIANT"))
        .expect("a variant name");
    let depth = env_or("REL_DEPTH", DEPTH);
    let game = preset_game(preset.name(), &text);
    println!("eval {}", eval(&game));
    let mut s = Searcher::new(4);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let r = s.search(&game, &limits, &SearchOptions::default(), &stop, &mut |i| {
        println!("{i:?}")
    });
    println!("{r:?}");
}

/// The evaluation of the position `text` of `preset`, for the side to move.
fn eval_at(preset: Preset, text: &str) -> i32 {
    eval(&preset_game(preset.name(), text))
}

fn eval(game: &Game) -> i32 {
    use mingmang::search::eval::{evaluate, Weights};
    evaluate(game, &Weights::builtin())
}

/// Asserts that the position `worse` of `preset` scores more than `margin` below `better`
/// (both for the side to move).
fn scores_below(preset: Preset, worse: &str, better: &str, margin: i32) {
    let (w, b) = (eval_at(preset, worse), eval_at(preset, better));
    assert!(w < b - margin, "{preset}: {w} vs {b}");
}

// The terms see what they claim (each pair differs in the one feature named).

#[test]
fn a_king_about_to_be_enclosed_scores_worse() {
    // White's king alone in the a1 corner beside Black's b1: one liberty (a2), which Black's
    // a8 reaches down the a-file. With b1 empty the king has two. The same in Min Rek Chanh,
    // where the king steps.
    for preset in [Preset::Rek, Preset::MinRekChanh] {
        let (cornered, free) = ("b5B1/8/8/8/8/8/8/Wb6 w", "b5B1/8/8/8/8/8/8/W1b5 w");
        scores_below(preset, cornered, free, 100);
    }
}

#[test]
fn a_king_open_to_intervention_scores_worse() {
    // Black's c8 can slide to c4 between White's b4 and king d4 (intervention takes both);
    // from d8 it only reaches d5.
    let (danger, safe) = ("2b4B/8/8/8/1w1W4/8/8/8 w", "3b3B/8/8/8/1w1W4/8/8/8 w");
    scores_below(Preset::Rek, danger, safe, 100);
}

#[test]
fn a_hunter_with_more_freedom_scores_better() {
    // Black to move: the hunter in the open, against the hunter in the a8 corner with men on
    // a7, b7 and a6 (one step left, to b8, and no jump).
    let open = "8/8/8/3B4/8/wwwwwwww/8/wwwwwwww b";
    let boxed = "B7/ww6/w7/8/8/wwwww3/8/wwwwwwww b";
    scores_below(Preset::MakyekHunt, boxed, open, 100);
}

#[test]
fn a_jumpable_man_costs_the_men() {
    // White to move, the hunter on d6 over a man on d5: with d4 empty the man can be jumped.
    let loose = "8/8/3B4/3w4/8/wwwwwwww/8/wwwwwww1 w";
    let backed = "8/8/3B4/3w4/3w4/wwwwwwww/8/wwwwww2 w";
    scores_below(Preset::MakyekHunt, loose, backed, 30);
}

#[test]
fn gala_counts_the_hand_and_shielded_pieces() {
    // White to move, 13 (all in hand) against Black's 10 (one placed): three pieces up.
    let g = eval_at(Preset::Gala, "7/7/7/3b3/7/7/7 w w13b9");
    assert!(g > 250, "{g}");
    // Black to move: a pair on the edge (neither can be taken singly) against the pieces
    // apart.
    scores_below(Preset::Gala, "7/7/7/7/7/7/b1b4 b", "7/7/7/7/7/7/bb5 b", 0);
}
