"""Type stubs of the native module: the engine's facade bound with PyO3."""

from typing import Dict, Iterable, List, Optional, Tuple, Union, final, type_check_only

__all__ = [
    "Engine",
    "Game",
    "GameOverError",
    "LimitsError",
    "Line",
    "MingmangError",
    "MoveError",
    "OptionError",
    "OptionInfo",
    "Outcome",
    "PositionError",
    "RecordError",
    "Rules",
    "Score",
    "SearchResult",
    "action_to_move",
    "move_to_action",
    "num_actions",
    "__version__",
]

__version__: str

_Moves = Union[str, Iterable[str]]
"""Moves as one string separated by spaces, or as a sequence of strings."""

_OptionValue = Union[bool, int, str]
"""An option's value: ``True``/``False`` for a check, an int for a spin, else text."""

class MingmangError(ValueError):
    """Base of every error the engine reports; the message is the engine's own.

    Every bad input raises a subclass, never a bare ``TypeError`` or ``OverflowError``: an
    argument of the wrong type (a ``bool`` or a float for a count included), a negative
    count, or one too large for the engine, raises the subclass of what it is about, its
    message naming the argument and what it allows: :class:`LimitsError` for a depth,
    ``nodes``, ``remaining_moves`` or a time; :class:`MoveError` for a move or an action;
    :class:`OptionError` for an option's name or value, ``multipv``, ``skill_level``, a seed,
    a board side of the encoding, ``planes``' side and ``max_plies``;
    :class:`PositionError` for a position."""

class OptionError(MingmangError):
    """An unknown option, a value of the wrong type, or rules that do not fit together; also a
    bad seed, board side of the action encoding, or ``planes`` argument."""

class PositionError(MingmangError):
    """A position string that cannot be read or does not fit the rules."""

class MoveError(MingmangError):
    """A move that is not one, or that the rules forbid, or an action outside the encoding;
    the message names the move once."""

class RecordError(MingmangError):
    """A game record that cannot be read (its tags, movetext or rules), or a tag a record
    cannot take."""

class GameOverError(MingmangError):
    """A request the finished game cannot answer (a move, a search)."""

class LimitsError(MingmangError):
    """Search limits the position cannot honour or that are not whole numbers (times: finite
    seconds) from 0 up, or a perft depth too deep or not one."""

@final
class OptionInfo:
    """One option of the rules or of the engine, as the protocol announces it."""

    @property
    def name(self) -> str:
        """The name to set it by (the protocol's)."""
    @property
    def kind(self) -> str:
        """``check``, ``spin``, ``combo``, ``string`` or ``button``."""
    @property
    def range(self) -> Optional[Tuple[int, int]]:
        """The smallest and largest value of a ``spin``, else ``None``."""
    @property
    def default(self) -> str:
        """The default value as the protocol writes it."""
    @property
    def choices(self) -> List[str]:
        """The values of a ``combo``."""
    @property
    def help(self) -> str:
        """What it does, one line."""

@final
class Rules:
    """The rules of a game: a variant and its rule options, always valid.

    Option names are the protocol's (``BoardSize``, ``EnchainedCapture``, ``Territory``,
    ``CornerCapture``, ``LastPieceLeap``, ``MaxPlies``) in any case, underscores allowed:
    ``Rules("gundru", territory=True, max_plies=200)``. The options are applied at once in
    the protocol's order, whatever order they are given in; a refused one changes nothing.
    """

    def __new__(cls, variant: str = "mingmang", **options: _OptionValue) -> "Rules": ...
    @staticmethod
    def variants() -> List[str]:
        """The names of the variants, the default first."""
    @staticmethod
    def options() -> List[OptionInfo]:
        """Every rule option, in the protocol's order (the variant first)."""
    def set(self, name: str, value: _OptionValue) -> None:
        """Sets a rule option; raises :class:`OptionError` and changes nothing if it does not fit."""
    def get(self, name: str) -> str:
        """The value of a rule option, as the protocol writes it."""
    def settings(self) -> List[Tuple[str, str]]:
        """Every rule option's name and value, as the protocol writes them."""
    @property
    def variant(self) -> str:
        """The variant's name."""
    @property
    def width(self) -> int:
        """The board's width (files)."""
    @property
    def height(self) -> int:
        """The board's height (ranks)."""
    def describe(self) -> str:
        """The rules in words: the variant unless default, then each option not at its default."""
    def __copy__(self) -> "Rules": ...
    def __deepcopy__(self, memo: object) -> "Rules": ...

