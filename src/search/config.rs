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

/// The defaults follow self-play A/B matches through `mingmang match` (default against one
/// switch flipped with [`CONFIG_ENV`], 200 games from random balanced openings with colours
/// swapped, 10,000 nodes per move; table in `docs/benchmarks-history.md`): a switch is on only if turning
/// it on won games. Null move (0 Elo), the few-moves extension and aspiration windows (-7 Elo)
/// did not there. Reverse futility pruning came later, with an SPRT at 3000 nodes
/// per move (+30.5 +- 18.4 Elo over 1029 games); internal iterative reduction measured
/// +0.0 +- 26.7 over 427 games (at 3000 nodes it almost never applies) and stays off. Playing
/// the interrupted iteration's better move (`partial_iteration`) passed an SPRT at 3000 nodes
/// (+30.2 +- 18.2 Elo over 1025 games). Ordering the quiet moves that save a threatened piece
/// first (`threat_order`, Rek and Min Rek Chanh) passed SPRTs at 3000 nodes from the balanced
/// openings: Rek +28.4 +- 17.6 Elo over 1140 games, Min Rek Chanh +19.4 +- 14.0 over 1851.
///
/// At a clock the verdicts of the node-count matches do not all hold (BENCHMARKS.md, "Switches
/// at the clock"): at the STC (4 s + 0.04 s, 8x8) aspiration windows won, +22.3 +- 22.3 Elo
/// by pairs over 218 games, and are on; null move lost, -56.8 +- 50.5 over 74, and stays off;
/// so do IIR (-21.7 +- 30.7 over 128), history in the reductions (+6.9 +- 20.8 over 150,
/// not shown) and time scaled by the search (+1.7 +- 25.0 over 207, not shown). Counter moves
/// save 1.3% of the nodes to depth 10 on recorded 8x8 positions, too little to show in a match
/// at the clock, and stay off. Improving searches 0.6 ply deeper at the STC and scored
/// -5.0 +- 18.0 over 210 games: off. Continuation history (+5.8 +- 20.6 over 238 STC games)
/// and singular extension (+5.1 +- 11.2 over 689) have not shown a gain and stay off; threat
/// extension had a 20,000-node screen (+8.7 +- 21.7 over 400 games), and the three together
/// stand at +9.4 +- 14.9 over 480 STC games (BENCHMARKS.md, "Switches at the clock").
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
