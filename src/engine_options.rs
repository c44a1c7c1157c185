//! The engine's options as one table: each option's protocol name, command-line flag, type,
//! range, default, help line and how it sets [`EngineOptions`]. The protocol's option list
//! and `setoption`, the command-line flags of the engine and of GTP mode, the match runner's
//! check of the options it forwards to mingmang and the library's front-end facade all walk
//! [`ENGINE_OPTIONS`], as the rule options walk [`crate::rules::RULE_OPTIONS`]; so adding an
//! option means one entry here plus what it does.
//!
//! [`Ruleset`] is the rules' counterpart of [`EngineOptions`]: the rule options as they were
//! set, together with the [`Rules`] they make, which are always valid.

use std::time::Duration;

use crate::rules::notation::quote;
use crate::rules::option_spec::{in_table_order, OptionSpec, Value, ValueType};
use crate::rules::{RuleSettings, Rules};
use crate::search::eval::network::{self, NetworkChoice};
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

/// The value of `EvalFile` that stands for the weights compiled into the engine.
pub const BUILT_IN_WEIGHTS: &str = "<built-in>";
/// The value of `NetworkFile` that stands for the networks compiled into the engine.
pub const BUILT_IN_NETWORKS: &str = "<built-in>";

/// The values of `Evaluation`: the learned one where a network fits, or the hand-written one.
const EVALUATIONS: [&str; 2] = ["network", "hand"];

fn evaluation_names() -> Vec<&'static str> {
    EVALUATIONS.to_vec()
}

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
    /// The evaluation changed (its weights or its networks).
    Evaluation,
}

/// One engine option: its description, shared with the rule options, and how it sets the
/// values.
pub struct EngineOption {
    /// The name, flag, type, range, default and help.
    pub spec: OptionSpec,
    /// Whether GTP mode takes it as a flag (GoGui shows one line and never sends options).
    pub gtp: bool,
    set: fn(&mut EngineOptions, Value) -> Result<Effect, String>,
    get: fn(&EngineOptions) -> Value,
}

impl EngineOption {
    /// The option's value in `options` (`true` for a button).
    pub fn get(&self, options: &EngineOptions) -> Value {
        (self.get)(options)
    }
}

/// The engine option called `name`, ignoring case.
pub fn find(name: &str) -> Option<&'static EngineOption> {
    ENGINE_OPTIONS.iter().find(|o| o.spec.is_named(name))
}

/// The values of the engine's options (not the rules: see [`Ruleset`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EngineOptions {
    /// `Hash`: transposition table MiB.
    pub hash_mib: usize,
    /// `Threads`.
    pub threads: usize,
    /// `MultiPV`.
    pub multi_pv: usize,
    /// `MoveOverhead` in milliseconds.
    pub move_overhead_ms: u64,
    /// `Skill Level`.
    pub skill: Skill,
    /// `EvalFile`: the weights file in use, or [`BUILT_IN_WEIGHTS`].
    pub eval_file: String,
    /// The weights read from `eval_file` (the built-in ones by default).
    pub weights: Weights,
    /// `NetworkFile`: the network file in use, or [`BUILT_IN_NETWORKS`].
    pub network_file: String,
    /// `Evaluation` and the network read from `network_file`.
    pub networks: NetworkChoice,
}

impl Default for EngineOptions {
    /// Every option at its default.
    fn default() -> EngineOptions {
        let search = SearchOptions::default();
        EngineOptions {
            hash_mib: DEFAULT_HASH_MIB,
            threads: search.threads,
            multi_pv: search.multi_pv,
            move_overhead_ms: search.move_overhead.as_millis() as u64,
            skill: search.skill,
            eval_file: BUILT_IN_WEIGHTS.to_string(),
            weights: Weights::builtin(),
            network_file: BUILT_IN_NETWORKS.to_string(),
            networks: NetworkChoice::default(),
        }
    }
}

