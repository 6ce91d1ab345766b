#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Strength ladder: our strongest player against external engines.

Plays `alphabeta` (level max: full strength, as deep as the time allows) with
gambit-match against each opponent through the `uci` plugin:

  Fairy-Max, Phalanx and Sjeng (XBoard/CECP engines, protocol=xboard) and
  Stockfish (UCI) limited with UCI_LimitStrength=true, UCI_Elo=1500/2000/2500.

For each opponent it prints the games, wins-draws-losses from alphabeta's side,
the score and the Elo difference with its 95% error margin, then one table
(markdown) of all of them. Every game goes to a PGN file per opponent in the
output directory, with gambit-match's own output beside it. The games are not
recorded in the scores store (--no-record), and gambit-match reads an empty
configuration file (--config) unless told otherwise.

An opponent that is not installed is listed as "not installed" and skipped; a
gambit-match that fails (exit status, missing score line) is reported in the
table and on stderr with the end of its output, never hidden; games lost by
forfeit (an engine that crashed, hung or sent an illegal move) are counted and
their reasons listed.

Usage:
  tests/bench/strength_ladder.py [--match build/bin/gambit-match] [--tc 10+0.1]
      [--games 10] [--concurrency 1] [--out DIR] [--seed S] [--only NAME ...]
  tests/bench/strength_ladder.py --quick     # 2 games each at 2+0.05: a smoke test

Python 3 standard library only.
"""

import argparse
import datetime
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# (name, command, protocol, engine_options)
OPPONENTS = [
    ("Fairy-Max", "fairymax", "xboard", ""),
    ("Phalanx", "phalanx", "xboard", ""),
    ("Sjeng", "sjeng", "xboard", ""),
    ("Stockfish 1500", "stockfish", "uci", "UCI_LimitStrength=true; UCI_Elo=1500"),
    ("Stockfish 2000", "stockfish", "uci", "UCI_LimitStrength=true; UCI_Elo=2000"),
    ("Stockfish 2500", "stockfish", "uci", "UCI_LimitStrength=true; UCI_Elo=2500"),
]

Z95 = 1.959963984540054  # two-sided 95% quantile of the normal distribution

SCORE_LINE = re.compile(r"^Score of \S+ vs \S+: (\d+) - (\d+) - (\d+) \[[0-9.]+\] (\d+)$")
FINISHED_LINE = re.compile(r"^Finished game (\d+) \((\S+) vs (\S+), [^)]*\): (\S+) \{(.*)\}$")


def installed(command):
    """Where the engine is (found like the uci plugin finds it: PATH, then /usr/games), or None."""
    found = shutil.which(command)
    if found:
        return found
    candidate = os.path.join("/usr/games", command)
    return candidate if os.access(candidate, os.X_OK) else None


def elo_of(score):
    """The logistic Elo difference of an expected score in (0, 1)."""
    return -400.0 * math.log10(1.0 / score - 1.0) + 0.0  # + 0.0: no "-0"


def elo_estimate(wins, draws, losses):
    """(elo, low, high, note) from alphabeta's point of view.

    The usual formula (as cutechess-cli computes it): score p = (W + D/2) / N,
    Elo = -400 log10(1/p - 1). The per-game standard deviation of the score is
    s = sqrt((W (1-p)^2 + D (1/2-p)^2 + L p^2) / N); the 95% interval of p is
    p +- 1.96 s / sqrt(N), and low/high are the Elo of its ends (the margin
    printed is half the distance between them). An end beyond 0 or 1 (few
    games, a lopsided score) has no finite Elo: it is -inf or +inf.

    A score of exactly 0 or 1 has no finite Elo either: then elo is +-inf and
    note gives the bound from the 95% Wilson score interval instead.
    """
    n = wins + draws + losses
    if n == 0:
        return None, None, None, "no games"
    p = (wins + 0.5 * draws) / n
    if p in (0.0, 1.0):
        z2 = Z95 * Z95
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        if p == 1.0:
            return math.inf, None, None, "95%% lower bound %+d: Wilson score bound %.3f" % (
                round(elo_of(centre - half)), centre - half)
        return -math.inf, None, None, "95%% upper bound %+d: Wilson score bound %.3f" % (
            round(elo_of(centre + half)), centre + half)
    sd = math.sqrt((wins * (1 - p) ** 2 + draws * (0.5 - p) ** 2 + losses * p ** 2) / n)
    low = p - Z95 * sd / math.sqrt(n)
    high = p + Z95 * sd / math.sqrt(n)
    return (elo_of(p), elo_of(low) if low > 0 else -math.inf, elo_of(high) if high < 1 else math.inf, "")


def safe_name(name):
    return re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-").lower()


def run_opponent(args, name, command, protocol, engine_options, out_dir):
    """Plays the games against one opponent; a dict for the table."""
    row = {"name": name, "games": 0, "wins": 0, "draws": 0, "losses": 0, "status": "", "forfeits": [],
           "seconds": 0.0}
    if not installed(command):
        row["status"] = "not installed"
        print("%s: '%s' is not installed (not on PATH or in /usr/games): skipped" % (name, command), flush=True)
        return row
    stem = os.path.join(out_dir, safe_name(name))
    pgn = stem + ".pgn"
    if os.path.exists(pgn):
        os.remove(pgn)
    cmd = [args.match, "--white", "alphabeta", "--white-level", "max", "--black", "uci",
           "--black-option", "command=" + command, "--black-option", "protocol=" + protocol,
           "--black-option", "movetime_ms=0", "--games", str(args.games), "--concurrency", str(args.concurrency),
           "--tc", args.tc, "--pgn", pgn, "--no-record", "--config", args.config]
    if engine_options:
        cmd += ["--black-option", "engine_options=" + engine_options]
    if args.seed is not None:
        cmd += ["--seed", str(args.seed)]
    print("%s: %s" % (name, " ".join(("'%s'" % c) if " " in c else c for c in cmd)), flush=True)
    started = time.monotonic()
    lines = []
    with open(stem + ".log", "w") as log:
        try:
            proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        except OSError as error:
            row["status"] = "gambit-match failed to start: %s" % error
            print("%s: %s" % (name, row["status"]), file=sys.stderr, flush=True)
            return row
        for line in proc.stdout:
            log.write(line)
            log.flush()
            line = line.rstrip("\n")
            lines.append(line)
            if FINISHED_LINE.match(line):
                print("  " + line, flush=True)
        status = proc.wait()
    row["seconds"] = time.monotonic() - started
    read_output(lines, row, args.games, status, stem)
    return row


def read_output(lines, row, games, status, stem):
    """Fills row from gambit-match's output; a failure is put in row["status"] and told on stderr."""
    for line in lines:
        finished = FINISHED_LINE.match(line)
        if finished and ("forfeits" in finished.group(5) or "on time" in finished.group(5)):
            row["forfeits"].append("game %s: %s" % (finished.group(1), finished.group(5)))
    scores = [s for s in (SCORE_LINE.match(line) for line in lines) if s]
    if scores:
        wins, losses, draws, played = (int(g) for g in scores[-1].groups())
        row.update(wins=wins, losses=losses, draws=draws, games=played)
    if status != 0 or not scores or row["games"] != games:
        problem = "gambit-match exited with status %d" % status if status != 0 else "incomplete"
        if not scores:
            problem += ", no score line"
        elif row["games"] != games:
            problem += ", %d of %d games" % (row["games"], games)
        row["status"] = problem
        print("%s: %s; the end of its output (all in %s.log):" % (row["name"], problem, stem), file=sys.stderr)
        for line in lines[-15:]:
            print("  | " + line, file=sys.stderr)
        sys.stderr.flush()


