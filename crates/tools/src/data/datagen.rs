//! Self-play data: games of the engine against itself from random balanced openings, at a
//! fixed number of nodes per move, each position recorded with the search's score and the
//! game's result ([`super::training_record`]).
//!
//! Everything is a function of the seed and the game's number: the opening comes from
//! `(seed, game)`, every search has one thread, a node limit (checked every 128 nodes, never
//! a clock) and a fresh table. So a run is the same on every machine and at every
//! concurrency, and two runs with different seeds are two shards that simply concatenate.

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::training_record::{end_line, game_line, rules_line, GameResult, Record, RecordScore};
use crate::bounded_io::{fingerprint, own_fingerprint};
use crate::matchrunner::openings::{extend_opening, Opening};
use mingmang::rules::game_loop::{End, Player, Proposal};
use mingmang::rules::random::{RandomOpening, Rng, Stream};
use mingmang::rules::{format_position, Game, Move, Rules};
use mingmang::search::eval::network::{self, NetworkChoice};
use mingmang::search::eval::Weights;
use mingmang::search::{Limits, Score, SearchOptions, Searcher, Skill};

/// What to generate.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    /// The rules of every game (with a ply limit, so that games end).
    pub rules: Rules,
    /// How many games.
    pub games: usize,
    /// The shard's seed: its openings (and so its games) follow from it.
    pub seed: u64,
    /// Nodes per move.
    pub nodes: u64,
    /// Random plies of each opening.
    pub opening_plies: u32,
    /// Positions to start from instead of the start position (an openings file): each game
    /// picks one by the seed and its number, then plays `opening_plies` random plies from it.
    /// Empty: every game starts from the start position.
    pub book: Vec<Opening>,
    /// Games played at once, one thread each.
    pub concurrency: usize,
    /// Transposition table per game, MiB.
    pub hash_mib: usize,
    /// The evaluation weights.
    pub weights: Weights,
    /// The networks that evaluate (where one fits the rules) in place of the weights.
    pub networks: NetworkChoice,
}

impl DatagenConfig {
    /// What evaluates this shard's games: `hand` (the weights), or `network` and the
    /// fingerprint of the network's file, so that shards of different generations tell apart.
    pub fn evaluation(&self) -> String {
        match self.networks.for_rules(&self.rules) {
            None => "hand".to_string(),
            Some(net) => format!("network {}", fingerprint(&network::file::write(net))),
        }
    }
}

/// How far a run has got.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Games finished and written.
    pub games: usize,
    /// Records written.
    pub records: usize,
    /// Time since the start.
    pub elapsed: Duration,
}

/// The `#datagen` line under the `#rules` line of a shard: everything that decides its games
/// besides the rules (seed, nodes, opening plies, table size, and fingerprints of the
/// openings, the weights and the program), so that a resumed run can check it continues the
/// same shard, and anyone can tell two shards' origins apart.
pub fn shard_line(config: &DatagenConfig) -> String {
    let book = if config.book.is_empty() {
        "-".to_string()
    } else {
        let text: Vec<String> = config
            .book
            .iter()
            .map(|o| o.position_command(&[]))
            .collect();
        fingerprint(text.join("\n").as_bytes())
    };
    format!(
        "#datagen seed {} nodes {} opening-plies {} hash {} openings {book} weights {} \
         evaluation {} engine {}",
        config.seed,
        config.nodes,
        config.opening_plies,
        config.hash_mib,
        fingerprint(config.weights.to_text().as_bytes()),
        config.evaluation(),
        own_fingerprint()
    )
}

/// How much of a shard an earlier, interrupted run wrote: whole games only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// Games written, each closed by its `#game` line.
    pub games: usize,
    /// Their records.
    pub records: usize,
}

/// What is in an existing shard file, as a resumed run sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExistingShard {
    /// The whole games it holds.
    pub written: Written,
    /// The byte offset just past the last whole game's `#game` line (or the header): what a
    /// resumed run keeps.
    pub keep: u64,
    /// Whether it ends with its `#end` line.
    pub complete: bool,
}

