"""The Python package against the native engine binary: random games of every variant,
compared ply by ply (legal moves in order, outcome, position string), and perft counts."""

import re
import subprocess

import pytest

import mingmang
from conftest import native_binary

# Every variant, and Ming Mang's rule options on its board sizes. A ply limit keeps the long
# random games of the big boards short (it also checks the limit's outcome); some games have
# none and end by the rules or by the cap below.
CONFIGS = [
    ("mingmang", {}),
    ("mingmang", {"board_size": "5x5"}),
    ("mingmang", {"board_size": "6x6", "territory": True, "enchained_capture": True}),
    ("mingmang", {"board_size": "7x6", "corner_capture": True, "last_piece_leap": True, "max_plies": 150}),
    ("gundru", {"max_plies": 80}),
    ("tibetan", {"max_plies": 24}),
    ("go-board", {"max_plies": 16}),
    ("makyek", {}),
    ("apitsodok", {"max_plies": 120}),
    ("rek", {}),
    ("minrekchanh", {"max_plies": 200}),
    ("gala", {}),
    ("gala", {"max_plies": 100}),
    ("makyek-hunt", {}),
    ("makyek", {"max_plies": 100}),
]

# Plies after which a game with no ply limit is left unfinished: random play can last long.
PLY_CAP = 400

GAMES_PER_CONFIG = 6


def compare(native, game):
    """Asserts that the native engine, given the same game, answers as the package does."""
    native.set_game(game.start_position(), game.moves())
    assert native.query("fen") == game.position()
    assert native.query("moves").split() == game.legal_moves()
    assert native.query("result") == game.outcome().protocol
    assert native.query("gameover") == ("true" if game.is_game_over() else "false")


@pytest.mark.parametrize("variant,options", CONFIGS, ids=[c[0] + "-" + "-".join(c[1]) for c in CONFIGS])
def test_random_games_agree_with_the_native_engine(native, rng, variant, options):
    rules = mingmang.Rules(variant, **options)
    native.set_rules(rules.settings())
    finished = 0
    for _ in range(GAMES_PER_CONFIG):
        game = mingmang.Game(rules)
        while not game.is_game_over() and game.ply < PLY_CAP:
            compare(native, game)
            moves = game.legal_moves()
            assert moves, "a game that goes on has a legal move"
            game.play(rng.choice(moves))
            # Now and then a takeback, which the native engine gets as a shorter game.
            if rng.random() < 0.05:
                game.undo()
                compare(native, game)
                game.play(rng.choice(game.legal_moves()))
        compare(native, game)
        if game.is_game_over():
            finished += 1
            outcome = game.outcome()
            assert outcome.reason is not None and outcome.status != "ongoing"
            with pytest.raises(mingmang.GameOverError):
                game.play(moves[0])
    if "max_plies" in options:
        assert finished == GAMES_PER_CONFIG


def native_perft(depth, variant, options, moves=""):
    """The native `mingmang perft` count."""
    command = [str(native_binary()), "perft", "--depth", str(depth), "--variant", variant]
    if "board_size" in options:
        command += ["--size", options["board_size"]]
    for flag in ("territory", "enchained_capture", "corner_capture", "last_piece_leap"):
        if options.get(flag):
            command.append("--" + flag.replace("_", "-"))
    if moves:
        command += ["--moves", moves]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return int(re.search(r"nodes (\d+)", output).group(1))


@pytest.mark.parametrize("variant,options,depth", [
    ("mingmang", {}, 3),
    ("mingmang", {"board_size": "5x5", "territory": True}, 4),
    ("mingmang", {"board_size": "6x6", "corner_capture": True, "last_piece_leap": True}, 3),
    ("gundru", {}, 2),
    ("makyek", {}, 3),
    ("apitsodok", {}, 3),
    ("rek", {}, 3),
    ("minrekchanh", {}, 3),
    ("gala", {}, 3),
    ("makyek-hunt", {}, 3),
])
def test_perft_agrees_with_the_native_engine(rng, variant, options, depth):
    game = mingmang.Game(variant, **options)
    assert game.perft(depth) == native_perft(depth, variant, options)
    # And from a position some random moves in, where the history matters to rule 7.
    for _ in range(6):
        game.play(rng.choice(game.legal_moves()))
    assert game.perft(depth) == native_perft(depth, variant, options, " ".join(game.moves()))
