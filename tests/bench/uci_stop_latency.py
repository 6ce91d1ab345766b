#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Benchmark (not run by CTest): how long a UCI engine takes from "stop" to "bestmove"
during "go infinite", over 30 searches of three positions.
usage: tests/bench/uci_stop_latency.py PATH/TO/gambit-engine"""
import subprocess, time, statistics, sys, os
p = subprocess.Popen([sys.argv[1], "--plugin", "alphabeta"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
                     env=dict(os.environ, XDG_CONFIG_HOME="/nonexistent"))
def send(s): p.stdin.write(s + "\n"); p.stdin.flush()
def wait(prefix):
    while True:
        line = p.stdout.readline()
        if line.startswith(prefix): return line
send("uci"); wait("uciok")
lat = []
fens = ["startpos", "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"]
for i in range(30):
    send("position " + fens[i % 3]); send("go infinite"); time.sleep(0.2 + 0.05 * (i % 5))
    t = time.perf_counter(); send("stop"); wait("bestmove"); lat.append((time.perf_counter() - t) * 1000)
send("quit")
print(f"stop -> bestmove over 30 searches: median {statistics.median(lat):.1f} ms, max {max(lat):.1f} ms")
