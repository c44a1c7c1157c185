#!/usr/bin/env python3
"""A small Ming Mang engine for testing the match runner: it plays uniformly random legal moves
under the default rules (rook moves, custodian capture by conversion, rule 7).

Faults can be switched on so the referee's forfeit handling can be tested; each one fires on the
N-th `go` this process receives (N from --after, default 3), so a restarted engine faults again:
  --fault crash     exit without answering
  --fault hang      stop answering (the referee must time it out)
  --fault garbage   answer 'bestmove' followed by something that is not a move
  --fault illegal   answer a well-formed move that is illegal (moving an enemy piece)
  --fault liar      play correctly but give wrong answers to 'query gameover' and 'query result'
"""
import argparse
import random
import sys
import time

DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def start(w, h):
    board = [[None] * w for _ in range(h)]
    for r in range(h):
        board[r][0] = "w"
    for f in range(w - 1):
        board[0][f] = "w"
    board[0][w - 1] = "b"
    for f in range(1, w):
        board[h - 1][f] = "b"
    for r in range(h):
        board[r][w - 1] = "b"
    board[h - 1][0] = "w"
    return board, "w"


def parse_fen(text):
    fields = text.split()
    rows = fields[0].split("/")
    board = []
    for row in reversed(rows):
        line, num = [], ""
        for ch in row:
            if ch.isdigit():
                num += ch
                continue
            if num:
                line += [None] * int(num)
                num = ""
            line.append(ch)
        if num:
            line += [None] * int(num)
        board.append(line)
    return board, fields[1]


def key(board, side):
    return (tuple(tuple(r) for r in board), side)


def sq(f, r):
    return "abcdefghijklmnopqrs"[f] + str(r + 1)


def parse_sq(text):
    return "abcdefghijklmnopqrs".index(text[0]), int(text[1:]) - 1


def split_move(text):
    # the second square starts at the second letter
    i = 1
    while text[i].isdigit():
        i += 1
    return parse_sq(text[:i]), parse_sq(text[i:])


def apply(board, side, mv):
    (f0, r0), (f1, r1) = mv
    b = [row[:] for row in board]
    h, w = len(b), len(b[0])
    b[r0][f0] = None
    b[r1][f1] = side
    enemy = "b" if side == "w" else "w"
    for df, dr in DIRS:
        line = []
        f, r = f1 + df, r1 + dr
        while 0 <= f < w and 0 <= r < h and b[r][f] == enemy:
            line.append((f, r))
            f, r = f + df, r + dr
        if line and 0 <= f < w and 0 <= r < h and b[r][f] == side:
            for cf, cr in line:
                b[cr][cf] = side
    return b, enemy


def legal(board, side, history):
    h, w = len(board), len(board[0])
    out = []
    for r in range(h):
        for f in range(w):
            if board[r][f] != side:
                continue
            for df, dr in DIRS:
                tf, tr = f + df, r + dr
                while 0 <= tf < w and 0 <= tr < h and board[tr][tf] is None:
                    mv = ((f, r), (tf, tr))
                    nb, ns = apply(board, side, mv)
                    if key(nb, ns) not in history:
                        out.append(mv)
                    tf, tr = tf + df, tr + dr
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fault", default="none")
    ap.add_argument("--after", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--name", default="mm_random")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    size = (8, 8)
    board, side = start(*size)
    history = {key(board, side)}
    gos = 0
    max_plies = 0
    plies = 0

    def say(text):
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        cmd = words[0]
        if cmd in ("ugi", "uci", "uai"):
            say("id name " + args.name)
            say("id author tests")
            say(cmd + "ok")
        elif cmd == "isready":
            say("readyok")
        elif cmd == "setoption" and len(words) >= 5 and words[2] == "BoardSize":
            w, h = words[4].split("x")
            size = (int(w), int(h))
        elif cmd == "setoption" and len(words) >= 5 and words[2] == "MaxPlies":
            max_plies = int(words[4])
        elif cmd == "position":
            if words[1] == "startpos":
                board, side = start(*size)
                rest = words[2:]
            else:
                board, side = parse_fen(words[2] + " " + words[3])
                rest = words[4:]
            history = {key(board, side)}
            plies = 0
            if rest and rest[0] == "moves":
                for text in rest[1:]:
                    plies += 1
                    board, side = apply(board, side, split_move(text))
                    history.add(key(board, side))
        elif cmd == "go":
            gos += 1
            fault = args.fault if gos >= args.after else "none"
            if fault == "crash":
                sys.exit(3)
            if fault == "hang":
                time.sleep(3600)
            if fault == "garbage":
                say("bestmove h@llo")
                continue
            if fault == "illegal":
                enemy = "b" if side == "w" else "w"
                for r, row in enumerate(board):
                    for f, c in enumerate(row):
                        if c == enemy:
                            for df, dr in DIRS:
                                tf, tr = f + df, r + dr
                                if 0 <= tf < len(row) and 0 <= tr < len(board) and board[tr][tf] is None:
                                    say("bestmove " + sq(f, r) + sq(tf, tr))
                                    break
                            else:
                                continue
                            break
                    else:
                        continue
                    break
                continue
            moves = legal(board, side, history)
            if not moves:
                say("bestmove 0000")
                continue
            (f0, r0), (f1, r1) = rng.choice(moves)
            say("info depth 1 nodes %d" % len(moves))
            say("bestmove " + sq(f0, r0) + sq(f1, r1))
        elif cmd == "query":
            # The same order as the referee: a side without a move loses, then the ply limit
            # counts pieces.
            if not legal(board, side, history):
                result = "p2win" if side == "w" else "p1win"
            elif max_plies and plies >= max_plies:
                count = {"w": 0, "b": 0}
                for row in board:
                    for c in row:
                        if c:
                            count[c] += 1
                result = ("p1win" if count["w"] > count["b"]
                          else "p2win" if count["b"] > count["w"] else "draw")
            else:
                result = "none"
            if args.fault == "liar":
                # Always wrong: the opposite for gameover, a different result.
                result = "p2win" if result == "p1win" else "p1win"
            over = result != "none"
            if words[1] == "gameover":
                if args.fault == "liar":
                    over = False
                say("response " + ("true" if over else "false"))
            elif words[1] == "result":
                say("response " + result)
            else:
                say("response unknown")
        elif cmd == "quit":
            return


if __name__ == "__main__":
    main()
