#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""End-to-end test of the Gambit window: drives the real program with the mouse
and keyboard (xdotool) on an X display and reads what it shows from its
--state-file (a JSON object: screen, position, moves, where the board is).

    /usr/bin/python3 tests/e2e/gui_test.py path/to/gambit

Uses $DISPLAY; without one it starts its own Xvfb and stops it at the end.
Needs xdotool and python3-xlib. Scenarios:
  a) play against the random player: click-click, drag and drop, an illegal
     drop, undo, then close the window (WM_DELETE_WINDOW);
  b) the demo (random against random) advances, pauses, resumes, and closes
     while an AI may be thinking;
  c) close during a long search of alphabeta (the stop latency);
  d) a bad configuration is reported in words and the window still works;
  e) without a display the program says so and exits 1;
  f) games recorded by gambit-match show on the Scores screen and open whole;
  g) a plugin that crashes (in its own process) loses the game, the window
     stays up and a new game starts a fresh one;
  h) a game from gambit-match is reviewed from the Scores screen: its blunders
     are found and marked, N walks to a mistake, and the review is kept, so
     reopening the game shows it at once;
  i) a review at the default budget is cancelled (R again) and started again,
     and the window closes at once while it runs;
  j) a hostile plugin (snoop) tries to reach the network, start a process,
     run a shell and trace the window: each attempt is refused, said once in
     a toast and among the window's problems (listed on the menu), and the
     game goes on;
  k) Settings withdraws uci's permission to run its engine for one seat; it is
     saved as the seat's own, and the next game cannot start, naming it.
