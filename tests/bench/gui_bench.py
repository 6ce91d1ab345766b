#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Measures the game window (docs/performance.md): CPU use while idle in the
menu and while waiting for a human move, frame times while AIs think (gambit
--frame-stats), how long leaving a demo takes while alphabeta thinks, and
frame times while a game is reviewed (Replay screen, Review).

usage: tests/bench/gui_bench.py build/bin/gambit [review]   (review: that part alone)
Runs on $DISPLAY, or starts its own Xvfb when there is none. Needs xdotool and
Debian's python3-xlib (the Makefile installs both)."""
import json, os, shutil, subprocess, sys, tempfile, time

GAMBIT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "build/bin/gambit")
ONLY_REVIEW = sys.argv[2:] == ["review"]
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime of all threads


class Window:
    def __init__(self, config, *args, folder=None):
        self.dir = folder or tempfile.mkdtemp(prefix="gambit-bench-")
        self.state_path = os.path.join(self.dir, "state.json")
        with open(os.path.join(self.dir, "config.toml"), "w") as f:
            f.write(config)
        env = dict(os.environ, HOME=self.dir, XDG_CONFIG_HOME=self.dir, XDG_DATA_HOME=self.dir)
        self.proc = subprocess.Popen([GAMBIT, "--config", os.path.join(self.dir, "config.toml"),
                                      "--state-file", self.state_path, *args], env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.window = subprocess.check_output(["xdotool", "search", "--sync", "--name", "^Gambit"],
                                              text=True).split()[0]

    def state(self):
        try:
            with open(self.state_path) as f:
                return json.load(f)
        except (OSError, ValueError):
            return {}

    def wait(self, predicate, timeout=30):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            s = self.state()
            if s and predicate(s):
                return s
            time.sleep(0.005)
        raise SystemExit(f"timed out; last state: {self.state()}")

    def key(self, name):
        subprocess.check_call(["xdotool", "key", "--window", self.window, name])

    def close(self):
        from Xlib import X, display, protocol
        d = display.Display()
        w = d.create_resource_object("window", int(self.window))
        protocols, delete = d.intern_atom("WM_PROTOCOLS"), d.intern_atom("WM_DELETE_WINDOW")
        event = protocol.event.ClientMessage(window=w, client_type=protocols, data=(32, [delete, X.CurrentTime, 0, 0, 0]))
        w.send_event(event)
        d.flush()
        out, _ = self.proc.communicate(timeout=20)
        shutil.rmtree(self.dir, ignore_errors=True)
        return self.proc.returncode, out


def measure_cpu(w, seconds=10):
    before, t0 = cpu_seconds(w.proc.pid), time.monotonic()
    time.sleep(seconds)
    return 100 * (cpu_seconds(w.proc.pid) - before) / (time.monotonic() - t0)


def measure_review():
    """A 40-move game from gambit-match reviewed at the default budget in the window."""
    folder = tempfile.mkdtemp(prefix="gambit-bench-review-")
    config = f'[store]\npath = "{folder}/gambit.db"\n[ui]\nsounds = false\n'
    with open(os.path.join(folder, "config.toml"), "w") as f:
        f.write(config)
    env = dict(os.environ, HOME=folder, XDG_CONFIG_HOME=folder, XDG_DATA_HOME=folder)
    match = os.path.join(os.path.dirname(GAMBIT), "gambit-match")
    subprocess.run([match, "--config", os.path.join(folder, "config.toml"), "--white", "alphabeta", "--white-level",
                    "1400", "--black", "alphabeta", "--black-level", "1400", "--games", "1", "--movetime", "50"],
                   env=env, check=True, capture_output=True)
    w = Window(config, "--frame-stats", folder=folder)
    w.wait(lambda s: s.get("screen") == "menu")
    w.key("s")
    w.wait(lambda s: s.get("screen") == "scores")
    w.key("Return")
    s = w.wait(lambda s: s.get("screen") == "replay")
    t0 = time.monotonic()
    w.key("r")
    w.wait(lambda s: s.get("review") == "done", timeout=600)
    took = time.monotonic() - t0
    status, out = w.close()
    print(f"review of a {s['plies']}-ply game in the window: {took:.1f} s; gambit --frame-stats:")
    print("  " + out.strip().replace("\n", "\n  "))


def main():
    xvfb = None
    if not os.environ.get("DISPLAY"):
        os.environ["DISPLAY"] = ":97"
        xvfb = subprocess.Popen(["Xvfb", ":97", "-screen", "0", "1280x960x24"], stderr=subprocess.DEVNULL)
        time.sleep(1)
    try:
        if ONLY_REVIEW:
            return measure_review()
        w = Window('[black]\nplayer = "alphabeta"\nlevel = "easy"\n')
        w.wait(lambda s: s.get("screen") == "menu")
        time.sleep(2)
        print(f"idle in the menu:               {measure_cpu(w):5.1f}% of one core")
        w.key("p")  # Play opens the New Game screen; Enter starts the game it shows (White against alphabeta)
        w.wait(lambda s: s.get("screen") == "new_game")
        w.key("Return")
        w.wait(lambda s: s.get("screen") == "play" and s.get("human_to_move"))
        time.sleep(2)
        print(f"waiting for the human's move:   {measure_cpu(w):5.1f}% of one core")
        w.close()

        demo = ('[demo]\nmove_delay_ms = 0\n[demo.white]\nplayer = "alphabeta"\n[demo.white.options]\nmovetime_ms = 1000\n'
                '[demo.black]\nplayer = "alphabeta"\n[demo.black.options]\nmovetime_ms = 1000\n')
        w = Window(demo, "--demo", "--frame-stats")
        w.wait(lambda s: s.get("screen") == "demo")
        time.sleep(20)
        status, out = w.close()
        print("AI vs AI (alphabeta, 1 s a move), gambit --frame-stats:")
        print("  " + out.strip().replace("\n", "\n  "))

        latencies = []
        for _ in range(5):
            w = Window(demo, "--demo")
            w.wait(lambda s: s.get("screen") == "demo" and s.get("thinking"))
            time.sleep(0.3)
            w.key("Escape")
            w.wait(lambda s: s.get("dialog", 0) != 0)
            w.wait(lambda s: s.get("thinking"))
            t0 = time.monotonic()
            w.key("Return")
            w.wait(lambda s: s.get("screen") == "menu")
            latencies.append(1000 * (time.monotonic() - t0))
            w.close()
        latencies.sort()
        print(f"leave the demo while alphabeta thinks -> menu shown: median {latencies[2]:.0f} ms, "
              f"worst {latencies[-1]:.0f} ms (5 runs, includes X event delivery and one frame)")
        measure_review()
    finally:
        if xvfb:
            xvfb.kill()


if __name__ == "__main__":
    main()
