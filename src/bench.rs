//! The benchmark: a fixed list of positions searched to a fixed depth with one thread and a
//! fresh table. Its node count is a fingerprint of the search's behaviour (the same on every
//! machine and run); its speed a measure of the engine's.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::rules::random::{Balance, Pick, RandomOpening, Rng};
use crate::rules::{BoardSize, Game, Move, RuleOptions, Rules};
use crate::search::{
    Control, Limits, SearchConfig, SearchOptions, SearchParams, SearchResult, Searcher,
    SystemClock, TimeSource,
};

/// Default bench depth (on boards up to 100 squares; larger boards search fewer plies).
pub const DEFAULT_DEPTH: u32 = 7;

/// One benchmark position.
pub struct BenchPosition {
    /// A short description.
    pub name: String,
    /// The game (with history, so rule 7 applies as in play).
    pub game: Game,
}

struct Spec {
    w: usize,
    h: usize,
    plies: usize,
    seed: u64,
    options: RuleOptions,
    /// End with a piece moved out and back, so the opponent's return move is banned.
    shuffle: bool,
}

const fn spec(w: usize, h: usize, plies: usize, seed: u64) -> Spec {
    Spec {
        w,
        h,
        plies,
        seed,
        options: RuleOptions {
            enchained_capture: false,
            territory: false,
            corner_capture: false,
            last_piece_leap: false,
            max_plies: None,
        },
        shuffle: false,
    }
}

/// A quiet move out and back by one side around a quiet move of the other, leaving the
/// other side's return banned by rule 7.
fn shuffle(game: &mut Game, rng: &mut Rng) {
    let quiet = |g: &Game, rng: &mut Rng| -> Option<Move> {
        let (pos, rules) = (g.position(), g.rules());
        let q: Vec<Move> = g
            .legal_moves()
            .into_iter()
            .filter(|&m| !m.is_pass() && pos.capture_count(m, rules) == 0)
            .collect();
        (!q.is_empty()).then(|| q[rng.below(q.len())])
    };
    let Some(m1) = quiet(game, rng) else { return };
    game.make(m1);
    let Some(m2) = quiet(game, rng) else { return };
    game.make(m2);
    let back = Move::slide(m1.to(), m1.from());
    if game.is_legal(back) && game.position().capture_count(back, game.rules()) == 0 {
        game.make(back);
    }
}

/// The fixed list of benchmark positions.
pub fn positions() -> Vec<BenchPosition> {
    let mut specs = vec![
        spec(8, 8, 0, 1),
        spec(8, 8, 4, 2),
        spec(8, 8, 10, 3),
        spec(8, 8, 16, 4),
        spec(8, 8, 24, 5),
        spec(8, 8, 32, 6),
        spec(8, 8, 44, 7),
        spec(8, 8, 60, 8),
        spec(8, 8, 80, 9),
        spec(8, 8, 110, 10),
        spec(4, 4, 0, 11),
        spec(4, 4, 6, 12),
        spec(5, 7, 10, 13),
        spec(6, 6, 12, 14),
        spec(6, 6, 40, 15),
        spec(7, 7, 20, 16),
        spec(9, 9, 0, 17),
        spec(9, 9, 20, 18),
        spec(9, 9, 60, 19),
        spec(10, 10, 30, 20),
        spec(12, 12, 40, 21),
        spec(13, 13, 0, 22),
        spec(17, 17, 0, 23),
        spec(17, 17, 50, 24),
        spec(19, 19, 0, 25),
        spec(19, 19, 30, 26),
        spec(19, 19, 120, 27),
    ];
    // Rule 7 positions: the side to move cannot undo its last move.
    for (w, plies, seed) in [(8, 20, 28), (8, 50, 29), (6, 16, 30)] {
        specs.push(Spec {
            shuffle: true,
            ..spec(w, w, plies, seed)
        });
    }
    // Rule options.
    let mut territory = spec(8, 8, 30, 31);
    territory.options.territory = true;
    let mut territory_small = spec(6, 6, 20, 32);
    territory_small.options.territory = true;
    let mut limit = spec(8, 8, 40, 33);
    limit.options.max_plies = Some(50);
    let mut enchained = spec(8, 8, 20, 34);
    enchained.options.enchained_capture = true;
    let mut corner = spec(8, 8, 30, 35);
    corner.options.corner_capture = true;
    let mut leap = spec(6, 6, 60, 36);
    leap.options.last_piece_leap = true;
    specs.extend([territory, territory_small, limit, enchained, corner, leap]);

    specs
        .into_iter()
        .map(|s| {
            let size = BoardSize::new(s.w, s.h).expect("bench sizes are valid");
            let rules = Rules::new(size)
                .with_options(s.options)
                .expect("bench rules are valid");
            let mut game = Game::new(rules);
            let mut rng = Rng::new(s.seed);
            // Captures are preferred half of the time, so positions look like games rather
            // than random walks.
            let recipe = RandomOpening {
                pick: Pick::CapturesHalfTheTime,
                ..RandomOpening::short_of_the_end(s.plies)
            };
            if let Some(line) = recipe.draw(&game, &mut rng) {
                game = line;
            }
            if s.shuffle {
                shuffle(&mut game, &mut rng);
            }
            BenchPosition {
                name: format!("{} after {} plies ({})", size, game.plies(), rules),
                game,
            }
        })
        .collect()
}

