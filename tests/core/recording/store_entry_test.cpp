// SPDX-License-Identifier: MIT
// What the store is told about a finished game (store_record): result, ending,
// and whether the game began at its variant's start, which decides rating.
#include "core/recording/store_entry.h"

#include <gtest/gtest.h>

#include "core/chess/san.h"
#include "core/match/game_record.h"

namespace gambit::recording {
namespace {

store::PlayerIdentity you() { return store::PlayerIdentity::person("You"); }
store::PlayerIdentity bot() { return store::PlayerIdentity::ai("random", "1.0", "", "random"); }

// The game from start after the SAN moves, which must be legal.
chess::Game played(chess::Position start, std::initializer_list<const char*> moves) {
  chess::Game game(start);
  for (const char* san : moves) {
    auto move = chess::parse_san(game.position(), san);
    EXPECT_TRUE(move) << san << ": " << (move ? "" : move.error());
    if (move) game.play(*move);
  }
  return game;
}

store::FinishedGame record_of(const chess::Game& game) {
  return store_record(game, match::pgn_record(game, "test", "You", "random", {}, {}), you(), bot(), {}, 100, 200,
                      store::GameSource::Window);
}

TEST(StoreRecord, AGameFromTheStartIsRatedAndOneFromATypedPositionIsNot) {
  const store::FinishedGame fools_mate = record_of(played(chess::Position(), {"f3", "e5", "g4", "Qh4#"}));
  EXPECT_EQ(fools_mate.result, "0-1");
  EXPECT_EQ(fools_mate.reason, "checkmate");
  EXPECT_TRUE(fools_mate.from_start);

  // One move from mate, typed into Load: the mate is kept, not rated.
  auto near_mate = chess::Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  ASSERT_TRUE(near_mate) << near_mate.error();
  const store::FinishedGame mate = record_of(played(*near_mate, {"Ra8#"}));
  EXPECT_EQ(mate.result, "1-0");
  EXPECT_FALSE(mate.from_start);
  EXPECT_NE(mate.pgn.find("[SetUp \"1\"]"), std::string::npos) << mate.pgn;

  // The standard setup typed as a FEN is the start; so is three-check's start.
  auto typed_start = chess::Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  ASSERT_TRUE(typed_start);
  chess::Game resigned = played(*typed_start, {"e4"});
  resigned.resign(chess::BLACK);
  EXPECT_TRUE(record_of(resigned).from_start);
  chess::Game three_check = played(chess::Position(chess::Variant::ThreeCheck), {"e4", "f6"});
  three_check.resign(chess::WHITE);
  EXPECT_TRUE(record_of(three_check).from_start);
  // A three-check game whose first check was typed into its FEN did not.
  auto one_check = chess::Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1",
                                             chess::Variant::ThreeCheck);
  ASSERT_TRUE(one_check) << one_check.error();
  chess::Game checked = played(*one_check, {"e4"});
  checked.resign(chess::BLACK);
  EXPECT_FALSE(record_of(checked).from_start);
}

}  // namespace
}  // namespace gambit::recording

namespace gambit::recording {
namespace {

// alphabeta as built, with the ratings file its build puts beside it.
std::shared_ptr<const players::PluginLibrary> alphabeta() {
  auto loaded = players::PluginLibrary::load(GAMBIT_ALPHABETA_PLUGIN);
  EXPECT_TRUE(loaded) << loaded.error();
  return loaded ? loaded.value() : nullptr;
}

players::Seat level_seat(std::shared_ptr<const players::PluginLibrary> plugin, const std::string& level,
                         const players::OptionList& own = {}) {
  auto options = players::resolve_options(plugin->descriptor(), level, own);
  EXPECT_TRUE(options) << options.error();
  return players::Seat{.label = players::ai_label(plugin->id(), level), .plugin = plugin,
                       .options = options ? options.value() : players::OptionList{}, .level = level};
}

TEST(SeatIdentity, AMeasuredLevelIsPlacedAtItsRatingAndAnythingElseIsNot) {
  const auto plugin = alphabeta();
  ASSERT_TRUE(plugin);
  ASSERT_FALSE(plugin->ratings().empty()) << "alphabeta ships its levels' ratings: " << plugin->ratings_problem();
  const players::LevelRating& measured = plugin->ratings().front();
  const store::PlayerIdentity placed = seat_identity(level_seat(plugin, measured.level), "You");
  ASSERT_TRUE(placed.placement) << measured.level;
  EXPECT_DOUBLE_EQ(placed.placement->rating, measured.elo);
  EXPECT_DOUBLE_EQ(placed.placement->deviation, measured.margin / 1.959963984540054);
  EXPECT_EQ(placed.label, "alphabeta " + measured.level);

  EXPECT_FALSE(seat_identity(level_seat(plugin, measured.level, {{"hash_mb", "32"}}), "You").placement)
      << "a level with an option of the seat's own is not what was measured";
  EXPECT_FALSE(seat_identity(level_seat(plugin, "max"), "You").placement) << "max depends on the clock: not measured";
  EXPECT_FALSE(seat_identity(players::Seat{.label = "Human", .plugin = nullptr, .options = {}, .level = {}}, "You")
                   .placement);
}

TEST(SeatIdentity, EveryMeasuredLevelOfTheCatalogIsListedAsTheSeatWouldRecordIt) {
  const players::PluginCatalog catalog =
      players::PluginCatalog::scan({std::filesystem::path(GAMBIT_ALPHABETA_PLUGIN).parent_path()});
  const auto plugin = catalog.find("alphabeta");
  ASSERT_TRUE(plugin);
  const std::vector<store::PlayerIdentity> levels = measured_levels(catalog);
  std::size_t measured = 0;
  for (const auto& p : catalog.plugins()) measured += p->ratings().size();
  ASSERT_EQ(levels.size(), measured) << "one identity per measured level of every plugin";
  for (const players::LevelRating& rating : plugin->ratings()) {
    const store::PlayerIdentity seat = seat_identity(level_seat(plugin, rating.level), "You");
    const auto listed = std::find_if(levels.begin(), levels.end(), [&](const store::PlayerIdentity& who) {
      return who.name == seat.name && who.version == seat.version && who.options == seat.options;
    });
    ASSERT_NE(listed, levels.end()) << rating.level;
    EXPECT_EQ(listed->placement, seat.placement) << rating.level;
    EXPECT_EQ(listed->label, seat.label);
  }
}

}  // namespace
}  // namespace gambit::recording