/// Reads the shard file at `path` to resume it: it must begin with the `#rules` and
/// `#datagen` lines this run would write (`header`), else it is another shard and the error
/// says what differs.
pub fn existing_shard(path: &std::path::Path, header: &[String]) -> Result<ExistingShard, String> {
    let shown = path.display();
    let mut found = ExistingShard {
        written: Written::default(),
        keep: 0,
        complete: false,
    };
    crate::bounded_io::for_each_line(
        path,
        "--out",
        crate::bounded_io::RECORDS_FILE_LIMIT,
        |n, line, end| {
            if n <= header.len() {
                let expected = &header[n - 1];
                if line != expected {
                    return Err(format!(
                        "{shown} holds another shard (line {n} is '{line}' where this run writes \
                     '{expected}'); choose another --out, or add --force to replace it"
                    ));
                }
                found.keep = end;
                return Ok(());
            }
            if found.complete {
                return Err(format!("{shown} line {n}: lines after the #end line"));
            }
            if line.starts_with("#game ") {
                found.written.games += 1;
                found.keep = end;
                found.written.records = n - header.len() - found.written.games;
            } else if line == end_line(found.written.games, found.written.records) {
                // Whole only with its line break: a file cut inside its #end line is resumed.
                found.complete = ends_with_newline(path);
            }
            Ok(())
        },
    )?;
    if found.keep == 0 {
        return Err(format!(
            "{shown} exists but is not a shard (no header); choose another --out, or add --force \
             to replace it"
        ));
    }
    Ok(found)
}

/// Whether the file at `path` ends with a line break.
fn ends_with_newline(path: &std::path::Path) -> bool {
    use std::io::{Read, Seek, SeekFrom};
    let mut last = [0u8];
    std::fs::File::open(path)
        .and_then(|mut f| {
            f.seek(SeekFrom::End(-1))?;
            f.read_exact(&mut last)
        })
        .is_ok()
        && last[0] == b'\n'
}

/// Plays game number `index` of the shard and returns its records; an error if no opening of
/// the requested plies can be drawn for it.
pub fn play_game(config: &DatagenConfig, index: usize) -> Result<Vec<Record>, String> {
    let rules = config.rules;
    let opening = extend_opening(
        &book_opening(config, index),
        rules,
        RandomOpening::balanced(config.opening_plies as usize),
        Stream::Datagen,
        config.seed,
        index as u64,
    )
    .map_err(|e| format!("game {}: {e}", index + 1))?;
    let mut game = opening.game(rules)?;
    let mut searcher = Searcher::new(config.hash_mib);
    searcher.set_weights(config.weights);
    searcher.set_networks(config.networks.clone());
    let mut player = Recorder {
        searcher,
        limits: Limits {
            nodes: Some(config.nodes),
            ..Limits::default()
        },
        options: SearchOptions {
            threads: 1,
            multi_pv: 1,
            move_overhead: Duration::ZERO,
            skill: Skill::default(),
        },
        pending: Vec::new(),
    };
    // The rules carry a ply limit: no cap of the loop's own.
    let record = mingmang::rules::game_loop::play_game(&mut game, &mut player, None);
    let result = match record.end {
        End::Rules(outcome) => GameResult::of(outcome).expect("the game ended"),
        End::Adjudicated | End::Foul { .. } => {
            unreachable!("a game that is not over has a legal move, which the search finds")
        }
    };
    Ok(player
        .pending
        .into_iter()
        .map(|(position, score, ply, mv)| Record {
            position,
            score,
            result,
            ply,
            mv: mv.to_string(),
        })
        .collect())
}

/// The engine of a self-play game, for both sides: a fresh search of every position at the
/// node limit, each position kept with its score and move until the result is known.
struct Recorder {
    searcher: Searcher,
    limits: Limits,
    options: SearchOptions,
    /// Position string, score, ply and move of every position searched so far.
    pending: Vec<(String, RecordScore, usize, Move)>,
}

