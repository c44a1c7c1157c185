//! The option table: every `setoption` the engine understands, with its type, range and
//! default, the values currently in force, and the command-line flags that set the same values.

use std::time::Duration;

use clap::Args;

use crate::cli::RuleArgs;
use crate::rules::{BoardSize, Preset, Rules};
use crate::search::{SearchOptions, DEFAULT_HASH_MIB};

use super::command::quote;

/// Largest `Threads` value.
pub const MAX_THREADS: i64 = 256;
/// Largest `MultiPV` value.
pub const MAX_MULTIPV: i64 = 256;
/// Largest `MoveOverhead` value, in milliseconds.
pub const MAX_MOVE_OVERHEAD: i64 = 10_000;
/// Largest `MaxPlies` value.
pub const MAX_MAX_PLIES: i64 = 1_000_000;
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
#[derive(Args, Debug, Clone, Default)]
pub struct EngineArgs {
    /// Transposition table size in MiB (option Hash).
    #[arg(long, value_name = "MIB")]
    pub hash: Option<String>,
    /// Search threads (option Threads).
    #[arg(long, value_name = "N")]
    pub threads: Option<String>,
    /// Principal variations to report (option MultiPV).
    #[arg(long, value_name = "N")]
    pub multipv: Option<String>,
    /// Milliseconds kept back from the clock for communication delays (option MoveOverhead).
    #[arg(long, value_name = "MS")]
    pub move_overhead: Option<String>,
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
}

/// The values of every option.
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
    /// `Variant`: the preset.
    pub variant: Preset,
    /// `BoardSize`: `None` means the preset's size (`auto`).
    pub board_size: Option<BoardSize>,
    /// `EnchainedCapture`.
    pub enchained_capture: bool,
    /// `Territory`.
    pub territory: bool,
    /// `CornerCapture`.
    pub corner_capture: bool,
    /// `LastPieceLeap`.
    pub last_piece_leap: bool,
    /// `MaxPlies`, 0 = no limit.
    pub max_plies: u32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            hash_mib: DEFAULT_HASH_MIB,
            threads: 1,
            multi_pv: 1,
            move_overhead_ms: SearchOptions::default().move_overhead.as_millis() as u64,
            variant: Preset::MingMang,
            board_size: None,
            enchained_capture: false,
            territory: false,
            corner_capture: false,
            last_piece_leap: false,
            max_plies: 0,
        }
    }
}

fn parse_bool(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value.map(str::to_ascii_lowercase).as_deref() {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        Some(other) => Err(format!(
            "option {name} is a check: value must be true or false, not '{}'",
            quote(other)
        )),
        None => Err(format!("option {name} needs 'value true' or 'value false'")),
    }
}

fn parse_spin(name: &str, value: Option<&str>, min: i64, max: i64) -> Result<i64, String> {
    let text = value.ok_or_else(|| format!("option {name} needs 'value <{min}..{max}>'"))?;
    let n: i64 = text.trim().parse().map_err(|_| {
        format!(
            "option {name} needs a whole number from {min} to {max}, not '{}'",
            quote(text)
        )
    })?;
    if !(min..=max).contains(&n) {
        return Err(format!(
            "option {name} value {n} is out of range ({min} to {max})"
        ));
    }
    Ok(n)
}

impl Settings {
    /// The rules these settings describe.
    pub fn rules(&self) -> Rules {
        let mut rules = Rules::preset(self.variant);
        if let Some(size) = self.board_size {
            rules.size = size;
        }
        let o = &mut rules.options;
        o.enchained_capture = self.enchained_capture;
        o.territory = self.territory;
        o.corner_capture = self.corner_capture;
        o.last_piece_leap = self.last_piece_leap;
        o.max_plies = (self.max_plies > 0).then_some(self.max_plies);
        rules
    }

    /// The search settings.
    pub fn search_options(&self) -> SearchOptions {
        SearchOptions {
            threads: self.threads,
            multi_pv: self.multi_pv,
            move_overhead: Duration::from_millis(self.move_overhead_ms),
        }
    }

    /// The `option ...` lines announced after `ugi`, in table order.
    pub fn option_lines() -> Vec<String> {
        let d = Settings::default();
        let mut vars = String::new();
        for p in Preset::ALL {
            vars.push_str(" var ");
            vars.push_str(p.name());
        }
        vec![
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
            format!("option name Variant type combo default mingmang{vars}"),
            "option name BoardSize type string default auto".to_string(),
            "option name EnchainedCapture type check default false".to_string(),
            "option name Territory type check default false".to_string(),
            "option name CornerCapture type check default false".to_string(),
            "option name LastPieceLeap type check default false".to_string(),
            format!("option name MaxPlies type spin default 0 min 0 max {MAX_MAX_PLIES}"),
            "option name Clear Hash type button".to_string(),
        ]
    }

