#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Benchmark (not run by CTest): the move generator's speed beside Stockfish's.

Times whole processes, one thread each: `gambit-perft --fen FEN DEPTH` against
Stockfish's `go perft DEPTH` on the same position, alternating the two so that a
change in the machine's speed touches both. One warm-up run each is not counted.
Prints both medians and the median of the per-run ratios (gambit / Stockfish):
below 1.0 means Gambit counts the tree faster.

usage: tests/bench/perft_speed.py PATH/TO/gambit-perft [RUNS] [DEPTH] [FEN]
  default: 3 runs of Kiwipete at depth 5 (193,690,690 nodes)
  e.g.     tests/bench/perft_speed.py build/bin/gambit-perft 7 5
"""
import shutil
import statistics
import subprocess
import sys
import time

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def stockfish_command():
    found = shutil.which("stockfish") or shutil.which("/usr/games/stockfish")
    if not found:
        sys.exit("perft_speed.py: Stockfish is not installed (Debian: apt install stockfish)")
    return found


def seconds(command, stdin_text=None):
    """Wall time of one run of `command`; exits with its error when it fails."""
    start = time.perf_counter()
    done = subprocess.run(command, input=stdin_text, text=True, capture_output=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"perft_speed.py: {' '.join(command)} failed: {done.stderr.strip()}")
    return elapsed


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    perft = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    depth = sys.argv[3] if len(sys.argv) > 3 else "5"
    fen = sys.argv[4] if len(sys.argv) > 4 else KIWIPETE
    stockfish = stockfish_command()
    ours = lambda: seconds([perft, "--fen", fen, depth])
    theirs = lambda: seconds([stockfish], f"position fen {fen}\ngo perft {depth}\nquit\n")
    ours(), theirs()
    gambit_times, stockfish_times = [], []
    for _ in range(runs):
        gambit_times.append(ours())
        stockfish_times.append(theirs())
    ratios = [g / s for g, s in zip(gambit_times, stockfish_times)]
    print(f"gambit-perft median {statistics.median(gambit_times):.3f} s, "
          f"stockfish median {statistics.median(stockfish_times):.3f} s ({runs} runs, depth {depth})")
    print(f"ratio gambit/stockfish: median {statistics.median(ratios):.2f} "
          f"(min {min(ratios):.2f}, max {max(ratios):.2f})")


if __name__ == "__main__":
    main()