impl Player for Recorder {
    type Fault = std::convert::Infallible;

    fn choose(&mut self, game: &Game) -> Result<Proposal, Self::Fault> {
        let stop = AtomicBool::new(false);
        let found = self
            .searcher
            .search(game, &self.limits, &self.options, &stop, &mut |_| {});
        // The loop asks only in games that are not over, where there is a legal move.
        let best = found
            .best
            .expect("a game that is not over has a legal move");
        let score = match found.score {
            Score::Cp(cp) => RecordScore::Cp(cp),
            Score::Mate(n) => RecordScore::Mate(n),
        };
        self.pending
            .push((format_position(game.position()), score, game.plies(), best));
        Ok(Proposal::Move(best))
    }
}

/// The book position game number `index` starts from (the start position without a book).
/// The pick is random rather than in turn, so that shards of a small book do not all begin
/// with the same positions.
fn book_opening(config: &DatagenConfig, index: usize) -> Opening {
    if config.book.is_empty() {
        return Opening::startpos();
    }
    let mut rng =
        Rng::new(config.seed.rotate_left(32) ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    config.book[rng.below(config.book.len())].clone()
}

/// Plays the shard's games, `concurrency` at a time, writing their records to `out` in game
/// order, each game followed by its `#game` line and flushed whole, and the shard closed by
/// its `#end` line; reports progress to `progress` after each game. `written` says what an
/// earlier run already wrote (its games are skipped and counted); a fresh shard starts with
/// its `#rules` and `#datagen` lines.
pub fn run(
    config: &DatagenConfig,
    written: Written,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(Progress),
) -> Result<Progress, String> {
    let start = Instant::now();
    let write_err = |e: std::io::Error| format!("cannot write the records: {e}");
    if written == Written::default() {
        writeln!(out, "{}\n{}", rules_line(&config.rules), shard_line(config))
            .map_err(write_err)?;
    }
    let next = AtomicUsize::new(written.games);
    let (tx, rx) = mpsc::channel::<(usize, Result<Vec<Record>, String>)>();
    let mut done = Progress {
        games: written.games,
        records: written.records,
        elapsed: Duration::ZERO,
    };
    std::thread::scope(|scope| -> Result<(), String> {
        for _ in 0..config.concurrency.max(1) {
            let tx = tx.clone();
            let next = &next;
            std::thread::Builder::new()
                .stack_size(mingmang::search::SEARCH_STACK_SIZE)
                .spawn_scoped(scope, move || loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= config.games || tx.send((index, play_game(config, index))).is_err()
                    {
                        return;
                    }
                })
                .expect("spawn a datagen thread");
        }
        drop(tx);
        // Games finish in any order; they are written in the order of their numbers, each
        // whole and flushed, so that a run stopped at any moment leaves whole games behind.
        let mut waiting: BTreeMap<usize, Result<Vec<Record>, String>> = BTreeMap::new();
        for (index, records) in rx {
            waiting.insert(index, records);
            while let Some(records) = waiting.remove(&done.games) {
                // The first game that cannot be played stops the run; the threads see the
                // channel close and stop after their current game.
                let records = records?;
                let mut block = String::new();
                for r in &records {
                    block.push_str(&format!("{r}\n"));
                }
                block.push_str(&game_line(done.games + 1, records.len()));
                block.push('\n');
                out.write_all(block.as_bytes())
                    .and_then(|_| out.flush())
                    .map_err(write_err)?;
                done.games += 1;
                done.records += records.len();
                done.elapsed = start.elapsed();
                progress(done);
            }
        }
        Ok(())
    })?;
    writeln!(out, "{}", end_line(done.games, done.records)).map_err(write_err)?;
    out.flush().map_err(write_err)?;
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::training_record::read_records;
    use crate::matchrunner::openings::read_openings;
    use mingmang::rules::Preset;

    fn config(concurrency: usize, seed: u64) -> DatagenConfig {
        DatagenConfig {
            rules: Rules::preset(Preset::MingMang)
                .with_size(mingmang::rules::BoardSize::new(5, 5).unwrap())
                .unwrap()
                .with_max_plies(Some(40)),
            games: 6,
            seed,
            nodes: 300,
            opening_plies: 4,
            book: Vec::new(),
            concurrency,
            hash_mib: 1,
            weights: Weights::default(),
            networks: NetworkChoice {
                enabled: false,
                loaded: None,
            },
        }
    }

    fn generate(config: &DatagenConfig) -> String {
        let mut out = Vec::new();
        run(config, Written::default(), &mut out, &mut |_| {}).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// The first record of each game in `text`, by the ply each game's records start at.
    fn first_records(text: &str) -> Vec<Record> {
        let mut firsts: Vec<Record> = Vec::new();
        let mut last_ply = None;
        read_records(text, |read| {
            let r = read.record;
            if last_ply.is_none_or(|p: usize| p + 1 != r.ply) {
                firsts.push(r.clone());
            }
            last_ply = Some(r.ply);
        })
        .unwrap();
        firsts
    }

    #[test]
    fn games_start_from_the_book_then_its_random_plies() {
        let rules = config(1, 1).rules;
        let book_text = "# two level positions\n\
            5/1w1b1/5/1b1w1/5 w\n\
            5/5/wb1bw/5/5 b\n";
        let book = read_openings(book_text, rules).unwrap();
        let mut cfg = config(2, 5);
        cfg.book = book.clone();
        cfg.opening_plies = 0;
        let starts: Vec<String> = book
            .iter()
            .map(|o| format_position(o.game(rules).unwrap().position()))
            .collect();
        let firsts = first_records(&generate(&cfg));
        assert_eq!(firsts.len(), 6);
        for r in &firsts {
            assert!(
                starts.contains(&r.position),
                "{} is not a book position",
                r.position
            );
        }
        // Random plies on top: each game begins two plies after a book position, and the
        // shard is still the same at any concurrency.
        cfg.opening_plies = 2;
        let text = generate(&cfg);
        cfg.concurrency = 1;
        assert_eq!(generate(&cfg), text);
        for r in first_records(&text) {
            assert_eq!(r.ply, 2, "{r}");
            assert!(!starts.contains(&r.position), "{r}");
        }
    }

    #[test]
    fn a_shard_is_the_same_at_any_concurrency_and_replays() {
        let one = generate(&config(1, 7));
        assert_eq!(generate(&config(3, 7)), one);
        assert_ne!(generate(&config(1, 8)), one, "another seed, another shard");
        // Every record is a position of its game, and the moves chain into legal games whose
        // results are the ones recorded.
        let mut games: Vec<(Game, Vec<Record>)> = Vec::new();
        read_records(&one, |read| {
            let r = read.record;
            let position = mingmang::rules::parse_position(&r.position).unwrap();
            let game = Game::from_position(*read.rules, position).unwrap();
            assert!(game.parse_move(&r.mv).is_ok(), "{r}");
            match games.last_mut() {
                Some((_, rs)) if rs.last().is_some_and(|p| p.ply + 1 == r.ply) => rs.push(r),
                _ => games.push((game, vec![r])),
            }
        })
        .unwrap();
        assert_eq!(games.len(), 6);
        for (start, records) in games {
            // The game started `ply` plies before its first record: the limit counts them.
            let first = records[0].ply as u32;
            let rules = start.rules().with_max_plies(Some(40 - first));
            let mut game = Game::from_position(rules, start.position().clone()).unwrap();
            for r in &records {
                assert_eq!(format_position(game.position()), r.position);
                game.play_text(&r.mv).unwrap();
            }
            assert_eq!(GameResult::of(game.outcome()), Some(records[0].result));
        }
    }
}
