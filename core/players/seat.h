// SPDX-License-Identifier: MIT
// Seat: who sits on one side of the board, ready to play: a human at this
// computer, or a player plugin with its options resolved (the level's presets,
// then the seat's own options, each valid for the plugin's schema), and the
// name people see. The settings' seats become Seats in core/config
// (seat_to_play), gambit-match makes its own from the command line, and
// GameSession, DemoLoop and the recorder take them.
#pragma once

#include <memory>
#include <string>

#include "core/players/options.h"
#include "core/players/plugin_library.h"
#include "core/players/isolation.h"

namespace gambit::players {

struct Seat {
  std::string label;                            // shown, written to PGN and scored under: "Human", "alphabeta (hard)"
  std::shared_ptr<const PluginLibrary> plugin;  // nullptr: a human at this computer
  OptionList options;                           // canonical text
  std::string level;                            // "" = none
  Isolation isolation = {};                     // where the plugin's instances run (default: a child process each)

  bool human() const { return plugin == nullptr; }
};

// The name an AI seat is shown and scored under: "alphabeta 1400" for a level
// named by its rating, "minimax (hard)" for one named in words, or the plugin
// id alone without a level.
inline std::string ai_label(const std::string& id, const std::string& level) {
  if (level.empty()) return id;
  const bool rating = level.find_first_not_of("0123456789") == std::string::npos;
  return rating ? id + " " + level : id + " (" + level + ")";
}

}  // namespace gambit::players
