"""The games as PettingZoo AEC environments, optionally against the engine.

>>> from mingmang.pettingzoo import env
>>> e = env(variant="rek", opponent_skill=5)   # learn as White against Skill Level 5
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> action = e.action_space(e.agent_selection).sample(obs["action_mask"])
>>> e.step(action)

Agents: ``player_0`` is White, ``player_1`` Black (in Gala and the hunt Black moves first).
With ``opponent_skill`` set, the engine plays ``opponent_side`` at that Skill Level inside
``step``, and the environment has the one agent of the other side: a fixed opponent for
single-agent training.

Observations are dicts: ``observation``, the board planes of :mod:`mingmang.planes` from the
agent's side (float32, ``(9, H, W)``), and ``action_mask`` (int8, one per action, 1 for the
legal ones when the agent is to move). Actions are those of :mod:`mingmang.openspiel`
(``from * N + to``, placements, the pass). Rewards: 1 to the winner, -1 to the loser, 0 for a
draw, when the game ends (by the rules, the ply limit included); an illegal action raises
:class:`mingmang.MoveError`.
"""

import operator

import gymnasium
import numpy as np
from pettingzoo import AECEnv

import mingmang
from mingmang import planes

#: The agents, White first, as OpenSpiel numbers the players.
AGENTS = ("player_0", "player_1")
_SIDE_OF_AGENT = {"player_0": "white", "player_1": "black"}
_AGENT_OF_SIDE = {"white": "player_0", "black": "player_1"}


def env(**kwargs):
    """A :class:`MingMangEnv` (PettingZoo's usual constructor name)."""
    return MingMangEnv(**kwargs)


class MingMangEnv(AECEnv):
    """A game of Ming Mang or a relative between two agents, or one agent and the engine."""

    metadata = {"render_modes": ["ansi", "human"], "name": "mingmang_v0", "is_parallelizable": False}

    def __init__(
        self,
        variant="mingmang",
        board_size="auto",
        max_plies=400,
        opponent_skill=None,
        opponent_side="black",
        opponent_limits=None,
        render_mode=None,
        **rule_options,
    ):
        """``variant``, ``board_size``, ``max_plies`` (0 for no limit) and Ming Mang's rule
        options (``territory=True``...) make the rules. ``opponent_skill`` (0 to 20) puts the
        engine on ``opponent_side`` (``white`` or ``black``), searching within
        ``opponent_limits`` (keywords of :meth:`mingmang.Engine.search`; 2,000 nodes unless
        given). ``render_mode`` is ``ansi`` (``render`` returns the board) or ``human``
        (prints it)."""
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise mingmang.OptionError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.rules = mingmang.Rules(variant, board_size=board_size, max_plies=max_plies, **rule_options)
        self.max_plies = max_plies
        self.game = mingmang.Game(self.rules)
        width, height = self.game.width, self.game.height
        self.num_actions = mingmang.num_actions(width, height)

        self.opponent = None
        self.opponent_side = None
        self.opponent_limits = dict(opponent_limits or {"nodes": 2000})
        if opponent_skill is not None:
            if opponent_side not in _AGENT_OF_SIDE:
                raise mingmang.OptionError(
                    f"opponent_side must be 'white' or 'black', not {opponent_side!r}"
                )
            self.opponent = mingmang.Engine(skill_level=opponent_skill)
            self.opponent_side = opponent_side
        self.possible_agents = [a for a in AGENTS if _SIDE_OF_AGENT[a] != self.opponent_side]

        observation = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0.0, 1.0, planes.shape(width, height), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (self.num_actions,), np.int8),
        })
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self.agents = []

    def observation_space(self, agent):
        """The observation space of `agent`: planes and action mask."""
        return self.observation_spaces[agent]

    def action_space(self, agent):
        """The action space of `agent`: every action of the board."""
        return self.action_spaces[agent]

    def observe(self, agent):
        """The planes as `agent` sees them, and its legal actions if it is to move."""
        if self.game.side_to_move == _SIDE_OF_AGENT[agent]:
            mask = np.frombuffer(self.game.action_mask(), np.int8).copy()
        else:
            mask = np.zeros(self.num_actions, np.int8)
        return {
            "observation": planes.planes(self.game, _SIDE_OF_AGENT[agent], self.max_plies),
            "action_mask": mask,
        }

    def reset(self, seed=None, options=None):
        """A new game from the variant's start; the engine moves first if it is to move."""
        del options
        if seed is not None:
            for agent in self.possible_agents:
                self.action_spaces[agent].seed(seed)
        self.game = mingmang.Game(self.rules)
        if self.opponent is not None:
            self.opponent.new_game()
            if seed is not None:
                self.opponent.set_seed(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._engine_replies()
        self._after_move()

    def step(self, action):
        """Plays `action` for the agent to move, then the engine's reply if it has one."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        # numpy's integers become ints; anything else (a float: int() would truncate it) goes
        # on as given, for the native module to refuse with MoveError.
        try:
            action = operator.index(action)
        except TypeError:
            pass
        self.game.play_action(action)
        self._engine_replies()
        self._after_move()
        if self.render_mode == "human":
            self.render()

    def _engine_replies(self):
        """The engine's moves while it is to move."""
        while (
            self.opponent is not None
            and not self.game.is_game_over()
            and self.game.side_to_move == self.opponent_side
        ):
            found = self.opponent.search(self.game, **self.opponent_limits)
            self.game.play(found.best_move)

    def _after_move(self):
        """Selects the agent to move, or ends the game for every agent with its reward."""
        if self.game.is_game_over():
            winner = self.game.outcome().winner
            for agent in self.agents:
                side = _SIDE_OF_AGENT[agent]
                self.rewards[agent] = 0.0 if winner is None else (1.0 if winner == side else -1.0)
                self.terminations[agent] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = _AGENT_OF_SIDE[self.game.side_to_move]
            for agent in self.agents:
                self.rewards[agent] = 0.0
        self._accumulate_rewards()

    def render(self):
        """The board as text (top rank first), with the side to move and the hands."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        board, side, hand = planes.parse_position(self.game.position())
        height = len(board)
        lines = [
            f"{height - i:>2}  " + " ".join(row) for i, row in enumerate(board)
        ]
        lines.append("    " + " ".join(chr(ord("a") + c) for c in range(len(board[0]))))
        lines.append(f"{'white' if side == 'w' else 'black'} to move"
                     + (f"; in hand: white {hand['w']}, black {hand['b']}" if any(hand.values()) else ""))
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        """Nothing to release: the engine is freed with the environment."""

    def __str__(self):
        return f"mingmang_v0({self.rules.describe() or self.rules.variant})"
