//! The Python module `mingmang._mingmang`: the engine's front-end facade (`mingmang::frontend`)
//! bound with PyO3. The rules and the search stay in the engine's crate; this file only turns
//! Python values into the facade's strings and numbers and back, and the facade's errors into
//! Python exceptions. The pure-Python package `mingmang` re-exports everything here and adds
//! the OpenSpiel game and the PettingZoo environment on top.

use std::sync::Mutex;

use mingmang::frontend;
use pyo3::create_exception;
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyInt, PyString, PyTuple};

create_exception!(
    _mingmang,
    MingmangError,
    PyValueError,
    "Base of every error the engine reports; the message is the engine's own."
);
create_exception!(
    _mingmang,
    OptionError,
    MingmangError,
    "An unknown option, a value of the wrong type, or rules that do not fit together."
);
create_exception!(
    _mingmang,
    PositionError,
    MingmangError,
    "A position string that cannot be read or does not fit the rules."
);
create_exception!(
    _mingmang,
    MoveError,
    MingmangError,
    "A move that is not one, or that the rules forbid."
);
create_exception!(
    _mingmang,
    GameOverError,
    MingmangError,
    "A request the finished game cannot answer (a move, a search)."
);
create_exception!(
    _mingmang,
    LimitsError,
    MingmangError,
    "Search limits the position cannot honour, or a perft too deep."
);

/// The Python exception for an engine error: the class by its kind, the engine's message.
fn raise(err: frontend::Error) -> PyErr {
    let message = err.message().to_string();
    match err.kind() {
        frontend::ErrorKind::Option => OptionError::new_err(message),
        frontend::ErrorKind::Position => PositionError::new_err(message),
        frontend::ErrorKind::Move => MoveError::new_err(message),
        frontend::ErrorKind::GameOver => GameOverError::new_err(message),
        frontend::ErrorKind::Limits => LimitsError::new_err(message),
    }
}

/// An option's value as the protocol writes it: Python's `True`/`False` become `true`/`false`
/// (checked before integers, since `bool` is a subclass of `int`), numbers and strings their
/// text. Anything else is a `TypeError` rather than a guess.
fn option_text(name: &str, value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(flag) = value.cast::<PyBool>() {
        return Ok(if flag.is_true() { "true" } else { "false" }.to_string());
    }
    if value.is_instance_of::<PyInt>() || value.is_instance_of::<PyString>() {
        return Ok(value.str()?.to_string());
    }
    Err(PyTypeError::new_err(format!(
        "option '{name}': expected a bool, an int or a str, got {}",
        value.get_type().name()?
    )))
}

/// The table's name for `given`, which may be written as a Python keyword: case, spaces and
/// underscores are ignored (`board_size` is `BoardSize`, `skill_level` is `Skill Level`). A
/// name that matches nothing is passed on as given, so that the engine's own message says so.
fn option_name(given: &str, options: &[frontend::OptionInfo]) -> String {
    let squash = |s: &str| {
        s.chars()
            .filter(|c| *c != '_' && *c != ' ')
            .flat_map(char::to_lowercase)
            .collect::<String>()
    };
    let wanted = squash(given);
    options
        .iter()
        .find(|o| squash(&o.name) == wanted)
        .map_or_else(|| given.to_string(), |o| o.name.clone())
}

/// Moves given either as one string separated by spaces or as a sequence of strings, joined
/// into the facade's form.
fn moves_text(moves: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = moves.cast::<PyString>() {
        return Ok(text.to_string());
    }
    let mut words = Vec::new();
    for item in moves.try_iter()? {
        let item = item?;
        let word = item.cast::<PyString>().map_err(|_| {
            PyTypeError::new_err("moves must be a str or an iterable of str".to_string())
        })?;
        words.push(word.to_string());
    }
    Ok(words.join(" "))
}

/// One option of the rules or of the engine, as the protocol announces it.
#[pyclass(name = "OptionInfo", module = "mingmang", frozen, get_all)]
struct OptionInfo {
    /// The name to set it by (the protocol's).
    name: String,
    /// `check`, `spin`, `combo`, `string` or `button`.
    kind: String,
    /// The smallest and largest value of a `spin`, else `None`.
    range: Option<(i64, i64)>,
    /// The default value as the protocol writes it.
    default: String,
    /// The values of a `combo`.
    choices: Vec<String>,
    /// What it does, one line.
    help: String,
}

#[pymethods]
impl OptionInfo {
    fn __repr__(&self) -> String {
        format!(
            "OptionInfo(name={:?}, kind={:?}, default={:?})",
            self.name, self.kind, self.default
        )
    }
}

impl OptionInfo {
    /// The descriptions of a table of options (the rules' or the engine's), in its order.
    fn all(table: Vec<frontend::OptionInfo>) -> Vec<OptionInfo> {
        table.into_iter().map(OptionInfo::of).collect()
    }

