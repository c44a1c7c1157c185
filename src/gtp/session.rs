//! The GTP session: the game, the half-entered move, the engine and the clocks, and the answer
//! to every command.

use std::io::{self, BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::Duration;

use super::analyze;
use super::clicks::{Click, ClickGame};
use super::command::{format_response, parse_line, Command};
use super::interrupt::{is_interrupt, Interrupt};
use super::vertex::{format_square, parse_color, parse_vertex, Vertex};
use crate::engine_options::EngineOptions;
use crate::frontend;
use crate::input::{read_lines, too_long_message, Input};
use crate::rules::{BoardSize, Color, EndReason, Game, Outcome, Rules, Square};
use crate::search::{Clock, Limits, SearchInfo};

/// Every command the session answers, in the order `list_commands` gives them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "time_settings",
    "time_left",
    "final_score",
    "gogui-interrupt",
    "gogui-rules_game_id",
    "gogui-rules_board_size",
    "gogui-rules_board",
    "gogui-rules_legal_moves",
    "gogui-rules_side_to_move",
    "gogui-rules_final_result",
    "gogui-rules_captured_count",
    "gogui-rules_board_gfx",
    "gogui-analyze_commands",
    "mingmang-best_line",
    "mingmang-evaluation",
    "mingmang-threats",
    "mingmang-territory",
    "mingmang-status",
];

/// How hard `genmove` thinks.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct EngineSettings {
    /// Search depth limit in plies, if any.
    pub depth: Option<u32>,
    /// Time per move, if any. With neither a depth, a move time nor GTP clocks, a move gets
    /// [`DEFAULT_MOVE_TIME`].
    pub move_time: Option<Duration>,
    /// The engine options (the table size, threads, the strength level of `genmove` (the
    /// analyze commands always search at full strength), the weights).
    pub options: EngineOptions,
}

/// The time per move when nothing else bounds the search.
pub const DEFAULT_MOVE_TIME: Duration = Duration::from_millis(1000);

/// What `time_settings` and `time_left` said.
#[derive(Clone, Copy, Default, Debug)]
struct TimeState {
    /// Whether a time control with some time in it was set (GTP: zero byo-yomi time means none).
    limited: bool,
    /// Time left and byo-yomi stones left, per colour, from `time_left`.
    left: [Option<(Duration, u32)>; 2],
}

/// A GTP session over one game.
pub struct GtpSession {
    rules: Rules,
    board: ClickGame,
    /// The search with the engine's options, as the library's facade has it.
    engine: frontend::Engine,
    /// Whether the transposition table still holds an earlier game's entries. It is cleared
    /// before the next search rather than at `clear_board`: GoGui's ruler receives
    /// `clear_board` after every click and never searches.
    table_stale: bool,
    /// `genmove`'s depth limit, if any.
    depth: Option<u32>,
    /// `genmove`'s time per move, if any.
    move_time: Option<Duration>,
    time: TimeState,
    interrupt: Arc<Interrupt>,
    quit: bool,
}

impl GtpSession {
    /// A session that plays under `rules` (until `boardsize` changes the size) with `engine`.
    /// Refuses a rectangular board: GoGui, which this mode is for, shows square boards only.
    pub fn new(rules: Rules, engine: EngineSettings) -> Result<GtpSession, String> {
        let size = rules.size();
        if size.width() != size.height() {
            return Err(format!(
                "GTP mode plays square boards only (GoGui cannot show a {size} board); \
                 rectangles are played by the protocol engine (mingmang --size {size})"
            ));
        }
        let mut search = frontend::Engine::with_options(engine.options);
        // A person playing the engine should not meet the same mistakes every game.
        search.set_seed(None);
        Ok(GtpSession {
            rules,
            board: ClickGame::new(rules),
            engine: search,
            table_stale: false,
            depth: engine.depth,
            move_time: engine.move_time,
            time: TimeState::default(),
            interrupt: Arc::default(),
            quit: false,
        })
    }

    /// The current board state (completed moves plus the half-entered one).
    pub fn board(&self) -> &ClickGame {
        &self.board
    }

