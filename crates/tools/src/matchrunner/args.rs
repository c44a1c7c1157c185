//! The flags of `mingmang match`, in the style of fastchess and cutechess-cli, and how they
//! become a [`MatchConfig`].

use std::path::PathBuf;
use std::time::Duration;

use clap::{ArgGroup, Args};

use super::engine::EngineSpec;
use super::openings::{check_opening_plies, read_openings};
use super::referee::GameSettings;
use super::stats::{Sprt, SprtFlag};
use super::tc::TimeControl;
use super::testing_stage::{TestingStage, PRESET_OPENING_PLIES};
use super::{MatchConfig, OpeningSource};
use mingmang::cli::RuleArgs;

/// The ply limit of a match when `--max-plies` is not given: rule 7 makes every game finite,
/// but not short, and a match needs games that end.
pub const DEFAULT_MATCH_MAX_PLIES: u32 = 400;

/// Examples shown at the end of `mingmang match --help`, with the names of the rule options
/// (from their table) in place of `{rule options}`.
pub fn match_examples() -> String {
    let names: Vec<&str> = mingmang::rules::RULE_OPTIONS
        .iter()
        .map(|o| o.spec.name)
        .collect();
    MATCH_EXAMPLES.replace("{rule options}", &names.join(", "))
}

const MATCH_EXAMPLES: &str = "\
Engines are given as key=value words after --engine (repeat --engine for each engine):
  cmd=COMMAND      command line, split at spaces (required)
  name=NAME        name in records and output (default: the program's file name)
  proto=ugi|uci|uai  protocol spelling (default ugi)
  option.NAME=VAL  sent as 'setoption name NAME value VAL' after the rule options; for
                   an engine that is this program, NAME and VAL are checked first
  query=on|off     ask 'query gameover' and 'query result' after each game and record
                   disagreements with the referee (default: on for ugi, off otherwise)
  dir=PATH         working directory
  depth=N          this engine searches to depth N whatever the match's time control
                   (nodes=N likewise), e.g. depth=4 against depth=3
--each takes the same words and applies them to every engine (an engine's own words win).

The rules (--variant, --size, --enchained-capture, ...) are forwarded to every engine with
setoption: {rule options}.
Matches default to --max-plies 400 (a match needs a limit, so 0 is refused).

Each engine is started once before the first game: one that cannot start fails the match
at once. An engine that crashes, answers after its time plus --timemargin, sends something
that is not a move, or plays an illegal move (rule 7 included) loses that game (a fault); it
is restarted and the match goes on, unless faults pass --fault-limit: then the match stops
and exits with an error. SPRT uses the logistic GSPRT of fastchess (normal approximation of
the log-likelihood ratio), counting game pairs (pentanomial) or single games.

With --json FILE, every finished game is also written to FILE with the extension .jsonl as
it ends; the same command run again after a stop resumes the match from there. Existing
result files of another match are never replaced without --force.

Examples:
  mingmang match --engine cmd=./mingmang name=new --engine cmd=./old name=old \\
      --games 100 --concurrency 2 --tc 10+0.1 --random-openings 4 --pgn games.pgn
  mingmang match --engine cmd=./mingmang name=new --engine cmd=./base name=base \\
      --preset stc --json stc.json        (screen, stc, ltc: see --preset)
  mingmang match --engine cmd=./a --engine cmd=./b --each proto=uci option.Hash=16 \\
      --movetime 50 --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 --games 20000 --json out.json
  mingmang match --engine cmd=./a --engine cmd=./b --engine cmd=./c --rounds 2 --games 2 \\
      --depth 3 --openings book.txt --size 9x9
  mingmang match --engine cmd=./mingmang name=d4 depth=4 --engine cmd=./mingmang name=d3 \\
      depth=3 --games 100 --random-openings 6 --concurrency 2
Openings file: one position string per line, optionally followed by 'moves ...'; lines
starting with # are comments.";

/// The flags of `mingmang match`.
#[derive(Args, Debug, Clone)]
#[command(group(ArgGroup::new("limit").args(["tc", "movetime", "depth", "nodes"])))]
#[command(group(ArgGroup::new("book").args(["openings", "random_openings"])))]
pub struct MatchArgs {
    /// An engine: cmd=COMMAND [name=NAME] [proto=ugi|uci|uai] [option.NAME=VALUE]... (repeat
    /// for each engine; two for a match, more for a round robin).
    #[arg(
        long,
        num_args = 1..,
        value_name = "KEY=VALUE",
        required_unless_present = "merge"
    )]
    pub engine: Vec<String>,
    /// The `--engine` words grouped by occurrence (clap's derive flattens them, so the
    /// front end fills this from the raw matches with [`MatchArgs::group_engines`]).
    #[arg(skip)]
    pub engine_groups: Vec<Vec<String>>,
    /// Words applied to every engine, e.g. --each proto=uci option.Hash=16.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub each: Vec<String>,
    /// Games per pair of engines per round; each opening is played twice, colours swapped
    /// (default 2, or the preset's).
    #[arg(long, value_name = "N")]
    pub games: Option<u32>,
    /// A stage of testing a change: screen (3000 nodes a move), stc (a 4+0.04 clock) or ltc
    /// (16+0.16), each with an SPRT by pairs (elo0=0 elo1=10), a cap on games and random
    /// 8-ply openings. Flags given beside it win over its values.
    #[arg(long, value_enum, value_name = "STAGE")]
    pub preset: Option<TestingStage>,
    /// Rounds: the schedule is repeated with new openings.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub rounds: u32,
    /// Games played at the same time (each with its own engine processes).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub concurrency: usize,
    /// Clock per side: BASE+INC in seconds, e.g. 10+0.1.
    #[arg(long, value_name = "BASE+INC")]
    pub tc: Option<String>,
    /// Fixed time per move in milliseconds (the default is 100).
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// Fixed search depth per move.
    #[arg(long, value_name = "PLIES")]
    pub depth: Option<u32>,
    /// Fixed number of nodes per move.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Milliseconds an engine may exceed its time before it forfeits.
    #[arg(long, default_value_t = 100, value_name = "MS")]
    pub timemargin: u64,
    /// Openings file: position strings, one per line, '#' comments.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Random balanced openings: K random legal plies from the start (equal piece counts).
    #[arg(long, value_name = "K")]
    pub random_openings: Option<u32>,
    /// With random openings (--random-openings, or a preset's): only openings after which
    /// neither side can take a piece at once. Many random lines leave a piece hanging, and
    /// then the next move, not the engines, decides both games of the pair.
    #[arg(long, conflicts_with = "openings")]
    pub quiet_openings: bool,
    /// The number of the first opening played, from 1: the file's Nth opening (or the Nth
    /// random opening of the seed). Shards of one match take ranges that do not overlap, e.g.
    /// --openings-from 1, 301, 601 with --games 600 each.
    #[arg(long, default_value_t = 1, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub openings_from: u64,
    /// The share of games (percent) that may end by an engine's fault (crash, time forfeit,
    /// garbage, illegal move) before the match stops and fails; 2 faults are tolerated in any
    /// case.
    #[arg(long, default_value_t = 5.0, value_name = "PERCENT")]
    pub fault_limit: f64,
    /// Replace an existing --json summary, its journal and --pgn instead of resuming.
    #[arg(long)]
    pub force: bool,
    /// Stop as soon as an SPRT decides: elo0=0 elo1=5 alpha=0.05 beta=0.05 model=pairs
    /// (model=games counts single games instead of pairs of games of one opening). `--sprt off`
    /// runs none: beside --preset, the match plays all its games; with --merge, the merged
    /// result leaves out the shards' SPRT.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub sprt: Option<Vec<String>>,
    /// Write the game records (PGN-like) to FILE.
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,
    /// Instead of playing, merge the JSON summaries of shards of one match (played with the
    /// same settings and engines, e.g. on several machines with different --seed): prints the
    /// result over all their games, with Elo, LOS and the SPRT (--sprt, or the shards' own),
    /// and writes it to --json. Shards with other settings, the same shard twice, shards that
    /// share openings and unfinished shards are refused; a merged summary among them counts
    /// each of its shards once.
    #[arg(long, num_args = 1.., value_name = "JSON", conflicts_with = "engine")]
    pub merge: Option<Vec<PathBuf>>,
    /// With --merge: the number of shards there must be; fewer (a lost shard) is an error.
    #[arg(long, value_name = "N", requires = "merge")]
    pub expect: Option<usize>,
    /// Write a JSON summary to FILE.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Seed for random openings.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub seed: u64,
    /// The rules of the games.
    #[command(flatten)]
    pub rules: RuleArgs,
}

