//! The option table: every `setoption` the engine understands, with its type, range and
//! default, the values currently in force, and the command-line flags that set the same values.

use std::time::Duration;

use clap::Args;

use crate::cli::RuleArgs;
use crate::rules::notation::quote;
use crate::rules::options::{self, parse_spin, ValueType, RULE_OPTIONS};
use crate::rules::{RuleSettings, Rules};
use crate::search::eval::Weights;
use crate::search::{SearchOptions, Skill, DEFAULT_HASH_MIB, MAX_SKILL};

/// Largest `Threads` value.
pub const MAX_THREADS: i64 = 256;
/// Largest `MultiPV` value.
pub const MAX_MULTIPV: i64 = 256;
/// Largest `MoveOverhead` value, in milliseconds.
pub const MAX_MOVE_OVERHEAD: i64 = 10_000;
/// Ceiling on `Hash` whatever the machine has (1 TiB).
const HASH_CEILING: usize = 1 << 20;

/// The largest `Hash` this machine allows: half of its memory (from `/proc/meminfo`), or
/// 1024 MiB when that cannot be read.
pub fn max_hash_mib() -> usize {
    let total_kib = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("MemTotal:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse::<usize>().ok())
        });
    match total_kib {
        Some(kib) => (kib / 1024 / 2).clamp(1, HASH_CEILING),
        None => 1024,
    }
}

/// The flags of the protocol engine that are not rule flags (those come from [`RuleArgs`]).
/// Values are read as text and checked by [`Settings::set`], as `setoption` values are; each
/// flag shows its option's default in the help.
#[derive(Args, Debug, Clone)]
pub struct EngineArgs {
    /// Transposition table size in MiB (option Hash).
    #[arg(long, value_name = "MIB", default_value_t = DEFAULT_HASH_MIB.to_string())]
    pub hash: String,
    /// Search threads (option Threads).
    #[arg(long, value_name = "N", default_value_t = SearchOptions::default().threads.to_string())]
    pub threads: String,
    /// Principal variations to report (option MultiPV).
    #[arg(long, value_name = "N", default_value_t = SearchOptions::default().multi_pv.to_string())]
    pub multipv: String,
    /// Milliseconds kept back from the clock for communication delays (option MoveOverhead).
    #[arg(long, value_name = "MS",
          default_value_t = SearchOptions::default().move_overhead.as_millis().to_string())]
    pub move_overhead: String,
    /// A weights file for the evaluation (option EvalFile; see `mingmang tune`; default: the
    /// built-in weights).
    #[arg(long, value_name = "FILE")]
    pub eval_file: Option<String>,
    /// Strength level for human opponents, 0 (weakest) to 20, full strength (option Skill
    /// Level).
    #[arg(long, value_name = "LEVEL", default_value_t = MAX_SKILL.to_string())]
    pub skill: String,
}

/// What changing an option requires of the engine.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Effect {
    /// Nothing beyond storing the value (it applies to the next search).
    None,
    /// The rules changed: the game goes back to the start position of the new rules.
    Rules,
    /// The transposition table must be resized.
    Hash,
    /// The transposition table must be cleared.
    ClearHash,
    /// The evaluation weights changed.
    Weights,
}

/// The values of every option: the engine's own and the rules'.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Settings {
    /// `Hash`: transposition table MiB.
    pub hash_mib: usize,
    /// `Threads`.
    pub threads: usize,
    /// `MultiPV`.
    pub multi_pv: usize,
    /// `MoveOverhead` in milliseconds.
    pub move_overhead_ms: u64,
    /// The rule options (`Variant`, `BoardSize`, ...; see [`RULE_OPTIONS`]).
    pub rules: RuleSettings,
    /// `EvalFile`: the weights file in use, or [`BUILT_IN_WEIGHTS`].
    pub eval_file: String,
    /// The weights read from `eval_file` (the built-in ones by default).
    pub weights: Weights,
    /// `Skill Level`.
    pub skill: Skill,
}

/// The value of `EvalFile` that stands for the weights compiled into the engine.
pub const BUILT_IN_WEIGHTS: &str = "<built-in>";

