//! The searcher: the transposition table and settings that persist between searches, and one
//! search from start to result (root moves, threads, the deepest completed answer).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use super::eval::network::NetworkChoice;
use super::eval::Weights;
use super::params::{Reductions, SearchParams};
use super::score::{to_score, INF, MAX_PLY};
use super::skill::Skill;
use super::smp::{CacheLine, Shared, BUSY_SLOTS};
use super::time::TimeManager;
use super::tt::Tt;
use super::worker::{RootMove, Worker};
use super::{
    Control, Limits, Score, SearchConfig, SearchInfo, SearchOptions, SearchResult,
    DEFAULT_HASH_MIB, MAX_HASH_MIB, STACK_SIZE,
};
use crate::rules::random::Rng;
use crate::rules::{Game, Move, Outcome};

/// The search engine with its persistent state (transposition table, settings).
pub struct Searcher {
    hash_mib: usize,
    tt: Tt,
    config: SearchConfig,
    params: SearchParams,
    /// The late move reductions of `params`.
    reductions: Reductions,
    weights: Weights,
    networks: NetworkChoice,
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new(DEFAULT_HASH_MIB)
    }
}

impl Searcher {
    /// A searcher with a transposition table of `hash_mib` MiB and the default switches and
    /// numbers (or those of [`super::CONFIG_ENV`] and [`super::PARAMS_ENV`] when set).
    pub fn new(hash_mib: usize) -> Searcher {
        let hash_mib = hash_mib.clamp(1, MAX_HASH_MIB);
        let params = SearchParams::from_env();
        Searcher {
            hash_mib,
            tt: Tt::new(hash_mib),
            config: SearchConfig::from_env(),
            params,
            reductions: Reductions::new(&params),
            weights: Weights::builtin(),
            networks: NetworkChoice::default(),
        }
    }

    /// Resizes the transposition table (clearing it).
    pub fn set_hash_mib(&mut self, mib: usize) -> Result<(), String> {
        if !(1..=MAX_HASH_MIB).contains(&mib) {
            return Err(format!(
                "hash size {mib} MiB is out of range (1 to {MAX_HASH_MIB})"
            ));
        }
        self.hash_mib = mib;
        // The old table goes before the new one is made, so memory never holds both.
        self.tt = Tt::new(0);
        self.tt = Tt::new(mib);
        Ok(())
    }

    /// The table size in MiB.
    pub fn hash_mib(&self) -> usize {
        self.hash_mib
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// The pruning switches in use.
    pub fn config(&self) -> SearchConfig {
        self.config
    }

    /// Changes the pruning switches (for A/B matches).
    pub fn set_config(&mut self, config: SearchConfig) {
        self.config = config;
    }

    /// The search's tunable numbers in use.
    pub fn params(&self) -> SearchParams {
        self.params
    }

    /// Changes the search's tunable numbers (for tuning runs).
    pub fn set_params(&mut self, params: SearchParams) {
        self.params = params;
        self.reductions = Reductions::new(&params);
    }

    /// The evaluation weights the searches use (of every game).
    pub fn weights(&self) -> Weights {
        self.weights
    }

    /// The networks the searches use where one fits the game.
    pub fn networks(&self) -> &NetworkChoice {
        &self.networks
    }

    /// Changes the networks the searches use.
    pub fn set_networks(&mut self, networks: NetworkChoice) {
        self.networks = networks;
    }

    /// Changes the evaluation weights (of every game; for tuning).
    pub fn set_weights(&mut self, weights: Weights) {
        self.weights = weights;
    }

    /// Searches `game`'s current position within `limits`, reporting progress to `report`, until
    /// done or `stop` is set.
    ///
    /// Every limit (time, nodes, `stop`) ends the search wherever it is, inside the first
    /// iteration and quiescence included: the answer is then the best root move searched so
    /// far, or the first of [`root_moves`] if none was searched yet.
    ///
    /// Threads: `options.threads` searchers share the table (Lazy SMP); the first one's result
    /// is returned. The first searches on the caller's thread, which also receives the reports
    /// (see [`Control`] for the stack it needs). When the side to move has no legal move,
    /// `best` is `None` and the score is `Mate(0)` (lost) or the game's result.
    ///
    /// This is [`Searcher::search_with`] on the system's clock, stopped by `stop` alone.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        options: &SearchOptions,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.search_with(game, limits, options, &mut Control::new(stop), report)
    }