@final
class Outcome:
    """A game's outcome: where it stands and, once over, why."""

    @property
    def status(self) -> str:
        """``ongoing``, ``white_wins``, ``black_wins`` or ``draw``."""
    @property
    def winner(self) -> Optional[str]:
        """``white`` or ``black`` for a win, else ``None``."""
    @property
    def reason(self) -> Optional[str]:
        """``no_legal_move``, ``no_pieces``, ``ply_limit``, ``king_captured``, ``too_few_men``,
        ``territory``, or ``None`` while the game goes on."""
    @property
    def territory(self) -> Optional[Tuple[int, int]]:
        """The counts (White, Black) when territory scoring decided, else ``None``."""
    @property
    def text(self) -> str:
        """The outcome in words, as the engine writes it."""
    @property
    def protocol(self) -> str:
        """The protocol's ``query result`` answer: ``none``, ``p1win``, ``p2win`` or ``draw``."""
    @property
    def is_over(self) -> bool:
        """Whether the game is over."""
    def result(self) -> str:
        """``1-0``, ``0-1``, ``1/2-1/2``, or ``*`` while the game goes on."""

@final
class Game:
    """A game under some rules: legal moves, play, undo, outcome, position, perft.

    Moves are text in the engine's notation: ``a2b2``, ``0000`` for a pass, ``d4`` for a
    Gala placement. The whole history is kept, since rule 7 (no return to an earlier
    position) depends on it.
    """

    def __new__(
        cls,
        variant: Union[str, Rules, None] = None,
        position: Optional[str] = None,
        moves: Optional[_Moves] = None,
        **options: _OptionValue,
    ) -> "Game": ...
    @property
    def rules(self) -> Rules:
        """The rules of this game."""
    @property
    def width(self) -> int:
        """The board's width (files)."""
    @property
    def height(self) -> int:
        """The board's height (ranks)."""
    def legal_moves(self) -> List[str]:
        """The legal moves in the canonical order (``query moves``); empty once the game is over."""
    def legal_actions(self) -> List[int]:
        """The legal moves as action numbers (see :func:`move_to_action`), ascending."""
    def planes(self, side: str, max_plies: int) -> bytes:
        """The board planes of :mod:`mingmang.planes` as ``side`` sees the game, as native
        float32 bytes (``numpy.frombuffer`` reads them); ``max_plies`` 0 for no limit. Raises
        :class:`OptionError` for another side, or a ``max_plies`` that is not an int from 0."""
    def action_mask(self) -> bytes:
        """One byte per action (see :func:`move_to_action`), 1 for the legal ones: an action
        mask for ``numpy.frombuffer(mask, numpy.int8)``."""
    def is_legal(self, move: str) -> bool:
        """Whether ``move`` is legal now (malformed text is simply not legal; a ``move`` that is
        not a str raises :class:`MoveError`)."""
    def play(self, move: str) -> None:
        """Plays ``move``; raises :class:`MoveError` or :class:`GameOverError`."""
    def play_action(self, action: int) -> None:
        """Plays the move numbered ``action`` in the fixed encoding; raises :class:`MoveError`
        for a number that is no legal move's, or not an int from 0 up (a ``bool`` included)."""
    def push(self, move: str) -> None:
        """:meth:`play`, as python-chess names it."""
    def play_moves(self, moves: _Moves) -> None:
        """Plays ``moves`` in order; all or none."""
    def undo(self) -> Optional[str]:
        """Takes back the last move and returns it, or ``None`` at the start."""
    def pop(self) -> str:
        """Takes back the last move and returns it; raises ``IndexError`` at the start."""
    @property
    def side_to_move(self) -> str:
        """``white`` or ``black``."""
    def outcome(self) -> Outcome:
        """Where the game stands and, once over, why."""
    def result(self) -> str:
        """``1-0``, ``0-1``, ``1/2-1/2``, or ``*`` while the game goes on."""
    def is_game_over(self) -> bool:
        """Whether the game is over."""
    def position(self) -> str:
        """The current position string (``query fen``)."""
    def start_position(self) -> str:
        """The position the game started from."""
    def moves(self) -> List[str]:
        """The moves played from the start position, in order."""
    @property
    def ply(self) -> int:
        """The number of moves played from the start position."""
    def perft(self, depth: int) -> int:
        """Leaves of the legal move tree ``depth`` plies deep; releases the GIL. Raises
        :class:`LimitsError` above the engine's largest depth, or for a depth that is not an
        int from 0 up (a ``bool`` included)."""
    def piece_at(self, square: str) -> Optional[str]:
        """The piece on ``square`` (``"c3"``) as position strings write it: ``"w"`` or ``"b"``
        for a man, ``"W"`` or ``"B"`` for a king (the hunter in the hunt), ``None`` for an
        empty square. Raises :class:`PositionError` for a name that is no square here."""
    def captures(self, move: str) -> List[str]:
        """The squares whose pieces ``move`` would capture, without playing it. Raises
        :class:`MoveError` for an illegal move."""
    def last_captures(self) -> List[str]:
        """The squares whose pieces the last move captured (empty at the start)."""
    def threats(self) -> Dict[str, List[str]]:
        """For ``"white"`` and ``"black"``: the squares of the other side's pieces that side
        could take with one move, as if it were to move."""
    def record(
        self,
        white: Optional[str] = None,
        black: Optional[str] = None,
        event: Optional[str] = None,
        tags: Optional[Dict[str, str]] = None,
    ) -> str:
        """The game as a record in the project's text format (tags, then the numbered
        moves), with the players, the event and any other ``tags``. Raises
        :class:`RecordError` for a tag the game writes itself (``Result``, ``Variant``, ...)."""
    @staticmethod
    def from_record(record: str) -> "Game":
        """The game a record holds (from :meth:`record`, ``mingmang match`` or the page), each
        move checked. Raises :class:`RecordError` for text that is no record or names
        unknown rules, :class:`MoveError` for a move the rules forbid."""
    def _repr_svg_(self) -> str:
        """The board as an SVG picture, which notebooks show."""
    def copy(self) -> "Game":
        """An independent copy, history included."""
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: object) -> "Game": ...

