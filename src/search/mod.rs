//! The search: given a game (position plus history), limits and a stop flag, find the best move.
//!
//! This module's public types are the contract with the protocol and the match runner:
//! [`Searcher::search`] takes the game, [`Limits`], [`SearchOptions`], a shared stop flag and a
//! progress callback, and returns a [`SearchResult`].
//!
//! Layout: [`worker`] holds the alpha-beta itself (and the documentation of how rule 7 and the
//! transposition table get along), [`tt`] the shared table, [`eval`] the evaluation, [`time`]
//! the time manager, [`mod@bench`] the fixed benchmark and [`selfplay`] the game-playing harness used
//! by the tests and the A/B matches.

pub mod bench;
pub mod eval;
pub mod eval_relatives;
mod picker;
pub mod selfplay;
pub mod time;
pub mod tt;
pub mod worker;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

use crate::rules::{Game, Move, Outcome};
use eval::Weights;
use time::TimeManager;
use tt::Tt;
use worker::{RootMove, Shared, Worker, INF, MATE, MATE_BOUND};

/// A search score from the side to move's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Score {
    /// An evaluation in centi-pieces (100 = one piece).
    Cp(i32),
    /// A forced result: `Mate(n)` with n > 0 wins in n plies, n < 0 loses in -n plies.
    Mate(i32),
}

/// The time a side has on its clock.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Clock {
    /// Time left for White (p1) and Black (p2).
    pub time: [Option<Duration>; 2],
    /// Increment per move for White (p1) and Black (p2).
    pub increment: [Duration; 2],
    /// Moves until the next time control, if any.
    pub moves_to_go: Option<u32>,
}

/// What bounds a search. Every bound given applies; none given means "until stopped".
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Limits {
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Exact time for this move.
    pub move_time: Option<Duration>,
    /// The clocks, for the time manager.
    pub clock: Option<Clock>,
    /// Search until stopped, whatever else is set.
    pub infinite: bool,
    /// Only consider these root moves (all legal moves when empty).
    pub search_moves: Vec<Move>,
}

/// Settings that persist between searches (the protocol's options).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SearchOptions {
    /// Search threads (Lazy SMP).
    pub threads: usize,
    /// Number of principal variations to report.
    pub multi_pv: usize,
    /// Safety margin subtracted from the clock for communication delays.
    pub move_overhead: Duration,
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            threads: 1,
            multi_pv: 1,
            move_overhead: Duration::from_millis(30),
        }
    }
}

/// One progress report.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchInfo {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score of this line.
    pub score: Score,
    /// Nodes searched so far (all threads).
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Transposition table fill in per mille.
    pub hashfull: u32,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// Which of the MultiPV lines this is (1-based).
    pub multipv: usize,
}

/// What a search found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchResult {
    /// The move to play; `None` when the side to move has no legal move.
    pub best: Option<Move>,
    /// Its score.
    pub score: Score,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
}

/// Default transposition table size.
pub const DEFAULT_HASH_MIB: usize = 16;

/// Largest table accepted, in MiB.
pub const MAX_HASH_MIB: usize = 65_536;

/// Stack size of search threads: move lists live on the stack, up to 1452 moves per ply.
const STACK_SIZE: usize = 64 * 1024 * 1024;

/// Switches for the selective parts of the search, so self-play can measure each one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SearchConfig {
    /// Null-move pruning (guarded against zugzwang).
    pub null_move: bool,
    /// Late move reductions.
    pub lmr: bool,
    /// Futility pruning of quiet moves near the leaves.
    pub futility: bool,
    /// Late move pruning (move-count based) near the leaves.
    pub late_move_pruning: bool,
    /// Aspiration windows around the previous iteration's score.
    pub aspiration: bool,
    /// One ply more where the side to move has at most two legal moves.
    pub few_moves_extension: bool,
    /// Late move reductions at the root too.
    pub root_lmr: bool,
    /// Table cutoffs in quiescence (probe only).
    pub qsearch_tt: bool,
}

