// SPDX-License-Identifier: MIT
// core/config/config_paths: where the files are (XDG places, the store, the
// plugin folders).
#include "core/config/config_paths.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "core/players/plugin_catalog.h"
#include "core/util/install_layout.h"
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

TEST(PluginSearchPaths, ConfiguredPathsThenTheGamesThenTheUsers) {
  fixtures::TempDir data;
  ScopedEnv xdg("XDG_DATA_HOME", data.path().c_str());
  const fs::path users = data.path() / "gambit" / "plugins";
  fs::create_directories(users);
  Settings settings;
  settings.plugin_paths = {"/a", "/b"};
  const fs::path shipped = plugin_directory();
  EXPECT_EQ(plugin_search_paths(settings), (std::vector<fs::path>{"/a", "/b", shipped, users}));
  EXPECT_EQ(plugin_search_paths(Settings()), (std::vector<fs::path>{shipped, users}));
}

// Most people never make the folder: then it is not searched, and so never
// reported as a folder that cannot be listed.
TEST(PluginSearchPaths, TheUsersFolderIsSearchedOnlyWhenItExists) {
  fixtures::TempDir data;
  ScopedEnv xdg("XDG_DATA_HOME", data.path().c_str());
  EXPECT_EQ(user_plugin_directory(), data.path() / "gambit" / "plugins");
  EXPECT_EQ(plugin_search_paths(Settings()), std::vector<fs::path>{plugin_directory()});
}

TEST(PluginSearchPaths, TheUsersFolderFollowsTheXdgRules) {
  {
    ScopedEnv xdg("XDG_DATA_HOME", "relative/data");
    ScopedEnv home("HOME", "/home/u");
    EXPECT_EQ(user_plugin_directory(), fs::path("/home/u/.local/share/gambit/plugins"));
  }
  {
    ScopedEnv xdg("XDG_DATA_HOME", nullptr);
    ScopedEnv no_home("HOME", nullptr);
    EXPECT_EQ(user_plugin_directory(), std::nullopt);
    EXPECT_EQ(plugin_search_paths(Settings()), std::vector<fs::path>{plugin_directory()});
  }
}

// The build folder is laid out like an installed prefix: the shipped files are
// where the programs look for them, relative to bin/.
TEST(InstallLayout, TheBuildFolderIsLaidOutLikeAPrefix) {
  const fs::path bin = executable_directory();
  ASSERT_FALSE(bin.empty());
  EXPECT_TRUE(fs::is_regular_file(default_config_path())) << default_config_path();
  EXPECT_EQ(default_config_path().parent_path(), data_directory());
  EXPECT_TRUE(fs::is_regular_file(data_directory() / "sounds" / "move.wav")) << data_directory();
  EXPECT_TRUE(fs::is_regular_file(helper_directory() / "gambit-plugin-host")) << helper_directory();
  EXPECT_TRUE(fs::is_regular_file(plugin_directory() / "gambit_random.so")) << plugin_directory();
  const fs::path prefix = bin.parent_path();
  for (const fs::path& dir : {data_directory(), helper_directory(), plugin_directory()})
    EXPECT_EQ(std::mismatch(prefix.begin(), prefix.end(), dir.begin(), dir.end()).first, prefix.end())
        << dir << " is not under " << prefix;
}

}  // namespace
}  // namespace gambit::config
