#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Scores the positions of an EPD tuning set with a UCI engine.

Each line of the input (as `gambit-tune --write-epd` writes them: a position
with its game's result, c9) is searched by the engine to a node limit and
written out again with the engine's score as EPD's "ce" (centipawns, side to
move's view; a mate as +/-30000 less its distance). `gambit-tune --epd OUT
--score-weight W` then learns from the results and the scores together.

Work is split among --concurrency engines, each writing its share to OUT.N as
it goes; a run that was stopped continues where each share was (run the same
command again). When every share is complete they are joined into OUT.

    nice -n 5 tests/bench/score_positions.py --engine stockfish --nodes 20000 \\
        --concurrency 2 positions.epd scored.epd

With --datagen the input is gambit-datagen's data (docs/network.md: "FEN |
score | result" lines, "# game" after each game) and so is the output, each
position's score replaced by the engine's (White's view); a position the
engine finds a mate in (or scores 100 pawns or more) is left out, as
gambit-datagen leaves them out, and each game's line counts the positions
kept; the first line names the data's settings and the scores' engine and
nodes and hash table (`scores="Stockfish 15.1 nodes=5000 hash=16"`), so
gambit-datapack can keep it. Shares
take whole games (game by game in turn), so each share is data on its own;
the engine's hash table is cleared at each game's first position only, its
later positions being scored with what the search of the ones before left
(as in play; 3,162 positions of 40 games at 5,000 nodes took 20 s so, 36 s
with the table cleared at each).

Python 3 standard library only.
"""

import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from epd import fen_of  # noqa: E402

MATE = 30000
KNOWN_WIN = 10000  # alphabeta's VALUE_KNOWN_WIN: every ordinary evaluation lies within it


def positions(path):
    with open(path, encoding="ascii") as f:
        return [line.rstrip("\r\n") for line in f if line.strip() and not line.startswith("#")]


def complete_lines(path):
    """How many whole lines the file has, cutting off a line left half written."""
    if not os.path.exists(path):
        return 0
    with open(path, "rb+") as f:
        data = f.read()
        end = data.rfind(b"\n") + 1
        if end < len(data):
            f.truncate(end)
        return data[:end].count(b"\n")


class Engine:
    def __init__(self, command, hash_mb):
        path = shutil.which(command) or shutil.which(command, path="/usr/games")
        if not path:
            raise SystemExit(f"score_positions: no engine {command!r} (apt-get install stockfish)")
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        names = [line.split(None, 2)[2].strip() for line in self.wait_for("uciok") if line.split()[:2] == ["id", "name"]
                 and len(line.split()) > 2]
        self.name = names[0] if names else os.path.basename(path)
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("setoption name Threads value 1")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait_for(self, word):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"the engine ended while we waited for {word}")
            lines.append(line)
            if line.split()[:1] == [word]:
                return lines

    def score(self, fen, nodes, new_game=True):
        """The engine's score of fen (side to move's view) after a search of nodes; new_game=False keeps what
        its hash table holds from the position before (a game's positions, scored in turn)."""
        if new_game:
            self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.send(f"go nodes {nodes}")
        score = None
        for line in self.wait_for("bestmove"):
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                i = words.index("score")
                if words[i + 1] == "cp":
                    score = int(words[i + 2])
                elif words[i + 1] == "mate":
                    moves = int(words[i + 2])
                    score = MATE - abs(moves) if moves > 0 else -(MATE - abs(moves))
        if score is None:
            raise RuntimeError(f"no score for {fen}")
        return score

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def games_of(path):
    """gambit-datagen data as whole games: ([(fen, result), ...], the "# game" line)."""
    games, pending = [], []
    with open(path, encoding="ascii") as f:
        for number, line in enumerate(f, 1):
            if not line.endswith("\n"):
                break  # cut short by a stop: its game is unfinished
            if line.startswith("# game "):
                games.append((pending, line.rstrip("\n")))
                pending = []
            elif line.strip() and not line.startswith("#"):
                parts = [part.strip() for part in line.split("|")]
                if len(parts) != 3:
                    raise SystemExit(f"score_positions: {path}:{number}: not a line 'FEN | score | result'")
                pending.append((parts[0], parts[2]))
    return games


def settings_line(args):
    """The data's first line, naming the settings that made its games, with the scores' engine (as it names
    itself), nodes and hash table added (so gambit-datagen will not go on with this file, and gambit-datapack can
    keep it); "" when it has none."""
    with open(args.input, encoding="ascii") as f:
        first = f.readline()
    if not first.startswith("# gambit-datagen ") or not first.endswith("\n"):
        return ""
    engine = Engine(args.engine, args.hash)
    engine.close()
    return f'{first[:-1]} scores="{engine.name} nodes={args.nodes} hash={args.hash}"\n'


def complete_games(path):
    """How many whole games the file has, cutting off a game left half written."""
    if not os.path.exists(path):
        return 0
    with open(path, "rb+") as f:
        data = f.read()
        end, games, offset = 0, 0, 0
        for line in data.splitlines(keepends=True):
            offset += len(line)
            if line.startswith(b"# game ") and line.endswith(b"\n"):
                end, games = offset, games + 1
        if end < len(data):
            f.truncate(end)
        return games


def score_games(args, games, share, shares):
    out_path = f"{args.output}.{share}"
    mine = games[share::shares]
    done = complete_games(out_path)
    if done >= len(mine):
        return sum(len(positions) for positions, _ in mine)
    engine = Engine(args.engine, args.hash)
    start, scored = time.monotonic(), 0
    with open(out_path, "a", encoding="ascii") as out:
        for n, (positions, marker) in enumerate(mine[done:], start=done + 1):
            lines = []
            for i, (fen, result) in enumerate(positions):
                score = engine.score(fen, args.nodes, new_game=i == 0)
                if abs(score) >= KNOWN_WIN:
                    continue  # a mate, or a tablebase win: gambit-datagen leaves such scores out too
                white = score if fen.split()[1] == "w" else -score
                lines.append(f"{fen} | {white} | {result}\n")
            # "# game <number> <result> <plies> <positions> [position ...]": the positions now those kept.
            fields = marker.split(" ")
            fields[5] = str(len(lines))
            out.write("".join(lines) + " ".join(fields) + "\n")
            out.flush()
            scored += len(positions)
            if share == 0 and n % 200 == 0:
                print(f"share 0: game {n} of {len(mine)} ({scored / (time.monotonic() - start):.0f} positions a second)",
                      flush=True)
    engine.close()
    return sum(len(positions) for positions, _ in mine)


def score_share(args, lines, share, shares):
    out_path = f"{args.output}.{share}"
    mine = lines[share::shares]
    done = complete_lines(out_path)
    if done >= len(mine):
        return done
    engine = Engine(args.engine, args.hash)
    start = time.monotonic()
    with open(out_path, "a", encoding="ascii") as out:
        for n, epd in enumerate(mine[done:], start=done + 1):
            score = engine.score(fen_of(epd), args.nodes)
            body = epd.rstrip()
            out.write(f"{body}{'' if body.endswith(';') else ';'} ce {score};\n")
            out.flush()
            if share == 0 and n % 5000 == 0:
                rate = (n - done) / (time.monotonic() - start)
                print(f"share 0: {n} of {len(mine)} ({rate:.0f} a second)", flush=True)
    engine.close()
    return len(mine)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", help="EPD positions with c9 (gambit-tune --write-epd)")
    parser.add_argument("output", help="EPD positions with ce added")
    parser.add_argument("--engine", default="stockfish", help="a UCI engine")
    parser.add_argument("--nodes", type=int, default=20000, help="nodes a position")
    parser.add_argument("--hash", type=int, default=16, help="hash table, MB")
    parser.add_argument("--concurrency", type=int, default=1, choices=[1, 2], help="engines at once (at most 2)")
    parser.add_argument("--datagen", action="store_true", help="gambit-datagen's data in and out")
    args = parser.parse_args()
    shares = args.concurrency
    if args.datagen:
        lines = games_of(args.input)
        work = score_games
    else:
        lines = positions(args.input)
        work = score_share
    if os.path.exists(args.output):
        print(f"{args.output} is complete already: {complete_lines(args.output)} positions")
        return 0
    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(shares) as pool:
        done = list(pool.map(lambda s: work(args, lines, s, shares), range(shares)))
    with open(args.output + ".tmp", "w", encoding="ascii") as out:
        if args.datagen:
            out.write(settings_line(args))
        for share in range(shares):
            with open(f"{args.output}.{share}", encoding="ascii") as part:
                out.write(part.read())
    os.replace(args.output + ".tmp", args.output)
    for share in range(shares):
        os.remove(f"{args.output}.{share}")
    print(f"{sum(done)} positions scored into {args.output} ({time.monotonic() - start:.0f} s this run)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
