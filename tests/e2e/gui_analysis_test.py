#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""End-to-end test of the analysis board and the position editor, driven like a
person would (xdotool) and read back through --state-file:

  a) `gambit --analyse FEN` shows at least 3 lines with distinct first moves
     (how soon is printed), and the best line of a mate in 2
     starts with the mating move, for alphabeta and for Stockfish (N);
  b) a finished game opened from a file goes to Replay, then (A) to the
     analysis board at the same move; a variation and a sub-variation played
     there with the mouse, a comment and a NAG added, arrows and a circle drawn
     with the right button; exported (E) and opened again with --analyse, the
     tree is the same;
  c) a PGN with nested variations, comments, NAGs, [%eval], [%clk], [%cal] and
     [%csl] opened with --analyse and exported again keeps every one of them;
  d) the position editor (B) builds a position by mouse from an empty board,
     refuses an illegal one with its reason, ticks castling for a king and rook
     set at home, and Analyse opens the legal one;
  e) O opens the file chooser with nothing typed into its path; a file that holds
     no game is refused whole in a dialog and not kept among the recent files;
     one with an illegal move opens up to it and says which in a dialog; Export
     offers the file chooser with a name for the game;
  f) Play from here (the editor), then Menu, goes to the menu;
  g) Ctrl+Q quits from a game at once (the game kept to resume) and from an
     analysis board with unexported moves after asking.

    /usr/bin/python3 tests/e2e/gui_analysis_test.py path/to/gambit

Uses the helpers of gui_test.py (same folder); $DISPLAY or its own Xvfb.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gui_layout_test import move_tree_spacing  # noqa: E402
from gui_test import Gambit, run_scenarios, xdo  # noqa: E402

CONFIG = '[ui]\nanimation_ms = 0\nsounds = false\n[plugins]\nisolation = "in-process"\n'
MATE_IN_TWO = "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1"  # 1. Qd8+ Bxd8 2. Re8#

FINISHED = """[Event "Club"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Nxd5 6. Nxf7 Kxf7 7. Qf3+ Ke6
8. Nc3 Ncb4 9. Qe4 c6 10. a3 Na6 11. d4 Nac7 12. Bf4 Kf7 13. Bxe5 Be6 14. O-O-O 1-0
"""

RICH = """[Event "Study"]
[White "Ann"]
[Black "Bob"]
[Result "*"]

{ A game to study. } 1. e4 { [%eval 0.3] [%clk 0:05:00] Best by test, as a great player of the past once wrote. } 1... c5 $1
( 1... e5 { [%cal Ge7e5,Rg8f6] } 2. Nf3 ( 2. Bc4 $5 Nf6 ( 2... Bc5 { [%csl Gc5,Yf2] } ) 3. d3 ) 2... Nc6 $6 )
( 1... e6 2. d4 ) 2. Nf3 { [%clk 0:04:55] [%emt 0:00:05] } 2... d6 $2 { [%eval 1.2,20] } 3. d4 $14 *
"""


def home_with(name, text):
    """A fresh home folder holding the file `name` with `text`; returns (folder, file)."""
    home = tempfile.mkdtemp(prefix="gambit-gui-analysis-")
    path = os.path.join(home, name)
    with open(path, "w") as f:
        f.write(text)
    return home, path


def export_to(g, path):
    """E, the file's path typed over the suggested one, Enter: the state once it is written."""
    g.key("e")
    g.wait_for("the export dialog", lambda s: s["dialog"] == 1)
    xdo("key", "--window", g.window, "ctrl+a")
    xdo("type", "--delay", "10", path)
    g.key("Return")
    return g.wait_for("the export done", lambda s: s["dialog"] == 0 and os.path.exists(path))


def start(exe, xd, name, args):
    g = Gambit(exe, name, CONFIG, args=args)
    g.find_window(xd)
    return g


