//! The rule options as one table: each option's protocol name, command-line flag, type,
//! default and how it reads and writes [`RuleSettings`]. The protocol's option list and
//! `setoption`, the command-line flags, the match runner (which forwards the rules to its
//! engines), GTP, the validation of [`Rules`] and their display all walk [`RULE_OPTIONS`], so
//! adding an option means one entry here plus its rule code.

use std::fmt;

use super::games::GAMES;
use super::geometry::BoardSize;
use super::notation::quote;
use super::variant::{Preset, RuleOptions, Rules};

/// Largest `MaxPlies` value.
pub const MAX_MAX_PLIES: i64 = 1_000_000;

/// The rules as a user sets them: a preset, perhaps another board size, and the options.
/// [`RuleSettings::rules`] turns them into [`Rules`] if they fit together.
///
/// # Examples
/// ```
/// use mingmang_rules::{Preset, RuleSettings};
///
/// let mut settings = RuleSettings::default();
/// settings.set("Variant", Some("gala")).unwrap();
/// assert_eq!(settings.variant, Preset::Gala);
/// assert!(settings.set("NoSuchOption", Some("1")).is_err());
/// assert_eq!(settings.rules().unwrap().size().to_string(), "7x7");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct RuleSettings {
    /// The preset (the game and its usual board size).
    pub variant: Preset,
    /// The board size; `None` means the preset's (`auto`).
    pub board_size: Option<BoardSize>,
    /// The options.
    pub options: RuleOptions,
}

impl RuleSettings {
    /// The rules these settings describe, or why they do not fit together.
    pub fn rules(&self) -> Result<Rules, String> {
        let size = self.board_size.unwrap_or(self.variant.size());
        Rules::build(self.variant.game(), size, self.options)
    }

    /// Sets the option called `name` (any case) to `value`, checked against its type; on
    /// error nothing changes. Whether the result fits together is checked by
    /// [`RuleSettings::rules`].
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::RuleSettings;
    ///
    /// let mut settings = RuleSettings::default();
    /// settings.set("boardsize", Some("9x9")).unwrap();
    /// settings.set("MaxPlies", Some("300")).unwrap();
    /// let rules = settings.rules().unwrap();
    /// assert_eq!((rules.size().to_string(), rules.max_plies()), ("9x9".into(), Some(300)));
    /// ```
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let option = find(name).ok_or_else(|| format!("unknown option '{}'", quote(name)))?;
        let value = option.parse(value)?;
        (option.set)(self, value)
    }

    /// The settings in words: the variant unless it is the default, the board size unless it
    /// is the preset's, each check that is on by its flag, each number that is not at its
    /// default as `flag value`.
    pub fn describe(&self) -> String {
        let mut words = Vec::new();
        for option in &RULE_OPTIONS {
            let value = option.get(self);
            if value.to_string() == option.default {
                continue;
            }
            match (&option.kind, value) {
                (ValueType::Check, Value::Check(true)) => words.push(option.flag.to_string()),
                (ValueType::Spin { .. }, value) => words.push(format!("{} {value}", option.flag)),
                (_, value) => words.push(value.to_string()),
            }
        }
        words.join(" ")
    }
}

/// An option's value.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Value {
    /// A check box.
    Check(bool),
    /// A whole number.
    Spin(i64),
    /// A word (a combo choice, a board size).
    Text(String),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Check(on) => write!(f, "{on}"),
            Value::Spin(n) => write!(f, "{n}"),
            Value::Text(text) => f.write_str(text),
        }
    }
}

