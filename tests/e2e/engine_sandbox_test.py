#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""End-to-end: gambit-engine runs its plugin inside the plugin's sandbox.

The hostile test plugin `snoop` tries to read a secret, create a file, connect
to a live TCP listener, start a process, trace and signal the program above it
and run /bin/sh, from its constructor or on every move. Every attempt fails,
what the kernel lets us see is told once on standard error, and the engine goes
on answering; granting the permission it declares opens the secret and nothing
else; the uci player still runs Stockfish from inside the sandbox.
usage: engine_sandbox_test.py PATH/TO/gambit-engine TEST_PLUGIN_DIR"""
import os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_dialogue import Engine, check, finish, run  # noqa: E402
from snoop_bait import DENIED, Bait  # noqa: E402

PLUGIN_DIR = os.path.abspath(sys.argv[2])
BAIT = Bait()

REFUSED = "write=13 tcp=1 fork=1 ptrace=1 signal=1 exec=1"  # EACCES from Landlock, EPERM from seccomp


def config(extra=""):
    path = os.path.join(BAIT.work, "gambit%d.toml" % len(os.listdir(BAIT.work)))
    with open(path, "w") as f:
        f.write('[plugins]\npaths = ["%s"]\n%s' % (PLUGIN_DIR, extra))
    return path


def snoop(cfg, when, report):
    options = BAIT.options(when) + [("report", report)]
    return Engine("--config", cfg, "--plugin", "snoop", *[a for n, v in options for a in ("--option", n + "=" + v)])


def nothing_got_out():
    for reached in BAIT.what_got_out():
        check(False, reached)


def findings(e, moves):
    """What the reporting plugin says it could do, from the engine's remark when it fails."""
    e.send("position startpos" + (" moves " + moves if moves else ""), "go movetime 100")
    lines = e.until("bestmove")
    said = [l for l in lines if "reported an error:" in l]
    check(len(said) == 1, "no report of the plugin's attempts: %s" % lines)
    return re.search(r"reported an error: ([^)]*)\)", said[0]).group(1) if said else ""


def refused_from_either_place_and_plays_on():
    for when in ("constructor", "choose_move"):
        e = snoop(config(), when, "false")
        e.send("uci")
        e.until("uciok")
        for moves in ("", " moves e2e4 e7e5", " moves d2d4 d7d5 c2c4"):  # on every move it tries everything again
            e.send("position startpos" + moves, "go movetime 100")
            lines = e.until("bestmove")
            check(not any("error" in l for l in lines), "%s: the plugin failed: %s" % (when, lines))
            check(re.fullmatch(r"bestmove [a-h][1-8][a-h][1-8][qrbn]?", lines[-1]) is not None,
                  "%s: %s" % (when, lines))
        check(e.quit() == 0, when + ": the engine did not quit with status 0")
        errors = e.p.stderr.read()
        for notice in DENIED:
            check(errors.count("plugin 'snoop' tried " + notice) == 1, "%s: not told once: %r in %r" % (when, notice, errors))
        nothing_got_out()


def every_attempt_fails_with_its_error():
    e = snoop(config(), "choose_move", "true")
    check(findings(e, "") == "read=13 " + REFUSED, "the plugin's attempts did not all fail as expected")
    e.quit()
    nothing_got_out()


def the_granted_permission_opens_the_secret_alone():
    e = snoop(config('[plugins.permissions]\nsnoop = ["read-paths"]\n'), "constructor", "true")
    check(findings(e, "e2e4 e7e5") == "read=0 " + REFUSED, "granted read-paths should open the secret and no more")
    e.quit()
    nothing_got_out()


def stockfish_plays_inside_the_uci_players_sandbox():
    e = Engine("--plugin", "uci", "--option", "command=/usr/games/stockfish")
    e.send("uci")
    e.until("uciok")
    e.send("position startpos moves e2e4", "go movetime 200")
    lines = e.until("bestmove", timeout=30)
    check(any(l.startswith("info depth") for l in lines), "Stockfish's thinking did not come through: %s" % lines)
    check(lines[-1] != "bestmove 0000", "Stockfish did not move: %s" % lines)
    check(e.quit() == 0, "the engine did not quit with status 0")
    errors = e.p.stderr.read()
    check("denied" not in errors, "Stockfish was denied something: %r" % errors)


run("refused from its constructor and from its moves, and plays on", refused_from_either_place_and_plays_on)
run("every attempt fails with its error", every_attempt_fails_with_its_error)
run("the granted permission opens the secret alone", the_granted_permission_opens_the_secret_alone)
run("Stockfish plays inside the uci player's sandbox", stockfish_plays_inside_the_uci_players_sandbox)
BAIT.close()
finish("engine sandbox")