impl EngineOptions {
    /// Sets the option called `name` (any case) to `value`, checked against its type and
    /// range; says what the engine must do about it. On error nothing changes.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Effect, String> {
        let option = find(name).ok_or_else(|| format!("unknown option '{}'", quote(name)))?;
        let value = option.spec.parse(value)?;
        (option.set)(self, value)
    }

    /// Sets several options at once, in the table's order whatever the order given (see
    /// [`in_table_order`]); says what the engine must do about each change. On error nothing
    /// changes.
    pub fn set_all(&mut self, given: &[(&str, &str)]) -> Result<Vec<Effect>, String> {
        let mut next = self.clone();
        let mut effects = Vec::new();
        let ordered = in_table_order(&ENGINE_OPTIONS, |o| &o.spec, given, "engine option")?;
        for (option, value) in ordered {
            effects.push(next.set(option.spec.name, Some(value))?);
        }
        *self = next;
        Ok(effects)
    }

    /// The search settings these options make.
    pub fn search_options(&self) -> SearchOptions {
        SearchOptions {
            threads: self.threads,
            multi_pv: self.multi_pv,
            move_overhead: Duration::from_millis(self.move_overhead_ms),
            skill: self.skill,
        }
    }
}

/// Reads the file a file option's `value` names (`what` in errors, at most `limit` bytes) and
/// makes a value of its bytes with `parse`; gives the value (`None` for the empty name or
/// `built_in`, which select the built-in default) and the name the option then shows. Errors
/// start with `option <name>:` and stay on one protocol line whatever the path holds.
fn read_option_file<T>(
    option: &str,
    value: Value,
    built_in: &str,
    what: &str,
    limit: u64,
    parse: impl FnOnce(Vec<u8>) -> Result<T, String>,
) -> Result<(Option<T>, String), String> {
    let path = value.to_string();
    if path.is_empty() || path == built_in {
        return Ok((None, built_in.to_string()));
    }
    let bytes = crate::text_file::read_bytes(std::path::Path::new(&path), what, limit)
        .map_err(|e| format!("option {option}: {}", e.replace(char::is_control, " ")))?;
    let parsed = parse(bytes).map_err(|e| format!("option {option}: '{}': {e}", quote(&path)))?;
    Ok((Some(parsed), path))
}

/// The number of a spin value (the table's setters only see values of their own type).
fn spin(value: Value) -> i64 {
    match value {
        Value::Spin(n) => n,
        other => unreachable!("a spin option got {other:?}"),
    }
}

/// A spin option that sets the number `$field` of [`EngineOptions`] (as `$ty`), which the
/// next search uses.
macro_rules! number_option {
    ($name:literal, $flag:literal, $value_name:literal, $min:literal ..= $max:expr,
     default $default:literal, gtp $gtp:literal, $field:ident as $ty:ty, $help:literal) => {
        EngineOption {
            spec: OptionSpec {
                name: $name,
                flag: Some($flag),
                kind: ValueType::Spin {
                    min: $min,
                    max: || $max,
                },
                default: $default,
                value_name: $value_name,
                help: $help,
                above_max: "",
            },
            gtp: $gtp,
            set: |o, v| {
                o.$field = spin(v) as $ty;
                Ok(Effect::None)
            },
            get: |o| Value::Spin(o.$field as i64),
        }
    };
}

/// Hands a file option's value to its setter (a function, so that the setter's closure
/// learns the value's type from the reader's).
fn apply_file_value<T>(
    options: &mut EngineOptions,
    value: Option<T>,
    apply: impl FnOnce(&mut EngineOptions, Option<T>),
) {
    apply(options, value)
}

/// A text option that names a file of the evaluation (`$what` in errors, at most `$limit`
/// bytes), read by `$parse`: `$apply` gets the value read (`None` for the built-in default),
/// and the name shown is kept in `$field`.
macro_rules! file_option {
    ($name:literal, $flag:literal, $built_in:expr, $what:literal, $limit:expr, $help:literal,
     $parse:expr, $apply:expr, $field:ident) => {
        EngineOption {
            spec: OptionSpec {
                name: $name,
                flag: Some($flag),
                kind: ValueType::Text,
                default: $built_in,
                value_name: "FILE",
                help: $help,
                above_max: "",
            },
            gtp: true,
            set: |o, v| {
                let (value, name) = read_option_file($name, v, $built_in, $what, $limit, $parse)?;
                apply_file_value(o, value, $apply);
                o.$field = name;
                Ok(Effect::Evaluation)
            },
            get: |o| Value::Text(o.$field.clone()),
        }
    };
}

