// SPDX-License-Identifier: MIT
// LoadedInstance: an instance of a plugin loaded into this process, its C
// table (player_api.h) wrapped once. The only code that calls a plugin's
// functions: PluginPlayer uses it for in-process seats, gambit-plugin-host for
// the instance it serves.
//
// It holds the library, so the plugin's code stays loaded while it lives. An
// exception out of the plugin (the raw ABI forbids it; a C++ plugin may break
// that) is caught and reported as Failed; it is never passed on.
// Threading: as PlayerInstance; the progress handler runs on the plugin's
// thread, inside its choose_move.
#pragma once

#include <memory>

#include "core/players/options.h"
#include "core/players/player_instance.h"
#include "core/players/plugin_library.h"

namespace gambit::players {

class LoadedInstance final : public PlayerInstance {
 public:
  // Creates an instance with options already validated against the schema
  // (PluginPlayer does that). A described library loads its file now. The
  // failure is the plugin's message, or says what went wrong.
  static Result<std::unique_ptr<LoadedInstance>> create(std::shared_ptr<const PluginLibrary> library,
                                                        const OptionList& options);
  ~LoadedInstance() override;  // the plugin's destroy()
  LoadedInstance(const LoadedInstance&) = delete;
  LoadedInstance& operator=(const LoadedInstance&) = delete;

  Result<std::monostate> new_game() override;
  InstanceAnswer choose_move(const PlayRequest& request, const ProgressHandler& on_progress) override;
  InstanceAnswer consider_draw(const PlayRequest& request) override;
  void stop() override;
  void end() override {}
  bool isolated() const override { return false; }

 private:
  LoadedInstance(std::shared_ptr<const PluginLibrary> library, const gambit_plugin_descriptor* functions,
                 gambit_player* instance);

  std::shared_ptr<const PluginLibrary> library_;  // keeps the code loaded
  const gambit_plugin_descriptor* functions_;     // the plugin's own (PluginLibrary::own_functions)
  gambit_player* instance_;
};

}  // namespace gambit::players
