// SPDX-License-Identifier: MIT
// gambit-plugin-host: one player plugin, run apart from the program that uses
// it (plugin_server.h). Gambit's programs start it, one per isolated
// instance, and speak to it over its standard input and output.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>

#include "game/cli/plugin_server.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr,
                 "usage: gambit-plugin-host PLUGIN_FILE\n"
                 "Runs one player plugin for Gambit's programs, which start it and speak to it on its standard\n"
                 "input and output; it is not meant to be run by hand.\n");
    return 2;
  }
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
  return gambit::players::serve_plugin(argv[1], channel);
}
