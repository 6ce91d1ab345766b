// Where Gambit's files are: the read-only default configuration shipped with
// the game, the user's file under $XDG_CONFIG_HOME, the scores store under
// $XDG_DATA_HOME, and the plugin folders searched in order.
#pragma once

#include <filesystem>
#include <optional>
#include <vector>

#include "core/config/settings.h"

namespace gambit::config {

// The documented default configuration: <exe dir>/../share/gambit/gambit.toml
// when the game is installed, otherwise config/gambit.toml in the source tree
// the program was built from.
std::filesystem::path default_config_path();

// The user's configuration: $XDG_CONFIG_HOME/gambit/config.toml, or
// $HOME/.config/gambit/config.toml when XDG_CONFIG_HOME is unset, empty or
// relative (the XDG base directory rules); nullopt when neither variable helps.
std::optional<std::filesystem::path> user_config_path();

// The scores store: [store] path when set, else $XDG_DATA_HOME/gambit/gambit.db,
// or $HOME/.local/share/gambit/gambit.db when XDG_DATA_HOME is unset, empty or
// relative; gambit.db in the working folder when neither variable helps.
std::filesystem::path store_path(const Settings& settings);

// The folders to search for plugins, first match wins: the configured paths in
// order, then beside the executable (players::default_plugin_directories()).
std::vector<std::filesystem::path> plugin_search_paths(const Settings& settings);

}  // namespace gambit::config
