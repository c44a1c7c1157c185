//! The `train` subcommand: argument handling, progress and files around
//! `mingmang_tools::train`.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use mingmang::search::eval::network;
use mingmang_tools::bounded_io::Output;
use mingmang_tools::train::{checkpoint, checkpoint_path, dataset, TrainConfig, Trainer};

/// What `mingmang train` is given.
#[derive(clap::Args, Debug)]
pub struct TrainArgs {
    /// Records files of one game on one board (shards of `datagen`); several may be given.
    #[arg(long, num_args = 1.., required = true, value_name = "FILE")]
    pub data: Vec<String>,
    /// Where to write the network (for the NetworkFile option).
    #[arg(long, value_name = "FILE")]
    pub out: String,
    /// Replace an existing --out file.
    #[arg(long)]
    pub force: bool,
    /// Hidden neurons per side (a multiple of 16, at most 512).
    #[arg(long, value_name = "N", default_value_t = TrainConfig::default().hidden)]
    pub hidden: usize,
    /// Output buckets, by the share of the ply limit played (1 to 16).
    #[arg(long, value_name = "N", default_value_t = TrainConfig::default().buckets)]
    pub buckets: usize,
    /// Full passes over the data.
    #[arg(long, value_name = "N", default_value_t = TrainConfig::default().epochs)]
    pub epochs: usize,
    /// Positions per step of the optimiser.
    #[arg(long, value_name = "N", default_value_t = TrainConfig::default().batch)]
    pub batch: usize,
    /// First step size of Adam (it falls to a third at 60% and a ninth at 85% of the epochs).
    #[arg(long, value_name = "X", default_value_t = TrainConfig::default().rate)]
    pub rate: f32,
    /// Weight of the search score in the target, 0 to 1 (0: the game's result alone).
    #[arg(long, value_name = "X", default_value_t = TrainConfig::default().lambda)]
    pub lambda: f32,
    /// Threads computing gradients (default: one per core). The network is the same on any
    /// number of threads.
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Leave out the positions in which the side to move can capture (by default they are
    /// learned: quiescence stands pat on them when there is a quiet move too; on Apit-sodok a
    /// network trained without them lost 70 Elo against one trained with them).
    #[arg(long)]
    pub skip_captures: bool,
    /// Seed of the starting weights and of the order of the positions.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
}

/// `mingmang train`: loads the records, resumes the checkpoint beside `--out` if it is of the
/// same run, trains the remaining epochs (saving the checkpoint after each) and writes the
/// network, read back and checked like any network file.
pub fn train(args: TrainArgs) -> Result<(), String> {
    let config = TrainConfig {
        hidden: args.hidden,
        buckets: args.buckets,
        epochs: args.epochs,
        batch: args.batch,
        rate: args.rate,
        lambda: args.lambda,
        threads: args
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        seed: args.seed,
        ..TrainConfig::default()
    };
    config.check()?;
    let paths: Vec<PathBuf> = args.data.iter().map(PathBuf::from).collect();
    let inputs: Vec<&Path> = paths.iter().map(|p| p.as_path()).collect();
    let out_path = Path::new(&args.out);
    let output = Output::check(out_path, "--out", &inputs, args.force)?;
    let started = Instant::now();
    let captures = if args.skip_captures {
        dataset::CapturePositions::Skip
    } else {
        dataset::CapturePositions::Keep
    };
    let loaded = dataset::load(&paths, config.buckets, captures)?;
    eprintln!(
        "train: {} records of {} on {}x{} read in {:.0} s, {} left out (a capture to make), \
         {} duplicates left out",
        loaded.read,
        loaded.game,
        loaded.size.width(),
        loaded.size.height(),
        started.elapsed().as_secs_f64(),
        loaded.skipped,
        loaded.duplicates
    );
    let mut trainer = Trainer::new(loaded, config)?;
    let (train, held_out) = trainer.split();
    eprintln!(
        "train: {train} positions to learn, {held_out} held out; K {:.3}; {} parameters",
        trainer.k,
        trainer.model.shape.len()
    );
    let ckpt = checkpoint_path(out_path);
    if checkpoint::resume(&mut trainer, &ckpt)? {
        eprintln!(
            "train: resuming {} after epoch {}",
            ckpt.display(),
            trainer.epochs_done
        );
    } else {
        eprintln!(
            "train: held-out loss {:.6} before training",
            trainer.validation_loss()
        );
    }
    let first_epoch = trainer.epochs_done;
    let training_started = Instant::now();
    let mut bar = ProgressBar::new();
    while trainer.epochs_done < trainer.config.epochs {
        let t = Instant::now();
        let epoch = trainer.epochs_done + 1;
        let epochs = trainer.config.epochs;
        let r = trainer.epoch_with_progress(|done, total| {
            bar.show(&format!("epoch {epoch}/{epochs}"), done, total, t.elapsed())
        });
        bar.clear();
        checkpoint::save(&trainer, &ckpt)?;
        let per_epoch = training_started.elapsed().as_secs_f64() / (r.epoch - first_epoch) as f64;
        eprintln!(
            "train: epoch {}/{} rate {:.5} loss {:.6} held-out {:.6} ({:.0} s; ETA {})",
            r.epoch,
            epochs,
            r.rate,
            r.train_loss,
            r.validation_loss,
            t.elapsed().as_secs_f64(),
            duration_text(per_epoch * (epochs - r.epoch) as f64)
        );
    }
    let net = trainer.network();
    let bytes = network::file::write(&net);
    network::file::read(&bytes)
        .map_err(|e| format!("the trained network does not read back: {e}"))?;
    let (mean, worst) = trainer.quantisation_error(&net, 20_000);
    output.write(&bytes)?;
    println!(
        "network written to {} ({} bytes); quantisation changes the evaluation by {mean:.2} cp \
         on average, {worst:.0} cp at most (held-out positions)",
        args.out,
        bytes.len()
    );
    Ok(())
}

/// A progress bar on standard error, drawn over itself, only when standard error is a
/// terminal (a log file gets the epoch lines alone).
struct ProgressBar {
    shown: bool,
    last: Option<Instant>,
}

impl ProgressBar {
    fn new() -> ProgressBar {
        ProgressBar {
            shown: false,
            last: None,
        }
    }

