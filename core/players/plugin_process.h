// SPDX-License-Identifier: MIT
// Plugins isolated in child processes: the host's side. Each instance runs in
// a gambit-plugin-host process of its own (plugin_host.h), spoken to over a
// socket (plugin_wire.h), so that nothing the plugin does (crash, abort, exit,
// hang, garbage, unbounded memory) reaches the program: every such failure is
// a sentence and the seat's loss, and the next request gets a fresh child.
//
// The instance's functions have the ABI's form (child_calls), so PluginPlayer
// and PluginSearch call an isolated instance exactly as they call one loaded
// into the program; a failure of the child as a process is thrown as a
// ChildFailure, which PluginSearch reports in words.
//
// Invariants: no child outlives its instance (destroy reaps it: quit, then
// TERM and KILL to its process group); a child that has not answered within
// Grace of a stop is killed; a child never waits for a host that has gone.
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "core/players/options.h"
#include "core/players/player_api.h"
#include "core/players/plugin_wire.h"
#include "core/util/result.h"

namespace gambit::players {

inline constexpr std::uint64_t DefaultMemoryLimitMb = 2048;

// Where a plugin's instances run, and the limits of a child process.
struct Isolation {
  enum class Mode { Process, InProcess };
  Mode mode = Mode::Process;
  std::uint64_t memory_limit_mb = DefaultMemoryLimitMb;  // a child's address space (0: no limit)

  bool in_process() const { return mode == Mode::InProcess; }
  bool operator==(const Isolation&) const = default;
};

// "process" / "in-process", as configurations and command lines spell them.
const char* isolation_name(Isolation::Mode mode);
std::optional<Isolation::Mode> isolation_from_name(std::string_view name);

// A child that failed as a process, in words ("crashed (segmentation fault)
// while choosing a move"). timed_out: it did not answer within Grace of a stop
// (and was killed), which counts as a loss on time.
struct ChildFailure : std::runtime_error {
  ChildFailure(const std::string& what, bool timed_out) : std::runtime_error(what), timed_out(timed_out) {}
  bool timed_out;
};

// The program that serves isolated plugins: helper_directory()/gambit-plugin-host.
std::filesystem::path plugin_host_program();

// The description of file's plugin, from a child that loads it (no code of
// the file runs in this program). A refusal is PluginLibrary::load's sentence.
Result<wire::Description> describe_in_child(const std::filesystem::path& file, const Isolation& isolation);

// Starts a child for file and creates an instance in it with options
// (validated already). The failure is the plugin's message or the child's fate.
Result<gambit_player*> create_in_child(const std::filesystem::path& file, const OptionList& options,
                                       const Isolation& isolation);

// The functions of an instance made by create_in_child (all but create).
const gambit_plugin_descriptor& child_calls();

// Ends an instance's child at once (any thread): what a host does when it gives
// up on it. The call under way returns with a ChildFailure; destroy still reaps.
void end_child(gambit_player* player);

}  // namespace gambit::players