@final
class Score:
    """A score from the side to move's point of view."""

    @property
    def cp(self) -> Optional[int]:
        """Centipawns (a man is 100), or ``None`` for a mate score."""
    @property
    def mate(self) -> Optional[int]:
        """Moves to the end, negative when the side to move loses; ``None`` for centipawns."""
    def is_mate(self) -> bool:
        """Whether this is a forced end rather than an evaluation."""

@type_check_only
class _SearchFigures:
    """What a line and a search's result both report (a name for the stubs only)."""

    @property
    def score(self) -> Score:
        """The score, from the side to move's point of view."""
    @property
    def depth(self) -> int:
        """The depth searched, in plies (for a result: of the last completed iteration)."""
    @property
    def seldepth(self) -> int:
        """The deepest ply reached."""
    @property
    def pv(self) -> List[str]:
        """The principal variation (for a result: starting with ``best_move``)."""
    @property
    def nodes(self) -> int:
        """Nodes searched."""
    @property
    def nps(self) -> int:
        """Nodes per second."""
    @property
    def time_ms(self) -> int:
        """Milliseconds spent."""

@final
class Line(_SearchFigures):
    """One line of a search, as a protocol ``info`` line reports it."""

    @property
    def multipv(self) -> int:
        """Its rank among the MultiPV lines, 1 for the best."""
    @property
    def hashfull(self) -> int:
        """The transposition table's fill, per mille."""

