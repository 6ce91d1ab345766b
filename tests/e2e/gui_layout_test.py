#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""End-to-end layout check of the Gambit window: walks every screen at the
smallest window size Gambit allows and at full HD, and reads from the state
file's "layout" (every text and control of the last frame, with the region it
must stay in) that no two texts overlap, no text lies on a control it does not
belong to, and nothing leaves its region or the window.

    /usr/bin/python3 tests/e2e/gui_layout_test.py path/to/gambit [--shots DIR] [--size WxH]
                                                   [--language LOCALE|qps] [--theme THEME] [--keep-going]

Always on a display of its own (Xvfb, 1920x1200), so full HD fits. With
--shots it also saves a PNG of the window for every state it checks; --size
walks that one size instead (the pictures in docs/ are taken at 1120x780).
--language walks the window in a locale's language (de_DE.UTF-8: German is
long), or in the test language qps (po/catalogue.py pseudo), where it also
finds every text shown that never met the catalogue.
"""

import os
import re
import struct
import sys
import tempfile
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gui_test  # noqa: E402
from gui_test import Failed, Gambit, start_own_display, xdo  # noqa: E402
from gui_learn_test import BLUNDERS, BLUNDERS_PLIES  # noqa: E402  (a game of the profile's, with mistakes to practise)

from Xlib import X, display as xdisplay  # noqa: E402  (gui_test reports a missing python3-xlib)

SMALLEST = (800, 600)  # App::MinWidth, App::MinHeight
# A lichess export of three games (clocks, a variation, comments): a database of its own in the walk.
LICHESS_EXPORT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "lichess_export.pgn")
LARGE = (1920, 1080)
SLACK = 1.0
# Three-check after 1. e4 e5 2. Bc4 Nc6: White has given one check, Black two.
CHECKED_FEN = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2+1 2 3"  # pixels of rounding allowed at a region's edge

CONFIG = """
[white]
player = "human"
[black]
player = "alphabeta"
level = "easy"
[hint]
player = "uci"
[hint.options]
command = "/usr/games/fairy-stockfish"
movetime_ms = 100
[game]
variant = "threecheck"
[clock]
minutes = 10
increment_seconds = 2
[demo]
move_delay_ms = 100
[demo.white]
player = "alphabeta"
level = "medium"
[demo.black]
player = "random"
[ui]
animation_ms = 0
sounds = false
[review]
nodes = 20000
"""




def overlap(a, b):
    """The overlap of two boxes, in pixels along each axis."""
    w = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    h = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return w, h


def inside(item, rx, ry, rw, rh):
    return (item["x"] >= rx - SLACK and item["y"] >= ry - SLACK and item["x"] + item["w"] <= rx + rw + SLACK
            and item["y"] + item["h"] <= ry + rh + SLACK)


def layout_problems(state):
    """What is wrong with the layout of one frame, as sentences."""
    items = state["layout"]
    width, height = state["window_width"], state["window_height"]
    problems = []
    for item in items:
        what = "%s %r" % (item["kind"], item["name"])
        if not inside(item, 0, 0, width, height):
            problems.append("%s is outside the %dx%d window: %s" % (what, width, height, box_text(item)))
        elif not inside(item, item["rx"], item["ry"], item["rw"], item["rh"]):
            problems.append("%s leaves its region %r (%.0f,%.0f %.0fx%.0f): %s" % (
                what, item["region"], item["rx"], item["ry"], item["rw"], item["rh"], box_text(item)))
    texts = [i for i in items if i["kind"] == "text"]
    boxes = [i for i in items if i["kind"] == "box"]
    for n, a in enumerate(texts):
        for b in texts[n + 1:]:
            w, h = overlap(a, b)
            if w > SLACK and h > SLACK:
                problems.append("text %r %s overlaps text %r %s" % (a["name"], box_text(a), b["name"], box_text(b)))
        for box in boxes:
            if a["region"] == box["name"]:
                continue  # its own control (a button's label)
            w, h = overlap(a, box)
            if w > SLACK and h > SLACK:
                problems.append("text %r %s lies on %r %s" % (a["name"], box_text(a), box["name"], box_text(box)))
    return problems + move_tree_spacing(texts) + cut_texts(texts, state)


def cut_texts(texts, state):
    """The window's own words cut short to fit (a text's "whole" is what it was cut from): a text that does
    not fit is wrapped, shortened or given room, and a long message goes to a dialog. Data may be cut: a
    path, a position, a name or a game's own text."""
    problems = []
    data = {w.lower() for w in data_of_state(state) | NAMES | DATA_WORDS}
    for t in texts:
        whole = t.get("whole")
        if whole is None or "/" in whole:
            continue
        kept = t["name"][:-3].rstrip()
        if whole.startswith(kept):  # what was left out, from the word cut in half
            left_out = whole[len(kept.rsplit(" ", 1)[0]) if " " in kept else 0:]
            if {w.lower() for w in words_of(left_out)} <= data:
                continue
        problems.append("text %r in %r is cut from %r" % (t["name"], t["region"], whole))
    return problems