    /// Whether `quit` was received.
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// Answers one command: the response text, or the error text.
    pub fn execute(&mut self, cmd: &Command) -> Result<String, String> {
        let args: Vec<&str> = cmd.args.iter().map(String::as_str).collect();
        let size = self.rules.size();
        match cmd.name.as_str() {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("mingmang".into()),
            "version" => Ok(crate::VERSION.into()),
            "known_command" => {
                let name = args.first().ok_or("missing command name")?;
                Ok(COMMANDS.contains(name).to_string())
            }
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => self.boardsize(&args),
            "clear_board" => {
                self.new_game();
                Ok(String::new())
            }
            // Ming Mang has no komi; accepted because GTP requires the command and GoGui sends it.
            "komi" => match args.first().map(|a| a.parse::<f64>()) {
                Some(Ok(_)) => Ok(String::new()),
                _ => Err("syntax error: komi needs a number".into()),
            },
            "play" => self.play(&args),
            "genmove" => {
                let color = parse_color(args.first().ok_or("missing color")?)?;
                self.genmove(color)
            }
            "undo" => {
                if self.board.undo() {
                    Ok(String::new())
                } else {
                    Err("cannot undo".into())
                }
            }
            "showboard" => Ok(self.showboard()),
            "time_settings" => {
                let n = parse_numbers(&args, 3)?;
                // GTP: byo-yomi time 0 with stones 0 means no time limit.
                self.time = TimeState {
                    limited: !(n[1] == 0 && n[2] == 0),
                    left: [None; 2],
                };
                Ok(String::new())
            }
            "time_left" => {
                let color = parse_color(args.first().ok_or("missing color")?)?;
                let n = parse_numbers(&args[1..], 2)?;
                self.time.left[color.index()] = Some((Duration::from_secs(n[0]), n[1] as u32));
                Ok(String::new())
            }
            "gogui-rules_game_id" => Ok(game_id(&self.rules)),
            // A lone number: GoGui parses the whole reply as an integer to compare sizes.
            "gogui-rules_board_size" => Ok(size.width().to_string()),
            "gogui-rules_board" => Ok(self.rules_board()),
            "gogui-rules_legal_moves" => {
                let mut words: Vec<String> = self
                    .board
                    .legal_points()
                    .into_iter()
                    .map(format_square)
                    .collect();
                if self.board.can_pass() {
                    words.push("pass".into());
                }
                Ok(words.join(" "))
            }
            "gogui-rules_side_to_move" => Ok(self.board.game().side_to_move().name().into()),
            "gogui-rules_final_result" => Ok(final_result(self.board.game().outcome())),
            "gogui-rules_captured_count" => Ok(format!(
                "{} {}",
                self.board.captured_by(Color::Black),
                self.board.captured_by(Color::White)
            )),
            "gogui-rules_board_gfx" => Ok(self.board_gfx()),
            "final_score" => final_score(self.board.game().outcome()),
            // GoGui sends `# interrupt` only to programs that list this command; the comment
            // itself is handled by the reader (see `run`).
            "gogui-interrupt" => Ok(String::new()),
            "gogui-analyze_commands" => Ok(analyze::ANALYZE_COMMANDS.join("\n")),
            "mingmang-best_line" | "mingmang-evaluation" => {
                // Both search the position as hard as genmove would.
                let limits = self.limits(self.board.game().side_to_move());
                self.prepare_table();
                let game = self.board.game();
                let seen = analyze::search(
                    game,
                    &mut self.engine,
                    &limits,
                    self.interrupt.flag(),
                    &mut |info| show_progress(game, info),
                );
                end_progress();
                Ok(if cmd.name == "mingmang-best_line" {
                    analyze::best_line(game, seen)
                } else {
                    analyze::evaluation(game, self.engine.static_evaluation(game), seen)
                })
            }
            "mingmang-threats" => Ok(analyze::threats(self.board.game())),
            "mingmang-territory" => Ok(analyze::territory(self.board.game())),
            "mingmang-status" => Ok(self.status_report()),
            "" => Err("missing command".into()),
            _ => Err("unknown command".into()),
        }
    }

    fn new_game(&mut self) {
        self.board = ClickGame::new(self.rules);
        self.table_stale = true;
    }

    /// Clears the transposition table if it still holds an earlier game.
    fn prepare_table(&mut self) {
        if self.table_stale {
            self.engine.new_game();
            self.table_stale = false;
        }
    }

