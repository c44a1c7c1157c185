//! Training positions for a network: each record's active inputs from both seats, its output
//! bucket and its target, packed flat so millions fit in memory.

use std::collections::HashSet;
use std::path::PathBuf;

use mingmang::rules::{BoardSize, Color, Game};
use mingmang::search::eval::network::features::{active_inputs, FeatureSet};
use mingmang::search::eval::network::output_bucket;

use crate::data::training_record::{read_records_file, RecordScore};

/// The score a forced win stands for (a forced loss its negation): far enough that its
/// winning chance is 1 at any sensible scale.
pub const FORCED_SCORE: f32 = 100_000.0;

/// The positions of one game and board, ready for training.
#[derive(Default)]
pub struct Dataset {
    /// Active inputs of every position, the side to move's seat then the other's.
    inputs: Vec<u16>,
    /// Where each position's inputs start in `inputs` (one more entry than positions).
    starts: Vec<u32>,
    /// How many of a position's inputs belong to the side to move's seat.
    split: Vec<u16>,
    /// Each position's output bucket.
    pub buckets: Vec<u8>,
    /// The search's score in centi-pieces for the side to move; a forced result is
    /// [`FORCED_SCORE`] either way.
    pub scores: Vec<f32>,
    /// The game's result for the side to move: 1, 0.5 or 0.
    pub results: Vec<f32>,
}

/// What a records file holds for a network, and what was left out.
pub struct Loaded {
    /// The game's name (the table of games').
    pub game: String,
    /// The board.
    pub size: BoardSize,
    /// The inputs the positions are given as: the smallest feature set that describes the
    /// game.
    pub features: FeatureSet,
    /// The positions.
    pub data: Dataset,
    /// Records read.
    pub read: usize,
    /// Records left out as positions with a capture to make (under
    /// [`CapturePositions::Skip`]).
    pub skipped: usize,
    /// Records left out as duplicates: a position (board, side to move, hands) in an output
    /// bucket where an earlier record already put it. Openings and the games' early plies
    /// repeat across games, and a repeated position would only weigh more in the loss.
    pub duplicates: usize,
}

impl Dataset {
    /// How many positions there are.
    pub fn len(&self) -> usize {
        self.results.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.results.is_empty()
    }

    /// Position `i`'s inputs: the side to move's seat's, then the other seat's.
    pub fn inputs(&self, i: usize) -> (&[u16], &[u16]) {
        let (start, end) = (self.starts[i] as usize, self.starts[i + 1] as usize);
        self.inputs[start..end].split_at(self.split[i] as usize)
    }

    /// Adds `game`'s position, as the inputs of `features`, with its bucket, score and result.
    pub fn push(&mut self, game: &Game, features: FeatureSet, bucket: u8, score: f32, result: f32) {
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        let pos = game.position();
        let us = pos.side_to_move();
        let before = self.inputs.len();
        for seat in [us, us.other()] {
            active_inputs(pos, seat, features, |i| self.inputs.push(i as u16));
            if seat == us {
                self.split.push((self.inputs.len() - before) as u16);
            }
        }
        self.starts.push(self.inputs.len() as u32);
        self.buckets.push(bucket);
        self.scores.push(score);
        self.results.push(result);
    }
}

/// What becomes of the positions in which the side to move can capture.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CapturePositions {
    /// Left out: their score is the capture's, which quiescence searches anyway.
    Skip,
    /// Learned as well: quiescence stands pat on such a position (when the side to move has a
    /// quiet move too) and cuts on its static evaluation, so the network meets them; in the
    /// games that remove what they capture they are a quarter of the records.
    Keep,
}

/// Reads records files, all of one game and board, for a network with `buckets` output
/// buckets, giving the positions as the inputs of the smallest feature set that describes the
/// game, each position once per output bucket. Errors name the file and line, the first
/// record of another game or board, or a game no feature set describes.
pub fn load(
    paths: &[PathBuf],
    buckets: usize,
    captures: CapturePositions,
) -> Result<Loaded, String> {
    let mut loaded: Option<Loaded> = None;
    let mut error = None;
    let mut seen = HashSet::new();
    for path in paths {
        read_records_file(path, |read| {
            if error.is_some() {
                return;
            }
            let game = read.game;
            let rules = game.rules();
            let family = rules.family();
            if loaded.is_none() {
                let Some(features) =
                    FeatureSet::smallest_covering(family.has_kings(), family.has_placement())
                else {
                    error = Some(format!(
                        "no feature set describes {}: none has inputs for both kings and pieces in hand",
                        rules.game().name()
                    ));
                    return;
                };
                loaded = Some(Loaded {
                    game: rules.game().name().to_string(),
                    size: rules.size(),
                    features,
                    data: Dataset::default(),
                    read: 0,
                    skipped: 0,
                    duplicates: 0,
                });
            }
            let this = loaded.as_mut().expect("set above");
            if this.game != rules.game().name() || this.size != rules.size() {
                error = Some(format!(
                    "{}: a record of {} on {}x{} among records of {} on {}x{}; a network \
                     learns one game on one board",
                    path.display(),
                    rules.game().name(),
                    rules.size().width(),
                    rules.size().height(),
                    this.game,
                    this.size.width(),
                    this.size.height()
                ));
                return;
            }
            this.read += 1;
            if captures == CapturePositions::Skip {
                let mut found = 0;
                game.position().generate_captures(rules, |_, _| found += 1);
                if found > 0 {
                    this.skipped += 1;
                    return;
                }
            }
            let bucket = output_bucket(&game, buckets);
            if !seen.insert((game.position().hash(), bucket)) {
                this.duplicates += 1;
                return;
            }
            let white = game.side_to_move() == Color::White;
            let result = read.record.result.white_score() as f32;
            let result = if white { result } else { 1.0 - result };
            let score = match read.record.score {
                RecordScore::Cp(cp) => cp as f32,
                RecordScore::Mate(n) if n > 0 => FORCED_SCORE,
                RecordScore::Mate(_) => -FORCED_SCORE,
            };
            this.data
                .push(&game, this.features, bucket as u8, score, result);
        })?;
        if let Some(e) = error.take() {
            return Err(e);
        }
    }
    loaded.ok_or_else(|| "the records files hold no records".to_string())
}
