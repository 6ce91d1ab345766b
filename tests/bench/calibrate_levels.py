#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Calibration of the players' levels (docs/levels.md): what Elo each plays at.

The subjects are alphabeta's rated presets ("1400"), minimax's levels
("minimax:hard") and the random player ("random").

Each preset plays pairs of games (one with each colour, the same opening) with
gambit-match at 10+0.1 against the opponents of PLAN: Stockfish 15.1 limited
with UCI_LimitStrength and UCI_Elo (1350..2850, its weakest is 1350), and
below that other presets, so the scale is chained down from Stockfish's.
Every finished game is appended at once to the results file (TSV), so a run
can be stopped at any time and a rerun goes on where it stopped; pairs are
played round-robin, so a short run still places every preset.

The ratings are the maximum-likelihood fit of all games together (Bradley-Terry
on the Elo scale, draws as half points) with Stockfish's UCI_Elo values held
fixed; the 95% margins come from the fit's information matrix, so a preset
placed through another preset carries that one's uncertainty too.

A new model version starts a new results file; games between presets that
the new version plays exactly as an older one did (UNCHANGED) are carried over
from that version's file, so only what changed is played again.

Usage:
  tests/bench/calibrate_levels.py [--match build/bin/gambit-match] [--games 40 | --target-margin 75]
      [--concurrency 2] [--results FILE] [--only 1400 ...] [--table-only]