def move_tree_spacing(texts):
    """The move tree's words and moves, one line's texts in turn, each a space's width (a few pixels) after
    the one before (a move's text once ran into the comment before it, "(blunder)4... Ne4")."""
    problems = []
    rows = []  # texts whose middles are within a few pixels share a line, whatever their letters' heights
    for t in sorted((t for t in texts if t["region"] == "move tree"), key=lambda t: t["y"] + t["h"] / 2):
        if rows and t["y"] + t["h"] / 2 - (rows[-1][0]["y"] + rows[-1][0]["h"] / 2) < 7:
            rows[-1].append(t)
        else:
            rows.append([t])
    for row in rows:
        row.sort(key=lambda t: t["x"])
        for a, b in zip(row, row[1:]):
            if b["x"] - (a["x"] + a["w"]) < 4:  # a space is 4.5 px at 14 px, and the ink's bearings add
                problems.append("move tree: %r runs into %r (%.1f px apart)" % (a["name"], b["name"],
                                                                                 b["x"] - (a["x"] + a["w"])))
    return problems


# Words a window shows that are data, not language: they stay as they are in
# every language (names of programs, plugins and fonts; moves and squares are
# recognised by MOVE; an opening's name, pgn-extract's, by the state's "opening").
DATA_WORDS = {"gambit", "alphabeta", "alpha-beta", "minimax", "random", "uci", "stockfish", "fairy", "dejavu",
              "freeserif", "glicko", "sqlite", "pgn", "fen", "ctrl"}
# The people of the walk's games: the default profile and the PGN files' players.
NAMES = {"Player", "Bob", "Alexandra", "Kosteniuk-Smith", "Bartholomew", "Featherstonehaugh"}


def words_of(text):
    return set(re.findall(r"[A-Za-z][A-Za-z_\-]*", text or ""))


def data_of_state(state):
    """The words a state shows as data: a game's PGN (its comments are the
    game's), a game list's cells and the explorer's games, its opening's name (pgn-extract's), the plugins' level and option names, the
    puzzle's id, and a practice position's reason, which the store keeps in
    English (docs/translating.md)."""
    words = (words_of(state.get("pgn")) | words_of(state.get("puzzle_id")) | words_of(state.get("practice_reason"))
             | words_of(state.get("opening")) | words_of(" ".join(state.get("levels", [])))
             | words_of(" ".join(state.get("game_cells", [])))  # a game list's players, events, dates
             | words_of(" ".join(state.get("explorer_top_players", []))))  # the explorer's games, likewise
    for control in state.get("settings_controls", []):
        words |= words_of(control.split("@")[0].split(".")[-1])
    return words


MOVE = re.compile(r"^(?:[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](?:=[QRBN])?|O-O(?:-O)?|[a-h][1-8][a-h][1-8][qrbn]?"
                  r"|[a-h][1-8]?|[KQRBNP])[+#]?[!?]*$")


WALK_T0 = time.monotonic()

# --keep-going: every screen's problems are told and the walk goes on; it fails at its end.
KEEP_GOING = False

