# SPDX-License-Identifier: MIT
"""An installed Gambit works from its own prefix and reads nothing of the tree
it was built from; a plugin built out of tree against the installed SDK plays.

  install_test.py CMAKE BUILD_DIR SOURCE_DIR CXX_COMPILER

Installs the build into a temporary prefix, then moves that prefix elsewhere
(so nothing may depend on where it was installed), and runs the installed
programs there under strace with a fresh home: gambit-match plays a game with
the installed plugins, gambit-engine answers UCI, the window shows its menu
(with a display; not in a sanitizer build, whose leak checker reports the GL
driver). No file under the source or build folder may be touched. Then
examples/plugin-template, copied out, is built against the installed SDK,
copied into $XDG_DATA_HOME/gambit/plugins and plays through gambit-match.
The installed desktop entry and metainfo must pass their validators.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time


class Failed(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failed(message)


class Installed:
    def __init__(self, root, source_dir, build_dir):
        self.root = root
        self.prefix = os.path.join(root, "gambit")
        self.home = os.path.join(root, "home")
        self.forbidden = [os.path.realpath(source_dir), os.path.realpath(build_dir)]
        self.traces = 0

    def env(self):
        env = {"PATH": "/usr/bin:/bin", "HOME": self.home, "LANG": "C.UTF-8",
               "XDG_CONFIG_HOME": os.path.join(self.home, ".config"),
               "XDG_DATA_HOME": os.path.join(self.home, ".local", "share"),
               "XDG_STATE_HOME": os.path.join(self.home, ".local", "state")}
        for key, value in os.environ.items():
            if key in ("DISPLAY", "XAUTHORITY") or key.endswith("SAN_OPTIONS"):
                env[key] = value
        return env

    def program(self, name):
        return os.path.join(self.prefix, "bin", name)

    def traced(self, args):
        """The command under strace, and the file its trace goes to."""
        self.traces += 1
        log = os.path.join(self.root, "trace%d.txt" % self.traces)
        return ["strace", "-f", "-qq", "-s", "4096", "-e", "trace=%file,execve", "-o", log] + args, log

    def touched(self, log):
        """Every path the traced programs named, absolute."""
        paths = set()
        with open(log, encoding="utf-8", errors="replace") as f:
            for line in f:
                for path in re.findall(r'"((?:[^"\\]|\\.)*)"', line):
                    if path.startswith("/"):
                        paths.add(os.path.normpath(path))
        return paths

    def check_trace(self, log, what):
        paths = self.touched(log)
        bad = sorted(p for p in paths for root in self.forbidden if p == root or p.startswith(root + "/"))
        check(not bad, "%s touched the tree it was built from:\n  %s" % (what, "\n  ".join(bad[:20])))
        return paths

    def run(self, args, what, stdin=None, timeout=240):
        command, log = self.traced(args)
        result = subprocess.run(command, input=stdin, capture_output=True, text=True, env=self.env(),
                                cwd=self.home, timeout=timeout)
        check(result.returncode == 0, "%s exited with %d:\n%s%s" % (what, result.returncode, result.stdout[-3000:],
                                                                   result.stderr[-3000:]))
        return result.stdout, self.check_trace(log, what)


def install(cmake, build_dir, installed):
    staging = os.path.join(installed.root, "staging")
    result = subprocess.run([cmake, "--install", build_dir, "--prefix", staging], capture_output=True, text=True)
    check(result.returncode == 0, "cmake --install failed:\n" + result.stdout + result.stderr)
    os.rename(staging, installed.prefix)  # a prefix must work wherever it is moved
    os.makedirs(installed.home)
    for path in ("bin/gambit", "bin/gambit-engine", "bin/gambit-match", "bin/gambit-review", "bin/gambit-perft",
                 "bin/gambit-db",
                 "lib/gambit/gambit-plugin-host", "lib/gambit/plugins/gambit_alphabeta.so",
                 "lib/gambit/plugins/gambit_alphabeta.nnue",
                 "share/gambit/gambit.toml", "share/gambit/sounds/move.wav", "share/gambit/books/gambit-balanced.epd",
                 "share/applications/gambit.desktop",
                 "share/icons/hicolor/scalable/apps/gambit.svg", "share/icons/hicolor/48x48/apps/gambit.png",
                 "share/man/man1/gambit.1.gz", "share/man/man1/gambit-match.1.gz",
                 "share/metainfo/org.gambitchess.gambit.metainfo.xml", "include/gambit/player_sdk.h",
                 "lib/cmake/GambitPlayerSDK/GambitPlayerSDKConfig.cmake"):
        check(os.path.isfile(os.path.join(installed.prefix, path)), "not installed: " + path)
    print("installed into a temporary prefix and moved")


def validators(installed):
    share = os.path.join(installed.prefix, "share")
    for command in (["desktop-file-validate", os.path.join(share, "applications", "gambit.desktop")],
                    ["appstreamcli", "validate", "--no-net", "--pedantic",
                     os.path.join(share, "metainfo", "org.gambitchess.gambit.metainfo.xml")]):
        result = subprocess.run(command, capture_output=True, text=True)
        output = (result.stdout + result.stderr).strip()
        check(result.returncode == 0 and ("E:" not in output and "W:" not in output and "I:" not in output),
              "%s reports:\n%s" % (command[0], output))
    print("desktop-file-validate and appstreamcli validate: clean")


def match(installed):
    out, paths = installed.run([installed.program("gambit-match"), "--white", "alphabeta", "--black", "random",
                                "--games", "2", "--white-option", "depth=2"], "gambit-match")
    check("Finished game 2" in out, "gambit-match did not finish two games:\n" + out)
    plugin = os.path.join(installed.prefix, "lib", "gambit", "plugins", "gambit_alphabeta.so")
    host = os.path.join(installed.prefix, "lib", "gambit", "gambit-plugin-host")
    check(plugin in paths and host in paths, "gambit-match did not use the installed plugin and host")
    check(os.path.isfile(os.path.join(installed.home, ".local", "share", "gambit", "gambit.db")),
          "gambit-match kept its games somewhere other than $XDG_DATA_HOME/gambit")
    print("gambit-match played 2 games with the installed plugins and gambit-plugin-host")


def engine(installed):
    out, _ = installed.run([installed.program("gambit-engine")], "gambit-engine",
                           stdin="uci\nisready\nposition startpos moves e2e4\ngo depth 2\nquit\n")
    for expected in ("id name", "uciok", "readyok", "bestmove"):
        check(expected in out, "gambit-engine did not answer %r:\n%s" % (expected, out))
    print("gambit-engine answers uci, isready and go")


def translations(installed, source_dir):
    po = os.path.join(source_dir, "po")
    with open(os.path.join(po, "LINGUAS"), encoding="utf-8") as f:
        languages = [w for line in f for w in line.split("#")[0].split()]
    for language in languages:
        mo = os.path.join(installed.prefix, "share", "locale", language, "LC_MESSAGES", "gambit.mo")
        check(os.path.isfile(mo), "not installed: the %s catalogue" % language)
    # gambit --help in German, from the installed catalogue (no display needed before the window opens).
    import polib  # python3-polib, which the Makefile installs
    german = polib.pofile(os.path.join(po, "de.po")).find("Start straight in the demo (AI vs AI)").msgstr
    command, log = installed.traced([installed.program("gambit"), "--help"])
    result = subprocess.run(command, capture_output=True, text=True, env=dict(installed.env(), LANGUAGE="de"),
                            cwd=installed.home, timeout=60)
    check(result.returncode == 0 and german in result.stdout,
          "gambit --help with LANGUAGE=de does not say %r:\n%s" % (german, result.stdout[-2000:]))
    paths = installed.check_trace(log, "gambit --help")
    check(any(p.endswith("/share/locale/de/LC_MESSAGES/gambit.mo") and p.startswith(installed.prefix) for p in paths),
          "gambit --help did not read the installed German catalogue")
    print("the %d catalogues are installed; gambit --help speaks German from the installed one" % len(languages))


def window(installed):
    if os.environ.get("GAMBIT_SANITIZED") == "1" or not os.environ.get("DISPLAY"):
        print("the window: not checked here (%s)" % ("a sanitizer build" if os.environ.get("DISPLAY") else
                                                    "no display"))
        return
    state_path = os.path.join(installed.root, "state.json")
    command, log = installed.traced([installed.program("gambit"), "--state-file", state_path])
    proc = subprocess.Popen(command, env=installed.env(), cwd=installed.home, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    state = None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with open(state_path, encoding="utf-8") as f:
                state = json.load(f)
            if state.get("screen") == "menu":
                break
        except (OSError, ValueError):
            pass
        time.sleep(0.1)
    running = proc.poll() is None
    if running:
        os.killpg(proc.pid, signal.SIGTERM)  # strace and the window
    _, stderr = proc.communicate(timeout=30)
    check(running and state and state.get("screen") == "menu",
          "the installed window did not show its menu (state %s):\n%s" % (state, stderr[-3000:]))
    check(state.get("problems") == [], "a fresh install should start without problems: %s" % state.get("problems"))
    installed.check_trace(log, "the window")
    print("the installed window shows its menu")


def plugin_template(installed, source_dir, compiler, cmake):
    template = os.path.join(installed.root, "plugin-template")
    shutil.copytree(os.path.join(source_dir, "examples", "plugin-template"), template)
    build = os.path.join(template, "build")
    for command in ([cmake, "-S", template, "-B", build, "-DCMAKE_PREFIX_PATH=" + installed.prefix,
                     "-DCMAKE_CXX_COMPILER=" + compiler],
                    [cmake, "--build", build]):
        result = subprocess.run(command, capture_output=True, text=True)
        check(result.returncode == 0, "building the plugin template failed: %s\n%s%s"
              % (" ".join(command), result.stdout[-4000:], result.stderr[-4000:]))
    plugins = os.path.join(installed.home, ".local", "share", "gambit", "plugins")
    os.makedirs(plugins, exist_ok=True)
    shutil.copy(os.path.join(build, "gambit_greedy.so"), plugins)
    out, paths = installed.run([installed.program("gambit-match"), "--white", "greedy", "--black", "random",
                                "--games", "2"], "gambit-match with the template's plugin")
    check("Finished game 2" in out and "greedy" in out, "the template's plugin did not play:\n" + out)
    check(os.path.join(plugins, "gambit_greedy.so") in paths, "the plugin was not loaded from the user's folder")
    print("examples/plugin-template built against the installed SDK and played 2 games from "
          "$XDG_DATA_HOME/gambit/plugins")


def main():
    if len(sys.argv) != 5:
        print(__doc__)
        return 2
    cmake, build_dir, source_dir, compiler = sys.argv[1:]
    root = os.path.realpath(tempfile.mkdtemp(prefix="gambit-install-"))  # as the programs see their own paths
    installed = Installed(root, source_dir, build_dir)
    try:
        install(cmake, build_dir, installed)
        validators(installed)
        match(installed)
        engine(installed)
        translations(installed, source_dir)
        window(installed)
        plugin_template(installed, source_dir, compiler, cmake)
    except (Failed, subprocess.TimeoutExpired) as failure:
        print("FAILED:", failure)
        return 1
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print("install test passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
