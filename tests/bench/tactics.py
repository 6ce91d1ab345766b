#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Benchmark (not run by CTest): how many tactics a UCI engine solves at a fixed time.

The positions come from Gambit's own puzzle set (assets/puzzles.tsv: the solver
is to move and the first solution move is the one clearly best move, checked by
Stockfish at depth 20), or from an EPD file whose lines carry `bm_uci MOVE`.
A position is solved when the engine's bestmove is that move. Prints each miss,
the solve rate, and how many answers came more than 250 ms after the move time.

usage: tests/bench/tactics.py SUITE MOVETIME_MS [--count N] ENGINE [ARGS...]
  SUITE      assets/puzzles.tsv, or an EPD file with bm_uci
  --count N  the first N positions of the suite only (default: all)
  e.g.       tests/bench/tactics.py assets/puzzles.tsv 1000 --count 200 \\
                 build/bin/gambit-engine --plugin alphabeta
"""
import subprocess
import sys
import time

LATE_SECONDS = 0.25


def positions(suite):
    """(FEN, best move in UCI) for each position of a puzzles.tsv or bm_uci EPD file."""
    for line in open(suite, encoding="utf-8"):
        if not line.strip() or line.startswith("#"):
            continue
        if ";bm_uci " in line:
            yield line.split(" ;")[0], line.split(";bm_uci ")[1].split()[0]
            continue
        fields = line.rstrip("\n").split("\t")
        if len(fields) < 3:
            sys.exit(f"tactics.py: {suite}: a line is neither a puzzle nor EPD with bm_uci: {line[:60]!r}")
        yield fields[1], fields[2].split()[0]


class Engine:
    """A UCI engine on pipes; exits with a sentence if it stops answering."""

    def __init__(self, command):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def wait_for(self, word):
        while True:
            line = self.process.stdout.readline()
            if not line:
                sys.exit(f"tactics.py: the engine exited while we waited for {word}")
            if line.split()[:1] == [word]:
                return line.split()


def main():
    args = sys.argv[1:]
    if len(args) < 3 or args[0] in ("-h", "--help"):
        sys.exit(__doc__)
    suite, movetime = args[0], int(args[1])
    count = None
    command = args[2:]
    if command[:1] == ["--count"]:
        count, command = int(command[1]), command[2:]
    engine = Engine(command)
    engine.send("uci")
    engine.wait_for("uciok")
    solved = late = total = 0
    for fen, best in positions(suite):
        if count is not None and total == count:
            break
        engine.send("ucinewgame")
        engine.send("isready")
        engine.wait_for("readyok")
        engine.send(f"position fen {fen}")
        start = time.perf_counter()
        engine.send(f"go movetime {movetime}")
        played = engine.wait_for("bestmove")[1]
        elapsed = time.perf_counter() - start
        total += 1
        solved += played == best
        late += elapsed > movetime / 1000 + LATE_SECONDS
        if played != best:
            print(f"miss: {fen}  wanted {best}, played {played}")
    engine.send("quit")
    print(f"solved {solved}/{total} ({100.0 * solved / max(total, 1):.0f}%) at {movetime} ms; "
          f"late by over {int(LATE_SECONDS * 1000)} ms: {late}")


if __name__ == "__main__":
    main()
