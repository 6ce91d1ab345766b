# SPDX-License-Identifier: MIT
"""What the hostile test plugin snoop (tests/core/players/test_plugins) is set
after in the end-to-end tests: a secret file, a folder to make a file in and a
TCP listener on 127.0.0.1; its options pointing at them; what got out."""
import os
import shutil
import socket
import tempfile

# What snoop's refused attempts are told as (plugin_notices.h), after "plugin 'snoop' tried ".
DENIED = ["to connect to the network: denied", "to start a process (clone): denied",
          "to look into another process (ptrace): denied", "to run a program (execve): denied"]


class Bait:
    def __init__(self):
        self.work = tempfile.mkdtemp(prefix="gambit-bait-")
        self.secret = os.path.join(self.work, "secret")
        with open(self.secret, "w") as f:
            f.write("the key\n")
        self.folder = os.path.join(self.work, "folder")
        os.mkdir(self.folder)
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(8)
        self.listener.setblocking(False)
        self.port = self.listener.getsockname()[1]

    def options(self, when="constructor"):
        """snoop's options (name, value) aimed at the bait."""
        return [("secret", self.secret), ("folder", self.folder), ("port", str(self.port)), ("when", when)]

    def what_got_out(self):
        """What the plugin reached, in sentences (none: nothing)."""
        reached = []
        try:
            self.listener.accept()[0].close()
            reached.append("the plugin reached the TCP listener")
        except BlockingIOError:
            pass
        if os.listdir(self.folder):
            reached.append("the plugin made a file: %s" % os.listdir(self.folder))
        return reached

    def close(self):
        self.listener.close()
        shutil.rmtree(self.work, ignore_errors=True)
