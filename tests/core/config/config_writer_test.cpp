// SPDX-License-Identifier: MIT
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
  settings.black = SeatConfig{"alphabeta", "", {{"depth", "12"}}, "in-process", std::vector<std::string>{}};
  settings.white.permissions = std::vector<std::string>{"read-paths", "run-program"};
  settings.isolation = "in-process";
  settings.memory_limit_mb = 300;
  settings.sandbox = "required";
  settings.plugin_permissions = {{"uci", {"run-program", "write-file"}}, {"my engine", {}}};
  settings.plugin_paths = {"/opt/gambit plugins", "/home/ann/\xE2\x82\xAC"};
  settings.store = StoreSettings{"/home/ann/chess \"scores\".db", "Ann \xC3\xA9"};
  settings.game.variant = "threecheck";
  settings.game.random_colours = true;
  settings.ui = UiSettings{false, false, false, "grey", "freeserif", 0};
  settings.clock = ClockSettings{180, 60};
  settings.demo.move_delay_ms = 10000;
  settings.demo.white = SeatConfig{"random", "", {{"seed", "9223372036854775807"}}};
  settings.demo.black = SeatConfig{"kitchen", "sharp \"one\"", {{"odd name", "x"}, {"ponder", "false"}}};
  settings.review = ReviewSettings{SeatConfig{"uci", "max", {{"command", "stockfish"}}}, 1234, 250, 3};
  settings.hint = SeatConfig{"minimax", "", {{"depth", "2"}}, "process"};
  return settings;
}

TEST(FormatConfig, WritesReadableToml) {
  Settings settings;
  settings.black.options = {{"depth", "8"}, {"book", "main.bin"}, {"ponder", "false"}};
  Result<std::string> text = format_config(settings);
  ASSERT_TRUE(text.ok()) << text.error();
  EXPECT_THAT(*text, HasSubstr("[white]\nplayer = \"human\"\n")) << *text;
  EXPECT_THAT(*text, HasSubstr("[black]\nplayer = \"alphabeta\"\nlevel = \"1200\"\n")) << *text;
  EXPECT_THAT(*text, HasSubstr("[black.options]\ndepth = 8\nbook = \"main.bin\"\nponder = false\n")) << *text;
  EXPECT_THAT(*text, HasSubstr("[plugins]\npaths = []\n")) << *text;
  EXPECT_THAT(*text, HasSubstr("[ui]\nshow_legal_moves = true\nshow_ai_arrow = true\ninstant_ai_moves = false\n"
                               "sounds = true\n"
                               "theme = \"green\"\npiece_set = \"dejavu\"\nanimation_ms = 150\n"))
      << *text;
  EXPECT_THAT(*text, HasSubstr("[clock]\nminutes = 0\nincrement_seconds = 0\n")) << *text;
  EXPECT_THAT(*text, HasSubstr("[demo]\nmove_delay_ms = 600\n")) << *text;
  EXPECT_THAT(*text, HasSubstr("[demo.white]\nplayer = \"alphabeta\"\nlevel = \"1400\"\n")) << *text;
  EXPECT_THAT(*text, HasSubstr("[demo.black]\nplayer = \"minimax\"\nlevel = \"hard\"\n")) << *text;
  EXPECT_THAT(*text, HasSubstr("[hint]\nplayer = \"alphabeta\"\nlevel = \"max\"\n")) << *text;
}

TEST(FormatConfig, DefaultsReadBackAsDefaults) {
  Result<std::string> text = format_config(Settings());
  ASSERT_TRUE(text.ok()) << text.error();
  Result<Settings> back = parse_config(*text, "saved.toml");
  ASSERT_TRUE(back.ok()) << back.error() << "\n" << *text;
  EXPECT_EQ(*back, Settings()) << *text;
}

