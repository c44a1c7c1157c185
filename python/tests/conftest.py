"""Shared fixtures: the native engine binary, driven through its text protocol, as the
reference the Python package is compared with."""

import os
import pathlib
import random
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


def native_binary():
    """The engine binary: $MINGMANG_BIN, else the repository's release build."""
    path = pathlib.Path(os.environ.get("MINGMANG_BIN", REPO / "target" / "release" / "mingmang"))
    if not path.is_file():
        pytest.fail(
            f"the native engine {path} is missing: run 'cargo build --release' first "
            "or set MINGMANG_BIN"
        )
    return path


class Native:
    """One running native engine, asked through the protocol's `query` commands."""

    def __init__(self, path):
        self.process = subprocess.Popen(
            [str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.send("ugi")
        self.read_until(lambda line: line == "ugiok")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read_until(self, done):
        """Reads lines until `done` accepts one; returns that line. An `info string error`
        on the way fails the test with the engine's message."""
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("the native engine closed its output")
            line = line.rstrip("\n")
            if line.startswith("info string error"):
                raise AssertionError(f"the native engine refused a command: {line}")
            if done(line):
                return line

    def set_rules(self, settings):
        """Sets every rule option from (name, value) pairs, the variant first."""
        for name, value in settings:
            self.send(f"setoption name {name} value {value}")

    def query(self, question):
        self.send(f"query {question}")
        line = self.read_until(lambda l: l == "response" or l.startswith("response "))
        return line[len("response"):].strip()

    def set_game(self, start_position, moves):
        text = f"position fen {start_position}"
        if moves:
            text += " moves " + " ".join(moves)
        self.send(text)

    def close(self):
        self.send("quit")
        self.process.wait(timeout=10)


@pytest.fixture(scope="session")
def native():
    engine = Native(native_binary())
    yield engine
    engine.close()


@pytest.fixture
def rng(request):
    """A random source seeded by the test's name: failures repeat."""
    return random.Random(request.node.nodeid)