impl Default for Settings {
    /// The defaults of every option.
    fn default() -> Settings {
        Settings {
            hash_mib: DEFAULT_HASH_MIB,
            threads: 1,
            multi_pv: 1,
            move_overhead_ms: SearchOptions::default().move_overhead.as_millis() as u64,
            rules: RuleSettings::default(),
            eval_file: BUILT_IN_WEIGHTS.to_string(),
            weights: Weights::builtin(),
            skill: Skill::default(),
        }
    }
}

impl Settings {
    /// The rules these settings describe (always valid: [`Settings::set`] refuses rule
    /// options that do not fit together).
    pub fn rules(&self) -> Rules {
        self.rules
            .rules()
            .expect("rule settings are checked when they are set")
    }

    /// The search settings.
    pub fn search_options(&self) -> SearchOptions {
        SearchOptions {
            threads: self.threads,
            multi_pv: self.multi_pv,
            move_overhead: Duration::from_millis(self.move_overhead_ms),
            skill: self.skill,
        }
    }

    /// The `option ...` lines announced after `ugi`: the engine's options, the rule options
    /// in the table's order, then `Clear Hash`.
    pub fn option_lines() -> Vec<String> {
        let d = Settings::default();
        let mut lines = vec![
            format!(
                "option name Hash type spin default {} min 1 max {}",
                d.hash_mib,
                max_hash_mib()
            ),
            format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
            format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
            format!(
                "option name MoveOverhead type spin default {} min 0 max {MAX_MOVE_OVERHEAD}",
                d.move_overhead_ms
            ),
            format!("option name Skill Level type spin default {MAX_SKILL} min 0 max {MAX_SKILL}"),
        ];
        for option in &RULE_OPTIONS {
            let (name, default) = (option.name, option.default);
            lines.push(match option.kind {
                ValueType::Check => format!("option name {name} type check default {default}"),
                ValueType::Spin { min, max } => {
                    format!("option name {name} type spin default {default} min {min} max {max}")
                }
                ValueType::Combo { choices } => {
                    let vars: String = choices().iter().map(|c| format!(" var {c}")).collect();
                    format!("option name {name} type combo default {default}{vars}")
                }
                ValueType::Text => format!("option name {name} type string default {default}"),
            });
        }
        lines.push(format!(
            "option name EvalFile type string default {BUILT_IN_WEIGHTS}"
        ));
        lines.push("option name Clear Hash type button".to_string());
        lines
    }