/// Every engine option, in the order the protocol lists them (buttons come last, after the
/// rule options).
pub static ENGINE_OPTIONS: [EngineOption; 9] = [
    EngineOption {
        spec: OptionSpec {
            name: "Hash",
            flag: Some("hash"),
            kind: ValueType::Spin {
                min: 1,
                max: || max_hash_mib() as i64,
            },
            default: "16",
            value_name: "MIB",
            help: "Transposition table size in MiB",
            above_max: "the limit is half of this machine's memory",
        },
        gtp: true,
        set: |o, v| {
            o.hash_mib = spin(v) as usize;
            Ok(Effect::Hash)
        },
        get: |o| Value::Spin(o.hash_mib as i64),
    },
    number_option! { "Threads", "threads", "N", 1..=MAX_THREADS, default "1", gtp true,
    threads as usize, "Search threads" },
    number_option! { "MultiPV", "multipv", "N", 1..=MAX_MULTIPV, default "1", gtp false,
    multi_pv as usize, "Principal variations to report" },
    number_option! { "MoveOverhead", "move-overhead", "MS", 0..=MAX_MOVE_OVERHEAD, default "30",
    gtp true, move_overhead_ms as u64,
    "Milliseconds kept back from the clock for communication delays" },
    EngineOption {
        spec: OptionSpec {
            name: "Skill Level",
            flag: Some("skill"),
            kind: ValueType::Spin {
                min: 0,
                max: || MAX_SKILL as i64,
            },
            default: "20",
            value_name: "LEVEL",
            help: "Strength level for human opponents, 0 (weakest) to 20, full strength",
            above_max: "",
        },
        gtp: true,
        set: |o, v| {
            o.skill = Skill::new(spin(v) as u32)?;
            Ok(Effect::None)
        },
        get: |o| Value::Spin(o.skill.level() as i64),
    },
    file_option!(
        "EvalFile",
        "eval-file",
        BUILT_IN_WEIGHTS,
        "weights file",
        crate::text_file::WEIGHTS_FILE_LIMIT,
        "A weights file for the evaluation, made by `mingmang tune` (default: the built-in \
         weights)",
        |bytes| Weights::parse(&String::from_utf8(bytes).map_err(|_| "not UTF-8 text")?),
        |o, weights| o.weights = weights.unwrap_or_else(Weights::builtin),
        eval_file
    ),
    EngineOption {
        spec: OptionSpec {
            name: "Evaluation",
            flag: Some("evaluation"),
            kind: ValueType::Combo {
                choices: evaluation_names,
            },
            default: if network::DEFAULT_ENABLED {
                EVALUATIONS[0]
            } else {
                EVALUATIONS[1]
            },
            value_name: "KIND",
            help: "network: the learned evaluation on the games and boards that have a network \
                   (the hand-written one on the others); hand: the hand-written evaluation \
                   everywhere",
            above_max: "",
        },
        gtp: true,
        set: |o, v| {
            let text = v.to_string();
            o.networks.enabled = match EVALUATIONS
                .iter()
                .position(|e| e.eq_ignore_ascii_case(&text))
            {
                Some(0) => true,
                Some(_) => false,
                None => {
                    return Err(format!(
                        "option Evaluation: '{}' is not one of {}",
                        quote(&text),
                        EVALUATIONS.join(", ")
                    ))
                }
            };
            Ok(Effect::Evaluation)
        },
        get: |o| Value::Text(EVALUATIONS[if o.networks.enabled { 0 } else { 1 }].to_string()),
    },
    file_option!(
        "NetworkFile",
        "network-file",
        BUILT_IN_NETWORKS,
        "network file",
        crate::text_file::NETWORK_FILE_LIMIT,
        "A network file, made by `mingmang train`, that evaluates the game and board it was \
         trained for in place of the built-in network (default: the built-in networks)",
        |bytes| network::file::read(&bytes),
        |o, net| o.networks.loaded = net.map(std::sync::Arc::new),
        network_file
    ),
    EngineOption {
        spec: OptionSpec {
            name: "Clear Hash",
            flag: None,
            kind: ValueType::Button,
            default: "",
            value_name: "",
            help: "Clear the transposition table",
            above_max: "",
        },
        gtp: false,
        set: |_, _| Ok(Effect::ClearHash),
        get: |_| Value::Check(true),
    },
];

/// The rule options as they were set, with the [`Rules`] they make. Always valid: a change
/// that leaves rules that do not fit together is refused and changes nothing. The settings
/// are kept besides the rules because they say more: `Variant gundru` with `BoardSize auto`
/// follows the variant's size when the variant changes, which the rules' 9x9 alone would not.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Ruleset {
    settings: RuleSettings,
    rules: Rules,
}

impl Default for Ruleset {
    fn default() -> Ruleset {
        let settings = RuleSettings::default();
        Ruleset {
            settings,
            rules: settings.rules().expect("the default rules are valid"),
        }
    }
}

