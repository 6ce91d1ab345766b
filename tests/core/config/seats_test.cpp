// SPDX-License-Identifier: MIT
#include "core/config/seats.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/config/config_loader.h"
#include "tests/core/config/test_plugins.h"

namespace gambit::config {
namespace {

using fixtures::alphabeta_plugin;
using fixtures::kitchen_plugin;
using fixtures::minimax_plugin;
using fixtures::shipped_plugins;
using ::testing::HasSubstr;

Settings parsed(std::string_view text) {
  Result<Settings> settings = parse_config(text, "seats.toml");
  EXPECT_TRUE(settings.ok()) << (settings ? "" : settings.error()) << "\nin:\n" << text;
  return settings ? *settings : Settings();
}

// The failure resolve_seat gives for side's seat of the config text.
std::string seat_error(std::string_view text, chess::Color side, const PluginList& plugins = shipped_plugins()) {
  Result<ResolvedSeat> seat = resolve_seat(parsed(text), side, plugins);
  EXPECT_FALSE(seat.ok()) << "accepted:\n" << text;
  return seat ? "" : seat.error();
}

TEST(ResolveSeat, PluginSeatGetsLevelPresetsThenItsOptions) {
  const Settings settings =
      parsed("[black]\nplayer = \"alphabeta\"\nlevel = \"easy\"\n[black.options]\nhash_mb = 32\ndepth = 5\n");
  Result<ResolvedSeat> seat = resolve_seat(settings, chess::BLACK, shipped_plugins());
  ASSERT_TRUE(seat.ok()) << seat.error();
  EXPECT_EQ(seat->player, "alphabeta");
  EXPECT_EQ(seat->plugin, &alphabeta_plugin());
  EXPECT_EQ(seat->level, "1000") << "alphabeta's old level 'easy' is read as its rating";
  EXPECT_FALSE(seat->human());
  EXPECT_EQ(seat->options, (players::OptionList{{"depth", "5"}, {"movetime_ms", "50"}, {"hash_mb", "32"}}));
}

TEST(SeatFlags, APlayerReplacesTheSeatLevelsAndOptionsAddAndMistakesNameTheFlag) {
  const SeatFlags flags{"--black", "--black-level", "--black-option"};
  Settings settings = parsed("[black]\nplayer = \"minimax\"\nlevel = \"hard\"\n[black.options]\ndepth = 3\n");
  // Options add to the configured seat, replacing one of the same name.
  EXPECT_FALSE(apply_seat_flags(settings, "black", "", "", {"depth=2"}, flags));
  EXPECT_EQ(settings.black.player, "minimax");
  EXPECT_EQ(settings.black.level, "hard");
  EXPECT_EQ(settings.black.options, (players::OptionList{{"depth", "2"}}));
  // A player replaces the seat whole; a bad value is then told with its flag.
  EXPECT_FALSE(apply_seat_flags(settings, "black", "alphabeta", "", {"hash_mb=0"}, flags));
  EXPECT_EQ(settings.black.level, "");
  EXPECT_EQ(settings.black.options, (players::OptionList{{"hash_mb", "0"}}));
  Result<ResolvedSeat> seat = resolve_seat(settings, chess::BLACK, shipped_plugins());
  ASSERT_FALSE(seat.ok());
  EXPECT_THAT(seat.error(), ::testing::StartsWith("--black-option: "));
  const std::optional<std::string> mistake = apply_seat_flags(settings, "black", "", "", {"depth"}, flags);
  ASSERT_TRUE(mistake);
  EXPECT_THAT(*mistake, ::testing::StartsWith("--black-option 'depth': "));
}

TEST(ResolveSeat, HumanSeatHasNoPlugin) {
  Result<ResolvedSeat> seat = resolve_seat(Settings(), chess::WHITE, {});
  ASSERT_TRUE(seat.ok()) << seat.error();
  EXPECT_TRUE(seat->human());
  EXPECT_EQ(seat->player, "human");
  EXPECT_TRUE(seat->options.empty());
}

TEST(ResolveSeat, UnknownPlayerListsHumanAndTheAvailablePlugins) {
  EXPECT_EQ(seat_error("[black]\nplayer = \"alpabeta\"\n", chess::BLACK),
            "seats.toml:2:10: black.player: no player called 'alpabeta'; expected one of human, random, minimax, "
            "alphabeta");
  EXPECT_EQ(seat_error("[white]\nplayer = \"Human\"\n", chess::WHITE, {}),
            "seats.toml:2:10: white.player: no player called 'Human'; expected one of human");
}

TEST(ResolveSeat, UnknownLevelListsThePluginsLevels) {
  EXPECT_EQ(seat_error("[black]\nlevel = \"expert\"\n", chess::BLACK),
            "seats.toml:2:9: black.level: plugin alphabeta has no level 'expert'; its levels are 1000, 1200, 1400, "
            "2200, max");
  EXPECT_EQ(seat_error("[black]\nplayer = \"random\"\nlevel = \"easy\"\n", chess::BLACK),
            "seats.toml:3:9: black.level: plugin random has no level 'easy'; its levels are none");
}

TEST(ResolveSeat, UnknownOptionListsThePluginsOptions) {
  EXPECT_EQ(seat_error("[black.options]\nhash_mb = 8\ndpth = 3\n", chess::BLACK),
            "seats.toml:3:8: black.options.dpth: plugin alphabeta has no option 'dpth'; its options are depth, "
            "movetime_ms, hash_mb");
}

TEST(ResolveSeat, OutOfRangeAndOverflowingValuesNameTheirKey) {
  EXPECT_EQ(seat_error("[black]\nplayer = \"minimax\"\n[black.options]\ndepth = 9\n", chess::BLACK),
            "seats.toml:4:9: black.options.depth: option 'depth' = 9 is out of range 1..6");
  EXPECT_EQ(seat_error("[black]\nplayer = \"minimax\"\n[black.options]\ndepth = -9223372036854775808\n", chess::BLACK),
            "seats.toml:4:9: black.options.depth: option 'depth' = -9223372036854775808 is out of range 1..6");
  EXPECT_EQ(
      seat_error("[black]\nplayer = \"random\"\n[black.options]\nseed = \"99999999999999999999\"\n", chess::BLACK),
      "seats.toml:4:8: black.options.seed: option 'seed' = 99999999999999999999 is out of range "
      "0..9223372036854775807");
}

TEST(ResolveSeat, ValuesOfTheWrongKindAreRefusedBySchema) {
  EXPECT_EQ(seat_error("[black.options]\ndepth = true\n", chess::BLACK),
            "seats.toml:2:9: black.options.depth: option 'depth' = 'true' is not an integer (expected 1..64)");
  const PluginList kitchen{&kitchen_plugin()};
  EXPECT_EQ(seat_error("[black]\nplayer = \"kitchen\"\n[black.options]\nponder = 1\n", chess::BLACK, kitchen),
            "seats.toml:4:10: black.options.ponder: option 'ponder' = '1' is not a boolean (expected true or false)");
  EXPECT_EQ(seat_error("[black]\nplayer = \"kitchen\"\n[black.options]\nstyle = \"wild\"\n", chess::BLACK, kitchen),
            "seats.toml:4:9: black.options.style: option 'style' = 'wild' is not one of solid, sharp");
}

TEST(ResolveSeat, HumanSeatTakesNoLevelOrOptions) {
  EXPECT_EQ(seat_error("[white]\nlevel = \"easy\"\n", chess::WHITE),
            "seats.toml:2:9: white.level: a human player has no level; remove it or set white.player to a plugin");
  EXPECT_EQ(seat_error("[white.options]\ndepth = 3\n", chess::WHITE),
            "seats.toml:2:9: white.options.depth: a human player has no options; remove them or set white.player to "
            "a plugin");
}

TEST(ResolveSeat, BrokenLevelOfAPluginIsReportedAgainstTheLevelKey) {
  EXPECT_EQ(seat_error("[black]\nplayer = \"kitchen\"\nlevel = \"broken\"\n", chess::BLACK, {&kitchen_plugin()}),
            "seats.toml:3:9: black.level: level 'broken' of plugin 'kitchen' sets an unknown option 'colour'");
}

TEST(ResolveSeat, SettingsMadeInCodeStillNameTheKey) {
  Settings settings;
  settings.black = SeatConfig{"minimax", "", {{"depth", "3"}, {"depth", "4"}}};
  Result<ResolvedSeat> seat = resolve_seat(settings, chess::BLACK, shipped_plugins());
  ASSERT_FALSE(seat.ok());
  EXPECT_EQ(seat.error(), "black.options.depth: option 'depth' is given twice");
}

TEST(ResolveSeat, NullPluginsAndPluginsWithoutIdAreSkipped) {
  gambit_plugin_descriptor anonymous = minimax_plugin();
  anonymous.id = nullptr;
  const PluginList plugins{nullptr, &anonymous, &minimax_plugin()};
  Result<ResolvedSeat> seat = resolve_seat(parsed("[black]\nplayer = \"minimax\"\n"), chess::BLACK, plugins);
  ASSERT_TRUE(seat.ok()) << seat.error();
  EXPECT_EQ(seat->plugin, &minimax_plugin());
  EXPECT_EQ(available_players(plugins), "human, minimax");
}

// The failure resolve_demo_seat gives for side's demo seat of the config text.
std::string demo_error(std::string_view text, chess::Color side, const PluginList& plugins = shipped_plugins()) {
  Result<ResolvedSeat> seat = resolve_demo_seat(parsed(text), side, plugins);
  EXPECT_FALSE(seat.ok()) << "accepted:\n" << text;
  return seat ? "" : seat.error();
}

// The failure resolve_hint gives for the config text.
std::string hint_error(std::string_view text, const PluginList& plugins = shipped_plugins()) {
  Result<ResolvedSeat> seat = resolve_hint(parsed(text), plugins);
  EXPECT_FALSE(seat.ok()) << "accepted:\n" << text;
  return seat ? "" : seat.error();
}

TEST(ResolveDemoSeat, DefaultsArePluginsWithTheirLevels) {
  Result<ResolvedSeat> white = resolve_demo_seat(Settings(), chess::WHITE, shipped_plugins());
  ASSERT_TRUE(white.ok()) << white.error();
  EXPECT_EQ(white->plugin, &alphabeta_plugin());
  EXPECT_EQ(white->level, "1400");
  Result<ResolvedSeat> black = resolve_demo_seat(Settings(), chess::BLACK, shipped_plugins());
  ASSERT_TRUE(black.ok()) << black.error();
  EXPECT_EQ(black->plugin, &minimax_plugin());
  EXPECT_EQ(black->options, (players::OptionList{{"depth", "4"}}));
}

TEST(ResolveDemoSeat, ReadsItsOwnSeatWithOptions) {
  const Settings settings = parsed(
      "[white]\nplayer = \"human\"\n[demo.white]\nplayer = \"alphabeta\"\nlevel = \"easy\"\n"
      "[demo.white.options]\nhash_mb = 32\n");
  Result<ResolvedSeat> seat = resolve_demo_seat(settings, chess::WHITE, shipped_plugins());
  ASSERT_TRUE(seat.ok()) << seat.error();
  EXPECT_EQ(seat->options, (players::OptionList{{"depth", "2"}, {"movetime_ms", "50"}, {"hash_mb", "32"}}));
}

TEST(ResolveDemoSeat, RefusesAHuman) {
  EXPECT_EQ(demo_error("[demo.black]\nplayer = \"human\"\n", chess::BLACK),
            "seats.toml:2:10: demo.black.player: the demo is AI against AI: a human cannot play in it; expected one "
            "of random, minimax, alphabeta");
  Settings settings;
  settings.demo.white = SeatConfig{};
  Result<ResolvedSeat> seat = resolve_demo_seat(settings, chess::WHITE, {});
  ASSERT_FALSE(seat.ok());
  EXPECT_EQ(seat.error(),
            "demo.white.player: the demo is AI against AI: a human cannot play in it; expected a player plugin, but "
            "none was found");
}

TEST(ResolveDemoSeat, UnknownPluginLevelOrOptionNamesTheDemoKey) {
  EXPECT_EQ(demo_error("[demo.white]\nplayer = \"stockfish\"\n", chess::WHITE),
            "seats.toml:2:10: demo.white.player: no player called 'stockfish'; expected one of random, minimax, "
            "alphabeta");
  EXPECT_EQ(demo_error("[demo.black]\nlevel = \"expert\"\n", chess::BLACK),
            "seats.toml:2:9: demo.black.level: plugin minimax has no level 'expert'; its levels are easy, medium, "
            "hard, max");
  EXPECT_EQ(demo_error("[demo.black.options]\ndepth = 9\n", chess::BLACK),
            "seats.toml:2:9: demo.black.options.depth: option 'depth' = 9 is out of range 1..6");
}

TEST(ResolveHint, DefaultIsAlphabetaMax) {
  Result<ResolvedSeat> hint = resolve_hint(Settings(), shipped_plugins());
  ASSERT_TRUE(hint.ok()) << hint.error();
  EXPECT_EQ(hint->player, "alphabeta");
  EXPECT_EQ(hint->plugin, &alphabeta_plugin());
  EXPECT_EQ(hint->level, "max");
}

TEST(ResolveHint, RefusesAHumanAndUnknownPlugins) {
  EXPECT_EQ(hint_error("[hint]\nplayer = \"human\"\n"),
            "seats.toml:2:10: hint.player: hints come from a player plugin, not a human; expected one of random, "
            "minimax, alphabeta");
  EXPECT_EQ(hint_error("[hint]\nplayer = \"oracle\"\n"),
            "seats.toml:2:10: hint.player: no player called 'oracle'; expected one of random, minimax, alphabeta");
  EXPECT_EQ(hint_error("[hint]\nplayer = \"alphabeta\"\n", {&minimax_plugin()}),
            "seats.toml:2:10: hint.player: no player called 'alphabeta'; expected one of minimax");
  EXPECT_EQ(hint_error("[hint.options]\nhash_mb = 0\n"),
            "seats.toml:2:11: hint.options.hash_mb: option 'hash_mb' = 0 is out of range 1..4096");
  EXPECT_EQ(hint_error("[hint]\nplayer = \"kitchen\"\nlevel = \"broken\"\n", {&kitchen_plugin()}),
            "seats.toml:3:9: hint.level: level 'broken' of plugin 'kitchen' sets an unknown option 'colour'");
}

TEST(ResolveReview, DefaultIsAlphabetaAtFullStrengthAndAHumanIsRefused) {
  Result<ResolvedSeat> review = resolve_review(Settings(), shipped_plugins());
  ASSERT_TRUE(review.ok()) << review.error();
  EXPECT_EQ(review->plugin, &alphabeta_plugin());
  EXPECT_EQ(review->level, "");
  Result<ResolvedSeat> human = resolve_review(parsed("[review]\nplayer = \"human\"\n"), shipped_plugins());
  ASSERT_FALSE(human.ok());
  EXPECT_EQ(human.error(),
            "seats.toml:2:10: review.player: games are reviewed by a player plugin, not a human; expected one of "
            "random, minimax, alphabeta");
  // A command line's flags apply to the review seat too, named in messages.
  Settings settings;
  EXPECT_FALSE(apply_seat_flags(settings, "review", "minimax", "", {"depth=9"}, {"--player", "--level", "--option"}));
  Result<ResolvedSeat> flagged = resolve_review(settings, shipped_plugins());
  ASSERT_FALSE(flagged.ok());
  EXPECT_EQ(flagged.error(), "--option: review.options.depth: option 'depth' = 9 is out of range 1..6");
}

TEST(ResolveSeat, BoardSeatsStillAcceptAHuman) {
  const Settings settings = parsed("[black]\nplayer = \"human\"\n[demo.black]\nplayer = \"random\"\n");
  Result<ResolvedSeat> seat = resolve_seat(settings, chess::BLACK, shipped_plugins());
  ASSERT_TRUE(seat.ok()) << seat.error();
  EXPECT_TRUE(seat->human());
}

TEST(ResolveSeats, WhiteFirstThenBlack) {
  Result<std::array<ResolvedSeat, chess::COLOR_NB>> both = resolve_seats(
      parsed("[white]\nplayer = \"random\"\n[black]\nplayer = \"minimax\"\nlevel = \"max\"\n"), shipped_plugins());
  ASSERT_TRUE(both.ok()) << both.error();
  EXPECT_EQ((*both)[chess::WHITE].player, "random");
  EXPECT_EQ((*both)[chess::BLACK].options, (players::OptionList{{"depth", "6"}}));

  Result<std::array<ResolvedSeat, chess::COLOR_NB>> bad =
      resolve_seats(parsed("[white]\nplayer = \"nobody\"\n[black]\nplayer = \"noone\"\n"), shipped_plugins());
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(bad.error(), HasSubstr("white.player"));
}

TEST(FallBackToDefaults, EachPartThatCannotBeSeatedTakesItsDefaultAndSaysSo) {
  Settings settings = parsed(
      "[white]\nplayer = \"stockfish9\"\n[demo.black]\nplayer = \"minimax\"\nlevel = \"grandmaster\"\n"
      "[hint]\nplayer = \"alphabeta\"\n");
  const std::vector<std::string> problems = fall_back_to_defaults(settings, shipped_plugins());
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_THAT(problems[0], HasSubstr("stockfish9"));
  EXPECT_THAT(problems[0], HasSubstr("- the default players sit at the board."));
  EXPECT_THAT(problems[1], HasSubstr("grandmaster"));
  EXPECT_THAT(problems[1], HasSubstr("- the demo uses its default player."));
  const Settings defaults;
  EXPECT_EQ(settings.white, defaults.white);
  EXPECT_EQ(settings.black, defaults.black);
  EXPECT_EQ(settings.demo.black, defaults.demo.black);
  EXPECT_EQ(settings.hint.player, "alphabeta") << "what could be seated is kept";

  Settings good = parsed("[black]\nplayer = \"minimax\"\n");
  EXPECT_TRUE(fall_back_to_defaults(good, shipped_plugins()).empty());
  EXPECT_EQ(good.black.player, "minimax");
}

// seat_to_play: the library from the catalog and the label people see.
TEST(SeatToPlay, APluginSeatGetsItsLibraryAndLabelAHumanNone) {
  const players::PluginCatalog catalog =
      players::PluginCatalog::scan({std::filesystem::path(GAMBIT_RANDOM_PLUGIN).parent_path()});
  ASSERT_TRUE(catalog.find("random")) << "the random plugin was not found beside " << GAMBIT_RANDOM_PLUGIN;

  const gambit_plugin_descriptor* descriptor = &catalog.find("random")->descriptor();
  const ResolvedSeat random{"random", descriptor, "", {{"seed", "7"}}};
  Result<players::Seat> seat = seat_to_play(random, catalog);
  ASSERT_TRUE(seat) << seat.error();
  EXPECT_FALSE(seat->human());
  EXPECT_EQ(seat->plugin, catalog.find("random"));
  EXPECT_EQ(seat->label, "random");
  EXPECT_EQ(seat->options, (players::OptionList{{"seed", "7"}}));

  const ResolvedSeat with_level{"random", descriptor, "easy", {}};  // the label's shape; levels are resolve_seat's
  Result<players::Seat> levelled = seat_to_play(with_level, catalog);
  ASSERT_TRUE(levelled) << levelled.error();
  EXPECT_EQ(levelled->label, "random (easy)");
  EXPECT_EQ(levelled->level, "easy");

  Result<players::Seat> human = seat_to_play(ResolvedSeat{"human", nullptr, "", {}}, catalog);
  ASSERT_TRUE(human) << human.error();
  EXPECT_TRUE(human->human());
  EXPECT_EQ(human->label, "Human");

  const ResolvedSeat gone{"kitchen", &kitchen_plugin(), "", {}};  // checked once, not in this catalog
  Result<players::Seat> missing = seat_to_play(gone, catalog);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error(), "the player plugin 'kitchen' is no longer available");
}

// match_seats: gambit-match's two seats from the configuration and its flags.
TEST(MatchSeats, TheFlagsChooseEachSeatAndEachMistakeNamesItsFlag) {
  const players::PluginCatalog catalog =
      players::PluginCatalog::scan({std::filesystem::path(GAMBIT_RANDOM_PLUGIN).parent_path()});
  ASSERT_TRUE(catalog.find("random")) << "the random plugin was not found beside " << GAMBIT_RANDOM_PLUGIN;
  Settings settings;
  settings.isolation = "in-process";
  MatchSeats chosen =
      match_seats(settings, catalog, {SeatRequest{"random", "", "", {"seed=3"}}, SeatRequest{"random", "", "", {}}});
  ASSERT_TRUE(chosen.mistakes.empty()) << chosen.mistakes.front();
  EXPECT_EQ(chosen.seats[chess::WHITE].plugin, catalog.find("random"));
  EXPECT_EQ(chosen.seats[chess::WHITE].options, (players::OptionList{{"seed", "3"}}));
  EXPECT_EQ(chosen.seats[chess::BLACK].label, "random");

  // A plugin file stands in for its id; it must be that id's, and exist.
  Settings again;
  again.isolation = "in-process";
  chosen = match_seats(again, catalog,
                       {SeatRequest{"", GAMBIT_RANDOM_PLUGIN, "", {}}, SeatRequest{"minimax", GAMBIT_RANDOM_PLUGIN, "", {}}});
  ASSERT_EQ(chosen.mistakes.size(), 1u);
  EXPECT_EQ(chosen.mistakes[0], "--black-plugin: the file's player is 'random', not 'minimax'");

  // The configured White is a human: refused after the other seat's mistake.
  Settings human;
  human.isolation = "in-process";
  chosen = match_seats(human, catalog, {SeatRequest{}, SeatRequest{"", "/nonexistent/gambit_x.so", "", {}}});
  ASSERT_EQ(chosen.mistakes.size(), 2u);
  EXPECT_EQ(chosen.mistakes[0], "--black-plugin: no plugin file '/nonexistent/gambit_x.so'");
  EXPECT_THAT(chosen.mistakes[1], ::testing::HasSubstr("gambit-match plays AI players only: name one with --white"));

  // A bad option names its flag.
  Settings options;
  options.isolation = "in-process";
  chosen = match_seats(options, catalog, {SeatRequest{"random", "", "", {"seed"}}, SeatRequest{"random", "", "", {}}});
  ASSERT_EQ(chosen.mistakes.size(), 1u);
  EXPECT_THAT(chosen.mistakes[0], ::testing::StartsWith("--white-option"));
}

}  // namespace
}  // namespace gambit::config