--games is per preset and opponent (so a preset with two opponents plays twice
that). --target-margin plays rounds (a pair against each opponent of every
preset whose margin is wider) until every margin is at most that. --table-only
plays nothing and prints the table of the results so far. Python 3 standard
library only.
"""

import argparse
import datetime
import math
import os
import re
import subprocess
import sys

TC = "10+0.1"
# Each subject's opponents: ("sf", UCI_Elo) or ("preset", another subject).
PLAN = {
    "2200": [("sf", 2100), ("sf", 2300)],
    "2000": [("sf", 1900), ("sf", 2100)],
    "1800": [("sf", 1700), ("sf", 1900)],
    "1600": [("sf", 1500), ("sf", 1700)],
    "1400": [("sf", 1350), ("sf", 1500)],
    "1200": [("sf", 1350), ("preset", "1400")],
    "1000": [("sf", 1350), ("preset", "1200")],
    "800": [("preset", "1000"), ("preset", "600")],
    # 1000 too: 600 tied to 1000 directly, not only through 800's own uncertainty.
    "600": [("preset", "800"), ("preset", "minimax:medium"), ("preset", "1000")],
    "minimax:max": [("preset", "1400"), ("preset", "1600")],
    "minimax:hard": [("preset", "1000"), ("preset", "1200")],
    "minimax:medium": [("preset", "600"), ("preset", "800")],
    "minimax:easy": [("preset", "minimax:medium"), ("preset", "600")],
    "random": [("preset", "minimax:easy")],
}
# The plugin each subject is a level of; a bare number is an alphabeta preset.
RATINGS_FILES = {"alphabeta": "ai_plugins/alphabeta/alphabeta.ratings",
                 "minimax": "ai_plugins/minimax/minimax.ratings",
                 "random": "ai_plugins/random/random.ratings"}


def player_of(subject):
    """(plugin id, level; "" for none) of a subject: "1400" -> alphabeta 1400, "minimax:hard", "random"."""
    if subject.isdigit():
        return "alphabeta", subject
    plugin, _, level = subject.partition(":")
    return plugin, level


def subject_order(subject):
    plugin, level = player_of(subject)
    return (0, int(level), "") if plugin == "alphabeta" else (1, 0, subject)

# Model version: (the older version, the presets it played exactly as this one does).
# Version 3 changed the anchors from 1600 up only; strength_for gives 400..1400 the same settings.
UNCHANGED = {
    3: (2, {"600", "800", "1000", "1200", "1400"}),
    # Version 5 moved the anchors at 400 and 600 only.
    5: (4, {"800", "1000", "1200", "1400", "1600", "1800", "2000", "2200",
            "minimax:max", "minimax:hard", "minimax:medium", "minimax:easy", "random"}),
    # Version 6 moved the anchors at 800 and 1000 only.
    6: (5, {"600", "1200", "1400", "1600", "1800", "2000", "2200",
            "minimax:max", "minimax:hard", "minimax:medium", "minimax:easy", "random"}),
}
FIELDS = ["date", "preset", "opponent", "pair", "colour", "score", "result", "reason"]
FINISHED = re.compile(r"^Finished game (\d+) \((\S+) vs (\S+), [^)]*\): (\S+) \{(.*)\}$")
Z95 = 1.959963984540054
SLOPE = math.log(10) / 400


def opponent_name(opponent):
    kind, value = opponent
    return "sf%d" % value if kind == "sf" else "preset%s" % value


def read_results(path):
    rows = []
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                rows.append(dict(zip(FIELDS, line.rstrip("\n").split("\t"))))
    return rows


def carried_over(version, results_dir):
    """The games of older versions whose players this version plays unchanged (Stockfish never changes)."""
    if version not in UNCHANGED:
        return []
    older, same = UNCHANGED[version]
    rows = read_results(os.path.join(results_dir, "games-v%d.tsv" % older)) + carried_over(older, results_dir)
    return [r for r in rows if r["preset"] in same and (r["opponent"].startswith("sf") or r["opponent"][6:] in same)]


def pairs_played(rows, preset, opponent):
    """Pairs with both games recorded (a pair cut short is played again)."""
    count = {}
    for r in rows:
        if r["preset"] == preset and r["opponent"] == opponent_name(opponent):
            count[r["pair"]] = count.get(r["pair"], 0) + 1
    return sorted(int(p) for p, n in count.items() if n >= 2)


def play_pair(args, preset, opponent, pair):
    """Plays one pair of games; returns the rows to append (empty on failure, said on stderr)."""
    number = int(preset) if preset.isdigit() else hash_name(preset)
    seed = (number * 1000003 + hash_name(opponent_name(opponent)) * 7919 + pair) % (2 ** 62) + 1
    cmd = [args.match, "--config", args.config] + seat_args("white", preset) + [
           "--games", "2", "--concurrency", str(args.concurrency), "--tc", TC, "--no-record", "--seed", str(seed)]
    kind, value = opponent
    if kind == "sf":
        cmd += ["--black", "uci", "--black-option", "command=stockfish", "--black-option", "protocol=uci",
                "--black-option", "movetime_ms=0",
                "--black-option", "engine_options=UCI_LimitStrength=true; UCI_Elo=%d" % value]
    else:
        cmd += seat_args("black", value)
    run = subprocess.run(cmd, capture_output=True, text=True)
    rows = []
    for line in run.stdout.splitlines():
        m = FINISHED.match(line)
        if not m:
            continue
        game, result, reason = int(m.group(1)), m.group(4), m.group(5)
        colour = "white" if game % 2 == 1 else "black"  # the first player has White in odd-numbered games
        points = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(result)
        if points is None:
            continue
        score = points if colour == "white" else 1.0 - points
        rows.append([datetime.date.today().isoformat(), preset, opponent_name(opponent), str(pair), colour,
                     "%g" % score, result, reason.replace("\t", " ")])
    if run.returncode != 0 or len(rows) != 2:
        sys.stderr.write("calibrate_levels: %s vs %s pair %d: gambit-match exited %d with %d games; its end:\n%s\n"
                         % (preset, opponent_name(opponent), pair, run.returncode, len(rows),
                            (run.stdout + run.stderr)[-600:]))
        return []
    return rows


def seat_args(colour, subject):
    plugin, level = player_of(subject)
    return ["--" + colour, plugin] + (["--%s-level" % colour, level] if level else [])


def hash_name(name):
    h = 0
    for c in name:
        h = (h * 131 + ord(c)) % (2 ** 31)
    return h


def fit(rows):
    """Ratings of the presets (MLE, Stockfish fixed) with 95% margins: {preset: (elo, margin, games, score)}."""
    presets = sorted({r["preset"] for r in rows} | {r["opponent"][6:] for r in rows if r["opponent"].startswith("preset")},
                     key=subject_order)
    index = {p: i for i, p in enumerate(presets)}
    games = []
    for r in rows:
        opp = r["opponent"]
        fixed = float(opp[2:]) if opp.startswith("sf") else None
        games.append((index[r["preset"]], fixed, None if fixed is not None else index[opp[6:]], float(r["score"])))
    n = len(presets)
    rating = [1500.0] * n
    for _ in range(100):
        grad = [0.0] * n
        info = [[0.0] * n for _ in range(n)]
        for i, fixed, j, s in games:
            other = fixed if fixed is not None else rating[j]
            e = 1 / (1 + 10 ** ((other - rating[i]) / 400))
            w = SLOPE * SLOPE * e * (1 - e)
            grad[i] += SLOPE * (s - e)
            info[i][i] += w
            if j is not None:
                grad[j] -= SLOPE * (s - e)
                info[j][j] += w
                info[i][j] -= w
                info[j][i] -= w
        for i in range(n):
            info[i][i] += 1e-9  # a preset with only wins or only losses drifts; this keeps the matrix invertible
        step = solve(info, grad)
        step = [max(-200.0, min(200.0, x)) for x in step]
        rating = [r + x for r, x in zip(rating, step)]
        if max(abs(x) for x in step) < 0.01:
            break
    cov = invert(info)
    out = {}
    for p, i in index.items():
        played = [g for g in games if g[0] == i or g[2] == i]
        points = sum(s if g[0] == i else 1 - s for g in played for s in [g[3]])
        out[p] = (rating[i], Z95 * math.sqrt(max(cov[i][i], 0.0)), len(played), points)
    return out


def solve(a, b):
    inv = invert(a)
    return [sum(inv[i][k] * b[k] for k in range(len(b))) for i in range(len(b))]


def invert(a):
    n = len(a)
    m = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        p = m[col][col]
        if abs(p) < 1e-15:
            continue
        m[col] = [x / p for x in m[col]]
        for r in range(n):
            if r != col and m[r][col] != 0:
                f = m[r][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col])]
    return [row[n:] for row in m]


def table(rows):
    ratings = fit(rows) if rows else {}
    lines = ["| level | measured Elo | 95% margin | games | score | within its label? |",
             "| --- | --- | --- | --- | --- | --- |"]
    for preset in sorted(PLAN, key=subject_order):
        if preset not in ratings:
            lines.append("| %s | - | - | 0 | - | - |" % preset)
            continue
        elo, margin, games, points = ratings[preset]
        within = ("unplaced" if margin > 400 else "-" if not preset.isdigit()
                  else "yes" if abs(elo - int(preset)) <= margin else "no")
        lines.append("| %s | %.0f | +/- %.0f | %d | %.1f/%d | %s |"
                     % (preset, elo, margin, games, points, games, within))
    dates = sorted({r["date"] for r in rows})
    lines.append("")
    lines.append("%d games at %s, %s; reference: Stockfish 15.1 UCI_Elo (held fixed)."
                 % (len(rows), TC, (dates[0] + " .. " + dates[-1]) if dates else "none yet"))
    return "\n".join(lines)


def plugin_version(root, plugin):
    """The version a plugin's source declares (the one its ratings measure)."""
    with open(os.path.join(root, "ai_plugins", plugin, plugin + "_player.cpp")) as f:
        return re.search(r'Version = "([^"]+)";', f.read()).group(1)


