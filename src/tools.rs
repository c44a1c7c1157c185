//! The `datagen` and `tune` subcommands: argument handling, files and progress around
//! `mingmang::data`.

use std::io::Write;
use std::time::Duration;

use mingmang::cli::RuleArgs;
use mingmang::data::datagen::{self, DatagenConfig, Progress};
use mingmang::data::tune::{self, TuneConfig};
use mingmang::matchrunner::openings::read_openings;
use mingmang::search::eval::Weights;

/// The ply limit of self-play games when `--max-plies` is not given: rule 7 makes every game
/// finite, but not short.
const DEFAULT_DATAGEN_MAX_PLIES: u32 = 400;

/// What `mingmang datagen` was given.
pub struct DatagenArgs {
    pub games: usize,
    pub seed: u64,
    pub nodes: u64,
    pub opening_plies: u32,
    pub openings: Option<String>,
    pub concurrency: usize,
    pub hash_mib: usize,
    pub eval_file: Option<String>,
    pub out: String,
    pub rules: RuleArgs,
}

/// The weights of `--eval-file`, or the built-in ones.
fn weights(eval_file: Option<&str>) -> Result<Weights, String> {
    match eval_file {
        None => Ok(Weights::default()),
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read --eval-file {path}: {e}"))?;
            Weights::parse(&text).map_err(|e| format!("--eval-file {path}: {e}"))
        }
    }
}

/// `mingmang datagen`.
pub fn datagen(args: DatagenArgs) -> Result<(), String> {
    let mut rules = args.rules.rules()?;
    if args.rules.value("MaxPlies").is_none() {
        rules = rules.with_max_plies(Some(DEFAULT_DATAGEN_MAX_PLIES));
    }
    let config = DatagenConfig {
        rules,
        games: args.games,
        seed: args.seed,
        nodes: args.nodes,
        opening_plies: args.opening_plies,
        book: match &args.openings {
            None => Vec::new(),
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("cannot read --openings {path}: {e}"))?;
                read_openings(&text, rules).map_err(|e| format!("--openings {path}: {e}"))?
            }
        },
        concurrency: args.concurrency,
        hash_mib: args.hash_mib,
        weights: weights(args.eval_file.as_deref())?,
    };
    let mut out: Box<dyn Write> = if args.out == "-" {
        Box::new(std::io::stdout().lock())
    } else {
        let file = std::fs::File::create(&args.out)
            .map_err(|e| format!("cannot create {}: {e}", args.out))?;
        Box::new(std::io::BufWriter::new(file))
    };
    let mut shown = Duration::ZERO;
    let total = config.games;
    let done = datagen::run(&config, &mut out, &mut |p: Progress| {
        if p.elapsed >= shown + Duration::from_secs(1) || p.games == total {
            shown = p.elapsed;
            eprintln!("{}", progress_line(&p, total));
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

/// `datagen: 12/100 games, 1234 positions, 3.4 games/s, ETA 26 s`.
fn progress_line(p: &Progress, total: usize) -> String {
    let secs = p.elapsed.as_secs_f64().max(1e-3);
    let rate = p.games as f64 / secs;
    let eta = (total - p.games) as f64 / rate.max(1e-9);
    format!(
        "datagen: {}/{total} games, {} positions, {rate:.2} games/s, ETA {eta:.0} s",
        p.games, p.records
    )
}

/// `mingmang tune`.
pub fn tune(
    data: &[String],
    eval_file: Option<&str>,
    out: &str,
    config: &TuneConfig,
) -> Result<(), String> {
    if !(0.0..=1.0).contains(&config.lambda) {
        return Err(format!("--lambda {} is not between 0 and 1", config.lambda));
    }
    let start = weights(eval_file)?;
    let texts = data
        .iter()
        .map(|path| std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let loaded = tune::load(&texts, &start)?;
    eprintln!(
        "tune: {} records read, {} left out (mate scores, positions with a capture to make)",
        loaded.read, loaded.skipped
    );
    if loaded.sets.is_empty() {
        return Err("no position to tune on".into());
    }
    let (tuned, reports) = tune::tune(loaded, &start, config);
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
    std::fs::write(out, tuned.to_text()).map_err(|e| format!("cannot write {out}: {e}"))?;
    println!("weights written to {out}");
    Ok(())
}
