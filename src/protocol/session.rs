//! The protocol session: the options, the game being played, the searcher, and the worker
//! thread that runs a search or perft. Each command either changes this state entirely or, on error,
//! leaves it exactly as it was.
//!
//! A host without threads (a browser's Web Worker) drives the same engine single-threaded
//! ([`ProtocolSession::single_threaded`]): `go` and `perft` then run on the caller's thread, stopped by
//! the host's poll and timed by the host's clock, and write the same lines.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::engine_options::Ruleset;
use crate::frontend;
use crate::rules::{format_position, parse_position, perft, Color, Game, Move};
use crate::search::{root_moves, Limits, SystemClock, TimeSource, SEARCH_STACK_SIZE};

use super::command::{quote, Command, MoveTexts, Query, Spelling, Start};
use super::output::{self, Writer};
use super::settings::Settings;

/// A running search or perft.
struct Worker {
    handle: JoinHandle<()>,
    stop: Arc<AtomicBool>,
    /// Set just before the final line (`bestmove`, or perft's total) is written.
    done: Arc<AtomicBool>,
}

/// What a host without threads gives the engine so that `go` and `perft` run on the caller's
/// thread: the clock it reads, a poll saying whether the front end has asked to stop, a way
/// to wait, and the seed of the lower levels' draw (such a host may have no wall clock either).
pub struct Inline {
    /// The clock of the time limits and of the reported times.
    pub clock: Arc<dyn TimeSource + Send + Sync>,
    /// Asked every few hundred nodes of a search and between perft's subtrees; `true` ends
    /// the search or perft as `stop` would (and releases a finished `go infinite`).
    pub poll: Box<dyn FnMut() -> bool>,
    /// Called between two polls while a `go infinite` whose search has ended waits for `stop`:
    /// the host sleeps a little there (until the front end writes, at best) rather than spin.
    pub idle: Box<dyn FnMut()>,
    /// Seeds the move a lower `Skill Level` draws.
    pub seed: u64,
}

/// The engine behind the protocol.
pub struct ProtocolSession {
    /// The rules the options set (`Variant`, `BoardSize`, ...).
    rules: Ruleset,
    game: Game,
    spelling: Spelling,
    /// The search with the engine's options, as the library's facade has it.
    engine: Arc<Mutex<frontend::Engine>>,
    worker: Option<Worker>,
    writer: Arc<Writer>,
    /// The move list `game` was set with, as sent (empty when it was set otherwise, at its
    /// start position): what the next `position` is compared with.
    moves: MoveTexts,
    /// Plies the last `position` kept from the game before it (see `ProtocolSession::set_position`).
    reused_plies: usize,
    /// Where `go` and `perft` read the time.
    clock: Arc<dyn TimeSource + Send + Sync>,
    /// The host when searches run on the caller's thread; `None` runs them on a thread of
    /// their own, so that `stop` and `isready` are read while they run.
    inline: Option<Inline>,
}

/// What the loop should do after a command.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// Leave the loop.
    Quit,
}

impl ProtocolSession {
    /// An engine with `settings`, at the start position of their rules, writing to `writer`.
    pub fn new(settings: Settings, writer: Arc<Writer>) -> ProtocolSession {
        let mut engine = frontend::Engine::with_options(settings.engine);
        // A player should not meet the same mistakes every game: the lower levels' draw is
        // seeded from the wall clock.
        engine.set_seed(None);
        ProtocolSession {
            game: Game::new(settings.rules.rules()),
            rules: settings.rules,
            spelling: Spelling::default(),
            engine: Arc::new(Mutex::new(engine)),
            worker: None,
            writer,
            moves: MoveTexts::default(),
            reused_plies: 0,
            clock: Arc::new(SystemClock),
            inline: None,
        }
    }

