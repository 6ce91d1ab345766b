#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""gambit-db import killed (SIGKILL) at random moments, again and again, then
let finish: the database it makes is the one a whole import makes, game for
game; and a search's PGN out reads back as the same games.

    db_import_test.py path/to/gambit-db path/to/gambit-random-games
"""

import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def fail(message):
    print("FAIL " + message, file=sys.stderr, flush=True)
    sys.exit(1)


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    gambit_db, random_games = sys.argv[1], sys.argv[2]
    work = tempfile.mkdtemp(prefix="gambit-db-import-")
    try:
        games = os.path.join(work, "games.pgn")
        with open(games, "wb") as out:
            subprocess.run([random_games, "30000", "7"], stdout=out, check=True)
        whole = os.path.join(work, "whole.gdb")
        done = subprocess.run([gambit_db, "import", whole, games], capture_output=True, text=True)
        if done.returncode != 0 or "30000 games kept, 0 skipped" not in done.stdout:
            fail("the whole import: %d %s %s" % (done.returncode, done.stdout, done.stderr))
        expected = subprocess.run([gambit_db, "search", whole], capture_output=True, check=True).stdout

        rng = random.Random(11)
        killed = os.path.join(work, "killed.gdb")
        kills = 0
        for attempt in range(200):
            child = subprocess.Popen([gambit_db, "import", killed, games], stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
            # Killed sooner or later; later and later, so that a slow machine gets to the end as well.
            time.sleep(rng.uniform(0.02, 0.4) * (1 + attempt / 4))
            if child.poll() is None:
                child.send_signal(signal.SIGKILL)
                child.wait()
                kills += 1
                continue
            out = child.stdout.read().decode()
            if child.returncode != 0:
                fail("an import after %d kills ended with %d: %s" % (kills, child.returncode, out))
            break
        else:
            fail("200 imports, each killed: the import never got to the end")
        if kills < 2:
            fail("the import finished before it could be killed twice (%d kills): the test tested nothing" % kills)
        got = subprocess.run([gambit_db, "search", killed], capture_output=True, check=True).stdout
        if got != expected:
            fail("after %d kills the database differs from the whole import's (%d and %d bytes of PGN)"
                 % (kills, len(got), len(expected)))
        count = subprocess.run([gambit_db, "search", killed, "--count"], capture_output=True, text=True, check=True)
        if count.stdout.strip() != "30000":
            fail("--count says %r, not 30000" % count.stdout)
        # What search prints is PGN that imports again to the same games.
        again = os.path.join(work, "again.gdb")
        reprinted = os.path.join(work, "reprinted.pgn")
        with open(reprinted, "wb") as f:
            f.write(got)
        subprocess.run([gambit_db, "import", again, reprinted], capture_output=True, check=True)
        if subprocess.run([gambit_db, "search", again], capture_output=True, check=True).stdout != expected:
            fail("the printed games imported again are not the same games")
        print("db_import: 30000 games; killed %d times mid-import, it went on to the same database; "
              "its PGN imports back to the same games" % kills, flush=True)
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
