// SPDX-License-Identifier: MIT
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
#include "tests/core/config/parse_text.h"
#include "tests/core/config/test_plugins.h"

namespace gambit::config {
namespace {

using test_support::error_of;
using test_support::parsed;
namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::StartsWith;


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

TEST(ParseConfig, ReadsUiClockDemoAndHint) {
  const Settings settings = parsed(R"(
[ui]
show_legal_moves = false
show_ai_arrow = false
sounds = false
theme = "grey"
piece_set = "freeserif"
animation_ms = 0

[clock]
minutes = 180
increment_seconds = 60

[demo]
move_delay_ms = 10000
[demo.white]
player = "random"
[demo.white.options]
seed = 7
[demo.black]
player = "alphabeta"
level = "max"

[hint]
player = "minimax"
level = "easy"
options = { depth = 2 }
)");
  EXPECT_EQ(settings.ui, (UiSettings{false, false, false, "grey", "freeserif", 0}));
  EXPECT_EQ(settings.clock, (ClockSettings{180, 60}));
  EXPECT_TRUE(settings.clock.enabled());
  EXPECT_EQ(settings.demo.move_delay_ms, 10000);
  EXPECT_EQ(settings.demo.white, (SeatConfig{"random", "", {{"seed", "7"}}}));
  EXPECT_EQ(settings.demo.black, (SeatConfig{"alphabeta", "max", {}}));
  EXPECT_EQ(settings.hint, (SeatConfig{"minimax", "easy", {{"depth", "2"}}}));
  EXPECT_EQ(settings.white, Settings().white);
  EXPECT_EQ(settings.black, Settings().black);
  EXPECT_NE(settings, Settings());

  EXPECT_EQ(settings.about("ui.theme"), "test.toml:6:9: ui.theme: ");
  EXPECT_EQ(settings.about("clock.increment_seconds"), "test.toml:12:21: clock.increment_seconds: ");
  EXPECT_EQ(settings.about("demo.move_delay_ms"), "test.toml:15:17: demo.move_delay_ms: ");
  EXPECT_EQ(settings.about("demo.white.options.seed"), "test.toml:19:8: demo.white.options.seed: ");
  EXPECT_EQ(settings.about("demo.black.level"), "test.toml:22:9: demo.black.level: ");
  EXPECT_EQ(settings.about("hint.options.depth"), "test.toml:27:21: hint.options.depth: ");
}

TEST(ParseConfig, ReviewIsASeatWithABudget) {
  const Settings settings = parsed(R"([review]
player = "uci"
level = "max"
nodes = 2000
jobs = 3
[review.options]
command = "stockfish"
)");
  EXPECT_EQ(settings.review.analyser, (SeatConfig{"uci", "max", {{"command", "stockfish"}}}));
  EXPECT_EQ(settings.review.nodes, 2000);
  EXPECT_EQ(settings.review.movetime_ms, 0);
  EXPECT_EQ(settings.review.jobs, 3);
  EXPECT_EQ(settings.about("review.jobs"), "test.toml:5:8: review.jobs: ");
  // A budget alone keeps the player below it.
  const Settings layered = parsed("[review]\nmovetime_ms = 500\n", settings);
  EXPECT_EQ(layered.review.analyser, settings.review.analyser);
  EXPECT_EQ(layered.review.movetime_ms, 500);
  EXPECT_EQ(error_of("[review]\nnodes = 0\n"), "test.toml:2:9: review.nodes must be an integer in 1..1000000000, got 0");
  EXPECT_EQ(error_of("[review]\njobs = 17\n"), "test.toml:2:8: review.jobs must be an integer in 1..16, got 17");
  EXPECT_EQ(error_of("[review]\nmovetime_ms = \"fast\"\n"),
            "test.toml:2:15: review.movetime_ms must be an integer, got string");
}

TEST(ParseConfig, NewTablesHaveTheirDefaults) {
  const Settings settings;
  EXPECT_EQ(settings.ui, (UiSettings{true, true, true, "green", "dejavu", 150}));
  EXPECT_EQ(settings.clock, (ClockSettings{0, 0}));
  EXPECT_FALSE(settings.clock.enabled());
  EXPECT_EQ(settings.demo.move_delay_ms, 600);
  EXPECT_EQ(settings.demo.white, (SeatConfig{"alphabeta", "1400", {}}));
  EXPECT_EQ(settings.demo.black, (SeatConfig{"minimax", "hard", {}}));
  EXPECT_EQ(settings.hint, (SeatConfig{"alphabeta", "max", {}}));
  EXPECT_EQ(settings.review, (ReviewSettings{SeatConfig{"alphabeta", "", {}}, 400000, 0, 2}));
  EXPECT_EQ(BoardThemes.front(), "green");
  EXPECT_EQ(PieceSets.front(), "dejavu");
}

TEST(ParseConfig, EveryNewValueTakesPartInEquality) {
  const Settings base;
  std::vector<Settings> changed(16, base);
  changed[0].ui.show_legal_moves = false;
  changed[1].ui.show_ai_arrow = false;
  changed[2].ui.sounds = false;
  changed[3].ui.theme = "blue";
  changed[4].ui.piece_set = "freeserif";
  changed[5].ui.animation_ms = 10;
  changed[6].clock.minutes = 5;
  changed[7].clock.increment_seconds = 2;
  changed[8].demo.move_delay_ms = 0;
  changed[9].demo.white.level = "easy";
  changed[10].demo.black.options = {{"depth", "2"}};
  changed[11].hint.player = "random";
  changed[12].review.analyser.player = "minimax";
  changed[13].review.nodes = 1000;
  changed[14].review.movetime_ms = 100;
  changed[15].review.jobs = 1;
  for (const Settings& settings : changed) EXPECT_NE(settings, base);
}

TEST(ParseConfig, UiClockAndDemoValuesLayerKeyByKey) {
  Settings base;
  base.ui.theme = "brown";
  base.ui.sounds = false;
  base.clock = ClockSettings{10, 5};
  base.demo.move_delay_ms = 100;
  const Settings settings = parsed("[ui]\nanimation_ms = 300\n[clock]\nminutes = 3\n[demo]\nmove_delay_ms = 0\n", base);
  EXPECT_EQ(settings.ui, (UiSettings{true, true, false, "brown", "dejavu", 300}));
  EXPECT_EQ(settings.clock, (ClockSettings{3, 5}));
  EXPECT_EQ(settings.demo.move_delay_ms, 0);
  EXPECT_EQ(settings.demo.white, base.demo.white);
  EXPECT_EQ(settings.sources.at("ui.animation_ms").line, 2u);
  EXPECT_FALSE(settings.sources.count("ui.theme"));
  EXPECT_EQ(parsed("[clock]\nminutes = 0\nincrement_seconds = 0\n", base).clock, (ClockSettings{0, 0}));
}

TEST(ParseConfig, DemoAndHintSeatsLayerLikeTheBoardSeats) {
  Settings base;
  base.demo.white = SeatConfig{"alphabeta", "1000", {{"hash_mb", "16"}, {"depth", "3"}}};
  base.hint = SeatConfig{"alphabeta", "2200", {{"movetime_ms", "100"}}};
  base.sources["demo.white.options.hash_mb"] = SourcePlace{"default.toml", 9, 11};
  base.sources["hint.options.movetime_ms"] = SourcePlace{"default.toml", 20, 15};

  // No player: level and each option key by key.
  const Settings kept = parsed(
      "[demo.white]\nlevel = \"max\"\n[demo.white.options]\ndepth = 5\n[hint.options]\nmovetime_ms = 900\n", base);
  EXPECT_EQ(kept.demo.white, (SeatConfig{"alphabeta", "max", {{"hash_mb", "16"}, {"depth", "5"}}}));
  EXPECT_EQ(kept.hint, (SeatConfig{"alphabeta", "2200", {{"movetime_ms", "900"}}}));
  EXPECT_EQ(kept.demo.black, base.demo.black);
  EXPECT_EQ(kept.sources.at("demo.white.options.hash_mb").file, "default.toml");
  EXPECT_EQ(kept.sources.at("hint.options.movetime_ms").file, "test.toml");

  // A player: the seat is replaced whole, with the sources of what it had.
  const Settings replaced =
      parsed("[demo]\nwhite = { player = \"minimax\" }\n[hint]\nplayer = \"random\"\noptions.seed = 1\n", base);
  EXPECT_EQ(replaced.demo.white, (SeatConfig{"minimax", "", {}}));
  EXPECT_EQ(replaced.hint, (SeatConfig{"random", "", {{"seed", "1"}}}));
  EXPECT_FALSE(replaced.sources.count("demo.white.options.hash_mb"));
  EXPECT_FALSE(replaced.sources.count("hint.options.movetime_ms"));
  EXPECT_EQ(replaced.sources.at("demo.white.player").line, 2u);

  // Replacing a board seat leaves the demo seat of the same colour alone.
  const Settings board = parsed("[white]\nplayer = \"random\"\n", base);
  EXPECT_EQ(board.demo.white, base.demo.white);
  EXPECT_TRUE(board.sources.count("demo.white.options.hash_mb"));
}

TEST(ParseConfig, ReadsWherePluginsRunAndASeatsOwnChoice) {
  const Settings defaults;
  EXPECT_EQ(defaults.isolation, "process");
  EXPECT_EQ(defaults.isolation_of(defaults.black), (players::Isolation{}));
  const Settings s = parsed(
      "[plugins]\nisolation = \"in-process\"\nmemory_limit_mb = 512\n[black]\nplayer = \"random\"\n"
      "isolation = \"process\"\n");
  EXPECT_EQ(s.isolation_of(s.white).mode, players::Isolation::Mode::InProcess);
  EXPECT_EQ(s.isolation_of(s.black).mode, players::Isolation::Mode::Process);
  EXPECT_EQ(s.isolation_of(s.black).memory_limit_mb, 512u);
  EXPECT_EQ(s.about("plugins.memory_limit_mb"), "test.toml:3:19: plugins.memory_limit_mb: ");
  EXPECT_EQ(error_of("[plugins]\nisolation = \"sandbox\"\n"),
            "test.toml:2:13: plugins.isolation must be one of process, in-process, got 'sandbox'");
  EXPECT_EQ(error_of("[plugins]\nmemory_limit_mb = 5\n"),
            "test.toml:2:19: plugins.memory_limit_mb must be an integer in 128..1048576, got 5");
  EXPECT_EQ(error_of("[hint]\nisolation = true\n"), "test.toml:2:13: hint.isolation must be a string, got boolean");
}

TEST(ParseConfig, ReadsTheSandboxAndThePermissionsGrantedByPlugin) {
  const Settings defaults;
  EXPECT_EQ(defaults.isolation_of(defaults.black).sandbox, players::Isolation::Sandbox::On);
  EXPECT_FALSE(defaults.isolation_of(defaults.black).granted);  // the default grants
  const Settings s = parsed(
      "[plugins]\nsandbox = \"required\"\n[plugins.permissions]\nuci = [\"run-program\"]\n\"my engine\" = []\n"
      "[black]\nplayer = \"uci\"\n");
  EXPECT_EQ(s.isolation_of(s.black).sandbox, players::Isolation::Sandbox::Required);
  EXPECT_EQ(s.isolation_of(s.black).granted, std::vector{players::Permission::Kind::RunProgram});
  EXPECT_FALSE(s.isolation_of(s.white).granted);  // human: nothing named
  EXPECT_EQ(s.plugin_permissions.at("my engine"), std::vector<std::string>{});
  EXPECT_EQ(s.about("plugins.permissions.uci"), "test.toml:4:7: plugins.permissions.uci: ");
  EXPECT_EQ(error_of("[plugins]\nsandbox = \"maybe\"\n"),
            "test.toml:2:11: plugins.sandbox must be one of on, off, required, got 'maybe'");
  EXPECT_EQ(error_of("[plugins.permissions]\nuci = [\"network\"]\n"),
            "test.toml:2:8: plugins.permissions.uci[0] must be one of run-program, read-paths, write-file, got "
            "'network'");
  EXPECT_EQ(error_of("[plugins.permissions]\nuci = \"run-program\"\n"),
            "test.toml:2:7: plugins.permissions.uci must be an array of permission names, got string");
}

TEST(ParseConfig, ASeatsOwnPermissionsReplaceThePluginsForThatSeat) {
  const Settings s = parsed(
      "[plugins.permissions]\nuci = [\"run-program\", \"read-paths\"]\n"
      "[white]\nplayer = \"uci\"\npermissions = []\n[black]\nplayer = \"uci\"\n"
      "[hint]\nplayer = \"snoop\"\npermissions = [\"read-paths\"]\n");
  EXPECT_EQ(s.isolation_of(s.white).granted, std::vector<players::Permission::Kind>{});
  EXPECT_EQ(s.isolation_of(s.black).granted,
            (std::vector{players::Permission::Kind::RunProgram, players::Permission::Kind::ReadPaths}));
  EXPECT_EQ(s.isolation_of(s.hint).granted, std::vector{players::Permission::Kind::ReadPaths});
  EXPECT_EQ(s.about("hint.permissions"), "test.toml:10:15: hint.permissions: ");
  // A seat's player named again starts the seat afresh: its permissions go with the player it had.
  const Result<Settings> replaced =
      parse_config("[white]\nplayer = \"snoop\"\n", "user.toml", parsed("[white]\nplayer = \"uci\"\npermissions = []\n"));
  ASSERT_TRUE(replaced) << replaced.error();
  EXPECT_FALSE(replaced->white.permissions);
  EXPECT_EQ(error_of("[black]\npermissions = [\"network\"]\n"),
            "test.toml:2:16: black.permissions[0] must be one of run-program, read-paths, write-file, got 'network'");
  EXPECT_EQ(error_of("[black]\npermissions = \"run-program\"\n"),
            "test.toml:2:15: black.permissions must be an array of permission names, got string");
}

TEST(ParseConfig, ASeatsIsolationAndPermissionsStayWithItsPlayer) {
  const Settings s = parsed(
      "[white]\nplayer = \"uci\"\nisolation = \"in-process\"\npermissions = [\"write-file\"]\n"
      "[black]\nplayer = \"snoop\"\npermissions = []\n");
  SeatConfig resumed{"uci", "", {}};  // as the store keeps a seat: player, level, options
  // The same player on the other colour (the colours were swapped) finds its own.
  const SeatConfig kept = s.with_isolation_kept(resumed, chess::BLACK);
  EXPECT_EQ(kept.isolation, "in-process");
  EXPECT_EQ(kept.permissions, std::vector<std::string>{"write-file"});
  EXPECT_EQ(s.with_isolation_kept(SeatConfig{"snoop", "", {}}, chess::WHITE).permissions, std::vector<std::string>{});
  // A player neither seat has keeps what it came with.
  resumed.player = "alphabeta";
  resumed.isolation = "process";
  EXPECT_EQ(s.with_isolation_kept(resumed, chess::WHITE), resumed);
  EXPECT_EQ(s.with_isolation_kept(SeatConfig{}, chess::WHITE), SeatConfig{});
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

TEST(ParseConfig, ReadsTheStoreTableWithPathsRelativeToTheFile) {
  Result<Settings> defaults = parse_config("", "/home/ann/cfg/gambit.toml");
  ASSERT_TRUE(defaults.ok()) << defaults.error();
  EXPECT_EQ(defaults->store.path, fs::path()) << "no path: the store's default place";
  EXPECT_EQ(defaults->store.profile, "Player");
  Result<Settings> settings =
      parse_config("[store]\nprofile = \"Ann\"\npath = \"scores/g.db\"\n", "/home/ann/cfg/gambit.toml");
  ASSERT_TRUE(settings.ok()) << settings.error();
  EXPECT_EQ(settings->store.path, fs::path("/home/ann/cfg/scores/g.db"));
  EXPECT_EQ(settings->store.profile, "Ann");
  EXPECT_EQ(settings->about("store.path"), "/home/ann/cfg/gambit.toml:3:8: store.path: ");
}

TEST(ConfigErrors, StoreKeysAreCheckedInWords) {
  EXPECT_EQ(error_of("[store]\npath = \"\"\n"), "test.toml:2:8: store.path must not be empty");
  EXPECT_EQ(error_of("[store]\nprofile = 3\n"), "test.toml:2:11: store.profile must be a string, got integer");
  EXPECT_EQ(error_of("[store]\nprofile = \"" + std::string(41, 'x') + "\"\n"),
            "test.toml:2:11: store.profile must be at most 40 bytes long");
  EXPECT_EQ(error_of("[store]\nfile = \"x\"\n"), "test.toml:2:1: unknown key store.file; expected path or profile");
  EXPECT_EQ(error_of("store = 1\n"), "test.toml:1:9: store must be a table, got integer");
}

TEST(ConfigErrors, PluginPathsMustBeAnArrayOfNonEmptyStrings) {
  EXPECT_EQ(error_of("[plugins]\npaths = \"/opt\"\n"),
            "test.toml:2:9: plugins.paths must be an array of strings, got string");
  EXPECT_EQ(error_of("[plugins]\npaths = [\"/opt\", 3]\n"),
            "test.toml:2:18: plugins.paths[1] must be a string, got integer");
  EXPECT_EQ(error_of("[plugins]\npaths = [\"\"]\n"), "test.toml:2:10: plugins.paths[0] must not be empty");
}

TEST(ConfigGame, TheVariantIsReadAndChecked) {
  const Settings settings = parsed("[game]\nvariant = \"threecheck\"\n");
  EXPECT_EQ(settings.game.variant, "threecheck");
  EXPECT_EQ(settings.game.rules(), chess::Variant::ThreeCheck);
  EXPECT_EQ(settings.sources.at("game.variant").line, 2u);
  EXPECT_EQ(Settings().game.rules(), chess::Variant::Standard);
  EXPECT_EQ(error_of("[game]\nvariant = \"crazyhouse\"\n"),
            "test.toml:2:11: game.variant must be one of standard, threecheck, chess960, kingofthehill, racingkings, got 'crazyhouse'");
  EXPECT_EQ(error_of("[game]\nvariant = 3\n"), "test.toml:2:11: game.variant must be a string, got integer");
  EXPECT_EQ(error_of("game = 1\n"), "test.toml:1:8: game must be a table, got integer");
}

TEST(ConfigGame, Chess960StartsFromTheChosenNumberOrADrawnOne) {
  const Settings chosen = parsed("[game]\nvariant = \"chess960\"\nchess960_start = 100\n");
  EXPECT_EQ(chosen.game.rules(), chess::Variant::Chess960);
  for (std::uint64_t draw : {0u, 7u, 1234u}) EXPECT_EQ(chosen.game.start_position(draw).chess960_number(), 100);
  const Settings random = parsed("[game]\nvariant = \"chess960\"\n");
  EXPECT_EQ(random.game.chess960_start, RandomChess960Start);
  EXPECT_EQ(random.game.start_position(7).chess960_number(), 7);
  EXPECT_EQ(random.game.start_position(960 + 518).fen(), chess::Position::chess960_start(518).fen());
  EXPECT_EQ(random.game.start_position(3).variant(), chess::Variant::Chess960);
  // Other variants start from their own start, whatever the number says.
  EXPECT_EQ(parsed("[game]\nchess960_start = 100\n").game.start_position(5).fen(), chess::Position().fen());
  EXPECT_EQ(error_of("[game]\nchess960_start = 960\n"),
            "test.toml:2:18: game.chess960_start must be an integer in -1..959, got 960");
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
  EXPECT_EQ(error_of("[games]\nmode = \"play\"\n"),
            "test.toml:1:2: unknown key games; expected white, black, game, ui, clock, demo, hint, review, store or plugins");
  EXPECT_EQ(error_of("[game]\nmode = \"play\"\n"),
            "test.toml:2:1: unknown key game.mode; expected variant, chess960_start or random_colours");
  EXPECT_TRUE(parsed("[game]\nrandom_colours = true\n").game.random_colours);
  EXPECT_FALSE(Settings().game.random_colours);
  EXPECT_EQ(error_of("[game]\nrandom_colours = \"yes\"\n"),
            "test.toml:2:18: game.random_colours must be a boolean, got string");
  EXPECT_EQ(error_of("[clock]\ninitial_seconds = 300\n"),
            "test.toml:2:1: unknown key clock.initial_seconds; expected minutes or increment_seconds");
  EXPECT_EQ(error_of("[ui]\ncolour = \"green\"\n"),
            "test.toml:2:1: unknown key ui.colour; expected show_legal_moves, show_ai_arrow, instant_ai_moves, sounds, "
            "theme, piece_set, animation_ms, language, speech or piece_letters");
  EXPECT_EQ(error_of("[demo]\ndelay_ms = 5\n"),
            "test.toml:2:1: unknown key demo.delay_ms; expected move_delay_ms, white or black");
  EXPECT_EQ(error_of("[demo.white]\ncolour = \"white\"\n"),
            "test.toml:2:1: unknown key demo.white.colour; expected player, level, options, isolation or permissions");
  EXPECT_EQ(error_of("[hint]\ndepth = 3\n"),
            "test.toml:2:1: unknown key hint.depth; expected player, level, options, isolation or permissions");
  EXPECT_EQ(error_of("[review]\ndepth = 3\n"),
            "test.toml:2:1: unknown key review.depth; expected player, level, options, isolation, nodes, movetime_ms, "
            "jobs or permissions");
  EXPECT_EQ(error_of("[white]\ncolour = \"white\"\n"),
            "test.toml:2:1: unknown key white.colour; expected player, level, options, isolation or permissions");
  EXPECT_EQ(error_of("[plugins]\npath = [\"/opt\"]\n"), "test.toml:2:1: unknown key plugins.path; expected paths, isolation, memory_limit_mb, sandbox or permissions");
  EXPECT_EQ(error_of("\"odd key\" = 1\n"),
            "test.toml:1:1: unknown key 'odd key'; expected white, black, game, ui, clock, demo, hint, review, store or plugins");
}

TEST(ConfigErrors, NewTablesAndTheirValuesMustHaveTheirType) {
  EXPECT_EQ(error_of("ui = true\n"), "test.toml:1:6: ui must be a table, got boolean");
  EXPECT_EQ(error_of("clock = 5\n"), "test.toml:1:9: clock must be a table, got integer");
  EXPECT_EQ(error_of("demo = \"x\"\n"), "test.toml:1:8: demo must be a table, got string");
  EXPECT_EQ(error_of("hint = \"alphabeta\"\n"), "test.toml:1:8: hint must be a table, got string");
  EXPECT_EQ(error_of("[demo]\nwhite = \"random\"\n"), "test.toml:2:9: demo.white must be a table, got string");
  EXPECT_EQ(error_of("[ui]\nsounds = \"yes\"\n"), "test.toml:2:10: ui.sounds must be a boolean, got string");
  EXPECT_EQ(error_of("[ui]\nshow_legal_moves = 1\n"),
            "test.toml:2:20: ui.show_legal_moves must be a boolean, got integer");
  EXPECT_EQ(error_of("[ui]\nshow_ai_arrow = \"true\"\n"),
            "test.toml:2:17: ui.show_ai_arrow must be a boolean, got string");
  EXPECT_EQ(error_of("[ui]\ntheme = 2\n"), "test.toml:2:9: ui.theme must be a string, got integer");
  EXPECT_EQ(error_of("[ui]\npiece_set = []\n"), "test.toml:2:13: ui.piece_set must be a string, got array");
  EXPECT_EQ(error_of("[ui]\nanimation_ms = 1.5\n"), "test.toml:2:16: ui.animation_ms must be an integer, got float");
  EXPECT_EQ(error_of("[clock]\nminutes = \"5\"\n"), "test.toml:2:11: clock.minutes must be an integer, got string");
  EXPECT_EQ(error_of("[clock]\nincrement_seconds = true\n"),
            "test.toml:2:21: clock.increment_seconds must be an integer, got boolean");
  EXPECT_EQ(error_of("[demo]\nmove_delay_ms = 07:00:00\n"),
            "test.toml:2:17: demo.move_delay_ms must be an integer, got time");
  EXPECT_EQ(error_of("[demo.black]\nlevel = 3\n"), "test.toml:2:9: demo.black.level must be a string, got integer");
  EXPECT_EQ(error_of("[demo.white.options]\ndepth = 2.5\n"),
            "test.toml:2:9: demo.white.options.depth must be an integer, a boolean or a string, got float");
  EXPECT_EQ(error_of("[hint]\nplayer = \"\"\n"), "test.toml:2:10: hint.player must not be empty");
  EXPECT_EQ(error_of("[hint]\noptions = 3\n"), "test.toml:2:11: hint.options must be a table, got integer");
}

TEST(ConfigErrors, IntegersOutOfRangeNameTheirRange) {
  EXPECT_EQ(error_of("[ui]\nanimation_ms = 1001\n"),
            "test.toml:2:16: ui.animation_ms must be an integer in 0..1000, got 1001");
  EXPECT_EQ(error_of("[ui]\nanimation_ms = -1\n"),
            "test.toml:2:16: ui.animation_ms must be an integer in 0..1000, got -1");
  EXPECT_EQ(error_of("[clock]\nminutes = 181\n"),
            "test.toml:2:11: clock.minutes must be an integer in 0..180, got 181");
  EXPECT_EQ(error_of("[clock]\nminutes = 5\nincrement_seconds = 61\n"),
            "test.toml:3:21: clock.increment_seconds must be an integer in 0..60, got 61");
  EXPECT_EQ(error_of("[demo]\nmove_delay_ms = 10001\n"),
            "test.toml:2:17: demo.move_delay_ms must be an integer in 0..10000, got 10001");
  EXPECT_EQ(error_of("[clock]\nminutes = -9223372036854775808\n"),
            "test.toml:2:11: clock.minutes must be an integer in 0..180, got -9223372036854775808");
  EXPECT_EQ(error_of("[demo]\nmove_delay_ms = 4294967896\n"),
            "test.toml:2:17: demo.move_delay_ms must be an integer in 0..10000, got 4294967896");
  const Settings edges = parsed("[ui]\nanimation_ms = 1000\n[clock]\nminutes = 1\nincrement_seconds = 60\n");
  EXPECT_EQ(edges.ui.animation_ms, 1000);
  EXPECT_EQ(edges.clock, (ClockSettings{1, 60}));
}

TEST(ConfigErrors, UnknownThemeOrPieceSetListsTheKnownOnes) {
  EXPECT_EQ(error_of("[ui]\ntheme = \"red\"\n"),
            "test.toml:2:9: ui.theme must be one of green, brown, blue, grey, purple, olive, ice, sand, contrast, got 'red'");
  EXPECT_EQ(error_of("[ui]\ntheme = \"Green\"\n"),
            "test.toml:2:9: ui.theme must be one of green, brown, blue, grey, purple, olive, ice, sand, contrast, "
            "got 'Green'");
  EXPECT_EQ(error_of("[ui]\npiece_set = \"Merida\"\n"),
            "test.toml:2:13: ui.piece_set must be one of dejavu, freeserif, xboard, cburnett, merida, alpha, leipzig, "
            "kosal, maya, magnetic, freestaunton, chessicons, got 'Merida'");
  EXPECT_EQ(error_of("[ui]\ntheme = \"\"\n"), "test.toml:2:9: ui.theme must not be empty");
}

TEST(ConfigErrors, AnIncrementNeedsAClock) {
  EXPECT_EQ(error_of("[clock]\nincrement_seconds = 5\n"),
            "test.toml:2:21: clock.increment_seconds must be 0 when clock.minutes is 0 (no clock), got 5");
  EXPECT_EQ(error_of("[clock]\nincrement_seconds = 5\nminutes = 0\n"),
            "test.toml:2:21: clock.increment_seconds must be 0 when clock.minutes is 0 (no clock), got 5");
  // Checked over the file below: this file takes the clock away from its increment.
  Settings base;
  base.clock = ClockSettings{5, 3};
  Result<Settings> no_clock = parse_config("[clock]\nminutes = 0\n", "user.toml", base);
  ASSERT_FALSE(no_clock.ok());
  EXPECT_EQ(no_clock.error(),
            "user.toml:2:11: clock.minutes must be 1..180 while clock.increment_seconds is 3 (an increment needs a "
            "clock)");
  // ... or gives an increment where the file below has no clock.
  Result<Settings> increment = parse_config("[clock]\nincrement_seconds = 2\n", "user.toml", Settings());
  ASSERT_FALSE(increment.ok());
  EXPECT_THAT(increment.error(), StartsWith("user.toml:2:21: clock.increment_seconds must be 0"));
  // The order of the keys in the file does not matter.
  EXPECT_EQ(parsed("[clock]\nincrement_seconds = 2\nminutes = 1\n").clock, (ClockSettings{1, 2}));
}

TEST(ConfigErrors, TheFirstErrorInTheFileIsReported) {
  EXPECT_EQ(error_of("[white]\nzz = 1\n[black]\naa = 2\n"),
            "test.toml:2:1: unknown key white.zz; expected player, level, options, isolation or permissions");
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

}  // namespace
}  // namespace gambit::config