impl Ruleset {
    /// The rules of `settings`, or why they do not fit together.
    pub fn new(settings: RuleSettings) -> Result<Ruleset, String> {
        Ok(Ruleset {
            rules: settings.rules()?,
            settings,
        })
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The rule options as they were set.
    pub fn settings(&self) -> &RuleSettings {
        &self.settings
    }

    /// Sets the rule option called `name` (any case) to `value`. A value of the wrong type,
    /// or one that leaves rules that do not fit together (a relative on another board size, a
    /// Ming Mang option with a relative), is refused with the reason and changes nothing.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let option = crate::rules::rule_options::find(name)
            .ok_or_else(|| format!("unknown option '{}'", quote(name)))?;
        let mut settings = self.settings;
        settings.set(option.spec.name, value)?;
        *self = Ruleset::new(settings).map_err(|e| format!("option {}: {e}", option.spec.name))?;
        Ok(())
    }

    /// Sets several rule options at once, in the table's order whatever the order given, and
    /// checks that the rules fit together once all are set (so `Variant gala` with
    /// `Territory false` leaves Ming Mang with territory on). Refused, with nothing changed,
    /// if a name is not a rule option, names one twice, or a value or the result is refused.
    pub fn set_all(&mut self, given: &[(&str, &str)]) -> Result<(), String> {
        let mut settings = self.settings;
        settings.set_all(given)?;
        *self = Ruleset::new(settings)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_defaults_are_the_default_values() {
        let defaults = EngineOptions::default();
        for option in &ENGINE_OPTIONS {
            let spec = &option.spec;
            if !matches!(spec.kind, ValueType::Button) {
                assert_eq!(
                    option.get(&defaults).to_string(),
                    spec.default,
                    "{}",
                    spec.name
                );
                let mut o = EngineOptions::default();
                o.set(spec.name, Some(spec.default)).unwrap();
                assert_eq!(o, defaults, "{}", spec.name);
            }
            assert_eq!(
                find(&spec.name.to_uppercase()).unwrap().spec.name,
                spec.name
            );
        }
    }

    #[test]
    fn values_are_checked_and_bad_ones_change_nothing() {
        let mut o = EngineOptions::default();
        assert_eq!(o.set("hash", Some("64")), Ok(Effect::Hash));
        assert_eq!(o.hash_mib, 64);
        assert!(o.set("Hash", Some("0")).is_err());
        let e = o.set("Hash", Some("999999999999")).unwrap_err();
        assert!(e.contains("half of this machine's memory"), "{e}");
        assert_eq!(o.hash_mib, 64);
        assert!(o.set("Threads", Some("0")).is_err());
        assert!(o.set("Skill Level", Some("21")).is_err());
        assert_eq!(o.set("skill level", Some("3")), Ok(Effect::None));
        assert_eq!(o.skill.level(), 3);
        assert_eq!(o.set("clear hash", None), Ok(Effect::ClearHash));
        assert!(o.set("EvalFile", Some("/no/such/file")).is_err());
        assert_eq!(o.eval_file, BUILT_IN_WEIGHTS);
        assert!(o.set("Nope", Some("1")).is_err());
        assert_eq!(o.search_options().skill.level(), 3);
    }

    #[test]
    fn a_ruleset_keeps_its_rules_valid() {
        let mut r = Ruleset::default();
        r.set("Variant", Some("GALA")).unwrap();
        assert_eq!(r.rules().size().to_string(), "7x7");
        let e = r.set("BoardSize", Some("8x8")).unwrap_err();
        assert!(e.contains("gala is played on the 7x7 board only"), "{e}");
        let e = r.set("Territory", Some("true")).unwrap_err();
        assert!(e.contains("territory option belongs to Ming Mang"), "{e}");
        assert_eq!(r.settings().board_size, None);
        // The size follows the variant while it is auto.
        r.set("Variant", Some("gundru")).unwrap();
        assert_eq!(r.rules().size().to_string(), "9x9");
        r.set("BoardSize", Some("5x6")).unwrap();
        r.set("Variant", Some("mingmang")).unwrap();
        assert_eq!(r.rules().size().to_string(), "5x6");
        assert!(
            r.set("Variant", Some("rek")).is_err(),
            "5x6 does not fit rek"
        );
        assert!(r.set("Hash", Some("1")).is_err(), "not a rule option");
    }
}