    /// [`Searcher::search`] under `control`: its stop flag, its host's poll, its clock and
    /// its seed.
    pub fn search_with(
        &mut self,
        game: &Game,
        limits: &Limits,
        options: &SearchOptions,
        control: &mut Control,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let options = &limits.apply_to(options);
        let clock = control.clock;
        let start = clock.now();
        self.tt.new_search();
        let legal = root_moves(game, &limits.search_moves);
        if legal.is_empty() {
            return no_move(game, clock.now().saturating_sub(start));
        }
        let root: Vec<RootMove> = legal
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -INF,
                prev_score: -INF,
                pv: vec![mv],
            })
            .collect();
        let plies_left = game
            .rules()
            .max_plies()
            .map(|m| m.saturating_sub(game.plies() as u32));
        let time = TimeManager::new(
            clock,
            start,
            limits,
            game.side_to_move(),
            options.move_overhead,
            plies_left,
        );
        // Every limit given bounds the search, `infinite` included (it only holds the answer
        // back until `stop`, which the caller does).
        // Depth 0 searches nothing: the root's order answers.
        let max_depth = limits.depth.unwrap_or(MAX_PLY as u32);
        // A lower strength level also looks less deep (see `skill`).
        let max_depth = options
            .skill
            .depth_cap()
            .map_or(max_depth, |cap| cap.min(max_depth));
        let threads = options.threads.max(1);
        let shared = Shared {
            tt: &self.tt,
            stop: control.stop,
            abort: AtomicBool::new(false),
            nodes: CacheLine(AtomicU64::new(0)),
            time,
            node_limit: limits.nodes,
            config: self.config,
            params: self.params,
            lmr: self.reductions.table(),
            weights: self.weights,
            networks: &self.networks,
            helper_best: Mutex::new(None),
            max_depth,
            threads,
            busy: if threads > 1 {
                (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect()
            } else {
                Box::new([])
            },
        };
        // A lower strength level needs the scores of the lines it draws its move among.
        let multi_pv = options.multi_pv.max(options.skill.width()).max(1);
        // The poll is borrowed for this search only (the object's lifetime shortened to it).
        let poll: Option<&mut dyn FnMut() -> bool> = match control.poll.as_mut() {
            Some(p) => Some(&mut **p),
            None => None,
        };
        let (main_root, depth) = run_threads(&shared, game, &root, multi_pv, poll, report);
        // Lazy SMP: a helper that completed a deeper iteration than the main thread knows more;
        // its lines are reported too, so the last report always matches the result.
        let helper = shared.helper_best.lock().expect("not poisoned").take();
        let best_root = match helper {
            Some((d, seldepth, root)) if d > depth => {
                let nodes = shared.nodes.load(Ordering::Relaxed);
                let time = shared.time.elapsed();
                for (k, rm) in root.iter().take(multi_pv).enumerate() {
                    report(&SearchInfo {
                        depth: d,
                        seldepth,
                        score: to_score(rm.score),
                        nodes,
                        nps: (nodes as f64 / time.as_secs_f64().max(1e-6)) as u64,
                        time,
                        hashfull: self.tt.hashfull(),
                        pv: rm.pv.clone(),
                        multipv: k + 1,
                    });
                }
                root
            }
            _ => main_root,
        };
        let best = &best_root[pick_line(&best_root, multi_pv, options.skill, game, control.seed)];
        SearchResult {
            best: Some(best.mv),
            score: if best.score > -INF {
                to_score(best.score)
            } else {
                Score::Cp(0)
            },
            pv: best.pv.clone(),
            nodes: shared.nodes.load(Ordering::Relaxed),
            time: shared.time.elapsed(),
        }
    }
}

