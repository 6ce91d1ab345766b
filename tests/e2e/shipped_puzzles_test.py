#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Checks 50 shipped puzzles, taken at random, with Stockfish: in each, the
solution's first move is Stockfish's best (or scores as well: another mate as
quick), and unless it mates, it is better than the second-best move by a
decisive margin in winning chances.

    /usr/bin/python3 tests/e2e/shipped_puzzles_test.py share/gambit/puzzles.tsv [STOCKFISH]

Before a set is shipped, every puzzle of it is checked the same way and only
those that pass are kept (about 2 s a puzzle):

    /usr/bin/python3 tests/e2e/shipped_puzzles_test.py rated.tsv --keep checked.tsv

The puzzles were made at depth 20 with a margin of 0.42 (docs/puzzles.md);
they are checked here at depth 18 against a margin of 0.3, a blunder's size,
so that the shallower search's noise alone cannot fail a good puzzle. The
seed is printed; GAMBIT_PUZZLE_SEED=N picks the same puzzles again.
"""

import math
import os
import random
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import engine_dialogue  # noqa: E402

PUZZLES = 50
DEPTH = 18
MARGIN = 0.3


def winning_chances(kind, value):
    """The side to move's winning chances, -1..1, lichess's logistic on centipawns capped at 1000."""
    cp = (1000 if value > 0 else -1000) if kind == "mate" else max(-1000, min(1000, value))
    return 2 / (1 + math.exp(-0.00368208 * cp)) - 1


def search(engine, fen, lines, moves=None):
    """The last score of each line at DEPTH: {multipv: (kind, value, first move)}."""
    engine.send("setoption name MultiPV value %d" % lines, "position fen " + fen,
                "go depth %d" % DEPTH + (" searchmoves " + " ".join(moves) if moves else ""))
    found = {}
    for line in engine.until(r"^bestmove", timeout=120):
        info = re.match(r"info .*\bdepth (\d+) .*\bmultipv (\d+) .*\bscore (cp|mate) (-?\d+).*? pv (\S+)", line)
        if info and int(info.group(1)) == DEPTH:
            found[int(info.group(2))] = (info.group(3), int(info.group(4)), info.group(5))
    return found


def check(engine, fields):
    """None when the puzzle passes; else why not. Returns ("mate"|margin, None) or (None, why)."""
    puzzle_id, fen, first = fields[0], fields[1], fields[2].split()[0]
    engine.send("ucinewgame", "isready")
    engine.until(r"^readyok")
    lines = search(engine, fen, 2)
    if 1 not in lines:
        return None, "%s: Stockfish gave no line at depth %d" % (puzzle_id, DEPTH)
    kind, value, best = lines[1]
    if best != first:
        own = search(engine, fen, 1, [first]).get(1)
        if own is None or own[:2] != (kind, value):
            return None, ("%s: the first move %s is not Stockfish's best %s (%s %d against %s)"
                          % (puzzle_id, first, best, kind, value, own[:2] if own else "no score"))
    if kind == "mate" and value > 0:
        return "mate", None
    second = winning_chances(*lines[2][:2]) if 2 in lines else -1.0
    margin = winning_chances(kind, value) - second
    if margin < MARGIN:
        return None, ("%s: %s is better than the second-best move by only %.2f in winning chances (%s %d, %r)"
                      % (puzzle_id, first, margin, kind, value, lines.get(2)))
    return margin, None


def main():
    args = sys.argv[1:]
    keep = None
    if "--keep" in args:
        at = args.index("--keep")
        if at + 1 >= len(args):
            print(__doc__, file=sys.stderr)
            return 2
        keep = args[at + 1]
        del args[at:at + 2]
    if len(args) not in (1, 2):
        print(__doc__, file=sys.stderr)
        return 2
    path = args[0]
    engine_dialogue.ENGINE = args[1] if len(args) == 2 else "stockfish"
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    puzzles = [line.split("\t") for line in lines if line.strip() and not line.startswith("#")]
    if keep is not None:
        chosen = puzzles
        print("checking all %d puzzles of %s with %s at depth %d" % (len(chosen), path, engine_dialogue.ENGINE,
                                                                     DEPTH), flush=True)
    else:
        if len(puzzles) < PUZZLES:
            print("FAIL: %s holds %d puzzles, fewer than the %d to check" % (path, len(puzzles), PUZZLES))
            return 1
        seed = int(os.environ.get("GAMBIT_PUZZLE_SEED", random.SystemRandom().randrange(1 << 30)))
        chosen = random.Random(seed).sample(puzzles, PUZZLES)
        print("checking %d of %d puzzles (seed %d) with %s at depth %d" % (PUZZLES, len(puzzles), seed,
                                                                           engine_dialogue.ENGINE, DEPTH), flush=True)
    engine = engine_dialogue.Engine()
    engine.send("uci")
    engine.until(r"^uciok")
    engine.send("setoption name Threads value 1", "setoption name Hash value 64", "isready")
    engine.until(r"^readyok")
    started, failures, mates, margins, passed = time.monotonic(), [], 0, [], set()
    for fields in chosen:
        result, why = check(engine, fields)
        if why:
            failures.append(why)
            continue
        passed.add(fields[0])
        if result == "mate":
            mates += 1
        else:
            margins.append(result)
    engine.send("quit")
    print("%d puzzles checked in %.0f s: %d mate, %d win by a margin of %.2f at least (median %.2f); %d failed"
          % (len(chosen), time.monotonic() - started, mates, len(margins), min(margins) if margins else 0,
             sorted(margins)[len(margins) // 2] if margins else 0, len(failures)))
    for failure in failures:
        print("FAIL:" if keep is None else "left out:", failure)
    if keep is not None:
        # The header and every puzzle that passed, in the file's order.
        kept = [line for line in lines if not line.strip() or line.startswith("#") or line.split("\t")[0] in passed]
        with open(keep, "w", encoding="utf-8") as f:
            f.write("\n".join(kept) + "\n")
        print("kept %d of %d puzzles in %s" % (len(passed), len(chosen), keep))
        return 0
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