    /// The stop flag and line numbering shared with the reader thread of [`run`].
    pub fn interrupt(&self) -> Arc<Interrupt> {
        Arc::clone(&self.interrupt)
    }

    fn boardsize(&mut self, args: &[&str]) -> Result<String, String> {
        let n: usize = args
            .first()
            .ok_or("missing size")?
            .parse()
            .map_err(|_| "syntax error: boardsize needs a number".to_string())?;
        if n != self.rules.size().width() {
            let size = BoardSize::new(n, n).map_err(|_| "unacceptable size".to_string())?;
            self.rules = self
                .rules
                .with_size(size)
                .map_err(|_| "unacceptable size".to_string())?;
        }
        self.new_game();
        Ok(String::new())
    }

    fn play(&mut self, args: &[&str]) -> Result<String, String> {
        let [color, vertex] = args else {
            return Err("syntax error: play needs a color and a vertex".into());
        };
        let color = parse_color(color)?;
        match parse_vertex(vertex, self.rules.size())? {
            Vertex::Pass => self.board.pass(color)?,
            Vertex::Point(sq) => self.board.click(color, sq)?,
        };
        Ok(String::new())
    }

    /// Plays one click for `color` and names it. The first `genmove` of a move searches, clicks
    /// the piece and remembers the move; the next one clicks the destination. If a piece is
    /// already selected without a plan (a human clicked it), the engine searches and either
    /// finishes that piece's move or, if it prefers another piece, clicks that one instead.
    fn genmove(&mut self, color: Color) -> Result<String, String> {
        let game = self.board.game();
        if game.outcome().is_over() {
            return Ok("resign".into());
        }
        if color != game.side_to_move() {
            return Err(format!("{} is to move", game.side_to_move().name()));
        }
        if let Some(sel) = self.board.selection() {
            if let Some(plan) = sel.plan.filter(|m| self.board.game().is_legal(*m)) {
                return self.click(color, plan.to());
            }
        }
        let mut limits = self.limits(color);
        if self.board.selection().is_some() {
            // Passing is not possible with a piece selected.
            let legal = self.board.game().legal_moves();
            limits.search_moves = legal.iter().copied().filter(|m| !m.is_pass()).collect();
        }
        self.prepare_table();
        let game = self.board.game();
        let result = self.engine.run(
            game,
            &limits,
            self.interrupt.flag(),
            None,
            &mut |info: &SearchInfo| show_progress(game, info),
        );
        end_progress();
        let Some(best) = result.best else {
            return Ok("resign".into());
        };
        if best.is_place() {
            return self.click(color, best.to());
        }
        if best.is_pass() {
            self.board.pass(color)?;
            return Ok("pass".into());
        }
        match self.board.selection() {
            Some(sel) if sel.from == best.from() => self.click(color, best.to()),
            _ => {
                let answer = self.click(color, best.from())?;
                self.board.set_plan(best);
                Ok(answer)
            }
        }
    }

    fn click(&mut self, color: Color, sq: Square) -> Result<String, String> {
        match self.board.click(color, sq)? {
            Click::Selected(sq) => Ok(format_square(sq)),
            Click::Played(mv) => Ok(format_square(mv.to())),
        }
    }