/// The defaults follow self-play A/B matches through `mingmang match` (default against one
/// switch flipped with [`CONFIG_ENV`], 200 games from random balanced openings with colours
/// swapped, 10,000 nodes per move; table in `BENCHMARKS.md`): a switch is on only if turning
/// it on won games. Null move (0 Elo), the few-moves extension and aspiration windows (-7 Elo)
/// did not, so they are off.
impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            null_move: false,
            lmr: true,
            futility: true,
            late_move_pruning: true,
            aspiration: false,
            few_moves_extension: false,
            root_lmr: true,
            qsearch_tt: true,
        }
    }
}

/// Environment variable that overrides [`SearchConfig`] switches in every new [`Searcher`]: a
/// developer switch for A/B matches through `mingmang match`, which runs the engine as a
/// separate process. The value is a comma-separated list of `name=on|off` words with the field
/// names of [`SearchConfig`], e.g. `MINGMANG_SEARCH=null_move=on,lmr=off`. Unknown words are
/// reported on stderr and ignored. `mingmang bench`'s node count assumes it is unset.
pub const CONFIG_ENV: &str = "MINGMANG_SEARCH";

impl SearchConfig {
    /// Applies a `name=on|off,...` list (see [`CONFIG_ENV`]) to `self`.
    pub fn with_overrides(mut self, spec: &str) -> Result<SearchConfig, String> {
        for word in spec.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            let (name, value) = word
                .split_once('=')
                .ok_or_else(|| format!("'{word}': expected name=on|off"))?;
            let on = match value {
                "on" | "true" | "1" => true,
                "off" | "false" | "0" => false,
                _ => return Err(format!("'{word}': value must be on or off")),
            };
            let field = match name {
                "null_move" => &mut self.null_move,
                "lmr" => &mut self.lmr,
                "futility" => &mut self.futility,
                "late_move_pruning" => &mut self.late_move_pruning,
                "aspiration" => &mut self.aspiration,
                "few_moves_extension" => &mut self.few_moves_extension,
                "root_lmr" => &mut self.root_lmr,
                "qsearch_tt" => &mut self.qsearch_tt,
                _ => return Err(format!("'{word}': unknown switch")),
            };
            *field = on;
        }
        Ok(self)
    }

    /// The defaults with the overrides of [`CONFIG_ENV`], if set.
    pub fn from_env() -> SearchConfig {
        let base = SearchConfig::default();
        match std::env::var(CONFIG_ENV) {
            Ok(spec) => base.with_overrides(&spec).unwrap_or_else(|e| {
                eprintln!("{CONFIG_ENV}: {e}; using the defaults");
                base
            }),
            Err(_) => base,
        }
    }
}

/// Converts an internal score to the public form.
pub(crate) fn to_score(v: i32) -> Score {
    if v >= MATE_BOUND {
        Score::Mate(MATE - v)
    } else if v <= -MATE_BOUND {
        Score::Mate(-(MATE + v))
    } else {
        Score::Cp(v)
    }
}

/// The search engine with its persistent state (transposition table, settings).
pub struct Searcher {
    hash_mib: usize,
    tt: Tt,
    config: SearchConfig,
    weights: Weights,
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new(DEFAULT_HASH_MIB)
    }
}

