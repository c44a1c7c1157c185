//! The rule options as one table: each option's protocol name, command-line flag, type,
//! default and how it reads and writes [`RuleSettings`]. The protocol's option list and
//! `setoption`, the command-line flags, the match runner (which forwards the rules to its
//! engines), GTP, the validation of [`Rules`] and their display all walk [`RULE_OPTIONS`], so
//! adding an option means one entry here plus its rule code. Each entry's description is an
//! [`OptionSpec`], the type the engine's options share.

use super::games::GAMES;
use super::geometry::BoardSize;
use super::notation::quote;
use super::option_spec::{in_table_order, OptionSpec, Value, ValueType};
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
        let value = option.spec.parse(value)?;
        (option.set)(self, value)
    }

    /// Sets several options at once, in the table's order whatever the order given (see
    /// [`in_table_order`]); on error nothing changes.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{Preset, RuleSettings};
    ///
    /// let mut settings = RuleSettings::default();
    /// settings.set_all(&[("BoardSize", "7x7"), ("Variant", "gala")]).unwrap();
    /// assert_eq!(settings.variant, Preset::Gala);
    /// assert!(settings.set_all(&[("MaxPlies", "9"), ("MaxPlies", "8")]).is_err());
    /// ```
    pub fn set_all(&mut self, given: &[(&str, &str)]) -> Result<(), String> {
        let mut next = *self;
        for (option, value) in in_table_order(&RULE_OPTIONS, |o| &o.spec, given, "rule option")? {
            next.set(option.spec.name, Some(value))?;
        }
        *self = next;
        Ok(())
    }

    /// The settings in words: the variant unless it is the default, the board size unless it
    /// is the preset's, each check that is on by its flag, each number that is not at its
    /// default as `flag value`.
    pub fn describe(&self) -> String {
        let mut words = Vec::new();
        for option in &RULE_OPTIONS {
            let value = option.get(self);
            let spec = &option.spec;
            if value.to_string() == spec.default {
                continue;
            }
            let flag = spec.flag.unwrap_or(spec.name);
            match (&spec.kind, value) {
                (ValueType::Check, Value::Check(true)) => words.push(flag.to_string()),
                (ValueType::Spin { .. }, value) => words.push(format!("{flag} {value}")),
                (_, value) => words.push(value.to_string()),
            }
        }
        words.join(" ")
    }

    /// Reads the words [`RuleSettings::describe`] writes (`gundru territory max-plies 200`,
    /// `5x5 enchained-capture`), the way a game record's `Rules` tag holds them: a variant's
    /// name, a board size, a check option's flag, or a number option's flag and its value.
    /// An unknown word, a repeated option or a missing number is an error.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{Preset, RuleSettings};
    ///
    /// let settings = RuleSettings::from_description("gundru territory max-plies 200").unwrap();
    /// assert_eq!(settings.variant, Preset::Gundru);
    /// assert_eq!(settings.describe(), "gundru territory max-plies 200");
    /// assert_eq!(RuleSettings::from_description("").unwrap(), RuleSettings::default());
    /// assert!(RuleSettings::from_description("max-plies").is_err());
    /// assert!(RuleSettings::from_description("territory sideways").is_err());
    /// ```
    pub fn from_description(text: &str) -> Result<RuleSettings, String> {
        let flag_of = |o: &RuleOption| o.spec.flag.unwrap_or(o.spec.name);
        let mut given: Vec<(&str, &str)> = Vec::new();
        let mut words = text.split_whitespace();
        while let Some(word) = words.next() {
            let lower = word.to_ascii_lowercase();
            let flagged = RULE_OPTIONS
                .iter()
                .find(|o| o.spec.flag.is_some() && flag_of(o) == lower);
            match flagged.map(|o| (o, &o.spec.kind)) {
                Some((option, ValueType::Check)) => given.push((option.spec.name, "true")),
                Some((option, _)) => {
                    let value = words.next().ok_or_else(|| {
                        format!(
                            "'{}' wants a value in the rules '{}'",
                            quote(word),
                            quote(text)
                        )
                    })?;
                    given.push((option.spec.name, value));
                }
                None if Preset::from_name(&lower).is_some() => given.push(("Variant", word)),
                None if looks_like_size(&lower) => given.push(("BoardSize", word)),
                None => {
                    return Err(format!(
                        "unknown word '{}' in the rules '{}'",
                        quote(word),
                        quote(text)
                    ))
                }
            }
        }
        let mut settings = RuleSettings::default();
        settings.set_all(&given)?;
        Ok(settings)
    }
}

/// Whether `word` has the shape `WxH` (its numbers are checked as the board size).
fn looks_like_size(word: &str) -> bool {
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    word.split_once('x')
        .is_some_and(|(w, h)| digits(w) && digits(h))
}

/// One rule option: its description, shared with the engine's options, and how it reads and
/// writes [`RuleSettings`].
pub struct RuleOption {
    /// The name, flag, type, default and help.
    pub spec: OptionSpec,
    /// What the rules' messages call it (`enchained capture`).
    pub title: &'static str,
    /// Whether only Ming Mang takes it (its relatives have rules of their own).
    pub ming_mang_only: bool,
    get: fn(&RuleSettings) -> Value,
    set: fn(&mut RuleSettings, Value) -> Result<(), String>,
}

impl RuleOption {
    /// The option's value in `settings`.
    pub fn get(&self, settings: &RuleSettings) -> Value {
        (self.get)(settings)
    }
}

/// The option called `name`, ignoring case.
pub fn find(name: &str) -> Option<&'static RuleOption> {
    RULE_OPTIONS.iter().find(|o| o.spec.is_named(name))
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
            spec: OptionSpec {
                name: $name,
                flag: Some($flag),
                kind: ValueType::Check,
                default: "false",
                value_name: "",
                help: $help,
                above_max: "",
            },
            title: $title,
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
/// assert!(RULE_OPTIONS.iter().any(|option| option.spec.name == "BoardSize"));
/// assert_eq!(rule_options::find("variant").unwrap().spec.name, "Variant");
/// ```
pub static RULE_OPTIONS: [RuleOption; 7] = [
    RuleOption {
        spec: OptionSpec {
            name: "Variant",
            flag: Some("variant"),
            kind: ValueType::Combo {
                choices: preset_names,
            },
            default: "mingmang",
            value_name: "NAME",
            help: VARIANT_HELP,
            above_max: "",
        },
        title: "variant",
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
        spec: OptionSpec {
            name: "BoardSize",
            flag: Some("size"),
            kind: ValueType::Text,
            default: "auto",
            value_name: "WxH",
            help: "Board size as WxH (files x ranks), 4x4 to 19x19, or auto for the variant's own",
            above_max: "",
        },
        title: "board size",
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
        spec: OptionSpec {
            name: "MaxPlies",
            flag: Some("max-plies"),
            kind: ValueType::Spin {
                min: 0,
                max: || MAX_MAX_PLIES,
            },
            default: "0",
            value_name: "N",
            help: "End the game after N plies, 0 for no limit; more pieces wins, equal counts draw",
            above_max: "",
        },
        title: "ply limit",
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
            again.set(option.spec.name, Some(&text)).unwrap();
        }
        assert_eq!(again.rules().unwrap(), rules);
    }

    #[test]
    fn the_variant_help_lists_every_preset_with_its_board() {
        let help = find("Variant").unwrap().spec.help;
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