    fn of(info: frontend::OptionInfo) -> OptionInfo {
        OptionInfo {
            name: info.name,
            kind: info.kind,
            range: info.range.map(|[low, high]| (low, high)),
            default: info.default,
            choices: info.choices,
            help: info.help,
        }
    }
}

/// The rules of a game: a variant and its rule options, always valid.
///
/// `Rules("gundru", territory=True, max_plies=200)`; option names are the protocol's
/// (`BoardSize`, `EnchainedCapture`, `Territory`, `CornerCapture`, `LastPieceLeap`,
/// `MaxPlies`) in any case, with underscores allowed (`board_size`).
#[pyclass(name = "Rules", module = "mingmang", eq)]
#[derive(Clone, PartialEq)]
struct Rules {
    inner: frontend::GameRules,
}

impl Rules {
    /// Sets the keyword options at once, in the table's order as every binding does
    /// (`GameRules::set_all`): `BoardSize` may come before the variant it fits.
    fn set_all(&mut self, options: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
        let Some(options) = options else {
            return Ok(());
        };
        let table = frontend::GameRules::options();
        let mut given = Vec::new();
        for (key, value) in options.iter() {
            let key: String = key.extract()?;
            let name = option_name(&key, &table);
            let text = option_text(&name, &value)?;
            given.push((name, text));
        }
        let pairs: Vec<(&str, &str)> = given
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        self.inner.set_all(&pairs).map_err(raise)
    }