    /// Sets option `name` (any case) to `value`. On error nothing changes. A rule option must
    /// leave rules that fit together: a relative is played on its own board size and takes
    /// none of Ming Mang's options, so e.g. `Variant gala` with `BoardSize 8x8`, or
    /// `Territory true` with `Variant rek`, is refused with the reason.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Effect, String> {
        if let Some(option) = options::find(name) {
            let mut rules = self.rules;
            rules.set(option.name, value)?;
            rules
                .rules()
                .map_err(|e| format!("option {}: {e}", option.name))?;
            self.rules = rules;
            return Ok(Effect::Rules);
        }
        let key = name.trim().to_ascii_lowercase();
        let value = value.map(str::trim);
        let effect = match key.as_str() {
            "hash" => {
                let max = max_hash_mib() as i64;
                let n = parse_spin("Hash", value, 1, max).map_err(|e| {
                    if value
                        .and_then(|v| v.parse::<i64>().ok())
                        .is_some_and(|n| n > max)
                    {
                        format!("{e}: the limit is half of this machine's memory")
                    } else {
                        e
                    }
                })?;
                self.hash_mib = n as usize;
                Effect::Hash
            }
            "threads" => {
                self.threads = parse_spin("Threads", value, 1, MAX_THREADS)? as usize;
                Effect::None
            }
            "multipv" => {
                self.multi_pv = parse_spin("MultiPV", value, 1, MAX_MULTIPV)? as usize;
                Effect::None
            }
            "moveoverhead" => {
                self.move_overhead_ms =
                    parse_spin("MoveOverhead", value, 0, MAX_MOVE_OVERHEAD)? as u64;
                Effect::None
            }
            "skill level" => {
                let level = parse_spin("Skill Level", value, 0, MAX_SKILL as i64)?;
                self.skill = Skill::new(level as u32)?;
                Effect::None
            }
            "clear hash" => Effect::ClearHash,
            "evalfile" => {
                let path = value.unwrap_or("");
                if path.is_empty() || path == BUILT_IN_WEIGHTS {
                    self.weights = Weights::builtin();
                    self.eval_file = BUILT_IN_WEIGHTS.to_string();
                } else {
                    let text = crate::files::read_text(
                        std::path::Path::new(path),
                        "weights file",
                        crate::files::WEIGHTS_FILE_LIMIT,
                    )
                    // One protocol line, whatever the path holds.
                    .map_err(|e| {
                        format!("option EvalFile: {}", e.replace(char::is_control, " "))
                    })?;
                    self.weights = Weights::parse(&text)
                        .map_err(|e| format!("option EvalFile: '{}': {e}", quote(path)))?;
                    self.eval_file = path.to_string();
                }
                Effect::Weights
            }
            _ => return Err(format!("unknown option '{}'", quote(name))),
        };
        Ok(effect)
    }

    /// Settings from the command line: each flag goes through [`Settings::set`], so the same
    /// checks apply as to `setoption`.
    pub fn from_args(rules: &RuleArgs, engine: &EngineArgs) -> Result<Settings, String> {
        let mut s = Settings::default();
        let pairs = [
            ("Hash", Some(engine.hash.as_str())),
            ("Threads", Some(engine.threads.as_str())),
            ("MultiPV", Some(engine.multipv.as_str())),
            ("MoveOverhead", Some(engine.move_overhead.as_str())),
            ("EvalFile", engine.eval_file.as_deref()),
            ("Skill Level", Some(engine.skill.as_str())),
        ];
        for (name, value) in pairs {
            if value.is_some() {
                s.set(name, value)?;
            }
        }
        for (name, value) in rules.given() {
            s.set(name, Some(value))?;
        }
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_checks_and_keeps_old_values() {
        let mut s = Settings::default();
        assert_eq!(s.set("hash", Some("64")), Ok(Effect::Hash));
        assert_eq!(s.hash_mib, 64);
        assert!(s.set("Hash", Some("0")).is_err());
        assert!(s.set("Hash", Some("999999999999")).is_err());
        assert_eq!(s.hash_mib, 64);
        assert!(s.set("Variant", Some("chess")).is_err());
        assert_eq!(s.set("VARIANT", Some("Gundru")), Ok(Effect::Rules));
        assert_eq!(s.rules().size().to_string(), "9x9");
        s.set("BoardSize", Some("5x6")).unwrap();
        assert_eq!(s.rules().size().to_string(), "5x6");
        assert!(s.set("BoardSize", Some("3x3")).is_err());
        assert!(s.set("Territory", Some("yes")).is_err());
        assert_eq!(s.set("clear hash", None), Ok(Effect::ClearHash));
        assert!(s.set("Nope", Some("1")).is_err());
        s.set("MaxPlies", Some("40")).unwrap();
        assert_eq!(s.rules().max_plies(), Some(40));
    }

    #[test]
    fn relatives_refuse_other_sizes_and_ming_mang_options() {
        let mut s = Settings::default();
        s.set("Variant", Some("makyek-hunt")).unwrap();
        assert_eq!(s.rules().size().to_string(), "8x8");
        s.set("Variant", Some("GALA")).unwrap();
        assert_eq!(s.rules().size().to_string(), "7x7");
        s.set("BoardSize", Some("7x7")).unwrap();
        let e = s.set("BoardSize", Some("8x8")).unwrap_err();
        assert!(e.contains("gala is played on the 7x7 board only"), "{e}");
        assert_eq!(
            s.rules.board_size.map(|b| b.to_string()),
            Some("7x7".into())
        );
        let e = s.set("Territory", Some("true")).unwrap_err();
        assert!(e.contains("territory option belongs to Ming Mang"), "{e}");
        assert!(!s.rules.options.territory);
        s.set("MaxPlies", Some("100")).unwrap();
        assert!(
            s.set("Variant", Some("rek")).is_err(),
            "7x7 does not fit rek"
        );
        s.set("BoardSize", Some("auto")).unwrap();
        s.set("Variant", Some("rek")).unwrap();
        s.set("Variant", Some("mingmang")).unwrap();
        s.set("Territory", Some("true")).unwrap();
        assert!(s.set("Variant", Some("apitsodok")).is_err());
    }
}
