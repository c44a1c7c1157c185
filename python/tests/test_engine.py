"""The search from Python: limits, strength levels, MultiPV, stopping, the GIL."""

import threading
import time

import pytest

import mingmang


@pytest.mark.parametrize("variant", mingmang.variants())
def test_a_search_returns_a_legal_move_in_every_variant(variant):
    game = mingmang.Game(variant)
    found = mingmang.Engine().search(game, depth=3)
    assert game.is_legal(found.best_move)
    assert found.pv[0] == found.best_move
    assert found.depth == 3
    assert (found.score.cp is None) != (found.score.mate is None)


def test_a_search_keeps_to_its_time_limit():
    game = mingmang.Game("go-board")
    started = time.monotonic()
    found = mingmang.Engine().search(game, time=0.2)
    elapsed = time.monotonic() - started
    assert game.is_legal(found.best_move)
    # The engine's own move overhead keeps it inside; a loaded machine gets some slack.
    assert elapsed < 0.2 + 0.3
    assert found.time_ms <= 200


def test_a_search_keeps_to_its_node_limit():
    game = mingmang.Game("rek")
    found = mingmang.Engine().search(game, nodes=5000)
    assert game.is_legal(found.best_move)
    # The node count is checked every few hundred nodes.
    assert found.nodes <= 5000 + 1024


def test_a_clock_limit_is_honoured():
    game = mingmang.Game("makyek")
    started = time.monotonic()
    found = mingmang.Engine().search(game, white_clock=1.0, black_clock=1.0, white_inc=0.01)
    assert game.is_legal(found.best_move)
    assert time.monotonic() - started < 1.0


def test_an_increment_alone_makes_a_clock_as_in_every_front_end():
    # The clock rule of the protocol: any clock parameter makes a clock. White has no time
    # of its own here, so it thinks for its increment (or a second with none) and answers.
    game = mingmang.Game("makyek")
    for inc in (0.0, 0.2):
        found = mingmang.Engine().search(game, white_inc=inc)
        assert game.is_legal(found.best_move)


def test_multipv_reports_distinct_lines_for_this_search_only():
    engine = mingmang.Engine()
    game = mingmang.Game("mingmang", board_size="6x6")
    found = engine.search(game, depth=3, multipv=3)
    assert [line.multipv for line in found.lines] == [1, 2, 3]
    assert len({line.pv[0] for line in found.lines}) == 3
    assert found.lines[0].pv[0] == found.best_move
    assert engine.option("MultiPV") == "1"


def test_skill_level_is_repeatable_with_a_seed():
    game = mingmang.Game()
    moves = set()
    for _ in range(2):
        engine = mingmang.Engine(skill_level=0)
        engine.set_seed(7)
        moves.add(engine.search(game, depth=3).best_move)
    assert len(moves) == 1 and game.is_legal(moves.pop())
    engine = mingmang.Engine()
    assert game.is_legal(engine.search(game, depth=3, skill_level=3).best_move)
    assert engine.option("skill_level") == "20"


def test_search_moves_restrict_the_root():
    game = mingmang.Game()
    found = mingmang.Engine().search(game, depth=3, search_moves=["a2b2"])
    assert found.best_move == "a2b2"
    with pytest.raises(mingmang.LimitsError, match="search move"):
        mingmang.Engine().search(game, depth=2, search_moves="a1a9")


def test_search_errors():
    over = mingmang.Game(position="4/4/b3/wb2 w")
    with pytest.raises(mingmang.GameOverError):
        mingmang.Engine().search(over, depth=2)
    with pytest.raises(mingmang.LimitsError):
        mingmang.Engine().search(mingmang.Game(), time=-1)
    with pytest.raises(mingmang.OptionError):
        mingmang.Engine().search(mingmang.Game(), depth=1, multipv=0)


def test_stop_from_another_thread_ends_an_unlimited_search():
    engine = mingmang.Engine()
    game = mingmang.Game("gundru")
    timer = threading.Timer(0.3, engine.stop)
    started = time.monotonic()
    timer.start()
    found = engine.search(game)
    elapsed = time.monotonic() - started
    timer.join()
    assert game.is_legal(found.best_move)
    assert 0.25 < elapsed < 2.0


def test_the_gil_is_released_while_searching():
    """A Python thread keeps counting while the search runs; a search that held the GIL
    would leave it frozen for the whole search."""
    counter = [0]
    stop = threading.Event()

    def count():
        while not stop.is_set():
            counter[0] += 1

    engine = mingmang.Engine()
    game = mingmang.Game("rek")
    thread = threading.Thread(target=count)
    thread.start()
    try:
        before = counter[0]
        found = engine.search(game, time=0.3)
        during = counter[0] - before
    finally:
        stop.set()
        thread.join()
    assert game.is_legal(found.best_move)
    # Python counts millions a second; with the GIL held it would get at most the moments
    # before the search took it.
    assert during > 100_000


def test_two_engines_search_in_parallel_threads():
    results = {}

    def run(name, variant):
        results[name] = (variant, mingmang.Engine().search(mingmang.Game(variant), depth=4))

    threads = [threading.Thread(target=run, args=(v, v)) for v in ("rek", "makyek")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for variant, found in results.values():
        assert mingmang.Game(variant).is_legal(found.best_move)


def test_the_game_stays_usable_while_the_engine_searches_it():
    engine = mingmang.Engine()
    game = mingmang.Game("rek")
    found = []
    search = threading.Thread(target=lambda: found.append(engine.search(game, time=0.3)))
    search.start()
    time.sleep(0.05)
    # The search has its own copy: the game can be read and played on meanwhile.
    first = game.legal_moves()[0]
    game.play(first)
    search.join()
    assert game.moves() == [first]
    assert mingmang.Game("rek").is_legal(found[0].best_move)


@pytest.fixture
def python_sigint_handler():
    """Python's own SIGINT handler for the test, the one before restored afterwards.

    A process started in the background by a shell inherits SIGINT as ignored, and then
    interrupt_main does nothing; this keeps the test independent of how it was launched."""
    import signal

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_ctrl_c_interrupts_an_unlimited_search(python_sigint_handler):
    """SIGINT (here raised by interrupt_main, as Ctrl-C would) ends a search with no limit
    as KeyboardInterrupt; a stop later on keeps a failing test from hanging."""
    import _thread

    engine = mingmang.Engine()
    interrupt = threading.Timer(0.2, _thread.interrupt_main)
    safety = threading.Timer(5.0, engine.stop)
    started = time.monotonic()
    interrupt.start()
    safety.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            engine.search(mingmang.Game("gundru"))
        assert time.monotonic() - started < 2.0
    finally:
        safety.cancel()
        interrupt.join()
