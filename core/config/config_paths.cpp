// SPDX-License-Identifier: MIT
#include "core/config/config_paths.h"

#include <cstdlib>
#include <system_error>

#include "core/util/install_layout.h"

namespace gambit::config {

namespace fs = std::filesystem;

namespace {

// An XDG base directory: $variable when absolute, else $HOME/fallback (the XDG
// base directory rules); nullopt when neither is set.
std::optional<fs::path> xdg_folder(const char* variable, const char* fallback) {
  const char* xdg = std::getenv(variable);
  if (xdg && *xdg && fs::path(xdg).is_absolute()) return fs::path(xdg);
  const char* home = std::getenv("HOME");
  if (home && *home) return fs::path(home) / fallback;
  return std::nullopt;
}

}  // namespace

fs::path default_config_path() { return data_directory() / "gambit.toml"; }

std::optional<fs::path> user_config_path() {
  auto folder = xdg_folder("XDG_CONFIG_HOME", ".config");
  if (!folder) return std::nullopt;
  return *folder / "gambit" / "config.toml";
}

fs::path store_path(const Settings& settings) {
  if (!settings.store.path.empty()) return settings.store.path;
  auto folder = xdg_folder("XDG_DATA_HOME", ".local/share");
  return folder ? *folder / "gambit" / "gambit.db" : fs::path("gambit.db");
}

std::optional<fs::path> window_placement_path() {
  auto folder = xdg_folder("XDG_STATE_HOME", ".local/state");
  if (!folder) return std::nullopt;
  return *folder / "gambit" / "window";
}

std::optional<fs::path> recent_files_path() {
  auto folder = xdg_folder("XDG_STATE_HOME", ".local/state");
  if (!folder) return std::nullopt;
  return *folder / "gambit" / "recent-files";
}

std::optional<fs::path> user_plugin_directory() {
  auto folder = xdg_folder("XDG_DATA_HOME", ".local/share");
  if (!folder) return std::nullopt;
  return *folder / "gambit" / "plugins";
}

std::vector<fs::path> plugin_search_paths(const Settings& settings) {
  std::vector<fs::path> paths = settings.plugin_paths;
  paths.push_back(plugin_directory());
  std::error_code error;
  if (auto user = user_plugin_directory(); user && fs::is_directory(*user, error)) paths.push_back(*user);
  return paths;
}

}  // namespace gambit::config
