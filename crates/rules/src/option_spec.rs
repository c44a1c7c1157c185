//! What an option is, whoever owns it: the one description ([`OptionSpec`]) that the rule
//! options of this crate and the engine's options share. Everything that shows or reads
//! options goes through it: the protocol's `option` lines ([`OptionSpec::announce`]), the
//! checking of a value against its type and range ([`OptionSpec::parse`]), the command-line
//! flags and their help, the bindings' option lists; and several options given at once are
//! put in the owner table's order by [`in_table_order`], so a `BoardSize` that fits only the
//! new `Variant` is applied after it whatever order the caller wrote them in.

use std::fmt;

use super::notation::quote;

/// A value of an option, of the option's type.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Value {
    /// A check's value (and a button's, always `true`).
    Check(bool),
    /// A spin's number.
    Spin(i64),
    /// A combo's or a string's text.
    Text(String),
}

impl fmt::Display for Value {
    /// The value as the protocol writes it (`true`, `40`, `gala`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Check(on) => write!(f, "{on}"),
            Value::Spin(n) => write!(f, "{n}"),
            Value::Text(text) => f.write_str(text),
        }
    }
}

/// The type of an option's value, as the protocol announces it.
#[derive(Clone, Copy, Debug)]
pub enum ValueType {
    /// `true` or `false`.
    Check,
    /// A whole number from `min` to `max()` (a function: the engine's `Hash` depends on the
    /// machine's memory).
    Spin {
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: fn() -> i64,
    },
    /// One of a list of names (checked by the option's owner, which knows the names).
    Combo {
        /// The names, in the order they are announced.
        choices: fn() -> Vec<&'static str>,
    },
    /// Free text (checked by the option's owner).
    Text,
    /// An action without a value.
    Button,
}

/// One option's description: its names, type, default and help.
#[derive(Debug)]
pub struct OptionSpec {
    /// The protocol's name (`setoption name MaxPlies`), matched ignoring case.
    pub name: &'static str,
    /// The command-line flag without its dashes (`--max-plies`); `None` where there is none
    /// (a button).
    pub flag: Option<&'static str>,
    /// The type and range of its value.
    pub kind: ValueType,
    /// The default value, as the protocol writes it (empty for a button).
    pub default: &'static str,
    /// What the value stands for on the command line (`N`, `WxH`; empty for a check).
    pub value_name: &'static str,
    /// One line for `--help`, the docs and front ends.
    pub help: &'static str,
    /// Added to the message of a number above the largest value, to say where that comes
    /// from (empty where the range says it all).
    pub above_max: &'static str,
}

impl OptionSpec {
    /// Whether `name` names this option (ignoring case and surrounding blanks).
    pub fn is_named(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name.trim())
    }

    /// Reads `text` as a value of this option's type, with a message naming the option if it
    /// is not one. A button takes any text (or none); a combo's and a string's text are
    /// checked by the option's owner.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::option_spec::Value;
    /// use mingmang_rules::rule_options;
    ///
    /// let max_plies = &rule_options::find("MaxPlies").unwrap().spec;
    /// assert_eq!(max_plies.parse(Some(" 40 ")), Ok(Value::Spin(40)));
    /// let e = max_plies.parse(Some("-1")).unwrap_err();
    /// assert_eq!(e, "option MaxPlies value -1 is out of range (0 to 1000000)");
    /// ```
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
            ValueType::Spin { min, max } => {
                let max = max();
                parse_spin(name, text, min, max)
                    .map(Value::Spin)
                    .map_err(|e| {
                        let above = text
                            .and_then(|v| v.parse::<i64>().ok())
                            .is_some_and(|n| n > max);
                        if above && !self.above_max.is_empty() {
                            format!("{e}: {}", self.above_max)
                        } else {
                            e
                        }
                    })
            }
            ValueType::Combo { .. } | ValueType::Text => {
                Ok(Value::Text(text.unwrap_or_default().to_string()))
            }
            ValueType::Button => Ok(Value::Check(true)),
        }
    }

    /// The type's name as the protocol announces it: `check`, `spin`, `combo`, `string` or
    /// `button`.
    pub fn type_name(&self) -> &'static str {
        match self.kind {
            ValueType::Check => "check",
            ValueType::Spin { .. } => "spin",
            ValueType::Combo { .. } => "combo",
            ValueType::Text => "string",
            ValueType::Button => "button",
        }
    }

    /// The smallest and largest value of a spin.
    pub fn range(&self) -> Option<[i64; 2]> {
        match self.kind {
            ValueType::Spin { min, max } => Some([min, max()]),
            _ => None,
        }
    }

    /// The names a combo takes (none for the other types).
    pub fn choices(&self) -> Vec<&'static str> {
        match self.kind {
            ValueType::Combo { choices } => choices(),
            _ => Vec::new(),
        }
    }

    /// The protocol's `option name ...` line announcing this option.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::rule_options;
    ///
    /// let spec = &rule_options::find("Territory").unwrap().spec;
    /// assert_eq!(spec.announce(), "option name Territory type check default false");
    /// ```
    pub fn announce(&self) -> String {
        let (name, default, kind) = (self.name, self.default, self.type_name());
        match (self.range(), self.kind) {
            (_, ValueType::Button) => format!("option name {name} type button"),
            (Some([min, max]), _) => {
                format!("option name {name} type {kind} default {default} min {min} max {max}")
            }
            (None, _) => {
                let vars: String = self.choices().iter().map(|c| format!(" var {c}")).collect();
                format!("option name {name} type {kind} default {default}{vars}")
            }
        }
    }
}

