#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""gambit-db search --fen finds exactly the games pgn-extract finds, on 5,000
random games, for 40 positions: the first 2 to 24 half-moves of random games
(early ones, where transpositions happen, and deeper ones), and lines played
in another order. pgn-extract's positional match (-x: the position at the end
of a line, reached in any move order) compares the pieces on the board alone;
a position is also whose move it is and the castling rights (and a capture en
passant, when one can be made), as FIDE's rules and Gambit count it. So the
games it finds are checked by the positions pgn-extract itself writes after
each of their moves (--fencomments): those with the board, the side to move
and the castling rights of the position searched are the games expected.

    db_position_search_test.py path/to/gambit-db path/to/gambit-random-games
"""

import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

PGN_EXTRACT = shutil.which("pgn-extract") or "/usr/games/pgn-extract"


def fail(message):
    print("FAIL " + message, file=sys.stderr, flush=True)
    sys.exit(1)


def rounds(pgn_text):
    """The Round tags of the games in the text (gambit-random-games numbers its games so)."""
    return sorted(int(r) for r in re.findall(r'^\[Round "(\d+)"\]', pgn_text, re.M))


def reached(pgn_path, fen):
    """The Round of each game of the file that reached the FEN's board, side to move and castling rights,
    by the FEN pgn-extract writes after each move."""
    run = subprocess.run([PGN_EXTRACT, "-s", "-w5000", "--fencomments", pgn_path], capture_output=True, text=True,
                         check=True)
    wanted = fen.split()[:3]
    found = []
    for game in re.split(r'(?=^\[Event )', run.stdout, flags=re.M):
        number = re.search(r'^\[Round "(\d+)"\]', game, re.M)
        if number and any(f.split()[:3] == wanted for f in re.findall(r'\{ ([^}]+) \}', game)):
            found.append(int(number.group(1)))
    return sorted(found)


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    gambit_db, random_games = sys.argv[1], sys.argv[2]
    if not os.access(PGN_EXTRACT, os.X_OK):
        fail("pgn-extract is missing (apt-get install pgn-extract)")
    work = tempfile.mkdtemp(prefix="gambit-db-positions-")
    try:
        games = os.path.join(work, "games.pgn")
        with open(games, "wb") as out:
            subprocess.run([random_games, "5000", "3"], stdout=out, check=True)
        db = os.path.join(work, "games.gdb")
        subprocess.run([gambit_db, "import", db, games], capture_output=True, check=True)
        text = open(games, encoding="utf-8").read()
        movetexts = [re.sub(r"\s+", " ", m) for m in re.findall(r"\n\n(1\. .*?)(?=\n\n|\Z)", text, re.S)]
        rng = random.Random(5)
        checked = found_total = transposed = 0
        for case in range(40):
            moves = [t for t in movetexts[rng.randrange(len(movetexts))].split(" ")
                     if t and not re.match(r"^\d+\.$", t) and t not in ("1-0", "0-1", "1/2-1/2", "*")]
            plies = rng.randint(2, 6) if case < 30 else rng.randint(8, 24)
            line = moves[:plies]
            if case % 5 == 4 and len(line) >= 4:  # the same position by another order: White's first two moves swapped
                line[0], line[2] = line[2], line[0]
            numbered = " ".join(("%d. " % (i // 2 + 1) if i % 2 == 0 else "") + m for i, m in enumerate(line))
            var = os.path.join(work, "line.txt")
            open(var, "w").write(numbered + "\n")
            # The FEN of the line's end, from pgn-extract itself.
            one = os.path.join(work, "one.pgn")
            open(one, "w").write('[Event "x"]\n\n%s *\n' % numbered)
            fen_run = subprocess.run([PGN_EXTRACT, "-s", "-F", "--nocomments", one], capture_output=True, text=True)
            fens = re.findall(r'\{ "?([^"}]+?)"? \}', fen_run.stdout)
            if not fens:  # a swapped line that is not legal in that order
                continue
            fen = fens[-1].strip()
            theirs_path = os.path.join(work, "theirs.pgn")
            subprocess.run([PGN_EXTRACT, "-s", "-x", var, games, "-o", theirs_path], capture_output=True, check=True)
            theirs = reached(theirs_path, fen)
            ours_run = subprocess.run([gambit_db, "search", db, "--fen", fen], capture_output=True, text=True)
            if ours_run.returncode != 0:
                fail("gambit-db search --fen %r: %s" % (fen, ours_run.stderr))
            ours = rounds(ours_run.stdout)
            if ours != theirs:
                fail("line %s (%s): gambit-db found %d games, pgn-extract %d; only ours %s, only theirs %s"
                     % (numbered, fen, len(ours), len(theirs), sorted(set(ours) - set(theirs))[:10],
                        sorted(set(theirs) - set(ours))[:10]))
            count = subprocess.run([gambit_db, "search", db, "--fen", fen, "--count"], capture_output=True,
                                   text=True, check=True).stdout.strip()
            if count != str(len(ours)):
                fail("--count says %s for %d games" % (count, len(ours)))
            checked += 1
            found_total += len(ours)
            transposed += case % 5 == 4
        if checked < 30 or found_total < 100:
            fail("only %d positions checked, %d games found: the test tested too little" % (checked, found_total))
        print("db_position_search: %d positions (%d by another move order), %d games found, each set equal to "
              "pgn-extract -x's" % (checked, transposed, found_total), flush=True)
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
