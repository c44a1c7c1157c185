//! Command-line pieces shared by the subcommands: the rule flags and how they become [`Rules`],
//! and the engine flags.
//!
//! The flags are not declared here one by one: [`RuleArgs`] builds one flag per entry of the
//! rule option table ([`RULE_OPTIONS`]) and [`EngineFlags`] one per
//! entry of the engine option table ([`ENGINE_OPTIONS`]), with their help lines, and read them
//! back through the tables, so the command line, the protocol, GTP and the match runner agree
//! on every option.

use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};

use crate::engine_options::{EngineOption, EngineOptions, ENGINE_OPTIONS};
use crate::rules::{Game, RuleSettings, Rules};
use crate::rules::{OptionSpec, ValueType, RULE_OPTIONS};

/// The flags that choose the game: one per rule option (`--variant`, `--size`,
/// `--enchained-capture`, ...), as given on the command line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuleArgs {
    /// The options given, as (protocol name, value text), in the table's order.
    given: Vec<(&'static str, String)>,
}

impl RuleArgs {
    /// Rule flags as if `pairs` (protocol name or flag, value) had been given on the command
    /// line; a check takes `"true"` or `"false"`.
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> RuleArgs {
        let mut given = Vec::new();
        for (name, value) in pairs {
            if let Some(option) = RULE_OPTIONS
                .iter()
                .find(|o| o.spec.is_named(name) || o.spec.flag == Some(name))
            {
                given.push((option.spec.name, value.to_string()));
            }
        }
        RuleArgs { given }
    }

    /// The options given, as (protocol name, value text).
    pub fn given(&self) -> &[(&'static str, String)] {
        &self.given
    }

    /// The value given for the option with this protocol name, if it was given.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.given
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The settings these flags describe, each checked as `setoption` checks it.
    pub fn settings(&self) -> Result<RuleSettings, String> {
        let mut settings = RuleSettings::default();
        settings.set_all(&pairs(&self.given))?;
        Ok(settings)
    }

    /// The rules these flags describe, or an error naming the bad flag.
    pub fn rules(&self) -> Result<Rules, String> {
        self.settings()?.rules()
    }

    /// The rules for games that must end (a match, self-play data): these flags' rules, with
    /// a ply limit of `default` plies when `--max-plies` is not given; `--max-plies 0` (no
    /// limit) is refused with a message saying `who` needs one.
    pub fn rules_with_ply_limit(&self, default: u32, who: &str) -> Result<Rules, String> {
        let mut rules = self.rules()?;
        if self.value("MaxPlies").is_none() {
            rules = rules.with_max_plies(Some(default));
        }
        if rules.max_plies().is_none() {
            return Err(format!(
                "{who} needs a ply limit so that every game ends (--max-plies 0 has none)"
            ));
        }
        Ok(rules)
    }
}

impl Args for RuleArgs {
    fn augment_args(cmd: Command) -> Command {
        RULE_OPTIONS
            .iter()
            .fold(cmd, |cmd, option| match flag_arg(&option.spec, false) {
                Some(arg) => cmd.arg(arg.help_heading("Rules")),
                None => cmd,
            })
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        RuleArgs::augment_args(cmd)
    }
}

impl FromArgMatches for RuleArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<RuleArgs, clap::Error> {
        let mut given = Vec::new();
        for option in &RULE_OPTIONS {
            if let Some(value) = flag_value(&option.spec, matches) {
                given.push((option.spec.name, value));
            }
        }
        Ok(RuleArgs { given })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = RuleArgs::from_arg_matches(matches)?;
        Ok(())
    }
}

/// Engine flags: one per option of [`ENGINE_OPTIONS`] that has a flag (`--hash`,
/// `--threads`, `--skill`, ...), as given on the command line; with `GTP`, only those of the
/// options GTP mode takes. Values are read as text and checked by the table, as `setoption`
/// values are; each flag shows its option's default in the help.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EngineFlags<const GTP: bool> {
    /// The options given, as (protocol name, value text), in the table's order.
    given: Vec<(&'static str, String)>,
}