impl MatchArgs {
    /// Fills [`MatchArgs::engine_groups`] from the matches of the `match` subcommand: one
    /// group of words per `--engine`.
    pub fn group_engines(&mut self, matches: &clap::ArgMatches) {
        self.engine_groups = matches
            .get_occurrences::<String>("engine")
            .map(|occ| occ.map(|words| words.cloned().collect()).collect())
            .unwrap_or_default();
    }

    /// With `--merge`: merges the shards' summaries, prints the result and writes `--json`.
    /// `None` when there is nothing to merge (a match is to be played).
    pub fn merge(&self) -> Option<Result<(), String>> {
        let paths = self.merge.as_ref()?;
        Some((|| {
            let inputs: Vec<&std::path::Path> = paths.iter().map(|p| p.as_path()).collect();
            // A merged summary named like the shards (`--merge match-*.json --json
            // match-all.json`, run twice) is read back as an input; it may be replaced.
            let output = self
                .json
                .as_ref()
                .map(|p| {
                    let others: Vec<&std::path::Path> = inputs
                        .iter()
                        .copied()
                        .filter(|i| !crate::bounded_io::same_file(i, p))
                        .collect();
                    crate::bounded_io::Output::check(p, "--json", &others, true)
                })
                .transpose()?;
            let shards = paths
                .iter()
                .map(|p| {
                    crate::bounded_io::read_json(p, "summary", crate::bounded_io::MATCH_FILE_LIMIT)
                        .map(|v| (p.display().to_string(), v))
                })
                .collect::<Result<Vec<_>, _>>()?;
            if let Some(out) = &output {
                let replaced = paths
                    .iter()
                    .zip(&shards)
                    .find(|(p, _)| crate::bounded_io::same_file(p, out.path()));
                if let Some((p, (_, v))) = replaced {
                    if v.get("kind").and_then(|k| k.as_str()) != Some("merged") {
                        return Err(format!(
                            "--json {} is one of the shards: writing it would destroy it",
                            p.display()
                        ));
                    }
                }
            }
            let sprt = SprtFlag::parse(self.sprt.as_deref())?;
            let merged = super::merge::merge(&shards, sprt, self.expect)?;
            print!("{}", merged.text());
            if let Some(out) = &output {
                out.write(super::json::render(&merged.json()).as_bytes())?;
            }
            merged.check_faults(self.fault_limit)
        })())
    }

