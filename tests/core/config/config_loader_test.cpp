#include "core/config/config_loader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <string>

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

// The failure parse_config gives for text, which must not parse.
std::string error_of(std::string_view text) {
  Result<Settings> settings = parse_config(text, "test.toml");
  EXPECT_FALSE(settings.ok()) << "accepted:\n" << text;
  return settings ? "" : settings.error();
}

Settings parsed(std::string_view text, const Settings& base = Settings()) {
  Result<Settings> settings = parse_config(text, "test.toml", base);
  EXPECT_TRUE(settings.ok()) << (settings ? "" : settings.error()) << "\nin:\n" << text;
  return settings ? *settings : Settings();
}

TEST(ParseConfig, ReadsSeatsOptionsAndPaths) {
  const Settings settings = parsed(R"(
[white]
player = "minimax"
level = "easy"

[white.options]
depth = 3

[black]
player = "kitchen"
options = { style = "sharp", ponder = true, count = -2 }

[plugins]
paths = ["/opt/gambit/plugins", "/usr/local/lib/gambit"]
)");
  EXPECT_EQ(settings.white, (SeatConfig{"minimax", "easy", {{"depth", "3"}}}));
  EXPECT_EQ(settings.black, (SeatConfig{"kitchen", "", {{"style", "sharp"}, {"ponder", "true"}, {"count", "-2"}}}));
  EXPECT_EQ(settings.plugin_paths, (std::vector<fs::path>{"/opt/gambit/plugins", "/usr/local/lib/gambit"}));
}

TEST(ParseConfig, SettingAPlayerReplacesTheWholeSeat) {
  const Settings settings = parsed("[black]\nplayer = \"random\"\n");
  EXPECT_EQ(settings.black, (SeatConfig{"random", "", {}}));
  EXPECT_EQ(settings.white, Settings().white);
}

TEST(ParseConfig, OptionsKeepFileOrderAndTextForm) {
  const Settings settings = parsed(R"([black]
player = "kitchen"
[black.options]
style = "sharp"
count = -2
book = "a \"quoted\" name"
ponder = true
)");
  const players::OptionList expected{
      {"style", "sharp"}, {"count", "-2"}, {"book", "a \"quoted\" name"}, {"ponder", "true"}};
  EXPECT_EQ(settings.black.options, expected);
}

TEST(ParseConfig, RecordsWhereEachValueWasRead) {
  const Settings settings = parsed("[black]\nplayer = \"minimax\"\n\n[black.options]\ndepth = 9\n");
  ASSERT_TRUE(settings.sources.count("black.player"));
  EXPECT_EQ(settings.sources.at("black.player").file, "test.toml");
  EXPECT_EQ(settings.sources.at("black.player").line, 2u);
  EXPECT_EQ(settings.sources.at("black.options.depth").line, 5u);
  EXPECT_EQ(settings.about("black.options.depth"), "test.toml:5:9: black.options.depth: ");
  EXPECT_EQ(settings.about("white.level"), "white.level: ");
}

TEST(ParseConfig, RelativePluginPathsAreRelativeToTheFile) {
  Result<Settings> settings = parse_config("[plugins]\npaths = [\"mine\", \"/abs\"]\n", "/home/ann/cfg/gambit.toml");
  ASSERT_TRUE(settings.ok()) << settings.error();
  EXPECT_EQ(settings->plugin_paths, (std::vector<fs::path>{"/home/ann/cfg/mine", "/abs"}));
}

TEST(ParseConfig, EmptyFileKeepsTheBase) {
  EXPECT_EQ(parsed(""), Settings());
  EXPECT_EQ(parsed("# only a comment\n\n"), Settings());
}

TEST(ConfigErrors, SyntaxErrorNamesFileLineAndProblem) {
  const std::string error = error_of("[white]\nplayer = \"human\"\nlevel = \n");
  EXPECT_THAT(error, StartsWith("test.toml:3:")) << error;
  EXPECT_THAT(error, HasSubstr("TOML syntax error")) << error;
}