/// Which of the searched lines to play: the best at full strength, otherwise one drawn by
/// the strength level among the lines searched exactly (the first `lines`). The draw is seeded
/// by `seed`, the position and the level, or without a seed from the wall clock, so a player
/// does not meet the same mistakes in every game.
fn pick_line(
    root: &[RootMove],
    lines: usize,
    skill: Skill,
    game: &Game,
    seed: Option<u64>,
) -> usize {
    if skill.is_full() {
        return 0;
    }
    let scores: Vec<i32> = root
        .iter()
        .take(lines)
        .take_while(|rm| rm.score > -INF)
        .map(|rm| rm.score)
        .collect();
    let seed = seed.unwrap_or_else(wall_clock_nanos);
    // The level is mixed in too: levels whose lines score alike would otherwise all draw
    // the same line from the same seed, and play the same games.
    let level = u64::from(skill.level()).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mut rng = Rng::new(seed ^ game.position().hash() ^ level);
    skill.choose(&scores, &mut rng)
}

/// The root's moves in the order a search starts from: the legal moves (only those of
/// `search_moves` among them, if any are), captures first. The first is the answer of a search
/// stopped before anything was searched (or of depth 0), so it is also what a front end can
/// play at once without a search; none when the game is over.
pub fn root_moves(game: &Game, search_moves: &[Move]) -> Vec<Move> {
    let mut legal: Vec<Move> = game.legal_moves().to_vec();
    if !search_moves.is_empty() {
        let wanted: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| search_moves.contains(m))
            .collect();
        if !wanted.is_empty() {
            legal = wanted;
        }
    }
    let pos = game.position();
    legal.sort_by_key(|&m| std::cmp::Reverse(pos.capture_count(m, game.rules())));
    legal
}

/// Nanoseconds of the wall clock (zero where there is none: `wasm32-unknown-unknown`).
fn wall_clock_nanos() -> u64 {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    return std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    return 0;
}

/// The result when the side to move has no legal move: lost (or the game's result), found
/// in `time`.
fn no_move(game: &Game, time: Duration) -> SearchResult {
    let us = game.side_to_move();
    let score = match game.outcome() {
        Outcome::Win(c, _) if c == us => Score::Mate(0),
        Outcome::Draw(_) => Score::Cp(0),
        _ => Score::Mate(0),
    };
    SearchResult {
        best: None,
        score,
        pv: Vec::new(),
        nodes: 0,
        time,
    }
}

/// Runs the main search over `root` on the caller's thread, reporting to `report` and asking
/// `poll` whether to stop, and its helpers (if more threads are asked for) on threads of their
/// own, started by a thread of their own while the main search runs; returns the main
/// search's root moves (best first) and the depth it completed.
fn run_threads<'a>(
    shared: &'a Shared<'a>,
    game: &Game,
    root: &[RootMove],
    multi_pv: usize,
    poll: Option<&'a mut dyn FnMut() -> bool>,
    report: &mut dyn FnMut(&SearchInfo),
) -> (Vec<RootMove>, u32) {
    let max_depth = shared.max_depth;
    let mut main = Worker::new(0, shared, game.from_here());
    main.set_poll(poll);
    let mut main_root = root.to_vec();
    if shared.threads <= 1 {
        let depth = main.iterate(&mut main_root, max_depth, multi_pv, Some(report));
        return (main_root, depth);
    }
    std::thread::scope(|scope| {
        // Starting many more threads than cores takes a while: the main search does not wait
        // for it, and a helper that starts after the search is over leaves at once.
        std::thread::Builder::new()
            .name("search-start".into())
            .spawn_scoped(scope, move || {
                for id in 1..shared.threads {
                    if shared.abort.load(Ordering::Relaxed) {
                        break;
                    }
                    let root = root.to_vec();
                    std::thread::Builder::new()
                        .name(format!("search-{id}"))
                        .stack_size(STACK_SIZE)
                        .spawn_scoped(scope, move || {
                            if shared.abort.load(Ordering::Relaxed) {
                                return;
                            }
                            let mut root = root;
                            let mut w = Worker::new(id, shared, game.from_here());
                            w.iterate(&mut root, max_depth, multi_pv, None);
                        })
                        .expect("spawn search thread");
                }
            })
            .expect("spawn search thread");
        let depth = main.iterate(&mut main_root, max_depth, multi_pv, Some(report));
        // Done: the helpers stop too (the scope waits for them).
        shared.abort.store(true, Ordering::Relaxed);
        (main_root, depth)
    })
}
