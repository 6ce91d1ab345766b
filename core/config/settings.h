// The settings Gambit reads from its TOML configuration: who sits at each side
// of the board and where player plugins are found. Later issues add tables
// ([ui], [demo], [clock], [game]) as members here; until they exist a file
// naming them is refused like any other unknown key, so typos never pass silently.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/chess/types.h"
#include "core/players/options.h"

namespace gambit::config {

using chess::Failure;
using chess::Result;

// The player name of a seat played with the mouse; every other name is a plugin id.
inline constexpr std::string_view HumanPlayer = "human";

// Where a setting was read: a file and a 1-based line and column (0 = unknown).
struct SourcePlace {
  std::string file;
  std::uint32_t line = 0;
  std::uint32_t column = 0;

  // "file:line:column: ", "file: " or "" when the setting was not read from a file:
  // the prefix of every message about the setting.
  std::string prefix() const;
};

// One side of the board: a human, or a plugin with an optional difficulty level
// and options. Option values are text as the file wrote them (integers in decimal,
// booleans as true/false), in file order, each name at most once; they are checked
// against the plugin's schema only by resolve_seat (seats.h).
struct SeatConfig {
  std::string player = std::string(HumanPlayer);
  std::string level;  // "" = none
  players::OptionList options;

  bool human() const { return player == HumanPlayer; }
  bool operator==(const SeatConfig&) const = default;
};

// Everything the configuration says. A default-constructed Settings equals the
// shipped config/gambit.toml (a test keeps them in step), so a --config file may
// set only what it changes.
struct Settings {
  SeatConfig white;
  SeatConfig black{"alphabeta", "medium", {}};
  // Folders searched for plugins before the one beside the executable; absolute,
  // or relative to the working directory (a file's relative paths are made
  // relative to that file's folder when it is read).
  std::vector<std::filesystem::path> plugin_paths;

  // Where each value was read, by dotted key: "white.player", "white.level",
  // "white.options.depth", "plugins.paths". Not part of equality.
  std::map<std::string, SourcePlace, std::less<>> sources;

  SeatConfig& seat(chess::Color side) { return side == chess::WHITE ? white : black; }
  const SeatConfig& seat(chess::Color side) const { return side == chess::WHITE ? white : black; }

  // The message prefix naming where key was set, then the key: "file:3:1: white.level: ".
  std::string about(std::string_view key) const;

  bool operator==(const Settings& other) const {
    return white == other.white && black == other.black && plugin_paths == other.plugin_paths;
  }
};

// A TOML key as it is shown in a dotted path: bare when it is made of letters,
// digits, '_' and '-', otherwise quoted with odd bytes escaped.
std::string key_text(std::string_view key);

// Dotted keys of a seat ("white", "black") and of one of its options ("white.options.depth").
inline std::string seat_key(chess::Color side) { return side == chess::WHITE ? "white" : "black"; }
inline std::string option_key(chess::Color side, std::string_view name) {
  return seat_key(side) + ".options." + key_text(name);
}

}  // namespace gambit::config
