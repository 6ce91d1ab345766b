// SPDX-License-Identifier: MIT
// Test access to a built player plugin through its real C entry point: the
// shared library opened with dlopen, its descriptor checked, instances created
// and asked for moves exactly as a host would.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/players/player_api.h"

namespace gambit::testing {

// A plugin library kept open for the life of the object.
class LoadedPlugin {
 public:
  explicit LoadedPlugin(const std::string& path);  // fails the test (ADD_FAILURE) when it cannot
  ~LoadedPlugin();
  LoadedPlugin(const LoadedPlugin&) = delete;
  LoadedPlugin& operator=(const LoadedPlugin&) = delete;

  const gambit_plugin_descriptor* descriptor() const { return descriptor_; }
  gambit_player_plugin_entry entry() const { return entry_; }

 private:
  void* handle_ = nullptr;
  gambit_player_plugin_entry entry_ = nullptr;
  const gambit_plugin_descriptor* descriptor_ = nullptr;
};

// Checks what every host relies on: versions, sizes, names, an options schema
// whose defaults are valid, and exactly `levels`, whose settings name
// real options with valid values. Reports failures through GoogleTest.
void expect_well_formed(const gambit_plugin_descriptor& d, const std::set<std::string>& levels);

// One plugin instance, destroyed with the object.
class PluginInstance {
 public:
  PluginInstance(const gambit_plugin_descriptor& d, const std::vector<std::pair<std::string, std::string>>& options);
  ~PluginInstance();
  PluginInstance(const PluginInstance&) = delete;
  PluginInstance& operator=(const PluginInstance&) = delete;

  bool ok() const { return player_ != nullptr; }
  const std::string& create_error() const { return create_error_; }

  // The plugin's answer (UCI text) for start_fen plus moves, or "error: ..." when it reports an error.
  std::string choose_move(const std::string& start_fen, const std::vector<std::string>& moves,
                          const gambit_limits& limits, int* info_calls = nullptr);
  // The plugin's answer to a draw offer in start_fen plus moves: "accept", "decline", "no opinion" (no
  // consider_draw), or "error: ...".
  std::string consider_draw(const std::string& start_fen, const std::vector<std::string>& moves = {});
  void stop() { descriptor_.stop(player_); }

 private:
  const gambit_plugin_descriptor& descriptor_;
  gambit_player* player_ = nullptr;
  std::string create_error_;
};

gambit_limits no_limits();

}  // namespace gambit::testing
