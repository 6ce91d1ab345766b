#include "core/config/config_paths.h"

#include <cstdlib>
#include <system_error>

#include "core/players/plugin_catalog.h"

namespace gambit::config {

namespace fs = std::filesystem;

fs::path default_config_path() {
  const fs::path dir = players::executable_directory();
  if (!dir.empty()) {
    std::error_code error;
    const fs::path installed = dir / ".." / "share" / "gambit" / "gambit.toml";
    if (fs::is_regular_file(installed, error)) return installed.lexically_normal();
  }
  return GAMBIT_SOURCE_DEFAULT_CONFIG;
}

std::optional<fs::path> user_config_path() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  if (xdg && *xdg && fs::path(xdg).is_absolute()) return fs::path(xdg) / "gambit" / "config.toml";
  const char* home = std::getenv("HOME");
  if (home && *home) return fs::path(home) / ".config" / "gambit" / "config.toml";
  return std::nullopt;
}

std::vector<fs::path> plugin_search_paths(const Settings& settings) {
  std::vector<fs::path> paths = settings.plugin_paths;
  for (const fs::path& dir : players::default_plugin_directories()) paths.push_back(dir);
  return paths;
}

}  // namespace gambit::config
