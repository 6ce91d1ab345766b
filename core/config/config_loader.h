// SPDX-License-Identifier: MIT
// Reading the TOML configuration (step one of two: syntax and types; seats.h
// checks the seats against the plugins found). Files are layered: the shipped
// default, then the user's file over it, each key replacing the one below;
// --config PATH is read alone over the built-in defaults instead.
//
// Layering rules: a file that sets a seat's `player` replaces that seat whole
// (the level and options below were meant for another player); a file that
// leaves `player` out keeps it and sets `level` and each option key by key.
// The seats are [white], [black], [demo.white], [demo.black] and [hint]. The
// values of [ui], [clock] and [demo] (move_delay_ms) are set key by key;
// `plugins.paths` is replaced as a whole list. Ranges and names are checked
// per key; that an increment needs a clock (clock.increment_seconds = 0 when
// clock.minutes = 0) is checked once each file is read over the one below.
//
// Every failure is one line naming the file, the line and column, the dotted
// key and what was expected, e.g.
//   "/home/ann/.config/gambit/config.toml:4:9: white.level must be a string, got integer".
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "core/config/config_paths.h"
#include "core/config/settings.h"

namespace gambit::config {

// Configuration files larger than this are refused unread.
inline constexpr std::uintmax_t MaxConfigFileBytes = 1 << 20;

// TOML text read as one layer over base. file_name is used in messages and
// source places; relative plugin paths are taken relative to its folder.
Result<Settings> parse_config(std::string_view text, const std::string& file_name, const Settings& base = Settings());

// The file read as one layer over base; a missing or unreadable file is an error.
Result<Settings> load_config_file(const std::filesystem::path& file, const Settings& base = Settings());

// The files load_settings reads.
struct ConfigFiles {
  std::filesystem::path default_file = default_config_path();           // skipped when it does not exist
  std::optional<std::filesystem::path> user_file = user_config_path();  // skipped when it does not exist
  std::optional<std::filesystem::path> replacement;                     // --config PATH: read alone; must exist

  // The usual files, or the one a program's --config names ("": none named).
  static ConfigFiles with_config_flag(const std::string& path) {
    ConfigFiles files;
    if (!path.empty()) files.replacement = path;
    return files;
  }
};

// The settings every program starts with: built-in defaults < default file <
// user file, or built-in defaults < replacement when one is given.
Result<Settings> load_settings(const ConfigFiles& files = ConfigFiles());

}  // namespace gambit::config
