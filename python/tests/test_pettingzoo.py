"""The PettingZoo environments: PettingZoo's api_test for every variant, with and without the
engine as the opponent, and what the environment's moves and rewards mean."""

import re

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo comes with the test extra: pip install ./python[test]")

from pettingzoo.test import api_test

import mingmang
from mingmang.pettingzoo import MingMangEnv, env


@pytest.mark.parametrize("variant", mingmang.variants())
def test_api_test_passes_for_every_variant(variant):
    # A short ply limit keeps the big boards' games (and their masks) quick.
    api_test(env(variant=variant, max_plies=60), num_cycles=200)


@pytest.mark.parametrize("variant,side", [("mingmang", "black"), ("rek", "white"), ("gala", "white"), ("makyek-hunt", "black")])
def test_api_test_passes_against_the_engine(variant, side):
    api_test(env(variant=variant, max_plies=40, opponent_skill=3, opponent_side=side,
                 opponent_limits={"nodes": 300}), num_cycles=100)


def play_out(environment, rng):
    """Plays random legal actions until every agent is done; returns each agent's reward."""
    totals = {agent: 0.0 for agent in environment.possible_agents}
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(rng.choice(legal)))
    return totals


def test_two_agents_get_opposite_rewards_that_match_the_outcome(rng):
    environment = env(variant="rek", max_plies=80)
    for seed in range(3):
        environment.reset(seed=seed)
        totals = play_out(environment, rng)
        winner = environment.game.outcome().winner
        expected = {"white": (1.0, -1.0), "black": (-1.0, 1.0), None: (0.0, 0.0)}[winner]
        assert (totals["player_0"], totals["player_1"]) == expected
        assert environment.agents == []


def test_the_engine_plays_the_other_side(rng):
    environment = env(variant="mingmang", board_size="6x6", max_plies=30, opponent_skill=5, opponent_side="black")
    assert environment.possible_agents == ["player_0"]
    environment.reset(seed=4)
    assert environment.agent_selection == "player_0"
    observation, *_ = environment.last()
    action = int(np.flatnonzero(observation["action_mask"])[0])
    environment.step(action)
    # The learner's move and the engine's reply: White to move again.
    assert environment.game.ply == 2
    assert environment.game.side_to_move == "white"
    assert environment.agent_selection == "player_0"
    totals = play_out(environment, rng)
    assert environment.game.is_game_over()
    winner = environment.game.outcome().winner
    assert totals["player_0"] == {"white": 1.0, "black": -1.0, None: 0.0}[winner]


def test_the_engine_moves_first_when_it_is_to_move():
    # In Gala Black moves first: with the engine as Black, the learner (White) sees its
    # placement played.
    environment = env(variant="gala", opponent_skill=0, opponent_side="black")
    environment.reset(seed=1)
    assert len(environment.game.moves()) == 1
    assert environment.possible_agents == ["player_0"]
    assert environment.agent_selection == "player_0"
    assert environment.game.side_to_move == "white"


def play_first_actions(environment, seed):
    """The learner always plays its first legal action; returns the game's moves."""
    environment.reset(seed=seed)
    for agent in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        environment.step(int(np.flatnonzero(observation["action_mask"])[0]))
    return tuple(environment.game.moves())


def test_every_level_plays_its_own_games_at_the_default_limits():
    # Against the same learner, from the same seed, at the default 2,000 nodes a move: the
    # lowest levels stop inside depth 1 and must still draw among the lines they finished.
    games = {
        level: play_first_actions(env(variant="mingmang", max_plies=24, opponent_skill=level), seed=1)
        for level in (0, 3, 5, 8, 12, 20)
    }
    assert all(len(moves) == 24 for moves in games.values())
    assert len(set(games.values())) == len(games), games
    # A level's draw is seeded: the same seed plays the same game again, another seed another.
    again = env(variant="mingmang", max_plies=24, opponent_skill=0)
    assert play_first_actions(again, seed=1) == games[0]
    assert play_first_actions(again, seed=2) != games[0]


def test_the_extras_name_what_the_docs_use():
    from importlib.metadata import metadata

    meta = metadata("mingmang")
    assert {"openspiel", "pettingzoo", "shimmy", "test"} <= set(meta.get_all("Provides-Extra"))
    shimmy_extra = [r for r in meta.get_all("Requires-Dist") if re.search(r"extra\s*==\s*['\"]shimmy['\"]", r)]
    assert {r.split(";")[0].strip().replace("-", "_") for r in shimmy_extra} == {"open_spiel", "numpy", "pettingzoo", "gymnasium", "shimmy"}


def test_the_observation_is_the_agents_view():
    environment = env(variant="mingmang", board_size="5x5")
    environment.reset()
    white = environment.observe("player_0")
    black = environment.observe("player_1")
    np.testing.assert_array_equal(white["observation"][0], black["observation"][2])
    assert white["action_mask"].sum() == len(environment.game.legal_moves())
    assert black["action_mask"].sum() == 0
    assert white["observation"].dtype == np.float32 and white["action_mask"].dtype == np.int8


def test_an_illegal_action_raises():
    environment = env(variant="mingmang")
    environment.reset()
    with pytest.raises(mingmang.MoveError):
        environment.step(0)


def test_render_shows_the_board():
    environment = MingMangEnv(variant="mingmang", board_size="5x5", render_mode="ansi")
    environment.reset()
    text = environment.render()
    assert text.splitlines()[0] == " 5  w b b b b"
    assert "white to move" in text


def test_bad_options_raise():
    with pytest.raises(mingmang.OptionError):
        env(variant="chess")
    with pytest.raises(mingmang.OptionError):
        env(opponent_skill=21)
    with pytest.raises(ValueError):
        env(opponent_skill=1, opponent_side="red")


def test_shimmy_wraps_the_openspiel_game():
    """The OpenSpiel game through shimmy's compatibility wrapper passes api_test too."""
    shimmy = pytest.importorskip("shimmy", reason="shimmy comes with the test extra: pip install ./python[test]")
    import pyspiel

    import mingmang.openspiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game("mingmang(variant=makyek,max_plies=40)")
    api_test(shimmy.OpenSpielCompatibilityV0(env=game), num_cycles=100)