def table_from(out_dir, opponents):
    """The rows of an earlier run, read back from its logs (without playing)."""
    rows = []
    for name, command, _, _ in opponents:
        row = {"name": name, "games": 0, "wins": 0, "draws": 0, "losses": 0, "status": "", "forfeits": [],
               "seconds": 0.0}
        stem = os.path.join(out_dir, safe_name(name))
        if not os.path.exists(stem + ".log"):
            row["status"] = "not installed" if not installed(command) else "not played"
            rows.append(row)
            continue
        with open(stem + ".log") as f:
            lines = [line.rstrip("\n") for line in f]
        match = [re.search(r", (\d+) games, ", line) for line in lines if line.startswith("Match: ")]
        games = int(match[0].group(1)) if match and match[0] else 0
        read_output(lines, row, games, 0, stem)
        rows.append(row)
    return rows


def format_row(row):
    if row["status"] == "not installed":
        return "| %s | not installed | | | | |" % row["name"]
    elo, low, high, note = elo_estimate(row["wins"], row["draws"], row["losses"])
    n = row["games"]
    score = "%.1f%%" % (100.0 * (row["wins"] + 0.5 * row["draws"]) / n) if n else "-"
    if elo is None:
        elo_text = "-"
    elif math.isinf(elo):
        elo_text = ("+inf" if elo > 0 else "-inf") + " (" + note + ")"
    elif math.isinf(low) or math.isinf(high):
        bound = lambda x: ("+inf" if x > 0 else "-inf") if math.isinf(x) else "%+.0f" % x
        elo_text = "%+.0f (95%%: %s .. %s)" % (elo, bound(low), bound(high))
    else:
        elo_text = "%+.0f +/- %.0f" % (elo, (high - low) / 2)
    remarks = []
    if row["status"]:
        remarks.append(row["status"])
    if row["forfeits"]:
        remarks.append("%d lost on time or by forfeit" % len(row["forfeits"]))
    return "| %s | %d | %d-%d-%d | %s | %s | %s |" % (row["name"], n, row["wins"], row["draws"], row["losses"], score,
                                                    elo_text, "; ".join(remarks))