    /// The rules named by `variant` (a variant name, `Rules`, or `None` for the default),
    /// with `options` set on top.
    fn from_args(
        variant: Option<&Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Rules> {
        let mut rules = match variant {
            None => Rules {
                inner: frontend::GameRules::default(),
            },
            Some(v) => {
                if let Ok(rules) = v.cast::<Rules>() {
                    rules.borrow().clone()
                } else if let Ok(name) = v.cast::<PyString>() {
                    Rules {
                        inner: frontend::GameRules::new(&name.to_cow()?).map_err(raise)?,
                    }
                } else {
                    return Err(PyTypeError::new_err(format!(
                        "variant must be a str or Rules, got {}",
                        v.get_type().name()?
                    )));
                }
            }
        };
        rules.set_all(options)?;
        Ok(rules)
    }
}

#[pymethods]
impl Rules {
    /// The rules of `variant` (see `Rules.variants()`) with the given options set.
    #[new]
    #[pyo3(signature = (variant = "mingmang", **options))]
    fn new(variant: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Rules> {
        let mut rules = Rules {
            inner: frontend::GameRules::new(variant).map_err(raise)?,
        };
        rules.set_all(options)?;
        Ok(rules)
    }

    /// The names of the variants, the default first.
    #[staticmethod]
    fn variants() -> Vec<String> {
        frontend::GameRules::variants()
    }

    /// Every rule option, in the protocol's order (the variant first).
    #[staticmethod]
    fn options() -> Vec<OptionInfo> {
        OptionInfo::all(frontend::GameRules::options())
    }

    /// Sets the rule option `name` to `value`; raises `OptionError` and changes nothing if
    /// the value does not fit.
    fn set(&mut self, name: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let name = option_name(name, &frontend::GameRules::options());
        let text = option_text(&name, value)?;
        self.inner.set(&name, &text).map_err(raise)
    }

    /// The value of the rule option `name`, as the protocol writes it.
    fn get(&self, name: &str) -> PyResult<String> {
        let name = option_name(name, &frontend::GameRules::options());
        self.inner.get(&name).map_err(raise)
    }

    /// Every rule option's value by name, as the protocol writes it.
    fn settings(&self) -> PyResult<Vec<(String, String)>> {
        frontend::GameRules::options()
            .into_iter()
            .map(|o| Ok((o.name.clone(), self.inner.get(&o.name).map_err(raise)?)))
            .collect()
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> String {
        self.inner.variant()
    }

    /// The board's width (files).
    #[getter]
    fn width(&self) -> usize {
        self.inner.width()
    }

    /// The board's height (ranks).
    #[getter]
    fn height(&self) -> usize {
        self.inner.height()
    }

    /// The rules in words: the variant unless it is the default, then each option not at its
    /// default.
    fn describe(&self) -> String {
        self.inner.describe()
    }

    fn __repr__(&self) -> PyResult<String> {
        let mut parts = vec![format!("{:?}", self.inner.variant())];
        for option in frontend::GameRules::options().into_iter().skip(1) {
            let value = self.inner.get(&option.name).map_err(raise)?;
            if value != option.default {
                parts.push(format!("{}={:?}", option.name, value));
            }
        }
        Ok(format!("Rules({})", parts.join(", ")))
    }

    fn __copy__(&self) -> Rules {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Rules {
        self.clone()
    }
}

/// A game's outcome: where it stands and, once over, why.
#[pyclass(name = "Outcome", module = "mingmang", frozen, get_all, eq)]
#[derive(PartialEq)]
struct Outcome {
    /// `ongoing`, `white_wins`, `black_wins` or `draw`.
    status: String,
    /// `white` or `black` for a win, else `None`.
    winner: Option<String>,
    /// Why the game ended: `no_legal_move`, `no_pieces`, `ply_limit`, `king_captured`,
    /// `too_few_men` or `territory`; `None` while it goes on.
    reason: Option<String>,
    /// The counts (White, Black) when territory scoring decided, else `None`.
    territory: Option<(usize, usize)>,
    /// The outcome in words, as the engine writes it.
    text: String,
    /// The protocol's answer to `query result`: `none`, `p1win`, `p2win` or `draw`.
    protocol: String,
}

#[pymethods]
impl Outcome {
    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.status != "ongoing"
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on (as python-chess writes it).
    fn result(&self) -> &'static str {
        match self.protocol.as_str() {
            "p1win" => "1-0",
            "p2win" => "0-1",
            "draw" => "1/2-1/2",
            _ => "*",
        }
    }

    fn __repr__(&self) -> String {
        format!("Outcome({:?})", self.text)
    }
}

impl Outcome {
    fn of(outcome: frontend::Outcome) -> Outcome {
        let (status, winner) = match outcome.status {
            frontend::Status::Ongoing => ("ongoing", None),
            frontend::Status::WhiteWins => ("white_wins", Some("white".to_string())),
            frontend::Status::BlackWins => ("black_wins", Some("black".to_string())),
            frontend::Status::Draw => ("draw", None),
        };
        let reason = outcome.reason.map(|r| {
            match r {
                frontend::Reason::NoLegalMove => "no_legal_move",
                frontend::Reason::NoPieces => "no_pieces",
                frontend::Reason::PlyLimit => "ply_limit",
                frontend::Reason::KingCaptured => "king_captured",
                frontend::Reason::TooFewMen => "too_few_men",
                frontend::Reason::Territory => "territory",
            }
            .to_string()
        });
        Outcome {
            status: status.to_string(),
            winner,
            reason,
            territory: outcome.territory.map(|[white, black]| (white, black)),
            text: outcome.text,
            protocol: outcome.status.protocol().to_string(),
        }
    }
}

/// The number of a square in the fixed action encoding: `file + rank * width`, a1 being 0.
fn square_index(text: &str, width: usize, height: usize) -> Option<usize> {
    let mut chars = text.chars();
    let file = chars.next()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let file = (file as u8 - b'a') as usize;
    let rank: usize = chars.as_str().parse().ok()?;
    (file < width && (1..=height).contains(&rank)).then(|| file + (rank - 1) * width)
}

/// The square named by `index` in the fixed action encoding.
fn square_name(index: usize, width: usize) -> String {
    format!(
        "{}{}",
        (b'a' + (index % width) as u8) as char,
        index / width + 1
    )
}

/// The action number of the move `text` on a `width` x `height` board; see
/// [`move_to_action`].
fn encode(text: &str, width: usize, height: usize) -> Option<usize> {
    let squares = width * height;
    if text == "0000" || text.eq_ignore_ascii_case("pass") {
        return Some(squares * squares + squares);
    }
    if let Some(target) = square_index(text, width, height) {
        return Some(squares * squares + target);
    }
    let text = text.replace('-', "");
    // The destination starts at the second letter: files are single letters.
    let split = text
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_lowercase())?
        .0;
    let from = square_index(&text[..split], width, height)?;
    let to = square_index(&text[split..], width, height)?;
    Some(from * squares + to)
}

/// The sizes of board the engine plays on, files and ranks alike.
const BOARD_SIDES: std::ops::RangeInclusive<usize> = 4..=19;

/// Refuses a board size the engine has no board for (and whose action count could overflow).
fn check_board(width: usize, height: usize) -> PyResult<()> {
    if BOARD_SIDES.contains(&width) && BOARD_SIDES.contains(&height) {
        Ok(())
    } else {
        Err(PyValueError::new_err(format!(
            "a board is 4 to 19 files by 4 to 19 ranks, not {width}x{height}"
        )))
    }
}

/// The number of actions of a board with `squares` squares: every (from, to) pair, a
/// placement on every square, and the pass.
fn action_count(squares: usize) -> usize {
    squares * squares + squares + 1
}

/// The number of actions of a `width` x `height` board: every (from, to) pair, a placement on
/// every square, and the pass.
#[pyfunction]
fn num_actions(width: usize, height: usize) -> PyResult<usize> {
    check_board(width, height)?;
    Ok(action_count(width * height))
}

/// The action number of the move `text` on a `width` x `height` board: `from * N + to` for a
/// move (N = width * height, squares numbered `file + rank * width` from a1 = 0), `N * N + s`
/// for a placement on square s (Gala), `N * N + N` for the pass. Raises `MoveError` for text
/// that is not a move on that board.
#[pyfunction]
fn move_to_action(text: &str, width: usize, height: usize) -> PyResult<usize> {
    check_board(width, height)?;
    encode(text, width, height).ok_or_else(|| {
        MoveError::new_err(format!(
            "'{text}' is not a move on a {width}x{height} board"
        ))
    })
}

/// The move text of `action` on a `width` x `height` board (the inverse of
/// `move_to_action`). Raises `MoveError` for a number outside the encoding.
#[pyfunction]
fn action_to_move(action: usize, width: usize, height: usize) -> PyResult<String> {
    check_board(width, height)?;
    let squares = width * height;
    if action >= action_count(squares) {
        return Err(MoveError::new_err(format!(
            "action {action} is not one of the {} actions of a {width}x{height} board",
            action_count(squares)
        )));
    }
    Ok(if action == squares * squares + squares {
        "0000".to_string()
    } else if action >= squares * squares {
        square_name(action - squares * squares, width)
    } else {
        format!(
            "{}{}",
            square_name(action / squares, width),
            square_name(action % squares, width)
        )
    })
}

/// A game under some rules: legal moves, play, undo, outcome, position, perft.
///
/// `Game("rek")`, `Game(Rules("mingmang", board_size="6x6"))`,
/// `Game("gala", position="7/7/7/7/7/7/7 b w13b10", moves=["d4", "d5"])`. Moves are text in
/// the engine's notation: `a2b2`, `0000` for a pass, `d4` for a Gala placement. The whole
/// history is kept: rule 7 (no return to an earlier position) depends on it.
#[pyclass(name = "Game", module = "mingmang")]
#[derive(Clone)]
struct Game {
    inner: frontend::Game,
    /// The board's width, read once from the start position (a position string may set a
    /// size other than the rules' own).
    width: usize,
    /// The board's height, read likewise.
    height: usize,
}

impl Game {
    fn of(inner: frontend::Game) -> Game {
        let start = inner.start_position();
        let board = start.split(' ').next().unwrap_or_default();
        Game {
            width: board.split('/').next().map_or(0, rank_width),
            height: board.split('/').count(),
            inner,
        }
    }
}

#[pymethods]
impl Game {
    /// A game of `variant` (a name or `Rules`) with the given rule options, from its start
    /// or from `position`, after `moves` (a str separated by spaces, or a list of str).
    #[new]
    #[pyo3(signature = (variant = None, position = None, moves = None, **options))]
    fn new(
        variant: Option<&Bound<'_, PyAny>>,
        position: Option<&str>,
        moves: Option<&Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Game> {
        let rules = Rules::from_args(variant, options)?;
        let moves = moves.map(moves_text).transpose()?.unwrap_or_default();
        let inner = match position {
            Some(position) => {
                frontend::Game::from_position(&rules.inner, position, &moves).map_err(raise)?
            }
            None => {
                let mut game = frontend::Game::new(&rules.inner);
                game.play_moves(&moves).map_err(raise)?;
                game
            }
        };
        Ok(Game::of(inner))
    }

    /// The rules of this game.
    #[getter]
    fn rules(&self) -> Rules {
        Rules {
            inner: self.inner.rules(),
        }
    }

    /// The board's width (files), which the position string may have set.
    #[getter]
    fn width(&self) -> usize {
        self.width
    }

    /// The board's height (ranks), which the position string may have set.
    #[getter]
    fn height(&self) -> usize {
        self.height
    }

    /// The legal moves in the canonical order (as the protocol's `query moves`); empty once
    /// the game is over.
    fn legal_moves(&self) -> Vec<String> {
        if self.inner.outcome().status != frontend::Status::Ongoing {
            return Vec::new();
        }
        self.inner.legal_moves()
    }

    /// The legal moves as action numbers of the fixed encoding (see `move_to_action`),
    /// ascending; empty once the game is over.
    fn legal_actions(&self) -> Vec<usize> {
        let (width, height) = (self.width(), self.height());
        let mut actions: Vec<usize> = self
            .legal_moves()
            .iter()
            .filter_map(|m| encode(m, width, height))
            .collect();
        actions.sort_unstable();
        actions
    }

    /// The board planes of `mingmang.planes` as `side` (`white` or `black`) sees the game,
    /// as native float32 bytes (`numpy.frombuffer` reads them): 9 planes of height x width,
    /// row r being rank r + 1. `max_plies` scales the plies plane (0: no limit, the plane
    /// stays 0).
    fn planes<'py>(
        &self,
        py: Python<'py>,
        side: &str,
        max_plies: usize,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let own = match side {
            "white" => 'w',
            "black" => 'b',
            _ => {
                return Err(PyValueError::new_err(format!(
                    "side must be 'white' or 'black', not '{side}'"
                )))
            }
        };
        let values = board_planes(&self.inner.position(), own, self.inner.ply(), max_plies);
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
        Ok(PyBytes::new(py, &bytes))
    }

