"""The games as an OpenSpiel game: ``pyspiel.load_game("mingmang(variant=rek)")``.

Importing this module registers the game ``mingmang`` with ``pyspiel`` (from the
``open_spiel`` package). The rules are the engine's: a state holds a :class:`mingmang.Game`,
whose whole history decides legality (rule 7: no return to an earlier position).

Game parameters:

- ``variant`` (str, ``"mingmang"``): any of :func:`mingmang.variants`.
- ``board_size`` (str, ``"auto"``): ``WxH`` for Ming Mang's family, or ``auto``.
- ``max_plies`` (int, 400): the ply limit (the count of pieces decides; see the rules'
  ``MaxPlies``). OpenSpiel needs a bounded game, so it must be at least 1.
- ``territory``, ``enchained_capture``, ``corner_capture``, ``last_piece_leap`` (bool,
  ``False``): Ming Mang's rule options.

Players: 0 is White (p1), 1 is Black (p2); in Gala and the hunt Black moves first.

Actions (fixed for a board of W x H = N squares, squares numbered ``file + rank * W`` from
a1 = 0): ``from * N + to`` for a move, ``N * N + s`` for a Gala placement on square s,
``N * N + N`` for the pass (territory scoring); ``N * N + N + 1`` actions in all. See
:func:`mingmang.move_to_action`.

Observation tensor: the board planes of :mod:`mingmang.planes` (shape ``(9, H, W)``), from
the observing player's side, the plies counted against ``max_plies``. Information state
string: the start position and the moves played, which decide legality.

Returns: 1 to the winner and -1 to the loser, 0 each for a draw, at the end only.
"""

import numpy as np
import pyspiel

import mingmang
from mingmang import planes

GAME_NAME = "mingmang"

#: The game parameters and their defaults.
DEFAULT_PARAMS = {
    "variant": "mingmang",
    "board_size": "auto",
    "max_plies": 400,
    "territory": False,
    "enchained_capture": False,
    "corner_capture": False,
    "last_piece_leap": False,
}

#: The planes of the observation tensor, in order.
PLANES = planes.PLANES

_PLAYER_OF_SIDE = {"white": 0, "black": 1}

GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Ming Mang and its relatives (the mingmang engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULT_PARAMS,
)


def rules_of(params):
    """The :class:`mingmang.Rules` of a parameter dict (missing keys take their defaults)."""
    settings = dict(DEFAULT_PARAMS)
    settings.update(params or {})
    unknown = set(settings) - set(DEFAULT_PARAMS)
    if unknown:
        raise mingmang.OptionError(f"unknown game parameter(s): {', '.join(sorted(unknown))}")
    max_plies = settings["max_plies"]
    # A bool or a float is no ply count; the same refusal as the native module's counts.
    if isinstance(max_plies, bool) or not isinstance(max_plies, int):
        raise mingmang.OptionError(f"max_plies must be an int, not a {type(max_plies).__name__}")
    if max_plies < 1:
        raise mingmang.OptionError(
            "max_plies must be at least 1: OpenSpiel needs a bounded game length"
        )
    options = {k: v for k, v in settings.items() if k != "variant"}
    return mingmang.Rules(settings["variant"], **options)


class MingMangGame(pyspiel.Game):
    """A variant of Ming Mang or a relative, with its rule options, as an OpenSpiel game."""

    def __init__(self, params=None):
        settings = dict(DEFAULT_PARAMS)
        settings.update(params or {})
        self.rules = rules_of(settings)
        self.width, self.height = self.rules.width, self.rules.height
        self.max_plies = int(settings["max_plies"])
        info = pyspiel.GameInfo(
            num_distinct_actions=mingmang.num_actions(self.width, self.height),
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_plies,
        )
        super().__init__(GAME_TYPE, info, settings)

    def new_initial_state(self):
        """The start position of the variant."""
        return MingMangState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The board observer; the history observer for a perfect-recall information state
        (what was played decides what is legal)."""
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return HistoryObserver(self, params)
        return BoardObserver(self, params)


class MingMangState(pyspiel.State):
    """A game in progress: the native game with its whole history."""

    def __init__(self, game):
        super().__init__(game)
        self.game = mingmang.Game(game.rules)
        self._returns = [0.0, 0.0]

    def current_player(self):
        """The player to move, or ``pyspiel.PlayerId.TERMINAL`` once the game is over."""
        if self.game.is_game_over():
            return pyspiel.PlayerId.TERMINAL
        return _PLAYER_OF_SIDE[self.game.side_to_move]

    def _legal_actions(self, player):
        """The legal actions of the player to move, ascending."""
        return self.game.legal_actions()

    def _apply_action(self, action):
        """Plays the move the action stands for."""
        self.game.play_action(action)
        if self.game.is_game_over():
            self._returns = _returns_of(self.game.outcome())

    def _action_to_string(self, player, action):
        """The move in the engine's notation (``a2b2``, ``d4``, ``0000``)."""
        return mingmang.action_to_move(action, self.game.width, self.game.height)

    def is_terminal(self):
        """Whether the game is over."""
        return self.game.is_game_over()

    def returns(self):
        """1 to the winner, -1 to the loser, 0 for a draw or a game not over."""
        return list(self._returns)

    def __str__(self):
        """The position string."""
        return self.game.position()


def _returns_of(outcome):
    """Each player's return for a finished game's outcome."""
    if outcome.winner == "white":
        return [1.0, -1.0]
    if outcome.winner == "black":
        return [-1.0, 1.0]
    return [0.0, 0.0]


class BoardObserver:
    """The observation of a state: the board planes, and the position string."""

    def __init__(self, game, params):
        if params:
            raise mingmang.OptionError(f"observation parameters are not supported: {params}")
        shape = planes.shape(game.width, game.height)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, shape)}
        self._max_plies = game.max_plies

    def set_from(self, state, player):
        """Fills the planes with `state` as `player` sees it."""
        side = "white" if player == 0 else "black"
        planes.fill(self.dict["observation"], state.game, side, self._max_plies)

    def string_from(self, state, player):
        """The position string."""
        del player
        return state.game.position()


class HistoryObserver(BoardObserver):
    """The information state: the start position and every move since, which together
    decide what is legal (rule 7)."""

    def string_from(self, state, player):
        del player
        return " ".join([state.game.start_position(), "moves"] + state.game.moves())


pyspiel.register_game(GAME_TYPE, MingMangGame)
