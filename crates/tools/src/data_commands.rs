//! The `datagen` and `tune` subcommands: argument handling, files and progress around
//! `mingmang_tools::data`.

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use mingmang::cli::RuleArgs;
use mingmang::rules::Rules;
use mingmang::search::eval::network::{self, NetworkChoice};
use mingmang::search::eval::Weights;
use mingmang::text_file::{read_bytes, NETWORK_FILE_LIMIT};
use mingmang_tools::bounded_io::{self, Output};
use mingmang_tools::data::datagen::{self, DatagenConfig, Progress, Written};
use mingmang_tools::data::training_record::rules_line;
use mingmang_tools::data::tune::{self, TuneConfig};
use mingmang_tools::matchrunner::openings::{check_opening_plies, read_openings};
use std::sync::Arc;

/// The ply limit of self-play games when `--max-plies` is not given: rule 7 makes every game
/// finite, but not short.
const DEFAULT_DATAGEN_MAX_PLIES: u32 = 400;

/// What `mingmang datagen` is given.
#[derive(clap::Args, Debug)]
pub struct DatagenArgs {
    /// Games to play.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,
    /// The shard's seed (its openings and games follow from it).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Nodes per move.
    #[arg(long, value_name = "N", default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Random plies of each opening (balanced: equal material afterwards, or with --openings
    /// the book position's material).
    #[arg(long, value_name = "PLIES", default_value_t = 8)]
    pub opening_plies: u32,
    /// Start each game from a position of this openings file (one position string per
    /// line, as for `match --openings`), picked by the seed and the game's number, and
    /// play --opening-plies random plies from there: for games whose start position is
    /// already decided.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// Games played at once, one thread each.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub concurrency: u64,
    /// Transposition table per game, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=4096))]
    pub hash: u64,
    /// Evaluation weights to play with (a weights file; default: the built-in weights).
    #[arg(long, value_name = "FILE")]
    pub eval_file: Option<String>,
    /// The evaluation to play with: network (the built-in network of the game and board, or
    /// --network-file's, where one fits; the weights elsewhere) or hand (the weights
    /// everywhere: generation 0).
    #[arg(long, value_name = "KIND", default_value = "network", value_parser = ["network", "hand"])]
    pub evaluation: String,
    /// A network file, made by `mingmang train`, to play with in place of the built-in one:
    /// the next generation's data. It must be trained for the game and board played.
    #[arg(long, value_name = "FILE", conflicts_with = "evaluation")]
    pub network_file: Option<String>,
    /// Where to write the records ('-': standard output). An existing file of the same
    /// shard (same rules, settings and program) is resumed after its last whole game, or
    /// extended to --games; another file is refused unless --force.
    #[arg(long, default_value = "-", value_name = "FILE")]
    pub out: String,
    /// Replace an existing --out file instead of resuming it.
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// The weights of `--eval-file`, or the built-in ones.
fn weights(eval_file: Option<&str>) -> Result<Weights, String> {
    match eval_file {
        None => Ok(Weights::default()),
        Some(path) => bounded_io::read_flag_file(
            path,
            "--eval-file",
            bounded_io::WEIGHTS_FILE_LIMIT,
            Weights::parse,
        ),
    }
}

/// The networks of `--evaluation` and `--network-file`; a network file must fit `rules`.
fn networks(args: &DatagenArgs, rules: &Rules) -> Result<NetworkChoice, String> {
    let loaded = match &args.network_file {
        None => None,
        Some(path) => {
            let bytes = read_bytes(Path::new(path), "--network-file", NETWORK_FILE_LIMIT)?;
            let net =
                network::file::read(&bytes).map_err(|e| format!("--network-file {path}: {e}"))?;
            if !net.fits(rules) {
                return Err(format!(
                    "--network-file {path}: the network is for {} {}, not for the game played",
                    net.game, net.size
                ));
            }
            Some(Arc::new(net))
        }
    };
    Ok(NetworkChoice {
        enabled: args.evaluation == "network" || loaded.is_some(),
        loaded,
    })
}

/// `mingmang datagen`. An existing `--out` is resumed when it is the same shard (same rules,
/// settings and program), refused when it is another unless `--force`.
pub fn datagen(args: DatagenArgs) -> Result<(), String> {
    let rules = args
        .rules
        .rules_with_ply_limit(DEFAULT_DATAGEN_MAX_PLIES, "datagen")?;
    check_opening_plies(rules, args.opening_plies, "--opening-plies")?;
    let config = DatagenConfig {
        rules,
        games: args.games as usize,
        seed: args.seed,
        nodes: args.nodes,
        opening_plies: args.opening_plies,
        book: match &args.openings {
            None => Vec::new(),
            Some(path) => bounded_io::read_flag_file(
                path,
                "--openings",
                bounded_io::OPENINGS_FILE_LIMIT,
                |text| read_openings(text, rules),
            )?,
        },
        concurrency: args.concurrency as usize,
        hash_mib: args.hash as usize,
        weights: weights(args.eval_file.as_deref())?,
        networks: networks(&args, &rules)?,
    };
    let (mut out, written): (Box<dyn Write>, Written) = if args.out == "-" {
        (Box::new(std::io::stdout().lock()), Written::default())
    } else {
        let path = Path::new(&args.out);
        let inputs: Vec<&Path> = [&args.openings, &args.eval_file, &args.network_file]
            .into_iter()
            .flatten()
            .map(Path::new)
            .collect();
        Output::check(path, "--out", &inputs, true)?;
        let header = vec![rules_line(&rules), datagen::shard_line(&config)];
        let resumed = if path.exists() && !args.force {
            let found = datagen::existing_shard(path, &header)?;
            if found.written.games > config.games {
                return Err(format!(
                    "{} already holds {} games, more than --games {}",
                    args.out, found.written.games, config.games
                ));
            }
            if found.complete && found.written.games == config.games {
                eprintln!(
                    "datagen: {} is complete ({} games, {} positions); nothing to do",
                    args.out, found.written.games, found.written.records
                );
                return Ok(());
            }
            Some(found)
        } else {
            None
        };
        let file = match resumed {
            Some(found) => {
                eprintln!(
                    "datagen: resuming {} after game {} ({} positions kept)",
                    args.out, found.written.games, found.written.records
                );
                let file = std::fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .and_then(|f| f.set_len(found.keep).map(|_| f))
                    .map_err(|e| format!("cannot resume {}: {e}", args.out))?;
                let mut file = file;
                use std::io::Seek;
                file.seek(std::io::SeekFrom::End(0))
                    .map_err(|e| format!("cannot resume {}: {e}", args.out))?;
                file
            }
            None => std::fs::File::create(path)
                .map_err(|e| format!("cannot create {}: {e}", args.out))?,
        };
        let written = resumed.map_or(Written::default(), |f| f.written);
        (Box::new(std::io::BufWriter::new(file)), written)
    };
    let mut shown = Duration::ZERO;
    let total = config.games;
    let done = datagen::run(&config, written, &mut out, &mut |p: Progress| {
        if p.elapsed >= shown + Duration::from_secs(1) || p.games == total {
            shown = p.elapsed;
            eprintln!("{}", progress_line(&p, written.games, total));
        }
    })?;
    eprintln!(
        "datagen: {} games, {} positions in {:.1} s",
        done.games,
        done.records,
        done.elapsed.as_secs_f64()
    );
    Ok(())
}

/// `datagen: 12/100 games, 1234 positions, 3.4 games/s, ETA 26 s`; the rate counts the games
/// of this run, not the `resumed` ones an earlier run wrote.
fn progress_line(p: &Progress, resumed: usize, total: usize) -> String {
    let secs = p.elapsed.as_secs_f64().max(1e-3);
    let rate = (p.games - resumed) as f64 / secs;
    let eta = (total - p.games) as f64 / rate.max(1e-9);
    format!(
        "datagen: {}/{total} games, {} positions, {rate:.2} games/s, ETA {eta:.0} s",
        p.games, p.records
    )
}

/// `mingmang tune`. The output is checked before the data is read: it must not be one of
/// the inputs, nor an existing file unless `force`.
pub fn tune(
    data: &[String],
    eval_file: Option<&str>,
    out: &str,
    force: bool,
    config: &TuneConfig,
) -> Result<(), String> {
    let start = weights(eval_file)?;
    config.check(&start)?;
    let paths: Vec<std::path::PathBuf> = data.iter().map(std::path::PathBuf::from).collect();
    let mut inputs: Vec<&Path> = paths.iter().map(|p| p.as_path()).collect();
    if let Some(path) = eval_file {
        inputs.push(Path::new(path));
    }
    let output = Output::check(Path::new(out), "--out", &inputs, force)?;
    let loaded = tune::load(&paths, &start)?;
    eprintln!(
        "tune: {} records read, {} left out (mate scores, positions with a capture to make)",
        loaded.read, loaded.skipped
    );
    if loaded.sets.is_empty() {
        return Err("no position to tune on".into());
    }
    let (tuned, reports) = tune::tune(loaded, &start, config)?;
    for r in &reports {
        println!(
            "{}: {} positions, K {:.3}, loss {:.6} -> {:.6}",
            r.set, r.positions, r.k, r.loss_before, r.loss_after
        );
        let before = start.of(r.set).values();
        let after = tuned.of(r.set).values();
        let names = tuned.of(r.set).names();
        for (((name, b), a), f) in names.iter().zip(before).zip(after).zip(&r.fitted) {
            println!("  {name}: {b} -> {a} (fitted {f:.2})");
        }
    }
    output.write(tuned.to_text().as_bytes())?;
    println!("weights written to {out}");
    Ok(())
}
