"""The OpenSpiel game: OpenSpiel's own checks, the action encoding, rule 7's history, the
observation planes, and random play through the OpenSpiel state against the native engine."""

import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel comes with the test extra: pip install ./python[test]")

import mingmang
import mingmang.openspiel as mos

# Every variant, with ply limits that keep OpenSpiel's checks (which clone and observe at
# every step) quick on the big boards.
GAMES = [
    "mingmang(max_plies=120)",
    "mingmang(board_size=5x5,territory=True,max_plies=120)",
    "mingmang(board_size=6x6,enchained_capture=True,corner_capture=True,last_piece_leap=True,max_plies=120)",
    "mingmang(variant=gundru,max_plies=40)",
    "mingmang(variant=tibetan,max_plies=12)",
    "mingmang(variant=go-board,max_plies=8)",
    "mingmang(variant=makyek,max_plies=120)",
    "mingmang(variant=apitsodok,max_plies=120)",
    "mingmang(variant=rek,max_plies=120)",
    "mingmang(variant=minrekchanh,max_plies=120)",
    "mingmang(variant=gala,max_plies=120)",
    "mingmang(variant=makyek-hunt,max_plies=120)",
]


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_random_sim_test_passes(name):
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_random_play_through_the_state_agrees_with_the_native_engine(native, rng, name):
    game = pyspiel.load_game(name)
    native.set_rules(game.rules.settings())
    start = mingmang.Game(game.rules).start_position()
    for _ in range(2):
        state = game.new_initial_state()
        moves = []
        while True:
            native.set_game(start, moves)
            native_moves = native.query("moves").split()
            assert str(state) == native.query("fen")
            if state.is_terminal():
                assert native.query("gameover") == "true"
                break
            actions = state.legal_actions()
            assert actions == sorted(
                mingmang.move_to_action(m, game.width, game.height) for m in native_moves
            )
            assert [state.action_to_string(a) for a in actions] == sorted(
                native_moves, key=lambda m: mingmang.move_to_action(m, game.width, game.height)
            )
            player = state.current_player()
            assert player == (0 if native.query("p1turn") == "true" else 1)
            action = rng.choice(actions)
            moves.append(state.action_to_string(player, action))
            state.apply_action(action)
        result = native.query("result")
        expected = {"p1win": [1.0, -1.0], "p2win": [-1.0, 1.0], "draw": [0.0, 0.0]}[result]
        assert state.returns() == expected
        assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_the_action_encoding_is_fixed_and_documented():
    game = pyspiel.load_game("mingmang(board_size=5x5,territory=True)")
    squares = 25
    assert game.num_distinct_actions() == squares * squares + squares + 1
    state = game.new_initial_state()
    # a2 is square 5, b2 square 6; the pass is the last action.
    assert state.action_to_string(0, 5 * squares + 6) == "a2b2"
    assert state.legal_actions()[-1] == squares * squares + squares
    assert state.action_to_string(0, squares * squares + squares) == "0000"
    gala = pyspiel.load_game("mingmang(variant=gala)")
    # Gala's first placement must be the centre, d4: square 3 + 3 * 7.
    assert gala.new_initial_state().legal_actions() == [49 * 49 + 24]


def test_legality_depends_on_the_history():
    """Rule 7: after a2b2 h2g2 b2a2, g2h2 would bring back the start position."""
    game = pyspiel.load_game("mingmang")
    state = game.new_initial_state()
    for move in ["a2b2", "h2g2", "b2a2"]:
        state.apply_action(state.string_to_action(move))
    back = mingmang.move_to_action("g2h2", 8, 8)
    assert back not in state.legal_actions()
    # The same position without that history allows it.
    fresh = mingmang.Game(position=str(state))
    assert "g2h2" in fresh.legal_moves()
    # The information state carries the history that decides it.
    assert state.information_state_string(0).endswith("moves a2b2 h2g2 b2a2")


def test_the_observation_planes():
    game = pyspiel.load_game("mingmang(board_size=5x5,max_plies=10)")
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("a2b2"))
    shape = game.observation_tensor_shape()
    assert shape == [len(mos.PLANES), 5, 5]
    white = np.array(state.observation_tensor(0)).reshape(shape)
    black = np.array(state.observation_tensor(1)).reshape(shape)
    # Row 0 is rank 1: after a2b2 White has b2 and no a2; a1 and e1 are White's and Black's.
    assert white[0, 1, 1] == 1 and white[0, 1, 0] == 0 and white[4, 1, 0] == 1
    assert white[0, 0, 0] == 1 and white[2, 0, 4] == 1
    # Each side sees its own pieces first.
    np.testing.assert_array_equal(white[0], black[2])
    np.testing.assert_array_equal(white[2], black[0])
    assert white[0].sum() == 8 and white[2].sum() == 8
    assert white[[1, 3]].sum() == 0
    # Black is to move; one ply of ten is played.
    assert black[5].min() == 1 and white[5].max() == 0
    assert np.allclose(white[8], 0.1)
    assert state.observation_string(0) == str(state)


def test_kings_and_hands_are_observed():
    rek = pyspiel.load_game("mingmang(variant=rek)")
    planes = np.array(rek.new_initial_state().observation_tensor(0)).reshape(
        rek.observation_tensor_shape())
    # White's king on a2, Black's on h7.
    assert planes[1, 1, 0] == 1 and planes[3, 6, 7] == 1 and planes[1].sum() == 1
    gala = pyspiel.load_game("mingmang(variant=gala)")
    planes = np.array(gala.new_initial_state().observation_tensor(1)).reshape(
        gala.observation_tensor_shape())
    # Black, to move, holds 10 and White 13, over 49 squares.
    assert np.allclose(planes[6], 10 / 49) and np.allclose(planes[7], 13 / 49)


def test_serialization_clone_and_pickle():
    game = pyspiel.load_game("mingmang(variant=rek,max_plies=50)")
    state = game.new_initial_state()
    for _ in range(7):
        state.apply_action(state.legal_actions()[len(state.legal_actions()) // 2])
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game) and str(state2) == str(state)
    assert state2.history() == state.history()
    assert str(pickle.loads(pickle.dumps(state))) == str(state)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(clone.history()) == len(state.history()) + 1
    assert state.game.ply == 7


def test_openspiel_algorithms_play_the_game():
    """OpenSpiel's own MCTS bot (random rollouts) beats a uniform random player on a small
    board more often than not, through evaluate_bots: the game works with its algorithms."""
    from open_spiel.python.algorithms import evaluate_bots, mcts
    from open_spiel.python.bots.uniform_random import UniformRandomBot

    game = pyspiel.load_game("mingmang(board_size=5x5,max_plies=30)")
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    scores = []
    for game_number in range(6):
        searcher = mcts.MCTSBot(game, uct_c=2, max_simulations=60, evaluator=evaluator,
                                random_state=rng)
        random_player = UniformRandomBot(1 - game_number % 2, rng)
        bots = [searcher, random_player] if game_number % 2 == 0 else [random_player, searcher]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        scores.append(returns[game_number % 2])
    assert sum(scores) > 0, scores


def test_bad_parameters_raise_with_the_engine_message():
    with pytest.raises(Exception, match="unknown variant 'chess'"):
        pyspiel.load_game("mingmang(variant=chess)")
    with pytest.raises(Exception, match="territory option belongs to Ming Mang"):
        pyspiel.load_game("mingmang(variant=rek,territory=True)")
    with pytest.raises(Exception, match="max_plies must be at least 1"):
        pyspiel.load_game("mingmang(max_plies=0)")
    with pytest.raises(Exception):
        pyspiel.load_game("mingmang(board_size=2x2)")
