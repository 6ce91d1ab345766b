// SPDX-License-Identifier: MIT
// Puzzles (store.puzzles()): the puzzle rating, its own Glicko-2 pool; each
// attempt rates the player against the puzzle and the puzzle against the
// player; resetting the scores leaves it, and the practice positions, alone.
#include "core/store/puzzles.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/store/store.h"
#include "tests/core/store/store_fixtures.h"

namespace gambit::store {
namespace {

using fixtures::alphabeta;
using fixtures::Day;
using fixtures::expect_rating;
using fixtures::finished;
using fixtures::Now;
using fixtures::puzzle;
using fixtures::weak_pawn;

rating::Glicko2 after_one(const rating::Glicko2& before, double opponent, double opponent_deviation, double score) {
  const rating::GameResult game{opponent, opponent_deviation, score};
  return rating::update(before, {&game, 1});
}

class StorePuzzles : public fixtures::StoreTest {};

TEST_F(StorePuzzles, ThePuzzleRatingStartsAtGlicko2sStart) {
  auto store = open();
  ASSERT_TRUE(store);
  EXPECT_EQ(must(store->puzzles().puzzle_rating(), "puzzle_rating"), PuzzleRating{});
  EXPECT_TRUE(must(store->puzzles().puzzle_history(), "puzzle_history").empty());
  EXPECT_TRUE(must(store->puzzles().attempted_puzzles(), "attempted_puzzles").empty());
  const PuzzleRating shipped = must(store->puzzles().rating_of_puzzle(puzzle("abc", 1320, 75)), "rating_of_puzzle");
  EXPECT_EQ(shipped.rating.rating, 1320);
  EXPECT_EQ(shipped.rating.deviation, 75);
  EXPECT_EQ(shipped.attempts, 0);
}

TEST_F(StorePuzzles, SolvedRaisesThePlayersRatingAndLowersThePuzzles) {
  auto store = open();
  ASSERT_TRUE(store);
  const PuzzleAttemptResult result = must(store->puzzles().record_puzzle_attempt(puzzle("p1", 1500), true, Now),
                                          "attempt");
  expect_rating(result.before, rating::Glicko2{}, "before");
  expect_rating(result.after, after_one(rating::Glicko2{}, 1500, 80, 1), "the player after");
  expect_rating(result.puzzle_before, {1500, 80, 0.06}, "the puzzle as shipped");
  expect_rating(result.puzzle_after, after_one({1500, 80, 0.06}, 1500, 350, 0), "the puzzle after");
  EXPECT_GT(result.after.rating, result.before.rating);
  EXPECT_LT(result.puzzle_after.rating, result.puzzle_before.rating);
  EXPECT_LT(result.after.deviation, result.before.deviation) << "one more attempt: more certain";
  const PuzzleRating mine = must(store->puzzles().puzzle_rating(), "puzzle_rating");
  expect_rating(mine.rating, result.after, "kept");
  EXPECT_EQ(mine.attempts, 1);
  const PuzzleRating refined = must(store->puzzles().rating_of_puzzle(puzzle("p1", 1500)), "rating_of_puzzle");
  expect_rating(refined.rating, result.puzzle_after, "the puzzle's refined rating");
  EXPECT_EQ(refined.attempts, 1);
}

TEST_F(StorePuzzles, MissedLowersThePlayersRatingAndRaisesThePuzzles) {
  auto store = open();
  ASSERT_TRUE(store);
  const PuzzleAttemptResult result = must(store->puzzles().record_puzzle_attempt(puzzle("p1", 1400), false, Now),
                                          "attempt");
  expect_rating(result.after, after_one(rating::Glicko2{}, 1400, 80, 0), "the player after");
  expect_rating(result.puzzle_after, after_one({1400, 80, 0.06}, 1500, 350, 1), "the puzzle after");
  EXPECT_LT(result.after.rating, result.before.rating);
  EXPECT_GT(result.puzzle_after.rating, result.puzzle_before.rating);
}

TEST_F(StorePuzzles, AttemptsGoOnFromTheRatingsBothSidesHaveThen) {
  auto store = open();
  ASSERT_TRUE(store);
  const auto first = must(store->puzzles().record_puzzle_attempt(puzzle("p1", 1500), true, Now), "attempt");
  const auto second = must(store->puzzles().record_puzzle_attempt(puzzle("p2", 1700, 60), false, Now + 60), "attempt");
  expect_rating(second.before, first.after, "the player's rating goes on");
  expect_rating(second.after, after_one(first.after, 1700, 60, 0), "against p2 as shipped");
  auto guest = open("Guest");
  ASSERT_TRUE(guest);
  EXPECT_EQ(must(guest->puzzles().puzzle_rating(), "puzzle_rating"), PuzzleRating{}) << "Guest's rating is Guest's";
  const auto third = must(guest->puzzles().record_puzzle_attempt(puzzle("p1", 1500), false, Now + 120), "attempt");
  expect_rating(third.puzzle_before, first.puzzle_after, "p1 as refined by Player's attempt, not as shipped");
  expect_rating(third.puzzle_after, after_one(first.puzzle_after, 1500, 350, 1), "and refined again");
  EXPECT_EQ(must(guest->puzzles().rating_of_puzzle(puzzle("p1", 1500)), "rating_of_puzzle").attempts, 2);
}

TEST_F(StorePuzzles, TheHistoryHasEveryAttemptInOrder) {
  auto store = open();
  ASSERT_TRUE(store);
  const std::vector<std::pair<learn::Puzzle, bool>> attempts{
      {puzzle("p1", 1500), true}, {puzzle("p2", 1650), true}, {puzzle("p3", 1800), false}, {puzzle("p1", 1500), true}};
  std::vector<PuzzleAttemptResult> results;
  for (std::size_t i = 0; i < attempts.size(); ++i)
    results.push_back(must(store->puzzles().record_puzzle_attempt(attempts[i].first, attempts[i].second,
                                                                  Now + std::int64_t(i) * Day),
                           "attempt"));
  const auto history = must(store->puzzles().puzzle_history(), "puzzle_history");
  ASSERT_EQ(history.size(), attempts.size());
  for (std::size_t i = 0; i < history.size(); ++i) {
    SCOPED_TRACE("attempt " + std::to_string(i));
    EXPECT_EQ(history[i].puzzle_id, attempts[i].first.id);
    EXPECT_EQ(history[i].solved, attempts[i].second);
    EXPECT_EQ(history[i].attempted_at, Now + std::int64_t(i) * Day);
    expect_rating(history[i].rating, results[i].after, "the player's rating after it");
    EXPECT_NEAR(history[i].puzzle_rating, results[i].puzzle_after.rating, 1e-9);
    if (i > 0) expect_rating(results[i].before, results[i - 1].after, "the rating before is the previous after");
  }
  EXPECT_EQ(must(store->puzzles().attempted_puzzles(), "attempted_puzzles"), (std::set<std::string>{"p1", "p2", "p3"}));
  EXPECT_EQ(must(store->puzzles().puzzle_rating(), "puzzle_rating").attempts, 4);
  EXPECT_EQ(must(store->puzzles().rating_of_puzzle(puzzle("p1", 1500)), "rating_of_puzzle").attempts, 2);
}

TEST_F(StorePuzzles, APuzzleWithoutAnIdOrARatingIsRefusedAndNothingIsWritten) {
  auto store = open();
  ASSERT_TRUE(store);
  auto no_id = store->puzzles().record_puzzle_attempt(puzzle("", 1500), true, Now);
  ASSERT_FALSE(no_id.ok());
  EXPECT_NE(no_id.error().find("without an id"), std::string::npos) << no_id.error();
  auto no_rating = store->puzzles().record_puzzle_attempt(puzzle("p1", std::nan("")), true, Now);
  ASSERT_FALSE(no_rating.ok());
  EXPECT_NE(no_rating.error().find("'p1'"), std::string::npos) << no_rating.error();
  EXPECT_FALSE(store->puzzles().record_puzzle_attempt(puzzle("p1", 1500, 0), true, Now).ok()) << "deviation 0";
  EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM puzzle_attempts"), 0);
  EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM puzzle_ratings"), 0);
}

TEST_F(StorePuzzles, ResettingTheScoresLeavesPuzzlesAndPracticeAlone) {
  PuzzleRating before;
  {
    auto store = open();
    ASSERT_TRUE(store);
    record(*store, finished(me_, alphabeta("easy", 2), "1-0"));
    must(store->puzzles().record_puzzle_attempt(puzzle("p1", 1500), true, Now), "attempt");
    must(store->practice().add_practice_positions({weak_pawn()}, Now), "add");
    before = must(store->puzzles().puzzle_rating(), "puzzle_rating");
    EXPECT_EQ(must(store->ratings().reset_scores(), "reset_scores"), 1);
  }
  auto store = open();  // and after reopening
  ASSERT_TRUE(store);
  EXPECT_EQ(must(store->puzzles().puzzle_rating(), "puzzle_rating"), before);
  EXPECT_EQ(must(store->practice().practice_due_count(Now), "practice_due_count"), 1);
}

}  // namespace
}  // namespace gambit::store
