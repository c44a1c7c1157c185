//! The protocol's options: the engine's ([`ENGINE_OPTIONS`]) and the rules'
//! ([`RULE_OPTIONS`]), their values in force, the `option` lines announced after `ugi`, and
//! the command-line flags that set the same values.

#[cfg(feature = "cli")]
use crate::cli::{EngineArgs, RuleArgs};
use crate::engine_options::ENGINE_OPTIONS;
use crate::engine_options::{self as engine_options, Effect, EngineOptions, Ruleset};
use crate::rules::notation::quote;
use crate::rules::rule_options::{self as rule_options, RULE_OPTIONS};
use crate::rules::{Rules, ValueType};

/// The values of every option: the engine's own and the rules'.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Settings {
    /// The engine's options (`Hash`, `Threads`, ...).
    pub engine: EngineOptions,
    /// The rule options (`Variant`, `BoardSize`, ...) and the rules they make.
    pub rules: Ruleset,
}

impl Settings {
    /// The rules these settings describe (always valid: [`Settings::set`] refuses rule
    /// options that do not fit together).
    pub fn rules(&self) -> Rules {
        self.rules.rules()
    }

    /// The `option ...` lines announced after `ugi`: the engine's options, the rule options
    /// in the table's order, then the buttons (`Clear Hash`).
    pub fn option_lines() -> Vec<String> {
        let button = |o: &&engine_options::EngineOption| matches!(o.spec.kind, ValueType::Button);
        let engine = ENGINE_OPTIONS.iter().filter(|o| !button(o));
        let rules = RULE_OPTIONS.iter().map(|o| o.spec.announce());
        let buttons = ENGINE_OPTIONS.iter().filter(button);
        engine
            .map(|o| o.spec.announce())
            .chain(rules)
            .chain(buttons.map(|o| o.spec.announce()))
            .collect()
    }

    /// Sets option `name` (any case) to `value`. On error nothing changes. A rule option must
    /// leave rules that fit together: a relative is played on its own board size and takes
    /// none of Ming Mang's options, so e.g. `Variant gala` with `BoardSize 8x8`, or
    /// `Territory true` with `Variant rek`, is refused with the reason.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Effect, String> {
        if rule_options::find(name).is_some() {
            self.rules.set(name, value)?;
            return Ok(Effect::Rules);
        }
        if engine_options::find(name).is_some() {
            return self.engine.set(name, value);
        }
        Err(format!("unknown option '{}'", quote(name)))
    }

    /// Sets several options at once, the engine's and the rules' mixed: each table's options
    /// in that table's order, whatever the order given (see
    /// [`crate::rules::option_spec::in_table_order`]). Says what the engine must do about
    /// each change; on error nothing changes.
    pub fn set_all(&mut self, given: &[(&str, &str)]) -> Result<Vec<Effect>, String> {
        if let Some((name, _)) = given.iter().find(|(name, _)| {
            rule_options::find(name).is_none() && engine_options::find(name).is_none()
        }) {
            return Err(format!("unknown option '{}'", quote(name)));
        }
        let (rules, engine): (Vec<_>, Vec<_>) = given
            .iter()
            .partition(|(name, _)| rule_options::find(name).is_some());
        let mut next = self.clone();
        next.rules.set_all(&rules)?;
        let mut effects = next.engine.set_all(&engine)?;
        if !rules.is_empty() {
            effects.insert(0, Effect::Rules);
        }
        *self = next;
        Ok(effects)
    }

    /// Settings from the command line: the flags go through [`Settings::set_all`], so the
    /// same checks apply as to `setoption`.
    #[cfg(feature = "cli")]
    pub fn from_args(rules: &RuleArgs, engine: &EngineArgs) -> Result<Settings, String> {
        let given: Vec<(&str, &str)> = engine
            .given()
            .iter()
            .chain(rules.given())
            .map(|(name, value)| (*name, value.as_str()))
            .collect();
        let mut settings = Settings::default();
        settings.set_all(&given)?;
        Ok(settings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_checks_and_keeps_old_values() {
        let mut s = Settings::default();
        assert_eq!(s.set("hash", Some("64")), Ok(Effect::Hash));
        assert_eq!(s.engine.hash_mib, 64);
        assert!(s.set("Hash", Some("0")).is_err());
        assert!(s.set("Hash", Some("999999999999")).is_err());
        assert_eq!(s.engine.hash_mib, 64);
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
            s.rules.settings().board_size.map(|b| b.to_string()),
            Some("7x7".into())
        );
        let e = s.set("Territory", Some("true")).unwrap_err();
        assert!(e.contains("territory option belongs to Ming Mang"), "{e}");
        assert!(!s.rules().options().territory);
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

    #[test]
    fn every_option_is_announced_once_with_buttons_last() {
        let lines = Settings::option_lines();
        assert_eq!(lines.len(), ENGINE_OPTIONS.len() + RULE_OPTIONS.len());
        assert_eq!(lines.last().unwrap(), "option name Clear Hash type button");
        for name in ENGINE_OPTIONS
            .iter()
            .map(|o| o.spec.name)
            .chain(RULE_OPTIONS.iter().map(|o| o.spec.name))
        {
            let prefix = format!("option name {name} type ");
            assert_eq!(
                lines.iter().filter(|l| l.starts_with(&prefix)).count(),
                1,
                "{name}"
            );
        }
    }
}
