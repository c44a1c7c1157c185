//! `Game` and its `Outcome`, over the facade's `Game`, and the fixed action encoding's
//! functions (`num_actions`, `move_to_action`, `action_to_move`), which are the facade's
//! `frontend::encoding`.

use mingmang::frontend;
use mingmang::frontend::encoding::Encoding;
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString, PyTuple};

use crate::args::{count_u32, count_usize, text};
use crate::board_picture;
use crate::errors::{raise, LimitsError, MoveError, OptionError, PositionError, RecordError};
use crate::py_rules::PyRules;

/// Moves given either as one string separated by spaces or as a sequence of strings, joined
/// into the facade's form.
pub(crate) fn moves_text(moves: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = moves.cast::<PyString>() {
        return Ok(text.to_string());
    }
    let mut words = Vec::new();
    let items = moves
        .try_iter()
        .map_err(|_| MoveError::new_err("moves must be a str or an iterable of str".to_string()))?;
    for item in items {
        let item = item?;
        let word = item.cast::<PyString>().map_err(|_| {
            MoveError::new_err("moves must be a str or an iterable of str".to_string())
        })?;
        words.push(word.to_string());
    }
    Ok(words.join(" "))
}

/// A game's outcome: where it stands and, once over, why.
#[pyclass(name = "Outcome", module = "mingmang", frozen, get_all, eq)]
#[derive(PartialEq)]
pub(crate) struct PyOutcome {
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
impl PyOutcome {
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

impl PyOutcome {
    fn of(outcome: frontend::Outcome) -> PyOutcome {
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
        PyOutcome {
            status: status.to_string(),
            winner,
            reason,
            territory: outcome.territory.map(|[white, black]| (white, black)),
            text: outcome.text,
            protocol: outcome.status.protocol().to_string(),
        }
    }
}

/// The encoding of a `width` x `height` board; `OptionError` for a side that is not an int
/// from 0 up or a size the engine has no board for (what `BoardSize` refuses, so the same
/// class as a bad `BoardSize`).
fn encoding(width: &Bound<'_, PyAny>, height: &Bound<'_, PyAny>) -> PyResult<Encoding> {
    let width = count_usize("width", width, OptionError::new_err)?;
    let height = count_usize("height", height, OptionError::new_err)?;
    Encoding::new(width, height).map_err(|e| OptionError::new_err(e.message().to_string()))
}

/// The number of actions of a `width` x `height` board: every (from, to) pair, a placement on
/// every square, and the pass.
#[pyfunction]
pub(crate) fn num_actions(width: &Bound<'_, PyAny>, height: &Bound<'_, PyAny>) -> PyResult<usize> {
    Ok(encoding(width, height)?.num_actions())
}

/// The action number of the move `text` on a `width` x `height` board: `from * N + to` for a
/// move (N = width * height, squares numbered `file + rank * width` from a1 = 0), `N * N + s`
/// for a placement on square s (Gala), `N * N + N` for the pass. Raises `MoveError` for text
/// that is not a move on that board.
#[pyfunction]
pub(crate) fn move_to_action(
    text: &Bound<'_, PyAny>,
    width: &Bound<'_, PyAny>,
    height: &Bound<'_, PyAny>,
) -> PyResult<usize> {
    let text = self::text("text", text, MoveError::new_err)?;
    encoding(width, height)?
        .move_to_action(&text)
        .map_err(raise)
}

/// The move text of `action` on a `width` x `height` board (the inverse of
/// `move_to_action`). Raises `MoveError` for a number outside the encoding.
#[pyfunction]
pub(crate) fn action_to_move(
    action: &Bound<'_, PyAny>,
    width: &Bound<'_, PyAny>,
    height: &Bound<'_, PyAny>,
) -> PyResult<String> {
    let encoding = encoding(width, height)?;
    encoding
        .action_to_move(count_usize("action", action, MoveError::new_err)?)
        .map_err(raise)
}

/// A game under some rules: legal moves, play, undo, outcome, position, perft.
///
/// `Game("rek")`, `Game(Rules("mingmang", board_size="6x6"))`,
/// `Game("gala", position="7/7/7/7/7/7/7 b w13b10", moves=["d4", "d5"])`. Moves are text in
/// the engine's notation: `a2b2`, `0000` for a pass, `d4` for a Gala placement. The whole
/// history is kept: rule 7 (no return to an earlier position) depends on it.
#[pyclass(name = "Game", module = "mingmang")]
#[derive(Clone)]
pub(crate) struct PyGame {
    /// The facade's game, which the search reads too.
    pub(crate) inner: frontend::Game,
}

#[pymethods]
impl PyGame {
    /// A game of `variant` (a name or `Rules`) with the given rule options, from its start
    /// or from `position`, after `moves` (a str separated by spaces, or a list of str).
    #[new]
    #[pyo3(signature = (variant = None, position = None, moves = None, **options))]
    fn new(
        variant: Option<&Bound<'_, PyAny>>,
        position: Option<&Bound<'_, PyAny>>,
        moves: Option<&Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyGame> {
        let position = position
            .map(|p| text("position", p, PositionError::new_err))
            .transpose()?;
        let rules = PyRules::from_args(variant, options)?;
        let moves = moves.map(moves_text).transpose()?.unwrap_or_default();
        let inner = match position {
            Some(position) => {
                frontend::Game::from_position(&rules.inner, &position, &moves).map_err(raise)?
            }
            None => {
                let mut game = frontend::Game::new(&rules.inner);
                game.play_moves(&moves).map_err(raise)?;
                game
            }
        };
        Ok(PyGame { inner })
    }

    /// The rules of this game.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            inner: self.inner.rules(),
        }
    }

