#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""End-to-end: an XBoard/CECP (protocol 2) dialogue with gambit-engine, as
XBoard or Cute Chess would hold it.
usage: engine_cecp_test.py PATH/TO/gambit-engine
Every read has a timeout, so a hang is a failure, not a stuck test."""
import os, re, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_dialogue import Engine, check, finish, run  # noqa: E402


def handshake(e):
    e.send("xboard", "protover 2")
    lines = e.until(r"feature done=1$")
    features = " ".join(lines)
    for f in ("usermove=1", "setboard=1", "ping=1", "playother=1", "san=0", "colors=0", 'variants="normal,3check,fischerandom,kingofthehill,racingkings"'):
        check(f in features, f"feature {f} missing: {lines}")
    check(re.search(r'myname="[^"]+"', features) is not None, f"no myname: {lines}")


def plays_a_legal_move_and_answers_ping_after_it():
    e = Engine("--plugin", "random")
    handshake(e)
    e.send("new", "random", "level 40 5 0", "post", "hard", "time 30000", "otim 30000", "usermove e2e4", "ping 1")
    lines = e.until(r"pong 1$")
    moves = [l for l in lines if l.startswith("move ")]
    check(len(moves) == 1 and lines.index(moves[0]) < lines.index("pong 1"), f"no move before pong: {lines}")
    check(bool(moves) and re.fullmatch(r"move [a-h][1-8][a-h][1-8]", moves[0]) is not None, f"bad move line: {moves}")
    # The engine's move is on its board: White moves next, and its own move cannot be replayed.
    e.send("force", "usermove g1f3")
    check(not any(l.startswith("Illegal move") for l in e.sync(2)), f"White's reply to {moves} was refused")
    if moves:
        e.send(f"usermove {moves[0].split()[1]}")
        check(any(l.startswith("Illegal move") for l in e.sync(3)), f"{moves[0]} was not on the engine's board")
    check(e.quit() == 0, "quit did not exit with status 0")


def claims_mate_and_refuses_bad_input():
    e = Engine("--plugin", "random")
    handshake(e)
    e.send("new", "force", "setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "playother")
    check(e.sync(1) == [], "setboard/playother printed something")
    e.send("usermove a1a8")
    lines = e.sync(2)
    check(lines == ["1-0 {White mates}"], f"mate not claimed: {lines}")
    e.send("new", "usermove e2e5", "variant crazyhouse", "flibbertigibbet", "setboard 8/8/8 w - - 0 1")
    lines = e.sync(3)
    for expected in ("Illegal move: e2e5", "Error (unsupported variant): crazyhouse",
                     "Error (unknown command): flibbertigibbet", "tellusererror Illegal position"):
        check(expected in lines, f"{expected!r} not answered: {lines}")
    e.quit()


def engine_mates_and_claims():
    e = Engine()  # alphabeta finds the mate in one
    e.send("xboard", "new", "force", "setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "st 1", "go")
    lines = e.until(r"1-0 \{White mates\}$")
    check("move a1a8" in lines, f"did not mate with Ra8#: {lines}")
    e.quit()


def move_now_and_force_while_thinking():
    e = Engine()
    e.send("xboard", "new", "st 60", "usermove e2e4")
    time.sleep(0.3)
    t = time.time()
    e.send("?")
    e.until(r"move ", timeout=5)
    check(time.time() - t < 2.0, "? took more than 2 s")
    e.send("usermove d2d4")
    time.sleep(0.3)
    e.send("force")
    check(not any(l.startswith("move ") for l in e.sync(1)), "a move was printed after force")
    t = time.time()
    e.send("go")
    time.sleep(0.2)
    check(e.quit() == 0 and time.time() - t < 3.0, "quit while thinking was not prompt")


def claims_repetition():
    e = Engine("--plugin", "random")
    e.send("xboard", "new", "force")
    for m in ("g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"):
        e.send(f"usermove {m}")
    check(e.sync(1) == [], "claimed before the third repetition")
    e.send("usermove f6g8")
    check(e.sync(2) == ["1/2-1/2 {Draw by repetition}"], "threefold repetition not claimed")
    e.quit()


def chess960_castles_as_xboard_writes_it():
    e = Engine()
    handshake(e)
    # Shredder-FEN castling as xboard sends it; the GUI's O-O and O-O-O put king and rook where 960 castling does
    # (the rooks then step from f1 and d8).
    e.send("new", "variant fischerandom", "force", "setboard rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1",
           "usermove O-O", "usermove O-O-O", "usermove f1e1", "usermove d8e8")
    check(not any("Illegal" in l or "Error" in l for l in e.sync(2)), "960 castling from the GUI was refused")
    # Castling is the one mate (the rook cannot pass its king): the engine plays it as O-O and claims the mate.
    e.send("new", "variant fischerandom", "force", "setboard 4rkr1/4p1p1/4P3/8/8/8/8/6KR w H - 0 1", "st 1", "go")
    lines = e.until(r"1-0 \{White mates\}$")
    check("move O-O" in lines, f"did not mate by castling, written O-O: {lines}")
    e.quit()


def answers_draw_offers():
    e = Engine()  # alphabeta: declines at the start, accepts with a bare king against a queen
    e.send("xboard", "new", "st 1", "draw", "usermove e2e4", "ping 1")
    lines = e.until(r"pong 1$")
    check(any(l.startswith("move ") for l in lines) and "offer draw" not in lines, f"not declined by a move: {lines}")
    e.send("new", "force", "setboard 4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "playother", "st 1", "draw", "usermove d1d2",
           "ping 2")
    lines = e.until(r"pong 2$")
    check("offer draw" in lines and not any(l.startswith("move ") for l in lines), f"not accepted: {lines}")
    e.quit()


for test in (plays_a_legal_move_and_answers_ping_after_it, claims_mate_and_refuses_bad_input,
             engine_mates_and_claims, move_now_and_force_while_thinking, claims_repetition, answers_draw_offers,
             chess960_castles_as_xboard_writes_it):
    run(test.__name__, test)

finish("gambit-engine CECP end-to-end")
