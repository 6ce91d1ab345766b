// SPDX-License-Identifier: MIT
// The Store as a whole: what its concerns keep is all there after reopening
// the file, and the profile it is opened for decides whose scores it reports.
// Opening, migrating and setting aside a file: store_migration_test.cpp;
// several writers: store_concurrency_test.cpp; each concern: store_*_test.cpp.
#include "core/store/store.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/core/store/store_fixtures.h"

namespace gambit::store {
namespace {

using fixtures::alphabeta;
using fixtures::describe;
using fixtures::find_row;
using fixtures::finished;
using fixtures::random_ai;

class StorePersistence : public fixtures::StoreTest {};

TEST_F(StorePersistence, EverythingIsThereAfterReopening) {
  std::string standings, pgn;
  std::vector<RatingPoint> history;
  std::vector<std::int64_t> recent_ids;
  std::int64_t id = 0;
  {
    auto store = open();
    ASSERT_TRUE(store);
    id = record(*store, finished(me_, alphabeta("easy", 2), "1-0"));
    record(*store, finished(alphabeta("hard", 6), me_, "1/2-1/2"));
    record(*store, finished(random_ai(), alphabeta("hard", 6), "0-1", GameSource::Demo));
    standings = describe(must(store->ratings().standings(), "standings"));
    history = must(store->ratings().rating_history(fixtures::Blitz), "rating_history");
    for (const GameSummary& game : must(store->games().recent_games(10), "recent_games")) recent_ids.push_back(game.id);
    pgn = must(store->games().game_pgn(id), "game_pgn");
  }
  auto store = open();
  ASSERT_TRUE(store);
  auto rows = must(store->ratings().standings(), "standings");
  EXPECT_EQ(describe(rows), standings);
  auto points = must(store->ratings().rating_history(fixtures::Blitz), "rating_history");
  ASSERT_EQ(points.size(), history.size());
  for (std::size_t i = 0; i < history.size(); ++i) {
    EXPECT_EQ(points[i].game_id, history[i].game_id) << "point " << i;
    EXPECT_EQ(points[i].rating.rating, history[i].rating.rating) << "point " << i;
    EXPECT_EQ(points[i].rating.deviation, history[i].rating.deviation) << "point " << i;
  }
  auto recent = must(store->games().recent_games(10), "recent_games");
  std::vector<std::int64_t> ids;
  for (const GameSummary& game : recent) ids.push_back(game.id);
  EXPECT_EQ(ids, recent_ids);
  auto again = must(store->games().game_pgn(id), "game_pgn");
  EXPECT_EQ(again, pgn);
}

TEST_F(StorePersistence, AnotherProfileDoesNotCountPlayersGames) {
  {
    auto player = open();
    ASSERT_TRUE(player);
    record(*player, finished(me_, alphabeta("easy", 2), "1-0"));
    record(*player, finished(alphabeta("hard", 6), me_, "0-1"));
  }
  auto ann = open("Ann");
  ASSERT_TRUE(ann);
  EXPECT_EQ(ann->profile(), "Ann");
  auto rows = must(ann->ratings().standings(), "standings");
  for (const Standing& row : rows) EXPECT_NE(row.kind, Standing::Kind::VsAi) << describe(rows);
  EXPECT_EQ(must(ann->ratings().rating(fixtures::Blitz), "rating").rating, InitialRating);
  EXPECT_TRUE(must(ann->ratings().rating_history(fixtures::Blitz), "rating_history").empty());
  record(*ann, finished(PlayerIdentity::person("Ann"), alphabeta("easy", 2), "0-1"));
  rows = must(ann->ratings().standings(), "standings");
  ASSERT_EQ(rows.size(), 1u) << describe(rows);
  EXPECT_EQ(rows.front().losses, 1) << describe(rows);
  ann.reset();

  auto player = open();
  ASSERT_TRUE(player);
  rows = must(player->ratings().standings(), "standings");
  const Standing* easy = find_row(rows, "alphabeta (easy)");
  ASSERT_TRUE(easy) << describe(rows);
  EXPECT_EQ(easy->wins, 1) << "Ann's loss must not count for Player\n" << describe(rows);
  EXPECT_EQ(easy->losses, 0) << "Ann's loss must not count for Player\n" << describe(rows);
  EXPECT_EQ(must(player->ratings().rating_history(fixtures::Blitz), "rating_history").size(), 2u);
}

}  // namespace
}  // namespace gambit::store
