#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""gambit-engine against Stockfish with XBoard as the arbiter.

XBoard (Debian's xboard, -noGUI match mode, on an Xvfb display of its own)
runs gambit-engine over CECP (first engine) against Stockfish through the
Polyglot adapter (second engine, -sUCI) limited with UCI_LimitStrength=1 and
UCI_Elo (a UCI check option goes through XBoard and Polyglot as 1 or 0:
Polyglot drops "true"). XBoard keeps the clocks and decides the games; every
game starts from a position of the book, each position twice with the
colours swapped. Pondering is off (XBoard's own default is on: Stockfish would
think on gambit-engine's time and take a core from it), as in gambit-match.

The match is played in chunks of --chunk games (an XBoard of its own each,
--concurrency at a time); each finished chunk's PGN stays in the output
directory, so a run that was stopped continues where it was (only unfinished
chunks are played again). At the end, and with --summary at any time, it
prints gambit-engine's wins, losses and draws, the score and the Elo
difference with its 95% margin (strength_ladder.elo_estimate), how the games
ended, and any game lost by forfeit, illegal move or time.

    nice -n 5 tests/bench/xboard_match.py --engine build/bin/gambit-engine \\
        --games 100 --tc 10+0.1 --elo 2400 --out /tmp/xboard-2400 [--concurrency 2] [--level 1800]

Needs xboard, polyglot, stockfish and xvfb (apt-get install xboard polyglot
stockfish xvfb). Python 3 standard library only.
"""

import argparse
import concurrent.futures
import os
import re
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "e2e"))
from epd import fen_of  # noqa: E402
from strength_ladder import elo_estimate, installed  # noqa: E402
from gui_test import start_own_display  # noqa: E402

DEFAULT_BOOK = os.path.join(HERE, "matches", "sprt-book-1600.epd")
RESULT = re.compile(r'^\[Result "([^"]*)"\]', re.M)


def read_book(path, count):
    fens = []
    with open(path, encoding="utf-8") as book:
        for line in book:
            fen = fen_of(line) if line.strip() and not line.startswith("#") else None
            if fen:
                fens.append(fen)
            if len(fens) == count:
                break
    if len(fens) < count:
        raise SystemExit(f"xboard_match: {path} holds {len(fens)} positions; {count} are needed")
    return fens


def finished_results(pgn):
    if not os.path.exists(pgn):
        return []
    text = open(pgn, encoding="utf-8", errors="replace").read()
    return [r for r in RESULT.findall(text) if r != "*"]


def play_chunk(args, index, fens):
    """Plays one chunk (each position twice) into chunk-INDEX.pgn; returns a message."""
    games = 2 * len(fens)
    pgn = os.path.join(args.out, f"chunk-{index:03d}.pgn")
    if len(finished_results(pgn)) >= games:
        return f"chunk {index}: done before"
    work = os.path.join(args.out, f"chunk-{index:03d}.work")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    partial = pgn + ".partial"
    if os.path.exists(partial):
        os.remove(partial)
    with open(os.path.join(work, "positions.fen"), "w", encoding="utf-8") as f:
        f.write("\n".join(fens) + "\n")
    minutes, _, increment = args.tc.partition("+")
    seconds = float(minutes)
    server, display = start_own_display()
    env = dict(os.environ, HOME=work, XDG_CONFIG_HOME=work, DISPLAY=display)
    env.pop("XAUTHORITY", None)
    command = [
        args.xboard, "-noGUI", "-mm", "-mg", str(games), "-tc", f"{int(seconds // 60)}:{int(seconds % 60):02d}",
        "-inc", increment or "0", "-autoCallFlag", "true", "-ponderNextMove", "false", "-sgf", partial,
        "-lpf", os.path.join(work, "positions.fen"), "-lpi", "-2",
        "-debug", "-nameOfDebugFile", os.path.join(work, "xboard.debug"),
        "-fcp", f"{os.path.abspath(args.engine)} --plugin alphabeta" + (f" --level {args.level}" if args.level else ""),
        "-fd", work,
        "-scp", args.stockfish, "-sd", work, "-sUCI",
        "-secondOptions", f"UCI_LimitStrength=1,UCI_Elo={args.elo}",
        "-adapterCommand", f'{args.polyglot} -noini -ec "%fcp" -ed "%fd"',
    ]
    xboard = subprocess.Popen(command, env=env, cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # A game lasts at most about twice (time + 300 moves * increment); a chunk gets that per game, plus a minute.
    deadline = time.monotonic() + 60 + games * 2 * (seconds + 300 * float(increment or 0))
    try:
        while time.monotonic() < deadline and xboard.poll() is None:
            if len(finished_results(partial)) >= games:
                break
            time.sleep(1)
    finally:
        if xboard.poll() is None:
            xboard.send_signal(signal.SIGTERM)  # xboard stays after a -noGUI match; SIGTERM makes it quit
            try:
                xboard.wait(timeout=15)
            except subprocess.TimeoutExpired:
                xboard.kill()
                xboard.wait()
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=5)
    got = len(finished_results(partial))
    if got < games:
        return f"chunk {index}: only {got} of {games} games finished (kept in {work}; rerun to play it again)"
    # Stockfish must have been told its limit in every game (XBoard sends the options as it starts the engine).
    log = open(os.path.join(work, "xboard.debug"), encoding="utf-8", errors="replace").read()
    limited = re.findall(r"^\d+ >second ?: option UCI_LimitStrength=1\s*$", log, re.M)
    rated = re.findall(rf"^\d+ >second ?: option UCI_Elo={args.elo}\s*$", log, re.M)
    if not limited or not rated:
        return f"chunk {index}: XBoard did not set Stockfish's limit (see {work}/xboard.debug); not counted"
    # Neither engine may think on the other's time (gambit-match does not ponder; Debian's XBoard does by
    # default, and Stockfish through Polyglot then takes a core from gambit-engine while it thinks).
    if pondered(log):
        return f"chunk {index}: XBoard let an engine ponder (see {work}/xboard.debug); not counted"
    os.replace(partial, pgn)
    shutil.rmtree(work, ignore_errors=True)
    return f"chunk {index}: {games} games"


def pondered(log):
    """Whether XBoard's debug log shows an engine told to think (go, or a move to answer) while pondering
    was on for it: the last of "hard" and "easy" it was sent ("hard" comes first in XBoard's start-up)."""
    hard = {}
    for engine, command in re.findall(r"^\d+ >(first|second) ?: (hard|easy|go|usermove)\b", log, re.M):
        if command in ("hard", "easy"):
            hard[engine] = command == "hard"
        elif hard.get(engine):
            return True
    return False


def summary(out):
    """Reads every finished chunk; prints and returns the totals from gambit-engine's side."""
    wins = draws = losses = 0
    endings, troubles = {}, []
    for name in sorted(os.listdir(out)):
        if not re.fullmatch(r"chunk-\d+\.pgn", name):
            continue
        text = open(os.path.join(out, name), encoding="utf-8", errors="replace").read()
        for game in re.split(r"\n(?=\[Event )", text):
            result = RESULT.search(game)
            white = re.search(r'^\[White "([^"]*)"\]', game, re.M)
            if not result or not white or result.group(1) == "*":
                continue
            ours_white = white.group(1).lower().startswith("gambit")
            outcome = result.group(1)
            if outcome == "1/2-1/2":
                draws += 1
            elif (outcome == "1-0") == ours_white:
                wins += 1
            else:
                losses += 1
            comment = re.findall(r"\{([^}]*)\}\s*(?:1-0|0-1|1/2-1/2)\s*$", game)
            ending = comment[-1].strip() if comment else "no reason given"
            endings[ending] = endings.get(ending, 0) + 1
            if re.search(r"forfeit|illegal|time|crash|disconnect|False", ending, re.I):
                troubles.append(f"{name}: {outcome} {{{ending}}}")
    games = wins + draws + losses
    print(f"gambit-engine (CECP) vs Stockfish (Polyglot) under XBoard: {wins} wins, {losses} losses, "
          f"{draws} draws in {games} games", end="")
    if games:
        elo, low, high, note = elo_estimate(wins, draws, losses)
        score = (wins + draws / 2) / games
        if note:
            print(f" ({100 * score:.1f}%): Elo {elo:+.0f} ({note})")
        elif low == float("-inf") or high == float("inf"):
            print(f" ({100 * score:.1f}%): Elo {elo:+.1f} (95%: {low:+.0f} .. {high:+.0f})")
        else:
            print(f" ({100 * score:.1f}%): Elo {elo:+.1f} +/- {(high - low) / 2:.1f} (95%)")
    else:
        print()
    for ending, count in sorted(endings.items(), key=lambda item: -item[1]):
        print(f"  {count:4d}  {ending}")
    for trouble in troubles:
        print("  lost by trouble:", trouble)
    return wins, draws, losses


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default="build/bin/gambit-engine", help="gambit-engine to test")
    parser.add_argument("--games", type=int, default=100, help="games in all (even)")
    parser.add_argument("--chunk", type=int, default=10, help="games per XBoard run (even)")
    parser.add_argument("--concurrency", type=int, default=1, choices=(1, 2))
    parser.add_argument("--tc", default="10+0.1", help="seconds per game + increment")
    parser.add_argument("--elo", type=int, default=2400, help="Stockfish's UCI_Elo")
    parser.add_argument("--level", default=None, help="alphabeta's level (e.g. 1800; default: full strength)")
    parser.add_argument("--book", default=DEFAULT_BOOK, help="EPD of starting positions (the first games/2)")
    parser.add_argument("--out", required=True, help="directory of the chunks' PGN (a rerun continues)")
    parser.add_argument("--summary", action="store_true", help="only print the totals of the finished chunks")
    args = parser.parse_args()
    if args.games % 2 or args.chunk % 2 or args.games <= 0 or args.chunk <= 0:
        parser.error("--games and --chunk must be positive and even (each position is played twice)")
    os.makedirs(args.out, exist_ok=True)
    if args.summary:
        summary(args.out)
        return 0
    missing = []
    for program, package in (("xboard", "xboard"), ("polyglot", "polyglot"), ("stockfish", "stockfish"),
                             ("Xvfb", "xvfb")):
        if not installed(program):
            missing.append(package)
    if not os.access(args.engine, os.X_OK):
        raise SystemExit(f"xboard_match: {args.engine} is not an executable (make builds it)")
    if missing:
        raise SystemExit("xboard_match: install " + " ".join(missing) + " (apt-get install " + " ".join(missing) + ")")
    args.xboard, args.polyglot, args.stockfish = installed("xboard"), installed("polyglot"), installed("stockfish")

    fens = read_book(args.book, args.games // 2)
    per_chunk = args.chunk // 2
    chunks = [(i, fens[start:start + per_chunk]) for i, start in enumerate(range(0, len(fens), per_chunk))]
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.concurrency) as pool:
        for message in pool.map(lambda chunk: play_chunk(args, *chunk), chunks):
            print(message, flush=True)
    wins, draws, losses = summary(args.out)
    return 0 if wins + draws + losses == args.games else 1


if __name__ == "__main__":
    sys.exit(main())
