#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""End-to-end test of the game databases in the window, driven like a person
would (xdotool) and read back through --state-file:

  a) a lichess export of three games opened from Games (Ctrl+O) becomes a
     list with their players, ratings and results; a click on the Date title
     sorts it newest first; a player's name typed filters it;
  b) a game opens whole on the analysis board: players, ratings, result,
     event, date, the clocks at the move shown, its variation and comments;
     the same file opened with the analysis board's Open goes to the list;
  c) a file of 60,000 games imports with its progress bar; Esc stops it, a
     toast says where; opened again it goes on to exactly 60,000 games;
  d) search by position (Ctrl+F, a FEN) finds the two games that reached the
     Italian by two move orders, and the game found opens at that position;
  e) the opening explorer (X) beside the analysis board counts the moves of
     the database's games (as a count over the file says); a click on a move
     plays it, and G lists the games at the position reached; beside Replay,
     the game's own move steps on and another opens the analysis board with
     it played.

    /usr/bin/python3 tests/e2e/gui_database_test.py path/to/gambit path/to/gambit-random-games

Uses the helpers of gui_test.py (same folder); $DISPLAY or its own Xvfb.
"""

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gui_test import Gambit, run_scenarios, xdo  # noqa: E402

CONFIG = '[ui]\nanimation_ms = 0\nsounds = false\n[plugins]\nisolation = "in-process"\n'
HERE = os.path.dirname(os.path.abspath(__file__))
LICHESS = os.path.join(HERE, "..", "data", "lichess_export.pgn")
# After 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5: games 1 (directly) and 3 (1. Nf3 Nc6 2. e4 e5 3. Bc4 Bc5) reach it.
ITALIAN = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
RANDOM_GAMES = None  # the generator's path, from the command line


def start(exe, xd, name, args=()):
    g = Gambit(exe, name, CONFIG, args=args)
    g.find_window(xd)
    g.wait_for("the menu", lambda s: s["screen"] == "menu")
    return g


def open_file(g, path, key="ctrl+o"):
    """From the Games screen: Ctrl+O (or Ctrl+I: add to this database), the path typed, Enter."""
    g.key(key)
    g.wait_for("the file chooser", lambda s: s["dialog"] == 1 and "chooser_field" in s)
    xdo("key", "--window", g.window, "ctrl+a")
    xdo("type", "--window", g.window, "--delay", "5", path)
    g.wait_for("the path typed", lambda s: s.get("chooser_field") == path)
    g.key("Return")


def games_with_lichess_file(exe, xd, name):
    g = start(exe, xd, name)
    g.key("g")
    g.wait_for("the Games screen", lambda s: s["screen"] == "games" and s["database"] == "My games")
    open_file(g, os.path.abspath(LICHESS))
    g.wait_for("the file's three games", lambda s: s["games_total"] == 3 and not s["importing"]
               and s["database"] == "lichess_export")
    return g


def item_named(state, name, region=None):
    for item in state["layout"]:
        if item["name"] == name and (region is None or item["region"] == region):
            return item
    raise KeyError(name)


def click_item(g, state, name, region=None):
    item = item_named(state, name, region)
    g.click_at(item["x"] + item["w"] / 2, item["y"] + item["h"] / 2)


def list_and_filter(exe, xd):
    g = games_with_lichess_file(exe, xd, "db-list")
    try:
        s = g.state()
        if s["game_rows"] != ["alice_k - BobTheBishop 1-0", "BobTheBishop - alice_k 0-1", "carol - alice_k 1/2-1/2"]:
            g.fail("the rows are not the file's games in order")
        click_item(g, s, "Date", "game list")
        g.wait_for("sorted by date", lambda s: s["sort"] == "Date")
        click_item(g, g.state(), "Date ▲", "game list")
        s = g.wait_for("newest first", lambda s: s["sort"] == "Date desc")
        if s["game_rows"][0] != "carol - alice_k 1/2-1/2":
            g.fail("the newest game is not first")
        xdo("type", "--window", g.window, "--delay", "20", "bob")
        s = g.wait_for("the games of Bob", lambda s: s["player_filter"] == "bob" and s["games_total"] == 2)
        g.key("Escape")
        g.wait_for("the filter cleared", lambda s: s["player_filter"] == "" and s["games_total"] == 3)
        # The databases now: My games, then the file's.
        if g.state()["databases"] != ["My games", "lichess_export"]:
            g.fail("the databases are not My games and the file's")
        # Another file's game added to this database (Ctrl+I); the same file again adds nothing.
        more = os.path.join(g.dir, "more.pgn")
        with open(more, "w", encoding="utf-8") as f:
            f.write('[White "dave"]\n[Black "erin"]\n[Result "1-0"]\n\n1. d4 d5 2. c4 1-0\n')
        open_file(g, more, "ctrl+i")
        g.wait_for("the game added", lambda s: s["games_total"] == 4 and not s["importing"]
                   and s["toast"].startswith("Imported: 1 game kept"))
    finally:
        g.close(xd)
        g.cleanup()


def game_opens_whole(exe, xd):
    g = games_with_lichess_file(exe, xd, "db-whole")
    try:
        g.key("End")
        g.wait_for("the last game chosen", lambda s: s["selected_row"] == 2)
        g.key("Return")
        s = g.wait_for("the game on the analysis board", lambda s: s["screen"] == "analysis")
        if s["game_header"] != ["½-½   carol (1702) - alice_k (1861)", "Casual Rapid game, 2026.11.05"]:
            g.fail("the header is not the game's players, result, event and date")
        if "3... Nf6" not in s["pgn"] or "Two Knights" not in s["pgn"] or "A quiet Italian" not in s["pgn"]:
            g.fail("the variation or the comments are missing")
        g.key("End")
        s = g.wait_for("the last move", lambda s: s["ply"] == 10)
        if s["clocks"] != "clocks 9:30 / 9:41":
            g.fail("the clocks at the last move are not the file's")
        g.key("Escape")
        g.wait_for("the list again", lambda s: s["screen"] == "games")
        g.key("Escape")
        g.wait_for("the menu", lambda s: s["screen"] == "menu")
        # The analysis board's Open with a file of three games: the list, not its first game.
        g.key("a")
        g.wait_for("the analysis board", lambda s: s["screen"] == "analysis")
        g.key("o")
        g.wait_for("the chooser", lambda s: s["dialog"] == 1 and "chooser_field" in s)
        xdo("key", "--window", g.window, "ctrl+a")
        xdo("type", "--window", g.window, "--delay", "5", os.path.abspath(LICHESS))
        g.key("Return")
        g.wait_for("the file's list", lambda s: s["screen"] == "games" and s["games_total"] == 3)
    finally:
        g.close(xd)
        g.cleanup()


def import_stop_and_go_on(exe, xd):
    folder = tempfile.mkdtemp(prefix="gambit-gui-db-")
    big = os.path.join(folder, "many.pgn")
    with open(big, "wb") as f:
        subprocess.run([RANDOM_GAMES, "60000", "5"], stdout=f, check=True)
    g = start(exe, xd, "db-import")
    try:
        g.key("g")
        g.wait_for("the Games screen", lambda s: s["screen"] == "games")
        open_file(g, big)
        g.wait_for("the first games in", lambda s: s["importing"] and s["import_games"] > 0)
        g.key("Escape")
        s = g.wait_for("the import stopped", lambda s: not s["importing"] and s["toast"] != "")
        if not s["toast"].startswith("Import stopped at") or not 0 < s["games_total"] < 60000:
            g.fail("stopping the import did not say where it stopped")
        stopped_at = s["games_total"]
        open_file(g, big)
        s = g.wait_for("the import done", lambda s: not s["importing"] and s["games_total"] == 60000
                       and s["toast"].startswith("Imported"), timeout=120)
        print("import stopped at %d games, then went on to 60000" % stopped_at)
    finally:
        g.close(xd)
        g.cleanup()


def search_by_position(exe, xd):
    g = games_with_lichess_file(exe, xd, "db-position")
    try:
        g.key("ctrl+f")
        g.wait_for("the position dialog", lambda s: s["dialog_title"] == "Games at a position")
        xdo("key", "--window", g.window, "ctrl+a")
        xdo("type", "--window", g.window, "--delay", "3", ITALIAN)
        g.key("Return")
        s = g.wait_for("the games at the Italian", lambda s: s["position_filter"] == ITALIAN and s["games_total"] == 2)
        if s["game_rows"] != ["alice_k - BobTheBishop 1-0", "carol - alice_k 1/2-1/2"]:
            g.fail("the position search did not find the direct game and the transposition")
        g.key("Down")
        g.key("Return")
        s = g.wait_for("the transposed game at the position", lambda s: s["screen"] == "analysis")
        # The same position (the move counters differ: the game got there by another order).
        if s["fen"].split()[:4] != ITALIAN.split()[:4] or s["ply"] != 6:
            g.fail("the game found did not open at the position found")
    finally:
        g.close(xd)
        g.cleanup()


def explorer(exe, xd):
    g = games_with_lichess_file(exe, xd, "db-explorer")
    try:
        g.key("Escape")
        g.wait_for("the menu", lambda s: s["screen"] == "menu")
        g.key("a")
        g.wait_for("the analysis board", lambda s: s["screen"] == "analysis")
        g.key("l")  # the engine off: its lines keep their place, the explorer comes under them
        g.key("x")
        s = g.wait_for("the explorer at the start", lambda s: s["explorer_on"] and s["explorer_games"] == 3)
        # Counted over the file: e4 in games 1 and 2 (one won by each side), Nf3 in game 3 (drawn).
        if s["explorer_moves"] != ["e4 2 1/0/1", "Nf3 1 0/1/0"]:
            g.fail("the explorer's moves are not the file's")
        # The speed filter: bullet (none of the file's games), then blitz (its two 180+2 games), then any again.
        click_item(g, s, "Any speed", "button Any speed")
        s = g.wait_for("bullet games only", lambda s: s["explorer_filters"][0] == "Bullet" and s["explorer_games"] == 0)
        click_item(g, s, "Bullet", "button Bullet")
        s = g.wait_for("blitz games only", lambda s: s["explorer_filters"][0] == "Blitz" and s["explorer_games"] == 2)
        if s["explorer_moves"] != ["e4 2 1/0/1"]:
            g.fail("the blitz games' moves are not the file's")
        for shown in ("Blitz", "Rapid", "Classical"):
            click_item(g, s, shown, "button " + shown)
            s = g.wait_for("the next speed", lambda s, was=shown: s["explorer_filters"][0] != was)
        g.wait_for("every speed again", lambda s: s["explorer_filters"][0] == "Any speed" and s["explorer_games"] == 3)
        s = g.state()
        click_item(g, s, "e4", "explorer")
        s = g.wait_for("e4 played from the explorer", lambda s: s["path"] == "e2e4" and s["explorer_games"] == 2)
        # One game each: the one Black won first (ties go to the better score for the side to move).
        if s["explorer_moves"] != ["d5 1 0/0/1", "e5 1 1/0/0"]:
            g.fail("the explorer after 1. e4 does not count the file's replies")
        g.key("g")
        g.wait_for("the games after 1. e4", lambda s: s["screen"] == "games" and s["games_total"] == 2
                   and s["position_filter"].startswith("rnbqkbnr/pppppppp/8/8/4P3/"))
        # A finished game loaded in Play opens whole on the analysis board, the explorer beside it: its game's move
        # steps on, another is a variation.
        one = os.path.join(g.dir, "one.pgn")
        with open(one, "w", encoding="utf-8") as f:
            f.write('[White "alice_k"]\n[Black "BobTheBishop"]\n[Result "1-0"]\n\n1. e4 {Bold} (1. d4 d5) e5 '
                    '2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n')
        g.key("Escape")
        g.wait_for("the analysis board", lambda s: s["screen"] == "analysis")
        g.key("Escape")
        s = g.wait_for("leaving the analysis board", lambda s: s["screen"] == "menu" or s["dialog"] != 0)
        if s["screen"] != "menu":
            g.key("Return")  # leave without exporting
            g.wait_for("the menu", lambda s: s["screen"] == "menu")
        g.play()
        g.wait_for("a game", lambda s: s["screen"] == "play")
        g.key("ctrl+o")
        s = g.wait_for("the load dialog", lambda s: s["dialog"] != 0)
        if "chooser_field" not in s:
            g.key("Return")  # load over the game just begun
            g.wait_for("the chooser", lambda s: "chooser_field" in s)
        xdo("key", "--window", g.window, "ctrl+a")
        xdo("type", "--window", g.window, "--delay", "5", one)
        g.key("Return")
        s = g.wait_for("the file's game opened whole", lambda s: s["screen"] == "analysis" and s["plies"] == 7)
        # Its variation and comment too (Play's loader reads main lines; the game is read whole again).
        if "(1. d4 d5)" not in s["pgn"] or "{Bold}" not in s["pgn"]:
            g.fail("the game loaded in Play should keep its variation and comment:\n%s" % s["pgn"])
        g.key("x")
        s = g.wait_for("the explorer beside the game", lambda s: s["explorer_on"] and s["explorer_games"] == 3)
        click_item(g, s, "e4", "explorer")
        s = g.wait_for("the game's own move stepped to", lambda s: s["ply"] == 1 and s["path"] == "e2e4")
        nodes = s["nodes"]
        g.key("Left")
        s = g.wait_for("the start again", lambda s: s["ply"] == 0 and s["explorer_games"] == 3)
        click_item(g, s, "Nf3", "explorer")
        s = g.wait_for("Nf3 as a variation", lambda s: s["path"] == "g1f3" and not s["main_line"])
        if s["nodes"] != nodes + 1:
            g.fail("the explorer's e4 should have stepped along the game, Nf3 added one move: %d, %d nodes"
                   % (nodes, s["nodes"]))
    finally:
        g.cleanup()  # the analysis board below holds an unexported move: closing would ask


def main():
    global RANDOM_GAMES
    if len(sys.argv) != 3:
        print("usage: %s path/to/gambit path/to/gambit-random-games" % sys.argv[0], file=sys.stderr)
        return 2
    RANDOM_GAMES = os.path.abspath(sys.argv.pop())
    return run_scenarios("gui_database_test", (list_and_filter, game_opens_whole, import_stop_and_go_on,
                                               search_by_position, explorer))


if __name__ == "__main__":
    sys.exit(main())
