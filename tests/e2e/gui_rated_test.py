#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""End-to-end test of ratings a player can trust and game files that open as
what they are, played through the window and checked in the store (read with
Python's sqlite3), also after a restart:

  a) a rated game (alphabeta 2200, 5+3): New Game says "Rated" before Start;
     while the AI thinks neither its line nor its arrow is shown; Ctrl+N after
     two moves says it resigns the game, and records it as a rated loss, which
     stays so after a restart (Scores shows its pool and the change);
  b) a level with an option of its own: New Game says "Not rated" and why, the
     AI's thinking is shown, the end box says "Not rated", and the store keeps
     it unrated after a restart (when the levels are placed again); a 1200
     seat given the 1600's elo is alphabeta 1600, rated, and Abort before the
     first move records nothing;
  c) a three-check game moves the three-check rating alone: the standard pools
     are untouched;
  d) the file chooser completes a name with Tab, lists the folder's game files
     and the recent ones; a lichess PGN of a finished game opens in Replay with
     its players' names, result and its file; from a file of two games the
     player chooses one, an unfinished one, which goes on unrated.

    /usr/bin/python3 tests/e2e/gui_rated_test.py path/to/gambit

Uses the helpers of gui_test.py (same folder); $DISPLAY or its own Xvfb.
"""

import os
import shutil
import sqlite3
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gui_test import Gambit, run_scenarios, xdo  # noqa: E402

# A finished game as lichess exports it: players, ratings, clocks in comments, won by resignation (no mate on
# the board, so only the Result says it is over).
LICHESS_PGN = """[Event "Rated Blitz game"]
[Site "https://lichess.org/AbCdEfGh"]
[Date "2026.11.20"]
[White "foo"]
[Black "bar"]
[Result "0-1"]
[WhiteElo "1500"]
[BlackElo "1623"]
[TimeControl "300+3"]
[Termination "Normal"]

1. e4 { [%clk 0:05:00] } 1... e5 { [%clk 0:05:00] } 2. Nf3 { [%clk 0:05:01] } 2... Nc6 { [%clk 0:05:01] }
3. Bc4 { [%clk 0:04:58] } 3... Nd4 { [%clk 0:04:57] } 4. Nxe5 { [%clk 0:04:50] } 4... Qg5 { [%clk 0:04:40] } 0-1

"""

TWO_GAMES = """[Event "Club"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "Club"]
[White "Cid"]
[Black "Dee"]
[Result "*"]

1. d4 d5 2. c4 *
"""


def query(db, sql):
    with sqlite3.connect(db, timeout=10) as connection:
        return connection.execute(sql).fetchall()


def config_for(db, black, more=""):
    return ('[white]\nplayer = "human"\n[black]\n%s\n[clock]\nminutes = 5\nincrement_seconds = 3\n%s'
            '[ui]\nanimation_ms = 0\nsounds = false\n[store]\npath = "%s"\nprofile = "Ann"\n' % (black, more, db))


def start_from_new_game(g, what):
    """Menu -> New Game (checked by `what`) -> Start; returns the New Game screen's state."""
    g.wait_for("the menu", lambda s: s["screen"] == "menu")
    g.key("p")
    s = g.wait_for("the New Game screen", lambda s: s["screen"] == "new_game")
    what(s)
    g.key("Return")
    g.wait_for("the play screen", lambda s: s["screen"] == "play" and s["board_size"] > 0 and s["human_to_move"])
    return s


def play_click(g, origin, target):
    g.click(origin)
    g.wait_for(origin + " selected", lambda s: s["selected"] == origin)
    g.click(target)


