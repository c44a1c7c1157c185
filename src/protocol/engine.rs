//! Engine state: the options, the game being played, the searcher, and the worker thread that
//! runs a search or perft. Each command either changes this state entirely or, on error,
//! leaves it exactly as it was.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::rules::{format_position, parse_position, perft, Color, Game, Outcome};
use crate::search::{Clock, Limits, Searcher};

use super::command::{quote, Command, GoParams, Query, Spelling, Start};
use super::options::{Effect, Settings};
use super::output::{self, Writer};

/// A running search or perft.
struct Worker {
    handle: JoinHandle<()>,
    stop: Arc<AtomicBool>,
    /// Set just before the final line (`bestmove`, or perft's total) is written.
    done: Arc<AtomicBool>,
}

/// The engine behind the protocol.
pub struct Engine {
    settings: Settings,
    game: Game,
    spelling: Spelling,
    searcher: Arc<Mutex<Searcher>>,
    worker: Option<Worker>,
    writer: Arc<Writer>,
}

/// What the loop should do after a command.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// Leave the loop.
    Quit,
}

impl Engine {
    /// An engine with `settings`, at the start position of their rules, writing to `writer`.
    pub fn new(settings: Settings, writer: Arc<Writer>) -> Engine {
        let mut searcher = Searcher::new(settings.hash_mib);
        if let Err(e) = searcher.set_hash_mib(settings.hash_mib) {
            writer.error(&format!("Hash {}: {e}", settings.hash_mib));
        }
        Engine {
            game: Game::new(settings.rules()),
            settings,
            spelling: Spelling::default(),
            searcher: Arc::new(Mutex::new(searcher)),
            worker: None,
            writer,
        }
    }

    /// The game as the engine knows it.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether a search or perft is running. A worker that has already sent its final line
    /// counts as finished (it is joined here), so a front end may send its next command as
    /// soon as it reads `bestmove`.
    fn busy(&mut self) -> bool {
        match &self.worker {
            Some(w) if w.done.load(Ordering::SeqCst) => {
                if let Some(w) = self.worker.take() {
                    let _ = w.handle.join();
                }
                false
            }
            Some(_) => true,
            None => false,
        }
    }

