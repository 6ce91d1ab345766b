# SPDX-License-Identifier: MIT
"""A dialogue with gambit-engine over its standard input and output, shared by
the UCI and CECP end-to-end tests. Every read has a timeout, so a hang is a
failure, not a stuck test."""
import os, queue, re, subprocess, sys, tempfile, threading, time

ENGINE = sys.argv[1] if len(sys.argv) > 1 else "gambit-engine"
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)


class Engine:
    def __init__(self, *args):
        env = dict(os.environ, XDG_CONFIG_HOME=tempfile.mkdtemp())  # no user config from the machine
        self.p = subprocess.Popen([ENGINE, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, bufsize=1, env=env)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, *texts):
        for text in texts:
            self.p.stdin.write(text + "\n")
        self.p.stdin.flush()

    def until(self, pattern, timeout=20.0):
        """Lines up to and including the first matching pattern."""
        seen, deadline = [], time.time() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.time()))
            except queue.Empty:
                raise AssertionError(f"no line matching {pattern!r} within {timeout} s; saw {seen}")
            if line is None:
                raise AssertionError(f"engine exited before {pattern!r}; saw {seen}")
            seen.append(line)
            if re.match(pattern, line):
                return seen

    def sync(self, tag):
        """CECP: the lines printed before the answer to 'ping tag'."""
        self.send(f"ping {tag}")
        return self.until(rf"pong {tag}$")[:-1]

    def quit(self):
        self.send("quit")
        return self.p.wait(timeout=10)


def run(name, test):
    try:
        test()
        print("ok:", name)
    except AssertionError as e:
        failures.append(f"{name}: {e}")
        print(f"FAIL: {name}: {e}")


def finish(what):
    print(f"{len(failures)} failed" if failures else f"{what}: all checks passed")
    sys.exit(1 if failures else 0)