def rated_game(exe, xd):
    shared = tempfile.mkdtemp(prefix="gambit-gui-rated-")
    db = os.path.join(shared, "gambit.db")
    config = config_for(db, 'player = "alphabeta"\nlevel = "2200"')
    try:
        g = Gambit(exe, "rated", config)
        try:
            g.find_window(xd)

            def says_rated(s):
                if not s["rated"] or s["rated_line"] != "Rated: Blitz. Your rating: 1500?":
                    g.fail("New Game should say the game is rated, in the Blitz pool: %r" % s["rated_line"])
            start_from_new_game(g, says_rated)
            play_click(g, "e2", "e4")
            # While alphabeta 2200 thinks: no line, no arrow (a rated game gives no engine help).
            seen_thinking = 0
            deadline = time.monotonic() + 30
            while True:
                s = g.state()
                if s["thinking"]:
                    seen_thinking += 1
                    if "depth" in s["thinking_line"] or s["ai_arrow"]:
                        g.fail("the AI's thinking is shown in a rated game: %r, arrow %s"
                               % (s["thinking_line"], s["ai_arrow"]))
                if len(s["moves"]) == 2 and s["human_to_move"]:
                    break
                if time.monotonic() > deadline:
                    g.fail("alphabeta 2200 did not answer e4 in 30 s")
                time.sleep(0.02)
            if seen_thinking == 0:
                g.fail("the AI was never seen thinking: the check above proved nothing")
            # Load asks first, but the game is left only when another replaces it: cancelling the chooser keeps it.
            xdo("key", "--window", g.window, "ctrl+o")
            s = g.wait_for("the load question", lambda s: s["dialog_title"] == "Load another game?")
            if "resigned" not in s["dialog_text"]:
                g.fail("Load should say the rated game would be resigned: %r" % s["dialog_text"])
            g.key("Return")
            g.wait_for("the file chooser", lambda s: s["dialog_title"] == "Load a game")
            g.key("Escape")
            s = g.wait_for("the game again", lambda s: s["dialog"] == 0)
            if s["result"] != "*" or query(db, "SELECT count(*) FROM games") != [(0,)]:
                g.fail("a cancelled Load must leave the rated game as it was: %s" % s["result"])
            # Ctrl+N after two moves: the confirmation says the game is resigned; yes.
            xdo("key", "--window", g.window, "ctrl+n")
            s = g.wait_for("the new game question", lambda s: s["dialog_title"] == "Start a new game?")
            if "resigned" not in s["dialog_text"] or "loss" not in s["dialog_text"]:
                g.fail("leaving a rated game must say it is resigned: %r" % s["dialog_text"])
            g.key("Return")
            g.wait_for("the New Game screen", lambda s: s["screen"] == "new_game")
            games = query(db, "SELECT result, reason, rated, pool FROM games")
            if games != [("0-1", "resignation", 1, "standard/blitz")]:
                g.fail("the rated game left for a new one should be a rated loss by resignation: %s" % games)
            if query(db, "SELECT count(*) FROM ratings") != [(1,)] or query(db, "SELECT count(*) FROM interrupted_game") != [(0,)]:
                g.fail("one rating point and nothing to resume: %s %s" % (
                    query(db, "SELECT count(*) FROM ratings"), query(db, "SELECT count(*) FROM interrupted_game")))
            rating = query(db, "SELECT rating FROM ratings")[0][0]
            g.close(xd)
        finally:
            g.cleanup()
        # After a restart (the levels placed again) it is still the same rated loss.
        g = Gambit(exe, "rated2", config)
        try:
            g.find_window(xd)
            g.wait_for("the menu", lambda s: s["screen"] == "menu")
            g.key("s")
            s = g.wait_for("the scores", lambda s: s["screen"] == "scores" and s["recent"])
            if s["pools"] != ["standard/blitz %d 1" % round(rating)] or s["pool"] != "standard/blitz":
                g.fail("Scores should show the Blitz pool with its one game: %s" % s["pools"])
            if not s["recent"][0].endswith("standard/blitz -%d" % round(1500 - rating)):
                g.fail("the recent game should show its pool and its change: %r" % s["recent"][0])
            if query(db, "SELECT rating FROM ratings") != [(rating,)]:
                g.fail("the rating moved after a restart: %s, was %s" % (query(db, "SELECT rating FROM ratings"), rating))
            g.close(xd)
        finally:
            g.cleanup()
        print("a) rated: no thinking line or arrow in %d thinking frames; Ctrl+N resigned it (a rated loss, %d); "
              "the same after a restart, Scores shows the Blitz pool" % (seen_thinking, round(rating)), flush=True)
    finally:
        shutil.rmtree(shared, ignore_errors=True)