TEST(FormatConfig, RoundTripsEveryNewTableOverAnyBase) {
  const Settings settings = unusual_settings();
  Result<std::string> text = format_config(settings);
  ASSERT_TRUE(text.ok()) << text.error();
  EXPECT_THAT(*text, HasSubstr("[demo.black.options]\n\"odd name\" = \"x\"\nponder = false\n")) << *text;
  EXPECT_THAT(*text, HasSubstr("[hint.options]\ndepth = 2\n")) << *text;
  EXPECT_THAT(*text, HasSubstr("[review]\nplayer = \"uci\"\nlevel = \"max\"\nnodes = 1234\nmovetime_ms = 250\njobs = 3\n\n"
                               "[review.options]\ncommand = \"stockfish\"\n"))
      << *text;
  // Read over a base that differs in every new value: the text decides them all.
  Settings base;
  base.ui = UiSettings{true, true, true, "blue", "dejavu", 999};
  base.clock = ClockSettings{7, 7};
  base.demo.move_delay_ms = 1;
  base.demo.white = SeatConfig{"alphabeta", "max", {{"hash_mb", "1"}}};
  base.demo.black.options = {{"depth", "1"}};
  base.hint.options = {{"movetime_ms", "5"}};
  base.review = ReviewSettings{SeatConfig{"minimax", "easy", {}}, 99, 0, 2};
  base.store = StoreSettings{"/elsewhere.db", "Bob"};
  for (const Settings& below : {Settings(), base}) {
    Result<Settings> back = parse_config(*text, "saved.toml", below);
    ASSERT_TRUE(back.ok()) << back.error() << "\n" << *text;
    EXPECT_EQ(back->ui, settings.ui) << *text;
    EXPECT_EQ(back->clock, settings.clock) << *text;
    EXPECT_EQ(back->demo, settings.demo) << *text;
    EXPECT_EQ(back->hint, settings.hint) << *text;
    EXPECT_EQ(back->review, settings.review) << *text;
    EXPECT_EQ(back->store, settings.store) << *text;
    EXPECT_EQ(back->game, settings.game) << *text;
    EXPECT_EQ(*back, settings) << *text;
  }
}

TEST(FormatConfig, RefusesNewValuesTheLoaderWouldRefuse) {
  Settings theme;
  theme.ui.theme = "red";
  EXPECT_EQ(format_config(theme).error(),
            "ui.theme must be one of green, brown, blue, grey, purple, olive, ice, sand, contrast, got 'red'");
  Settings pieces;
  pieces.ui.piece_set = "";
  EXPECT_EQ(format_config(pieces).error(),
            "ui.piece_set must be one of dejavu, freeserif, xboard, cburnett, merida, alpha, leipzig, kosal, maya, "
            "magnetic, freestaunton, chessicons, got ''");
  Settings animation;
  animation.ui.animation_ms = -1;
  EXPECT_EQ(format_config(animation).error(), "ui.animation_ms must be an integer in 0..1000, got -1");
  Settings minutes;
  minutes.clock.minutes = 181;
  EXPECT_EQ(format_config(minutes).error(), "clock.minutes must be an integer in 0..180, got 181");
  Settings increment;
  increment.clock = ClockSettings{1, 61};
  EXPECT_EQ(format_config(increment).error(), "clock.increment_seconds must be an integer in 0..60, got 61");
  Settings no_clock;
  no_clock.clock.increment_seconds = 5;
  EXPECT_EQ(format_config(no_clock).error(),
            "clock.increment_seconds must be 0 when clock.minutes is 0 (no clock), got 5");
  Settings delay;
  delay.demo.move_delay_ms = 10001;
  EXPECT_EQ(format_config(delay).error(), "demo.move_delay_ms must be an integer in 0..10000, got 10001");
  Settings demo_player;
  demo_player.demo.black.player = "";
  EXPECT_EQ(format_config(demo_player).error(), "demo.black.player must not be empty");
  Settings hint_option;
  hint_option.hint.options = {{"book", ""}};
  EXPECT_EQ(format_config(hint_option).error(), "hint.options.book must not be empty");
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
