#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""End-to-end test of the window and the scores store: a game left unfinished
when the window closes (or the process is killed) is offered as "Resume game"
at the next start and goes on with the same moves and clocks; a game finished
in the window is recorded in the store the moment it ends (read back with
Python's sqlite3).

    /usr/bin/python3 tests/e2e/gui_store_test.py path/to/gambit

Uses the helpers of gui_test.py (same folder); $DISPLAY or its own Xvfb.
"""

import os
import shutil
import sqlite3
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gui_test import Failed, Gambit, run_scenarios, xdo  # noqa: E402

# White mates with Ra8 at once; Black is the random player.
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
# Black has a bare king against White's queen: offered a draw, alphabeta takes it.
QUEEN_UP = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"


def query(db, sql):
    with sqlite3.connect(db, timeout=10) as connection:
        return connection.execute(sql).fetchall()


def open_load(g):
    """Ctrl+O during the resumed game: Load asks before replacing a game in progress; yes, then an empty field."""
    xdo("key", "--window", g.window, "ctrl+o")
    g.wait_for("Load asking first", lambda s: s["dialog_title"] == "Load another game?")
    g.key("Return")
    g.wait_for("the load dialog", lambda s: s["dialog_title"] == "Load a game")
    g.key("ctrl+a")  # what is typed next replaces the suggested path


def resume_and_record(exe, xd):
    shared = tempfile.mkdtemp(prefix="gambit-gui-store-")
    db = os.path.join(shared, "gambit.db")
    config = ('[white]\nplayer = "human"\n[black]\nplayer = "random"\n[clock]\nminutes = 5\n'
              '[ui]\nanimation_ms = 0\nsounds = false\n[store]\npath = "%s"\nprofile = "Ann"\n' % db)
    try:
        # 1. Play e2e4, let Black answer, close the window mid-game.
        g = Gambit(exe, "store1", config)
        try:
            g.find_window(xd)
            s = g.wait_for("the menu", lambda s: s["screen"] == "menu")
            if "Resume game" in s["menu_items"]:
                g.fail("a fresh store offers 'Resume game': %s" % s["menu_items"])
            g.play()
            g.wait_for("the play screen", lambda s: s["screen"] == "play" and s["human_to_move"])
            g.click("e2")
            g.wait_for("e2 selected", lambda s: s["selected"] == "e2")
            g.click("e4")
            s = g.wait_for("e2e4 and Black's reply", lambda s: len(s["moves"]) == 2 and s["human_to_move"])
            moves, fen = s["moves"], s["fen"]
            time.sleep(1.2)  # White's clock runs: the kept clock must show it
            g.close(xd)
        finally:
            g.cleanup()
        kept = query(db, "SELECT pgn, white_player, black_player, white_ms, black_ms FROM interrupted_game")
        if len(kept) != 1 or "e4" not in kept[0][0] or kept[0][1:3] != ("human", "random"):
            raise Failed("the unfinished game was not kept in the store: %s" % kept)
        white_ms = kept[0][3]
        if not 0 < white_ms < 300000 - 1000:
            raise Failed("White's kept clock should be under 5 min minus the second spent: %s" % white_ms)

        # 2. The next start offers it; resuming gives the same moves, side to move and clock.
        g = Gambit(exe, "store2", config)
        try:
            g.find_window(xd)
            s = g.wait_for("the menu", lambda s: s["screen"] == "menu")
            if s["menu_items"][0] != "Resume game":
                g.fail("the menu should begin with 'Resume game': %s" % s["menu_items"])
            g.key("r")
            s = g.wait_for("the resumed game", lambda s: s["screen"] == "play" and s["board_size"] > 0)
            if s["moves"] != moves or s["fen"] != fen or not s["human_to_move"]:
                g.fail("resumed %s / %s, expected %s / %s" % (s["moves"], s["fen"], moves, fen))
            if not white_ms - 2000 <= s["white_clock_ms"] <= white_ms:
                g.fail("White's clock resumed at %s ms, kept %s ms" % (s["white_clock_ms"], white_ms))
            # One more move and Black's reply, then the process is killed: the game was kept after each move.
            g.click("d2")
            g.wait_for("d2 selected", lambda s: s["selected"] == "d2")
            g.click("d3")
            s = g.wait_for("d2d3 and Black's reply", lambda s: len(s["moves"]) == 4 and s["human_to_move"])
            moves, fen = s["moves"], s["fen"]
            g.proc.kill()
            g.proc.wait()
        finally:
            g.cleanup()

        # 3. After kill -9 the game is still there, with all four moves.
        g = Gambit(exe, "store3", config)
        try:
            g.find_window(xd)
            s = g.wait_for("the menu", lambda s: s["screen"] == "menu")
            if s["menu_items"][0] != "Resume game":
                g.fail("after kill -9 the menu should begin with 'Resume game': %s" % s["menu_items"])
            g.key("r")
            s = g.wait_for("the resumed game", lambda s: s["screen"] == "play" and s["board_size"] > 0)
            if s["moves"] != moves or s["fen"] != fen:
                g.fail("resumed after kill -9: %s, expected %s" % (s["moves"], moves))

            # 4. A malformed FEN typed into Load is answered with the FEN parser's reason.
            open_load(g)
            xdo("type", "--window", g.window, "--delay", "5", "8/8/8/8/8/8/8/8 w - - 0 1")
            g.key("Return")
            s = g.wait_for("the bad FEN refused in a dialog",
                           lambda s: s["dialog_title"] == "The game could not be loaded")
            if "not a valid FEN" not in s["dialog_text"] or "king" not in s["dialog_text"] or "file" in s["dialog_text"]:
                g.fail("a FEN without kings should be refused for that reason, not as a file: %r" % s["dialog_text"])
            g.key("Return")
            g.wait_for("the message closed", lambda s: s["dialog"] == 0)
            # Load a mate in one (Ctrl+O, type the FEN), play it: the game is recorded at once, not rated.
            open_load(g)
            xdo("type", "--window", g.window, "--delay", "5", MATE_IN_ONE)
            g.key("Return")
            g.wait_for("the position loaded", lambda s: s["dialog"] == 0 and s["fen"] == MATE_IN_ONE)
            g.click("a1")
            g.wait_for("a1 selected", lambda s: s["selected"] == "a1")
            g.click("a8")
            s = g.wait_for("checkmate", lambda s: s["result"] == "1-0")
            games = query(db, "SELECT g.result, g.reason, g.plies, g.source, w.kind, w.name, b.kind, b.name "
                              "FROM games g JOIN players w ON w.id = g.white_id JOIN players b ON b.id = g.black_id")
            if games != [("1-0", "checkmate", 1, "window", "human", "Ann", "ai", "random")]:
                g.fail("the finished game is not in the store as expected: %s" % games)
            if query(db, "SELECT count(*) FROM interrupted_game") != [(0,)]:
                g.fail("the resumed game is still offered after a new game ended")
            if query(db, "SELECT from_start, (SELECT count(*) FROM ratings) FROM games") != [(0, 0)]:
                g.fail("a game from a typed position must be kept, not rated: %s"
                       % query(db, "SELECT from_start, (SELECT count(*) FROM ratings) FROM games"))
            # The result stands: Undo does nothing after the end, and nothing is recorded twice.
            g.key("Escape")  # hide the end-of-game overlay
            g.key("BackSpace")
            g.key("ctrl+z")
            s = g.wait_for("a state after the undo keys", lambda s: s["screen"] == "play")
            time.sleep(0.3)
            s = g.state()
            if s["result"] != "1-0" or len(s["moves"]) != 1:
                g.fail("a finished game must not be undone: %s %s" % (s["result"], s["moves"]))
            g.close(xd)
            if query(db, "SELECT count(*) FROM games") != [(1,)]:
                g.fail("the game was recorded again: %s" % query(db, "SELECT count(*) FROM games"))
        finally:
            g.cleanup()

        # 5. Nothing left to resume.
        g = Gambit(exe, "store4", config)
        try:
            g.find_window(xd)
            s = g.wait_for("the menu", lambda s: s["screen"] == "menu")
            if "Resume game" in s["menu_items"]:
                g.fail("'Resume game' offered with nothing kept: %s" % s["menu_items"])
            g.close(xd)
        finally:
            g.cleanup()
        print("resume: e2e4 kept at close (White's clock %d ms), resumed with moves and clock; d2d3 kept "
              "through kill -9; a mate played in the window recorded at once, once" % white_ms, flush=True)
    finally:
        shutil.rmtree(shared, ignore_errors=True)


def draw_offers(exe, xd):
    shared = tempfile.mkdtemp(prefix="gambit-gui-draw-")
    db = os.path.join(shared, "gambit.db")
    config = ('[white]\nplayer = "human"\n[black]\nplayer = "alphabeta"\nlevel = "easy"\n'
              '[ui]\nanimation_ms = 0\nsounds = false\n[store]\npath = "%s"\nprofile = "Ann"\n' % db)
    g = Gambit(exe, "draw", config)
    try:
        g.find_window(xd)
        g.wait_for("the menu", lambda s: s["screen"] == "menu")
        g.play()
        g.wait_for("the play screen", lambda s: s["screen"] == "play" and s["human_to_move"])
        # At the start alphabeta declines: it answers with a move and says so.
        g.key("ctrl+d")
        g.wait_for("the offer made", lambda s: "draw offer goes with" in s["status"])
        g.click("e2")
        g.wait_for("e2 selected", lambda s: s["selected"] == "e2")
        g.click("e4")
        s = g.wait_for("the offer declined with a move", lambda s: len(s["moves"]) == 2 and s["human_to_move"])
        # The configuration's "easy", alphabeta's old level name, is read as its rating, 1000.
        if s["toast"] != "alphabeta 1000 declines the draw offer" or s["result"] != "*":
            g.fail("alphabeta should decline at the start and say so: toast %r, result %s" % (s["toast"], s["result"]))
        # A queen down, it accepts: the game ends drawn by agreement and is recorded so. Loading
        # another game resigns the rated game in progress first (no dodging): it is recorded as a loss.
        open_load(g)
        xdo("type", "--window", g.window, "--delay", "5", QUEEN_UP)
        g.key("Return")
        g.wait_for("the position loaded", lambda s: s["dialog"] == 0 and s["fen"] == QUEEN_UP)
        g.key("ctrl+d")
        g.wait_for("the offer made", lambda s: "draw offer goes with" in s["status"])
        g.click("d1")
        g.wait_for("d1 selected", lambda s: s["selected"] == "d1")
        g.click("d2")
        s = g.wait_for("the draw agreed", lambda s: s["result"] != "*")
        if s["outcome"] != "Draw by agreement" or s["end_headline"] != "Draw" or len(s["moves"]) != 1:
            g.fail("alphabeta should accept a queen down: %s, %r, %s" % (s["outcome"], s["end_headline"], s["moves"]))
        games = query(db, "SELECT result, reason, plies, instr(pgn, '{White offers a draw}') > 0, rated FROM games")
        if games != [("0-1", "resignation", 2, 1, 1), ("1/2-1/2", "agreement", 1, 1, 0)]:
            g.fail("the rated game left for a loaded one should be recorded as a resignation, then the agreed draw "
                   "(unrated: a loaded game) with the offer in its PGN: %s" % games)
        took = g.close(xd)
        print("draw offers: declined by alphabeta at the start (toast), accepted a queen down (Draw by agreement, "
              "recorded with the offer in the PGN); closed in %.2f s" % took, flush=True)
    finally:
        g.cleanup()
        shutil.rmtree(shared, ignore_errors=True)


def main():
    return run_scenarios("gui_store_test", (resume_and_record, draw_offers))


if __name__ == "__main__":
    sys.exit(main())
