#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""End-to-end: XBoard (Debian's xboard, -noGUI match mode) runs gambit-engine
in CECP against Fairy-Max for two short games (colours alternate): both games
must finish, with no illegal move, forfeit or false claim in the record.
With --variant 3check or fischerandom (Chess960, from a start xboard draws
for each game) the games are against Fairy-Stockfish (an independent
implementation of the variants, speaking CECP too).

    /usr/bin/python3 tests/e2e/xboard_match_test.py path/to/gambit-engine [--variant 3check|fischerandom]

xboard needs an X display even without its window: it gets an Xvfb of its own.
It does not exit by itself after a -noGUI match, so the test waits for both
results in the PGN file and then ends it (SIGTERM makes it send quit)."""
import os, re, shutil, signal, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gui_test import start_own_display  # noqa: E402

XBOARD = "/usr/games/xboard"
# The opponent per variant: program, Debian package, name in messages.
OPPONENTS = {"normal": ("/usr/games/fairymax", "fairymax", "Fairy-Max"),
             "3check": ("/usr/games/fairy-stockfish", "fairy-stockfish", "Fairy-Stockfish"),
             "fischerandom": ("/usr/games/fairy-stockfish", "fairy-stockfish", "Fairy-Stockfish")}
GAMES, TIMEOUT = 2, 90  # three attempts (the opponent may die) within the 300 s CTest allows; a match takes ~30 s
OPPONENT_DIED = "Error writing to second chess program"
# Fairy-Max 5.0b segfaults in about half its games after xboard's "computer" command (the opponent
# is a program); measured by piping xboard's own commands to it, with and without that line. It
# plays the same without it, so the test's Fairy-Max reads its commands through a filter dropping it.
WITHOUT_COMPUTER = "#!/bin/sh\nsed -u '/^computer$/d' | exec {program}\n"


def opponent_command(work, variant, program):
    """The command xboard starts as the second program."""
    if variant != "normal":
        return program
    path = os.path.join(work, "fairymax-without-computer")
    with open(path, "w", encoding="utf-8") as script:
        script.write(WITHOUT_COMPUTER.format(program=program))
    os.chmod(path, 0o755)
    return path


def main():
    engine = os.path.abspath(sys.argv[1])
    variant = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--variant" else "normal"
    opponent, opponent_package, opponent_name = OPPONENTS[variant]
    for program, package in ((XBOARD, "xboard"), (opponent, opponent_package)):
        if not os.access(program, os.X_OK):
            print(f"FAIL: {program} is missing (apt-get install {package}; make test installs it)")
            return 1
    work = tempfile.mkdtemp(prefix="gambit-xboard-")
    server = None
    try:
        # Always a display of its own: xboard maps windows even with -noGUI, and on
        # a shared display they would take the focus from the window tests.
        env = dict(os.environ, HOME=work, XDG_CONFIG_HOME=work)
        server, name = start_own_display()
        env["DISPLAY"] = name
        env.pop("XAUTHORITY", None)
        second = opponent_command(work, variant, opponent)
        # Should the opponent, not ours, die all the same (xboard reports "Error writing to second
        # chess program"), the match is played once more.
        for attempt in (1, 2, 3):
            pgn, debug = os.path.join(work, f"games{attempt}.pgn"), os.path.join(work, f"xboard{attempt}.debug")
            xboard = subprocess.Popen(
                [XBOARD, "-noGUI", "-mm", "-mg", str(GAMES), "-tc", "0:05", "-inc", "0.1", "-sgf", pgn,
                 "-variant", variant, "-debug", "-nameOfDebugFile", debug, "-fcp", f"{engine} --plugin alphabeta",
                 "-fd", work, "-scp", second, "-sd", work],
                env=env, cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            results, deadline = [], time.monotonic() + TIMEOUT
            while time.monotonic() < deadline and xboard.poll() is None:
                text = open(pgn, encoding="utf-8", errors="replace").read() if os.path.exists(pgn) else ""
                results = [r for r in re.findall(r'^\[Result "([^"]*)"\]', text, re.M) if r != "*"]
                if len(results) >= GAMES or OPPONENT_DIED in text:
                    break
                time.sleep(0.5)
            if xboard.poll() is None:
                xboard.send_signal(signal.SIGTERM)
                try:
                    xboard.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    xboard.kill()
                    xboard.wait()
            text = open(pgn, encoding="utf-8", errors="replace").read() if os.path.exists(pgn) else "(no PGN written)"
            log = open(debug, encoding="utf-8", errors="replace").read() if os.path.exists(debug) else ""
            failures = []
            if len(results) < GAMES:
                failures.append(f"{len(results)} of {GAMES} games finished within {TIMEOUT} s")
            for bad in ("Illegal move", "illegal move", "invalid move", "False", "Forfeit", "forfeit"):
                if bad in text:
                    failures.append(f"the record says {bad!r}")
            claims = re.findall(r"^\d+ <first : ((?:1-0|0-1|1/2-1/2) \{[^}]*\})", log, re.M)
            adjudged = re.findall(r"^\d+ >first : result ((?:1-0|0-1|1/2-1/2)) ", log, re.M)
            for claim in claims:
                if claim.split()[0] not in adjudged and claim.split()[0] not in results:
                    failures.append(f"gambit-engine claimed {claim!r}, but the games ended {results}")
            if not re.search(r'^\[(White|Black) "Gambit', text, re.M):
                failures.append("gambit-engine is not named in the record")
            if variant != "normal":
                told = re.findall(r"^\d+ >first : variant (\S+)", log, re.M)
                if len(told) < GAMES or set(told) != {variant}:
                    failures.append(f"xboard told gambit-engine the variants {told}, expected {variant} per game")
                if re.search(r"^\d+ <first : Error \(unsupported variant\)", log, re.M):
                    failures.append("gambit-engine refused the variant")
            if failures and attempt < 3 and OPPONENT_DIED in text:
                print(f"note: {opponent_name} died in match {attempt} ({OPPONENT_DIED!r}); playing it again")
                continue
            break
        for failure in failures:
            print("FAIL:", failure)
        if failures:
            print(text[-3000:])
            return 1
        print(f"xboard match ({variant}): gambit-engine (alphabeta) vs {opponent_name}, results {results}; "
              f"claims {claims}")
        return 0
    finally:
        if server is not None:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=5)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
