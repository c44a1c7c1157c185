//! The `mingmang` command: the protocol engine by default, plus tools as subcommands.

use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use mingmang::cli::{build_game, RuleArgs};
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
    /// Search the fixed benchmark positions (one thread, fresh table); the last line is
    /// `N nodes R nps`, with N the same on every machine.
    Bench {
        /// Depth on boards up to 100 squares (larger boards search one or two plies less).
        #[arg(long, short, default_value_t = mingmang::search::bench::DEFAULT_DEPTH)]
        depth: u32,
    },
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Perft {
            depth,
            fen,
            moves,
            divide,
            rules,
        }) => run_perft(depth, fen.as_deref(), moves.as_deref(), divide, &rules),
        Some(Command::Bench { depth }) => {
            run_bench(depth);
            Ok(())
        }
        None => Err("the protocol loop is not built yet".to_string()),
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

fn run_bench(depth: u32) {
    let (nodes, time) = mingmang::search::bench::run(depth, |p, r| {
        let best = r.best.map_or("none".to_string(), |m| m.to_string());
        println!(
            "{:<48} best {:<8} score {:?} nodes {}",
            p.name, best, r.score, r.nodes
        );
    });
    let nps = (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64;
    println!("time {} ms", time.as_millis());
    println!("{nodes} nodes {nps} nps");
}