    /// One byte per action of the fixed encoding (see `move_to_action`), 1 for the legal
    /// ones and 0 for the others: an action mask (`numpy.frombuffer(..., numpy.int8)`).
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let mut mask = vec![0u8; action_count(self.width * self.height)];
        for action in self.legal_actions() {
            mask[action] = 1;
        }
        PyBytes::new(py, &mask)
    }

    /// Whether `move` is legal now (malformed text is simply not legal).
    fn is_legal(&self, r#move: &str) -> bool {
        self.inner.outcome().status == frontend::Status::Ongoing && self.inner.is_legal(r#move)
    }

    /// Plays `move`; raises `MoveError` (illegal or malformed) or `GameOverError`.
    fn play(&mut self, r#move: &str) -> PyResult<()> {
        self.inner.play(r#move).map_err(raise)
    }

    /// Plays the move numbered `action` in the fixed encoding (see `move_to_action`).
    fn play_action(&mut self, action: usize) -> PyResult<()> {
        let text = action_to_move(action, self.width(), self.height())?;
        self.inner.play(&text).map_err(raise)
    }

    /// `play`, as python-chess names it.
    fn push(&mut self, r#move: &str) -> PyResult<()> {
        self.play(r#move)
    }

    /// Plays `moves` (a str separated by spaces, or a list of str) in order; all or none.
    fn play_moves(&mut self, moves: &Bound<'_, PyAny>) -> PyResult<()> {
        self.inner.play_moves(&moves_text(moves)?).map_err(raise)
    }

    /// Takes back the last move and returns it, or `None` at the start.
    fn undo(&mut self) -> Option<String> {
        self.inner.undo()
    }

    /// Takes back the last move and returns it; raises `IndexError` at the start (as
    /// python-chess's `pop` does).
    fn pop(&mut self) -> PyResult<String> {
        self.inner
            .undo()
            .ok_or_else(|| PyIndexError::new_err("pop from a game with no moves"))
    }

    /// `white` or `black`.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        self.inner.side_to_move().name()
    }

    /// Where the game stands and, once over, why.
    fn outcome(&self) -> Outcome {
        Outcome::of(self.inner.outcome())
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    fn result(&self) -> &'static str {
        Outcome::of(self.inner.outcome()).result()
    }

    /// Whether the game is over.
    fn is_game_over(&self) -> bool {
        self.inner.outcome().status != frontend::Status::Ongoing
    }

    /// The current position string (as `query fen`).
    fn position(&self) -> String {
        self.inner.position()
    }

    /// The position the game started from.
    fn start_position(&self) -> String {
        self.inner.start_position()
    }

    /// The moves played from the start position, in order.
    fn moves(&self) -> Vec<String> {
        self.inner.moves()
    }

    /// The number of moves played from the start position.
    #[getter]
    fn ply(&self) -> usize {
        self.inner.ply()
    }

    /// The number of leaves of the legal move tree `depth` plies deep (rule 7 applied along
    /// every path). Raises `LimitsError` above the engine's largest depth.
    fn perft(slf: &Bound<'_, Self>, depth: u32) -> PyResult<u64> {
        // Counted on a copy, the game's borrow released: other threads may use the game
        // meanwhile.
        let game = slf.borrow().inner.clone();
        slf.py().detach(move || game.perft(depth)).map_err(raise)
    }

    /// An independent copy, history included.
    fn copy(&self) -> Game {
        self.clone()
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    /// What rebuilds the game when unpickled: its rules, start position and moves.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let rules = self.rules();
        let options = PyDict::new(py);
        for (name, value) in rules.settings()? {
            options.set_item(name, value)?;
        }
        let rebuild = py.import("mingmang")?.getattr("_rebuild_game")?;
        let args = (
            options,
            self.inner.start_position(),
            self.inner.moves().join(" "),
        );
        (rebuild, args).into_pyobject(py)
    }

    fn __repr__(&self) -> String {
        let rules = self.inner.rules();
        let described = rules.describe();
        // `describe` leaves out the default variant; the representation always names it.
        let label = if described.starts_with(&rules.variant()) {
            described
        } else {
            format!("{} {described}", rules.variant())
                .trim_end()
                .to_string()
        };
        format!(
            "Game({label:?}, position={:?}, ply={})",
            self.inner.position(),
            self.inner.ply()
        )
    }

    fn __str__(&self) -> String {
        self.inner.position()
    }
}

/// The planes of the board planes' layout (see `mingmang/planes.py`), in order.
const PLANES: usize = 9;

/// The board planes of the position string `position` as the side `own` (`w` or `b`) sees it,
/// `plies` played of `max_plies` (0: no limit): own men, own king, the opponent's men, the
/// opponent's king, empty squares, to move, own hand, the opponent's hand (each over the
/// number of squares), plies over the limit; each plane height x width, rank 1 first. The
/// position string is the engine's own, so its grammar is trusted.
fn board_planes(position: &str, own: char, plies: usize, max_plies: usize) -> Vec<f32> {
    let mut fields = position.split(' ');
    let board = fields.next().unwrap_or_default();
    let to_move = fields.next().unwrap_or_default();
    let hand = fields.next().unwrap_or_default();
    let ranks: Vec<&str> = board.split('/').collect();
    let height = ranks.len();
    let width = ranks.first().map_or(0, |rank| rank_width(rank));
    let area = width * height;
    let mut planes = vec![0.0f32; PLANES * area];
    for (from_top, rank) in ranks.iter().enumerate() {
        let row = height - 1 - from_top;
        let mut col = 0;
        let mut run = 0;
        for c in rank.chars() {
            if let Some(d) = c.to_digit(10) {
                run = run * 10 + d as usize;
                continue;
            }
            for empty in col..col + run {
                planes[4 * area + row * width + empty] = 1.0;
            }
            col += run;
            run = 0;
            let mine = c.to_ascii_lowercase() == own;
            let plane = if mine { 0 } else { 2 } + usize::from(c.is_ascii_uppercase());
            planes[plane * area + row * width + col] = 1.0;
            col += 1;
        }
        for empty in col..col + run {
            planes[4 * area + row * width + empty] = 1.0;
        }
    }
    // The hand is "w<count>b<count>" (Gala only).
    let (white_hand, black_hand) = hand
        .strip_prefix('w')
        .and_then(|rest| rest.split_once('b'))
        .and_then(|(w, b)| Some((w.parse::<usize>().ok()?, b.parse::<usize>().ok()?)))
        .unwrap_or((0, 0));
    let (own_hand, their_hand) = if own == 'w' {
        (white_hand, black_hand)
    } else {
        (black_hand, white_hand)
    };
    let mut fill = |plane: usize, value: f32| {
        planes[plane * area..(plane + 1) * area].fill(value);
    };
    if to_move.starts_with(own) {
        fill(5, 1.0);
    }
    fill(6, own_hand as f32 / area as f32);
    fill(7, their_hand as f32 / area as f32);
    if max_plies > 0 {
        fill(8, (plies as f32 / max_plies as f32).min(1.0));
    }
    planes
}

/// The number of files a rank of a position string covers.
fn rank_width(rank: &str) -> usize {
    let mut width = 0;
    let mut run = 0;
    for c in rank.chars() {
        if let Some(d) = c.to_digit(10) {
            run = run * 10 + d as usize;
        } else {
            width += run + 1;
            run = 0;
        }
    }
    width + run
}

/// A score from the side to move's point of view.
#[pyclass(name = "Score", module = "mingmang", frozen, get_all, eq)]
#[derive(Clone, PartialEq)]
struct Score {
    /// Centipawns (a man is 100), or `None` for a mate score.
    cp: Option<i32>,
    /// Moves to the end, negative when the side to move loses; `None` for a centipawn score.
    mate: Option<i32>,
}

#[pymethods]
impl Score {
    /// Whether this is a forced end rather than an evaluation.
    fn is_mate(&self) -> bool {
        self.mate.is_some()
    }

    fn __str__(&self) -> String {
        match (self.cp, self.mate) {
            (_, Some(n)) => format!("mate {n}"),
            (Some(n), _) => format!("cp {n}"),
            _ => String::new(),
        }
    }

    fn __repr__(&self) -> String {
        match (self.cp, self.mate) {
            (_, Some(n)) => format!("Score(mate={n})"),
            (Some(n), _) => format!("Score(cp={n})"),
            _ => "Score()".to_string(),
        }
    }
}

impl Score {
    fn of(score: frontend::Score) -> Score {
        match score {
            frontend::Score::Cp(n) => Score {
                cp: Some(n),
                mate: None,
            },
            frontend::Score::Mate(n) => Score {
                cp: None,
                mate: Some(n),
            },
        }
    }
}

/// One line of a search: as an `info` line of the protocol reports it.
#[pyclass(name = "Line", module = "mingmang", frozen, get_all)]
#[derive(Clone)]
struct Line {
    /// Its rank among the MultiPV lines, 1 for the best.
    multipv: usize,
    /// The depth searched, in plies.
    depth: u32,
    /// The deepest ply reached.
    seldepth: u32,
    /// The score.
    score: Score,
    /// The principal variation: the line of moves expected.
    pv: Vec<String>,
    /// Nodes searched.
    nodes: u64,
    /// Nodes per second.
    nps: u64,
    /// Milliseconds spent.
    time_ms: u64,
    /// The transposition table's fill, per mille.
    hashfull: u32,
}

#[pymethods]
impl Line {
    fn __repr__(&self) -> String {
        format!(
            "Line(multipv={}, depth={}, score={}, pv={:?})",
            self.multipv,
            self.depth,
            self.score.__repr__(),
            self.pv
        )
    }
}

impl Line {
    fn of(line: &frontend::Line) -> Line {
        Line {
            multipv: line.multipv,
            depth: line.depth,
            seldepth: line.seldepth,
            score: Score::of(line.score),
            pv: line.pv.clone(),
            nodes: line.nodes,
            nps: line.nps,
            time_ms: line.time_ms,
            hashfull: line.hashfull,
        }
    }
}

/// What a search found: the move to play, its score, depth and principal variation, and
/// every MultiPV line of the last completed iteration.
#[pyclass(name = "SearchResult", module = "mingmang", frozen, get_all)]
struct SearchResult {
    /// The move to play.
    best_move: String,
    /// The score of the line played.
    score: Score,
    /// The depth of the last completed iteration.
    depth: u32,
    /// The deepest ply reached.
    seldepth: u32,
    /// The principal variation, starting with `best_move`.
    pv: Vec<String>,
    /// Nodes searched.
    nodes: u64,
    /// Nodes per second.
    nps: u64,
    /// Milliseconds spent.
    time_ms: u64,
    /// The MultiPV lines of the last iteration, best first.
    lines: Vec<Line>,
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self) -> String {
        format!(
            "SearchResult(best_move={:?}, score={}, depth={}, pv={:?})",
            self.best_move,
            self.score.__repr__(),
            self.depth,
            self.pv
        )
    }
}

/// How many polls of a running search pass between two looks for a Python signal (Ctrl-C):
/// a poll comes every few hundred nodes, and taking the GIL at each would slow the search.
const POLLS_PER_SIGNAL_CHECK: u32 = 64;

/// Milliseconds for a time in seconds given from Python.
fn millis(name: &str, seconds: Option<f64>) -> PyResult<Option<u64>> {
    match seconds {
        None => Ok(None),
        Some(s) if s.is_finite() && s >= 0.0 => Ok(Some((s * 1000.0).round() as u64)),
        Some(s) => Err(LimitsError::new_err(format!(
            "{name} must be a number of seconds, at least 0, not {s}"
        ))),
    }
}

/// The search with its options (the engine option table) and transposition table.
///
/// `Engine(hash=16, skill_level=5)`; option names are the protocol's (`Hash`, `Threads`,
/// `MultiPV`, `MoveOverhead`, `Skill Level`, `EvalFile`, `Clear Hash`) in any case, with
/// underscores for spaces allowed. `search` releases the GIL; `stop()` from another thread
/// ends a running search, which then returns its best move so far.
#[pyclass(name = "Engine", module = "mingmang", frozen)]
struct Engine {
    /// The engine; locked for the length of a search, so a second search on the same engine
    /// waits for the first.
    engine: Mutex<frontend::Engine>,
    /// Stops the running search without the lock a search holds.
    stop_handle: frontend::StopHandle,
}

impl Engine {
    fn lock(&self) -> std::sync::MutexGuard<'_, frontend::Engine> {
        // A poisoned lock only means an earlier call panicked; the engine is still whole.
        self.engine.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn set_text(
        engine: &mut frontend::Engine,
        name: &str,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let name = option_name(name, &frontend::Engine::options());
        let text = option_text(&name, value)?;
        engine.set_option(&name, &text).map_err(raise)
    }
}

#[pymethods]
impl Engine {
    /// An engine with the given options set, a fixed seed for the strength levels' draw.
    #[new]
    #[pyo3(signature = (**options))]
    fn new(options: Option<&Bound<'_, PyDict>>) -> PyResult<Engine> {
        let mut engine = frontend::Engine::new();
        if let Some(options) = options {
            for (key, value) in options.iter() {
                let key: String = key.extract()?;
                Engine::set_text(&mut engine, &key, &value)?;
            }
        }
        let stop_handle = engine.stop_handle();
        Ok(Engine {
            engine: Mutex::new(engine),
            stop_handle,
        })
    }

