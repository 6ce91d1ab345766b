// SPDX-License-Identifier: MIT
// The configuration's files: a file missing, a folder, a huge file, errors
// naming the path; the user's file over the default one key by key, a
// replacement read alone, XDG_CONFIG_HOME; and the shipped config/gambit.toml,
// which equals the built-in defaults and comments every key.
#include "core/config/config_loader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/config/config_paths.h"
#include "core/config/seats.h"
#include "core/players/plugin_catalog.h"
#include "tests/core/config/temp_files.h"
#include "tests/core/config/test_plugins.h"

namespace gambit::config {
namespace {

namespace fs = std::filesystem;
using fixtures::ScopedEnv;
using fixtures::TempDir;
using ::testing::HasSubstr;
using ::testing::StartsWith;

class ConfigFileTest : public ::testing::Test {
 protected:
  TempDir dir;
};

TEST_F(ConfigFileTest, MissingFileIsAnErrorNamingIt) {
  Result<Settings> settings = load_config_file(dir.path() / "nope.toml");
  ASSERT_FALSE(settings.ok());
  EXPECT_EQ(settings.error(), (dir.path() / "nope.toml").string() + ": configuration file not found");
}

TEST_F(ConfigFileTest, FolderIsNotAConfigFile) {
  Result<Settings> settings = load_config_file(dir.path());
  ASSERT_FALSE(settings.ok());
  EXPECT_THAT(settings.error(), HasSubstr("is not a regular file"));
}

TEST_F(ConfigFileTest, HugeFileIsRefusedUnread) {
  const fs::path file = dir.write("huge.toml", std::string(MaxConfigFileBytes + 1, '#'));
  Result<Settings> settings = load_config_file(file);
  ASSERT_FALSE(settings.ok());
  EXPECT_THAT(settings.error(), HasSubstr("at most 1048576")) << settings.error();
}

TEST_F(ConfigFileTest, ErrorsNameTheFilePath) {
  const fs::path file = dir.write("bad.toml", "[white]\nlevel = 3\n");
  Result<Settings> settings = load_config_file(file);
  ASSERT_FALSE(settings.ok());
  EXPECT_EQ(settings.error(), file.string() + ":2:9: white.level must be a string, got integer");
}

TEST_F(ConfigFileTest, UserFileOverridesDefaultKeyByKey) {
  ConfigFiles files;
  files.default_file = dir.write("default.toml", R"([white]
player = "human"
[black]
player = "alphabeta"
level = "medium"
[black.options]
hash_mb = 16
movetime_ms = 100
[plugins]
paths = ["/default/plugins"]
)");
  files.user_file = dir.write("user.toml", R"([black]
level = "hard"
[black.options]
movetime_ms = 900
depth = 7
)");
  Result<Settings> settings = load_settings(files);
  ASSERT_TRUE(settings.ok()) << settings.error();
  EXPECT_EQ(settings->black,
            (SeatConfig{"alphabeta", "2200", {{"hash_mb", "16"}, {"movetime_ms", "900"}, {"depth", "7"}}}));
  EXPECT_EQ(settings->plugin_paths, (std::vector<fs::path>{"/default/plugins"}));
  EXPECT_EQ(settings->sources.at("black.options.hash_mb").file, files.default_file.string());
  EXPECT_EQ(settings->sources.at("black.options.movetime_ms").file, files.user_file->string());
  EXPECT_EQ(settings->sources.at("black.level").file, files.user_file->string());
}

TEST_F(ConfigFileTest, UserPlayerReplacesTheDefaultSeatAndPathsReplaceTheList) {
  ConfigFiles files;
  files.default_file = dir.write("default.toml",
                                 "[black]\nplayer = \"alphabeta\"\nlevel = \"medium\"\n"
                                 "[black.options]\nhash_mb = 16\n[plugins]\npaths = [\"/a\", \"/b\"]\n");
  files.user_file = dir.write("user.toml", "[black]\nplayer = \"random\"\n[plugins]\npaths = [\"/c\"]\n");
  Result<Settings> settings = load_settings(files);
  ASSERT_TRUE(settings.ok()) << settings.error();
  EXPECT_EQ(settings->black, (SeatConfig{"random", "", {}}));
  EXPECT_FALSE(settings->sources.count("black.options.hash_mb"));
  EXPECT_FALSE(settings->sources.count("black.level"));
  EXPECT_EQ(settings->plugin_paths, (std::vector<fs::path>{"/c"}));
}

TEST_F(ConfigFileTest, MissingUserFileIsFine) {
  ConfigFiles files;
  files.default_file = dir.write("default.toml", "[white]\nplayer = \"random\"\n");
  files.user_file = dir.path() / "absent" / "config.toml";
  Result<Settings> settings = load_settings(files);
  ASSERT_TRUE(settings.ok()) << settings.error();
  EXPECT_EQ(settings->white.player, "random");
}

TEST_F(ConfigFileTest, MissingDefaultFileMeansBuiltInDefaults) {
  ConfigFiles files;
  files.default_file = dir.path() / "absent.toml";
  files.user_file = std::nullopt;
  Result<Settings> settings = load_settings(files);
  ASSERT_TRUE(settings.ok()) << settings.error();
  EXPECT_EQ(*settings, Settings());
}

TEST_F(ConfigFileTest, BadUserFileIsAnError) {
  ConfigFiles files;
  files.default_file = dir.write("default.toml", "");
  files.user_file = dir.write("user.toml", "[white]\nplayer = 1\n");
  Result<Settings> settings = load_settings(files);
  ASSERT_FALSE(settings.ok());
  EXPECT_EQ(settings.error(), files.user_file->string() + ":2:10: white.player must be a string, got integer");
}

TEST_F(ConfigFileTest, ReplacementIsReadAloneOverBuiltInDefaults) {
  ConfigFiles files;
  files.default_file = dir.write("default.toml", "[white]\nplayer = \"random\"\n[plugins]\npaths = [\"/d\"]\n");
  files.user_file = dir.write("user.toml", "[black]\nplayer = \"minimax\"\n");
  files.replacement = dir.write("only.toml", "[black]\nlevel = \"hard\"\n");
  Result<Settings> settings = load_settings(files);
  ASSERT_TRUE(settings.ok()) << settings.error();
  Settings expected;
  expected.black.level = "2200";  // alphabeta's level "hard" of older files is read as its rating (RenamedLevels)
  EXPECT_EQ(*settings, expected);
}

TEST_F(ConfigFileTest, MissingReplacementIsAnError) {
  ConfigFiles files;
  files.default_file = dir.write("default.toml", "");
  files.replacement = dir.path() / "missing.toml";
  Result<Settings> settings = load_settings(files);
  ASSERT_FALSE(settings.ok());
  EXPECT_THAT(settings.error(), HasSubstr("missing.toml: configuration file not found"));
}

TEST_F(ConfigFileTest, UserFileIsFoundThroughXdgConfigHome) {
  const fs::path user = dir.write("xdg/gambit/config.toml", "[white]\nplayer = \"minimax\"\n");
  ScopedEnv xdg("XDG_CONFIG_HOME", (dir.path() / "xdg").c_str());
  EXPECT_EQ(user_config_path(), user);
  ConfigFiles files;  // picks the user file up from the environment
  files.default_file = dir.path() / "absent.toml";
  Result<Settings> settings = load_settings(files);
  ASSERT_TRUE(settings.ok()) << settings.error();
  EXPECT_EQ(settings->white.player, "minimax");
}

TEST(ShippedConfig, EqualsTheBuiltInDefaultsAndValidates) {
  const fs::path shipped = fs::path(GAMBIT_TEST_SOURCE_DIR) / "config" / "gambit.toml";
  Result<Settings> settings = load_config_file(shipped);
  ASSERT_TRUE(settings.ok()) << settings.error();
  EXPECT_EQ(*settings, Settings());
  EXPECT_EQ(settings->white.player, "human");
  EXPECT_EQ(settings->black, (SeatConfig{"alphabeta", "1200", {}}));
  EXPECT_TRUE(settings->plugin_paths.empty());
  EXPECT_EQ(settings->ui, UiSettings());
  EXPECT_EQ(settings->clock, ClockSettings());
  EXPECT_EQ(settings->demo, DemoSettings());
  EXPECT_EQ(settings->hint, (SeatConfig{"alphabeta", "max", {}}));
  for (const char* key :
       {"ui.show_legal_moves", "ui.show_ai_arrow", "ui.instant_ai_moves", "ui.sounds", "ui.theme", "ui.piece_set", "ui.animation_ms",
        "clock.minutes", "clock.increment_seconds", "demo.move_delay_ms", "demo.white.player", "demo.white.level",
        "demo.black.player", "demo.black.level", "hint.player", "hint.level"})
    EXPECT_TRUE(settings->sources.count(key)) << key << " is not in the shipped file";
  Result<std::array<ResolvedSeat, chess::COLOR_NB>> seats = resolve_seats(*settings, fixtures::shipped_plugins());
  ASSERT_TRUE(seats.ok()) << seats.error();
  EXPECT_TRUE((*seats)[chess::WHITE].human());
  EXPECT_EQ((*seats)[chess::BLACK].plugin, &fixtures::alphabeta_plugin());
  for (chess::Color side : {chess::WHITE, chess::BLACK}) {
    Result<ResolvedSeat> demo = resolve_demo_seat(*settings, side, fixtures::shipped_plugins());
    EXPECT_TRUE(demo.ok()) << demo.error();
  }
  Result<ResolvedSeat> hint = resolve_hint(*settings, fixtures::shipped_plugins());
  ASSERT_TRUE(hint.ok()) << hint.error();
  EXPECT_EQ(hint->plugin, &fixtures::alphabeta_plugin());
}

TEST(ShippedConfig, IsTheDefaultWhenRunFromTheBuildFolder) {
  auto read = [](const fs::path& file) {
    std::ifstream in(file);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  const std::string shipped = read(fs::path(GAMBIT_TEST_SOURCE_DIR) / "config" / "gambit.toml");
  ASSERT_FALSE(shipped.empty());
  EXPECT_EQ(read(default_config_path()), shipped) << default_config_path();
}

TEST(ShippedConfig, EveryKeyHasAComment) {
  const fs::path shipped = fs::path(GAMBIT_TEST_SOURCE_DIR) / "config" / "gambit.toml";
  std::ifstream in(shipped);
  std::string line, previous;
  int keys = 0;
  while (std::getline(in, line)) {
    const bool key_line = !line.empty() && line[0] != '#' && line[0] != '[' && line.find('=') != std::string::npos;
    if (key_line) {
      ++keys;
      EXPECT_THAT(previous, StartsWith("#")) << "no comment above: " << line;
    }
    previous = line;
  }
  // white.player, black.player, black.level, hint (2), review (4), game (3), ui (10),
  // clock (2), demo.move_delay_ms, demo.white (2), demo.black (2), store.profile, plugins (4)
  EXPECT_EQ(keys, 34);
}

}  // namespace
}  // namespace gambit::config