def table_lines(rows):
    return (["| opponent | games | W-D-L (alphabeta) | score | Elo difference (95%) | remarks |",
             "| --- | --- | --- | --- | --- | --- |"] + [format_row(row) for row in rows])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    default_match = os.path.normpath(os.path.join(here, "..", "..", "build", "bin", "gambit-match"))
    parser.add_argument("--match", default=default_match, help="the gambit-match program (default: %(default)s)")
    parser.add_argument("--tc", default=None, help="clock per player, SECONDS+INCREMENT (default 10+0.1)")
    parser.add_argument("--games", type=int, default=None, help="games per opponent (default 10; colours alternate)")
    parser.add_argument("--concurrency", type=int, default=1, help="games at once (default 1: two engines per game)")
    parser.add_argument("--out", default=None, help="directory for the PGNs and logs (default: a new one under /tmp)")
    parser.add_argument("--config", default=None, help="gambit-match's configuration file (default: an empty one "
                        "in the output directory, so neither the user's settings nor a config.toml newer than the "
                        "build can change or stop the ladder)")
    parser.add_argument("--seed", type=int, default=None, help="gambit-match's seed (default: from the clock)")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="only these opponents (names as in the table, "
                        "case-insensitive prefix, e.g. 'fairy' 'stockfish 2000')")
    parser.add_argument("--table-from", metavar="DIR", help="play nothing: print the table of an earlier run "
                        "from the logs in its output directory")
    parser.add_argument("--quick", action="store_true", help="a smoke test: 2 games each at 2+0.05 "
                        "(unless --games/--tc say otherwise)")
    args = parser.parse_args()
    args.tc = args.tc or ("2+0.05" if args.quick else "10+0.1")
    args.games = args.games or (2 if args.quick else 10)
    if args.games < 1 or args.concurrency < 1:
        parser.error("--games and --concurrency must be at least 1")
    opponents = OPPONENTS
    if args.only:
        wanted = [w.lower() for w in args.only]
        opponents = [o for o in OPPONENTS if any(o[0].lower().startswith(w) for w in wanted)]
        if not opponents:
            parser.error("no opponent matches --only %s" % " ".join(args.only))
    if args.table_from:
        print("\n".join(table_lines(table_from(args.table_from, opponents))))
        return 0
    if not (os.path.isfile(args.match) and os.access(args.match, os.X_OK)):
        parser.error("no gambit-match at %s (build it, or give --match)" % args.match)
    out_dir = args.out or tempfile.mkdtemp(prefix="gambit-ladder-", dir="/tmp")
    os.makedirs(out_dir, exist_ok=True)
    if not args.config:
        args.config = os.path.join(out_dir, "ladder-config.toml")
        with open(args.config, "w") as f:
            f.write("# strength_ladder.py: no settings; players, options and clock come from the command line.\n")

    started = datetime.datetime.now().astimezone()
    print("Strength ladder: alphabeta (level max) vs %d opponents, %d games each, clock %s, concurrency %d, "
          "output in %s" % (len(opponents), args.games, args.tc, args.concurrency, out_dir), flush=True)
    rows = [run_opponent(args, *opponent, out_dir) for opponent in opponents]
    ended = datetime.datetime.now().astimezone()

    table = table_lines(rows)
    print()
    print("alphabeta (level max) vs each opponent, clock %s, concurrency %d, %s to %s (%d min)" % (
        args.tc, args.concurrency, started.strftime("%Y-%m-%d %H:%M %Z"), ended.strftime("%H:%M"),
        round((ended - started).total_seconds() / 60)))
    print("\n".join(table))
    forfeits = [(row["name"], f) for row in rows for f in row["forfeits"]]
    if forfeits:
        print("\nGames lost on time or by forfeit:")
        for name, text in forfeits:
            print("  %s, %s" % (name, text))
    print("\nPGNs and gambit-match output: %s" % out_dir)
    with open(os.path.join(out_dir, "table.md"), "w") as f:
        f.write("\n".join(table) + "\n")
    failed = [row for row in rows if row["status"] and row["status"] != "not installed"]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
