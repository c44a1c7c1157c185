//! Switches for the selective parts of the search, so that self-play can measure each one.

/// Switches for the selective parts of the search, so self-play can measure each one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SearchConfig {
    /// Late move reductions.
    pub lmr: bool,
    /// Futility pruning of quiet moves near the leaves.
    pub futility: bool,
    /// Late move pruning (move-count based) near the leaves.
    pub late_move_pruning: bool,
    /// Aspiration windows around the previous iteration's score.
    pub aspiration: bool,
    /// Late move reductions at the root too.
    pub root_lmr: bool,
    /// Table cutoffs in quiescence (probe only).
    pub qsearch_tt: bool,
    /// Reverse futility pruning (static null move) near the leaves.
    pub reverse_futility: bool,
    /// When the search is stopped inside an iteration, a move that beat the previous best in
    /// it is played (otherwise the last completed iteration's best is).
    pub partial_iteration: bool,
    /// In the games whose hints say to save threatened pieces first (Rek and Min Rek Chanh:
    /// [`crate::rules::games::SearchHints::save_threatened`]), quiet moves that save a
    /// threatened piece (moving it, or moving to a square that saves it) are ordered before
    /// the other quiet moves.
    pub threat_order: bool,
}

/// Every switch is on by default, each kept by its matches (tables in
/// `docs/benchmarks-history.md` and `BENCHMARKS.md`). Reverse futility pruning
/// (+30.5 +- 18.4 Elo over 1029 games), playing the interrupted iteration's better move
/// (`partial_iteration`, +30.2 +- 18.2 over 1025) and saving threatened pieces first
/// (`threat_order`: Rek +28.4 +- 17.6 over 1140, Min Rek Chanh +19.4 +- 14.0 over 1851) passed
/// SPRTs at 3000 nodes a move; aspiration windows won at the short time control (+22.3 +- 22.3
/// by pairs over 218 games, the SPRT stopped undecided). The older ones (late move reductions,
/// futility, late move pruning, the quiescence table probe) won or leaned positive in 200-game
/// A/B matches at 10,000 nodes a move, before SPRTs were run; late move reductions at the root
/// go with the reductions and were not measured apart.
///
/// The switches that were tried and did not pass (null move, internal iterative reduction,
/// history in the reductions, time scaled by the search, counter moves, improving,
/// continuation history, singular, threat and few-moves extensions) were removed: their
/// matches are recorded in `docs/benchmarks-history.md` and their code in git history.
impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            lmr: true,
            futility: true,
            late_move_pruning: true,
            aspiration: true,
            root_lmr: true,
            qsearch_tt: true,
            reverse_futility: true,
            partial_iteration: true,
            threat_order: true,
        }
    }
}

/// Environment variable that overrides [`SearchConfig`] switches in every new [`super::Searcher`]: a
/// developer switch for A/B matches through `mingmang match`, which runs the engine as a
/// separate process. The value is a comma-separated list of `name=on|off` words with the field
/// names of [`SearchConfig`], e.g. `MINGMANG_SEARCH=aspiration=off,lmr=off`. Unknown words are
/// reported on stderr and ignored. `mingmang bench` ignores it: its node count is the default
/// search's.
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
                "lmr" => &mut self.lmr,
                "futility" => &mut self.futility,
                "late_move_pruning" => &mut self.late_move_pruning,
                "aspiration" => &mut self.aspiration,
                "root_lmr" => &mut self.root_lmr,
                "qsearch_tt" => &mut self.qsearch_tt,
                "reverse_futility" => &mut self.reverse_futility,
                "partial_iteration" => &mut self.partial_iteration,
                "threat_order" => &mut self.threat_order,
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