    /// Handles one input line.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        log::debug!("> {line}");
        if line.trim().is_empty() {
            return Flow::Continue;
        }
        match line.parse::<Command>() {
            Ok(cmd) => self.handle(cmd),
            Err(e) => {
                self.writer.error(&e.0);
                Flow::Continue
            }
        }
    }

    /// Refuses `what` while a search or perft runs.
    fn idle_for(&mut self, what: &str) -> bool {
        if self.busy() {
            self.writer.error(&format!(
                "'{what}' is not allowed while searching (send stop and wait for bestmove)"
            ));
            false
        } else {
            true
        }
    }

    /// Carries out a command.
    pub fn handle(&mut self, cmd: Command) -> Flow {
        match cmd {
            Command::Hello(spelling) => self.hello(spelling),
            Command::IsReady => self.writer.send("readyok"),
            Command::SetOption { name, value } => {
                if self.idle_for("setoption") {
                    self.set_option(&name, value.as_deref());
                }
            }
            Command::NewGame => {
                if self.idle_for("newgame") {
                    self.game = Game::new(self.settings.rules());
                    self.lock_searcher().clear();
                }
            }
            Command::Position { start, moves } => {
                if self.idle_for("position") {
                    match self.build_game(&start, &moves) {
                        Ok(game) => self.game = game,
                        Err(e) => self.writer.error(&e),
                    }
                }
            }
            Command::Go(params) => {
                if self.idle_for("go") {
                    self.go(params);
                }
            }
            Command::Perft(depth) => {
                if self.idle_for("perft") {
                    self.perft(depth);
                }
            }
            Command::Stop => {
                if let Some(w) = &self.worker {
                    w.stop.store(true, Ordering::SeqCst);
                }
            }
            Command::Quit => return Flow::Quit,
            Command::Query(q) => self.query(q),
            Command::Display => {
                for line in output::board(&self.game) {
                    self.writer.send(&line);
                }
            }
        }
        Flow::Continue
    }

    /// Stops any worker and waits briefly for it to finish.
    pub fn shutdown(&mut self) {
        if let Some(w) = self.worker.take() {
            w.stop.store(true, Ordering::SeqCst);
            let start = Instant::now();
            while !w.handle.is_finished() && start.elapsed() < Duration::from_millis(500) {
                thread::sleep(Duration::from_millis(1));
            }
            if w.handle.is_finished() {
                let _ = w.handle.join();
            }
        }
    }

    fn lock_searcher(&self) -> std::sync::MutexGuard<'_, Searcher> {
        self.searcher.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn hello(&mut self, spelling: Spelling) {
        self.spelling = spelling;
        self.writer
            .send(&format!("id name mingmang {}", env!("CARGO_PKG_VERSION")));
        self.writer.send("id author the mingmang developers");
        for line in Settings::option_lines() {
            self.writer.send(&line);
        }
        self.writer.send(&format!("{}ok", spelling.word()));
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let mut next = self.settings.clone();
        let effect = match next.set(name, value) {
            Ok(effect) => effect,
            Err(e) => return self.writer.error(&format!("setoption: {e}")),
        };
        match effect {
            Effect::None => {}
            Effect::Rules => self.game = Game::new(next.rules()),
            Effect::Hash => {
                if let Err(e) = self.lock_searcher().set_hash_mib(next.hash_mib) {
                    return self
                        .writer
                        .error(&format!("setoption: Hash {}: {e}", next.hash_mib));
                }
            }
            Effect::ClearHash => self.lock_searcher().clear(),
        }
        self.settings = next;
    }

    /// The game a `position` command describes, or why it is not valid.
    fn build_game(&self, start: &Start, moves: &[String]) -> Result<Game, String> {
        let mut game = match start {
            Start::StartPos => Game::new(self.settings.rules()),
            Start::Fen(text) => {
                let pos = parse_position(text).map_err(|e| format!("position fen: {e}"))?;
                let rules = self
                    .settings
                    .rules()
                    .with_size(pos.size())
                    .map_err(|e| format!("position fen: {e}"))?;
                Game::from_position(rules, pos).map_err(|e| format!("position fen: {e}"))?
            }
        };
        for (i, text) in moves.iter().enumerate() {
            let mv = game.parse_move(text).map_err(|e| {
                format!(
                    "position: move {} of the list ('{}') rejected: {e}; position unchanged",
                    i + 1,
                    quote(text)
                )
            })?;
            game.make(mv);
        }
        Ok(game)
    }

    fn query(&mut self, q: Query) {
        let to_move = self.game.side_to_move();
        let answer = match q {
            Query::GameOver => self.game.outcome().is_over().to_string(),
            Query::P1Turn => (to_move == Color::White).to_string(),
            Query::P2Turn => (to_move == Color::Black).to_string(),
            Query::Result => match self.game.outcome() {
                Outcome::Ongoing => "none".into(),
                Outcome::Win(Color::White, _) => "p1win".into(),
                Outcome::Win(Color::Black, _) => "p2win".into(),
                Outcome::Draw(_) => "draw".into(),
            },
            Query::Moves => {
                let moves: Vec<String> = self
                    .game
                    .legal_moves()
                    .iter()
                    .map(|m| m.to_string())
                    .collect();
                moves.join(" ")
            }
            Query::Fen => format_position(self.game.position()),
            Query::IsLegal(text) => self.game.parse_move(&text).is_ok().to_string(),
        };
        self.writer.send(&format!("response {answer}"));
    }

    fn go(&mut self, p: GoParams) {
        // The clock runs from here: time lost before the search starts (the thread hand-offs,
        // a busy machine) is taken off the limits the search is given.
        let received = Instant::now();
        let outcome = self.game.outcome();
        if outcome.is_over() {
            let why = match outcome {
                Outcome::Win(c, r) => format!("{} won: {}", c.name(), r.describe()),
                Outcome::Draw(r) => format!("draw: {}", r.describe()),
                Outcome::Ongoing => String::new(),
            };
            self.writer.error(&format!(
                "go: the game is over ({why}); there is no move to search"
            ));
            self.writer.send(&output::bestmove(None));
            return;
        }
        let mut search_moves = Vec::new();
        for (i, text) in p.searchmoves.iter().enumerate() {
            match self.game.parse_move(text) {
                Ok(m) => search_moves.push(m),
                Err(e) => {
                    return self.writer.error(&format!(
                        "go: searchmoves move {} ('{}'): {e}; not searching",
                        i + 1,
                        quote(text)
                    ))
                }
            }
        }
        let ms = Duration::from_millis;
        let clock = (p.time.iter().chain(&p.inc).any(Option::is_some)).then(|| Clock {
            time: p.time.map(|t| t.map(ms)),
            increment: p.inc.map(|t| ms(t.unwrap_or(0))),
            moves_to_go: p.movestogo,
        });
        let limits = Limits {
            depth: p.depth,
            nodes: p.nodes,
            move_time: p.movetime.map(ms),
            clock,
            infinite: p.infinite,
            search_moves,
        };
        // The search's time manager alone decides how long to think (MoveOverhead included);
        // the protocol only forwards the limits. See "Time controls" in protocol/README.md.
        let options = self.settings.search_options();
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let game = self.game.clone();
        let searcher = Arc::clone(&self.searcher);
        let writer = Arc::clone(&self.writer);
        let (stop2, done2) = (Arc::clone(&stop), Arc::clone(&done));
        let handle = thread::spawn(move || {
            let start = received;
            let result = catch_unwind(AssertUnwindSafe(|| {
                let mut s = searcher.lock().unwrap_or_else(|e| e.into_inner());
                let limits = less_time(limits.clone(), start.elapsed());
                s.search(&game, &limits, &options, &stop2, &mut |info| {
                    writer.send(&output::info(info))
                })
            }));
            let (best, nodes) = match result {
                Ok(r) => (r.best, r.nodes),
                Err(_) => {
                    writer.error("the search failed; playing the first legal move");
                    (None, 0)
                }
            };
            if limits.infinite {
                // UCI: after `go infinite` the best move waits for `stop`.
                while !stop2.load(Ordering::SeqCst) {
                    thread::sleep(Duration::from_millis(1));
                }
            }
            let legal = game.legal_moves();
            let best = best
                .filter(|m| legal.contains(m))
                .or_else(|| limits.search_moves.first().copied())
                .or_else(|| legal.first().copied());
            writer.send(&output::final_info(nodes, start.elapsed()));
            done2.store(true, Ordering::SeqCst);
            writer.send(&output::bestmove(best));
        });
        self.worker = Some(Worker { handle, stop, done });
    }

    fn perft(&mut self, depth: u32) {
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let mut game = self.game.clone();
        let writer = Arc::clone(&self.writer);
        let (stop2, done2) = (Arc::clone(&stop), Arc::clone(&done));
        let handle = thread::spawn(move || {
            let start = Instant::now();
            let mut total = if depth == 0 { 1 } else { 0 };
            let mut stopped = false;
            if depth > 0 {
                for mv in game.legal_moves() {
                    game.make(mv);
                    let n = stoppable_perft(&mut game, depth - 1, &stop2);
                    game.unmake();
                    match n {
                        Some(n) => {
                            writer.send(&format!("{mv}: {n}"));
                            total += n;
                        }
                        None => {
                            stopped = true;
                            break;
                        }
                    }
                }
            }
            let t = start.elapsed();
            done2.store(true, Ordering::SeqCst);
            if stopped {
                writer.send(&format!(
                    "info string perft {depth} stopped after {total} nodes"
                ));
            } else {
                writer.send(&format!(
                    "nodes {total} time {} ms nps {}",
                    t.as_millis(),
                    output::nps(total, t)
                ));
            }
        });
        self.worker = Some(Worker { handle, stop, done });
    }
}