    /// An engine that runs `go` and `perft` on the caller's thread, stopped by `host.poll` and
    /// timed by `host.clock`: `handle_line` returns when the search has written `bestmove`.
    /// It refuses `Threads` above 1.
    pub fn single_threaded(
        settings: Settings,
        writer: Arc<Writer>,
        host: Inline,
    ) -> ProtocolSession {
        let mut engine = ProtocolSession::new(settings, writer);
        {
            let mut search = engine.lock_engine();
            search.set_clock(Box::new(Arc::clone(&host.clock)));
            search.set_seed(Some(host.seed));
        }
        engine.clock = Arc::clone(&host.clock);
        engine.inline = Some(host);
        engine
    }

    /// The game as the engine knows it.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// How many plies of its move list the last `position` command took over from the game
    /// before it without reading them again (0 when it started elsewhere).
    pub fn reused_plies(&self) -> usize {
        self.reused_plies
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
                "'{what}' is not allowed while a search or perft runs (send stop first)"
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
            Command::NewGame(spelling) => {
                if self.idle_for(&format!("{}newgame", spelling.word())) {
                    self.set_game(Game::new(self.rules.rules()));
                    self.lock_engine().new_game();
                }
            }
            Command::Position { start, moves } => {
                if self.idle_for("position") {
                    if let Err(e) = self.set_position(&start, moves) {
                        self.writer.error(&e);
                    }
                }
            }
            Command::Go(params) => {
                // A `go` during a search: the running search is stopped and answered first,
                // then this one is searched and answered, so every `go` gets its own
                // `bestmove`, in order.
                self.stop_and_wait();
                self.go(params);
            }
            Command::BadGo(e) => {
                self.stop_and_wait();
                self.writer.error(&format!("{e}; not searching"));
                self.answer_at_once(&[]);
            }
            Command::Perft(depth) => {
                if self.idle_for("perft") {
                    self.perft(depth);
                }
            }
            Command::Stop => self.stop_and_wait(),
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

    /// Ends a running search or perft and waits until it has written its final line
    /// (`bestmove`, or perft's total), so that every command after `stop` (`isready`,
    /// `position`, `go`...) is processed in order, after the search is over. The search checks
    /// the flag every few hundred nodes, so this is a matter of milliseconds.
    fn stop_and_wait(&mut self) {
        if let Some(w) = self.worker.take() {
            w.stop.store(true, Ordering::SeqCst);
            if w.handle.join().is_err() {
                self.writer.error("the search thread failed");
            }
        }
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

    fn lock_engine(&self) -> std::sync::MutexGuard<'_, frontend::Engine> {
        self.engine.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn hello(&mut self, spelling: Spelling) {
        self.spelling = spelling;
        self.writer
            .send(&format!("id name mingmang {}", crate::VERSION));
        self.writer.send("id author the mingmang developers");
        for line in Settings::option_lines() {
            self.writer.send(&line);
        }
        self.writer.send(&format!("{}ok", spelling.word()));
    }

    /// A rule option changes the rules and puts the game at their start; an engine option
    /// goes to the engine, which does what it needs (resizes or clears the table, reads the
    /// weights). Either way a refused value changes nothing.
    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let set = if crate::rules::rule_options::find(name).is_some() {
            self.rules.set(name, value).map(|()| {
                let game = Game::new(self.rules.rules());
                self.set_game(game);
            })
        } else if self.inline.is_some()
            && name.trim().eq_ignore_ascii_case("Threads")
            && value.map(str::trim) != Some("1")
        {
            Err("Threads: this build has no threads and searches with 1".to_string())
        } else if crate::engine_options::find(name).is_some() {
            self.lock_engine().set(name, value)
        } else {
            Err(format!("unknown option '{}'", quote(name)))
        };
        if let Err(e) = set {
            self.writer.error(&format!("setoption: {e}"));
        }
    }

    /// Puts `game`, at its start position, in place of the game.
    fn set_game(&mut self, game: Game) {
        self.game = game;
        self.moves = MoveTexts::default();
    }

    /// Sets the game a `position` command describes, or says why it is not valid and keeps
    /// the game as it was.
    ///
    /// Front ends resend the whole game at every move (`position startpos moves ...`), so when
    /// the new game starts where the current one did, the moves it shares with the previous
    /// `position` (compared as text) are not read again: the current game is taken back to
    /// where the two part (usually nowhere), in place, and only the moves after that are read
    /// and checked; if one is refused, the moves taken back are played again. Nothing is
    /// copied and no shared move is read, so the cost hardly grows with the game.
    fn set_position(&mut self, start: &Start, moves: MoveTexts) -> Result<(), String> {
        let fresh = match start {
            Start::StartPos => Game::new(self.rules.rules()),
            Start::Fen(text) => {
                let pos = parse_position(text).map_err(|e| format!("position fen: {e}"))?;
                let rules = self
                    .rules
                    .rules()
                    .with_size(pos.size())
                    .map_err(|e| format!("position fen: {e}"))?;
                Game::from_position(rules, pos).map_err(|e| format!("position fen: {e}"))?
            }
        };
        let same_start = self.game.rules() == fresh.rules()
            && self.game.start_position() == fresh.start_position();
        if !same_start {
            let mut game = fresh;
            play_texts(&mut game, moves.iter(), 0)?;
            self.game = game;
            self.moves = moves;
            self.reused_plies = 0;
            return Ok(());
        }
        let (shared, rest) = moves.shared_with(&self.moves);
        let taken_back: Vec<Move> = self.game.moves().skip(shared).collect();
        for _ in &taken_back {
            self.game.unmake();
        }
        if let Err(e) = play_texts(&mut self.game, rest, shared) {
            for &mv in &taken_back {
                self.game.make(mv);
            }
            return Err(e);
        }
        log::debug!("position: {shared} plies kept, the rest read");
        self.reused_plies = shared;
        self.moves = moves;
        Ok(())
    }

    fn query(&mut self, q: Query) {
        let to_move = self.game.side_to_move();
        let answer = match q {
            Query::GameOver => self.game.outcome().is_over().to_string(),
            Query::P1Turn => (to_move == Color::White).to_string(),
            Query::P2Turn => (to_move == Color::Black).to_string(),
            Query::Result => frontend::Outcome::of(self.game.outcome())
                .status
                .protocol()
                .into(),
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

    fn go(&mut self, p: frontend::Limits) {
        // The clock runs from here: time lost before the search starts (the thread hand-offs,
        // a busy machine) is taken off the limits the search is given.
        let received = self.clock.now();
        let outcome = self.game.outcome();
        if outcome.is_over() {
            self.writer.error(&format!(
                "go: the game is over ({}); there is no move to search",
                frontend::Outcome::of(outcome).text
            ));
            return self.answer_at_once(&[]);
        }
        let mut search_moves = Vec::new();
        for (i, text) in p.search_moves.iter().enumerate() {
            match self.game.parse_move(text) {
                Ok(m) => search_moves.push(m),
                Err(e) => {
                    self.writer.error(&format!(
                        "go: searchmoves move {} ('{}'): {e}; not searching",
                        i + 1,
                        quote(text)
                    ));
                    return self.answer_at_once(&[]);
                }
            }
        }
        let limits = match p.to_search_with(search_moves) {
            Ok(limits) => limits,
            Err(e) => {
                self.writer.error(&format!("go: {e}; not searching"));
                return self.answer_at_once(&[]);
            }
        };
        // The search's time manager alone decides how long to think (MoveOverhead included);
        // the protocol only forwards the limits. See "Time controls" in protocol/README.md.
        let job = SearchJob {
            game: self.game.from_here(),
            limits,
            received,
            engine: Arc::clone(&self.engine),
            writer: Arc::clone(&self.writer),
            clock: Arc::clone(&self.clock),
        };
        if let Some(host) = self.inline.as_mut() {
            let (stop, done) = (AtomicBool::new(false), AtomicBool::new(false));
            job.run(&stop, &done, Some(&mut *host.poll), &mut *host.idle);
            return;
        }
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let (stop2, done2) = (Arc::clone(&stop), Arc::clone(&done));
        // The search runs on this thread (its helpers on their own): it needs the stack.
        let spawned = thread::Builder::new()
            .name("go".into())
            .stack_size(SEARCH_STACK_SIZE)
            .spawn(move || {
                job.run(&stop2, &done2, None, &mut || {
                    thread::sleep(Duration::from_millis(1))
                })
            });
        match spawned {
            Ok(handle) => self.worker = Some(Worker { handle, stop, done }),
            Err(e) => {
                self.writer
                    .error(&format!("go: cannot start the search thread: {e}"));
                self.answer_at_once(&[]);
            }
        }
    }

    /// Answers a `go` that is not searched (refused, or on a finished game) with the move a
    /// search stopped at once would play: the first of the root's order among `search_moves`
    /// (all moves if empty), or `0000` when there is none. Written here, before any later
    /// command is read, so the answer keeps its place in the output.
    fn answer_at_once(&self, search_moves: &[Move]) {
        let best = root_moves(&self.game, search_moves).first().copied();
        self.writer.send(&output::bestmove(best));
    }

    fn perft(&mut self, depth: u32) {
        let job = PerftJob {
            game: self.game.from_here(),
            depth,
            writer: Arc::clone(&self.writer),
            clock: Arc::clone(&self.clock),
        };
        if let Some(host) = self.inline.as_mut() {
            job.run(&AtomicBool::new(false), &mut *host.poll);
            return;
        }
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let (stop2, done2) = (Arc::clone(&stop), Arc::clone(&done));
        let handle = thread::spawn(move || job.run(&done2, &mut || stop2.load(Ordering::Relaxed)));
        self.worker = Some(Worker { handle, stop, done });
    }
}

/// One `go`, ready to run on whichever thread the engine runs it.
struct SearchJob {
    game: Game,
    limits: Limits,
    /// When `go` was read, on `clock`.
    received: Duration,
    engine: Arc<Mutex<frontend::Engine>>,
    writer: Arc<Writer>,
    clock: Arc<dyn TimeSource + Send + Sync>,
}

impl SearchJob {
    /// Searches, stopped by `stop` or `poll`, writing the progress lines, then the final
    /// `info` and `bestmove` (setting `done` just before `bestmove`); `idle` waits a little
    /// between two looks at `stop` and `poll` after a `go infinite`.
    fn run(
        self,
        stop: &AtomicBool,
        done: &AtomicBool,
        mut poll: Option<&mut dyn FnMut() -> bool>,
        idle: &mut dyn FnMut(),
    ) {
        let SearchJob {
            game,
            limits,
            received: start,
            engine,
            writer,
            clock,
        } = self;
        let elapsed = || clock.now().saturating_sub(start);
        // Reborrowed for the search only: the wait below polls too.
        let mut search_poll = poll.as_mut().map(|p| &mut **p as &mut dyn FnMut() -> bool);
        let result = catch_unwind(AssertUnwindSafe(|| {
            let mut engine = engine.lock().unwrap_or_else(|e| e.into_inner());
            let limits = less_time(limits.clone(), elapsed());
            engine.run(&game, &limits, stop, search_poll.take(), &mut |info| {
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
            loop {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                if poll.as_mut().is_some_and(|poll| poll()) {
                    break;
                }
                idle();
            }
        }
        let legal = game.legal_moves();
        let best = best
            .filter(|m| legal.contains(m))
            .or_else(|| limits.search_moves.first().copied())
            .or_else(|| legal.first().copied());
        writer.send(&output::final_info(nodes, elapsed()));
        done.store(true, Ordering::SeqCst);
        writer.send(&output::bestmove(best));
    }
}

/// One `perft`, ready to run on whichever thread the engine runs it.
struct PerftJob {
    game: Game,
    depth: u32,
    writer: Arc<Writer>,
    clock: Arc<dyn TimeSource + Send + Sync>,
}

impl PerftJob {
    /// Counts, one line per root move then the total, until `stopped` says to stop (setting
    /// `done` just before the last line).
    fn run(self, done: &AtomicBool, stopped: &mut dyn FnMut() -> bool) {
        let PerftJob {
            mut game,
            depth,
            writer,
            clock,
        } = self;
        let start = clock.now();
        let mut total = if depth == 0 { 1 } else { 0 };
        let roots = if depth > 0 {
            game.legal_moves()
        } else {
            Default::default()
        };
        let mut counted = 0;
        for &mv in &roots {
            game.make(mv);
            let n = stoppable_perft(&mut game, depth - 1, stopped);
            game.unmake();
            let Some(n) = n else { break };
            writer.send(&format!("{mv}: {n}"));
            total += n;
            counted += 1;
        }
        let t = clock.now().saturating_sub(start);
        done.store(true, Ordering::SeqCst);
        if counted < roots.len() {
            writer.send(&format!(
                "info string perft {depth} stopped before the end: {counted} of {} root moves counted, {total} nodes under them",
                roots.len()
            ));
        } else {
            writer.send(&format!(
                "nodes {total} time {} ms nps {}",
                t.as_millis(),
                output::nps(total, t)
            ));
        }
    }
}

/// Plays `texts`, moves `first + 1`, `first + 2`, ... of the list, on `game`, each read and
/// checked against the rules; on the first one refused, takes back those it played and says
/// which move it was.
fn play_texts<'a>(
    game: &mut Game,
    texts: impl Iterator<Item = &'a str>,
    first: usize,
) -> Result<(), String> {
    for (played, text) in texts.enumerate() {
        match game.parse_move(text) {
            Ok(mv) => {
                game.make(mv);
            }
            Err(e) => {
                for _ in 0..played {
                    game.unmake();
                }
                return Err(format!(
                    "position: move {} of the list ('{}') rejected: {e}; position unchanged",
                    first + played + 1,
                    quote(text)
                ));
            }
        }
    }
    Ok(())
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

/// [`perft::perft`] with `stopped` asked above its last two plies; `None` if stopped.
fn stoppable_perft(game: &mut Game, depth: u32, stopped: &mut dyn FnMut() -> bool) -> Option<u64> {
    if stopped() {
        return None;
    }
    if depth <= 2 {
        return Some(perft::perft(game, depth));
    }
    let mut nodes = 0;
    for mv in game.legal_moves() {
        game.make(mv);
        let n = stoppable_perft(game, depth - 1, stopped);
        game.unmake();
        nodes += n?;
    }
    Some(nodes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::random::{random_opening, Rng};
    use crate::search::Clock;

    /// An engine writing to nowhere, and a random 19x19 game of `plies` moves as text.
    fn engine_and_game(plies: usize) -> (ProtocolSession, Vec<String>) {
        let engine = ProtocolSession::new(
            Settings::default(),
            Arc::new(Writer::new(Box::new(std::io::sink()))),
        );
        let mut game = Game::new(crate::rules::Rules::new("19x19".parse().unwrap()));
        random_opening(&mut game, plies, &mut Rng::new(5));
        assert_eq!(game.plies(), plies);
        (engine, game.moves().map(|m| m.to_string()).collect())
    }

    /// Sends `position startpos moves <moves>` to the 19x19 engine.
    fn position(engine: &mut ProtocolSession, moves: &[String]) {
        let line = format!("position startpos moves {}", moves.join(" "));
        assert_eq!(engine.handle_line(&line), Flow::Continue);
    }

    /// The game `moves` describes, read from scratch by a fresh engine.
    fn fresh(moves: &[String]) -> Game {
        let (mut engine, _) = engine_and_game(0);
        engine.handle_line("setoption name BoardSize value 19x19");
        position(&mut engine, moves);
        engine.game
    }

    fn same_game(a: &Game, b: &Game) {
        assert_eq!(a.plies(), b.plies());
        assert!(a.moves().eq(b.moves()));
        assert_eq!(a.position(), b.position());
        assert_eq!(a.history().hashes(), b.history().hashes());
        assert_eq!(a.legal_moves(), b.legal_moves());
    }

    #[test]
    fn a_resent_game_reads_only_its_new_moves() {
        let (mut e, moves) = engine_and_game(600);
        e.handle_line("setoption name BoardSize value 19x19");
        position(&mut e, &moves[..500]);
        assert_eq!(e.reused_plies(), 0);
        // One more move, then the same again: the shared moves are kept, not read.
        position(&mut e, &moves[..501]);
        assert_eq!(e.reused_plies(), 500);
        position(&mut e, &moves[..501]);
        assert_eq!(e.reused_plies(), 501);
        same_game(e.game(), &fresh(&moves[..501]));
        // A takeback of ten plies and another line: kept up to where they part.
        position(&mut e, &moves[..491]);
        assert_eq!(e.reused_plies(), 491);
        same_game(e.game(), &fresh(&moves[..491]));
        position(&mut e, &moves);
        assert_eq!(e.reused_plies(), 491);
        same_game(e.game(), &fresh(&moves));
        // A refused move keeps the game and what it is compared with.
        let mut bad = moves.clone();
        bad[550] = "a1a1".into();
        position(&mut e, &bad);
        same_game(e.game(), &fresh(&moves));
        position(&mut e, &moves);
        assert_eq!(e.reused_plies(), 600);
        // A move written another way is read again, from there on.
        let mut dashed = moves.clone();
        dashed[300] = format!("{}-{}", &moves[300][..2], &moves[300][2..]);
        if dashed[300].len() == 5 {
            position(&mut e, &dashed);
            assert_eq!(e.reused_plies(), 300);
            same_game(e.game(), &fresh(&moves));
        }
        // A new game starts the comparison afresh.
        e.handle_line("uginewgame");
        position(&mut e, &moves);
        assert_eq!(e.reused_plies(), 0);
        same_game(e.game(), &fresh(&moves));
    }

    #[test]
    fn move_lists_compare_as_text() {
        let list = MoveTexts::new;
        let shared = |new: &str, old: &str| {
            let new = list(new);
            let (n, rest) = new.shared_with(&list(old));
            (n, rest.collect::<Vec<_>>().join(" "))
        };
        assert_eq!(shared("a1a2 b1b2", "a1a2 b1b2"), (2, String::new()));
        assert_eq!(shared("a1a2 b1b2 c1c2", "a1a2 b1b2"), (2, "c1c2".into()));
        assert_eq!(shared("a1a2 b1b2", "a1a2 b1b2 c1c2"), (2, String::new()));
        assert_eq!(shared("a1a2 b1b3", "a1a2 b1b2"), (1, "b1b3".into()));
        assert_eq!(shared("a1a2 b1b20", "a1a2 b1b2"), (1, "b1b20".into()));
        assert_eq!(shared("a1a2 b1b2", "a1a2 b1b20"), (1, "b1b2".into()));
        assert_eq!(shared("a1a2", ""), (0, "a1a2".into()));
        assert_eq!(shared("", "a1a2"), (0, String::new()));
        assert_eq!(shared("  a1a2\tb1b2 ", "a1a2 b1b2"), (2, String::new()));
        let long: Vec<String> = (0..300).map(|i| format!("a{}b{}", i % 19, i % 7)).collect();
        let whole = list(&long.join(" "));
        assert_eq!(whole.shared_with(&list(&long[..299].join(" "))).0, 299);
    }

    /// Output gathered in memory, shared with the test.
    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Captured {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Captured {
        fn lines(&self) -> Vec<String> {
            let text = String::from_utf8(self.0.lock().unwrap().clone()).unwrap();
            text.lines().map(str::to_string).collect()
        }
    }

    /// A clock that moves on a millisecond at every reading.
    struct Ticking(std::sync::atomic::AtomicU64);

    impl TimeSource for Ticking {
        fn now(&self) -> Duration {
            Duration::from_millis(self.0.fetch_add(1, Ordering::SeqCst))
        }
    }

    fn single_threaded(poll: Box<dyn FnMut() -> bool>) -> (ProtocolSession, Captured) {
        let out = Captured::default();
        let writer = Arc::new(Writer::new(Box::new(out.clone())));
        let host = Inline {
            clock: Arc::new(Ticking(Default::default())),
            poll,
            idle: Box::new(|| {}),
            seed: 1,
        };
        (
            ProtocolSession::single_threaded(Settings::default(), writer, host),
            out,
        )
    }

    /// Lines without their times and speeds, which differ from run to run.
    fn untimed(lines: &[String]) -> Vec<String> {
        lines
            .iter()
            .map(|l| {
                l.split(' ')
                    .scan(None, |skip: &mut Option<&str>, w| {
                        let shown = if skip.is_some() { "_" } else { w };
                        *skip = ["nps", "time"].contains(&w).then_some(w);
                        Some(shown.to_string())
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    #[test]
    fn single_threaded_searches_write_the_threaded_lines() {
        let script = [
            "setoption name Variant value rek",
            "position startpos moves a3a4",
            "go depth 4",
            "perft 2",
        ];
        let (mut inline, inline_out) = single_threaded(Box::new(|| false));
        for line in script {
            assert_eq!(inline.handle_line(line), Flow::Continue);
        }
        let threaded_out = Captured::default();
        let mut threaded = ProtocolSession::new(
            Settings::default(),
            Arc::new(Writer::new(Box::new(threaded_out.clone()))),
        );
        for line in script {
            threaded.handle_line(line);
            // Each command after its answer, as the inline engine does.
            while threaded.busy() {
                thread::sleep(Duration::from_millis(1));
            }
        }
        let (a, b) = (inline_out.lines(), threaded_out.lines());
        assert!(a.iter().any(|l| l.starts_with("bestmove ")));
        assert!(a.last().unwrap().starts_with("nodes "));
        assert_eq!(untimed(&a), untimed(&b));
    }

    #[test]
    fn the_host_s_poll_and_clock_end_single_threaded_searches() {
        // `go infinite` waits for the poll after the search, as for `stop`.
        let mut polls = 0;
        let (mut e, out) = single_threaded(Box::new(move || {
            polls += 1;
            polls > 50
        }));
        e.handle_line("go infinite");
        assert!(out.lines().last().unwrap().starts_with("bestmove "));
        // The ticking clock runs out a move time.
        let (mut e, out) = single_threaded(Box::new(|| false));
        e.handle_line("go movetime 200");
        let lines = out.lines();
        assert!(lines.last().unwrap().starts_with("bestmove "));
        // A perft stopped by the poll says so.
        let (mut e, out) = single_threaded(Box::new(|| true));
        e.handle_line("perft 4");
        assert!(out.lines()[0].contains("perft 4 stopped before the end"));
        // No threads here.
        e.handle_line("setoption name Threads value 2");
        assert!(out.lines().last().unwrap().contains("no threads"));
        let before = out.lines().len();
        e.handle_line("setoption name threads value 1");
        assert_eq!(out.lines().len(), before);
    }

    #[test]
    fn a_finished_infinite_search_waits_through_the_host_s_idle() {
        // White mates at once: the search ends by itself, then waits for the poll.
        let idles = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counted = Arc::clone(&idles);
        let waited = Arc::clone(&idles);
        let out = Captured::default();
        let host = Inline {
            clock: Arc::new(Ticking(Default::default())),
            poll: Box::new(move || waited.load(Ordering::SeqCst) >= 5),
            idle: Box::new(move || {
                counted.fetch_add(1, Ordering::SeqCst);
            }),
            seed: 1,
        };
        let writer = Arc::new(Writer::new(Box::new(out.clone())));
        let mut e = ProtocolSession::single_threaded(Settings::default(), writer, host);
        e.handle_line("setoption name Variant value makyek-hunt");
        e.handle_line("position fen 8/8/8/8/3wB3/8/8/5w2 w");
        e.handle_line("go infinite");
        assert_eq!(idles.load(Ordering::SeqCst), 5);
        assert_eq!(out.lines().last().unwrap(), "bestmove f1f4");
    }

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
