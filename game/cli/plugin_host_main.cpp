// SPDX-License-Identifier: MIT
// gambit-plugin-host: one player plugin, run apart from the program that uses
// it (plugin_server.h). Gambit's programs start it, one per isolated
// instance, and speak to it over its standard input and output.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "game/cli/plugin_server.h"

namespace {

bool sandboxed = false;

int usage() {
  std::fprintf(stderr,
               "usage: gambit-plugin-host [--sandbox on|required] [--read PATH]... [--run PROGRAM]... [--write FILE]...\n"
               "                          [--own FOLDER]... PLUGIN_FILE\n"
               "Runs one player plugin for Gambit's programs, which start it and speak to it on its standard\n"
               "input and output; it is not meant to be run by hand.\n");
  return 2;
}

}  // namespace

// LeakSanitizer (in sanitized builds) checks for leaks at exit by tracing the process, which the sandbox forbids:
// it would fail, and say so, at every exit. A sandboxed host is not checked.
extern "C" int __lsan_is_turned_off() { return sandboxed ? 1 : 0; }

int main(int argc, char** argv) {
  gambit::players::HostSandbox sandbox;
  int i = 1;
  for (; i + 1 < argc && std::strncmp(argv[i], "--", 2) == 0; i += 2) {
    const std::string flag = argv[i], value = argv[i + 1];
    if (flag == "--sandbox" && (value == "on" || value == "required")) {
      sandbox.mode = value == "on" ? gambit::players::Isolation::Sandbox::On
                                   : gambit::players::Isolation::Sandbox::Required;
    } else if (flag == "--read") {
      sandbox.grants.readable.emplace_back(value);
    } else if (flag == "--run") {
      sandbox.grants.runnable.emplace_back(value);
    } else if (flag == "--write") {
      sandbox.grants.writable.emplace_back(value);
    } else if (flag == "--own") {
      sandbox.grants.own_folders.emplace_back(value);
    } else {
      return usage();
    }
  }
  if (i + 1 != argc) return usage();
  // The channel moves off the standard descriptors: a plugin that prints, reads or closes them touches
  // nothing of the conversation, and what it prints goes to the error stream.
  const int channel = ::fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 10);
  if (channel < 0) {
    std::perror("gambit-plugin-host: no channel on standard input");
    return 2;
  }
  const int nothing = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (nothing >= 0) ::dup2(nothing, STDIN_FILENO);
  ::dup2(STDERR_FILENO, STDOUT_FILENO);
  sandboxed = sandbox.mode != gambit::players::Isolation::Sandbox::Off;
  return gambit::players::serve_plugin(argv[i], channel, sandbox);
}