impl Searcher {
    /// A searcher with a transposition table of `hash_mib` MiB and the default switches (or
    /// those of [`CONFIG_ENV`] when set).
    pub fn new(hash_mib: usize) -> Searcher {
        let hash_mib = hash_mib.clamp(1, MAX_HASH_MIB);
        Searcher {
            hash_mib,
            tt: Tt::new(hash_mib),
            config: SearchConfig::from_env(),
            weights: eval::WEIGHTS,
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

    /// Changes the evaluation weights (for tuning).
    pub fn set_weights(&mut self, weights: Weights) {
        self.weights = weights;
    }

    /// Searches `game`'s current position within `limits`, reporting progress to `report`, until
    /// done or `stop` is set.
    ///
    /// Threads: `options.threads` searchers share the table (Lazy SMP); the first one's result
    /// is returned. The callback is called on the caller's thread. When the side to move has no
    /// legal move, `best` is `None` and the score is `Mate(0)` (lost) or the game's result.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        options: &SearchOptions,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let start = Instant::now();
        self.tt.new_search();
        let mut legal: Vec<Move> = game.legal_moves().to_vec();
        if !limits.search_moves.is_empty() {
            let wanted: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| limits.search_moves.contains(m))
                .collect();
            if !wanted.is_empty() {
                legal = wanted;
            }
        }
        if legal.is_empty() {
            let us = game.side_to_move();
            let score = match game.outcome() {
                Outcome::Win(c, _) if c == us => Score::Mate(0),
                Outcome::Draw(_) => Score::Cp(0),
                _ => Score::Mate(0),
            };
            return SearchResult {
                best: None,
                score,
                pv: Vec::new(),
                nodes: 0,
                time: start.elapsed(),
            };
        }
        // Initial order (also the answer if stopped before depth 1 ends): captures first.
        let pos = game.position();
        legal.sort_by_key(|&m| std::cmp::Reverse(pos.capture_count(m, game.rules())));
        let root: Vec<RootMove> = legal
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -INF,
                prev_score: -INF,
                pv: vec![mv],
            })
            .collect();
        let time = TimeManager::new(start, limits, game.side_to_move(), options.move_overhead);
        let max_depth = if limits.infinite {
            worker::MAX_PLY as u32
        } else {
            limits.depth.unwrap_or(worker::MAX_PLY as u32).max(1)
        };
        let shared = Shared {
            tt: &self.tt,
            stop,
            abort: AtomicBool::new(false),
            nodes: worker::CacheLine(AtomicU64::new(0)),
            time,
            node_limit: if limits.infinite { None } else { limits.nodes },
            config: self.config,
            weights: self.weights,
            helper_best: Mutex::new(None),
            max_depth,
            threads: options.threads.max(1),
            busy: if options.threads > 1 {
                (0..worker::BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect()
            } else {
                Box::new([])
            },
        };
        let threads = options.threads.max(1);
        let multi_pv = options.multi_pv.max(1);
        let (tx, rx) = mpsc::channel::<SearchInfo>();
        let (best_root, depth) = std::thread::scope(|scope| {
            let shared = &shared;
            let mut helpers = Vec::new();
            for id in 1..threads {
                let mut root = root.clone();
                let game = game.clone();
                let handle = std::thread::Builder::new()
                    .name(format!("search-{id}"))
                    .stack_size(STACK_SIZE)
                    .spawn_scoped(scope, move || {
                        let mut w = Worker::new(id, shared, game);
                        w.iterate(&mut root, max_depth, multi_pv, None);
                    })
                    .expect("spawn search thread");
                helpers.push(handle);
            }
            let main = {
                let mut root = root.clone();
                let game = game.clone();
                std::thread::Builder::new()
                    .name("search-0".into())
                    .stack_size(STACK_SIZE)
                    .spawn_scoped(scope, move || {
                        let mut w = Worker::new(0, shared, game);
                        let depth = w.iterate(&mut root, max_depth, multi_pv, Some(&tx));
                        // Done: the helpers stop too.
                        shared.abort.store(true, Ordering::Relaxed);
                        (root, depth)
                    })
                    .expect("spawn search thread")
            };
            // Reports are forwarded on the caller's thread until the main searcher hangs up.
            for info in rx {
                report(&info);
            }
            let out = main.join().expect("search thread panicked");
            for h in helpers {
                h.join().expect("search thread panicked");
            }
            out
        });
        // Lazy SMP: a helper that completed a deeper iteration than the main thread knows more;
        // its lines are reported too, so the last report always matches the result.
        let helper = shared.helper_best.lock().expect("not poisoned").take();
        let best_root = match helper {
            Some((d, seldepth, root)) if d > depth => {
                let nodes = shared.nodes.load(Ordering::Relaxed);
                let time = start.elapsed();
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
            _ => best_root,
        };
        let best = &best_root[0];
        SearchResult {
            best: Some(best.mv),
            score: if best.score > -INF {
                to_score(best.score)
            } else {
                Score::Cp(0)
            },
            pv: best.pv.clone(),
            nodes: shared.nodes.load(Ordering::Relaxed),
            time: start.elapsed(),
        }
    }
}
