// SPDX-License-Identifier: MIT
// ChildInstance: a plugin instance isolated in a gambit-plugin-host child
// process of its own (its side: game/cli/plugin_server.h), spoken to over a
// socket in the wire protocol (plugin_wire.h). Nothing the plugin does (crash,
// abort, exit, hang, garbage, unbounded memory) reaches this program: each
// such failure is a Failed answer in words, and the next request gets a fresh
// child with the same options.
//
// The child is sandboxed as isolation.sandbox says, with grants (what the
// player granted of the permissions the plugin declared): the host tells what
// this kernel cannot enforce, and each kind of call the sandbox denied, once,
// as plugin notices (plugin_notices.h).
//
// Invariants: no child outlives its instance (the destructor reaps it: quit,
// then TERM and KILL to its process group); a child that has not answered
// within Grace of a stop is killed (a Failed answer with timed_out); a child
// never waits for a host that has gone.
#pragma once

#include <filesystem>
#include <memory>

#include "core/players/isolation.h"
#include "core/players/options.h"
#include "core/players/player_instance.h"
#include "core/players/plugin_wire.h"
#include "core/players/sandbox_grants.h"
#include "core/util/result.h"

namespace gambit::players {

// The program that serves isolated plugins: helper_directory()/gambit-plugin-host.
std::filesystem::path plugin_host_program();

// The description of file's plugin, from a child that loads it (no code of
// the file runs in this program), sandboxed with nothing granted. A refusal is
// PluginLibrary::load's sentence.
Result<wire::Description> describe_in_child(const std::filesystem::path& file, const Isolation& isolation);

class ChildInstance final : public PlayerInstance {
 public:
  // Starts a child for file and creates an instance in it with options
  // (validated already). The failure is the plugin's message or the child's
  // fate, with the permissions withheld named.
  static Result<std::unique_ptr<ChildInstance>> create(const std::filesystem::path& file, const OptionList& options,
                                                       const Isolation& isolation, const SandboxGrants& grants);
  ~ChildInstance() override;
  ChildInstance(const ChildInstance&) = delete;
  ChildInstance& operator=(const ChildInstance&) = delete;

  Result<std::monostate> new_game() override;
  InstanceAnswer choose_move(const PlayRequest& request, const ProgressHandler& on_progress) override;
  InstanceAnswer consider_draw(const PlayRequest& request) override;
  void stop() override;
  void end() override;
  bool isolated() const override { return true; }

 private:
  struct Child;  // the process and what it takes to start another like it
  friend Result<wire::Description> describe_in_child(const std::filesystem::path& file, const Isolation& isolation);
  explicit ChildInstance(std::unique_ptr<Child> child);
  std::unique_ptr<Child> child_;
};

}  // namespace gambit::players