Prints one line per scenario; exits 1 on the first failure.
"""

import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from snoop_bait import DENIED, Bait  # noqa: E402

TIMEOUT = 20.0       # seconds for any state the window should reach
CLOSE_TIMEOUT = 15.0  # seconds for the program to exit after the close message (a loaded machine is slow)
POLL = 0.02

try:
    from Xlib import X, display as xdisplay
    from Xlib.protocol import event as xevent
except ImportError:
    print("gui_test: python3-xlib is missing (apt-get install python3-xlib)", file=sys.stderr)
    sys.exit(2)


class Failed(Exception):
    pass


def start_own_display(screen="1280x1024x24"):
    """Starts Xvfb on a free display number (chosen by the server). Returns (process, ':N')."""
    if not shutil.which("Xvfb"):
        raise Failed("DISPLAY is unset and Xvfb is not installed (apt-get install xvfb)")
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", screen, "-nolisten", "tcp"],
        pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    number = b""
    deadline = time.monotonic() + TIMEOUT
    with os.fdopen(read_fd, "rb") as pipe:
        while not number.endswith(b"\n") and time.monotonic() < deadline:
            chunk = pipe.read(1)  # Xvfb writes the number once it accepts connections
            if not chunk:
                break
            number += chunk
    if not number.strip().isdigit():
        server.kill()
        server.wait()
        raise Failed("Xvfb did not start (no display number reported)")
    return server, ":" + number.strip().decode()


# The locale variables every window of this test starts with, over LANG=C.UTF-8
# (English): e.g. {"LANG": "de_DE.UTF-8"}.
LANGUAGE_ENVIRONMENT = {}


class Gambit:
    """One run of the program in a fresh home folder, with its window."""

    def __init__(self, exe, name, config, args=(), home=None, environment=None):
        self.name = name
        self.dir = home or tempfile.mkdtemp(prefix="gambit-gui-" + name + "-")
        self.state_path = os.path.join(self.dir, "state.json")
        self.config_path = os.path.join(self.dir, "cfg.toml")
        with open(self.config_path, "w", encoding="utf-8") as f:
            f.write(config)
        env = dict(os.environ)
        if "XAUTHORITY" not in env and os.path.exists(os.path.expanduser("~/.Xauthority")):
            env["XAUTHORITY"] = os.path.expanduser("~/.Xauthority")  # HOME changes below
        # English unless the test asks for a language (LANGUAGE_ENVIRONMENT).
        for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
            env.pop(variable, None)
        env["LANG"] = "C.UTF-8"
        env.update(LANGUAGE_ENVIRONMENT)
        env.update(environment or {})
        env["HOME"] = self.dir
        env["XDG_CONFIG_HOME"] = os.path.join(self.dir, "config")
        env["XDG_DATA_HOME"] = os.path.join(self.dir, "data")
        env["XDG_STATE_HOME"] = os.path.join(self.dir, "state")
        self.stderr_path = os.path.join(self.dir, "stderr.txt")
        self.stderr = open(self.stderr_path, "wb")
        self.started = time.monotonic()
        self.proc = subprocess.Popen(
            [exe, "--config", self.config_path, "--state-file", self.state_path, *args],
            env=env, stdout=subprocess.DEVNULL, stderr=self.stderr, cwd=self.dir)
        self.window = None
        self.origin = (0, 0)
        self.last_state = None

    # --- reading the state -------------------------------------------------

    def state(self):
        try:
            with open(self.state_path, encoding="utf-8") as f:
                self.last_state = json.load(f)
        except (OSError, ValueError):
            pass  # not written yet (the writer renames a complete file into place)
        return self.last_state

    def fail(self, message):
        raise Failed("%s: %s\n  last state: %s\n  gambit's stderr (last lines):\n%s"
                     % (self.name, message, json.dumps(self.last_state), self.stderr_tail()))

    def stderr_tail(self, lines=25):
        self.stderr.flush()
        try:
            with open(self.stderr_path, encoding="utf-8", errors="replace") as f:
                text = f.read().splitlines()
        except OSError:
            return "    (none)"
        # ALSA and OpenAL complain at length on machines without sound: leave that out.
        noise = ("ALSA lib ", "AL lib: ", "An internal OpenAL call failed", "Expression:", "Error description:",
                 "Failed to open the audio device", "Failed to load sound buffer", "Setting vertical sync")
        kept = [line for line in text if line.strip() and not line.startswith(noise) and not line.startswith("   ")]
        dropped = len(text) - len(kept)
        shown = ["(%d lines of sound-system noise left out)" % dropped] if dropped else []
        shown += kept[-lines:] or ["(nothing else)"]
        return "\n".join("    " + line for line in shown)

    def wait_for(self, what, predicate, timeout=TIMEOUT):
        """Polls the state file until predicate(state) holds; returns the state."""
        deadline = time.monotonic() + timeout
        while True:
            state = self.state()
            if state is not None:
                try:
                    if predicate(state):
                        return state
                except (KeyError, IndexError, TypeError, AttributeError):
                    pass
            if self.proc.poll() is not None:
                self.fail("gambit exited with status %s while waiting for %s" % (self.proc.returncode, what))
            if time.monotonic() > deadline:
                self.fail("timed out after %.0f s waiting for %s" % (timeout, what))
            time.sleep(POLL)

    # --- the window ----------------------------------------------------------

    def find_window(self, xd, move=True):
        self.wait_for("the first state (the menu)",
                      lambda s: s["screen"] in ("menu", "demo", "play", "analysis"))
        try:
            out = subprocess.run(["xdotool", "search", "--sync", "--pid", str(self.proc.pid), "--name", "Gambit"],
                                 capture_output=True, text=True, timeout=TIMEOUT).stdout.split()
        except subprocess.TimeoutExpired:
            out = []
        if not out:
            self.fail("no window named Gambit of pid %d found by xdotool" % self.proc.pid)
        self.window = int(out[0])
        if not move:
            return self.window
        xdo("windowmove", self.window, 0, 0)
        xdo("windowraise", self.window)
        # The move is done by the server (or the window manager): wait until it shows.
        win = xd.create_resource_object("window", self.window)
        root = xd.screen().root
        deadline = time.monotonic() + TIMEOUT
        while True:
            pos = root.translate_coords(win, 0, 0)  # the window's (0,0) in screen coordinates
            geometry = win.get_geometry()
            if (pos.x, pos.y) == (0, 0) or time.monotonic() > deadline:
                break
            time.sleep(POLL)
        # A window manager may keep the window below its title bar: use wherever it is.
        self.origin = (pos.x, pos.y)
        self.geometry = (geometry.width, geometry.height)
        return self.window

    def key(self, name):
        xdo("key", "--window", self.window, name)

    def play(self):
        """From the menu: Play, then Start on the New Game screen (the choice the settings hold)."""
        self.key("p")
        self.wait_for("the New Game screen", lambda s: s["screen"] == "new_game")
        self.key("Return")

    def board_settings(self):
        """From the menu: Settings, its Board & clock tab; the state there."""
        self.key("t")
        self.wait_for("the settings screen", lambda s: s["screen"] == "settings")
        self.key("3")
        return self.wait_for("the Board & clock tab", lambda s: s["settings_tab"] == "board")

    def square_point(self, square, state=None):
        """Screen coordinates of the centre of a square ('e2'), from the board in the state."""
        state = state or self.state()
        size = float(state["board_size"]) / 8
        file, rank = ord(square[0]) - ord("a"), int(square[1]) - 1
        column, row = (7 - file, rank) if state["flipped"] else (file, 7 - rank)
        x = float(state["board_x"]) + (column + 0.5) * size
        y = float(state["board_y"]) + (row + 0.5) * size
        return int(round(self.origin[0] + x)), int(round(self.origin[1] + y))

    def click(self, square):
        x, y = self.square_point(square)
        xdo("mousemove", "--sync", x, y, "click", 1)

    def click_at(self, x, y):
        """A click at window coordinates (as the state dump gives them)."""
        xdo("mousemove", "--sync", int(self.origin[0] + x), int(self.origin[1] + y), "click", 1)

    def drag(self, origin, target, steps=6, on_pressed=None):
        x0, y0 = self.square_point(origin)
        x1, y1 = self.square_point(target)
        xdo("mousemove", "--sync", x0, y0, "mousedown", 1)
        if on_pressed:
            on_pressed()
        for i in range(1, steps + 1):
            xdo("mousemove", "--sync", int(x0 + (x1 - x0) * i / steps), int(y0 + (y1 - y0) * i / steps))
            time.sleep(0.02)  # pace the motion like a hand, so the window sees a drag
        xdo("mouseup", 1)

    def close(self, xd):
        """Sends the window manager's close message and waits for a clean exit; returns seconds taken."""
        win = xd.create_resource_object("window", self.window)
        protocols = xd.intern_atom("WM_PROTOCOLS")
        delete = xd.intern_atom("WM_DELETE_WINDOW")
        supported = win.get_wm_protocols() or []
        if delete not in supported:
            self.fail("the window does not take WM_DELETE_WINDOW (WM_PROTOCOLS: %s)" % supported)
        message = xevent.ClientMessage(window=win, client_type=protocols, data=(32, [delete, X.CurrentTime, 0, 0, 0]))
        sent = time.monotonic()
        win.send_event(message, event_mask=X.NoEventMask)
        xd.flush()
        try:
            status = self.proc.wait(timeout=CLOSE_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.fail("still running %.0f s after the close message" % CLOSE_TIMEOUT)
        took = time.monotonic() - sent
        if status != 0:
            self.fail("exited with status %d after the close message" % status)
        return took

    def cleanup(self, keep_home=False):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.stderr.close()
        if not keep_home:
            shutil.rmtree(self.dir, ignore_errors=True)


def xdo(*args):
    result = subprocess.run(["xdotool", *map(str, args)], capture_output=True, text=True, timeout=TIMEOUT)
    if result.returncode != 0:
        raise Failed("xdotool %s failed: %s" % (" ".join(map(str, args)), result.stderr.strip()))
    return result.stdout


PGN_EXTRACT = "/usr/games/pgn-extract"
ECO_FILE = "/usr/share/pgn-extract/eco.pgn"


def pgn_extract_opening(pgn_text):
    """The opening pgn-extract -e gives the first game of pgn_text, as the window
    names it ("C60 Ruy Lopez (Spanish opening)", "B90 Sicilian: Najdorf"), or ""."""
    result = subprocess.run([PGN_EXTRACT, "-s", "-e" + ECO_FILE], input=pgn_text, capture_output=True, text=True)
    tags = dict(re.findall(r'^\[(ECO|Opening|Variation|SubVariation) "([^"]*)"\]', result.stdout, re.M))
    text = " ".join(t for t in (tags.get("ECO", ""), tags.get("Opening", "")) if t)
    if tags.get("Variation"):
        text += ": " + tags["Variation"]
    if tags.get("SubVariation"):
        text += ", " + tags["SubVariation"]
    return text


def side_to_move(state):
    return state["fen"].split()[1]


# --- scenarios -----------------------------------------------------------------

def play_vs_ai(exe, xd):
    g = Gambit(exe, "play", '[white]\nplayer = "human"\n[black]\nplayer = "random"\n'
                            '[ui]\nanimation_ms = 0\nsounds = false\n')
    try:
        g.find_window(xd)
        g.wait_for("the menu", lambda s: s["screen"] == "menu")
        g.play()
        s = g.wait_for("the play screen with a board",
                       lambda s: s["screen"] == "play" and s["board_size"] > 0 and s["human_to_move"])
        # The buttons by their words: before the first move the game can be aborted, not undone.
        buttons = ["New game", "Undo", "Flip", "Abort", "Offer draw", "Hint", "Save", "Load", "Menu"]
        if s["buttons"] != buttons or "Undo" in s["buttons_enabled"] or "Abort" not in s["buttons_enabled"]:
            g.fail("before the first move the buttons should be %s with Undo disabled, not %s (enabled %s)"
                   % (buttons, s["buttons"], s["buttons_enabled"]))

        # Click-click: e2, then e4.
        g.click("e2")
        g.wait_for("e2 selected after a click", lambda s: s["selected"] == "e2")
        g.click("e4")
        s = g.wait_for("e2e4 and Black's reply, White to move",
                       lambda s: len(s["moves"]) == 2 and s["human_to_move"])
        if s["moves"][0] != "e2e4":
            g.fail("the clicked move should be e2e4, the moves are %s" % s["moves"])
        if side_to_move(s) != "w":
            g.fail("after Black's reply White should be to move")
        if s["buttons"][3] != "Resign" or "Undo" not in s["buttons_enabled"]:
            g.fail("after a move Resign should replace Abort and Undo be enabled: %s (enabled %s)"
                   % (s["buttons"], s["buttons_enabled"]))
        first_two = s["moves"]

        # Drag and drop: g1 to f3.
        g.drag("g1", "f3", on_pressed=lambda: g.wait_for("g1 picked up", lambda s: s["selected"] == "g1"))
        s = g.wait_for("g1f3 dragged and Black's reply",
                       lambda s: len(s["moves"]) == 4 and s["human_to_move"])
        if s["moves"][:3] != first_two + ["g1f3"]:
            g.fail("the dragged move should be g1f3 after %s, the moves are %s" % (first_two, s["moves"]))
        if side_to_move(s) != "w":
            g.fail("after Black's second reply White should be to move")
        four, fen = s["moves"], s["fen"]

        # An illegal drop snaps back: the rook on a1 dropped on a5. The cleared
        # selection shows the release was handled; the game must be unchanged.
        g.drag("a1", "a5", on_pressed=lambda: g.wait_for("a1 picked up", lambda s: s["selected"] == "a1"))
        s = g.wait_for("the rook dropped back (selection cleared)", lambda s: s["selected"] == "")
        if s["moves"] != four or s["fen"] != fen or not s["human_to_move"]:
            g.fail("an illegal drop a1-a5 changed the game: %s -> %s" % (four, s["moves"]))

        # Undo (Ctrl+Z) takes back Black's reply and White's move.
        g.key("ctrl+z")
        s = g.wait_for("two plies taken back", lambda s: len(s["moves"]) != 4)
        if s["moves"] != first_two or not s["human_to_move"]:
            g.fail("undo should leave %s with White (human) to move, not %s" % (first_two, s["moves"]))

        took = g.close(xd)
        print("a) play vs random: click e2e4, drag g1f3, illegal drop refused, undo 2 plies; "
              "closed in %.2f s (total %.1f s)" % (took, time.monotonic() - g.started), flush=True)
    finally:
        g.cleanup()


def submit_typed(g, text):
    """Types text into the move box and presses Enter once the box holds it."""
    xdo("type", "--window", g.window, "--delay", "30", text)
    g.wait_for("%r in the move box" % text, lambda s: s["move_box"] == text)
    g.key("Return")


def typed_moves(exe, xd):
    g = Gambit(exe, "typed", '[white]\nplayer = "human"\n[black]\nplayer = "random"\n'
                             '[ui]\nanimation_ms = 0\nsounds = false\n')
    try:
        g.find_window(xd)
        g.wait_for("the menu", lambda s: s["screen"] == "menu")
        g.play()
        g.wait_for("the play screen", lambda s: s["screen"] == "play" and s["human_to_move"])

        def type_move(text):
            submit_typed(g, text)

        # SAN, then UCI; the letters type, so "f" (a file) never flips the board.
        type_move("e4")
        g.wait_for("e4 played and answered", lambda s: len(s["moves"]) == 2 and s["human_to_move"])
        s = g.state()
        if s["moves"][0] != "e2e4" or s["move_box"] != "" or s["flipped"]:
            g.fail("typing e4 should play e2e4 and empty the box: %s" % s)
        type_move("g1f3")
        s = g.wait_for("g1f3 played and answered", lambda s: len(s["moves"]) == 4 and s["human_to_move"])
        if s["moves"][2] != "g1f3" or s["flipped"]:
            g.fail("typing g1f3 should play it without flipping the board: %s %s" % (s["moves"], s["flipped"]))
        # An illegal move is refused in words and stays in the box to be mended.
        type_move("Ke3")
        s = g.wait_for("the refusal", lambda s: s["move_error"] != "")
        if "not a legal move here" not in s["move_error"] or len(s["moves"]) != 4 or s["move_box"] != "Ke3":
            g.fail("Ke3 should be refused in words and kept in the box: %r %s" % (s["move_error"], s["moves"]))
        # Editing: Ctrl+A then typing replaces it; Escape empties the box; Ctrl+F flips.
        g.key("ctrl+a")
        type_move("Bc4")
        s = g.wait_for("Bc4 played and answered", lambda s: len(s["moves"]) == 6 and s["human_to_move"])
        if s["moves"][4] != "f1c4":
            g.fail("Ctrl+A and Bc4 should play f1c4: %s" % s["moves"])
        xdo("type", "--window", g.window, "--delay", "30", "Nc")
        g.wait_for("Nc typed", lambda s: s["move_box"] == "Nc")
        g.key("Escape")
        g.wait_for("the box emptied by Escape", lambda s: s["move_box"] == "" and s["screen"] == "play")
        g.key("ctrl+f")
        g.wait_for("the board flipped by Ctrl+F", lambda s: s["flipped"])
        # A key that answers a dialog or opens one types nothing: N answers No to "Load another game?" and
        # leaves the move box empty; Y answers Yes and the file chooser opens without a "y" in its field.
        g.key("ctrl+o")
        g.wait_for("Load's question", lambda s: s["dialog"] == 1 and s["dialog_text"] != "")
        g.key("n")
        s = g.wait_for("the question answered No", lambda s: s["dialog"] == 0)
        if s["move_box"] != "":
            g.fail("the N that answered the question went into the move box: %r" % s["move_box"])
        g.key("ctrl+o")
        g.wait_for("Load's question again", lambda s: s["dialog"] == 1 and s["dialog_text"] != "")
        g.key("y")
        s = g.wait_for("the file chooser", lambda s: s["dialog"] == 1 and "chooser_field" in s)
        if not s["chooser_field"].endswith("/"):
            g.fail("the Y that opened the file chooser was typed into its field: %r" % s["chooser_field"])
        g.key("Escape")
        g.wait_for("the chooser closed", lambda s: s["dialog"] == 0)
        took = g.close(xd)
        print("a2) typed moves: e4, g1f3, Ke3 refused in words, Ctrl+A Bc4, Escape, Ctrl+F; a key answering or "
              "opening a dialog typed nothing; closed in %.2f s" % took, flush=True)
    finally:
        g.cleanup()


def measured_levels(exe):
    """alphabeta's measured levels {name: Elo}, from the ratings file beside the plugin the window loads."""
    levels = {}
    with open(os.path.join(os.path.dirname(exe), "..", "lib", "gambit", "plugins", "gambit_alphabeta.ratings")) as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if len(fields) == 6 and not line.startswith("#"):
                levels[fields[0]] = float(fields[1])
    return levels


def new_game_as_black(exe, xd):
    """The New Game screen: Black against alphabeta at its weakest level with a 5+3 clock, by keys and a click;
    the AI opens, the board is seen from Black's side, and the choice is offered again next time."""
    g = Gambit(exe, "newgame", '[white]\nplayer = "human"\n[black]\nplayer = "random"\n'
                               '[ui]\nanimation_ms = 0\nsounds = false\n')
    try:
        g.find_window(xd)
        g.wait_for("the menu", lambda s: s["screen"] == "menu")
        g.key("p")
        s = g.wait_for("the New Game screen", lambda s: s["screen"] == "new_game")
        if (s["colour"], s["opponent"], s["clock"]) != ("white", "random", "0+0"):
            g.fail("the New Game screen should open on the settings' seats and clock: %s" % s)
        g.key("b")
        for _ in range(10):
            if g.state()["opponent"] == "alphabeta":
                break
            g.key("Right")
            time.sleep(0.1)
        s = g.wait_for("alphabeta chosen, with its levels", lambda s: s["opponent"] == "alphabeta" and s["levels"])
        g.key("Up")
        g.key("Up")
        g.key("Up")
        g.wait_for("its first level", lambda s: s["level"] == s["levels"][0])
        preset = [i for i in g.state()["layout"] if i["kind"] == "box" and i["name"] == "button 5+3"]
        if not preset:
            g.fail("no 5+3 clock button on the New Game screen")
        g.click_at(preset[0]["x"] + preset[0]["w"] / 2, preset[0]["y"] + preset[0]["h"] / 2)
        s = g.wait_for("the 5+3 clock chosen", lambda s: s["clock"] == "5+3")
        level = s["level"]
        g.key("Return")
        s = g.wait_for("the AI's first move as White", lambda s: s["screen"] == "play" and len(s["moves"]) >= 1
                       and s["human_to_move"])
        # A level named by its rating reads "alphabeta 600", one named in words "minimax (easy)".
        label = "alphabeta %s" % level if level.isdigit() else "alphabeta (%s)" % level
        if s["white"] != label or s["black"] != "Player" or not s["flipped"] \
                or s["white_clock_ms"] > 300000 + 3000:
            g.fail("the game should be %s as White against you as Black, board flipped, 5+3: %s" % (label, s))
        if not s["rated"] or s["rated_words"] != "Rated":
            g.fail("a game against a measured level from the start is rated: %s %r" % (s["rated"], s["rated_words"]))
        # Before Black's first move the game may only be aborted (nothing recorded): the dialog says so; No.
        g.key("ctrl+r")
        g.wait_for("the abort dialog", lambda s: s["dialog_title"] == "Abort the game?")
        g.key("Escape")
        g.wait_for("the abort dialog closed", lambda s: s["dialog"] == 0)
        g.click("e7")
        g.wait_for("e7 selected", lambda s: s["selected"] == "e7")
        g.click("e5")  # legal after any first move of White
        g.wait_for("the AI's second move", lambda s: len(s["moves"]) >= 3 and s["human_to_move"])
        # Resigning a rated game: the end speaks to you, with your rating's change.
        g.key("ctrl+r")
        g.wait_for("the resign dialog", lambda s: s["dialog_title"] == "Resign?")
        g.key("Return")
        s = g.wait_for("the end of the game", lambda s: s["result"] == "1-0" and "end_details" in s)
        details = s["end_details"]
        # Glicko-2 from its start (1500, deviation 350: a 95% margin of 686) against the level's measured rating.
        # Provisional before and after (a question mark, as lichess shows it).
        change = re.match(r"Your rating: 1500\? \u2192 (\d+)\? \(-(\d+)\)\.$", details[1] if len(details) > 1 else "")
        if s["end_headline"] != "You lost" or details[0] != "You resigned (1-0)." or len(details) != 2 \
                or not change or int(change.group(1)) != 1500 - int(change.group(2)):
            g.fail("the end should say You lost, You resigned (1-0). and the provisional rating going down from "
                   "1500?: %s %s" % (s["end_headline"], details))
        rating = int(change.group(1))
        g.key("Escape")  # the end-of-game box
        g.key("Escape")  # the menu
        g.wait_for("the menu", lambda s: s["screen"] == "menu")
        g.key("p")
        s = g.wait_for("the New Game screen again", lambda s: s["screen"] == "new_game")
        if (s["colour"], s["opponent"], s["level"], s["clock"]) != ("black", "alphabeta", level, "5+3"):
            g.fail("the New Game screen should offer the last choice again: %s" % s)
        # Play at my level: the measured level nearest the new rating, in one key, as Black again.
        measured = measured_levels(exe)
        nearest = min(measured, key=lambda lv: (abs(measured[lv] - rating), measured[lv]))
        g.key("Escape")
        s = g.wait_for("the menu with Play at my level", lambda s: s["screen"] == "menu" and "at_my_level" in s)
        if "alphabeta %s " % nearest not in s["at_my_level"] or "your Blitz rating %d" % rating not in s["at_my_level"]:
            g.fail("Play at my level should offer alphabeta %s, nearest the rating %d: %r"
                   % (nearest, rating, s["at_my_level"]))
        g.key("l")
        s = g.wait_for("a game at my level", lambda s: s["screen"] == "play" and len(s["moves"]) >= 1)
        if s["white"] != "alphabeta %s" % nearest or s["black"] != "Player":
            g.fail("Play at my level should start alphabeta %s as White against you: %s" % (nearest, s))
        took = g.close(xd)
        print("a3) new game as Black against alphabeta (%s), 5+3: the AI opened, board flipped; resigned: "
              "%r; the choice remembered; Play at my level chose alphabeta %s; closed in %.2f s"
              % (level, details[1], nearest, took), flush=True)
    finally:
        g.cleanup()


def demo(exe, xd):
    g = Gambit(exe, "demo", '[demo]\nmove_delay_ms = 0\n[demo.white]\nplayer = "random"\n'
                            '[demo.black]\nplayer = "random"\n[ui]\nanimation_ms = 0\nsounds = false\n',
               args=["--demo"])
    try:
        g.find_window(xd)
        first = g.wait_for("the demo screen", lambda s: s["screen"] == "demo" and "fen" in s)
        t0 = time.monotonic()
        # The game may start from a book opening of ten moves or more: count the players' moves past it.
        s = g.wait_for("more than 10 demo moves",
                       lambda s: len(s["moves"]) > len(first["moves"]) + 10 or s["demo_game"] > first["demo_game"])
        if s["fen"] == first["fen"]:
            g.fail("the demo's position did not change")
        advanced = time.monotonic() - t0

        if s["buttons"][0] != "Pause" or "Step" in s["buttons_enabled"]:
            g.fail("a running demo offers Pause, not Step: %s (enabled %s)" % (s["buttons"], s["buttons_enabled"]))
        g.key("space")
        # Paused, the first button says Resume and Step is enabled.
        paused = g.wait_for("the demo paused, offering Resume and Step",
                            lambda s: s["demo_paused"] and s["buttons"][0] == "Resume" and "Step" in s["buttons_enabled"])
        # Nothing may be played while paused (an AI's search may finish, but its move waits).
        # This one wait is a sleep by nature: we check that nothing happens.
        time.sleep(1.0)
        s = g.state()
        if (s["moves"], s["demo_game"]) != (paused["moves"], paused["demo_game"]) or not s["demo_paused"]:
            g.fail("the demo went on while paused: %d moves when paused, %d a second later"
                   % (len(paused["moves"]), len(s["moves"])))

        g.key("space")
        g.wait_for("the demo resumed and moving again",
                   lambda s: not s["demo_paused"] and (s["moves"] != paused["moves"] or s["demo_game"] != paused["demo_game"]))

        took = g.close(xd)
        print("b) demo random vs random: >10 moves in %.2f s, pause held 1 s, resumed; closed in %.2f s"
              % (advanced, took), flush=True)
    finally:
        g.cleanup()


def close_while_thinking(exe, xd):
    # alphabeta with no depth limit and a minute per move: closing must cancel the search.
    g = Gambit(exe, "thinking", '[demo]\nmove_delay_ms = 0\n'
                                '[demo.white]\nplayer = "alphabeta"\nlevel = "max"\n'
                                '[demo.white.options]\nmovetime_ms = 60000\n'
                                '[demo.black]\nplayer = "alphabeta"\nlevel = "max"\n'
                                '[demo.black.options]\nmovetime_ms = 60000\n'
                                '[ui]\nsounds = false\n',
               args=["--demo"])
    try:
        g.find_window(xd)
        g.wait_for("alphabeta thinking in the demo", lambda s: s["screen"] == "demo" and s["thinking"])
        took = g.close(xd)
        print("c) close while alphabeta thinks (60 s per move): closed in %.2f s" % took, flush=True)
    finally:
        g.cleanup()


def bad_config(exe, xd):
    g = Gambit(exe, "badconfig", '[ui]\ntheme = "magenta"\nsounds = false\n')
    try:
        g.find_window(xd)
        s = g.wait_for("the menu", lambda s: s["screen"] == "menu")
        problems = s["problems"]
        named = [p for p in problems if "theme" in p]
        if not named:
            g.fail("no problem names the theme: %s" % problems)
        if "magenta" not in named[0]:
            g.fail("the theme problem should quote the bad value 'magenta': %s" % named[0])
        # The window still works: the menu opens a game, Escape comes back.
        g.play()
        g.wait_for("the play screen", lambda s: s["screen"] == "play" and s["board_size"] > 0)
        g.key("Escape")
        g.wait_for("the menu again", lambda s: s["screen"] == "menu")
        took = g.close(xd)
        print("d) bad theme reported: %r; menu works; closed in %.2f s" % (named[0], took), flush=True)
    finally:
        g.cleanup()


def games_from_match(exe, name, match_args, more_config=""):
    """A store in a fresh folder holding the games gambit-match played with
    match_args; returns (folder, the config text naming that store)."""
    work = tempfile.mkdtemp(prefix="gambit-gui-%s-" % name)
    # The store path is absolute, so gambit-match and the window (which writes
    # the same text to a config file of its own) use one store.
    config = ('[store]\npath = "%s"\n[ui]\nsounds = false\nanimation_ms = 0\n%s'
              % (os.path.join(work, "gambit.db"), more_config))
    config_path = os.path.join(work, "cfg.toml")
    with open(config_path, "w", encoding="utf-8") as f:
        f.write(config)
    env = dict(os.environ, HOME=work, XDG_CONFIG_HOME=os.path.join(work, "config"),
               XDG_DATA_HOME=os.path.join(work, "data"))
    match = [os.path.join(os.path.dirname(exe), "gambit-match"), "--config", config_path] + match_args
    try:
        run = subprocess.run(match, env=env, capture_output=True, text=True, timeout=120, cwd=work)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise Failed("%s: gambit-match did not run: %s" % (name, error))
    if run.returncode != 0:
        raise Failed("%s: gambit-match exited with status %d: %s"
                     % (name, run.returncode, (run.stderr or run.stdout).strip()[-600:]))
    return work, config


def scores_from_match(exe, xd):
    """Games recorded by gambit-match show on the Scores screen and open whole, gone through move by move."""
    work, config = games_from_match(
        exe, "scores", ["--white", "random", "--black", "random", "--games", "2", "--movetime", "10"])
    g = None
    try:
        def match_row(state):
            for row in state["standings"]:
                label, _, counts = row.rpartition(": ")
                if "random" in label and " vs " in label and counts.split()[0] == "2":
                    return row
            return None

        g = Gambit(exe, "scores", config)
        g.find_window(xd)
        g.wait_for("the menu", lambda s: s["screen"] == "menu")
        g.key("s")
        s = g.wait_for("the scores screen with the 2 match games",
                       lambda s: s["screen"] == "scores" and match_row(s) and len(s["recent"]) == 2)
        row = match_row(s)
        if s["message"]:
            g.fail("the scores screen shows a message with games in the store: %r" % s["message"])

        g.key("Return")  # the first (newest) game has the focus
        s = g.wait_for("the game opened whole with its moves",
                       lambda s: s["screen"] == "analysis" and s["plies"] > 0)
        if s["ply"] != 0 or "random" not in s["white"] or "random" not in s["black"] or s["game_id"] == 0:
            g.fail("the stored game should open at ply 0 with random against random")
        if "gambit-match" not in " ".join(s["game_header"]):
            g.fail("the game's header should say where it was played: %r" % s["game_header"])
        g.key("End")
        s = g.wait_for("the last move shown", lambda s: s["screen"] == "analysis" and s["ply"] == s["plies"])
        plies = s["plies"]
        g.key("Escape")
        g.wait_for("the scores screen again", lambda s: s["screen"] == "scores" and len(s["recent"]) == 2)

        took = g.close(xd)
        print("f) scores from gambit-match: %r, 2 recent games; replayed %d plies to the end; closed in %.2f s"
              % (row, plies, took), flush=True)
    finally:
        if g:
            g.cleanup()
        shutil.rmtree(work, ignore_errors=True)


def stored_games(g, sql):
    """The rows of sql over the window's store, once it has any (waiting up to TIMEOUT for the game to be written)."""
    database = os.path.join(g.dir, "data", "gambit", "gambit.db")
    deadline = time.monotonic() + TIMEOUT
    rows = []
    while time.monotonic() < deadline and not rows:
        try:
            with sqlite3.connect("file:%s?mode=ro" % database, uri=True) as db:
                rows = db.execute(sql).fetchall()
        except sqlite3.Error:
            pass
        time.sleep(0.2)
    return rows


# Two people at one board, moves shown at once, no sound.
TWO_PEOPLE = '[white]\nplayer = "human"\n[black]\nplayer = "human"\n[ui]\nanimation_ms = 0\nsounds = false\n'


def game_of_two_people(g, xd, what):
    """From the menu to the Play screen's first position (what: the game, for the wait's message); its state."""
    g.find_window(xd)
    g.wait_for("the menu", lambda s: s["screen"] == "menu")
    g.play()
    return g.wait_for(what, lambda s: s["screen"] == "play" and s["board_size"] > 0)


def open_the_one_stored_game(g, plies):
    """From a finished game's end box through the menu and Scores to the store's one game, opened whole."""
    g.key("Escape")  # the end-of-game overlay
    g.key("Escape")  # the menu
    g.wait_for("the menu", lambda s: s["screen"] == "menu")
    g.key("s")
    g.wait_for("the scores screen with the game", lambda s: s["screen"] == "scores" and len(s["recent"]) == 1)
    g.key("Return")
    return g.wait_for("the game opened whole", lambda s: s["screen"] == "analysis" and s["plies"] == plies)


def click_moves(g, moves):
    """Plays moves (UCI) on the Play screen by click-click, each waited for; the state after the last."""
    for n, move in enumerate(moves, 1):
        g.click(move[:2])
        g.wait_for(move[:2] + " selected", lambda s, m=move: s["selected"] == m[:2])
        g.click(move[2:])
        s = g.wait_for("move %d (%s) played" % (n, move), lambda s, n=n: len(s["moves"]) == n)
    return s


def three_check(exe, xd):
    """[game] variant = "threecheck": two humans play to a third check; the window
    ends the game, counts the checks and records the game as three-check."""
    g = Gambit(exe, "threecheck", '[game]\nvariant = "threecheck"\n' + TWO_PEOPLE)
    try:
        s = game_of_two_people(g, xd, "a three-check game")
        if s["variant"] != "threecheck" or not s["fen"].endswith(" 3+3 0 1"):
            g.fail("the game should start as three-check with 3+3 checks to give, not %s %r" % (s["variant"], s["fen"]))
        moves = ["e2e4", "e7e5", "f1c4", "b8c6", "c4f7", "e8f7", "d1h5", "f7e7", "h5e5"]
        s = click_moves(g, moves)
        if s["moves"] != moves:
            g.fail("the clicked moves should be %s, not %s" % (moves, s["moves"]))
        if (s["white_checks"], s["black_checks"]) != (3, 0) or s["result"] != "1-0" \
                or s["outcome"] != "White wins by giving a third check":
            g.fail("after Qxe5+ White should have won by a third check, the window shows %s/%s checks, %r %r"
                   % (s["white_checks"], s["black_checks"], s["result"], s["outcome"]))
        rows = stored_games(g, "SELECT variant, result, reason, pgn FROM games")
        if len(rows) != 1 or rows[0][:3] != ("threecheck", "1-0", "third check") \
                or '[Variant "Three-check"]' not in rows[0][3]:
            g.fail("the store should hold the game as a three-check win by third check, it holds %r"
                   % [row[:3] for row in rows])
        # Its opening, in the store's PGN and in the replay, is the one pgn-extract -e gives its moves.
        opening = pgn_extract_opening(rows[0][3])
        stored = dict(re.findall(r'^\[(ECO|Opening) "([^"]*)"\]', rows[0][3], re.M))
        if not opening or not opening.startswith(stored.get("ECO", "?") + " " + stored.get("Opening", "?")):
            g.fail("the stored game's ECO and Opening tags %r should be pgn-extract's %r" % (stored, opening))
        # Replayed from the Scores screen, it ends with White's three checks given (0 of 3 left).
        s = open_the_one_stored_game(g, len(moves))
        if s["ply"] != 0 or s["opening"] != opening:  # at the start, the game's opening (it once showed none)
            g.fail("the replay should name the game's opening %r from its start, not %r" % (opening, s["opening"]))
        g.key("End")
        s = g.wait_for("the last position", lambda s: s["screen"] == "analysis" and s["ply"] == len(moves))
        if " 0+3 " not in s["fen"]:
            g.fail("the replayed end position should have White's checks used up (0+3), not %r" % s["fen"])
        if s["opening"] != opening:
            g.fail("the replay should name the opening %r, not %r" % (opening, s["opening"]))
        took = g.close(xd)
        print("g) three-check, human vs human: 9 clicked plies to the third check, counters 3/0, recorded as "
              "three-check (%s) and replayed to 0+3; closed in %.2f s" % (opening, took), flush=True)
    finally:
        g.cleanup()


def chess960(exe, xd):
    """[game] variant = "chess960" from start #700 (RBQKNNBR): two humans castle both ways, White by dropping its
    king on g1 (where O-O takes it), Black by dropping its king on its rook; the game is stored as Chess960 with its
    start, and opened again from Scores it ends where it was played."""
    g = Gambit(exe, "chess960", '[game]\nvariant = "chess960"\nchess960_start = 700\n' + TWO_PEOPLE)
    try:
        s = game_of_two_people(g, xd, "a Chess960 game")
        start = "rbqknnbr/pppppppp/8/8/8/8/PPPPPPPP/RBQKNNBR w KQkq - 0 1"
        if s["variant"] != "chess960" or s["fen"] != start or not s["header"].startswith("Chess960 #700"):
            g.fail("the game should start from Chess960 #700 %r, not %s %r (%r)" % (start, s["variant"], s["fen"],
                                                                                  s["header"]))
        clicked = ["e1d3", "b7b6", "f1g3", "c8b7", "f2f3", "c7c6", "g1f2", "b8c7"]
        s = click_moves(g, clicked)
        # O-O: the king dropped where castling puts it (no king step reaches g1); O-O-O: the king dropped on its rook.
        g.drag("d1", "g1")
        s = g.wait_for("White castled", lambda s: len(s["moves"]) == 9)
        g.drag("d8", "a8")
        s = g.wait_for("Black castled", lambda s: len(s["moves"]) == 10)
        if s["moves"][8:] != ["d1h1", "d8a8"]:
            g.fail("the drops should castle as the king taking its rook (d1h1, d8a8), not %s" % s["moves"][8:])
        final = s["fen"]
        if not final.startswith("2krnnbr/pqbppppp/1pp5/8/8/3N1PN1/PPPPPBPP/RBQ2RK1 w - -"):
            g.fail("after both castlings the kings and rooks should be on c8, d8, g1, f1: %r" % final)
        g.key("ctrl+r")  # White resigns (confirmed); the game is kept in the store
        g.wait_for("the question", lambda s: s["dialog"] != 0)
        g.key("Return")
        g.wait_for("White resigned", lambda s: s["result"] == "0-1")
        rows = stored_games(g, "SELECT variant, result, pgn FROM games")
        if len(rows) != 1 or rows[0][:2] != ("chess960", "0-1") or '[Variant "Chess960"]' not in rows[0][2] \
                or '[FEN "%s"]' % start not in rows[0][2] or not re.search(r"\bO-O\b", rows[0][2]) \
                or "O-O-O" not in rows[0][2]:
            g.fail("the store should hold the Chess960 game with its start and both castlings, it holds %r" % rows)
        s = open_the_one_stored_game(g, 10)
        g.key("End")
        s = g.wait_for("the last position", lambda s: s["screen"] == "analysis" and s["ply"] == 10)
        if s["fen"] != final:
            g.fail("the stored game should end where it was played, %r, not %r" % (final, s["fen"]))
        took = g.close(xd)
        print("g2) Chess960 #700, human vs human: O-O by the king's destination, O-O-O by the king on its rook, "
              "stored with its start and opened again at its end; closed in %.2f s" % took, flush=True)
    finally:
        g.cleanup()


def king_of_the_hill(exe, xd):
    """[game] variant = "kingofthehill": two humans, and White's king walks to e4: the game is won there, stored as
    King of the Hill with its ending, and opened again from Scores at its end."""
    g = Gambit(exe, "koth", '[game]\nvariant = "kingofthehill"\n' + TWO_PEOPLE)
    try:
        s = game_of_two_people(g, xd, "a King of the Hill game")
        if s["variant"] != "kingofthehill" or not s["header"].startswith("King of the Hill"):
            g.fail("the game should be King of the Hill, not %s (%r)" % (s["variant"], s["header"]))
        moves = ["d2d4", "e7e5", "d4e5", "d7d6", "e1d2", "d6e5", "d2e3", "a7a6", "e3e4"]
        s = click_moves(g, moves)
        if s["result"] != "1-0" or s["outcome"] != "White wins with the king on the hill":
            g.fail("Ke4 should win on the hill, the window shows %r %r" % (s["result"], s["outcome"]))
        final = s["fen"]
        rows = stored_games(g, "SELECT variant, result, reason, pgn FROM games")
        if len(rows) != 1 or rows[0][:3] != ("kingofthehill", "1-0", "king on the hill") \
                or '[Variant "King of the Hill"]' not in rows[0][3]:
            g.fail("the store should hold the game as a King of the Hill win on the hill, it holds %r"
                   % [row[:3] for row in rows])
        s = open_the_one_stored_game(g, len(moves))
        g.key("End")
        s = g.wait_for("the last position", lambda s: s["screen"] == "analysis" and s["ply"] == len(moves))
        if s["fen"] != final:
            g.fail("the stored game should end where it was played, %r, not %r" % (final, s["fen"]))
        took = g.close(xd)
        print("g3) King of the Hill, human vs human: Ke4 wins on the hill, stored with its ending and opened again "
              "at its end; closed in %.2f s" % took, flush=True)
    finally:
        g.cleanup()


def placed(items, name):
    """Where the control or button called name is, from the Settings screen's "name@x,y,w,h" list."""
    return tuple(int(v) for v in next(i for i in items if i.startswith(name + "@")).split("@")[1].split(","))


def settings_variant(exe, xd):
    """The Settings screen sets [game] variant: chosen with the mouse, saved to the
    user's file, and the next game is three-check."""
    g = Gambit(exe, "settings", '[ui]\nanimation_ms = 0\nsounds = false\n')
    try:
        g.find_window(xd)
        g.wait_for("the menu", lambda s: s["screen"] == "menu")
        g.board_settings()
        s = g.wait_for("the variant's control", lambda s: any(c.startswith("game.variant@") for c in s["settings_controls"]))
        if s["game.variant"] != "standard":
            g.fail("the variant should start as standard, not %r" % s["game.variant"])
        x, y, w, h = placed(s["settings_controls"], "game.variant")
        g.click_at(x + w - 12, y + h // 2)  # the choice's right arrow
        g.wait_for("threecheck chosen", lambda s: s["game.variant"] == "threecheck" and s["unsaved_changes"])
        bx, by, bw, bh = placed(s["settings_buttons"], "Save")
        g.click_at(bx + bw // 2, by + bh // 2)
        g.wait_for("the settings saved", lambda s: not s.get("unsaved_changes", True) or s["screen"] == "menu")
        saved = os.path.join(g.dir, "config", "gambit", "config.toml")
        text = open(saved, encoding="utf-8").read() if os.path.exists(saved) else ""
        if 'variant = "threecheck"' not in text:
            g.fail("the user's config file does not say variant = \"threecheck\":\n%s" % text)
        # A change not saved is not thrown away without asking: Back asks; Stay keeps it, Discard leaves.
        g.click_at(x + w - 12, y + h // 2)
        g.wait_for("another variant, unsaved", lambda s: s["game.variant"] != "threecheck" and s["unsaved_changes"])
        g.key("Escape")
        g.wait_for("the leave question", lambda s: s["dialog_title"] == "Leave without saving?")
        g.key("Escape")
        g.wait_for("stayed, the change kept", lambda s: s["dialog_title"] == "" and s["unsaved_changes"])
        g.key("Escape")
        g.wait_for("the leave question again", lambda s: s["dialog_title"] == "Leave without saving?")
        g.key("Return")
        g.wait_for("the menu", lambda s: s["screen"] == "menu")
        g.play()
        s = g.wait_for("a new game", lambda s: s["screen"] == "play" and s["board_size"] > 0)
        if s["variant"] != "threecheck":
            g.fail("after saving, the new game should be three-check, not %r" % s["variant"])
        took = g.close(xd)
        print("h) settings: variant set to threecheck with the mouse, saved to the user's file, the next game "
              "is three-check; closed in %.2f s" % took, flush=True)
    finally:
        g.cleanup()


def no_display(exe, xd):
    """Without a usable display the game says so in a sentence and exits 1 (SFML alone would abort)."""
    for display, words in ((None, "DISPLAY is not set"), (":4096", 'cannot open the display ":4096"')):
        env = dict(os.environ)
        env.pop("DISPLAY", None)
        if display:
            env["DISPLAY"] = display
        run = subprocess.run([exe], env=env, capture_output=True, text=True, timeout=30)
        if run.returncode != 1 or words not in run.stderr:
            raise Failed("DISPLAY=%s: expected exit 1 and %r, got exit %d, stderr %r"
                         % (display, words, run.returncode, run.stderr))
    # No fonts at all (fontconfig told of no font folder): the font is named, with the package to install.
    folder = tempfile.mkdtemp(prefix="gambit-gui-nofonts-")
    try:
        conf = os.path.join(folder, "fonts.conf")
        with open(conf, "w", encoding="utf-8") as f:
            f.write('<?xml version="1.0"?>\n<fontconfig></fontconfig>\n')
        env = dict(os.environ, FONTCONFIG_FILE=conf, HOME=folder, XDG_CONFIG_HOME=folder, XDG_DATA_HOME=folder)
        run = subprocess.run([exe], env=env, capture_output=True, text=True, timeout=30)
        if run.returncode != 1 or "DejaVu Sans" not in run.stderr or "fonts-dejavu-core" not in run.stderr:
            raise Failed("without fonts: expected exit 1 naming DejaVu Sans and fonts-dejavu-core, got exit %d, "
                         "stderr %r" % (run.returncode, run.stderr))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print("e) no display / unreachable display / no fonts: a sentence and exit 1", flush=True)


def test_plugin_dir(exe):
    """The folder of the test plugins that misbehave (CMake says; else beside the build's bin folder)."""
    return os.environ.get("GAMBIT_TEST_PLUGIN_DIR") or os.path.join(
        os.path.dirname(os.path.dirname(exe)), "tests", "core", "players", "plugins")


def crashing_plugin(exe, xd):
    config = ('[white]\nplayer = "human"\n[black]\nplayer = "raw"\n[black.options]\nbehaviour = "segfault"\n'
              '[ui]\nanimation_ms = 0\nsounds = false\n[plugins]\npaths = ["%s"]\n' % test_plugin_dir(exe))
    g = Gambit(exe, "crash", config)
    try:
        g.find_window(xd)
        g.wait_for("the menu", lambda s: s["screen"] == "menu")
        g.play()
        g.wait_for("the play screen", lambda s: s["screen"] == "play" and s["board_size"] > 0 and s["human_to_move"])
        g.click("e2")
        g.wait_for("e2 selected", lambda s: s["selected"] == "e2")
        g.click("e4")
        s = g.wait_for("Black's forfeit", lambda s: s["result"] == "1-0")
        wanted = "crashed (segmentation fault) while choosing a move" if os.environ.get("GAMBIT_SANITIZED") != "1" \
            else "while choosing a move"
        if wanted not in s["outcome"] or "raw" not in s["outcome"]:
            g.fail("the outcome should say the raw player crashed, it says %r" % s["outcome"])
        if g.proc.poll() is not None:
            g.fail("the window closed when the plugin crashed")
        took = g.close(xd)
        print("g) a crashing plugin forfeits in words (%s), the window stays up; closed in %.2f s"
              % (s["outcome"], took), flush=True)
    finally:
        g.cleanup()


def settings_permissions(exe, xd):
    """The Settings screen shows what a seat's plugin may do beyond its sandbox and grants it per seat: uci's
    permission to run its engine, withdrawn with the mouse and saved as that seat's own, keeps the next game
    from starting, with a sentence naming the permission."""
    g = Gambit(exe, "permissions", '[white]\nplayer = "human"\n[black]\nplayer = "uci"\n[black.options]\n'
               'command = "/usr/games/stockfish"\nmovetime_ms = 100\n[ui]\nanimation_ms = 0\nsounds = false\n')
    try:
        g.find_window(xd)
        g.wait_for("the menu", lambda s: s["screen"] == "menu")
        g.key("t")
        s = g.wait_for("the settings screen with uci's permissions",
                       lambda s: any(c.startswith("black.permissions.run-program@") for c in s["settings_controls"]))
        if s["black_granted"] != ["run-program", "write-file"]:
            g.fail("Gambit's own uci should be granted what it asks for, not %s" % s["black_granted"])
        if s["unsaved_changes"]:
            g.fail("Settings just opened should have nothing unsaved")
        x, y, w, h = placed(s["settings_controls"], "black.permissions.run-program")
        g.click_at(x + 11, y + h // 2)  # the box
        g.wait_for("run-program withdrawn", lambda s: s["black_granted"] == ["write-file"] and s["unsaved_changes"])
        g.key("ctrl+s")
        g.wait_for("the settings saved", lambda s: not s.get("unsaved_changes", True) or s["screen"] == "menu")
        saved = os.path.join(g.dir, "config", "gambit", "config.toml")
        text = open(saved, encoding="utf-8").read() if os.path.exists(saved) else ""
        if not re.search(r'\[black\]\nplayer = "uci"\npermissions = \["write-file"\]\n', text):
            g.fail("the user's config file does not give [black] its own permissions:\n%s" % text)
        g.key("Escape")
        g.wait_for("the menu", lambda s: s["screen"] == "menu")
        g.key("t")
        s = g.wait_for("the settings again", lambda s: s["screen"] == "settings" and "black_granted" in s)
        if s["black_granted"] != ["write-file"] or s["unsaved_changes"]:
            g.fail("Settings reopened should show the seat's own permissions, saved: %s, unsaved %r"
                   % (s["black_granted"], s["unsaved_changes"]))
        g.key("Escape")
        g.wait_for("the menu", lambda s: s["screen"] == "menu")
        g.play()
        s = g.wait_for("the game refused", lambda s: s["screen"] == "play" and s.get("failure"))
        if "not granted: run-program" not in s["failure"]:
            g.fail("the failure should name the permission withheld: %r" % s["failure"])
        took = g.close(xd)
        print("k) settings: uci's run-program withdrawn for Black with the mouse, saved as the seat's own; the game "
              "cannot start, saying so; closed in %.2f s" % took, flush=True)
    finally:
        g.cleanup()


def settings_without_sandbox(exe, xd):
    """With the sandbox off ([plugins] sandbox = "off") there is nothing to grant: the Settings screen shows no
    permission boxes for uci, and its grants stay as they were."""
    g = Gambit(exe, "nosandbox", '[plugins]\nsandbox = "off"\n[white]\nplayer = "human"\n[black]\nplayer = "uci"\n'
               '[black.options]\ncommand = "/usr/games/stockfish"\n[ui]\nanimation_ms = 0\nsounds = false\n')
    try:
        g.find_window(xd)
        g.wait_for("the menu", lambda s: s["screen"] == "menu")
        g.key("t")
        s = g.wait_for("the settings screen with uci as Black",
                       lambda s: s["screen"] == "settings" and s.get("black_player") == "uci")
        shown = [c for c in s["settings_controls"] if ".permissions." in c]
        if shown:
            g.fail("with the sandbox off no permission should be offered, but the screen shows %s" % shown)
        if s["black_granted"] != ["run-program", "write-file"] or s["unsaved_changes"]:
            g.fail("uci's grants should stay as they were, unsaved nothing: %s, %r"
                   % (s["black_granted"], s["unsaved_changes"]))
        took = g.close(xd)
        print("k2) settings with the sandbox off: no permission boxes, uci's grants kept; closed in %.2f s" % took,
              flush=True)
    finally:
        g.cleanup()


def hostile_plugin(exe, xd):
    bait = Bait()
    plugins = tempfile.mkdtemp(prefix="gambit-gui-plugins-")  # snoop alone, linked as a user would
    os.symlink(os.path.join(test_plugin_dir(exe), "gambit_test_snoop.so"), os.path.join(plugins, "gambit_snoop.so"))
    options = "".join(('%s = %s\n' if name == "port" else '%s = "%s"\n') % (name, value)
                      for name, value in bait.options())  # the port is a number
    config = ('[white]\nplayer = "human"\n[black]\nplayer = "snoop"\n[black.options]\n%s'
              '[ui]\nanimation_ms = 0\nsounds = false\n[plugins]\npaths = ["%s"]\n' % (options, plugins))
    told = ["Plugins: plugin 'snoop' tried " + notice for notice in DENIED]
    g = Gambit(exe, "hostile", config)
    try:
        g.find_window(xd)
        g.wait_for("the menu", lambda s: s["screen"] == "menu")
        g.play()
        # Its constructor tries everything as the game starts.
        g.wait_for("the attempts among the problems", lambda s: all(t in s["problems"] for t in told))
        g.wait_for("a toast of the attempts", lambda s: s["toast"].startswith("Plugins: plugin 'snoop' tried "))
        g.wait_for("the play screen", lambda s: s["screen"] == "play" and s["board_size"] > 0 and s["human_to_move"])
        g.click("e2")
        g.wait_for("e2 selected", lambda s: s["selected"] == "e2")
        g.click("e4")
        s = g.wait_for("snoop's reply", lambda s: len(s["moves"]) == 2 and s["human_to_move"])
        if s["result"] != "*":
            g.fail("the game should go on, it ended: %s" % s["outcome"])
        reply = s["moves"][1]
        g.key("Escape")
        g.wait_for("the menu question", lambda s: s["dialog_title"] == "Back to the menu?")
        g.key("Return")
        s = g.wait_for("the menu again", lambda s: s["screen"] == "menu")
        for t in told:
            if s["problems"].count(t) != 1:
                g.fail("%r should be among the problems once" % t)
            if not any(i["kind"] == "text" and len(i["name"]) > 20 and t.startswith(i["name"]) for i in s["layout"]):
                g.fail("the menu does not list %r" % t)
        for reached in bait.what_got_out():
            g.fail(reached)
        took = g.close(xd)
        print("j) a hostile plugin's %d attempts are refused, told in a toast and on the menu, and it plays %s; "
              "closed in %.2f s" % (len(told), reply, took), flush=True)
    finally:
        g.cleanup()
        bait.close()
        shutil.rmtree(plugins, ignore_errors=True)


def window_geometry(xd, window):
    """The window's drawing area on the screen: (x, y, width, height)."""
    win = xd.create_resource_object("window", window)
    pos = xd.screen().root.translate_coords(win, 0, 0)
    geometry = win.get_geometry()
    return pos.x, pos.y, geometry.width, geometry.height


def wait_for_geometry(g, xd, what, predicate):
    deadline = time.monotonic() + TIMEOUT
    while not predicate(window_geometry(xd, g.window)):
        if time.monotonic() > deadline:
            g.fail("%s: the window is at %s" % (what, window_geometry(xd, g.window)))
        time.sleep(POLL)


def placement_and_game_file(exe, xd):
    """The window opens where and as large as it was closed; a PGN named on
    the command line opens on the Play screen, and one with an illegal move
    loads up to it and says which move and why."""
    config = '[white]\nplayer = "human"\n[black]\nplayer = "human"\n[ui]\nanimation_ms = 0\nsounds = false\n'
    first = Gambit(exe, "placement", config)
    home = first.dir
    try:
        first.find_window(xd)
        xdo("windowsize", first.window, 1000, 700)
        xdo("windowmove", first.window, 130, 90)
        first.wait_for("the window resized to 1000x700",
                       lambda s: (s["window_width"], s["window_height"]) == (1000, 700))
        wait_for_geometry(first, xd, "moved to 130,90", lambda g: g == (130, 90, 1000, 700))
        first.close(xd)
    finally:
        first.cleanup(keep_home=True)
    game = os.path.join(home, "opening.pgn")
    with open(game, "w", encoding="utf-8") as f:
        f.write('[Event "Casual"]\n[White "Ann"]\n[Black "Bob"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n')
    second = Gambit(exe, "placement", config, args=(game,), home=home)
    try:
        second.find_window(xd, move=False)
        s = second.wait_for("the game from the command line on the Play screen",
                            lambda s: s["screen"] == "play" and len(s["moves"]) == 5)
        if s["moves"] != ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"] or "Loaded a game" not in s["toast"]:
            second.fail("opening.pgn should be loaded, 5 plies: %s, toast %r" % (s["moves"], s["toast"]))
        with open(game, encoding="utf-8") as f:
            expected = pgn_extract_opening(f.read())
        if not expected or s["opening"] != expected:
            second.fail("the opening shown should be pgn-extract's %r, not %r" % (expected, s["opening"]))
        if (s["window_width"], s["window_height"]) != (1000, 700):
            second.fail("the window should open at its last size 1000x700")
        wait_for_geometry(second, xd, "reopened where it was, 130,90", lambda g: g[:2] == (130, 90))
        second.close(xd)
    finally:
        second.cleanup(keep_home=True)
    broken = os.path.join(home, "broken.pgn")
    with open(broken, "w", encoding="utf-8") as f:
        f.write("1. e4 e5 2. Ke3 *\n")
    third = Gambit(exe, "placement", config, args=(broken,), home=home)
    try:
        third.find_window(xd, move=False)
        s = third.wait_for("the game loaded up to its illegal move, said in a dialog",
                           lambda s: s["screen"] == "play" and s["dialog_title"] != "")
        if s["dialog_title"] != "Loaded up to a move that cannot be played" or "Ke3" not in s["dialog_text"] \
                or s["moves"] != ["e2e4", "e7e5"]:
            third.fail("broken.pgn should load up to 2. Ke3 and say why: %r %r, moves %s"
                       % (s["dialog_title"], s["dialog_text"], s["moves"]))
        third.key("Return")
        third.wait_for("the dialog closed", lambda s: s["dialog"] == 0)
        third.close(xd)
        print("j) the window reopens at 130,90, 1000x700; opening.pgn from the command line opens with its "
              "5 plies (%s); a file with an illegal move loads up to it: %r" % (expected, s["dialog_text"]),
              flush=True)
    finally:
        third.cleanup()


def load_over_a_game(exe, xd):
    """Ctrl+O over a game in play: the loaded game's moves in the move list (the same length as the game left,
    which once kept the old list), and its clocks full, not the left game's (which once carried over)."""
    g = Gambit(exe, "load-over", '[white]\nplayer = "human"\n[black]\nplayer = "random"\n[clock]\nminutes = 10\n'
                                 '[ui]\nanimation_ms = 0\nsounds = false\n')
    try:
        for name, text in (("d4.pgn", '[Event "?"]\n[Result "*"]\n\n1. d4 d5 2. c4 e6 *\n'),
                           ("c4.pgn", '[Event "?"]\n[Result "*"]\n\n1. c4 c5 2. Nc3 Nc6 *\n')):
            with open(os.path.join(g.dir, name), "w", encoding="utf-8") as f:
                f.write(text)
        g.find_window(xd)
        g.wait_for("the menu", lambda s: s["screen"] == "menu")
        g.play()
        g.wait_for("the play screen", lambda s: s["screen"] == "play" and s["human_to_move"])
        # Four plies of the game in play, White's clock spent by the time taken to type them.
        submit_typed(g, "e4")
        g.wait_for("e4 answered", lambda s: len(s["moves"]) == 2 and s["human_to_move"])
        time.sleep(4)  # White's clock runs
        submit_typed(g, "Nf3")
        left = g.wait_for("Nf3 answered", lambda s: len(s["moves"]) == 4 and s["human_to_move"])
        if left["white_clock_ms"] > 596000:
            g.fail("White's clock should have run for its second move: %d ms" % left["white_clock_ms"])
        if left["move_list"][:1] != ["e4"]:
            g.fail("the move list should show the game in play: %s" % left["move_list"])
        for name, first in (("d4.pgn", "d4"), ("c4.pgn", "c4")):
            g.key("ctrl+o")
            s = g.wait_for("Load's question or the chooser", lambda s: s["dialog"] == 1)
            if "chooser_field" not in s:
                g.key("y")
                g.wait_for("the chooser", lambda s: s["dialog"] == 1 and "chooser_field" in s)
            path = os.path.join(g.dir, name)
            xdo("key", "--window", g.window, "ctrl+a")
            xdo("type", "--window", g.window, "--delay", "10", path)
            g.wait_for("the path typed", lambda s: s.get("chooser_field") == path)
            g.key("Return")
            s = g.wait_for("%s loaded" % name, lambda s: s["dialog"] == 0 and s["moves"][:1] == [first[0] + "2" + first[0] + "4"])
            if s["move_list"][:1] != [first] or len(s["move_list"]) != 4:
                g.fail("after loading %s the move list should show its moves, not the game before: %s"
                       % (name, s["move_list"]))
            # White's clock starts full (running again at once): the left game's White had spent 4 s.
            if s["black_clock_ms"] != 600000 or not left["white_clock_ms"] < s["white_clock_ms"] <= 600000:
                g.fail("a loaded game should begin with full clocks, not the left game's: %d and %d ms"
                       % (s["white_clock_ms"], s["black_clock_ms"]))
        took = g.close(xd)
        print("a6) Ctrl+O twice over games of the same length: the move list and the clocks the loaded game's; "
              "closed in %.2f s" % took, flush=True)
    finally:
        g.cleanup()


def premoves(exe, xd):
    """New Game's levels chosen by Tab and Enter; then, while the AI thinks, a move dragged is a premove: shown,
    then played the moment the AI has moved; one set up and cancelled with the right button is not played."""
    # Full strength on a clock of 3 minutes: seconds a move, time to set a premove up.
    g = Gambit(exe, "premove", '[white]\nplayer = "human"\n[black]\nplayer = "alphabeta"\nlevel = "max"\n'
                               '[clock]\nminutes = 3\n[ui]\nanimation_ms = 0\nsounds = false\n')
    try:
        g.find_window(xd)
        g.wait_for("the menu", lambda s: s["screen"] == "menu")
        # New Game's levels are in Tab's ring (they once were not): 1400 chosen by keys, then max again.
        g.key("p")
        g.wait_for("New Game at max", lambda s: s["screen"] == "new_game" and s["level"] == "max")
        tab_to(g, "level 1400")
        g.key("Return")
        g.wait_for("1400 chosen by Enter", lambda s: s["level"] == "1400")
        tab_to(g, "level max")
        g.key("space")
        g.wait_for("max chosen by Space", lambda s: s["level"] == "max")
        tab_to(g, "button Start")
        g.key("Return")
        g.wait_for("the play screen", lambda s: s["screen"] == "play" and s["human_to_move"])
        g.drag("e2", "e4")
        g.wait_for("e4 played, the AI thinking", lambda s: len(s["moves"]) == 1 and s["thinking"])
        g.drag("g1", "f3")
        # While the AI still thinks, the premove waits, shown (a machine slow enough to let it answer first fails
        # below, saying so).
        s = g.wait_for("the premove set (or already played)", lambda s: s["premove"] == "g1f3" or len(s["moves"]) >= 3)
        premove_seen = s["premove"] == "g1f3" and len(s["moves"]) == 1
        s = g.wait_for("the reply and the premove played", lambda s: len(s["moves"]) == 3, timeout=30)
        if s["moves"][2] != "g1f3" or s["premove"] != "":
            g.fail("the premove should be played at once after the reply: %s, %r" % (s["moves"], s["premove"]))
        g.wait_for("the AI thinking again", lambda s: s["thinking"])
        g.drag("d2", "d4")
        g.wait_for("the second premove", lambda s: s["premove"] == "d2d4" or len(s["moves"]) > 4)
        x, y = g.square_point("h5")
        xdo("mousemove", "--sync", x, y, "click", 3)
        s = g.wait_for("the AI's reply", lambda s: len(s["moves"]) == 4 and s["human_to_move"], timeout=30)
        time.sleep(0.5)  # a premove left would be played by now
        s = g.state()
        if len(s["moves"]) != 4 or s["premove"] != "":
            g.fail("a premove cancelled with the right button should not be played: %s %r" % (s["moves"], s["premove"]))
        if not premove_seen:
            g.fail("the AI answered before the premove could be seen: no premove was tested")
        took = g.close(xd)
        print("a7) premoves: Nf3 set up while the AI thought and played at once after its reply; d4 set up and "
              "cancelled by the right button, not played; closed in %.2f s" % took, flush=True)
    finally:
        g.cleanup()


def screen_pixel(xd, x, y):
    """The colour (r, g, b) of the screen at (x, y)."""
    data = xd.screen().root.get_image(x, y, 1, 1, X.ZPixmap, 0xffffffff).data
    return data[2], data[1], data[0]  # TrueColor's 32-bit pixel, least significant byte first: blue, green, red


def write_piece_set(folder, white, black, leave_out=(), broken=()):
    """Twelve SVG pieces named as pychess names them (wk.svg), each a square filling its picture:
    white ones in the colour `white`, black ones in `black`; files in leave_out not written, in broken not SVG."""
    os.makedirs(folder, exist_ok=True)
    for side, colour in (("w", white), ("b", black)):
        for letter in "kqrbnp":
            name = side + letter + ".svg"
            if name in leave_out:
                continue
            with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
                f.write("not a drawing" if name in broken else
                        "<svg xmlns='http://www.w3.org/2000/svg' width='45' height='45'>"
                        "<rect width='45' height='45' fill='%s'/></svg>" % colour)


def piece_sets(exe, xd):
    """The SVG piece sets other packages install, found in the XDG data folders: a set drawn on the board from
    its files; Settings offers only the sets that are here; a set with a broken file is drawn (that piece from the
    font) and the problem is said in words."""
    share = tempfile.mkdtemp(prefix="gambit-gui-share-")
    pieces = os.path.join(share, "pychess", "pieces")
    write_piece_set(os.path.join(pieces, "cburnett"), "#ff00ff", "#00ffff")
    write_piece_set(os.path.join(pieces, "merida"), "#ff00ff", "#00ffff", leave_out=("bk.svg",))
    write_piece_set(os.path.join(pieces, "alpha"), "#ffff00", "#0000ff", broken=("wk.svg",))
    config = ('[white]\nplayer = "human"\n[black]\nplayer = "human"\n'
              '[ui]\ntheme = "ice"\nanimation_ms = 0\nsounds = false\npiece_set = "%s"\n')
    try:
        g = Gambit(exe, "pieces", config % "cburnett", environment={"XDG_DATA_DIRS": share})
        try:
            g.find_window(xd)
            g.wait_for("the menu", lambda s: s["screen"] == "menu")
            g.play()
            s = g.wait_for("the board", lambda s: s["screen"] == "play" and s["board_size"] > 0)
            time.sleep(0.3)  # drawn
            seen = {square: screen_pixel(xd, *g.square_point(square, s)) for square in ("e2", "d8", "e4", "e5")}
            if seen["e2"] != (255, 0, 255) or seen["d8"] != (0, 255, 255):
                g.fail("cburnett's files should draw the white pawn magenta and the black queen cyan: %s" % seen)
            if seen["e4"] in ((255, 0, 255), (0, 255, 255)) or seen["e4"] == seen["e5"]:
                g.fail("the empty squares should show the ice board's two colours: %s" % seen)
            if s["problems"]:
                g.fail("a whole set should draw without problems: %s" % s["problems"])
            took = g.close(xd)
        finally:
            g.cleanup()
        g = Gambit(exe, "pieces-broken", config % "alpha", environment={"XDG_DATA_DIRS": share})
        try:
            g.find_window(xd)
            g.wait_for("the menu", lambda s: s["screen"] == "menu")
            s = g.board_settings()
            # xboard's set is not in this data folder, merida's is incomplete: neither is offered.
            if s["ui.piece_set_choices"] != ["dejavu", "freeserif", "cburnett", "alpha"]:
                g.fail("Settings should offer the font sets and the sets here: %s" % s["ui.piece_set_choices"])
            g.key("Escape")
            g.wait_for("the menu", lambda s: s["screen"] == "menu")
            g.play()
            s = g.wait_for("the board, and the broken file told",
                           lambda s: s["screen"] == "play" and s["board_size"] > 0 and s["problems"])
            wanted = "cannot draw '%s': " % os.path.join(pieces, "alpha", "wk.svg")
            if not any(p.startswith(wanted) for p in s["problems"]):
                g.fail("the broken file should be named in the problems: %s" % s["problems"])
            time.sleep(0.3)
            king, pawn = screen_pixel(xd, *g.square_point("e1", s)), screen_pixel(xd, *g.square_point("e2", s))
            if pawn != (255, 255, 0) or king == (255, 255, 0):
                g.fail("the pawn should come from alpha's file, the king from the font: %s %s" % (pawn, king))
            took += g.close(xd)
        finally:
            g.cleanup()
    finally:
        shutil.rmtree(share, ignore_errors=True)
    print("a8) piece sets: cburnett drawn from its SVG files on the ice board; Settings offered the sets found "
          "(not an incomplete one); a broken file named in words, its piece drawn from the font; closed in "
          "%.2f s" % took, flush=True)


def run_scenarios(program, scenarios):
    """Runs scenario(exe, xdisplay) for each of scenarios on $DISPLAY (or an own
    Xvfb) with the gambit named on the command line; the exit status."""
    if len(sys.argv) != 2:
        print("usage: %s path/to/gambit" % program, file=sys.stderr)
        return 2
    exe = os.path.abspath(sys.argv[1])
    if not os.access(exe, os.X_OK):
        print("%s: %s is not an executable" % (program, exe), file=sys.stderr)
        return 2
    if not shutil.which("xdotool"):
        print("%s: xdotool is missing (apt-get install xdotool)" % program, file=sys.stderr)
        return 2

    server = None
    started = time.monotonic()
    try:
        if not os.environ.get("DISPLAY"):
            server, name = start_own_display()
            os.environ["DISPLAY"] = name
            os.environ.pop("XAUTHORITY", None)
            print("%s: started Xvfb on %s" % (program, name), flush=True)
        xd = xdisplay.Display()
        for scenario in scenarios:
            scenario(exe, xd)
        xd.close()
    except Failed as failure:
        print("FAIL %s" % failure, file=sys.stderr, flush=True)
        return 1
    finally:
        if server is not None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=5)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
    print("%s: all scenarios passed in %.1f s" % (program, time.monotonic() - started), flush=True)
    return 0


def replay_the_one_game(exe, xd, name, config):
    """The window on the store holding one game, that game opened whole (on the analysis board)."""
    g = Gambit(exe, name, config)
    g.find_window(xd)
    g.wait_for("the menu", lambda s: s["screen"] == "menu")
    g.key("s")
    g.wait_for("the scores screen with the game", lambda s: s["screen"] == "scores" and len(s["recent"]) == 1)
    g.key("Return")
    return g, g.wait_for("the game opened whole", lambda s: s["screen"] == "analysis" and s["plies"] > 0)


def review_from_scores(exe, xd):
    """A recorded game reviewed from Scores: random's blunders found, written into the game, kept."""
    # Random against a rated level: random hangs pieces and walks into mates.
    # One seed for the opening and both players' choices, and a move time no
    # slow build reaches (the level stops at its nodes), so the game is the
    # same on every machine.
    work, config = games_from_match(
        exe, "review", ["--white", "random", "--black", "alphabeta", "--black-level", "1200", "--seed", "7",
                        "--games", "1", "--movetime", "5000"], "[review]\nnodes = 20000\n")
    g = None
    try:
        g, s = replay_the_one_game(exe, xd, "review", config)
        if s["review"] != "none":
            g.fail("a game never reviewed should show no review, got %r" % s["review"])
        started = time.monotonic()
        g.key("r")
        g.wait_for("the review running", lambda s: s.get("review") in ("running", "done"))
        s = g.wait_for("the review done", lambda s: s.get("review") == "done", timeout=120)
        took = time.monotonic() - started
        marks = s["review_marks"]
        if len(marks) != s["plies"]:
            g.fail("the review should mark every move: %d marks for %d plies" % (len(marks), s["plies"]))
        if s["review_blunders_white"] < 1 or "??" not in marks[0::2]:
            g.fail("random's blunders were not found: %d, marks %r" % (s["review_blunders_white"], marks))
        if not 0 <= s["review_accuracy_white"] < s["review_accuracy_black"]:
            g.fail("random should be less accurate than alphabeta: %r against %r"
                   % (s["review_accuracy_white"], s["review_accuracy_black"]))
        g.key("Home")
        g.wait_for("the start", lambda s: s["ply"] == 0)
        g.key("shift+Right")
        s = g.wait_for("the first mistake", lambda s: s["ply"] > 0)
        if marks[s["ply"] - 1] == "" or any(marks[:s["ply"] - 1]):
            g.fail("Shift+Right should go to the first marked move, went to ply %d of %r" % (s["ply"], marks))
        # The review is written into the game: the mistake's mark and words after the move, its evaluation.
        if not s["nags"] or "[%eval " not in s["pgn"] or not s["comment"]:
            g.fail("the mistake should carry its NAG and the review's words: %r %r" % (s["nags"], s["comment"]))
        # With the engine off, the evaluation bar shows the review's evaluation of the position.
        if s["engine_on"] or not s["bar"]:
            g.fail("the bar should show the review's evaluation with the engine off: engine %r, bar %r"
                   % (s["engine_on"], s["bar"]))
        first = s["ply"]
        # Export PGN writes the review in.
        g.key("e")
        g.wait_for("the export dialog", lambda s: s.get("dialog_title", "").startswith("Export"))
        g.key("Return")
        s = g.wait_for("the game exported", lambda s: s["toast"].startswith("Game saved to "))
        with open(s["toast"][len("Game saved to "):], encoding="utf-8") as f:
            exported = f.read()
        if "[%eval " not in exported or "$4" not in exported or "WhiteAccuracy" not in exported:
            g.fail("the exported game lacks its review:\n%s" % exported[:1500])
        # And its opening's tags, the ones pgn-extract -e gives it.
        opening = pgn_extract_opening(exported)
        written = re.findall(r'^\[(?:ECO|Opening) "([^"]*)"\]', exported, re.M)
        if not opening or len(written) != 2 or not opening.startswith(" ".join(written)):
            g.fail("the exported game's ECO and Opening tags should be pgn-extract's %r:\n%s" % (opening, exported[:800]))
        g.key("Escape")
        g.wait_for("the scores screen again", lambda s: s["screen"] == "scores")
        g.key("Return")
        s = g.wait_for("the game again", lambda s: s["screen"] == "analysis" and s["plies"] > 0)
        if s.get("review") != "done" or s["review_marks"] != marks or "[%eval " not in s["pgn"]:
            g.fail("the review should be kept and shown at once, got %r" % s.get("review"))
        closed = g.close(xd)
        print("h) review from scores: %d plies reviewed in %.1f s, white ?? %d, accuracy %.1f%% / %.1f%%, "
              "first mistake at ply %d; kept; closed in %.2f s"
              % (s["plies"], took, s["review_blunders_white"], s["review_accuracy_white"],
                 s["review_accuracy_black"], first, closed), flush=True)
    finally:
        if g:
            g.cleanup()
        shutil.rmtree(work, ignore_errors=True)


def review_cancel(exe, xd):
    """Cancel stops a running review at once; closing the window during one too."""
    # A budget no search reaches: only a cancel ends it.
    work, config = games_from_match(
        exe, "cancel", ["--white", "alphabeta", "--white-level", "1000", "--black", "alphabeta", "--black-level",
                        "800", "--games", "1", "--movetime", "20"], "[review]\nnodes = 1000000000\n")
    g = None
    try:
        g, _ = replay_the_one_game(exe, xd, "cancel", config)
        g.key("r")
        under_way = g.wait_for("the review under way", lambda s: s.get("review") == "running")
        time.sleep(0.5)
        started = time.monotonic()
        g.key("r")
        s = g.wait_for("the review cancelled", lambda s: s.get("review") == "none")
        cancelled_ms = 1000 * (time.monotonic() - started)
        if s["toast"] != "Review cancelled.":
            g.fail("a cancelled review should say so, the toast is %r" % s["toast"])
        if any(s["review_marks"]):
            g.fail("a cancelled review should leave no marks, got %r" % s["review_marks"])
        # No time is asserted: with a budget no search reaches, a review that ends at all was stopped (how soon
        # is printed; a loaded machine takes longer).
        g.key("r")
        g.wait_for("the review started again", lambda s: s.get("review") == "running")
        closed = g.close(xd)  # fails after CLOSE_TIMEOUT unless the close stops the review
        print("i) review cancelled in %.0f ms after %d positions, started again; closed while reviewing in %.2f s"
              % (cancelled_ms, under_way["review_done"], closed), flush=True)
    finally:
        if g:
            g.cleanup()
        shutil.rmtree(work, ignore_errors=True)


def tab_to(g, name, most=60):
    """Presses Tab until the control called name has the focus (the state's "focused")."""
    for _ in range(most):
        g.key("Tab")
        time.sleep(0.05)
        if g.wait_for("the focus to move", lambda s: s["focused"] != "").get("focused") == name:
            return
    g.fail("Tab never reached %r" % name)


def keyboard_only(exe, xd):
    """A whole game without the mouse: Tab to a control, Enter presses it, moves typed."""
    # Random's moves from a fixed seed: from the clock, it could pin the d-pawn (...Qa5) before d4 is typed.
    g = Gambit(exe, "keyboard", '[white]\nplayer = "human"\n[black]\nplayer = "random"\n[black.options]\nseed = 3\n'
                                '[ui]\nanimation_ms = 0\nsounds = false\n')
    try:
        g.find_window(xd)
        g.wait_for("the menu", lambda s: s["screen"] == "menu" and s["focused"] == "")
        g.key("Tab")
        g.wait_for("the first button focused", lambda s: s["focused"] == "button Play")
        g.key("shift+Tab")
        g.wait_for("Shift+Tab goes round to the last", lambda s: s["focused"] == "button Quit")
        tab_to(g, "button Play")
        g.key("Return")
        g.wait_for("New Game, nothing focused yet", lambda s: s["screen"] == "new_game" and s["focused"] == "")
        tab_to(g, "button Start")
        g.key("Return")
        g.wait_for("the game", lambda s: s["screen"] == "play" and s["human_to_move"])
        for n, move in enumerate(("e4", "Nf3", "Bc4"), start=1):
            submit_typed(g, move)
            g.wait_for("%s played and answered" % move, lambda s: len(s["moves"]) == 2 * n and s["human_to_move"])
        # Tab to a button, then type a move: Enter plays it, not the button.
        tab_to(g, "button Flip")
        xdo("type", "--window", g.window, "--delay", "30", "d4")
        g.wait_for("d4 in the move box, the ring gone", lambda s: s["move_box"] == "d4" and s["focused"] == "")
        g.key("Return")
        s = g.wait_for("d4 played and answered", lambda s: len(s["moves"]) == 8 and s["human_to_move"])
        if s["flipped"]:
            g.fail("Enter after typing a move should play it, not press Flip")
        tab_to(g, "button Resign")
        g.key("Return")
        g.wait_for("the resign dialog", lambda s: s["dialog_title"] == "Resign?")
        g.key("Tab")  # the dialog's buttons alone are within reach now
        s = g.wait_for("the dialog's first button focused", lambda s: s["focused"] != "")
        if s["focused"] not in ("button OK", "button Resign", "button Yes"):
            g.fail("Tab in a dialog should reach its buttons, not %r" % s["focused"])
        tab_to(g, s["focused"], most=2)  # round the dialog and back in two: only its two buttons are in the ring
        g.key("Return")
        s = g.wait_for("the game over", lambda s: s["result"] == "0-1" and s["dialog"] == 0)
        tab_to(g, "button Menu")
        g.key("Return")
        g.wait_for("back on the menu", lambda s: s["screen"] == "menu")
        took = g.close(xd)
        print("l) a game by keyboard alone: Tab to Play and Start, e4 Nf3 Bc4 typed, Tab to Flip then d4 typed "
              "plays d4, Tab to Resign, Enter, 0-1, Tab to Menu; closed in %.2f s" % took, flush=True)
    finally:
        g.cleanup()


SPEECH_MODULE = """GenericExecuteSynth "printf '%%s\\\\n' \\'$DATA\\' >> %s"
AddVoice "en" "MALE1" "none"
DefaultVoice "none"
GenericLanguage "en" "en" "utf-8"
AudioOutputMethod "alsa"
AudioALSADevice "null"
"""


def speech_service(folder):
    """A speech-dispatcher of the test's own, whose one voice writes each
    sentence as a line of folder/spoken.txt; its address for SPEECHD_ADDRESS."""
    conf = os.path.join(folder, "speechd")
    os.makedirs(os.path.join(conf, "modules"))
    with open(os.path.join(conf, "speechd.conf"), "w") as f:
        f.write('AddModule "recorder" "sd_generic" "recorder.conf"\nDefaultModule recorder\nDefaultLanguage "en"\n'
                'AudioOutputMethod "alsa"\nAudioALSADevice "null"\n')
    with open(os.path.join(conf, "modules", "recorder.conf"), "w") as f:
        f.write(SPEECH_MODULE % os.path.join(folder, "spoken.txt"))
    socket = os.path.join(folder, "speechd.sock")
    server = subprocess.Popen(["speech-dispatcher", "--run-single", "--communication-method", "unix_socket",
                               "--config-dir", conf, "--socket-path", socket, "--timeout", "120",
                               "--module-dir", "/usr/lib/speech-dispatcher-modules", "--log-dir", folder],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + TIMEOUT
    while not os.path.exists(socket) and time.monotonic() < deadline:
        time.sleep(POLL)
    return server, "unix_socket:" + socket


def speech(exe, xd):
    """Moves and the board said aloud through speech-dispatcher, and no service
    is a sentence, not a failure."""
    folder = tempfile.mkdtemp(prefix="gambit-speech-")
    server, address = speech_service(folder)
    said_file = os.path.join(folder, "spoken.txt")
    g = None

    def said():
        try:
            with open(said_file, encoding="utf-8") as f:
                return [line.strip() for line in f]
        except OSError:
            return []

    try:
        g = Gambit(exe, "speech", '[white]\nplayer = "human"\n[black]\nplayer = "random"\n'
                                  '[ui]\nanimation_ms = 0\nsounds = false\nspeech = "always"\n',
                   environment={"SPEECHD_ADDRESS": address})
        g.find_window(xd)
        g.wait_for("the menu", lambda s: s["screen"] == "menu")
        g.play()
        g.wait_for("the game", lambda s: s["screen"] == "play" and s["human_to_move"])

        def typed(text):
            submit_typed(g, text)

        typed("e4")
        s = g.wait_for("the reply said", lambda s: s["spoken"].startswith("Black: ") and s["human_to_move"])
        reply = s["spoken"]
        deadline = time.monotonic() + TIMEOUT
        while reply not in said() and time.monotonic() < deadline:
            time.sleep(POLL)
        if reply not in said():
            g.fail("speech-dispatcher did not say %r; it said %r" % (reply, said()))
        for command, answer in (("s e4", "e4: white pawn"), ("p N", "White knights: b1, g1"),
                                ("c", "This game has no clock."), ("r 1", "Rank 1: white rook on a1")):
            typed(command)
            g.wait_for("the answer to %r" % command, lambda s: s["spoken"].startswith(answer) and s["move_box"] == "")
            deadline = time.monotonic() + TIMEOUT
            while not any(line.startswith(answer) for line in said()) and time.monotonic() < deadline:
                time.sleep(POLL)
            if not any(line.startswith(answer) for line in said()):
                g.fail("speech-dispatcher did not say %r after %r: %r" % (answer, command, said()))
        g.key("ctrl+r")  # resign: the result is said
        g.wait_for("the resign dialog", lambda s: s["dialog_title"] == "Resign?")
        g.key("Return")
        s = g.wait_for("the result said", lambda s: s["result"] == "0-1" and "resign" in s["spoken"])
        g.close(xd)
        g.cleanup()
        # No speech service: said in words, and the game goes on.
        g = Gambit(exe, "no-speech", '[white]\nplayer = "human"\n[black]\nplayer = "random"\n'
                                     '[ui]\nanimation_ms = 0\nsounds = false\nspeech = "asked"\n',
                   environment={"SPEECHD_ADDRESS": "unix_socket:" + os.path.join(folder, "none.sock")})
        g.find_window(xd)
        g.wait_for("the menu", lambda s: s["screen"] == "menu")
        g.play()
        g.wait_for("the game", lambda s: s["screen"] == "play" and s["human_to_move"])
        typed("m")
        # The answer shows, and after it the sentence saying why it was not said.
        s = g.wait_for("the answer and a sentence saying speech is missing",
                       lambda s: s["toast"].startswith("Material: equal Speech is not available")
                       and s["spoken"] == "Material: equal")
        typed("e4")
        g.wait_for("the game going on", lambda s: len(s["moves"]) == 2)
        took = g.close(xd)
        print("m) speech: the reply %r, s e4, p N, c and r 1 answered and said by speech-dispatcher, the result "
              "said; without the service: %r, and the game goes on; closed in %.2f s" % (reply, s["toast"][:75], took),
              flush=True)
    finally:
        if g:
            g.cleanup()
        server.terminate()
        server.wait()
        shutil.rmtree(folder, ignore_errors=True)


def main():
    return run_scenarios("gui_test", (play_vs_ai, typed_moves, load_over_a_game, premoves, piece_sets, keyboard_only, speech, new_game_as_black, demo, close_while_thinking, bad_config, no_display, three_check,
                                      chess960, king_of_the_hill, settings_variant,
                                      scores_from_match, review_from_scores, review_cancel, crashing_plugin,
                                      hostile_plugin, settings_permissions, settings_without_sandbox,
                                      placement_and_game_file))


if __name__ == "__main__":
    sys.exit(main())