    /// Checks the flags and builds the match configuration.
    pub fn config(&self) -> Result<MatchConfig, String> {
        let rules = self
            .rules
            .rules_with_ply_limit(DEFAULT_MATCH_MAX_PLIES, "a match")?;
        if !(self.fault_limit.is_finite() && (0.0..=100.0).contains(&self.fault_limit)) {
            return Err(format!(
                "--fault-limit {} is not a percentage from 0 to 100",
                self.fault_limit
            ));
        }
        let engines = self
            .engine_groups
            .iter()
            .map(|words| {
                let all: Vec<&String> = self.each.iter().chain(words).collect();
                EngineSpec::parse(&all)
            })
            .collect::<Result<Vec<_>, _>>()?;
        // An engine that is the mingmang built with this program (the binary beside it) has
        // the options of the tables this program links: they are checked now, before any game.
        let own_engine = std::env::current_exe()
            .ok()
            .map(|me| me.with_file_name(format!("mingmang{}", std::env::consts::EXE_SUFFIX)));
        for spec in &engines {
            let own = super::identity::program_file(spec)
                .zip(own_engine.as_ref())
                .is_some_and(|(program, engine)| crate::bounded_io::same_file(&program, engine));
            if own {
                super::engine::check_own_options(spec)?;
            }
        }
        let tc = if let Some(text) = &self.tc {
            TimeControl::parse_clock(text)?
        } else if let Some(d) = self.depth {
            TimeControl::Depth(d)
        } else if let Some(n) = self.nodes {
            TimeControl::Nodes(n)
        } else if let (Some(p), None) = (self.preset, self.movetime) {
            p.time_control()
        } else {
            TimeControl::MoveTime(self.movetime.unwrap_or(100))
        };
        let random_openings = self
            .random_openings
            .or(self.preset.map(|_| PRESET_OPENING_PLIES))
            .filter(|_| self.openings.is_none());
        let openings = if let Some(path) = &self.openings {
            let text = crate::bounded_io::read_text(
                path,
                "--openings",
                crate::bounded_io::OPENINGS_FILE_LIMIT,
            )?;
            OpeningSource::List {
                openings: read_openings(&text, rules)
                    .map_err(|e| format!("--openings {}: {e}", path.display()))?,
                path: path.display().to_string(),
                fingerprint: crate::bounded_io::fingerprint(text.as_bytes()),
            }
        } else if let Some(k) = random_openings {
            check_opening_plies(rules, k, "--random-openings")?;
            OpeningSource::Random {
                plies: k,
                quiet: self.quiet_openings,
            }
        } else {
            OpeningSource::Start
        };
        let preset_sprt = self
            .preset
            .map(|p| Sprt::parse(&p.sprt_words()))
            .transpose()?;
        let sprt = SprtFlag::parse(self.sprt.as_deref())?.or_else(|| preset_sprt);
        let games = self
            .games
            .unwrap_or(self.preset.map_or(2, TestingStage::max_games));
        if games == 0 || self.rounds == 0 {
            return Err("--games and --rounds must be at least 1".into());
        }
        if self.concurrency == 0 {
            return Err("--concurrency must be at least 1".into());
        }
        if self.depth == Some(0) {
            return Err("--depth must be at least 1 (a search of depth 0 plays no move)".into());
        }
        Ok(MatchConfig {
            engines,
            games,
            rounds: self.rounds,
            concurrency: self.concurrency,
            settings: GameSettings {
                rules,
                variant: self.rules.value("Variant").map(str::to_string),
                tc,
                margin: Duration::from_millis(self.timemargin),
            },
            openings,
            sprt,
            pgn: self.pgn.clone(),
            json: self.json.clone(),
            seed: self.seed,
            openings_from: self.openings_from - 1,
            fault_limit: self.fault_limit,
            force: self.force,
        })
    }
}