    /// Every engine option, in the protocol's order.
    #[staticmethod]
    fn options() -> Vec<OptionInfo> {
        OptionInfo::all(frontend::Engine::options())
    }

    /// Sets the engine option `name` to `value`; raises `OptionError` and changes nothing if
    /// it does not fit. Waits for a running search of this engine to end.
    fn set_option(&self, py: Python<'_>, name: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let name = option_name(name, &frontend::Engine::options());
        let text = option_text(&name, value)?;
        py.detach(|| self.lock().set_option(&name, &text))
            .map_err(raise)
    }

    /// The value of the engine option `name`, as the protocol writes it.
    fn option(&self, py: Python<'_>, name: &str) -> PyResult<String> {
        let name = option_name(name, &frontend::Engine::options());
        py.detach(|| self.lock().option(&name)).map_err(raise)
    }

    /// Forgets what earlier games taught the table: call it when a new game starts.
    fn new_game(&self, py: Python<'_>) {
        py.detach(|| self.lock().new_game());
    }

    /// Seeds the move a lower Skill Level draws: the same seed and position give the same
    /// move. `None` seeds from the wall clock instead.
    #[pyo3(signature = (seed))]
    fn set_seed(&self, py: Python<'_>, seed: Option<u64>) {
        py.detach(|| self.lock().set_seed(seed));
    }

