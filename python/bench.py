"""Measures the Python package's costs: one legal-move query, one play, and random games a
second through the OpenSpiel state, the PettingZoo environment and mingmang.Game alone.

    python python/bench.py      # after pip install "./python[openspiel,pettingzoo]"

Each figure is the best of five runs (the least disturbed by other work on the machine).
The positions are those of random games (a fixed seed), so the queries see mid-game boards,
not only start positions.
"""

import os
import random
import sys
import time

# Run as a script, Python puts this directory first on the path, and the package's sources
# here lack the compiled module: import the installed package instead.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path = [p for p in sys.path if os.path.abspath(p or os.curdir) != _HERE]

import mingmang  # noqa: E402

RUNS = 5


def best_of(runs, measure, best=min):
    """The best (by `best`: the smallest cost, or the largest rate) of `runs` results of
    `measure()`."""
    return best(measure() for _ in range(runs))


def random_games(variant, count, seed, max_plies):
    """`count` random games (their move lists) under `variant` with a ply limit."""
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        game = mingmang.Game(variant, max_plies=max_plies)
        while not game.is_game_over():
            game.play(rng.choice(game.legal_moves()))
        games.append(game.moves())
    return games


def per_call_us(variant, games, max_plies):
    """Microseconds per legal_moves() and per play(), over every position of `games`."""

    def legal_moves_pass():
        calls = 0
        elapsed = 0.0
        for moves in games:
            game = mingmang.Game(variant, max_plies=max_plies)
            for move in moves:
                start = time.perf_counter()
                game.legal_moves()
                elapsed += time.perf_counter() - start
                calls += 1
                game.play(move)
        return elapsed / calls * 1e6

    def play_pass():
        calls = 0
        elapsed = 0.0
        for moves in games:
            game = mingmang.Game(variant, max_plies=max_plies)
            play = game.play
            start = time.perf_counter()
            for move in moves:
                play(move)
            elapsed += time.perf_counter() - start
            calls += len(moves)
        return elapsed / calls * 1e6

    return best_of(RUNS, legal_moves_pass), best_of(RUNS, play_pass)


def games_per_second_openspiel(name, seconds):
    """Random games (uniform over legal actions) a second through pyspiel states."""
    import pyspiel

    import mingmang.openspiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game(name)
    rng = random.Random(1)

    def run():
        played = 0
        plies = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                plies += 1
            played += 1
        elapsed = time.perf_counter() - start
        return played / elapsed, plies / played

    return best_of(RUNS, run, best=max)


def games_per_second_pettingzoo(variant, max_plies, seconds):
    """Random games a second through the PettingZoo environment (two agents, a random legal
    action from each observation's mask: planes and mask are built at every step)."""
    import numpy as np

    from mingmang.pettingzoo import env

    environment = env(variant=variant, max_plies=max_plies)
    rng = np.random.default_rng(1)

    def run():
        played = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            environment.reset()
            for _ in environment.agent_iter():
                observation, _, terminated, truncated, _ = environment.last()
                if terminated or truncated:
                    environment.step(None)
                else:
                    environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            played += 1
        return played / (time.perf_counter() - start)

    return best_of(RUNS, run, best=max)


def games_per_second_native(variant, max_plies, seconds):
    """Random games a second through mingmang.Game and its move text alone."""
    rng = random.Random(1)

    def run():
        played = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            game = mingmang.Game(variant, max_plies=max_plies)
            while not game.is_game_over():
                game.play(rng.choice(game.legal_moves()))
            played += 1
        return played / (time.perf_counter() - start)

    return best_of(RUNS, run, best=max)


def main():
    print(f"mingmang {mingmang.__version__}, Python {sys.version.split()[0]}")
    print()
    print("| variant | µs per legal_moves() | µs per play() | OpenSpiel random games/s (plies a game) "
          "| PettingZoo random games/s | Game random games/s |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for variant, max_plies in [("mingmang", 400), ("rek", 400), ("gala", 400), ("go-board", 100)]:
        games = random_games(variant, 5, seed=7, max_plies=max_plies)
        legal_us, play_us = per_call_us(variant, games, max_plies)
        name = f"mingmang(variant={variant},max_plies={max_plies})"
        rate, plies = games_per_second_openspiel(name, seconds=1.0)
        zoo_rate = games_per_second_pettingzoo(variant, max_plies, seconds=1.0)
        native_rate = games_per_second_native(variant, max_plies, seconds=1.0)
        print(f"| {variant} (ply limit {max_plies}) | {legal_us:.1f} | {play_us:.1f} | "
              f"{rate:.1f} ({plies:.0f}) | {zoo_rate:.1f} | {native_rate:.1f} |")


if __name__ == "__main__":
    main()