    /// Draws `done` of `total` after `elapsed`, with the time left at this pace; at most a few
    /// times a second.
    fn show(&mut self, label: &str, done: usize, total: usize, elapsed: Duration) {
        if !std::io::stderr().is_terminal() || total == 0 {
            return;
        }
        if self
            .last
            .is_some_and(|t| t.elapsed() < Duration::from_millis(250))
        {
            return;
        }
        self.last = Some(Instant::now());
        let share = done as f64 / total as f64;
        let width = 30;
        let filled = (share * width as f64) as usize;
        let left = if done > 0 {
            duration_text(elapsed.as_secs_f64() * (1.0 - share) / share)
        } else {
            "?".to_string()
        };
        eprint!(
            "\rtrain: {label} [{}{}] {:>3.0}% ETA {left}   ",
            "#".repeat(filled),
            ".".repeat(width - filled),
            share * 100.0
        );
        self.shown = true;
    }

    /// Wipes the bar before a line of its own is written.
    fn clear(&mut self) {
        if self.shown {
            eprint!("\r{}\r", " ".repeat(78));
            self.shown = false;
        }
        self.last = None;
    }
}

/// Seconds as `42 s`, `3 min 5 s` or `2 h 10 min`.
fn duration_text(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    match s {
        0..=59 => format!("{s} s"),
        60..=3599 => format!("{} min {} s", s / 60, s % 60),
        _ => format!("{} h {} min", s / 3600, s % 3600 / 60),
    }
}
