#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""How well gambit-review's marks agree with Stockfish's (docs/review.md).

Measures, move by move over a set of games between weak alphabeta levels, how
often our reviewer (gambit-review at its default node budget) marks a move as a
blunder (??, NAG $4) or a mistake (?, $2) when Stockfish 15.1 at depth 18,
driven by the same program (--player uci), marks it so too, and the reverse:

  precision: of the moves ours marks ?? (or "? or ??"), the share Stockfish
             marks at that class or worse;
  recall:    of the moves Stockfish marks ?? (or "? or ??"), the share ours
             marks at that class or worse;

with a 4x4 confusion table (good, ?!, ?, ??) and the share of exact agreement.

Steps (each resumable: a rerun goes on where the last one stopped; results are
appended game by game and never recomputed when present):

  games      gambit-match between alphabeta levels 800, 1000 and 1200 (each
             pairing in seeded pairs of games, one with each colour, the same
             book opening), concurrency 1, into review/games.pgn
  stockfish  each game judged by Stockfish at depth 18 (one gambit-review call
             per game) into review/stockfish-d18.pgn: the long step
  ours       each game reviewed by gambit-review at its default budget into
             review/ours.pgn (--ours-args adds flags; --redo-ours starts over:
             our reviewer changes, Stockfish's judgement does not)
  report     compares the two annotated files, games in the same order, moves
             by index; only games present in both are compared, so it works on
             a partial Stockfish file

Usage (from the repository root; Python 3 standard library only):
  nice -n 10 /usr/bin/python3 tests/bench/review_agreement.py              # every step in order
  nice -n 10 /usr/bin/python3 tests/bench/review_agreement.py games ours
  nohup nice -n 10 /usr/bin/python3 tests/bench/review_agreement.py stockfish > sf.log 2>&1 &
  /usr/bin/python3 tests/bench/review_agreement.py report [--list 10]
  /usr/bin/python3 tests/bench/review_agreement.py ours --redo-ours --ours-args "--nodes 200000"

The child programs run at niceness 10 (raised to it if the script runs below).
Both reviews read an empty configuration (--config): the built-in defaults,
whatever config/gambit.toml holds. --review PATH picks another gambit-review
(e.g. one installed with cmake --install build --prefix DIR, so the tree can
be rebuilt meanwhile).
"""

import argparse
import math
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

STEPS = ["games", "stockfish", "ours", "report"]
# Pairings (first, second), each a player as PLAYER:LEVEL or a bare alphabeta level; pairs of games
# are played round-robin over them. --pairings and --seed-base make another set (e.g. the held-out one).
PAIRINGS = "800-1000,1000-1200,800-1200"
TC = "10+0.1"
SEED_BASE = 20261125


def player_and_level(text):
    """("alphabeta", "800") from "800"; ("uci", "easy") from "uci:easy"."""
    return tuple(text.split(":", 1)) if ":" in text else ("alphabeta", text)


def parse_pairings(text):
    pairs = [tuple(p.strip().split("-")) for p in text.split(",") if p.strip()]
    if not pairs or any(len(p) != 2 or not all(p) for p in pairs):
        sys.exit("--pairings: %r is not FIRST-SECOND[,FIRST-SECOND...] (e.g. 1000-1400,1200-uci:easy)" % text)
    return pairs

CLASSES = ["good", "?!", "?", "??"]
NAG_CLASS = {"$6": 1, "$2": 2, "$4": 3, "$1": 0, "$3": 0, "$5": 0}
GLYPH_CLASS = {"!": 0, "!!": 0, "!?": 0, "?!": 1, "?": 2, "??": 3}
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}


# ---------------------------------------------------------------- PGN reading

def split_games(text):
    """The games of a PGN text, each as its own text (headers and movetext)."""
    games, current, in_movetext, in_comment = [], [], False, False
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if not in_comment and stripped.startswith("[") and in_movetext:
            games.append("".join(current))
            current, in_movetext = [], False
        current.append(line)
        if not in_comment and (not stripped or stripped.startswith("[") or stripped.startswith("%")):
            continue
        in_movetext = True
        # Track braces across lines so a '[' at the start of a comment line is not taken for a header.
        i = 0
        while i < len(line):
            c = line[i]
            if in_comment:
                if c == "}":
                    in_comment = False
            elif c == "{":
                in_comment = True
            elif c == ";":
                break
            i += 1
    if "".join(current).strip():
        games.append("".join(current))
    return [g for g in games if g.strip()]


HEADER = re.compile(r'^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')


def parse_game(text):
    """(headers, moves): moves a list of dicts {san, cls, eval, comment} in playing order.

    Movetext: comments in braces (and ';' to the end of the line), NAGs $N,
    glyphs (?, ??, ?!, ...) glued to the move, move numbers (12. and 12...),
    variations in parentheses (skipped, nested too), the result."""
    headers, body = {}, []
    in_movetext = False
    for line in text.splitlines():
        m = HEADER.match(line)
        if m and not in_movetext:
            headers[m.group(1)] = m.group(2).replace('\\"', '"').replace("\\\\", "\\")
        elif line.strip() or in_movetext:
            if line.strip() and not line.startswith("%"):
                in_movetext = True
            body.append(line)
    s = "\n".join(body)
    moves, i, depth, n = [], 0, 0, len(s)
    while i < n:
        c = s[i]
        if c.isspace():
            i += 1
        elif c == "{":
            j = s.find("}", i + 1)
            j = n if j < 0 else j
            if depth == 0 and moves:
                comment = s[i + 1:j]
                moves[-1]["comment"] = " ".join((moves[-1]["comment"] + " " + comment).split())
                ev = re.search(r"\[%eval\s+([^\]\s]+)\]", comment)
                if ev:
                    moves[-1]["eval"] = ev.group(1)
            i = j + 1
        elif c == ";":
            j = s.find("\n", i)
            i = n if j < 0 else j + 1
        elif c == "(":
            depth += 1
            i += 1
        elif c == ")":
            depth = max(0, depth - 1)
            i += 1
        else:
            j = i
            while j < n and not s[j].isspace() and s[j] not in "{}();":
                j += 1
            token = s[i:j]
            i = j
            if depth > 0 or not token:
                continue
            if token.startswith("$"):
                if moves and token in NAG_CLASS:
                    moves[-1]["cls"] = max(moves[-1]["cls"], NAG_CLASS[token])
                continue
            if token in RESULTS:
                continue
            token = re.sub(r"^\d+\.+", "", token)  # "12." "12..." "12.e4"
            if not token or token.strip(".").isdigit() or set(token) <= set("."):
                continue
            g = re.search(r"[!?]+$", token)
            cls = 0
            if g:
                cls = GLYPH_CLASS.get(g.group(0), 0)
                token = token[:g.start()]
            if token:
                moves.append({"san": token, "cls": cls, "eval": None, "comment": ""})
    return headers, moves


def read_games(path):
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        return split_games(f.read())


def append_text(path, text):
    """Appends one game (a blank line between games), flushed to disk at once."""
    text = text.strip("\n") + "\n\n"
    with open(path, "a", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())


# ---------------------------------------------------------------- steps

def nice(cmd):
    """The command at niceness 10 (no more: a script already started under nice -n 10 adds nothing)."""
    current = os.nice(0)
    return (["nice", "-n", str(10 - current)] if current < 10 else []) + cmd


def step_games(args):
    """Plays the test set: pairs of games (both colours, one opening, one seed) until args.games."""
    path = args.games_pgn
    existing = read_games(path)
    if len(existing) % 2:
        # A pair is appended at once, so this is a file cut short: drop the lone game, replay its pair.
        sys.stderr.write("games: %d games in %s, an odd count: the last is dropped and its pair replayed\n"
                         % (len(existing), path))
        existing = existing[:-1]
        with open(path, "w", encoding="utf-8") as f:
            f.write("".join(g.strip("\n") + "\n\n" for g in existing))
    pairs = (args.games + 1) // 2
    done = len(existing) // 2
    if done >= pairs:
        print("games: %d games already in %s" % (len(existing), path))
        return
    start = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        config = os.path.join(tmp, "empty.toml")
        open(config, "w").close()
        pairings = parse_pairings(args.pairings)
        for pair in range(done, pairs):
            first, second = pairings[pair % len(pairings)]
            seed = args.seed_base + pair
            out = os.path.join(tmp, "pair%d.pgn" % pair)
            (white_player, white_level), (black_player, black_level) = player_and_level(first), player_and_level(second)
            cmd = nice([args.match, "--config", config,
                        "--white", white_player, "--white-level", white_level,
                        "--black", black_player, "--black-level", black_level,
                        "--games", "2", "--concurrency", "1", "--tc", TC,
                        "--no-record", "--seed", str(seed), "--pgn", out])
            t0 = time.time()
            run = subprocess.run(cmd, capture_output=True, text=True)
            games = read_games(out)
            if run.returncode != 0 or len(games) != 2:
                sys.exit("games: pair %d (%s vs %s, seed %d): gambit-match exited %d with %d games:\n%s"
                         % (pair + 1, first, second, seed, run.returncode, len(games),
                            (run.stdout + run.stderr)[-800:]))
            for k, game in enumerate(games):
                number = 2 * pair + k + 1
                white, black = (first, second) if k == 0 else (second, first)  # the first player has White in game 1
                game = re.sub(r'^\[Round "[^"]*"\]', '[Round "%d"]\n[WhiteLevel "%s"]\n[BlackLevel "%s"]'
                              % (number, white, black), game, count=1, flags=re.M)
                h, moves = parse_game(game)
                append_text(path, game)
                print("games: game %d: %s vs %s, seed %d, %s, %d plies, %s"
                      % (number, white, black, seed, h.get("Opening", "?"), len(moves), h.get("Result", "?")))
            print("games: pair %d took %.1f s" % (pair + 1, time.time() - t0), flush=True)
    print("games: %d games in %s (%.1f s)" % (2 * pairs, path, time.time() - start))


def review_step(args, name, out_path, extra):
    """Reviews each game of games.pgn not yet in out_path (one gambit-review call per game), appending it."""
    games = read_games(args.games_pgn)
    if not games:
        sys.exit("%s: no games in %s (run the games step first)" % (name, args.games_pgn))
    done = read_games(out_path)
    for k, reviewed in enumerate(done[:len(games)]):
        if [m["san"] for m in parse_game(reviewed)[1]] != [m["san"] for m in parse_game(games[k])[1]]:
            sys.exit("%s: game %d of %s is not game %d of %s (other moves): start that file again"
                     % (name, k + 1, out_path, k + 1, args.games_pgn))
    if len(done) >= len(games):
        print("%s: all %d games already in %s" % (name, len(games), out_path))
        return
    print("%s: %d of %d games already in %s" % (name, len(done), len(games), out_path), flush=True)
    start, positions = time.time(), 0
    with tempfile.TemporaryDirectory() as tmp:
        # An empty configuration: the built-in defaults, whatever config/gambit.toml holds at the moment.
        config = os.path.join(tmp, "empty.toml")
        open(config, "w").close()
        for k in range(len(done), len(games)):
            src, dst = os.path.join(tmp, "in.pgn"), os.path.join(tmp, "out.pgn")
            with open(src, "w", encoding="utf-8") as f:
                f.write(games[k].strip("\n") + "\n")
            cmd = nice([args.review, src, "-o", dst, "--config", config] + extra)
            plies = len(parse_game(games[k])[1])
            for attempt in range(1, 4):  # a program being rebuilt (missing for a moment) gets two more chances
                if os.path.exists(dst):
                    os.remove(dst)
                t0 = time.time()
                run = subprocess.run(cmd, capture_output=True, text=True)
                out = read_games(dst) if os.path.exists(dst) else []
                ok = run.returncode == 0 and len(out) == 1 and len(parse_game(out[0])[1]) == plies
                if ok or attempt == 3 or run.returncode == 2:  # 2: a bad player or option, refused at once
                    break
                sys.stderr.write("%s: game %d: gambit-review exited %d; again in 30 s\n" % (name, k + 1, run.returncode))
                time.sleep(30)
            if not ok:
                sys.exit("%s: game %d: gambit-review exited %d with %d games (%s); its output:\n%s"
                         % (name, k + 1, run.returncode, len(out), " ".join(cmd),
                            (run.stdout + run.stderr)[-800:]))
            append_text(out_path, out[0])
            positions += plies
            spent = time.time() - t0
            print("%s: game %d/%d: %d plies in %.1f s (%.2f s a position)"
                  % (name, k + 1, len(games), plies, spent, spent / max(1, plies)), flush=True)
    spent = time.time() - start
    print("%s: %d games, %d plies in %.1f s (%.2f s a position)"
          % (name, len(games) - len(done), positions, spent, spent / max(1, positions)))


def step_stockfish(args):
    review_step(args, "stockfish", args.stockfish_pgn,
                ["--player", "uci", "--option", "command=%s" % args.stockfish, "--depth", str(args.depth)])


def step_ours(args):
    if args.redo_ours and os.path.exists(args.ours_pgn):
        os.remove(args.ours_pgn)
        print("ours: %s removed (--redo-ours)" % args.ours_pgn)
    review_step(args, "ours", args.ours_pgn, shlex.split(args.ours_args))


# ---------------------------------------------------------------- report

def centipawns(eval_text):
    """An [%eval] in centipawns, or None for a mate or no eval."""
    if eval_text is None or eval_text.startswith("#"):
        return None
    return round(float(eval_text) * 100)


def winning_chances(cp):
    """lichess's winning chances of a score in centipawns (core/review/move_judgement.h)."""
    cp = max(-1000, min(1000, cp))
    return 2 / (1 + math.exp(-0.00368208 * cp)) - 1


def fit_scale(pairs):
    """The factor k (0.50..3.00, by 0.01) that brings ours' centipawns closest to Stockfish's:
    least squares of winning_chances(k * ours) - winning_chances(stockfish) over (ours, stockfish)."""
    def loss(k):
        return sum((winning_chances(k * o) - winning_chances(s)) ** 2 for o, s in pairs)
    return min((loss(k / 100), k / 100) for k in range(50, 301))[1]


def pct(a, b):
    return "%d/%d = %s" % (a, b, ("%.0f%%" % (100.0 * a / b)) if b else "n/a")


def step_report(args):
    ours_games = read_games(args.ours_pgn)
    sf_games = read_games(args.stockfish_pgn)
    source = read_games(args.games_pgn)
    n = min(len(ours_games), len(sf_games))
    print("report: %s: %d games; %s: %d games; %s: %d games; compared: the first %d"
          % (args.games_pgn, len(source), args.ours_pgn, len(ours_games), args.stockfish_pgn, len(sf_games), n))
    table = [[0] * 4 for _ in range(4)]  # [ours][stockfish]
    pairs = []  # (game, ply, san, ours move, sf move)
    for g in range(n):
        _, om = parse_game(ours_games[g])
        _, sm = parse_game(sf_games[g])
        if g < len(source):
            src = [m["san"] for m in parse_game(source[g])[1]]
            if [m["san"] for m in om] != src or [m["san"] for m in sm] != src:
                print("report: game %d: the moves differ from games.pgn's game %d; compared up to the first difference"
                      % (g + 1, g + 1))
        for ply, (o, s) in enumerate(zip(om, sm)):
            if o["san"] != s["san"]:
                print("report: game %d ply %d: %s against %s: the rest of the game is left out" % (g + 1, ply + 1,
                                                                                                  o["san"], s["san"]))
                break
            table[o["cls"]][s["cls"]] += 1
            pairs.append((g + 1, ply, o["san"], o, s, om[ply - 1]["eval"] if ply else "0.00",
                          sm[ply - 1]["eval"] if ply else "0.00"))
    total = sum(map(sum, table))
    ours_count = [sum(table[i]) for i in range(4)]
    sf_count = [sum(table[i][j] for i in range(4)) for j in range(4)]
    print()
    print("Moves compared: %d (in %d games)" % (total, n))
    print("Marks by ours:      ?? %d, ? %d, ?! %d" % (ours_count[3], ours_count[2], ours_count[1]))
    print("Marks by Stockfish: ?? %d, ? %d, ?! %d" % (sf_count[3], sf_count[2], sf_count[1]))
    print()
    for label, c in (("??", 3), ("? or ??", 2)):
        both = sum(table[i][j] for i in range(c, 4) for j in range(c, 4))
        ours_n = sum(ours_count[c:])
        sf_n = sum(sf_count[c:])
        print("%-8s precision %s   (ours' marks that Stockfish marks %s or worse)"
              % (label, pct(both, ours_n), CLASSES[c]))
        print("%-8s recall    %s   (Stockfish's marks that ours marks %s or worse)"
              % (label, pct(both, sf_n), CLASSES[c]))
    # Issue 40's two figures: Stockfish's blunders that ours marks at least a mistake, and ours' blunders
    # that Stockfish calls good.
    found = sum(table[i][3] for i in range(2, 4))
    print("Stockfish's ?? that ours marks ? or ??: %s" % pct(found, sf_count[3]))
    print("Ours' ?? that Stockfish calls good:     %s" % pct(table[3][0], ours_count[3]))
    print()
    print("Confusion (rows: ours, columns: Stockfish depth %d)" % args.depth)
    print("%-8s" % "" + "".join("%8s" % c for c in CLASSES) + "%8s" % "total")
    for i in range(4):
        print("%-8s" % CLASSES[i] + "".join("%8d" % table[i][j] for j in range(4)) + "%8d" % ours_count[i])
    print("%-8s" % "total" + "".join("%8d" % sf_count[j] for j in range(4)) + "%8d" % total)
    print()
    exact = sum(table[i][i] for i in range(4))
    print("Exact agreement: %s" % pct(exact, total))
    within = sum(table[i][j] for i in range(4) for j in range(4) if abs(i - j) <= 1)
    print("Within one class: %s" % pct(within, total))
    # The scale: ours' scores against Stockfish's after the same moves, mates left out. A plugin's
    # score_scale (core/players/level_ratings.h) is its old value times this: reviewed with it, the fit is about 1.
    scored = [(centipawns(o["eval"]), centipawns(s["eval"])) for _, _, _, o, s, _, _ in pairs]
    scored = [(o, s) for o, s in scored if o is not None and s is not None]
    if scored:
        print("Scale: one of ours' centipawns is worth %.2f of Stockfish's "
              "(least squares in winning chances, %d positions)" % (fit_scale(scored), len(scored)))
    if args.list:
        def show(title, keep):
            rows = [p for p in pairs if keep(p[3]["cls"], p[4]["cls"])]
            print()
            print("%s: %d (the first %d)" % (title, len(rows), min(len(rows), args.list)))
            for g, ply, san, o, s, o_before, s_before in rows[:args.list]:
                number = "%d.%s" % (ply // 2 + 1, "" if ply % 2 == 0 else "..")
                print("  game %d, %s %s: ours %s [%s -> %s]  Stockfish %s [%s -> %s]"
                      % (g, number, san, CLASSES[o["cls"]], o_before, o["eval"],
                         CLASSES[s["cls"]], s_before, s["eval"]))
                for who, m in (("ours", o), ("sf", s)):
                    words = re.sub(r"\[%eval\s[^\]]*\]\s*", "", m["comment"]).strip()
                    if words:
                        print("      %-4s %s" % (who, words[:150]))
        show("Ours ??, Stockfish good or ?!", lambda o, s: o == 3 and s <= 1)
        show("Stockfish ??, ours good or ?!", lambda o, s: s == 3 and o <= 1)


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    here = os.path.join(root, "tests", "bench", "review")
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("steps", nargs="*", metavar="STEP",
                   help="games, stockfish, ours, report (default: all, in that order)")
    p.add_argument("--games", type=int, default=30, help="games in the test set (default 30; pairs: even)")
    p.add_argument("--dir", default=here, help="where the files are (default tests/bench/review)")
    p.add_argument("--pairings", default=PAIRINGS,
                   help="games: FIRST-SECOND,... each a player as PLAYER:LEVEL or an alphabeta level (default %s)"
                   % PAIRINGS)
    p.add_argument("--seed-base", type=int, default=SEED_BASE,
                   help="games: pair k is played with seed SEED_BASE + k (default %d)" % SEED_BASE)
    p.add_argument("--match", default=os.path.join(root, "build", "bin", "gambit-match"))
    p.add_argument("--review", default=os.path.join(root, "build", "bin", "gambit-review"))
    p.add_argument("--stockfish", default="stockfish", help="the engine's command (default stockfish)")
    p.add_argument("--depth", type=int, default=18, help="Stockfish's depth (default 18; names the file)")
    p.add_argument("--ours-args", default="", help="extra gambit-review flags for ours, e.g. \"--nodes 200000\"")
    p.add_argument("--redo-ours", action="store_true", help="review ours from scratch (removes ours.pgn first)")
    p.add_argument("--ours-file", default="", metavar="PGN",
                   help="report: compare this annotated file instead of DIR/ours.pgn (e.g. a review simulated by "
                        "gambit-review-budget-bench --simulate)")
    p.add_argument("--list", type=int, default=0, metavar="N",
                   help="report: also list N moves where one judge says ?? and the other good or ?!")
    args = p.parse_args()
    for step in args.steps:
        if step not in STEPS:
            p.error("unknown step %r (steps: %s)" % (step, ", ".join(STEPS)))
    os.makedirs(args.dir, exist_ok=True)
    args.games_pgn = os.path.join(args.dir, "games.pgn")
    args.stockfish_pgn = os.path.join(args.dir, "stockfish-d%d.pgn" % args.depth)
    args.ours_pgn = args.ours_file or os.path.join(args.dir, "ours.pgn")
    steps = args.steps or STEPS
    for step in STEPS:
        if step in steps:
            t0 = time.time()
            {"games": step_games, "stockfish": step_stockfish, "ours": step_ours, "report": step_report}[step](args)
            if step != "report":
                print("%s: step took %.1f s" % (step, time.time() - t0), flush=True)


if __name__ == "__main__":
    main()