def write_ratings(rows, root, version, only_plugin=None):
    """The ratings files the plugins ship (core/players/level_ratings.h): each placed subject's measurement.
    Returns the files written."""
    ratings = fit(rows) if rows else {}
    dates = sorted({r["date"] for r in rows})
    written = []
    for plugin, relative in RATINGS_FILES.items():
        if only_plugin and plugin != only_plugin:
            continue
        subjects = [p for p in sorted(PLAN, key=subject_order) if player_of(p)[0] == plugin
                    and p in ratings and 1 <= ratings[p][1] <= 400]  # a margin under 1: a degenerate fit
        if not subjects:
            continue
        path = os.path.join(root, relative)
        with open(path + ".tmp", "w") as f:
            f.write("# %s's levels as measured by tests/bench/calibrate_levels.py (games-v%d.tsv):\n"
                    % (plugin, version))
            f.write("# %d games at %s, Stockfish 15.1's UCI_Elo held fixed, %s. Level '-': no level.\n"
                    % (len(rows), TC, (dates[0] + " .. " + dates[-1]) if dates else "none"))
            f.write("version\t%s\n" % plugin_version(root, plugin))
            f.write("# level\tElo\t95% margin\tgames\ttime control\tdate\n")
            for subject in subjects:
                elo, margin, games, _ = ratings[subject]
                last = max(r["date"] for r in rows if r["preset"] == subject or r["opponent"] == "preset" + subject)
                f.write("%s\t%.0f\t%.0f\t%d\t%s\t%s\n" % (player_of(subject)[1] or "-", elo, margin, games, TC, last))
        os.replace(path + ".tmp", path)
        written.append(path)
    return written


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--match", default=os.path.join(root, "build", "bin", "gambit-match"))
    parser.add_argument("--games", type=int, default=40, help="games per preset and opponent (default 40)")
    parser.add_argument("--target-margin", type=float, default=None,
                        help="instead of --games: play until every preset's 95%% margin is at most this (Elo)")
    parser.add_argument("--concurrency", type=int, default=2, help="games at once (default 2, the most allowed)")
    parser.add_argument("--results", default=None,
                        help="the results file (default: tests/bench/calibration/games-vN.tsv, N the model version "
                             "of ai_plugins/alphabeta/human_play.h)")
    parser.add_argument("--config", default=None, help="gambit-match's configuration (default: an empty one)")
    parser.add_argument("--only", nargs="+", metavar="LEVEL", help="only these presets")
    parser.add_argument("--table-only", action="store_true", help="play nothing: print the table so far")
    parser.add_argument("--ratings", choices=["all", "none"] + list(RATINGS_FILES), default=None,
                        help="which plugins' ratings files (ai_plugins/<id>/<id>.ratings, shipped beside the plugin) "
                             "are written at the end (default: all after playing, none with --table-only)")
    parser.add_argument("--max-games", type=int, default=240,
                        help="with --target-margin: a subject stops after this many games of its own (default 240)")
    args = parser.parse_args()
    with open(os.path.join(root, "ai_plugins", "alphabeta", "human_play.h")) as f:
        version = int(re.search(r"ModelVersion = (\d+);", f.read()).group(1))
    if args.results is None:
        args.results = os.path.join(here, "calibration", "games-v%d.tsv" % version)
    if args.concurrency > 2:
        parser.error("--concurrency 2 at most: the machine has two cores")
    if args.config is None:
        args.config = os.path.join(os.path.dirname(args.results), "empty.toml")
        os.makedirs(os.path.dirname(args.results), exist_ok=True)
        if not os.path.exists(args.config):
            open(args.config, "w").close()

    carried = carried_over(version, os.path.join(here, "calibration"))
    rows = carried + read_results(args.results)
    if carried:
        print("%d games carried over from model versions before %d (presets it plays unchanged)"
              % (len(carried), version), flush=True)
    if not args.table_only:
        if not os.path.exists(args.results):
            with open(args.results, "w") as f:
                f.write("# " + "\t".join(FIELDS) + "\n")
        wanted = [(p, o) for p in PLAN if not args.only or p in args.only for o in PLAN[p]]
        while True:
            if args.target_margin:
                ratings = fit(rows) if rows else {}
                own = {p: sum(1 for r in rows if r["preset"] == p) for p in PLAN}
                wide = {p for p in PLAN if (p not in ratings or ratings[p][1] > args.target_margin)
                        and own[p] < args.max_games}
                short = [(p, o) for p, o in wanted if p in wide]
            else:
                short = [(p, o) for p, o in wanted if 2 * len(pairs_played(rows, p, o)) < args.games]
            if not short:
                break
            for preset, opponent in short:  # one pair each per round
                done = pairs_played(rows, preset, opponent)
                pair = next(i for i in range(len(done) + 1) if i not in done)
                new = play_pair(args, preset, opponent, pair)
                with open(args.results, "a") as f:
                    for row in new:
                        f.write("\t".join(row) + "\n")
                rows += [dict(zip(FIELDS, row)) for row in new]
                print("%s vs %s pair %d: %s" % (preset, opponent_name(opponent), pair,
                                                " ".join(r[5] for r in new) or "failed"), flush=True)
    print(table(rows))
    if args.ratings is None:
        args.ratings = "none" if args.table_only else "all"
    if args.ratings != "none":
        for path in write_ratings(rows, root, version, None if args.ratings == "all" else args.ratings):
            print("ratings written to %s" % path)


if __name__ == "__main__":
    main()