# The catalogue of the language walked (polib), or None: English; and its code.
CATALOGUE = None
LANGUAGE_CODE = "en"


def forms(english):
    """english as the window may show it in the language walked: the
    translation, or each of a plural text's forms."""
    entry = CATALOGUE.find(english) if CATALOGUE is not None else None
    if entry is None:
        return [english]
    found = [entry.msgstr] if entry.msgstr else [f for _, f in sorted(entry.msgstr_plural.items()) if f]
    return found or [english]


def T(english):
    """english (a text without plural forms) as the window shows it in the language walked."""
    return forms(english)[0]


def shows(text, english):
    """Whether text is english (a catalogue's text, with {placeholders}) filled in,
    in the language walked."""
    return bool(text) and any(all(p in text for p in re.split(r"\{[a-z_]+\}", form) if p.strip())
                              for form in forms(english))


_TRANSLATED = {}


def translated_texts():
    """Every translation in the catalogue walked (a set, made once)."""
    if id(CATALOGUE) not in _TRANSLATED:
        _TRANSLATED[id(CATALOGUE)] = {e.msgstr for e in CATALOGUE if e.msgstr} | \
            {form for e in CATALOGUE for form in e.msgstr_plural.values() if form}
    return _TRANSLATED[id(CATALOGUE)]


def english_texts(state):
    """The texts of a frame, walked in a real language, shown in English where
    the catalogue has other words for them; and a state not in that language."""
    found = []
    data = data_of_state(state)
    if state.get("language") != LANGUAGE_CODE:
        found.append("the window speaks %r, not %r" % (state.get("language"), LANGUAGE_CODE))
    for item in state["layout"]:
        if item["kind"] != "text" or item["name"] in NAMES or words_of(item["name"]) <= data:
            continue  # a name ("Player", the profile), a game's comment: data that may also be a catalogue's word
        entry = CATALOGUE.find(item["name"])
        if item["name"] in translated_texts():
            continue  # the language's own word for something else (French "D", défaites, is English "D", draws)
        if entry is not None and entry.msgstr and entry.msgstr != entry.msgid:
            found.append("text %r in %r %s is shown in English (the catalogue says %r)"
                         % (item["name"], item["region"], box_text(item), entry.msgstr))
    return found


def untranslated_texts(state, data_words):
    """The texts of a frame shown in the test language qps with a word that never
    met the catalogue: one of plain ASCII letters, not a move, a number or data."""
    found = []
    in_state = data_of_state(state)
    for item in state["layout"]:
        if item["kind"] != "text":
            continue
        if "/" in item["name"]:
            continue  # a path or a FEN
        # A quoted word is a value or a name ('command'), even when cut short.
        text = re.sub(r"'[^' ]*('|\.\.\.$)", "", item["name"])
        tokens = re.split(r"[\s,;:()\[\]\"\'/=<>|]+", text)
        for n, token in enumerate(tokens):
            cut = n == len(tokens) - 1 and text.endswith("...")  # fit_text cut it: a word's start
            token = token.strip(".…-–—+*")
            known = data_words | {w.lower() for w in NAMES | in_state}
            if cut and any(w.startswith(token.lower()) for w in known):
                continue
            if MOVE.match(token) or not re.fullmatch(r"[A-Za-z][A-Za-z0-9_.\-]*", token):
                continue  # a move, a number, or marked letters: translated
            if (sum(c.isalpha() for c in token) < 2 or token.lower() in data_words or token in NAMES
                    or token in in_state or "_" in token or "." in token or any(c.isdigit() for c in token)):
                continue  # data: a name, an id, an option's name, a file's name
            found.append("text %r in %r: %r is not translated" % (item["name"], item["region"], token))
            break
    return found


def box_text(item):
    return "(%.0f,%.0f %.0fx%.0f)" % (item["x"], item["y"], item["w"], item["h"])