    /// Stops this engine's running search, if one runs: it returns its best move so far.
    /// Safe to call from any thread; does nothing when no search runs.
    fn stop(&self) {
        self.stop_handle.stop();
    }

    /// Searches `game` for the move to play, within the limits given (all optional and
    /// combined: whichever is reached first ends the search). Times are in seconds.
    /// `multipv` and `skill_level` apply to this search only. Any clock parameter makes a
    /// clock, an increment alone too, as in the protocol. With no limit at all the
    /// search runs until `stop()` (or Ctrl-C). The GIL is released meanwhile.
    #[pyo3(signature = (
        game, *, depth = None, nodes = None, time = None, white_clock = None,
        black_clock = None, white_inc = None, black_inc = None, remaining_moves = None,
        search_moves = None, multipv = None, skill_level = None
    ))]
    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        py: Python<'_>,
        game: &Bound<'_, Game>,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
        white_clock: Option<f64>,
        black_clock: Option<f64>,
        white_inc: Option<f64>,
        black_inc: Option<f64>,
        remaining_moves: Option<u32>,
        search_moves: Option<&Bound<'_, PyAny>>,
        multipv: Option<u32>,
        skill_level: Option<u32>,
    ) -> PyResult<SearchResult> {
        let limits = frontend::Limits {
            move_time_ms: millis("time", time)?,
            white_time_ms: millis("white_clock", white_clock)?,
            black_time_ms: millis("black_clock", black_clock)?,
            white_increment_ms: millis("white_inc", white_inc)?,
            black_increment_ms: millis("black_inc", black_inc)?,
            moves_to_go: remaining_moves,
            depth,
            nodes,
            infinite: false,
            search_moves: match search_moves {
                Some(moves) => moves_text(moves)?
                    .split_whitespace()
                    .map(str::to_string)
                    .collect(),
                None => Vec::new(),
            },
            // For this search only: the limits carry them, the options stay as they are.
            multi_pv: multipv,
            skill_level,
        };
        // The search sees a copy, the game's borrow released: other threads may go on
        // using (and playing on) the game while it runs.
        let game = game.borrow().inner.clone();
        let mut interrupted: Option<PyErr> = None;
        let result = py.detach(|| {
            let mut engine = self.lock();
            let mut polls = 0u32;
            engine.search_with(&game, &limits, &mut |_| {}, &mut || {
                polls += 1;
                if !polls.is_multiple_of(POLLS_PER_SIGNAL_CHECK) {
                    return false;
                }
                Python::attach(|py| match py.check_signals() {
                    Ok(()) => false,
                    Err(e) => {
                        interrupted = Some(e);
                        true
                    }
                })
            })
        });
        if let Some(e) = interrupted {
            return Err(e);
        }
        let report = result.map_err(raise)?;
        Ok(SearchResult {
            best_move: report.best_move,
            score: Score::of(report.line.score),
            depth: report.line.depth,
            seldepth: report.line.seldepth,
            pv: report.line.pv,
            nodes: report.line.nodes,
            nps: report.line.nps,
            time_ms: report.line.time_ms,
            lines: report.lines.iter().map(Line::of).collect(),
        })
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let settings = py.detach(|| {
            let engine = self.lock();
            frontend::Engine::options()
                .into_iter()
                .filter(|o| o.kind != "button")
                .filter_map(|o| {
                    let value = engine.option(&o.name).ok()?;
                    (value != o.default).then(|| format!("{:?}: {:?}", o.name, value))
                })
                .collect::<Vec<_>>()
        });
        format!("Engine({{{}}})", settings.join(", "))
    }
}

/// The native part of the `mingmang` package.
#[pymodule]
fn _mingmang(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Rules>()?;
    m.add_class::<Game>()?;
    m.add_class::<Engine>()?;
    m.add_class::<Outcome>()?;
    m.add_class::<Score>()?;
    m.add_class::<Line>()?;
    m.add_class::<SearchResult>()?;
    m.add_class::<OptionInfo>()?;
    m.add("MingmangError", py.get_type::<MingmangError>())?;
    m.add("OptionError", py.get_type::<OptionError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add("LimitsError", py.get_type::<LimitsError>())?;
    m.add_function(wrap_pyfunction!(num_actions, m)?)?;
    m.add_function(wrap_pyfunction!(move_to_action, m)?)?;
    m.add_function(wrap_pyfunction!(action_to_move, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
