// SPDX-License-Identifier: MIT
// Where Gambit's files are: the read-only default configuration shipped with
// the game, the user's file under $XDG_CONFIG_HOME, the scores store under
// $XDG_DATA_HOME, and the plugin folders searched in order.
#pragma once

#include <filesystem>
#include <optional>
#include <vector>

#include "core/config/settings.h"

namespace gambit::config {

// The documented default configuration, shipped with the game:
// data_directory()/gambit.toml (<prefix>/share/gambit, also in the build folder).
std::filesystem::path default_config_path();

// The user's configuration: $XDG_CONFIG_HOME/gambit/config.toml, or
// $HOME/.config/gambit/config.toml when XDG_CONFIG_HOME is unset, empty or
// relative (the XDG base directory rules); nullopt when neither variable helps.
std::optional<std::filesystem::path> user_config_path();

// The scores store: [store] path when set, else $XDG_DATA_HOME/gambit/gambit.db,
// or $HOME/.local/share/gambit/gambit.db when XDG_DATA_HOME is unset, empty or
// relative; gambit.db in the working folder when neither variable helps.
std::filesystem::path store_path(const Settings& settings);

// Where the window's size and position are kept between runs:
// $XDG_STATE_HOME/gambit/window, or $HOME/.local/state/gambit/window (the same
// rules); nullopt when neither variable helps.
std::optional<std::filesystem::path> window_placement_path();

// The files the player last opened or saved in the window, one path a line:
// $XDG_STATE_HOME/gambit/recent-files (the same rules).
std::optional<std::filesystem::path> recent_files_path();

// The user's own plugins: $XDG_DATA_HOME/gambit/plugins, or
// $HOME/.local/share/gambit/plugins (the same rules); installing a plugin is
// copying its gambit_<id>.so there.
std::optional<std::filesystem::path> user_plugin_directory();

// The folders to search for plugins, first match wins: the configured paths in
// order, then the plugins shipped with the game (plugin_directory()), then the
// user's when that folder exists (most people never make it, and a folder
// that is not there is no problem to report). A user's plugin with the id of a shipped one is reported, not used,
// so a stale copy cannot replace the game's own player.
std::vector<std::filesystem::path> plugin_search_paths(const Settings& settings);

}  // namespace gambit::config