TEST(ConfigErrors, DuplicateKeyIsASyntaxErrorOnItsLine) {
  const std::string error = error_of("[white]\nplayer = \"human\"\nplayer = \"random\"\n");
  EXPECT_THAT(error, StartsWith("test.toml:3:")) << error;
  EXPECT_THAT(error, HasSubstr("player")) << error;
  const std::string table = error_of("[black]\nplayer = \"random\"\n[black]\nlevel = \"easy\"\n");
  EXPECT_THAT(table, StartsWith("test.toml:3:")) << table;
}

TEST(ConfigErrors, WrongTypeNamesKeyExpectationAndActualType) {
  EXPECT_EQ(error_of("[white]\nlevel = 3\n"), "test.toml:2:9: white.level must be a string, got integer");
  EXPECT_EQ(error_of("[black]\nplayer = [\"a\"]\n"), "test.toml:2:10: black.player must be a string, got array");
  EXPECT_EQ(error_of("white = \"human\"\n"), "test.toml:1:9: white must be a table, got string");
  EXPECT_EQ(error_of("[[white]]\nplayer = \"human\"\n"), "test.toml:1:1: white must be a table, got array");
  EXPECT_EQ(error_of("[black]\noptions = 4\n"), "test.toml:2:11: black.options must be a table, got integer");
  EXPECT_EQ(error_of("[black.options]\ndepth = 2.5\n"),
            "test.toml:2:9: black.options.depth must be an integer, a boolean or a string, got float");
  EXPECT_EQ(error_of("[black.options]\nwhen = 2024-01-01\n"),
            "test.toml:2:8: black.options.when must be an integer, a boolean or a string, got date");
  EXPECT_EQ(error_of("[black.options]\ndepth = { x = 1 }\n"),
            "test.toml:2:9: black.options.depth must be an integer, a boolean or a string, got table");
  EXPECT_EQ(error_of("plugins = []\n"), "test.toml:1:11: plugins must be a table, got array");
}

TEST(ConfigErrors, PluginPathsMustBeAnArrayOfNonEmptyStrings) {
  EXPECT_EQ(error_of("[plugins]\npaths = \"/opt\"\n"),
            "test.toml:2:9: plugins.paths must be an array of strings, got string");
  EXPECT_EQ(error_of("[plugins]\npaths = [\"/opt\", 3]\n"),
            "test.toml:2:18: plugins.paths[1] must be a string, got integer");
  EXPECT_EQ(error_of("[plugins]\npaths = [\"\"]\n"), "test.toml:2:10: plugins.paths[0] must not be empty");
}

TEST(ConfigErrors, EmptyStringsAreRefused) {
  EXPECT_EQ(error_of("[white]\nplayer = \"\"\n"), "test.toml:2:10: white.player must not be empty");
  EXPECT_EQ(error_of("[black]\nlevel = ''\n"), "test.toml:2:9: black.level must not be empty");
  EXPECT_EQ(error_of("[black.options]\nbook = \"\"\n"), "test.toml:2:8: black.options.book must not be empty");
}

TEST(ConfigErrors, NulCharactersAreRefused) {
  EXPECT_EQ(error_of("[white]\nplayer = \"a\\u0000b\"\n"),
            "test.toml:2:10: white.player must not contain a NUL character");
}

TEST(ConfigErrors, UnknownKeysAreRefusedEverywhere) {
  EXPECT_EQ(error_of("[clock]\ninitial_seconds = 300\n"),
            "test.toml:1:2: unknown key clock; expected white, black or plugins");
  EXPECT_EQ(error_of("[white]\ncolour = \"white\"\n"),
            "test.toml:2:1: unknown key white.colour; expected player, level or options");
  EXPECT_EQ(error_of("[plugins]\npath = [\"/opt\"]\n"), "test.toml:2:1: unknown key plugins.path; expected paths");
  EXPECT_EQ(error_of("\"odd key\" = 1\n"), "test.toml:1:1: unknown key 'odd key'; expected white, black or plugins");
}