def unrated_game(exe, xd):
    shared = tempfile.mkdtemp(prefix="gambit-gui-unrated-")
    db = os.path.join(shared, "gambit.db")
    config = config_for(db, 'player = "alphabeta"\nlevel = "1200"\n[black.options]\nhash_mb = 8')
    try:
        g = Gambit(exe, "unrated", config)
        try:
            g.find_window(xd)

            def says_why(s):
                if s["rated"] or "Not rated: alphabeta 1200 plays with options of its own" not in s["rated_line"]:
                    g.fail("New Game should say why the game is not rated: %r" % s["rated_line"])
            start_from_new_game(g, says_why)
            play_click(g, "e2", "e4")
            g.wait_for("the reply", lambda s: len(s["moves"]) == 2 and s["human_to_move"])
            xdo("key", "--window", g.window, "ctrl+r")
            g.wait_for("the resign question", lambda s: s["dialog_title"] == "Resign?")
            g.key("Return")
            s = g.wait_for("the end box", lambda s: s["result"] == "0-1" and "end_details" in s)
            said = "Not rated: alphabeta 1200 plays with options of its own (Settings), not as measured."
            if said not in s["end_details"]:
                g.fail("the end box should say %r: %s" % (said, s["end_details"]))
            g.close(xd)
        finally:
            g.cleanup()
        g = Gambit(exe, "unrated2", config)
        try:
            g.find_window(xd)
            g.wait_for("the menu", lambda s: s["screen"] == "menu")
            g.key("s")
            s = g.wait_for("the scores", lambda s: s["screen"] == "scores" and s["recent"])
            if query(db, "SELECT rated FROM games") != [(0,)] or query(db, "SELECT count(*) FROM ratings") != [(0,)]:
                g.fail("an unrated game must stay unrated after a restart: %s" % query(db, "SELECT rated FROM games"))
            if not s["recent"][0].endswith("casual"):
                g.fail("Scores should show the game as casual: %r" % s["recent"][0])
            g.close(xd)
        finally:
            g.cleanup()
        # A 1200 seat with the 1600's elo plays as alphabeta 1600: it is that level, rated; Abort records nothing.
        config = config_for(db, 'player = "alphabeta"\nlevel = "1200"\n[black.options]\nelo = 1600')
        g = Gambit(exe, "as1600", config)
        try:
            g.find_window(xd)

            def rated_as_1600(s):
                if not s["rated"]:
                    g.fail("a 1200 seat with elo 1600 plays as the measured 1600: rated, not %r" % s["rated_line"])
            start_from_new_game(g, rated_as_1600)
            s = g.state()
            if s["black"] != "alphabeta 1600":
                g.fail("the seat should be named alphabeta 1600, not %r" % s["black"])
            xdo("key", "--window", g.window, "ctrl+r")
            g.wait_for("the abort question", lambda s: s["dialog_title"] == "Abort the game?")
            g.key("Return")
            g.wait_for("the New Game screen after the abort", lambda s: s["screen"] == "new_game")
            if query(db, "SELECT count(*) FROM games") != [(1,)]:
                g.fail("an aborted game must not be recorded: %s" % query(db, "SELECT count(*) FROM games"))
            g.close(xd)
        finally:
            g.cleanup()
        # A rated game left for the menu waits; Play at my level shows New Game first, whose Start resigns it.
        config = config_for(db, 'player = "alphabeta"\nlevel = "1000"')
        g = Gambit(exe, "waiting", config)
        try:
            g.find_window(xd)
            start_from_new_game(g, lambda s: None)
            play_click(g, "e2", "e4")
            g.wait_for("the reply", lambda s: len(s["moves"]) == 2 and s["human_to_move"])
            g.key("Escape")
            g.wait_for("the menu question", lambda s: s["dialog_title"] == "Back to the menu?")
            g.key("Return")
            g.wait_for("the menu with the game to resume", lambda s: s["screen"] == "menu"
                       and s["menu_items"][0] == "Resume game")
            g.key("l")
            s = g.wait_for("New Game first", lambda s: s["screen"] == "new_game")
            if "Start resigns it" not in s["kept_line"]:
                g.fail("New Game should say Start resigns the waiting rated game: %r" % s["kept_line"])
            g.key("Return")
            g.wait_for("the new game", lambda s: s["screen"] == "play")
            last = query(db, "SELECT result, reason, rated FROM games ORDER BY id DESC LIMIT 1")
            if last != [("0-1", "resignation", 1)] or query(db, "SELECT count(*) FROM interrupted_game") != [(0,)]:
                g.fail("the waiting rated game should be resigned, a rated loss: %s" % last)
            g.close(xd)
        finally:
            g.cleanup()
        print("b) options of its own: 'Not rated' before and after, kept unrated after a restart; elo 1600 on "
              "the 1200 seat is alphabeta 1600, rated; Abort recorded nothing; a waiting rated game resigned by "
              "Play at my level's Start, as New Game said", flush=True)
    finally:
        shutil.rmtree(shared, ignore_errors=True)


