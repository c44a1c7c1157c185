//! What the search tests share: a search under given limits (to a fixed depth, say), the
//! search with every pruning switched off, the engine as a player at a fixed depth, and the
//! environment variables of the measurements.

use std::str::FromStr;
use std::sync::atomic::AtomicBool;

use mingmang::rules::Game;
use mingmang::search::eval::network::NetworkChoice;
use mingmang::search::{Limits, SearchConfig, SearchInfo, SearchOptions, SearchResult, Searcher};
use mingmang::selfplay::{EnginePlayer, MoveChooser};

/// The search with every pruning, reduction and extension off: plain alpha-beta.
pub const NO_PRUNING: SearchConfig = SearchConfig {
    lmr: false,
    futility: false,
    late_move_pruning: false,
    aspiration: false,
    root_lmr: false,
    qsearch_tt: false,
    reverse_futility: false,
    partial_iteration: false,
    threat_order: false,
};

/// Searches `game` under `limits` with `config` (a fresh 4 MiB table, one thread); returns the
/// result and the reports.
pub fn search_limited(
    game: &Game,
    limits: &Limits,
    config: SearchConfig,
) -> (SearchResult, Vec<SearchInfo>) {
    search_limited_by(game, limits, config, NetworkChoice::default())
}

/// [`search_limited`] with the networks of `networks` (or none).
pub fn search_limited_by(
    game: &Game,
    limits: &Limits,
    config: SearchConfig,
    networks: NetworkChoice,
) -> (SearchResult, Vec<SearchInfo>) {
    let mut s = Searcher::new(4);
    s.set_config(config);
    s.set_networks(networks);
    let mut infos = Vec::new();
    let stop = AtomicBool::new(false);
    let r = s.search(game, limits, &SearchOptions::default(), &stop, &mut |i| {
        infos.push(i.clone())
    });
    (r, infos)
}

/// Searches `game` to `depth` with `config` (a fresh 4 MiB table, one thread).
pub fn search_to_depth(game: &Game, depth: u32, config: SearchConfig) -> SearchResult {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    search_limited(game, &limits, config).0
}

/// The engine as a player that searches every move to `depth` with `config`.
pub fn engine_at_depth(depth: u32, config: SearchConfig) -> Box<dyn MoveChooser> {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    Box::new(EnginePlayer::new(limits, config))
}

/// The environment variable `key` read as a `T`, or `default` when it is unset or unreadable.
pub fn env_or<T: FromStr>(key: &str, default: T) -> T {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
