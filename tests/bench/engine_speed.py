#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Speed and depth of gambit-engine's full strength in a fixed time a move.

    engine_speed.py --engine build/bin/gambit-engine [--plugin-folder DIR] [--positions FILE]
                    [--count 30] [--movetime 1000]

Searches each position (FEN or EPD lines, '#' lines skipped; by default the
first positions of tests/bench/matches/sprt-book-1600.epd) for --movetime ms
through UCI, from a new game each time, and prints the depth the last
completed iteration reached and the nodes per second, then the median and
mean depth and the nodes per second over all. --plugin-folder puts that
folder first in the plugin paths (through a configuration of its own), so a
copy of an older build's gambit_alphabeta.so can be measured by the same
program: the figures of two versions are then comparable.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def read_positions(path, count):
    positions = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = line.split()
            fen = " ".join(fields[:4]) + " 0 1" if len(fields) < 6 or not fields[4].isdigit() else " ".join(fields[:6])
            positions.append(fen)
            if len(positions) == count:
                break
    return positions


def main():
    parser = argparse.ArgumentParser(description="gambit-engine's depth and speed in a fixed time")
    parser.add_argument("--engine", required=True)
    parser.add_argument("--plugin-folder")
    parser.add_argument("--positions", default=os.path.join(HERE, "matches", "sprt-book-1600.epd"))
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--movetime", type=int, default=1000)
    args = parser.parse_args()

    command = [args.engine]
    config = None
    if args.plugin_folder:
        config = tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False)
        config.write(f'[plugins]\npaths = ["{os.path.abspath(args.plugin_folder)}"]\n')
        config.close()
        command += ["--config", config.name]
    engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def until(prefix):
        lines = []
        for line in engine.stdout:
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines
        sys.exit(f"engine_speed.py: the engine stopped before '{prefix}'")

    send("uci")
    name = next(line for line in until("uciok") if line.startswith("id name"))[8:]
    depths, nodes, times = [], 0, 0
    for number, fen in enumerate(read_positions(args.positions, args.count), 1):
        send("ucinewgame")
        send(f"position fen {fen}")
        send("isready")
        until("readyok")
        send(f"go movetime {args.movetime}")
        infos = [line.split() for line in until("bestmove") if line.startswith("info depth")]
        last = infos[-1]
        depth = int(last[last.index("depth") + 1])
        node_count = int(last[last.index("nodes") + 1])
        ms = int(last[last.index("time") + 1])
        depths.append(depth)
        nodes += node_count
        times += ms
        print(f"{number:3} depth {depth:2} nodes {node_count:9} in {ms:5} ms  {fen}")
    send("quit")
    engine.wait(timeout=10)
    if config:
        os.unlink(config.name)
    print(f"{name}: {len(depths)} positions, {args.movetime} ms each: depth median {statistics.median(depths)}, "
          f"mean {statistics.mean(depths):.2f}; {nodes / max(times, 1) * 1000:,.0f} nodes/s")


main()
