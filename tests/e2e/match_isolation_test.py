#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""End-to-end: gambit-match against plugins that misbehave as processes.

With the default isolation every game of the match is finished, the plugin's
side forfeits (or loses on time) with the reason in words, the PGN holds every
game, the exit status is 0, and no gambit-plugin-host is left running. In
process the same match would die with the plugin, which is why the test plays
only the harmless behaviours there.

usage: match_isolation_test.py PATH/TO/gambit-match TEST_PLUGIN_DIR
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from snoop_bait import DENIED, Bait  # noqa: E402

match, plugin_dir = sys.argv[1], sys.argv[2]
failures = []

# behaviour -> (what the raw player's side gets, part of the reason)
CASES = {
    "segfault": ("forfeits", "crashed (segmentation fault) while choosing a move"),
    "abort": ("forfeits", "crashed (aborted) while choosing a move"),
    "exit": ("forfeits", "exited (status 0) while choosing a move"),
    "stack_overflow": ("forfeits", "crashed (segmentation fault) while choosing a move"),
    "scribble": ("forfeits", "sent 'garbage"),
    "illegal": ("forfeits", "answered a bad move"),
    "allocate": ("forfeits", "ran out of memory (its limit is 256 MB: [plugins] memory_limit_mb) while choosing"),
    "spin": ("on time", ""),  # the other side wins on time
    "close_stdio": (None, None),  # harmless in a process of its own: it plays on
    "print": (None, None),
}
SANITIZED = os.environ.get("GAMBIT_SANITIZED") == "1"  # a sanitizer reports crashes itself (exit status 1)


MARK = "GAMBIT_MATCH_ISOLATION_TEST=%d" % os.getpid()  # in the environment of every process this test starts


def hosts_running(work):
    """gambit-plugin-host processes started by this test's matches (other tests' own do not count)."""
    left = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/environ" % pid, "rb") as f:
                marked = MARK.encode() in f.read().split(b"\0")
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                command = f.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if marked and "gambit-plugin-host" in command:
            left.append(command)
    return left


with tempfile.TemporaryDirectory() as work:
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(work, "xdg"), XDG_DATA_HOME=os.path.join(work, "data"))
    env[MARK.split("=")[0]] = MARK.split("=")[1]
    config = os.path.join(work, "c.toml")
    with open(config, "w") as f:
        f.write('[plugins]\npaths = ["%s"]\nmemory_limit_mb = 256\n' % plugin_dir)
    for behaviour, (fate, reason) in CASES.items():
        pgn = os.path.join(work, behaviour + ".pgn")
        # The allocating plugin's move ends when it runs out of memory. Under AddressSanitizer that is found by a
        # thread that looks every 100 ms, after a slow start: on a busy machine it can take more than 100 ms plus
        # the second of grace, and the plugin would lose on time. 5 s is long enough for it and costs nothing.
        movetime = "5000" if behaviour == "allocate" else "100"
        run = subprocess.run([match, "--config", config, "--white", "raw", "--white-option", "behaviour=" + behaviour,
                              "--black", "random", "--games", "2", "--movetime", movetime, "--no-record", "--pgn", pgn,
                              "--seed", "3"], capture_output=True, text=True, env=env, timeout=120)
        what = "%s: exit %d\n%s%s" % (behaviour, run.returncode, run.stdout, run.stderr)
        if run.returncode != 0:
            failures.append("the match did not finish: " + what)
            continue
        finished = re.findall(r"^Finished game \d \(([^ ]+) vs [^)]*\): (\S+) \{(.*)\}$", run.stdout, re.M)
        if len(finished) != 2:
            failures.append("not two finished games: " + what)
            continue
        for white, result, text in finished:
            raw_side = "White" if white == "raw" else "Black"
            other_side = "Black" if raw_side == "White" else "White"
            if fate is None:
                if "player 'raw'" in text:
                    failures.append("the raw player should have played on: " + what)
            elif fate == "on time":
                if text != other_side + " wins on time":
                    failures.append("expected '%s wins on time' in: %s" % (other_side, what))
            else:
                # Under a sanitizer a crash or the memory limit is the sanitizer's report and exit status 1.
                wanted = "while choosing a move" if SANITIZED and "while choosing" in reason else reason
                if not text.startswith(raw_side + " " + fate) or wanted not in text:
                    failures.append("expected '%s %s ... %s' in: %s" % (raw_side, fate, wanted, what))
        with open(pgn) as f:
            if f.read().count("[Event ") != 2:
                failures.append("the PGN does not hold both games: " + what)
        left = hosts_running(work)
        if left:
            failures.append("%s: plugin processes left running: %s" % (behaviour, left))

    # A hostile plugin, sandboxed: every move it tries to read a secret, make a file, reach a TCP listener, start
    # a process, trace and signal the match and run a shell. All of it is refused, each kind told once, and the
    # games are played to their end as if nothing had happened.
    bait = Bait()
    try:
        run = subprocess.run([match, "--config", config, "--white", "snoop", "--black", "random", "--games", "2",
                              "--movetime", "20", "--no-record", "--seed", "5"] +
                             [a for n, v in bait.options("choose_move") for a in ("--white-option", n + "=" + v)],
                             capture_output=True, text=True, env=env, timeout=120)
        what = "snoop: exit %d\n%s%s" % (run.returncode, run.stdout, run.stderr)
        finished = re.findall(r"^Finished game \d \([^)]*\): (\S+) \{(.*)\}$", run.stdout, re.M)
        if run.returncode != 0 or len(finished) != 2 or any("snoop" in t or "forfeits" in t for _, t in finished):
            failures.append("the hostile plugin's match did not end normally: " + what)
        for notice in DENIED:
            if run.stderr.count("plugin 'snoop' tried " + notice) != 1:
                failures.append("not told once that snoop tried %s: %s" % (notice, what))
        failures += ["the hostile plugin: " + reached for reached in bait.what_got_out()]
    finally:
        bait.close()

    # The same seed gives the same games in both modes (alphabeta's levels spend nodes, not time).
    games = {}
    for mode in ("process", "in-process"):
        pgn = os.path.join(work, mode + "-seeded.pgn")
        run = subprocess.run([match, "--isolation", mode, "--white", "alphabeta", "--white-level", "1000", "--black",
                              "random", "--games", "2", "--tc", "60+1", "--seed", "11", "--no-record", "--pgn", pgn],
                             capture_output=True, text=True, env=env, timeout=120)
        with open(pgn) as f:
            games[mode] = [line for line in f.read().splitlines() if not line.startswith("[Date")]
    if games["process"] != games["in-process"] or len(games["process"]) < 10:
        failures.append("the same seed gave other games in a process than in the program")

    # In process a harmless plugin still plays as before.
    run = subprocess.run([match, "--config", config, "--isolation", "in-process", "--white", "raw", "--black",
                          "random", "--games", "2", "--movetime", "50", "--no-record"],
                         capture_output=True, text=True, env=env, timeout=60)
    if run.returncode != 0 or run.stdout.count("Finished game") != 2:
        failures.append("in-process match: exit %d\n%s%s" % (run.returncode, run.stdout, run.stderr))

for f in failures:
    print("FAIL:", f)
print("match isolation: %d cases, %d failures" % (len(CASES) + 3, len(failures)))
sys.exit(1 if failures else 0)
