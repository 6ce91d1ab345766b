// SPDX-License-Identifier: MIT
// Reviews (store.reviews()): a game's review kept per analyser and budget,
// replaced by a newer one, refused for a game that is not there.
#include "core/store/reviews.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "core/store/store.h"
#include "tests/core/store/store_fixtures.h"

namespace gambit::store {
namespace {

class StoreReviews : public fixtures::StoreTest {};

TEST_F(StoreReviews, AReviewIsKeptPerGameAnalyserAndBudgetAndSurvivesReopening) {
  std::int64_t game = 0;
  {
    auto store = open();
    ASSERT_TRUE(store);
    game = record(*store, fixtures::finished(me_, fixtures::alphabeta("hard", 6), "1-0"));
    const GameSummary summary = must(store->games().game_summary(game), "summary");
    EXPECT_EQ(summary.id, game);
    EXPECT_EQ(summary.white, DefaultProfile);
    EXPECT_EQ(summary.result, "1-0");
    EXPECT_EQ(summary, must(store->games().recent_games(1), "recent").at(0));
    EXPECT_FALSE(store->games().game_summary(game + 1).ok());
    EXPECT_EQ(must(store->reviews().review(game, "alphabeta 1.4 hash_mb=64", "nodes 600000"), "review"), std::nullopt);
    const StoredReview first{"alphabeta 1.4 hash_mb=64", "nodes 600000", "cp 20 e2e4\ncp 10\n", 1700000000};
    ASSERT_TRUE(store->reviews().save_review(game, first).ok());
    // Another budget is another review; the same analyser and budget replace it.
    ASSERT_TRUE(store->reviews().save_review(game, {first.analyser, "nodes 1000", "cp 0\n", 1700000001}).ok());
    ASSERT_TRUE(
        store->reviews().save_review(game, {first.analyser, first.budget, "cp 30 d2d4\ncp 5\n", 1700000002}).ok());
  }
  auto store = open();
  ASSERT_TRUE(store);
  const auto kept = must(store->reviews().review(game, "alphabeta 1.4 hash_mb=64", "nodes 600000"), "review");
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->verdicts, "cp 30 d2d4\ncp 5\n");
  EXPECT_EQ(kept->made_at, 1700000002);
  EXPECT_EQ(must(store->reviews().review(game, "alphabeta 1.4 hash_mb=64", "nodes 1000"), "review")->verdicts,
            "cp 0\n");
  EXPECT_EQ(must(store->reviews().review(game, "stockfish", "nodes 600000"), "review"), std::nullopt);
}

TEST_F(StoreReviews, AReviewOfAGameNotThereIsRefused) {
  auto store = open();
  ASSERT_TRUE(store);
  Result<bool> saved = store->reviews().save_review(42, {"a", "b", "cp 0\n", 1});
  ASSERT_FALSE(saved.ok());
  EXPECT_NE(saved.error().find("there is no game number 42"), std::string::npos) << saved.error();
}

}  // namespace
}  // namespace gambit::store
