//! The `mingmang-tools` command: engine-vs-engine matches, self-play training data, the
//! fitting of evaluation weights, the training of networks and the protocol latency
//! benchmark. The engine's `mingmang` command hands its `match`, `datagen`, `tune`, `train` and
//! `latency` subcommands to this one, so both spellings run the same code.

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use mingmang_tools::matchrunner::{self, args::match_examples, MatchArgs};

mod data_commands;
mod train_command;

#[derive(Parser, Debug)]
#[command(
    name = "mingmang-tools",
    version = mingmang::VERSION,
    about = "Matches, training data, tuning, networks and latency figures for the Ming Mang engine",
    after_help = "The same subcommands run as `mingmang match`, `mingmang datagen`, \
                  `mingmang tune`, `mingmang train` and `mingmang latency`; docs/data.md and docs/network.md \
                  describe the workflow."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play engines against each other (a match, or a round robin of several), refereed by the
    /// rules core; prints progress and a summary with Elo, LOS and SPRT.
    #[command(after_long_help = match_examples(), after_help = match_examples())]
    Match(Box<MatchArgs>),
    /// Self-play training data: games from random balanced openings at a fixed number of
    /// nodes per move, one record per position (see docs/data.md). Deterministic per --seed;
    /// runs with different seeds are shards that concatenate.
    Datagen(data_commands::DatagenArgs),
    /// Fit the evaluation weights to records (the Texel method): per weight set (Ming Mang by
    /// board-size class, each relative), prints the error before and after and writes a
    /// weights file for --eval-file / the EvalFile option. Each record names its game and
    /// rules, so tune takes no rule flags.
    Tune {
        /// Records files (or concatenations of shards); several may be given.
        #[arg(long, num_args = 1.., required = true, value_name = "FILE")]
        data: Vec<String>,
        /// Weights to start from (default: the built-in weights).
        #[arg(long, value_name = "FILE")]
        eval_file: Option<String>,
        /// Where to write the tuned weights file (not one of the inputs; an existing file only
        /// with --force).
        #[arg(long, value_name = "FILE")]
        out: String,
        /// Replace an existing --out file.
        #[arg(long)]
        force: bool,
        /// Full passes over the data.
        #[arg(long, value_name = "N", default_value_t = 400)]
        epochs: usize,
        /// Step size of the fit, in centi-pieces.
        #[arg(long, value_name = "CP", default_value_t = 1.0)]
        rate: f64,
        /// Weight of the search score in the target, 0 to 1 (0: the game's result alone).
        #[arg(long, value_name = "X", default_value_t = mingmang_tools::data::tune::TuneConfig::default().lambda)]
        lambda: f64,
        /// Weights to hold at their starting values, by name (e.g. --freeze material).
        #[arg(long, value_delimiter = ',', value_name = "NAME,...")]
        freeze: Vec<String>,
    },
    /// Train a network for the learned evaluation from records of one game on one board, on
    /// this machine's processors; resumes from the checkpoint beside --out (see
    /// docs/network.md).
    Train(train_command::TrainArgs),
    /// Time an engine's answers through the protocol: isready (idle and searching), stop and
    /// quit during go infinite, the overshoot of go movetime 50, short clocks and go depth 1
    /// on the 8x8 and 19x19 starts; min, median, p90 and max in ms over --runs fresh
    /// processes. A benchmark: the figures depend on the machine and its load.
    Latency(mingmang_tools::latency::LatencyArgs),
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    // Parsed in two steps so `match` can see which words came with which `--engine`.
    let matches = Cli::command().get_matches();
    let mut cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    if let (Command::Match(args), Some(("match", sub))) = (&mut cli.command, matches.subcommand()) {
        args.group_engines(sub);
    }
    let result = match cli.command {
        Command::Match(args) => run_match(&args),
        Command::Datagen(args) => data_commands::datagen(args),
        Command::Latency(args) => mingmang_tools::latency::run(&args),
        Command::Train(args) => train_command::train(args),
        Command::Tune {
            data,
            eval_file,
            out,
            force,
            epochs,
            rate,
            lambda,
            freeze,
        } => data_commands::tune(
            &data,
            eval_file.as_deref(),
            &out,
            force,
            &mingmang_tools::data::tune::TuneConfig {
                epochs,
                rate,
                lambda,
                frozen: freeze,
            },
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_match(args: &MatchArgs) -> Result<(), String> {
    if let Some(merged) = args.merge() {
        return merged;
    }
    let config = args.config()?;
    if let Some(preset) = args.preset {
        // Said before the first game, so that the record of a run shows what it stood for.
        println!(
            "Preset {}: {} (flags given beside it win)",
            preset.name(),
            preset.flags()
        );
    }
    matchrunner::run(&config).map(|_| ())
}