/// Reads a whole number from `min` to `max` for option `name`, or says why `text` is not one.
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

/// The options of `given` (name, value) in the order of `table`, each with its value: the one
/// way several options are applied at once, so that an option that depends on another comes
/// after it whatever order they were given in. Refused before anything is applied if a name is
/// not in the table (`kind` names the table in the message: "rule option") or is given twice.
///
/// # Examples
/// ```
/// use mingmang_rules::option_spec::in_table_order;
/// use mingmang_rules::RULE_OPTIONS;
///
/// let given = [("MaxPlies", "40"), ("variant", "gala")];
/// let ordered = in_table_order(&RULE_OPTIONS, |o| &o.spec, &given, "rule option").unwrap();
/// let names: Vec<&str> = ordered.iter().map(|(o, _)| o.spec.name).collect();
/// assert_eq!(names, ["Variant", "MaxPlies"]);
/// let twice = [("MaxPlies", "4"), ("maxplies", "5")];
/// assert!(in_table_order(&RULE_OPTIONS, |o| &o.spec, &twice, "rule option").is_err());
/// ```
pub fn in_table_order<'t, 'g, T>(
    table: &'t [T],
    spec: impl Fn(&T) -> &OptionSpec,
    given: &[(&str, &'g str)],
    kind: &str,
) -> Result<Vec<(&'t T, &'g str)>, String> {
    for (i, (name, _)) in given.iter().enumerate() {
        if !table.iter().any(|option| spec(option).is_named(name)) {
            return Err(format!("unknown {kind} '{}'", quote(name)));
        }
        if given[..i]
            .iter()
            .any(|(earlier, _)| earlier.trim().eq_ignore_ascii_case(name.trim()))
        {
            return Err(format!("{kind} '{}' given twice", quote(name)));
        }
    }
    Ok(table
        .iter()
        .filter_map(|option| {
            given
                .iter()
                .find(|(name, _)| spec(option).is_named(name))
                .map(|(_, value)| (option, *value))
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A spec of `kind` called `Name` with flag `name` and default `d`.
    fn spec(kind: ValueType, default: &'static str) -> OptionSpec {
        OptionSpec {
            name: "Name",
            flag: Some("name"),
            kind,
            default,
            value_name: "N",
            help: "help",
            above_max: "",
        }
    }

    #[test]
    fn every_type_is_announced_as_the_protocol_writes_it() {
        let cases = [
            (spec(ValueType::Check, "false"), "type check default false"),
            (
                spec(ValueType::Spin { min: 1, max: || 9 }, "3"),
                "type spin default 3 min 1 max 9",
            ),
            (
                spec(
                    ValueType::Combo {
                        choices: || vec!["a", "b"],
                    },
                    "a",
                ),
                "type combo default a var a var b",
            ),
            (spec(ValueType::Text, "auto"), "type string default auto"),
            (spec(ValueType::Button, ""), "type button"),
        ];
        for (spec, tail) in cases {
            assert_eq!(spec.announce(), format!("option name Name {tail}"));
            assert!(tail.starts_with(&format!("type {}", spec.type_name())));
        }
    }

    #[test]
    fn values_are_read_by_type_with_the_reason_when_not() {
        let check = spec(ValueType::Check, "false");
        assert_eq!(check.parse(Some(" TRUE ")), Ok(Value::Check(true)));
        let e = check.parse(Some("yes")).unwrap_err();
        assert_eq!(
            e,
            "option Name is a check: value must be true or false, not 'yes'"
        );
        assert!(check.parse(None).is_err());
        let mut spin = spec(ValueType::Spin { min: 1, max: || 9 }, "3");
        assert_eq!(spin.parse(Some("9")), Ok(Value::Spin(9)));
        assert_eq!(
            spin.parse(Some("x")).unwrap_err(),
            "option Name needs a whole number from 1 to 9, not 'x'"
        );
        spin.above_max = "the machine has no more";
        assert_eq!(
            spin.parse(Some("10")).unwrap_err(),
            "option Name value 10 is out of range (1 to 9): the machine has no more"
        );
        assert_eq!(
            spin.parse(Some("0")).unwrap_err(),
            "option Name value 0 is out of range (1 to 9)",
            "the note is for values above the maximum only"
        );
        assert_eq!(
            spec(ValueType::Button, "").parse(None),
            Ok(Value::Check(true))
        );
        assert_eq!(
            spec(ValueType::Text, "").parse(Some(" a b ")),
            Ok(Value::Text("a b".into()))
        );
    }

    #[test]
    fn several_options_come_in_table_order_or_not_at_all() {
        let table = [
            spec(ValueType::Check, "false"),
            OptionSpec {
                name: "Other",
                ..spec(ValueType::Text, "")
            },
        ];
        let ordered = in_table_order(&table, |s| s, &[("other", "x"), (" NAME ", "true")], "opt");
        let names: Vec<_> = ordered.unwrap().iter().map(|(s, v)| (s.name, *v)).collect();
        assert_eq!(names, [("Name", "true"), ("Other", "x")]);
        let e = in_table_order(&table, |s| s, &[("Nope", "1")], "test option").unwrap_err();
        assert_eq!(e, "unknown test option 'Nope'");
        let e = in_table_order(&table, |s| s, &[("name", "1"), ("Name ", "2")], "opt");
        assert_eq!(e.unwrap_err(), "opt 'Name ' given twice");
        assert!(in_table_order(&table, |s| s, &[], "opt")
            .unwrap()
            .is_empty());
    }
}