    fn limits(&self, color: Color) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            move_time: self.move_time,
            ..Limits::default()
        };
        if self.time.limited {
            if let Some((left, stones)) = self.time.left[color.index()] {
                // The time left is a clock for the search's time manager, which keeps its
                // reserves; in byo-yomi it must last for the period's stones. Built by the
                // rule every front end's clock is built by.
                let mut time = [None; 2];
                time[color.index()] = Some(left.as_millis() as u64);
                limits.clock = Clock::from_millis(time, [None; 2], (stones > 0).then_some(stones));
            }
        }
        if limits.depth.is_none() && limits.move_time.is_none() && limits.clock.is_none() {
            limits.move_time = Some(DEFAULT_MOVE_TIME);
        }
        limits
    }

    /// Rows from the top, `X` for Black, `O` for White, `.` for empty: the format of
    /// `gogui-rules_board`, with the first row on the `=` line as in GoGui's manual.
    fn rules_board(&self) -> String {
        let size = self.rules.size();
        let pos = self.board.game().position();
        (0..size.height())
            .rev()
            .map(|rank| {
                (0..size.width())
                    .map(|file| match pos.piece_at(Square::new(file, rank)) {
                        Some(Color::Black) => "X",
                        Some(Color::White) => "O",
                        None => ".",
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn showboard(&self) -> String {
        let size = self.rules.size();
        let game = self.board.game();
        let letters: String = (0..size.width())
            .map(|f| format!(" {}", &format_square(Square::new(f, 0))[..1]))
            .collect();
        let mut status = format!("{} to move", game.side_to_move().name());
        if let Some(sel) = self.board.selection() {
            status += &format!(", piece on {} selected", format_square(sel.from));
        }
        // The status goes first: the `=` line cannot carry the indented column letters.
        let mut out = vec![status, format!("   {letters}")];
        for (i, row) in self.rules_board().lines().enumerate() {
            let rank = size.height() - i;
            out.push(format!("{rank:>2}  {row}  {rank}"));
        }
        out.push(format!("   {letters}"));
        out.push(format!("rules: {}", self.rules));
        if game.outcome().is_over() {
            out.push(final_result(game.outcome()));
        }
        out.join("\n")
    }

    /// Graphics for GoGui: the kings (labelled K: GoGui draws only plain stones), the selected
    /// piece (square) and where it can go (circles), the last completed move's points (marks)
    /// and the pieces it converted or took (triangles), and a status line with the pieces in
    /// hand where the game has them. GoGui asks for it after every move, so the marks follow
    /// the game.
    fn board_gfx(&self) -> String {
        let list = |squares: &mut dyn Iterator<Item = Square>| {
            squares.map(format_square).collect::<Vec<_>>().join(" ")
        };
        let game = self.board.game();
        let pos = game.position();
        let mut lines = Vec::new();
        let kings: Vec<String> = Color::BOTH
            .iter()
            .filter_map(|&c| pos.king(c))
            .map(|sq| format!("{} K", format_square(sq)))
            .collect();
        if !kings.is_empty() {
            lines.push(format!("LABEL {}", kings.join(" ")));
        }
        if let Some(sel) = self.board.selection() {
            lines.push(format!("SQUARE {}", format_square(sel.from)));
            let dests = self.board.moves_of_selection();
            if !dests.is_empty() {
                lines.push(format!(
                    "CIRCLE {}",
                    list(&mut dests.iter().map(|m| m.to()))
                ));
            }
        }
        // The last completed move stays marked while the next one is being entered, so the
        // player still sees what the opponent just did.
        if let Some(mv) = game.last_move().filter(|m| !m.is_pass()) {
            if mv.is_place() {
                lines.push(format!("MARK {}", format_square(mv.to())));
            } else {
                lines.push(format!(
                    "MARK {} {}",
                    format_square(mv.from()),
                    format_square(mv.to())
                ));
            }
            let captured = game.last_captures();
            if !captured.is_empty() {
                lines.push(format!("TRIANGLE {}", list(&mut captured.into_iter())));
            }
        }
        let status = match self.hands() {
            Some(hands) => format!("{} ({hands})", self.status_line()),
            None => self.status_line(),
        };
        lines.push(format!("TEXT {status}"));
        lines.join("\n")
    }

    /// Whose turn it is and what to click, or the result.
    fn status_line(&self) -> String {
        let game = self.board.game();
        let who = game.side_to_move().name();
        match (game.outcome(), self.board.selection()) {
            (o, _) if o.is_over() => final_result(o),
            (_, Some(sel)) => format!(
                "{who}: click a destination for {} (or another piece)",
                format_square(sel.from)
            ),
            (_, None) if !self.board.placements().is_empty() => {
                format!("{who} to move: click an empty point to place a piece")
            }
            (_, None) => format!("{who} to move: click a piece"),
        }
    }

    /// The pieces in hand, in a game that has them.
    fn hands(&self) -> Option<String> {
        let pos = self.board.game().position();
        self.rules.family().has_placement().then(|| {
            format!(
                "in hand: White {}, Black {}",
                pos.hand(Color::White),
                pos.hand(Color::Black)
            )
        })
    }

    /// `mingmang-status`: the game's state in a few lines of text. GoGui clears its status
    /// line at many points, but shows a text of several lines in a window of its own and,
    /// with Auto Run, renews it after every click: whose turn it is and what to click, the
    /// pieces, what each side has taken, and for the saved game the rules and the result.
    fn status_report(&self) -> String {
        let game = self.board.game();
        let pos = game.position();
        let mut lines = vec![
            self.status_line(),
            format!(
                "on the board: White {}, Black {}",
                pos.count(Color::White),
                pos.count(Color::Black)
            ),
        ];
        lines.extend(self.hands());
        lines.push(format!(
            "taken so far: by White {}, by Black {}",
            self.board.captured_by(Color::White),
            self.board.captured_by(Color::Black)
        ));
        // The description leaves out Ming Mang's name, the default.
        let name = self.rules.game().name();
        let rules = self.rules.to_string();
        if rules.starts_with(name) {
            lines.push(format!("rules: {rules}"));
        } else {
            lines.push(format!("rules: {name} {rules}"));
        }
        lines.push(match final_score(game.outcome()) {
            Ok(score) => format!("result: {score}"),
            Err(_) => "result: none yet".into(),
        });
        lines.join("\n")
    }
}

/// `gogui-rules_game_id`: the game, capitalised and then in lower case as GoGui requires
/// (`Mingmang`, `Rek`, `Makyekhunt`, ...). GoGui compares the player's and the ruler's ids and
/// starts a new game when a ruler for another game is attached.
pub fn game_id(rules: &Rules) -> String {
    let name: String = rules
        .game()
        .name()
        .chars()
        .filter(char::is_ascii_alphabetic)
        .collect();
    let mut chars = name.chars();
    chars
        .next()
        .map(|first| first.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

/// `final_score`: the result as a game record writes it (SGF's `RE`): `W+` or `B+` for a
/// win, with the margin of the count where territory decided it, `0` for a draw; an error
/// while the game goes on, which has no score.
pub fn final_score(outcome: Outcome) -> Result<String, String> {
    let letter = |c: Color| if c == Color::White { "W" } else { "B" };
    match outcome {
        Outcome::Ongoing => Err("the game is not over".into()),
        Outcome::Win(c, EndReason::Territory { white, black }) => {
            Ok(format!("{}+{}", letter(c), white.abs_diff(black)))
        }
        Outcome::Win(c, _) => Ok(format!("{}+", letter(c))),
        Outcome::Draw(_) => Ok("0".into()),
    }
}

/// Shows a line the search has found: in the log, and to GoGui as live graphics on stderr
/// (the first line only, when the search reports several).
fn show_progress(game: &Game, info: &SearchInfo) {
    log::debug!(
        "depth {} score {:?} nodes {}",
        info.depth,
        info.score,
        info.nodes
    );
    if info.multipv == 1 {
        write_stderr(&analyze::live_gfx(game, info));
    }
}

/// Clears the live graphics at the end of a search.
fn end_progress() {
    write_stderr(analyze::LIVE_GFX_CLEAR);
}

fn write_stderr(text: &str) {
    let mut err = io::stderr().lock();
    // Nobody to tell if stderr is closed: the graphics are a courtesy.
    let _ = err.write_all(text.as_bytes()).and_then(|_| err.flush());
}

fn parse_numbers(args: &[&str], n: usize) -> Result<Vec<u64>, String> {
    if args.len() != n {
        return Err(format!("syntax error: expected {n} numbers"));
    }
    args.iter()
        .map(|a| {
            a.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0)
                .map(|x| x as u64)
                .ok_or_else(|| format!("syntax error: '{a}' is not a number"))
        })
        .collect()
}

/// The sentence GoGui shows in its end-of-game dialog.
pub fn final_result(outcome: Outcome) -> String {
    let cap = |c: Color| if c == Color::White { "White" } else { "Black" };
    match outcome {
        Outcome::Ongoing => "Game in progress".into(),
        Outcome::Win(c, EndReason::NoLegalMove) => {
            format!("{} wins: {} has no legal move", cap(c), cap(c.other()))
        }
        Outcome::Win(c, EndReason::NoPieces) => {
            format!("{} wins: {} has no pieces left", cap(c), cap(c.other()))
        }
        Outcome::Win(c, reason) => format!("{} wins ({})", cap(c), reason.describe()),
        Outcome::Draw(reason) => format!("Draw ({})", reason.describe()),
    }
}

/// Reads commands from `input` and answers them on `output` until `quit` or end of input.
///
/// A reader thread reads the input (lines of at most [`MAX_LINE`](crate::input::MAX_LINE)
/// bytes; a longer one is answered with an error and skipped), so that GoGui's `# interrupt`
/// reaches a running search. A command that fails, or even panics, gets a `?` reply and the
/// session goes on, so bad input never kills the engine under a GUI.
pub fn run(
    session: &mut GtpSession,
    input: impl BufRead + Send + 'static,
    mut output: impl Write,
) -> io::Result<()> {
    let interrupt = session.interrupt();
    let (tx, rx) = mpsc::channel();
    let reader_interrupt = Arc::clone(&interrupt);
    thread::spawn(move || {
        read_lines(input, |input| {
            if let Input::Line(line) = &input {
                if is_interrupt(line) {
                    log::debug!("gtp < {line}");
                    reader_interrupt.interrupt();
                    return true;
                }
            }
            let number = reader_interrupt.line_read();
            tx.send((number, input)).is_ok()
        })
    });
    for (number, input) in rx {
        let line = match input {
            Input::Line(line) => line,
            Input::TooLong(bytes) => {
                // The line's id is unknown: the reply has none.
                let reply = Err(too_long_message(bytes));
                output.write_all(format_response(None, &reply).as_bytes())?;
                output.flush()?;
                continue;
            }
            Input::End => return Ok(()),
        };
        let Some(cmd) = parse_line(&line) else {
            continue;
        };
        log::debug!("gtp < {}", line.trim_end());
        interrupt.begin(number);
        let reply = catch_unwind(AssertUnwindSafe(|| session.execute(&cmd)))
            .unwrap_or_else(|_| Err("internal error".into()));
        output.write_all(format_response(cmd.id, &reply).as_bytes())?;
        output.flush()?;
        if session.quit_requested() {
            return Ok(());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legal_move_words_skip_i() {
        let rules = Rules::new(BoardSize::new(9, 9).unwrap());
        let mut s = GtpSession::new(rules, EngineSettings::default()).unwrap();
        let mut send = |line: &str| s.execute(&parse_line(line).unwrap());
        let white = send("gogui-rules_legal_moves").unwrap();
        assert!(white.contains("H1") && !white.contains('I'));
        send("play w B1").unwrap();
        send("play w B2").unwrap();
        // Black's pieces stand on the ninth column, which GTP calls J.
        let black = send("gogui-rules_legal_moves").unwrap();
        assert!(black.contains("J2") && !black.contains('I'));
    }

    #[test]
    fn game_ids_are_capitalised_words() {
        let ids: Vec<String> = crate::rules::Preset::ALL
            .iter()
            .map(|&p| game_id(&Rules::preset(p)))
            .collect();
        assert_eq!(
            ids.join(" "),
            "Mingmang Mingmang Mingmang Mingmang Makyek Apitsodok Rek Minrekchanh Gala Makyekhunt"
        );
    }

    #[test]
    fn final_scores_as_game_records_write_them() {
        assert!(final_score(Outcome::Ongoing).is_err());
        let win = Outcome::Win(Color::Black, EndReason::NoLegalMove);
        assert_eq!(final_score(win).unwrap(), "B+");
        let count = EndReason::Territory {
            white: 40,
            black: 24,
        };
        assert_eq!(
            final_score(Outcome::Win(Color::White, count)).unwrap(),
            "W+16"
        );
        assert_eq!(
            final_score(Outcome::Draw(EndReason::PlyLimit)).unwrap(),
            "0"
        );
    }

    #[test]
    fn rectangles_are_refused() {
        let rules = Rules::new(BoardSize::new(7, 5).unwrap());
        let err = GtpSession::new(rules, EngineSettings::default())
            .err()
            .unwrap();
        assert!(err.contains("square boards only"), "{err}");
    }

    #[test]
    fn final_result_words() {
        let o = Outcome::Win(Color::Black, EndReason::NoLegalMove);
        assert_eq!(final_result(o), "Black wins: White has no legal move");
    }
}