def three_check_pool(exe, xd):
    shared = tempfile.mkdtemp(prefix="gambit-gui-3check-")
    db = os.path.join(shared, "gambit.db")
    config = config_for(db, 'player = "alphabeta"\nlevel = "1000"', '[game]\nvariant = "threecheck"\n')
    try:
        g = Gambit(exe, "3check", config)
        try:
            g.find_window(xd)

            def three_check_blitz(s):
                if not s["rated_line"].startswith("Rated: Three-check blitz"):
                    g.fail("the game should be rated in the three-check blitz pool: %r" % s["rated_line"])
            start_from_new_game(g, three_check_blitz)
            header = g.state()["header"]
            if header != "Three-check \u00b7 5+3 blitz \u00b7 Rated":
                g.fail("the board should name its variant, clock and that it is rated: %r" % header)
            play_click(g, "e2", "e4")
            g.wait_for("the reply", lambda s: len(s["moves"]) == 2 and s["human_to_move"])
            xdo("key", "--window", g.window, "ctrl+r")
            g.wait_for("the resign question", lambda s: s["dialog_title"] == "Resign?")
            g.key("Return")
            s = g.wait_for("the end box", lambda s: s["result"] == "0-1" and "end_details" in s)
            if not any("rating" in line for line in s["end_details"]):
                g.fail("the end box should give the rating change: %s" % s["end_details"])
            g.key("Escape")
            g.key("Escape")
            g.wait_for("the menu", lambda s: s["screen"] == "menu")
            g.key("s")
            s = g.wait_for("the scores", lambda s: s["screen"] == "scores" and s["recent"])
            if len(s["pools"]) != 1 or not s["pools"][0].startswith("threecheck/blitz "):
                g.fail("Scores should show the three-check pool alone: %s" % s["pools"])
            standard = query(db, "SELECT count(*) FROM ratings r JOIN games g ON g.id = r.game_id "
                                 "WHERE g.pool LIKE 'standard/%'")
            if query(db, "SELECT variant, pool, rated FROM games") != [("threecheck", "threecheck/blitz", 1)] \
                    or standard != [(0,)]:
                g.fail("the three-check game must move the three-check rating alone: %s" %
                       query(db, "SELECT variant, pool, rated FROM games"))
            g.close(xd)
        finally:
            g.cleanup()
        # After a restart (every rating computed again if a level's placement moved): still the three-check pool alone.
        g = Gambit(exe, "3check2", config)
        try:
            g.find_window(xd)
            g.wait_for("the menu", lambda s: s["screen"] == "menu")
            g.key("s")
            s = g.wait_for("the scores", lambda s: s["screen"] == "scores" and s["recent"])
            if len(s["pools"]) != 1 or not s["pools"][0].startswith("threecheck/blitz "):
                g.fail("after a restart Scores should still show the three-check pool alone: %s" % s["pools"])
            g.close(xd)
        finally:
            g.cleanup()
        print("c) a three-check game: rated in Three-check blitz, the standard pools untouched", flush=True)
    finally:
        shutil.rmtree(shared, ignore_errors=True)