def right_drag(g, origin, target, modifiers=()):
    x0, y0 = g.square_point(origin)
    x1, y1 = g.square_point(target)
    for key in modifiers:
        xdo("keydown", key)
    xdo("mousemove", "--sync", x0, y0, "mousedown", 3)
    for i in range(1, 5):
        xdo("mousemove", "--sync", int(x0 + (x1 - x0) * i / 4), int(y0 + (y1 - y0) * i / 4))
        time.sleep(0.02)
    xdo("mouseup", 3)
    for key in modifiers:
        xdo("keyup", key)


def play_move(g, origin, target):
    before = g.state()["path"]
    g.drag(origin, target)
    g.wait_for("%s-%s played" % (origin, target), lambda s: s["path"] != before and s["path"].endswith(origin + target))


def lines_of(state):
    return [line for line in state["lines"] if line["pv"]]


def analyse_fen(exe, xd):
    g = start(exe, xd, "analyse-fen", ["--analyse", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"])
    try:
        # How soon is printed, not asserted: a loaded or sanitized machine takes longer (the speed is
        # gambit-analysis-bench's, docs/analysis.md).
        first = time.monotonic()
        s = g.wait_for("three lines with distinct first moves",
                       lambda s: s["screen"] == "analysis" and len({l["pv"].split()[0] for l in lines_of(s)}) >= 3)
        print("analyse-fen: %d lines %.2f s after the first frame: %s" % (len(lines_of(s)), time.monotonic() - first,
                                                                        [l["pv"].split()[0] for l in lines_of(s)]))
        for line in lines_of(s):
            if not line["score"].startswith(("cp ", "mate ")) or line["depth"] < 1:
                g.fail("a line without a depth or a UCI score: %r" % line)
    finally:
        g.cleanup()
    g = start(exe, xd, "analyse-mate", ["--analyse", MATE_IN_TWO])
    try:
        s = g.wait_for("the mate in two found",
                       lambda s: lines_of(s) and lines_of(s)[0]["score"] == "mate 2", timeout=20)
        if not lines_of(s)[0]["pv"].startswith("d5d8"):
            g.fail("the best line of the mate in two should start with Qd8+: %r" % lines_of(s)[0])
        # N: Stockfish (Debian's, through the uci player) analyses instead, in as many lines.
        g.key("n")
        s = g.wait_for("Stockfish's lines", lambda s: s["engine"] == "Stockfish" and len(lines_of(s)) >= 3
                       and lines_of(s)[0]["score"] == "mate 2", timeout=20)
        if not lines_of(s)[0]["pv"].startswith("d5d8"):
            g.fail("Stockfish's best line should start with Qd8+: %r" % lines_of(s)[0])
        # L turns the engine off, and its lines go.
        g.key("l")
        g.wait_for("the engine off", lambda s: not s["engine_on"] and not s["lines"])
    finally:
        g.cleanup()


def variations_in_a_finished_game(exe, xd):
    home, game_file = home_with("finished.pgn", FINISHED)
    exported = os.path.join(home, "study.pgn")
    g = Gambit(exe, "variations", CONFIG, args=[game_file], home=home)
    try:
        g.find_window(xd)
        # A finished game opens whole on the analysis board, at its start, the engine off.
        s = g.wait_for("the finished game on the analysis board",
                       lambda s: s["screen"] == "analysis" and s["plies"] == 27)
        if s["ply"] != 0 or s["engine_on"] or s["source"] != "finished.pgn":
            g.fail("the finished game should open at its start with the engine off: ply %d, engine %r, from %r"
                   % (s["ply"], s["engine_on"], s["source"]))
        for _ in range(4):  # to the position after 2... Nc6
            g.key("Right")
        s = g.wait_for("ply 4", lambda s: s["ply"] == 4)
        if s["path"] != "e2e4 e7e5 g1f3 b8c6" or not s["main_line"]:
            g.fail("four moves on, the board should be at 2... Nc6: %r" % s["path"])
        # A variation (3. Bb5 instead of 3. Bc4), a reply, and a sub-variation (3... Nf6 instead of 3... a6).
        play_move(g, "f1", "b5")
        s = g.state()
        if s["main_line"]:
            g.fail("3. Bb5 should be a variation beside the game's 3. Bc4")
        play_move(g, "a7", "a6")
        g.key("Left")
        g.wait_for("back at 3. Bb5", lambda s: s["path"].endswith("f1b5"))
        play_move(g, "g8", "f6")
        g.key("2")  # 3... Nf6?
        g.wait_for("the NAG", lambda s: s["nags"] == ["2"])
        right_drag(g, "e1", "g1")
        g.wait_for("a green arrow", lambda s: "Ge1g1" in s["shapes"])
        right_drag(g, "e5", "e5", modifiers=("shift",))
        g.wait_for("a red circle", lambda s: "Re5" in s["shapes"])
        g.key("c")
        g.wait_for("the comment dialog", lambda s: s["dialog"] == 1)
        xdo("type", "--delay", "20", "the Berlin")
        g.key("Return")
        s = g.wait_for("the comment kept", lambda s: s["dialog"] == 0 and s["comment"] == "the Berlin")
        if s["nodes"] != 27 + 3:
            g.fail("the tree should hold the game's 27 moves and 3 more: %d" % s["nodes"])
        tree = s["pgn"]
        flowing = " ".join(tree.split())  # lines are wrapped at 80 columns
        for part in ("3. Bb5", "3... Nf6 $2", "[%cal Ge1g1]", "[%csl Re5]", "the Berlin", "a6", "3. Bc4"):
            if part not in flowing:
                g.fail("the tree's PGN should hold %r:\n%s" % (part, tree))
        s = export_to(g, exported)
        tree = s["pgn"]  # now with the opening's tags the export gave it
        if '[ECO "C' not in tree:
            g.fail("the export should name the opening (a Ruy Lopez or a Two Knights):\n%s" % tree)
    finally:
        g.cleanup(keep_home=True)
    g = start(exe, xd, "variations-again", ["--analyse", exported])
    try:
        s = g.wait_for("the exported study", lambda s: s["screen"] == "analysis")
        if s["pgn"] != tree:
            g.fail("the tree read back differs:\n--- exported\n%s\n--- read back\n%s" % (tree, s["pgn"]))
    finally:
        g.cleanup()


def rich_pgn_round_trip(exe, xd):
    home, rich = home_with("rich.pgn", RICH)
    g = Gambit(exe, "rich", CONFIG, args=["--analyse", rich], home=home)
    try:
        g.find_window(xd)
        s = g.wait_for("the rich study", lambda s: s["screen"] == "analysis")
        text = s["pgn"]
        flowing = " ".join(text.split())
        for part in ("A game to study.", "[%eval 0.30]", "[%clk 0:05:00]", "Best by test, as a great player of the past once wrote.", "$1", "[%cal Ge7e5,Rg8f6]",
                     "$5", "[%csl Gc5,Yf2]", "$6", "[%emt 0:00:05]", "$2", "[%eval 1.20,20]", "$14", "(1... e6 2. d4)"):
            if part not in flowing:
                g.fail("%r was lost:\n%s" % (part, text))
        if text.count("(") != RICH.count("(") or text.count("$") != RICH.count("$"):
            g.fail("variations or NAGs were lost:\n%s" % text)
        # The tree shown with a move in the middle current: each move and word a space apart (a move once ran
        # into the text before it, and the current one was drawn over the one before).
        for _ in range(3):
            g.key("Right")
        s = g.wait_for("the third move current", lambda s: s["path"].count(" ") == 2 if s["path"] else False)
        cramped = move_tree_spacing([t for t in s["layout"] if t["kind"] == "text"])
        if cramped:
            g.fail("the move tree's texts should stand a space apart:\n    " + "\n    ".join(cramped))
        # Through the window's export and back: the same text.
        out = os.path.join(home, "again.pgn")
        s = export_to(g, out)
        with open(out) as f:
            if f.read() != s["pgn"]:
                g.fail("the exported file is not what the board shows")
        # The export names the opening, as every PGN Gambit writes does; the rest is as read.
        if '[ECO "B' not in s["pgn"] or '[Opening "Sicilian' not in s["pgn"]:
            g.fail("the export should carry the opening's tags:\n%s" % s["pgn"])
        if s["pgn"].split("\n\n", 1)[1] != text.split("\n\n", 1)[1]:
            g.fail("the moves changed on export:\n%s\n---\n%s" % (text, s["pgn"]))
    finally:
        g.cleanup()


def editor(exe, xd):
    g = start(exe, xd, "editor", ["--analyse", "8/8/8/8/8/8/8/K6k w - - 0 1"])
    try:
        g.wait_for("the analysis board", lambda s: s["screen"] == "analysis")
        g.key("b")
        g.wait_for("the editor", lambda s: s["screen"] == "editor" and s["legal"])
        g.key("x")
        s = g.wait_for("an empty board", lambda s: s["fen"].startswith("8/8/8/8/8/8/8/8 ") and not s["legal"])
        if "king" not in s["problem"]:
            g.fail("an empty board should be refused for want of kings: %r" % s["problem"])
        palette = {entry.split()[0]: (int(entry.split()[1]), int(entry.split()[2])) for entry in s["palette"]}

        def drop(piece, square):
            x0, y0 = palette[piece]
            x1, y1 = g.square_point(square)
            xdo("mousemove", "--sync", int(g.origin[0] + x0), int(g.origin[1] + y0), "mousedown", 1)
            for i in range(1, 7):
                xdo("mousemove", "--sync", int(g.origin[0] + x0 + (x1 - g.origin[0] - x0) * i / 6),
                    int(g.origin[1] + y0 + (y1 - g.origin[1] - y0) * i / 6))
                time.sleep(0.02)
            xdo("mouseup", 1)

        drop("K", "e1")
        drop("k", "e8")
        drop("Q", "d7")
        s = g.wait_for("three pieces placed", lambda s: s["fen"].startswith("4k3/3Q4/8/8/8/8/8/4K3 w"))
        if s["legal"] or "check" not in s["problem"]:
            g.fail("white to move with black in check should be refused in words: %r" % s["problem"])
        # A piece dragged off the board is taken away; the queen goes, and the position is legal.
        x, y = g.square_point("d7")
        xdo("mousemove", "--sync", x, y, "mousedown", 1)
        xdo("mousemove", "--sync", x + 20, y + 20)
        xdo("mousemove", "--sync", int(g.origin[0] + 2), y)
        xdo("mouseup", 1)
        s = g.wait_for("the queen taken off", lambda s: s["fen"].startswith("4k3/8/8/8/8/8/8/4K3 w") and s["legal"])
        # A rook set at home beside its king at home may castle: the box is ticked, as on lichess.
        drop("R", "h1")
        s = g.wait_for("the rook at h1", lambda s: s["fen"].startswith("4k3/8/8/8/8/8/8/4K2R w"))
        if not s["fen"].startswith("4k3/8/8/8/8/8/8/4K2R w K -"):
            g.fail("a king and rook set at home should be able to castle: %r" % s["fen"])
        g.key("a")
        s = g.wait_for("the set-up position analysed", lambda s: s["screen"] == "analysis")
        if not s["fen"].startswith("4k3/8/8/8/8/8/8/4K2R w K -"):
            g.fail("Analyse should open the editor's position: %r" % s["fen"])
    finally:
        g.cleanup()


def open_in_chooser(g, path):
    """O, the path typed into the chooser's field, Enter."""
    g.key("o")
    g.wait_for("the chooser", lambda s: s["dialog"] == 1 and "chooser_field" in s)
    xdo("key", "--window", g.window, "ctrl+a")
    xdo("type", "--window", g.window, "--delay", "10", path)
    g.wait_for("the path typed", lambda s: s.get("chooser_field") == path)
    g.key("Return")


def recent_files_after_dialog(g):
    """Closes the dialog shown (Return), opens the chooser (O): how many recent files it lists; closes it."""
    g.key("Return")
    g.wait_for("the dialog closed", lambda s: s["dialog"] == 0)
    g.key("o")
    count = g.wait_for("the chooser", lambda s: s["dialog"] == 1 and "chooser_recent" in s)["chooser_recent"]
    g.key("Escape")
    g.wait_for("the chooser closed", lambda s: s["dialog"] == 0)
    return count


def opening_files(exe, xd):
    """O opens the file chooser with nothing typed into its path (the same field as the Open button
    gives); a file that holds no game is said whole in a dialog and is not kept among the recent
    files; one with an illegal move opens up to it, the move and the reason said in a dialog."""
    folder, bad = home_with("empty.pgn", "\n")
    broken = os.path.join(folder, "broken.pgn")
    with open(broken, "w") as f:
        f.write('[Event "x"]\n\n1. e4 e5 2. Ke3 Nf6 *\n')
    g = start(exe, xd, "open-key", ["--analyse", MATE_IN_TWO])
    try:
        g.wait_for("the analysis board", lambda s: s["screen"] == "analysis")
        g.key("l")  # no engine: nothing else changes meanwhile
        g.wait_for("the engine off", lambda s: not s["engine_on"])
        button = [i for i in g.state()["layout"] if i["kind"] == "box" and i["name"] == "button Open"]
        if not button:
            g.fail("no Open button on the analysis board")
        g.click_at(button[0]["x"] + button[0]["w"] / 2, button[0]["y"] + button[0]["h"] / 2)
        clicked = g.wait_for("the chooser opened by its button", lambda s: s["dialog"] == 1 and "chooser_field" in s)
        g.key("Escape")
        g.wait_for("the chooser closed", lambda s: s["dialog"] == 0)
        g.key("o")
        keyed = g.wait_for("the chooser opened by O", lambda s: s["dialog"] == 1 and "chooser_field" in s)
        if keyed["chooser_field"] != clicked["chooser_field"]:
            g.fail("O typed into the chooser's field: %r, the button gives %r"
                   % (keyed["chooser_field"], clicked["chooser_field"]))
        g.key("Escape")
        g.wait_for("the chooser closed", lambda s: s["dialog"] == 0)
        open_in_chooser(g, bad)
        s = g.wait_for("the refusal in a dialog", lambda s: s["dialog"] == 1 and s["dialog_text"] != "")
        if s["dialog_title"] != "The game could not be loaded" or "..." in s["dialog_text"]:
            g.fail("a file that holds no game should be refused whole in a dialog: %r %r"
                   % (s["dialog_title"], s["dialog_text"]))
        recent = recent_files_after_dialog(g)
        if recent != 0:
            g.fail("a file that could not be opened is among the recent files (%d)" % recent)
        open_in_chooser(g, broken)
        s = g.wait_for("the moves left out, in a dialog", lambda s: s["dialog"] == 1 and s["dialog_text"] != "")
        if s["dialog_title"] != "Loaded up to a move that cannot be played" or "Ke3" not in s["dialog_text"] \
                or s["path"] != "":
            g.fail("broken.pgn should open up to 2. Ke3 and say why in a dialog: %r %r" % (s["dialog_title"],
                                                                                        s["dialog_text"]))
        said = s["dialog_text"]
        recent = recent_files_after_dialog(g)
        if recent != 1:
            g.fail("the file that opened should be the one recent file, not %d" % recent)
        # Export offers the file chooser, with a name that says what the game is (no players: "analysis").
        g.key("e")
        s = g.wait_for("the export chooser", lambda s: s["dialog"] == 1 and "chooser_field" in s)
        if not s["chooser_field"].endswith("-analysis.pgn"):
            g.fail("Export should suggest a file named for the analysis: %r" % s["chooser_field"])
        print("e) O opens the chooser with its field as the button leaves it (%r); an empty file is refused "
              "whole in a dialog and not remembered; broken.pgn opens up to Ke3: %r"
              % (keyed["chooser_field"], said))
    finally:
        g.cleanup()
        shutil.rmtree(folder, ignore_errors=True)


def play_from_here_then_menu(exe, xd):
    """Play from here (the editor, over the analysis board), then Menu: the menu, not the analysis board."""
    g = start(exe, xd, "play-from-here", ["--analyse", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"])
    try:
        g.wait_for("the analysis board", lambda s: s["screen"] == "analysis")
        g.key("b")
        g.wait_for("the editor", lambda s: s["screen"] == "editor" and s["legal"])
        g.key("p")
        g.wait_for("the game from here", lambda s: s["screen"] == "play" and s["fen"].startswith("4k3/"))
        g.key("Escape")
        s = g.wait_for("the window after Menu", lambda s: s["screen"] != "play")
        if s["screen"] != "menu":
            g.fail("Menu from a game played from the editor should go to the menu, not %r" % s["screen"])
        print("f) Play from here, then Menu: the menu")
    finally:
        g.cleanup()


def quit_by_keys(g, keys="ctrl+q"):
    """Presses keys that close the window. xdotool may fail to release them once the window is gone, and a
    key left down repeats into the next window (Ctrl+Q quitting it): they are released on the display."""
    subprocess.run(["xdotool", "key", "--window", str(g.window), keys], capture_output=True, timeout=10)
    subprocess.run(["xdotool", "keyup", *keys.split("+")], capture_output=True, timeout=10)


def quit_keys(exe, xd):
    """Ctrl+Q quits from every screen: from a game in play at once (the game kept to resume), from an
    analysis board with a move not exported after asking (Escape stays, Enter quits)."""
    g = Gambit(exe, "quit-play", '[white]\nplayer = "human"\n[black]\nplayer = "random"\n' + CONFIG)
    try:
        g.find_window(xd)
        g.wait_for("the menu", lambda s: s["screen"] == "menu")
        g.key("p")
        g.wait_for("New Game", lambda s: s["screen"] == "new_game")
        g.key("Return")
        g.wait_for("the game", lambda s: s["screen"] == "play" and s["human_to_move"])
        g.click("e2")
        g.click("e4")
        g.wait_for("e4 answered", lambda s: len(s["moves"]) == 2 and s["human_to_move"])
        quit_by_keys(g)
        status = g.proc.wait(timeout=10)
        if status != 0:
            g.fail("Ctrl+Q in a game should quit (the game kept), exit status %d" % status)
        again = Gambit(exe, "quit-play-again", '[white]\nplayer = "human"\n[black]\nplayer = "random"\n' + CONFIG,
                       home=g.dir)
        try:
            again.find_window(xd, move=False)  # the window where the first left it (its placement kept)
            s = again.wait_for("the menu", lambda s: s["screen"] == "menu")
            if not any(item.startswith("Resume game") for item in s["menu_items"]):
                again.fail("the game left by Ctrl+Q should be offered to resume: %s" % s["menu_items"])
            again.close(xd)
        finally:
            again.cleanup()
    finally:
        g.cleanup()
    g = start(exe, xd, "quit-analysis", ["--analyse", "8/8/8/8/8/8/4K3/k7 w - - 0 1"])
    try:
        g.wait_for("the analysis board", lambda s: s["screen"] == "analysis")
        play_move(g, "e2", "e3")
        g.key("ctrl+q")
        s = g.wait_for("the question", lambda s: s["quit_question"] != "")
        if "analysis board" not in s["quit_question"]:
            g.fail("the question should say the analysis would be lost: %r" % s["quit_question"])
        g.key("Escape")
        g.wait_for("the question gone, the board kept", lambda s: s["quit_question"] == "" and s["path"] == "e2e3")
        g.key("ctrl+q")
        g.wait_for("the question again", lambda s: s["quit_question"] != "")
        quit_by_keys(g, "Return")
        status = g.proc.wait(timeout=10)
        if status != 0:
            g.fail("Quit in the question should quit, exit status %d" % status)
        print("g) Ctrl+Q: from a game at once (offered to resume after), from an edited analysis board after "
              "asking (Escape stays, Enter quits)", flush=True)
    finally:
        g.cleanup()


def main():
    return run_scenarios("gui_analysis_test", (analyse_fen, variations_in_a_finished_game, rich_pgn_round_trip, editor,
                                               opening_files, play_from_here_then_menu, quit_keys))


if __name__ == "__main__":
    sys.exit(main())
