// core/config/config_paths: where the files are (XDG places, the store, the
// plugin folders).
#include "core/config/config_paths.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "core/players/plugin_catalog.h"
#include "core/util/executable_directory.h"
#include "tests/core/config/temp_files.h"

namespace gambit::config {
namespace {

namespace fs = std::filesystem;
using fixtures::ScopedEnv;

TEST(StorePath, ConfiguredPathElseXdgDataHomeElseHome) {
  ScopedEnv home("HOME", "/home/ann");
  Settings settings;
  {
    ScopedEnv xdg("XDG_DATA_HOME", "/data");
    EXPECT_EQ(store_path(settings), fs::path("/data/gambit/gambit.db"));
    settings.store.path = "/elsewhere/scores.db";
    EXPECT_EQ(store_path(settings), fs::path("/elsewhere/scores.db")) << "[store] path wins";
    settings.store.path.clear();
  }
  for (const char* unusable : {static_cast<const char*>(nullptr), "", "relative/dir"}) {
    ScopedEnv xdg("XDG_DATA_HOME", unusable);
    EXPECT_EQ(store_path(settings), fs::path("/home/ann/.local/share/gambit/gambit.db"))
        << "XDG_DATA_HOME=" << (unusable ? unusable : "(unset)");
  }
  ScopedEnv xdg("XDG_DATA_HOME", nullptr);
  ScopedEnv no_home("HOME", nullptr);
  EXPECT_EQ(store_path(settings), fs::path("gambit.db"));
}

TEST(UserConfigPath, FallsBackToHomeWhenXdgIsUnsetEmptyOrRelative) {
  ScopedEnv home("HOME", "/home/ann");
  {
    ScopedEnv xdg("XDG_CONFIG_HOME", nullptr);
    EXPECT_EQ(user_config_path(), fs::path("/home/ann/.config/gambit/config.toml"));
  }
  {
    ScopedEnv xdg("XDG_CONFIG_HOME", "");
    EXPECT_EQ(user_config_path(), fs::path("/home/ann/.config/gambit/config.toml"));
  }
  {
    ScopedEnv xdg("XDG_CONFIG_HOME", "relative/dir");
    EXPECT_EQ(user_config_path(), fs::path("/home/ann/.config/gambit/config.toml"));
  }
  {
    ScopedEnv xdg("XDG_CONFIG_HOME", "/xdg");
    EXPECT_EQ(user_config_path(), fs::path("/xdg/gambit/config.toml"));
  }
  {
    ScopedEnv xdg("XDG_CONFIG_HOME", nullptr);
    ScopedEnv no_home("HOME", nullptr);
    EXPECT_EQ(user_config_path(), std::nullopt);
  }
}

TEST(PluginSearchPaths, ConfiguredPathsThenBesideTheExecutable) {
  Settings settings;
  settings.plugin_paths = {"/a", "/b"};
  std::vector<fs::path> expected{"/a", "/b"};
  for (const fs::path& dir : players::default_plugin_directories()) expected.push_back(dir);
  EXPECT_EQ(plugin_search_paths(settings), expected);
  EXPECT_EQ(expected.back(), executable_directory());
  EXPECT_EQ(plugin_search_paths(Settings()), players::default_plugin_directories());
}

}  // namespace
}  // namespace gambit::config
