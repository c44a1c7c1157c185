//! The `mingmang` command: the protocol engine by default, GTP, perft and bench; the tools'
//! subcommands (`match`, `datagen`, `tune`, `train`, `latency`) are handed to `mingmang-tools`.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};

use mingmang::cli::{build_game, EngineArgs, GtpEngineArgs, RuleArgs};
use mingmang::gtp::{self, EngineSettings, GtpSession};
use mingmang::protocol::Settings;
use mingmang::rules::perft;

mod forward;

use forward::ToolArgs;

#[derive(Parser, Debug)]
#[command(
    name = "mingmang",
    version = mingmang::VERSION,
    about = "Ming Mang engine and rules authority",
    after_help = "The rules, every option and the notation are described in docs/rules.md; the \
                  protocol in protocol/README.md."
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
        /// Plies to search, 0 to 12.
        #[arg(long, short, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(0..=perft::MAX_DEPTH as i64))]
        depth: u32,
        /// Start from this position string instead of the start position.
        #[arg(long, value_name = "POSITION")]
        fen: Option<String>,
        /// Moves to play first (they count as history for rule 7), e.g. "a2b2 h2g2".
        #[arg(long, value_name = "MOVES")]
        moves: Option<String>,
        /// Print the count under each root move.
        #[arg(long)]
        divide: bool,
        #[command(flatten)]
        rules: RuleArgs,
    },
    /// Speak GTP version 2 with GoGui's gogui-rules_* extension on stdin/stdout, so GoGui can
    /// host any game of the family (a move is entered as two clicks: the piece, then its
    /// destination; a Gala placement is one click).
    Gtp {
        /// Search depth for genmove, in plies.
        #[arg(long, value_name = "PLIES")]
        depth: Option<u32>,
        /// Thinking time for genmove, in milliseconds (1000 if neither this, --depth nor GTP
        /// clocks bound the search).
        #[arg(long, value_name = "MS")]
        movetime: Option<u64>,
        /// Engine flags (the protocol engine's options that apply to genmove; the analyze
        /// commands search at full strength).
        #[command(flatten)]
        engine: GtpEngineArgs,
        #[command(flatten)]
        rules: RuleArgs,
    },
    /// Play engines against each other (a match, or a round robin of several), refereed by the
    /// rules core: run by mingmang-tools (`mingmang-tools match --help` lists its flags).
    #[command(disable_help_flag = true)]
    Match(ToolArgs),
    /// Self-play training data (see docs/data.md): run by mingmang-tools.
    #[command(disable_help_flag = true)]
    Datagen(ToolArgs),
    /// Fit the evaluation weights to records (the Texel method): run by mingmang-tools.
    #[command(disable_help_flag = true)]
    Tune(ToolArgs),
    /// Train a network for the learned evaluation from records: run by mingmang-tools.
    #[command(disable_help_flag = true)]
    Train(ToolArgs),
    /// Time the engine's answers through the protocol (isready, stop, quit, short searches):
    /// run by mingmang-tools.
    #[command(disable_help_flag = true)]
    Latency(ToolArgs),
    /// Search the fixed benchmark positions (one thread, fresh table); the last line is
    /// `N nodes R nps`, with N the same on every machine.
    Bench {
        /// Depth on boards up to 100 squares (larger boards search one or two plies less).
        #[arg(long, short, value_name = "PLIES", default_value_t = mingmang::bench::DEFAULT_DEPTH)]
        depth: u32,
        /// Instead of the fixed list, search the start and seeded random positions of this
        /// variant (any name of --variant).
        #[arg(long, value_name = "NAME")]
        variant: Option<String>,
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
        Some(Command::Gtp {
            depth,
            movetime,
            engine,
            rules,
        }) => run_gtp(depth, movetime, &engine, &rules),
        Some(Command::Bench { depth, variant }) => run_bench(depth, variant.as_deref()),
        Some(Command::Match(args)) => forward::run_tool("match", args),
        Some(Command::Datagen(args)) => forward::run_tool("datagen", args),
        Some(Command::Tune(args)) => forward::run_tool("tune", args),
        Some(Command::Latency(args)) => forward::run_tool("latency", args),
        Some(Command::Train(args)) => forward::run_tool("train", args),
        None => Settings::from_args(&cli.rules, &cli.engine).map(|settings| {
            greet_at_a_terminal(
                "waiting for protocol commands on stdin: try ugi, position startpos, go depth 6, \
                 and quit to leave (protocol/README.md)",
            );
            mingmang::protocol::run(settings)
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_gtp(
    depth: Option<u32>,
    movetime: Option<u64>,
    engine: &GtpEngineArgs,
    rules: &RuleArgs,
) -> Result<(), String> {
    let engine = EngineSettings {
        depth,
        move_time: movetime.map(Duration::from_millis),
        options: engine.options()?,
    };
    let rules = rules.rules()?;
    let mut session = GtpSession::new(rules, engine)?;
    greet_at_a_terminal(
        "GTP mode, waiting for GTP commands on stdin: try showboard, list_commands, and quit \
         to leave (docs/gogui.md)",
    );
    let stdin = std::io::BufReader::new(std::io::stdin());
    gtp::run(&mut session, stdin, std::io::stdout().lock()).map_err(|e| e.to_string())
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
        // Each root move's line goes out as soon as it is counted.
        let mut failed = Ok(());
        let total = perft::divide_each(&mut game, depth, |mv, n| {
            if failed.is_ok() {
                failed = say(format_args!("{mv}: {n}"));
            }
        });
        failed?;
        total
    } else {
        perft::perft(&mut game, depth)
    };
    let elapsed = start.elapsed();
    let ms = elapsed.as_millis();
    let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    say(format_args!("nodes {nodes} time {ms} ms nps {nps}"))
}

fn run_bench(depth: u32, variant: Option<&str>) -> Result<(), String> {
    use mingmang::bench;
    let list = match variant {
        None => bench::positions(),
        Some(name) => bench::variant_positions(RuleArgs::from_pairs([("Variant", name)]).rules()?),
    };
    let (nodes, time) = bench::run_positions(list, depth, |p, r| {
        println!("{}", bench::position_line(p, r))
    });
    for line in bench::summary_lines(nodes, time) {
        println!("{line}");
    }
    Ok(())
}

/// Tells a person who started the engine in a terminal, on stderr, that it is waiting for
/// commands (without a word it would look stuck); front ends, which talk through pipes, never
/// see it and stdout stays protocol only.
fn greet_at_a_terminal(what: &str) {
    use std::io::IsTerminal;
    if std::io::stdin().is_terminal() {
        eprintln!("mingmang {}: {what}", mingmang::VERSION);
    }
}

/// Prints one line of a tool's output; a closed pipe (`mingmang perft --divide | head`) becomes
/// an error to report instead of a panic.
fn say(line: std::fmt::Arguments) -> Result<(), String> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{line}")
        .and_then(|_| out.flush())
        .map_err(|e| format!("cannot write to stdout: {e}"))
}
