"""The board as planes for learning: what the OpenSpiel game's observation tensor and the
PettingZoo environments' observations hold.

Shape ``(9, height, width)``; row r is rank r + 1 and column c is file c (a1 is ``[:, 0, 0]``).
From the observing side: 0 its men, 1 its king (Rek, Min Rek Chanh; the hunter), 2 the
opponent's men, 3 the opponent's king, 4 empty squares, 5 all ones when the observing side is to
move, 6 its pieces in hand and 7 the opponent's (Gala), each divided by the number of squares,
8 the plies played divided by the ply limit (0 without one). The positions met before (rule 7)
are not in it: the legal moves carry that.
"""

import numpy as np

#: The planes, in order.
PLANES = (
    "own_men",
    "own_kings",
    "opponent_men",
    "opponent_kings",
    "empty",
    "to_move",
    "own_hand",
    "opponent_hand",
    "plies",
)


def shape(width, height):
    """The planes' shape for a board: ``(len(PLANES), height, width)``."""
    return (len(PLANES), height, width)


def parse_position(text):
    """The board as rows of cells (``.`` for empty, ``w``/``b`` men, ``W``/``B`` kings, top
    rank first), the side to move (``w``/``b``) and the pieces in hand by side, from a
    position string."""
    fields = text.split()
    rows = []
    for rank in fields[0].split("/"):
        cells = []
        run = ""
        for c in rank:
            if c.isdigit():
                run += c
                continue
            if run:
                cells.extend("." * int(run))
                run = ""
            cells.append(c)
        if run:
            cells.extend("." * int(run))
        rows.append(cells)
    hand = {"w": 0, "b": 0}
    if len(fields) > 2:
        white, black = fields[2][1:].split("b")
        hand = {"w": int(white), "b": int(black)}
    return rows, fields[1], hand


def fill(out, game, side, max_plies):
    """Fills ``out`` (of :func:`shape`) with ``game`` as ``side`` (``white``/``black``) sees
    it; ``max_plies`` 0 means no ply limit. The planes are computed by the compiled module
    (:meth:`mingmang.Game.planes`)."""
    out[...] = np.frombuffer(game.planes(side, max_plies), np.float32).reshape(out.shape)


def planes_by_python(game, side, max_plies=0):
    """The planes computed in Python from the position string: the definition the compiled
    :meth:`mingmang.Game.planes` is tested against."""
    out = np.zeros(shape(game.width, game.height), np.float32)
    board, to_move, hand = parse_position(game.position())
    own = side[0]
    height = len(board)
    for row_from_top, rank in enumerate(board):
        row = height - 1 - row_from_top
        for col, cell in enumerate(rank):
            if cell == ".":
                out[4, row, col] = 1.0
            else:
                base = 0 if cell.lower() == own else 2
                out[base + cell.isupper(), row, col] = 1.0
    if to_move == own:
        out[5].fill(1.0)
    squares = game.width * game.height
    out[6].fill(hand[own] / squares)
    out[7].fill(hand["b" if own == "w" else "w"] / squares)
    if max_plies:
        out[8].fill(min(game.ply / max_plies, 1.0))
    return out


def planes(game, side, max_plies=0):
    """A new float32 array of the planes of ``game`` as ``side`` sees it."""
    out = np.zeros(shape(game.width, game.height), np.float32)
    fill(out, game, side, max_plies)
    return out