    /// The board's width (files), which the position string may have set.
    #[getter]
    fn width(&self) -> usize {
        self.inner.encoding().width()
    }

    /// The board's height (ranks), which the position string may have set.
    #[getter]
    fn height(&self) -> usize {
        self.inner.encoding().height()
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
        self.inner.legal_actions()
    }

    /// The board planes of `mingmang.planes` as `side` (`white` or `black`) sees the game,
    /// as native float32 bytes (`numpy.frombuffer` reads them): 9 planes of height x width,
    /// row r being rank r + 1. `max_plies` scales the plies plane (0: no limit, the plane
    /// stays 0).
    fn planes<'py>(
        &self,
        py: Python<'py>,
        side: &Bound<'py, PyAny>,
        max_plies: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let side = text("side", side, OptionError::new_err)?;
        let max_plies = count_usize("max_plies", max_plies, OptionError::new_err)?;
        let side = match side.as_str() {
            "white" => frontend::Side::White,
            "black" => frontend::Side::Black,
            _ => {
                return Err(OptionError::new_err(format!(
                    "side must be 'white' or 'black', not '{side}'"
                )))
            }
        };
        let values = self.inner.planes(side, max_plies);
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
        Ok(PyBytes::new(py, &bytes))
    }

    /// One byte per action of the fixed encoding (see `move_to_action`), 1 for the legal
    /// ones and 0 for the others: an action mask (`numpy.frombuffer(..., numpy.int8)`).
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let mask: Vec<u8> = self.inner.action_mask().into_iter().map(u8::from).collect();
        PyBytes::new(py, &mask)
    }

    /// Whether `move` is legal now (malformed text is simply not legal).
    /// A `move` that is not a str raises `MoveError`: it is a mistake, not an illegal move.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let r#move = text("move", r#move, MoveError::new_err)?;
        Ok(
            self.inner.outcome().status == frontend::Status::Ongoing
                && self.inner.is_legal(&r#move),
        )
    }

    /// Plays `move`; raises `MoveError` (illegal or malformed) or `GameOverError`.
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let r#move = text("move", r#move, MoveError::new_err)?;
        self.inner.play(&r#move).map_err(raise)
    }

    /// Plays the move numbered `action` in the fixed encoding (see `move_to_action`).
    /// Raises `MoveError` for a number that is not a legal move's (a negative one, a bool or
    /// a float included), `GameOverError` once the game is over.
    fn play_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let action = count_usize("action", action, MoveError::new_err)?;
        self.inner.play_action(action).map_err(raise)
    }

    /// `play`, as python-chess names it.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
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
    fn outcome(&self) -> PyOutcome {
        PyOutcome::of(self.inner.outcome())
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    fn result(&self) -> &'static str {
        PyOutcome::of(self.inner.outcome()).result()
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
    /// A depth that is not an int from 0 up (a negative one, a bool, a float) raises
    /// `LimitsError` too.
    fn perft(slf: &Bound<'_, Self>, depth: &Bound<'_, PyAny>) -> PyResult<u64> {
        let depth = count_u32("depth", depth, LimitsError::new_err)?;
        // Counted on a copy, the game's borrow released: other threads may use the game
        // meanwhile.
        let game = slf.borrow().inner.clone();
        slf.py().detach(move || game.perft(depth)).map_err(raise)
    }

    /// An independent copy, history included.
    fn copy(&self) -> PyGame {
        self.clone()
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
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

    /// The piece on `square` (`c3`) as position strings write it: `w` or `b` for a man, `W`
    /// or `B` for a king (the hunter in the hunt), `None` for an empty square. A name that is
    /// no square of this board raises `PositionError`.
    fn piece_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
        let name = text("square", square, PositionError::new_err)?;
        let index = self.inner.encoding().square_index(&name).ok_or_else(|| {
            PositionError::new_err(format!("'{name}' is not a square of this board"))
        })?;
        Ok(board_picture::piece_letter(self.inner.board()[index]))
    }

    /// The squares whose pieces `move` would capture, without playing it; an illegal move
    /// raises `MoveError`.
    fn captures(&self, r#move: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let mv = text("move", r#move, MoveError::new_err)?;
        let mut after = self.inner.clone();
        after.play(&mv).map_err(raise)?;
        Ok(after.last_captures())
    }

    /// The squares whose pieces the last move captured (empty at the start).
    fn last_captures(&self) -> Vec<String> {
        self.inner.last_captures()
    }

    /// The threats on the board: for each side (`"white"`, `"black"`), the squares of the
    /// other side's pieces it could take with one move, as if it were to move.
    fn threats(&self) -> std::collections::BTreeMap<&'static str, Vec<String>> {
        [frontend::Side::White, frontend::Side::Black]
            .into_iter()
            .map(|side| (side.name(), self.inner.takeable_by(side)))
            .collect()
    }

    /// The game as a record in the project's text format (tags, then the numbered moves):
    /// `white`, `black` and `event` name the players and the event, `tags` adds others
    /// (`{"Date": "2026.12.03"}`). A tag the game writes itself (`Result`, `Variant`, ...)
    /// raises `RecordError`.
    #[pyo3(signature = (white = None, black = None, event = None, tags = None))]
    fn record(
        &self,
        white: Option<&Bound<'_, PyAny>>,
        black: Option<&Bound<'_, PyAny>>,
        event: Option<&Bound<'_, PyAny>>,
        tags: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let mut given: Vec<(String, String)> = Vec::new();
        for (name, value) in [("White", white), ("Black", black), ("Event", event)] {
            if let Some(value) = value {
                given.push((name.to_string(), text(name, value, RecordError::new_err)?));
            }
        }
        if let Some(tags) = tags {
            for (name, value) in tags.iter() {
                let name = text("tag name", &name, RecordError::new_err)?;
                let value = text(&name, &value, RecordError::new_err)?;
                given.push((name, value));
            }
        }
        let pairs: Vec<(&str, &str)> = given
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        self.inner.record(&pairs).map_err(raise)
    }

    /// The game a record holds (written by `record`, by `mingmang match` or by the page):
    /// its rules, start and moves, each checked. Raises `RecordError` for text that is no
    /// record or names unknown rules, `MoveError` for a move the rules forbid.
    #[staticmethod]
    fn from_record(record: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let record = text("record", record, RecordError::new_err)?;
        let inner = frontend::Game::from_record(&record).map_err(raise)?;
        Ok(PyGame { inner })
    }

    /// The board as an SVG picture, which notebooks show.
    fn _repr_svg_(&self) -> String {
        board_picture::svg(&self.inner)
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

    /// The board drawn as text (ranks from the top, `.` for an empty square) and who is to
    /// move: what `print(game)` shows. `position()` gives the position string.
    fn __str__(&self) -> String {
        board_picture::diagram(&self.inner)
    }
}