def write_png(path, width, height, bgrx):
    """The window's pixels (32-bit BGRX rows, as the X server gives them) as a PNG."""
    rows = bytearray()
    for y in range(height):
        row = bgrx[y * width * 4:(y + 1) * width * 4]
        rgb = bytearray(width * 3)
        rgb[0::3], rgb[1::3], rgb[2::3] = row[2::4], row[1::4], row[0::4]
        rows += b"\0" + rgb

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(bytes(rows), 6)) + chunk(b"IEND", b""))


class Walk:
    """One window at one size, walked screen by screen."""

    def __init__(self, exe, xd, size, shots, pseudo_words=None):
        self.xd, self.size, self.shots = xd, size, shots
        self.pseudo_words = pseudo_words  # the data words, when walking the test language qps
        self.untranslated = []
        self.problems = 0  # with --keep-going: how many were found
        self.g_exe = exe
        self.g = Gambit(exe, "layout-%dx%d" % size, CONFIG)
        self.checked = []

    def settle(self):
        """Waits until the state file stops changing (the frame after the last event was drawn)."""
        last, since = None, time.monotonic()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            time.sleep(0.05)
            state = self.g.state()
            text = repr(state and state.get("layout"))
            if text != last:
                last, since = text, time.monotonic()
            elif time.monotonic() - since > 0.2:  # a dozen frames without a change
                break
        return self.g.state()

    def check(self, name, predicate=lambda s: True, timeout=None):
        s = self.g.wait_for(name, predicate, **({"timeout": timeout} if timeout else {}))
        s = self.settle()
        if (s["window_width"], s["window_height"]) != self.size:
            self.g.fail("the window is %dx%d, not %dx%d" % (s["window_width"], s["window_height"]) + self.size)
        problems = layout_problems(s)
        if CATALOGUE is not None and self.pseudo_words is None:
            problems += english_texts(s)
        if self.pseudo_words is not None:
            # Gathered over the whole walk, so one run names them all.
            self.untranslated += ["%s: %s" % (name, t) for t in untranslated_texts(s, self.pseudo_words)]
        if self.shots:
            self.shot(name)
        if problems:
            said = "%s at %dx%d: %d layout problems:\n    %s" % (
                name, self.size[0], self.size[1], len(problems), "\n    ".join(problems))
            if not KEEP_GOING:
                self.g.fail(said)
            print(said, flush=True)
            self.problems += len(problems)
        self.checked.append(name)
        if os.environ.get("WALK_TIMES"):
            print("%6.1f %s" % (time.monotonic() - WALK_T0, name), flush=True)
        return s

    def shot(self, name):
        win = self.xd.create_resource_object("window", self.g.window)
        geometry = win.get_geometry()
        image = win.get_image(0, 0, geometry.width, geometry.height, X.ZPixmap, 0xffffffff)
        path = os.path.join(self.shots, "%dx%d-%s.png" % (self.size[0], self.size[1], name.replace(" ", "-")))
        write_png(path, geometry.width, geometry.height, image.data)

    def resize(self, width, height):
        xdo("windowsize", self.g.window, width, height)

    def run(self):
        g = self.g
        g.find_window(self.xd)
        g.wait_for("the menu", lambda s: s["screen"] == "menu")
        if self.size == SMALLEST:
            # Smaller than allowed: the window goes back to its minimum.
            self.resize(640, 480)
            g.wait_for("the window kept at its minimum size",
                       lambda s: (s["window_width"], s["window_height"]) == SMALLEST)
        self.resize(*self.size)
        self.check("menu", lambda s: (s["window_width"], s["window_height"]) == self.size)
        g.key("Tab")
        self.check("menu with the keyboard focus", lambda s: s["focused"].startswith("button "))

        g.key("p")
        self.check("new game", lambda s: s["screen"] == "new_game" and s["rated"])
        g.key("Left")  # a friend at this computer: not rated, and the line says why
        self.check("new game not rated", lambda s: s["opponent"] == "" and not s["rated"])
        g.key("Right")
        g.wait_for("alphabeta again", lambda s: s["opponent"] == "alphabeta")
        g.key("v")  # Chess960 (after three-check), its start's number typed: unrated, and the line says why
        xdo("type", "--window", g.window, "--delay", "20", "518")
        self.check("new game chess960", lambda s: s["variant"] == "chess960" and s["chess960_start"] == "518"
                   and not s["rated"])
        g.key("shift+v")
        g.wait_for("three-check again", lambda s: s["variant"] == "threecheck" and s["rated"])
        g.key("Return")
        self.check("play", lambda s: s["screen"] == "play" and s["board_size"] > 0 and s["human_to_move"])
        g.click("e2")
        g.wait_for("e2 selected", lambda s: s["selected"] == "e2")
        g.click("e4")
        g.wait_for("e2e4 and the reply", lambda s: len(s["moves"]) == 2 and s["human_to_move"])
        xdo("type", "--window", g.window, "--delay", "20", "N")
        self.check("move box with completions", lambda s: s["move_box"] == "N")
        xdo("type", "--window", g.window, "--delay", "20", "e5")
        g.key("Return")
        self.check("move box with a refusal", lambda s: s["move_error"] != "")
        g.key("Escape")
        g.wait_for("the move box emptied", lambda s: s["move_box"] == "")
        g.key("ctrl+d")
        self.check("play with a draw offered", lambda s: shows(s["status"], "your draw offer goes with it") and s["toast"] != "")
        # The game is rated (alphabeta 1000 from the start): a hint would make it unrated, and says so first.
        g.key("ctrl+h")
        self.check("hint makes the game unrated", lambda s: s["dialog_title"] == T("Ask for a hint?"))
        g.key("Escape")
        g.wait_for("the hint dialog closed", lambda s: s["dialog"] == 0)
        # A three-check position with checks given, typed into Load: the marks and a toast show.
        g.key("ctrl+o")
        self.check("load asks first", lambda s: s["dialog_title"] == T("Load another game?"))
        g.key("Return")
        g.wait_for("the load dialog", lambda s: s["dialog_title"] == T("Load a game"))
        g.key("ctrl+a")  # what is typed next replaces the suggested path
        xdo("type", "--window", g.window, "--delay", "3", CHECKED_FEN)
        g.key("Return")
        self.check("play with checks given and a toast",
                   lambda s: s["dialog"] == 0 and s["white_checks"] == 1 and s["toast"] != "")
        g.key("ctrl+h")
        self.check("play with a hint toast", lambda s: shows(s["toast"], "Hint: {move}"))
        g.key("ctrl+o")
        self.check("load dialog", lambda s: s["dialog"] != 0)
        g.key("Escape")
        g.wait_for("the load dialog closed", lambda s: s["dialog"] == 0)
        g.key("ctrl+r")  # before the person's first move in the loaded game: Abort
        self.check("abort dialog", lambda s: s["dialog_title"] == T("Abort the game?"))
        g.key("Escape")
        g.wait_for("the abort dialog closed", lambda s: s["dialog"] == 0)
        xdo("type", "--window", g.window, "--delay", "20", "Bxf7+")
        g.key("Return")
        g.wait_for("Bxf7+ and the reply", lambda s: len(s["moves"]) == 2 and s["human_to_move"])
        g.key("ctrl+r")
        self.check("resign dialog", lambda s: s["dialog_title"] == T("Resign?"))
        g.key("Return")
        self.check("end of game", lambda s: s["result"] != "*" and s["dialog"] == 0)
        g.key("Escape")  # the end-of-game box
        # A finished game from a file opens whole on the analysis board, with its own players.
        game_file = os.path.join(g.dir, "finished.pgn")
        with open(game_file, "w", encoding="utf-8") as f:
            f.write('[Event "Club championship"]\n[Date "2026.11.20"]\n[White "Alexandra Kosteniuk-Smith"]\n'
                    '[Black "Bartholomew Featherstonehaugh"]\n[Result "0-1"]\n[Termination "Normal"]\n\n'
                    '1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 0-1\n')
        g.key("ctrl+o")
        self.check("file chooser", lambda s: s["dialog_title"] == T("Load a game") and "chooser_rows" in s)
        g.key("ctrl+a")
        xdo("type", "--window", g.window, "--delay", "3", game_file)
        g.key("Return")
        self.check("a game file opened whole", lambda s: s["screen"] == "analysis" and s["source"] == "finished.pgn")
        g.key("x")
        self.check("a game file with the explorer", lambda s: s["explorer_on"] and "explorer_filters" in s)
        g.key("x")
        g.wait_for("the explorer put away", lambda s: not s["explorer_on"])
        g.key("Escape")
        g.wait_for("the game again", lambda s: s["screen"] == "play")
        g.key("Escape")
        g.wait_for("the menu again", lambda s: s["screen"] == "menu")

        g.key("d")
        self.check("demo", lambda s: s["screen"] == "demo" and len(s["moves"]) >= 2)
        # The Scores screen and a stored game below need a recorded game: the demo's first one.
        g.wait_for("the first demo game to end", lambda s: s["result"] != "*", timeout=90)
        g.key("Escape")
        s = g.wait_for("the stop-the-demo dialog (or the menu, between games)",
                       lambda s: s["screen"] == "menu" or s["dialog"] != 0)
        if s["screen"] != "menu":
            g.key("Return")
        g.wait_for("the menu after the demo", lambda s: s["screen"] == "menu")

        g.key("t")
        self.check("settings players", lambda s: s["screen"] == "settings")
        g.key("End")  # the hint player at the bottom: uci, with what it may do beyond its sandbox
        self.check("settings players, the hint's permissions",
                   lambda s: any(c.startswith("hint.permissions.run-program@") for c in s["settings_controls"]))
        g.key("Home")
        g.key("2")
        self.check("settings demo")
        g.key("3")
        self.check("settings board and clock")
        g.key("Escape")
        g.wait_for("the menu after the settings", lambda s: s["screen"] == "menu")

        g.key("s")
        self.check("scores", lambda s: s["screen"] == "scores")
        g.key("Return")
        self.check("a stored game opened whole", lambda s: s["screen"] == "analysis" and s["game_id"] != 0)
        g.key("r")
        g.wait_for("the review done", lambda s: s.get("review") == "done", timeout=60)
        g.key("shift+Right")
        self.check("a stored game reviewed, at a mistake",
                   lambda s: s["review_marks"][s["ply"] - 1] != "" if any(s["review_marks"]) else s["ply"] == 0)
        # The engine on: the review's better lines in the tree, three engine lines.
        g.key("l")
        self.check("a reviewed game with the engine",
                   lambda s: s["screen"] == "analysis" and len(s["lines"]) >= 3)
        g.key("c")
        self.check("analysis comment dialog", lambda s: s["dialog"] == 1)
        g.key("Escape")
        g.wait_for("the comment dialog closed", lambda s: s["dialog"] == 0)
        g.key("b")
        self.check("position editor", lambda s: s["screen"] == "editor" and s["legal"])
        g.key("x")
        self.check("position editor refusing an empty board", lambda s: not s["legal"] and s["problem"] != "")
        g.key("Escape")
        g.wait_for("the analysis board again", lambda s: s["screen"] == "analysis")
        g.key("e")
        g.wait_for("the export dialog", lambda s: s.get("dialog_title", "") == T("Export as PGN"))
        g.key("Return")
        self.check("a stored game with a toast", lambda s: shows(s["toast"], "Game saved to {path}"))
        g.key("Escape")
        self.check("scores with a toast", lambda s: s["screen"] == "scores" and s["toast"] != "")
        g.key("Escape")
        self.check("menu with a toast", lambda s: s["screen"] == "menu" and s["toast"] != "")

        # Puzzles: one solved with a hint, one given up with its solution played out;
        # the menu's toast gone first, so that docs/make_screenshots.sh shows none.
        g.wait_for("the toast to end", lambda s: s["toast"] == "", timeout=15)
        g.key("z")
        s = self.check("puzzles", lambda s: s["screen"] == "puzzles" and s["may_move"])
        while any(len(m) != 4 for m in s["solution"].split()):  # no promotion picker here
            g.key("ctrl+n")
            s = g.wait_for("another puzzle", lambda s, was=s["puzzle_id"]: s["puzzle_id"] != was and s["may_move"]
                           and not s["recorded"])
        g.key("ctrl+h")
        self.check("puzzle with a hint", lambda s: s["hint"] != "")
        for played, move in enumerate(s["solution"].split()[0::2]):
            # Wait for the reply too: may_move alone can still be the state before the last drag.
            g.wait_for("the board to take a move",
                       lambda s, n=2 * played: s["may_move"] and len(s["moves"].split()) == n)
            g.drag(move[:2], move[2:4])
        self.check("puzzle solved", lambda s: s["state"] == "solved" and s["recorded"])
        g.key("ctrl+n")
        g.wait_for("the next puzzle", lambda s: s["may_move"] and not s["recorded"])
        g.key("ctrl+s")
        self.check("puzzle solution", lambda s: s["solution_shown"] == len(s["solution"].split()), timeout=20)
        g.key("Escape")
        g.wait_for("the menu after the puzzles", lambda s: s["screen"] == "menu")
        # Games: My games (the demo's game), a lichess export opened as a database, a game of it whole on the
        # analysis board with the opening explorer beside it.
        g.key("g")
        self.check("games", lambda s: s["screen"] == "games" and s["database"] != "")
        g.key("ctrl+o")
        g.wait_for("the file chooser", lambda s: "chooser_field" in s)
        g.key("ctrl+a")
        xdo("type", "--window", g.window, "--delay", "3", LICHESS_EXPORT)
        g.key("Return")
        self.check("games of a file", lambda s: s["screen"] == "games" and s["games_total"] == 3 and not s["importing"])
        g.key("Return")
        self.check("analysis of a database game", lambda s: s["screen"] == "analysis" and len(s["game_header"]) == 2)
        g.key("x")
        self.check("analysis with the explorer", lambda s: s["explorer_on"] and s["explorer_games"] == 3)
        g.key("Escape")
        g.wait_for("the list again", lambda s: s["screen"] == "games")
        g.key("Escape")
        g.wait_for("the menu after the games", lambda s: s["screen"] == "menu")
        g.key("m")  # the game played here was three-check: nothing of standard chess to practise
        self.check("practice with nothing due", lambda s: s["screen"] == "practice" and s["problem"] != "")
        g.key("Escape")
        g.wait_for("the menu after the practice", lambda s: s["screen"] == "menu")
        g.close(self.xd)

    def practice(self):
        """A second window on a game of the profile's from a file, reviewed: its mistakes practised."""
        home = tempfile.mkdtemp(prefix="gambit-gui-layout-practice-")
        with open(os.path.join(home, "blunders.pgn"), "w", encoding="utf-8") as f:
            f.write(BLUNDERS)
        g = self.g = Gambit(self.g_exe, "layout-practice-%dx%d" % self.size, CONFIG, args=["blunders.pgn"], home=home)
        g.find_window(self.xd)
        self.resize(*self.size)
        g.wait_for("the game opened whole", lambda s: s["screen"] == "analysis" and s["plies"] == BLUNDERS_PLIES
                   and (s["window_width"], s["window_height"]) == self.size)
        g.key("r")
        g.wait_for("the review done", lambda s: s.get("review") == "done", timeout=60)
        g.key("shift+Right")
        g.key("shift+Right")
        self.check("a game with mistakes reviewed", lambda s: s["ply"] > 0 and s["review_marks"][s["ply"] - 1] != "")
        for _ in range(3):  # the game goes back to the one the file opened in, then to the menu
            if g.state()["screen"] == "menu":
                break
            g.key("Escape")
            time.sleep(0.4)
        s = self.check("menu with positions to practise", lambda s: s["screen"] == "menu"
                       and any(shows(item, "Practise: {n} today") for item in s["menu_items"]))
        g.key("m")
        s = self.check("practice", lambda s: s["screen"] == "practice" and s["may_move"])
        g.key("ctrl+h")
        self.check("practice with a hint", lambda s: s["hint"] != "")
        wrong = [m for m in s["legal"] if m != s["solution"].split()[0] and len(m) == 4][0]
        g.drag(wrong[:2], wrong[2:4])
        self.check("practice, a move judged", lambda s: s["state"] != "solving" and not s["checking"], timeout=60)
        g.key("ctrl+s")
        self.check("practice solution", lambda s: s["solution_shown"] >= 1)
        g.close(self.xd)


