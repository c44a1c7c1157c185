"""Every bad input is a mingmang error: a wrong value or a wrong type given to any entry point
raises the documented MingmangError subclass (also a ValueError), never PyO3's bare
OverflowError or TypeError, with a message naming the argument; the classes show as
mingmang.X; a move error names its move once; a zero search limit answers as the protocol's."""

import math

import pytest

import mingmang

ERRORS = [
    mingmang.MingmangError,
    mingmang.OptionError,
    mingmang.PositionError,
    mingmang.MoveError,
    mingmang.GameOverError,
    mingmang.LimitsError,
]

CLASSES = [
    mingmang.Rules,
    mingmang.Game,
    mingmang.Engine,
    mingmang.Outcome,
    mingmang.Score,
    mingmang.Line,
    mingmang.SearchResult,
    mingmang.OptionInfo,
]


def game():
    return mingmang.Game()


def search(**limits):
    return mingmang.Engine().search(mingmang.Game(), **limits)


# (call, exception class, text the message must contain: the argument's name).
BAD_CALLS = [
    # perft's depth.
    (lambda: game().perft(-1), mingmang.LimitsError, "depth"),
    (lambda: game().perft(2**64), mingmang.LimitsError, "depth"),
    (lambda: game().perft(2**200), mingmang.LimitsError, "depth"),
    (lambda: game().perft(1.0), mingmang.LimitsError, "depth"),
    (lambda: game().perft(True), mingmang.LimitsError, "depth"),
    (lambda: game().perft("2"), mingmang.LimitsError, "depth"),
    (lambda: game().perft(None), mingmang.LimitsError, "depth"),
    # Actions.
    (lambda: game().play_action(-1), mingmang.MoveError, "action"),
    (lambda: game().play_action(2**70), mingmang.MoveError, "action"),
    (lambda: game().play_action(3.0), mingmang.MoveError, "action"),
    (lambda: game().play_action(False), mingmang.MoveError, "action"),
    (lambda: mingmang.action_to_move(-1, 8, 8), mingmang.MoveError, "action"),
    (lambda: mingmang.action_to_move("0", 8, 8), mingmang.MoveError, "action"),
    # Moves of the wrong type.
    (lambda: game().play(7), mingmang.MoveError, "move"),
    (lambda: game().push(None), mingmang.MoveError, "move"),
    (lambda: game().is_legal(b"a2b2"), mingmang.MoveError, "move"),
    (lambda: game().play_moves(7), mingmang.MoveError, "moves"),
    (lambda: game().play_moves(["a2b2", 7]), mingmang.MoveError, "moves"),
    (lambda: mingmang.move_to_action(7, 8, 8), mingmang.MoveError, "text"),
    # Board sides of the action encoding.
    (lambda: mingmang.num_actions(-8, 8), mingmang.OptionError, "width"),
    (lambda: mingmang.num_actions(8, 8.0), mingmang.OptionError, "height"),
    (lambda: mingmang.num_actions(True, 8), mingmang.OptionError, "width"),
    (lambda: mingmang.num_actions(3, 3), mingmang.OptionError, "4 to 19 files"),
    (lambda: mingmang.move_to_action("a2b2", 2**64, 8), mingmang.OptionError, "width"),
    # Planes.
    (lambda: game().planes("white", -1), mingmang.OptionError, "max_plies"),
    (lambda: game().planes("white", 1.5), mingmang.OptionError, "max_plies"),
    (lambda: game().planes(1, 0), mingmang.OptionError, "side"),
    (lambda: game().planes("red", 0), mingmang.OptionError, "side"),
    # Search limits.
    (lambda: search(depth=-1), mingmang.LimitsError, "depth"),
    (lambda: search(depth=2**32), mingmang.LimitsError, "depth"),
    (lambda: search(depth=1.5), mingmang.LimitsError, "depth"),
    (lambda: search(depth=True), mingmang.LimitsError, "depth"),
    (lambda: search(nodes=-5), mingmang.LimitsError, "nodes"),
    (lambda: search(nodes=2**64), mingmang.LimitsError, "nodes"),
    (lambda: search(nodes="10"), mingmang.LimitsError, "nodes"),
    (lambda: search(remaining_moves=-1), mingmang.LimitsError, "remaining_moves"),
    (lambda: search(time=-0.5), mingmang.LimitsError, "time"),
    (lambda: search(time=math.nan), mingmang.LimitsError, "time"),
    (lambda: search(time=math.inf), mingmang.LimitsError, "time"),
    (lambda: search(time="1"), mingmang.LimitsError, "time"),
    (lambda: search(time=True), mingmang.LimitsError, "time"),
    (lambda: search(time=10**400), mingmang.LimitsError, "time"),
    (lambda: search(white_clock=-1), mingmang.LimitsError, "white_clock"),
    (lambda: search(black_clock=math.nan), mingmang.LimitsError, "black_clock"),
    (lambda: search(white_inc=-1.0), mingmang.LimitsError, "white_inc"),
    (lambda: search(black_inc=[1]), mingmang.LimitsError, "black_inc"),
    # The per-search options raise what their option raises out of range.
    (lambda: search(multipv=-1), mingmang.OptionError, "multipv"),
    (lambda: search(multipv=0), mingmang.OptionError, "MultiPV"),
    (lambda: search(skill_level=-1), mingmang.OptionError, "skill_level"),
    (lambda: search(skill_level=2.0), mingmang.OptionError, "skill_level"),
    (lambda: search(skill_level=99), mingmang.OptionError, "skill level"),
    # Seeds and options.
    (lambda: mingmang.Engine().set_seed(-1), mingmang.OptionError, "seed"),
    (lambda: mingmang.Engine().set_seed(2**64), mingmang.OptionError, "seed"),
    (lambda: mingmang.Engine().set_seed(1.5), mingmang.OptionError, "seed"),
    (lambda: mingmang.Engine().set_option(5, 1), mingmang.OptionError, "name"),
    (lambda: mingmang.Engine().set_option("Hash", 1.5), mingmang.OptionError, "Hash"),
    (lambda: mingmang.Engine().set_option("Hash", -1), mingmang.OptionError, "Hash"),
    (lambda: mingmang.Engine().option(None), mingmang.OptionError, "name"),
    (lambda: mingmang.Engine(threads=None), mingmang.OptionError, "Threads"),
    (lambda: mingmang.Rules().set(5, 1), mingmang.OptionError, "name"),
    (lambda: mingmang.Rules().get(5), mingmang.OptionError, "name"),
    (lambda: mingmang.Rules(max_plies=-1), mingmang.OptionError, "MaxPlies"),
    (lambda: mingmang.Rules(max_plies=[1]), mingmang.OptionError, "MaxPlies"),
    (lambda: mingmang.Game(42), mingmang.OptionError, "variant"),
    (lambda: mingmang.Rules(42), mingmang.OptionError, "variant"),
    (lambda: mingmang.Game(position=5), mingmang.PositionError, "position"),
]