@final
class SearchResult(_SearchFigures):
    """What a search found: the move to play, and the figures of the line it heads."""

    @property
    def best_move(self) -> str:
        """The move to play."""
    @property
    def lines(self) -> List[Line]:
        """The MultiPV lines of the last iteration, best first."""

@final
class Engine:
    """The search with its options and transposition table.

    Option names are the protocol's (``Hash``, ``Threads``, ``MultiPV``, ``MoveOverhead``,
    ``Skill Level``, ``EvalFile``, ``Clear Hash``) in any case, underscores for spaces
    allowed: ``Engine(hash=16, skill_level=5)``.
    """

    def __new__(cls, **options: _OptionValue) -> "Engine": ...
    @staticmethod
    def options() -> List[OptionInfo]:
        """Every engine option, in the protocol's order."""
    def set_option(self, name: str, value: _OptionValue) -> None:
        """Sets an engine option; raises :class:`OptionError` and changes nothing if it does not fit."""
    def option(self, name: str) -> str:
        """The value of an engine option, as the protocol writes it."""
    def new_game(self) -> None:
        """Forgets what earlier games taught the table."""
    def set_seed(self, seed: Optional[int]) -> None:
        """Seeds a lower Skill Level's draw; ``None`` seeds from the wall clock. Raises
        :class:`OptionError` for a seed that is not an int from 0 to 2**64 - 1."""
    def stop(self) -> None:
        """Stops this engine's running search from any thread; it returns its best move so far."""
    def search(
        self,
        game: Game,
        *,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        time: Optional[float] = None,
        white_clock: Optional[float] = None,
        black_clock: Optional[float] = None,
        white_inc: Optional[float] = None,
        black_inc: Optional[float] = None,
        remaining_moves: Optional[int] = None,
        search_moves: Optional[_Moves] = None,
        multipv: Optional[int] = None,
        skill_level: Optional[int] = None,
    ) -> SearchResult:
        """Searches ``game`` within the limits given (times in seconds), releasing the GIL.

        ``multipv`` and ``skill_level`` apply to this search only. Any clock parameter makes a
        clock, an increment alone too, as in the protocol: a side without its own time on it
        thinks for its increment, or a second without one. With no limit at all the search
        runs until :meth:`stop` or Ctrl-C.

        A zero limit answers as the protocol's ``go``: ``depth=0`` and ``nodes=0`` search
        nothing and return at once the first move of the engine's order (``depth`` and
        ``nodes`` 0 in the result), as ``go depth 0`` and ``go nodes 0``; ``time=0`` is
        ``go movetime 0``: the search ends when it first looks at the clock (it may have
        searched a little) and still answers a legal move within a few milliseconds.

        Raises :class:`LimitsError` for a ``depth``, ``nodes`` or ``remaining_moves`` that is
        not an int from 0 up, or a time that is not a finite number of seconds from 0 up
        (``bool`` refused everywhere); :class:`OptionError` for a ``multipv`` or
        ``skill_level`` outside the option's range; :class:`GameOverError` on a finished
        game.
        """

def num_actions(width: int, height: int) -> int:
    """The number of actions of a board: N*N moves, N placements and the pass (N squares).

    Raises :class:`OptionError` for a board the engine has not (4 to 19 files and ranks), or
    a side that is not an int."""

def move_to_action(text: str, width: int, height: int) -> int:
    """The action number of a move: ``from*N + to``, ``N*N + square`` for a placement,
    ``N*N + N`` for the pass; squares numbered ``file + rank*width`` from a1 = 0. Raises
    :class:`MoveError` for text that is not a move on that board (or not a str)."""

def action_to_move(action: int, width: int, height: int) -> str:
    """The move text of an action number (the inverse of :func:`move_to_action`); raises
    :class:`MoveError` for a number outside the encoding or not an int from 0 up."""