/// The type of an option, as the protocol announces it.
#[derive(Clone, Copy, Debug)]
pub enum ValueType {
    /// `true` or `false`.
    Check,
    /// A whole number from `min` to `max`.
    Spin {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
    /// One word of a list.
    Combo {
        /// The words, in the order the protocol lists them.
        choices: fn() -> Vec<&'static str>,
    },
    /// Free text (checked by the option itself).
    Text,
}

/// One rule option: its names, type and default, and how it reads and writes the settings.
pub struct RuleOption {
    /// The protocol's name (`setoption name EnchainedCapture`).
    pub name: &'static str,
    /// The command-line flag, without the dashes (`--enchained-capture`).
    pub flag: &'static str,
    /// The option in prose, for messages ("enchained capture").
    pub title: &'static str,
    /// The type of its value.
    pub kind: ValueType,
    /// The default value, as the protocol writes it.
    pub default: &'static str,
    /// What the value stands for on the command line (`N`, `WxH`); empty for a check.
    pub value_name: &'static str,
    /// One line for `--help` and the option list of the docs.
    pub help: &'static str,
    /// Whether only Ming Mang takes it (a relative refuses any value but the default).
    pub ming_mang_only: bool,
    get: fn(&RuleSettings) -> Value,
    set: fn(&mut RuleSettings, Value) -> Result<(), String>,
}

impl RuleOption {
    /// The option's value in `settings`.
    pub fn get(&self, settings: &RuleSettings) -> Value {
        (self.get)(settings)
    }

    /// Reads `text` as a value of this option's type, with a message naming the option if
    /// it is not one.
    pub fn parse(&self, text: Option<&str>) -> Result<Value, String> {
        let name = self.name;
        let text = text.map(str::trim);
        match self.kind {
            ValueType::Check => match text.map(str::to_ascii_lowercase).as_deref() {
                Some("true") => Ok(Value::Check(true)),
                Some("false") => Ok(Value::Check(false)),
                Some(other) => Err(format!(
                    "option {name} is a check: value must be true or false, not '{}'",
                    quote(other)
                )),
                None => Err(format!("option {name} needs 'value true' or 'value false'")),
            },
            ValueType::Spin { min, max } => parse_spin(name, text, min, max).map(Value::Spin),
            ValueType::Combo { .. } | ValueType::Text => {
                Ok(Value::Text(text.unwrap_or_default().to_string()))
            }
        }
    }
}

/// Reads a whole number from `min` to `max` for the option `name`.
pub fn parse_spin(name: &str, text: Option<&str>, min: i64, max: i64) -> Result<i64, String> {
    let text = text.ok_or_else(|| format!("option {name} needs 'value <{min}..{max}>'"))?;
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

/// The option called `name`, ignoring case.
pub fn find(name: &str) -> Option<&'static RuleOption> {
    RULE_OPTIONS
        .iter()
        .find(|o| o.name.eq_ignore_ascii_case(name.trim()))
}

fn preset_names() -> Vec<&'static str> {
    Preset::ALL.map(Preset::name).to_vec()
}

/// The `Variant` option's help: the presets of the table of games with their boards
/// (`mingmang (8x8), gundru (9x9), ...`), written when the program is compiled.
const VARIANT_HELP: &str = {
    let (bytes, len) = &VARIANT_HELP_BYTES;
    match std::str::from_utf8(bytes.split_at(*len).0) {
        Ok(text) => text,
        Err(_) => panic!("the variant help is ASCII"),
    }
};

/// [`VARIANT_HELP`]'s bytes in a buffer, and how many there are.
static VARIANT_HELP_BYTES: ([u8; 400], usize) = {
    const LEAD: &[u8] = b"The game: ";
    let mut out = [0u8; 400];
    let mut at = append(&mut out, 0, LEAD);
    let mut g = 0;
    while g < GAMES.len() {
        let mut p = 0;
        while p < GAMES[g].presets.len() {
            let preset = &GAMES[g].presets[p];
            if at > LEAD.len() {
                at = append(&mut out, at, b", ");
            }
            at = append(&mut out, at, preset.name.as_bytes());
            at = append(&mut out, at, b" (");
            at = append_number(&mut out, at, preset.size.0);
            at = append(&mut out, at, b"x");
            at = append_number(&mut out, at, preset.size.1);
            at = append(&mut out, at, b")");
            p += 1;
        }
        g += 1;
    }
    (out, at)
};

