// SPDX-License-Identifier: MIT
// serve_plugin: the child's side of an isolated plugin instance, the whole of
// the gambit-plugin-host program (plugin_host_main.cpp). It enters the
// sandbox it was asked for (core/sandbox/sandbox.h), hands the denied calls'
// listener to the host and says how sandboxed it is, then loads the plugin
// file into this process (PluginLibrary::load, with every check), announces
// its description, then serves one instance (a LoadedInstance) over the
// channel in the wire protocol (core/players/plugin_wire.h) until told to
// quit. The host's side is core/players/child_instance.h.
//
// Threads: the calling thread reads the channel and answers create, new_game
// and quit itself; choose and draw run on a second thread, so that a stop
// reaches the plugin while it thinks. When the channel ends (the host exited
// or gave up on this child) the process leaves at once with _exit, whatever
// the plugin is doing.
#pragma once

#include <filesystem>

#include "core/players/isolation.h"
#include "core/players/sandbox_grants.h"

namespace gambit::players {

// The sandbox the host asks for: its mode, and what is granted beyond the
// system's files and the plugin's own folder (sandbox_grants.h).
struct HostSandbox {
  Isolation::Sandbox mode = Isolation::Sandbox::Off;
  SandboxGrants grants;
};

// Serves the plugin in file over channel (a socket, read and written); returns
// the process's exit status (0 after quit, 1 when the plugin or the sandbox was
// refused).
int serve_plugin(const std::filesystem::path& file, int channel, const HostSandbox& sandbox);

}  // namespace gambit::players