/// `limits` with `lag` (time already gone since `go` was read) taken off the move time and
/// the clocks.
fn less_time(mut limits: Limits, lag: Duration) -> Limits {
    limits.move_time = limits.move_time.map(|t| t.saturating_sub(lag));
    if let Some(clock) = &mut limits.clock {
        for t in clock.time.iter_mut().flatten() {
            *t = t.saturating_sub(lag);
        }
    }
    limits
}

/// [`perft::perft`] with the stop flag checked above its last two plies; `None` if stopped.
fn stoppable_perft(game: &mut Game, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if depth <= 2 {
        return Some(perft::perft(game, depth));
    }
    let mut nodes = 0;
    for mv in game.legal_moves() {
        game.make(mv);
        let n = stoppable_perft(game, depth - 1, stop);
        game.unmake();
        nodes += n?;
    }
    Some(nodes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lag_comes_off_the_move_time_and_the_clocks() {
        let ms = Duration::from_millis;
        let limits = Limits {
            move_time: Some(ms(50)),
            clock: Some(Clock {
                time: [Some(ms(1000)), Some(ms(5))],
                increment: [ms(20), ms(20)],
                moves_to_go: None,
            }),
            depth: Some(7),
            ..Limits::default()
        };
        let less = less_time(limits, ms(10));
        assert_eq!(less.move_time, Some(ms(40)));
        let clock = less.clock.unwrap();
        assert_eq!(clock.time, [Some(ms(990)), Some(Duration::ZERO)]);
        assert_eq!(clock.increment, [ms(20), ms(20)]);
        assert_eq!(less.depth, Some(7));
    }
}