/// The depth searched on a board: `depth` up to 100 squares, one less up to 200, two less above.
pub fn depth_for(size: BoardSize, depth: u32) -> u32 {
    let cut = match size.area() {
        0..=100 => 0,
        101..=200 => 1,
        _ => 2,
    };
    depth.saturating_sub(cut).max(1)
}

/// Positions of any game (`mingmang bench --variant NAME`): the start and seeded random games
/// of 4 to 40 plies, each move chosen at random among the legal ones.
pub fn variant_positions(rules: Rules) -> Vec<BenchPosition> {
    let mut out = Vec::new();
    for (i, plies) in [0usize, 4, 8, 12, 16, 24, 32, 40].into_iter().enumerate() {
        // One line, thrown away if it ends the game.
        let recipe = RandomOpening {
            tries: 1,
            balance: Balance::Any,
            ..RandomOpening::balanced(plies)
        };
        let mut rng = Rng::new(0xBE7C + i as u64);
        let Some(game) = recipe.draw(&Game::new(rules), &mut rng) else {
            continue;
        };
        out.push(BenchPosition {
            name: format!("{} after {} plies", rules.preset_name(), game.plies()),
            game,
        });
    }
    out
}

/// Searches every position to `depth` with one thread and a fresh table, calling `each` per
/// position; returns the total nodes and time.
pub fn run(depth: u32, each: impl FnMut(&BenchPosition, &SearchResult)) -> (u64, Duration) {
    run_positions(positions(), depth, each)
}

/// [`run`] on a given list of positions.
pub fn run_positions(
    list: Vec<BenchPosition>,
    depth: u32,
    each: impl FnMut(&BenchPosition, &SearchResult),
) -> (u64, Duration) {
    run_positions_on(&SystemClock, list, depth, each)
}

/// [`run_positions`] timed by `clock` (a browser build has no system clock).
pub fn run_positions_on(
    clock: &dyn TimeSource,
    list: Vec<BenchPosition>,
    depth: u32,
    mut each: impl FnMut(&BenchPosition, &SearchResult),
) -> (u64, Duration) {
    let mut nodes = 0;
    let mut time = Duration::ZERO;
    let stop = AtomicBool::new(false);
    for p in list {
        let mut searcher = Searcher::new(16);
        // The fingerprint is of the default search, whatever MINGMANG_SEARCH and
        // MINGMANG_PARAMS say.
        searcher.set_config(SearchConfig::default());
        searcher.set_params(SearchParams::default());
        let limits = Limits {
            depth: Some(depth_for(p.game.rules().size(), depth)),
            ..Limits::default()
        };
        let mut control = Control {
            clock,
            ..Control::new(&stop)
        };
        let start = clock.now();
        let r = searcher.search_with(
            &p.game,
            &limits,
            &SearchOptions::default(),
            &mut control,
            &mut |_| {},
        );
        time += clock.now().saturating_sub(start);
        nodes += r.nodes;
        each(&p, &r);
    }
    (nodes, time)
}

/// The line `mingmang bench` prints for one position searched.
pub fn position_line(p: &BenchPosition, r: &SearchResult) -> String {
    let best = r.best.map_or("none".to_string(), |m| m.to_string());
    format!(
        "{:<48} best {:<8} score {:?} nodes {} knps {}",
        p.name,
        best,
        r.score,
        r.nodes,
        r.nodes / r.time.as_millis().max(1) as u64
    )
}

/// The two last lines of `mingmang bench`: the time, then the nodes (the fingerprint) and
/// the speed.
pub fn summary_lines(nodes: u64, time: Duration) -> [String; 2] {
    let nps = (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64;
    [
        format!("time {} ms", time.as_millis()),
        format!("{nodes} nodes {nps} nps"),
    ]
}
