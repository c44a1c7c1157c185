//! The `mingmang` command: the protocol engine by default, plus tools as subcommands.

use std::process::ExitCode;
use std::time::Instant;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use mingmang::cli::{build_game, RuleArgs};
use mingmang::matchrunner::{self, args::MATCH_EXAMPLES, MatchArgs};
use mingmang::protocol::{EngineArgs, Settings};
use mingmang::rules::perft;

#[derive(Parser, Debug)]
#[command(
    name = "mingmang",
    version,
    about = "Ming Mang engine and rules authority"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Rule flags for the protocol engine (the same as the rule options of `setoption`).
    #[command(flatten)]
    rules: RuleArgs,
    /// Engine flags for the protocol engine (the same as its other options).
    #[command(flatten)]
    engine: EngineArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaves of the legal move tree (rule 7 applied along every path).
    Perft {
        /// Plies to search.
        #[arg(long, short)]
        depth: u32,
        /// Start from this position string instead of the start position.
        #[arg(long)]
        fen: Option<String>,
        /// Moves to play first (they count as history for rule 7), e.g. "a2a3 h7h6".
        #[arg(long)]
        moves: Option<String>,
        /// Print the count under each root move.
        #[arg(long)]
        divide: bool,
        #[command(flatten)]
        rules: RuleArgs,
    },
    /// Play engines against each other (a match, or a round robin of several), refereed by the
    /// rules core; prints progress and a summary with Elo, LOS and SPRT.
    #[command(after_long_help = MATCH_EXAMPLES, after_help = MATCH_EXAMPLES)]
    Match(Box<MatchArgs>),
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    // Parsed in two steps so `match` can see which words came with which `--engine`.
    let matches = Cli::command().get_matches();
    let mut cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    if let (Some(Command::Match(args)), Some(("match", sub))) =
        (cli.command.as_mut(), matches.subcommand())
    {
        args.group_engines(sub);
    }
    let result = match cli.command {
        Some(Command::Perft {
            depth,
            fen,
            moves,
            divide,
            rules,
        }) => run_perft(depth, fen.as_deref(), moves.as_deref(), divide, &rules),
        Some(Command::Match(args)) => run_match(&args),
        None => Settings::from_args(&cli.rules, &cli.engine).map(mingmang::protocol::run),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_perft(
    depth: u32,
    fen: Option<&str>,
    moves: Option<&str>,
    divide: bool,
    rules: &RuleArgs,
) -> Result<(), String> {
    let mut game = build_game(rules.rules()?, fen, moves)?;
    let start = Instant::now();
    let nodes = if divide {
        let split = perft::divide(&mut game, depth);
        for (mv, n) in &split {
            println!("{mv}: {n}");
        }
        split.iter().map(|(_, n)| n).sum()
    } else {
        perft::perft(&mut game, depth)
    };
    let elapsed = start.elapsed();
    let ms = elapsed.as_millis();
    let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    println!("nodes {nodes} time {ms} ms nps {nps}");
    Ok(())
}

fn run_match(args: &MatchArgs) -> Result<(), String> {
    let config = args.config()?;
    matchrunner::run(&config).map(|_| ())
}