    /// Sets option `name` (any case) to `value`. On error nothing changes. A rule option must
    /// leave rules that fit together: a relative is played on its own board size and takes
    /// none of Ming Mang's options, so e.g. `Variant gala` with `BoardSize 8x8`, or
    /// `Territory true` with `Variant rek`, is refused with the reason.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Effect, String> {
        let mut next = self.clone();
        let effect = next.set_unchecked(name, value)?;
        if effect == Effect::Rules {
            next.rules()
                .validate()
                .map_err(|e| format!("option {}: {e}", quote(name)))?;
        }
        *self = next;
        Ok(effect)
    }

    fn set_unchecked(&mut self, name: &str, value: Option<&str>) -> Result<Effect, String> {
        let key = name.to_ascii_lowercase();
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
            "variant" => {
                let text = value.ok_or("option Variant needs 'value <name>'")?;
                self.variant = Preset::from_name(text).ok_or_else(|| {
                    format!(
                        "option Variant: unknown variant '{}' (known: {})",
                        quote(text),
                        Preset::names(", ")
                    )
                })?;
                Effect::Rules
            }
            "boardsize" => {
                let text = value.unwrap_or("");
                self.board_size = if text.is_empty() || text.eq_ignore_ascii_case("auto") {
                    None
                } else {
                    Some(
                        text.parse::<BoardSize>()
                            .map_err(|e| format!("option BoardSize: {}", quote(&e)))?,
                    )
                };
                Effect::Rules
            }
            "enchainedcapture" => {
                self.enchained_capture = parse_bool("EnchainedCapture", value)?;
                Effect::Rules
            }
            "territory" => {
                self.territory = parse_bool("Territory", value)?;
                Effect::Rules
            }
            "cornercapture" => {
                self.corner_capture = parse_bool("CornerCapture", value)?;
                Effect::Rules
            }
            "lastpieceleap" => {
                self.last_piece_leap = parse_bool("LastPieceLeap", value)?;
                Effect::Rules
            }
            "maxplies" => {
                self.max_plies = parse_spin("MaxPlies", value, 0, MAX_MAX_PLIES)? as u32;
                Effect::Rules
            }
            "clear hash" => Effect::ClearHash,
            _ => return Err(format!("unknown option '{}'", quote(name))),
        };
        Ok(effect)
    }

    /// Settings from the command line: each flag goes through [`Settings::set`], so the same
    /// checks apply as to `setoption`.
    pub fn from_args(rules: &RuleArgs, engine: &EngineArgs) -> Result<Settings, String> {
        let mut s = Settings::default();
        let flag = |on: bool| on.then_some("true");
        let pairs: [(&str, Option<&str>); 10] = [
            ("Hash", engine.hash.as_deref()),
            ("Threads", engine.threads.as_deref()),
            ("MultiPV", engine.multipv.as_deref()),
            ("MoveOverhead", engine.move_overhead.as_deref()),
            ("Variant", rules.variant.as_deref()),
            ("BoardSize", rules.size.as_deref()),
            ("EnchainedCapture", flag(rules.enchained_capture)),
            ("Territory", flag(rules.territory)),
            ("CornerCapture", flag(rules.corner_capture)),
            ("LastPieceLeap", flag(rules.last_piece_leap)),
        ];
        for (name, value) in pairs {
            if value.is_some() {
                s.set(name, value)?;
            }
        }
        if let Some(n) = rules.max_plies {
            s.set("MaxPlies", Some(&n.to_string()))?;
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
        assert_eq!(s.rules().size.to_string(), "9x9");
        s.set("BoardSize", Some("5x6")).unwrap();
        assert_eq!(s.rules().size.to_string(), "5x6");
        assert!(s.set("BoardSize", Some("3x3")).is_err());
        assert!(s.set("Territory", Some("yes")).is_err());
        assert_eq!(s.set("clear hash", None), Ok(Effect::ClearHash));
        assert!(s.set("Nope", Some("1")).is_err());
        s.set("MaxPlies", Some("40")).unwrap();
        assert_eq!(s.rules().options.max_plies, Some(40));
    }

    #[test]
    fn relatives_refuse_other_sizes_and_ming_mang_options() {
        let mut s = Settings::default();
        s.set("Variant", Some("makyek-hunt")).unwrap();
        assert_eq!(s.rules().size.to_string(), "8x8");
        s.set("Variant", Some("GALA")).unwrap();
        assert_eq!(s.rules().size.to_string(), "7x7");
        s.set("BoardSize", Some("7x7")).unwrap();
        let e = s.set("BoardSize", Some("8x8")).unwrap_err();
        assert!(e.contains("gala is played on the 7x7 board only"), "{e}");
        assert_eq!(s.board_size.map(|b| b.to_string()), Some("7x7".into()));
        let e = s.set("Territory", Some("true")).unwrap_err();
        assert!(e.contains("territory option belongs to Ming Mang"), "{e}");
        assert!(!s.territory);
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