def game_files(exe, xd):
    shared = tempfile.mkdtemp(prefix="gambit-gui-files-")
    db = os.path.join(shared, "gambit.db")
    lichess = os.path.join(shared, "lichess_AbCdEfGh.pgn")
    two = os.path.join(shared, "two.pgn")
    with open(lichess, "w", encoding="utf-8") as f:
        f.write(LICHESS_PGN)
    with open(two, "w", encoding="utf-8") as f:
        f.write(TWO_GAMES)
    config = config_for(db, 'player = "random"')
    try:
        g = Gambit(exe, "files", config)
        try:
            g.find_window(xd)
            start_from_new_game(g, lambda s: None)

            # The file chooser: the folder typed, Tab completes the file's name, Enter takes it.
            xdo("key", "--window", g.window, "ctrl+o")
            g.wait_for("the file chooser", lambda s: s["dialog_title"] == "Load a game" and "chooser_rows" in s)
            g.key("ctrl+a")
            xdo("type", "--window", g.window, "--delay", "3", shared + "/lich")
            g.key("Tab")
            g.wait_for("the name completed", lambda s: s["chooser_field"] == lichess)
            g.key("Return")
            s = g.wait_for("the finished game, opened whole", lambda s: s["screen"] == "analysis" and s["plies"] > 0)
            if (s["white"], s["black"], s["result"], s["plies"]) != ("foo", "bar", "0-1", 8) \
                    or s["source"] != "lichess_AbCdEfGh.pgn":
                g.fail("the lichess game should open whole as foo - bar, 0-1, 8 plies: %s %s %s %s %r"
                       % (s["white"], s["black"], s["result"], s["plies"], s["source"]))
            g.key("Escape")
            g.wait_for("back to the game", lambda s: s["screen"] == "play")
            if query(db, "SELECT count(*) FROM games") != [(0,)]:
                g.fail("opening a file records nothing")
            # Again: the file just opened is a recent file; the folder's files are listed, chosen with Down.
            xdo("key", "--window", g.window, "ctrl+o")
            s = g.wait_for("the file chooser again", lambda s: s["dialog_title"] == "Load a game"
                           and "chooser_rows" in s)
            if s["chooser_recent"] < 1 or s["chooser_rows"][0] != lichess:
                g.fail("the file just opened should be the first recent file: %s" % s["chooser_rows"])
            g.key("ctrl+a")
            xdo("type", "--window", g.window, "--delay", "3", shared + "/")
            s = g.wait_for("the folder listed", lambda s: "two.pgn" in s["chooser_rows"])
            if "gambit.db" in s["chooser_rows"]:
                g.fail("only game files are listed: %s" % s["chooser_rows"])
            target = s["chooser_rows"].index("two.pgn")
            for _ in range(target + 1):
                g.key("Down")
            g.wait_for("two.pgn chosen", lambda s: s["chooser_selected"] == target)
            g.key("Return")
            g.wait_for("the choice of game", lambda s: s["dialog_title"] == "Choose a game")
            g.key("ctrl+a")
            xdo("type", "--window", g.window, "2")
            g.key("Return")
            s = g.wait_for("the second game, unfinished, on the board", lambda s: s["screen"] == "play"
                           and s["moves"][:3] == ["d2d4", "d7d5", "c2c4"] and s["dialog"] == 0)
            if s["rated"] or "unrated" not in s["toast"]:  # random answers at once; the toast stays a while
                g.fail("a loaded game goes on unrated, and says so: %s %r" % (s["rated"], s["toast"]))
            g.close(xd)
        finally:
            g.cleanup()
        print("d) the file chooser: a name completed with Tab, a recent file, a folder's game files; a lichess "
              "PGN of a finished game opened in Replay as foo - bar 0-1; the second of two games chosen, going "
              "on unrated", flush=True)
    finally:
        shutil.rmtree(shared, ignore_errors=True)


def main():
    return run_scenarios("gui_rated_test", (rated_game, unrated_game, three_check_pool, game_files))


if __name__ == "__main__":
    sys.exit(main())