@pytest.mark.parametrize("call, kind, text", BAD_CALLS)
def test_a_bad_argument_raises_its_documented_error(call, kind, text):
    with pytest.raises(Exception) as caught:
        call()
    error = caught.value
    assert type(error) is kind, repr(error)
    assert isinstance(error, mingmang.MingmangError)
    assert isinstance(error, ValueError)
    assert text in str(error)
    assert type(error).__module__ == "mingmang"


def test_a_count_names_what_it_allows():
    with pytest.raises(mingmang.LimitsError) as caught:
        game().perft(-1)
    assert str(caught.value) == "depth must be an int from 0 to 4294967295, not -1"
    with pytest.raises(mingmang.MoveError) as caught:
        game().play_action(True)
    assert "not a bool" in str(caught.value)


@pytest.mark.parametrize("cls", ERRORS + CLASSES, ids=lambda c: c.__name__)
def test_every_class_shows_as_the_packages(cls):
    assert cls.__module__ == "mingmang"
    assert repr(cls) == f"<class 'mingmang.{cls.__name__}'>"


def test_an_error_shows_as_the_packages():
    with pytest.raises(mingmang.MoveError) as caught:
        game().play("a1a2")
    assert repr(caught.value).startswith("MoveError(")
    assert caught.type.__module__ + "." + caught.type.__qualname__ == "mingmang.MoveError"


@pytest.mark.parametrize(
    "call, move",
    [
        (lambda g: g.play("a1a2"), "a1a2"),
        (lambda g: g.play("a1a9"), "a1a9"),
        (lambda g: g.play_action(mingmang.move_to_action("a1f1", 8, 8)), "a1f1"),
        (lambda g: g.play_moves("a2b2 a1a2"), "a1a2"),
        (lambda g: mingmang.Game(moves="a2b2 h7h1"), "h7h1"),
    ],
)
def test_a_move_error_names_the_move_once(call, move):
    with pytest.raises(mingmang.MoveError) as caught:
        call(mingmang.Game())
    assert str(caught.value).count(move) == 1, str(caught.value)


def test_valid_inputs_work_as_before():
    g = mingmang.Game()
    assert g.perft(0) == 1
    assert g.perft(1) == len(g.legal_moves())
    assert mingmang.num_actions(8, 8) == 64 * 64 + 64 + 1
    action = mingmang.move_to_action("a2b2", 8, 8)
    assert mingmang.action_to_move(action, 8, 8) == "a2b2"
    g.play_action(action)
    assert g.moves() == ["a2b2"]
    assert len(g.planes("white", 0)) == 9 * 64 * 4
    engine = mingmang.Engine()
    engine.set_seed(2**64 - 1)
    engine.set_seed(None)
    found = engine.search(g, depth=1, nodes=10**6, time=5, multipv=1, skill_level=20)
    assert found.best_move in g.legal_moves()


@pytest.mark.parametrize("limit", [{"depth": 0}, {"nodes": 0}])
def test_a_zero_depth_or_node_limit_searches_nothing_as_the_protocol(limit):
    # protocol/README.md: `go depth 0` and `go nodes 0` search nothing and answer the first
    # move of the engine's order at once.
    g = mingmang.Game()
    found = mingmang.Engine().search(g, **limit)
    assert found.nodes == 0
    assert found.depth == 0
    assert found.best_move in g.legal_moves()


def test_a_zero_move_time_answers_a_legal_move():
    g = mingmang.Game()
    found = mingmang.Engine().search(g, time=0)
    assert found.best_move in g.legal_moves()
    # Only a hang bound: how fast it answers is a benchmark's question, not a test's.
    assert found.time_ms < 10_000


def test_the_python_layers_refuse_with_the_packages_errors():
    pettingzoo = pytest.importorskip("mingmang.pettingzoo")
    with pytest.raises(mingmang.OptionError, match="opponent_side"):
        pettingzoo.env(opponent_skill=1, opponent_side="red")
    with pytest.raises(mingmang.OptionError, match="render_mode"):
        pettingzoo.env(render_mode="3d")
    e = pettingzoo.env()
    e.reset(seed=1)
    with pytest.raises(mingmang.MoveError, match="action"):
        e.step(1.5)


def test_the_openspiel_game_refuses_a_ply_count_that_is_not_an_int():
    openspiel = pytest.importorskip("mingmang.openspiel")
    with pytest.raises(mingmang.OptionError, match="max_plies"):
        openspiel.rules_of({"max_plies": 2.5})
