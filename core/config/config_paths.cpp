#include "core/config/config_paths.h"

#include <cstdlib>
#include <system_error>

#include "core/players/plugin_catalog.h"
#include "core/util/executable_directory.h"

namespace gambit::config {

namespace fs = std::filesystem;

fs::path default_config_path() {
  const fs::path dir = executable_directory();
  if (!dir.empty()) {
    std::error_code error;
    const fs::path installed = dir / ".." / "share" / "gambit" / "gambit.toml";
    if (fs::is_regular_file(installed, error)) return installed.lexically_normal();
  }
  return GAMBIT_SOURCE_DEFAULT_CONFIG;
}

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

std::vector<fs::path> plugin_search_paths(const Settings& settings) {
  std::vector<fs::path> paths = settings.plugin_paths;
  for (const fs::path& dir : players::default_plugin_directories()) paths.push_back(dir);
  return paths;
}

}  // namespace gambit::config
