//! Command-line pieces shared by the subcommands: the rule flags and how they become [`Rules`],
//! and the engine flags.
//!
//! The flags are not declared here one by one: [`RuleArgs`] builds one flag per entry of the
//! rule option table ([`RULE_OPTIONS`]) and [`EngineFlags`] one per
//! entry of the engine option table ([`ENGINE_OPTIONS`]), with their help lines, and read them
//! back through the tables, so the command line, the protocol, GTP and the match runner agree
//! on every option.

use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};

use crate::engine_options::{EngineOption, EngineOptions, OptionKind, ENGINE_OPTIONS};
use crate::rules::rule_options::{ValueType, RULE_OPTIONS};
use crate::rules::{Game, RuleSettings, Rules};

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
                .find(|o| o.name.eq_ignore_ascii_case(name) || o.flag == name)
            {
                given.push((option.name, value.to_string()));
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
        for (name, value) in &self.given {
            settings.set(name, Some(value))?;
        }
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
        RULE_OPTIONS.iter().fold(cmd, |cmd, option| {
            let arg = Arg::new(option.flag)
                .long(option.flag)
                .help(option.help)
                .help_heading("Rules");
            let arg = match option.kind {
                ValueType::Check => arg.action(ArgAction::SetTrue),
                _ => arg.value_name(option.value_name).action(ArgAction::Set),
            };
            cmd.arg(arg)
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
            let value = match option.kind {
                ValueType::Check => matches.get_flag(option.flag).then(|| "true".to_string()),
                _ => matches.get_one::<String>(option.flag).cloned(),
            };
            if let Some(value) = value {
                given.push((option.name, value));
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
        for (name, value) in &self.given {
            options.set(name, Some(value))?;
        }
        Ok(options)
    }

    /// The options that have a flag here, with the flag.
    fn flags() -> impl Iterator<Item = (&'static EngineOption, &'static str)> {
        ENGINE_OPTIONS
            .iter()
            .filter(|o| o.gtp || !GTP)
            .filter_map(|o| o.flag.map(|flag| (o, flag)))
    }
}

impl<const GTP: bool> Args for EngineFlags<GTP> {
    fn augment_args(cmd: Command) -> Command {
        EngineFlags::<GTP>::flags().fold(cmd, |cmd, (option, flag)| {
            let arg = Arg::new(flag)
                .long(flag)
                .help(format!("{} (option {})", option.help, option.name))
                .value_name(option.value_name)
                .action(ArgAction::Set);
            let arg = match option.kind {
                OptionKind::Spin { .. } => arg.default_value(option.default),
                _ => arg,
            };
            cmd.arg(arg)
        })
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        EngineFlags::<GTP>::augment_args(cmd)
    }
}

impl<const GTP: bool> FromArgMatches for EngineFlags<GTP> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<EngineFlags<GTP>, clap::Error> {
        let given = EngineFlags::<GTP>::flags()
            .filter_map(|(option, flag)| {
                let value = matches.get_one::<String>(flag)?;
                Some((option.name, value.clone()))
            })
            .collect();
        Ok(EngineFlags { given })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = EngineFlags::from_arg_matches(matches)?;
        Ok(())
    }
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