TEST(ConfigErrors, TheFirstErrorInTheFileIsReported) {
  EXPECT_EQ(error_of("[white]\nzz = 1\n[black]\naa = 2\n"),
            "test.toml:2:1: unknown key white.zz; expected player, level or options");
}

TEST(ConfigErrors, NonUtf8IsASyntaxErrorWithItsLine) {
  const std::string error = error_of("[white]\nplayer = \"h\xFFuman\"\n");
  EXPECT_THAT(error, StartsWith("test.toml:2:")) << error;
  EXPECT_THAT(error, HasSubstr("TOML syntax error")) << error;
  const std::string in_comment = error_of("# caf\xC3\n[white]\n");
  EXPECT_THAT(in_comment, StartsWith("test.toml:1:")) << in_comment;
}

TEST(ConfigErrors, IntegerOverflowingInt64IsReportedWithItsLine) {
  const std::string error = error_of("[black.options]\ndepth = 99999999999999999999\n");
  EXPECT_THAT(error, StartsWith("test.toml:2:")) << error;
  EXPECT_THAT(error, HasSubstr("TOML syntax error")) << error;
  EXPECT_EQ(parsed("[black.options]\nseed = 9223372036854775807\n").black.options,
            (players::OptionList{{"seed", "9223372036854775807"}}));
  EXPECT_EQ(parsed("[black.options]\nseed = -9223372036854775808\n").black.options,
            (players::OptionList{{"seed", "-9223372036854775808"}}));
}

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
            (SeatConfig{"alphabeta", "hard", {{"hash_mb", "16"}, {"movetime_ms", "900"}, {"depth", "7"}}}));
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
  expected.black.level = "hard";
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

TEST(ShippedConfig, EqualsTheBuiltInDefaultsAndValidates) {
  const fs::path shipped = fs::path(GAMBIT_TEST_SOURCE_DIR) / "config" / "gambit.toml";
  Result<Settings> settings = load_config_file(shipped);
  ASSERT_TRUE(settings.ok()) << settings.error();
  EXPECT_EQ(*settings, Settings());
  EXPECT_EQ(settings->white.player, "human");
  EXPECT_EQ(settings->black, (SeatConfig{"alphabeta", "medium", {}}));
  EXPECT_TRUE(settings->plugin_paths.empty());
  Result<std::array<ResolvedSeat, chess::COLOR_NB>> seats = resolve_seats(*settings, fixtures::shipped_plugins());
  ASSERT_TRUE(seats.ok()) << seats.error();
  EXPECT_TRUE((*seats)[chess::WHITE].human());
  EXPECT_EQ((*seats)[chess::BLACK].plugin, &fixtures::alphabeta_plugin());
}

TEST(ShippedConfig, IsTheDefaultWhenRunFromTheBuildTree) {
  EXPECT_EQ(fs::weakly_canonical(default_config_path()),
            fs::weakly_canonical(fs::path(GAMBIT_TEST_SOURCE_DIR) / "config" / "gambit.toml"));
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
  EXPECT_EQ(keys, 4);  // white.player, black.player, black.level, plugins.paths
}

TEST(PluginSearchPaths, ConfiguredPathsThenBesideTheExecutable) {
  Settings settings;
  settings.plugin_paths = {"/a", "/b"};
  std::vector<fs::path> expected{"/a", "/b"};
  for (const fs::path& dir : players::default_plugin_directories()) expected.push_back(dir);
  EXPECT_EQ(plugin_search_paths(settings), expected);
  EXPECT_EQ(expected.back(), players::executable_directory());
  EXPECT_EQ(plugin_search_paths(Settings()), players::default_plugin_directories());
}

}  // namespace
}  // namespace gambit::config
