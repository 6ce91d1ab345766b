#include "core/config/config_writer.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/config/config_loader.h"
#include "tests/core/config/temp_files.h"

namespace gambit::config {
namespace {

namespace fs = std::filesystem;
using fixtures::TempDir;
using ::testing::HasSubstr;

Settings unusual_settings() {
  Settings settings;
  settings.white = SeatConfig{"kitchen",
                              "sharp",
                              {{"book", "C:\\books\\\"best\" one\ttab\nline \x01 caf\xC3\xA9"},
                               {"count", "-3"},
                               {"ponder", "true"},
                               {"style", "sharp"},
                               {"zero", "-0"},
                               {"padded", "007"},
                               {"big", "9223372036854775807"},
                               {"bigger", "9223372036854775808"},
                               {"odd name", "x"},
                               {"quote\"key", "y"}}};
  settings.black = SeatConfig{"alphabeta", "", {{"depth", "12"}}};
  settings.plugin_paths = {"/opt/gambit plugins", "/home/ann/\xE2\x82\xAC"};
  return settings;
}

TEST(FormatConfig, WritesReadableToml) {
  Settings settings;
  settings.black.options = {{"depth", "8"}, {"book", "main.bin"}, {"ponder", "false"}};
  Result<std::string> text = format_config(settings);
  ASSERT_TRUE(text.ok()) << text.error();
  EXPECT_THAT(*text, HasSubstr("[white]\nplayer = \"human\"\n")) << *text;
  EXPECT_THAT(*text, HasSubstr("[black]\nplayer = \"alphabeta\"\nlevel = \"medium\"\n")) << *text;
  EXPECT_THAT(*text, HasSubstr("[black.options]\ndepth = 8\nbook = \"main.bin\"\nponder = false\n")) << *text;
  EXPECT_THAT(*text, HasSubstr("[plugins]\npaths = []\n")) << *text;
}

TEST(FormatConfig, RoundTripsUnusualText) {
  const Settings settings = unusual_settings();
  Result<std::string> text = format_config(settings);
  ASSERT_TRUE(text.ok()) << text.error();
  Result<Settings> back = parse_config(*text, "saved.toml");
  ASSERT_TRUE(back.ok()) << back.error() << "\n" << *text;
  EXPECT_EQ(back->white, settings.white) << *text;
  EXPECT_EQ(back->black, settings.black) << *text;
  EXPECT_EQ(back->plugin_paths, settings.plugin_paths) << *text;
}

TEST(FormatConfig, RefusesWhatCouldNotBeReadBack) {
  Settings empty_player;
  empty_player.white.player = "";
  EXPECT_EQ(format_config(empty_player).error(), "white.player must not be empty");
  Settings bad_level;
  bad_level.black.level = "\xFF";
  EXPECT_EQ(format_config(bad_level).error(), "black.level is not valid UTF-8");
  Settings empty_value;
  empty_value.black.options = {{"book", ""}};
  EXPECT_EQ(format_config(empty_value).error(), "black.options.book must not be empty");
  Settings nul_path;
  nul_path.plugin_paths = {std::string("a\0b", 3)};
  EXPECT_EQ(format_config(nul_path).error(), "plugins.paths[0] must not contain a NUL character");
}

TEST(SaveUserConfig, CreatesTheFolderAndReadsBackOverTheDefault) {
  TempDir dir;
  const fs::path user = dir.path() / "xdg" / "gambit" / "config.toml";
  const Settings settings = unusual_settings();
  Result<fs::path> saved = save_user_config(settings, user);
  ASSERT_TRUE(saved.ok()) << saved.error();
  EXPECT_EQ(*saved, user);
  EXPECT_FALSE(fs::exists(user.string() + ".new"));

  ConfigFiles files;
  files.default_file = fs::path(GAMBIT_TEST_SOURCE_DIR) / "config" / "gambit.toml";
  files.user_file = user;
  Result<Settings> loaded = load_settings(files);
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  EXPECT_EQ(*loaded, settings);
}

TEST(SaveUserConfig, ReplacesAnExistingFile) {
  TempDir dir;
  const fs::path user =
      dir.write("config.toml", "[white]\nplayer = \"random\"\n# an old file, much longer than the new\n");
  Settings settings;
  settings.white.player = "minimax";
  ASSERT_TRUE(save_user_config(settings, user).ok());
  Result<Settings> loaded = load_config_file(user);
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  EXPECT_EQ(*loaded, settings);
}

TEST(SaveUserConfig, UnwritablePlaceIsAnErrorNamingTheFile) {
  TempDir dir;
  const fs::path blocker = dir.write("plain-file", "not a folder");
  Result<fs::path> saved = save_user_config(Settings(), blocker / "config.toml");
  ASSERT_FALSE(saved.ok());
  EXPECT_THAT(saved.error(), HasSubstr((blocker / "config.toml").string())) << saved.error();
}

TEST(SaveUserConfig, InvalidSettingsAreNotWritten) {
  TempDir dir;
  Settings settings;
  settings.black.player = "";
  const fs::path user = dir.path() / "config.toml";
  Result<fs::path> saved = save_user_config(settings, user);
  ASSERT_FALSE(saved.ok());
  EXPECT_EQ(saved.error(), user.string() + ": not saved: black.player must not be empty");
  EXPECT_FALSE(fs::exists(user));
}

}  // namespace
}  // namespace gambit::config