def main():
    args = sys.argv[1:]
    shots = None
    if "--shots" in args:
        at = args.index("--shots")
        shots = os.path.abspath(args[at + 1])
        del args[at:at + 2]
        os.makedirs(shots, exist_ok=True)
    sizes = (SMALLEST, LARGE)
    if "--size" in args:
        at = args.index("--size")
        sizes = (tuple(int(n) for n in args[at + 1].split("x")),)
        del args[at:at + 2]
    global CONFIG
    if "--theme" in args:
        # A board theme: contrast, the high-contrast look of the whole window.
        at = args.index("--theme")
        CONFIG = CONFIG.replace("[ui]\n", '[ui]\ntheme = "%s"\n' % args[at + 1])
        del args[at:at + 2]
    global KEEP_GOING
    if "--keep-going" in args:
        KEEP_GOING = True
        args.remove("--keep-going")
    pseudo_words = None
    if "--language" in args:
        # A locale (de_DE.UTF-8), or qps: the test language that finds untranslated texts.
        at = args.index("--language")
        language = args[at + 1]
        del args[at:at + 2]
        global CATALOGUE, LANGUAGE_CODE
        po = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "po")
        sys.path.insert(0, po)
        import catalogue  # po/catalogue.py (needs python3-polib)
        if language == "qps":
            gui_test.LANGUAGE_ENVIRONMENT.update(LANGUAGE="qps")
            pseudo_words = DATA_WORDS
            CATALOGUE = catalogue.polib.pofile(os.path.join(po, "gambit.pot"))
            for entry in CATALOGUE:
                entry.msgstr = catalogue.pseudo_text(entry.msgid)
        else:
            gui_test.LANGUAGE_ENVIRONMENT.update(LANG=language)
            locale = language.split(".")[0]  # pt_BR.UTF-8: pt_BR.po, else pt.po
            name = locale if os.path.exists(os.path.join(po, locale + ".po")) else locale.split("_")[0]
            CATALOGUE = catalogue.polib.pofile(os.path.join(po, name + ".po"))
            LANGUAGE_CODE = name
    if len(args) != 1:
        print("usage: gui_layout_test.py path/to/gambit [--shots DIR] [--size WxH] [--language LOCALE|qps] "
              "[--theme THEME]",
              file=sys.stderr)
        return 2
    exe = os.path.abspath(args[0])
    started = time.monotonic()
    server = None
    try:
        server, name = start_own_display("1920x1200x24")
        os.environ["DISPLAY"] = name
        os.environ.pop("XAUTHORITY", None)
        xd = xdisplay.Display()
        problems = 0
        for size in sizes:
            walk = Walk(exe, xd, size, shots, pseudo_words)
            try:
                walk.run()
                walk.g.cleanup()
                walk.practice()
            finally:
                walk.g.cleanup()
            problems += walk.problems
            if walk.untranslated:
                raise Failed("%d texts shown never met the catalogue:\n    %s" % (
                    len(walk.untranslated), "\n    ".join(walk.untranslated)))
            print("%dx%d: no overlap on %d screens (%s)" % (size + (len(walk.checked), ", ".join(walk.checked))),
                  flush=True)
        xd.close()
        if problems:
            raise Failed("%d layout problems (above)" % problems)
    except Failed as failure:
        print("gui_layout_test: FAILED: %s" % failure, file=sys.stderr)
        return 1
    finally:
        if server:
            server.terminate()
            server.wait()
    print("gui_layout_test: passed in %.1f s" % (time.monotonic() - started))
    return 0


if __name__ == "__main__":
    sys.exit(main())