/// Copies `text` into `out` at `at`; returns where it ends.
const fn append(out: &mut [u8], at: usize, text: &[u8]) -> usize {
    assert!(at + text.len() <= out.len(), "the help buffer is too small");
    let mut i = 0;
    while i < text.len() {
        out[at + i] = text[i];
        i += 1;
    }
    at + text.len()
}

/// Writes `n` (below 100) in decimal into `out` at `at`; returns where it ends.
const fn append_number(out: &mut [u8], at: usize, n: u8) -> usize {
    if n >= 10 {
        append(out, at, &[b'0' + n / 10, b'0' + n % 10])
    } else {
        append(out, at, &[b'0' + n])
    }
}

/// A check option of Ming Mang that sets the field `$field` of [`RuleOptions`].
macro_rules! ming_mang_check {
    ($name:literal, $flag:literal, $title:literal, $field:ident, $help:literal) => {
        RuleOption {
            name: $name,
            flag: $flag,
            title: $title,
            kind: ValueType::Check,
            default: "false",
            value_name: "",
            help: $help,
            ming_mang_only: true,
            get: |s| Value::Check(s.options.$field),
            set: |s, v| {
                s.options.$field = v == Value::Check(true);
                Ok(())
            },
        }
    };
}

/// Every rule option, in the order the protocol lists them (the variant first: choosing it
/// resets what the others mean).
///
/// # Examples
/// ```
/// use mingmang_rules::{rule_options, RULE_OPTIONS};
///
/// assert!(RULE_OPTIONS.iter().any(|option| option.name == "BoardSize"));
/// assert_eq!(rule_options::find("variant").unwrap().name, "Variant");
/// ```
pub static RULE_OPTIONS: [RuleOption; 7] = [
    RuleOption {
        name: "Variant",
        flag: "variant",
        title: "variant",
        kind: ValueType::Combo {
            choices: preset_names,
        },
        default: "mingmang",
        value_name: "NAME",
        help: VARIANT_HELP,
        ming_mang_only: false,
        get: |s| Value::Text(s.variant.name().to_string()),
        set: |s, v| {
            let text = v.to_string();
            if text.is_empty() {
                return Err("option Variant needs 'value <name>'".into());
            }
            s.variant = Preset::from_name(&text).ok_or_else(|| {
                format!(
                    "option Variant: unknown variant '{}' (known: {})",
                    quote(&text),
                    Preset::names(", ")
                )
            })?;
            Ok(())
        },
    },
    RuleOption {
        name: "BoardSize",
        flag: "size",
        title: "board size",
        kind: ValueType::Text,
        default: "auto",
        value_name: "WxH",
        help: "Board size as WxH (files x ranks), 4x4 to 19x19, or auto for the variant's own",
        ming_mang_only: false,
        get: |s| {
            Value::Text(
                s.board_size
                    .map_or_else(|| "auto".to_string(), |b| b.to_string()),
            )
        },
        set: |s, v| {
            let text = v.to_string();
            s.board_size = if text.is_empty() || text.eq_ignore_ascii_case("auto") {
                None
            } else {
                Some(
                    text.parse::<BoardSize>()
                        .map_err(|e| format!("option BoardSize: {e}"))?,
                )
            };
            Ok(())
        },
    },
    ming_mang_check!(
        "EnchainedCapture",
        "enchained-capture",
        "enchained capture",
        enchained_capture,
        "Newly converted pieces flank in turn, until nothing changes"
    ),
    ming_mang_check!(
        "Territory",
        "territory",
        "territory",
        territory,
        "Passing allowed; two passes in a row end the game and territory decides"
    ),
    ming_mang_check!(
        "CornerCapture",
        "corner-capture",
        "corner capture",
        corner_capture,
        "A line running through a corner along both edges can be flanked (Rin-chen Lha-mo)"
    ),
    ming_mang_check!(
        "LastPieceLeap",
        "last-piece-leap",
        "last-piece leap",
        last_piece_leap,
        "A side with one piece left may jump and convert an adjacent enemy (Rin-chen \
               Lha-mo)"
    ),
    RuleOption {
        name: "MaxPlies",
        flag: "max-plies",
        title: "ply limit",
        kind: ValueType::Spin {
            min: 0,
            max: MAX_MAX_PLIES,
        },
        default: "0",
        value_name: "N",
        help: "End the game after N plies, 0 for no limit; more pieces wins, equal counts draw",
        ming_mang_only: false,
        get: |s| Value::Spin(s.options.max_plies.unwrap_or(0) as i64),
        set: |s, v| {
            if let Value::Spin(n) = v {
                s.options.max_plies = (n > 0).then_some(n as u32);
            }
            Ok(())
        },
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_round_trips_through_its_text() {
        let mut s = RuleSettings::default();
        for (name, value) in [
            ("variant", "GUNDRU"),
            ("BoardSize", "5x6"),
            ("enchainedcapture", "true"),
            ("Territory", "TRUE"),
            ("CornerCapture", "true"),
            ("LastPieceLeap", "true"),
            ("MaxPlies", "40"),
        ] {
            s.set(name, Some(value)).unwrap();
        }
        let rules = s.rules().unwrap();
        assert_eq!(rules.size().to_string(), "5x6");
        assert_eq!(rules.max_plies(), Some(40));
        assert_eq!(
            s.describe(),
            "gundru 5x6 enchained-capture territory corner-capture last-piece-leap max-plies 40"
        );
        assert_eq!(
            rules.to_string(),
            "5x6 enchained-capture territory corner-capture last-piece-leap max-plies 40"
        );
        // Every option read back from the rules' settings gives the same rules.
        let mut again = RuleSettings::default();
        for option in &RULE_OPTIONS {
            let text = option.get(&rules.settings()).to_string();
            again.set(option.name, Some(&text)).unwrap();
        }
        assert_eq!(again.rules().unwrap(), rules);
    }

    #[test]
    fn the_variant_help_lists_every_preset_with_its_board() {
        let help = find("Variant").unwrap().help;
        for preset in Preset::ALL {
            assert!(
                help.contains(&format!("{preset} ({})", preset.size())),
                "{help}"
            );
        }
        assert!(help.starts_with("The game: mingmang (8x8), gundru (9x9)"));
    }

    #[test]
    fn max_plies_zero_means_no_limit() {
        let mut s = RuleSettings::default();
        s.set("MaxPlies", Some("0")).unwrap();
        assert_eq!(s.rules().unwrap().max_plies(), None);
        let rules = Rules::default().with_max_plies(Some(0));
        assert_eq!(rules, Rules::default());
    }

    #[test]
    fn bad_values_are_refused_with_the_option_named() {
        let mut s = RuleSettings::default();
        let e = s.set("Territory", Some("yes")).unwrap_err();
        assert!(e.starts_with("option Territory is a check"), "{e}");
        let e = s.set("MaxPlies", Some("-1")).unwrap_err();
        assert!(e.contains("out of range"), "{e}");
        let e = s.set("Variant", Some("chess")).unwrap_err();
        assert!(e.contains("unknown variant 'chess'"), "{e}");
        let e = s.set("BoardSize", Some("3x3")).unwrap_err();
        assert!(e.starts_with("option BoardSize: "), "{e}");
        assert!(s.set("Nope", Some("1")).is_err());
        assert_eq!(s, RuleSettings::default());
    }

    #[test]
    fn relatives_refuse_ming_mang_options_and_other_sizes() {
        let mut s = RuleSettings::default();
        s.set("Variant", Some("rek")).unwrap();
        s.set("Territory", Some("true")).unwrap();
        let e = s.rules().unwrap_err();
        assert!(e.contains("territory option belongs to Ming Mang"), "{e}");
        s.set("Territory", Some("false")).unwrap();
        s.set("BoardSize", Some("9x9")).unwrap();
        let e = s.rules().unwrap_err();
        assert!(e.contains("rek is played on the 8x8 board only"), "{e}");
    }
}