/// The protocol engine's flags: every engine option's.
pub type EngineArgs = EngineFlags<false>;

/// GTP mode's engine flags.
pub type GtpEngineArgs = EngineFlags<true>;

impl<const GTP: bool> EngineFlags<GTP> {
    /// The options given, as (protocol name, value text).
    pub fn given(&self) -> &[(&'static str, String)] {
        &self.given
    }

    /// The option values these flags describe, each checked as `setoption` checks it.
    pub fn options(&self) -> Result<EngineOptions, String> {
        let mut options = EngineOptions::default();
        options.set_all(&pairs(&self.given))?;
        Ok(options)
    }

    /// The options that have a flag here.
    fn flagged() -> impl Iterator<Item = &'static EngineOption> {
        ENGINE_OPTIONS
            .iter()
            .filter(|o| (o.gtp || !GTP) && o.spec.flag.is_some())
    }
}

impl<const GTP: bool> Args for EngineFlags<GTP> {
    fn augment_args(cmd: Command) -> Command {
        EngineFlags::<GTP>::flagged().fold(cmd, |cmd, option| match flag_arg(&option.spec, true) {
            Some(arg) => cmd.arg(arg),
            None => cmd,
        })
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        EngineFlags::<GTP>::augment_args(cmd)
    }
}

impl<const GTP: bool> FromArgMatches for EngineFlags<GTP> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<EngineFlags<GTP>, clap::Error> {
        let given = EngineFlags::<GTP>::flagged()
            .filter_map(|option| Some((option.spec.name, flag_value(&option.spec, matches)?)))
            .collect();
        Ok(EngineFlags { given })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = EngineFlags::from_arg_matches(matches)?;
        Ok(())
    }
}

/// The command-line flag of an option (`None` if it has none): `--flag VALUE`, or `--flag`
/// alone for a check, with the option's help naming the option; `with_default` adds a spin's
/// default to the help. The value is read as text and checked by the option's table, as a
/// `setoption` value is (so no default value is filled in: a flag not given is not given).
fn flag_arg(spec: &'static OptionSpec, with_default: bool) -> Option<Arg> {
    let flag = spec.flag?;
    let mut help = format!("{} (option {})", spec.help, spec.name);
    if with_default && matches!(spec.kind, ValueType::Spin { .. }) {
        help.push_str(&format!(" [default: {}]", spec.default));
    }
    let arg = Arg::new(flag).long(flag).help(help);
    Some(match spec.kind {
        ValueType::Check => arg.action(ArgAction::SetTrue),
        _ => arg.value_name(spec.value_name).action(ArgAction::Set),
    })
}

/// The value given for an option's flag, as text (`true` for a check that was given).
fn flag_value(spec: &OptionSpec, matches: &ArgMatches) -> Option<String> {
    let flag = spec.flag?;
    match spec.kind {
        ValueType::Check => matches.get_flag(flag).then(|| "true".to_string()),
        _ => matches.get_one::<String>(flag).cloned(),
    }
}

/// `given` as the (name, value) pairs that `set_all` takes.
fn pairs<'a>(given: &'a [(&'static str, String)]) -> Vec<(&'a str, &'a str)> {
    given
        .iter()
        .map(|(name, value)| (*name, value.as_str()))
        .collect()
}

/// Builds a game from rules, an optional position string (whose size then decides the board)
/// and moves to play first.
pub fn build_game(rules: Rules, fen: Option<&str>, moves: Option<&str>) -> Result<Game, String> {
    let mut game = match fen {
        None => Game::new(rules),
        Some(text) => {
            let position = crate::rules::parse_position(text)?;
            Game::from_position(rules.with_size(position.size())?, position)?
        }
    };
    for (i, text) in moves.unwrap_or("").split_whitespace().enumerate() {
        game.play_text(text)
            .map_err(|e| format!("move {} of --moves: {e}", i + 1))?;
    }
    Ok(game)
}
