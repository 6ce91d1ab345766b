// SPDX-License-Identifier: MIT
// core/review: review_game and ReviewTask with a real analyser (alphabeta, in
// this process): several analysers give the same review as one, a stop or a
// `done` that says no cancels, and a task hands over what a direct call gives.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "core/chess/uci.h"
#include "core/players/plugin_library.h"
#include "core/review/game_review.h"
#include "core/review/review_task.h"

namespace gambit::review {
namespace {

// Scholar's mate with a detour: 20 plies, so several runs of ReviewRun positions.
chess::PgnGame detour_game() {
  chess::PgnGame game;
  chess::Position pos = game.start;
  for (const char* uci : {"e2e4", "e7e5", "g1f3", "b8c6", "f3g1", "c6b8", "g1f3", "b8c6", "f3g1", "c6b8", "g1f3",
                          "b8c6", "f3g1", "c6b8", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"}) {
    game.moves.push_back(chess::parse_uci_move(pos, uci).value());
    pos.do_move(game.moves.back());
  }
  return game;
}

std::vector<std::unique_ptr<players::PluginPlayer>> analysers(int count) {
  auto library = players::PluginLibrary::load(GAMBIT_ALPHABETA_PLUGIN);
  EXPECT_TRUE(library) << library.error();
  std::vector<std::unique_ptr<players::PluginPlayer>> made;
  for (int i = 0; i < count; ++i) {
    auto player = players::PluginPlayer::create(library.value(), {{"hash_mb", "8"}});
    EXPECT_TRUE(player) << player.error();
    made.push_back(std::move(player).value());
  }
  return made;
}

std::vector<players::PluginPlayer*> pointers(const std::vector<std::unique_ptr<players::PluginPlayer>>& owned) {
  std::vector<players::PluginPlayer*> raw;
  for (const auto& p : owned) raw.push_back(p.get());
  return raw;
}

constexpr players::Limits Budget{.nodes = 5000};

// Polls the task as a window does until it finishes (or about 30 s pass).
ReviewTask::Progress poll_until_finished(ReviewTask& task, std::vector<std::optional<PositionVerdict>>& verdicts) {
  ReviewTask::Progress progress;
  for (int i = 0; i < 3000 && !progress.finished; ++i) {
    progress = task.take_verdicts(verdicts);
    if (!progress.finished) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return progress;
}

TEST(ReviewGame, TwoAnalysersGiveTheSameReviewAsOne) {
  const chess::PgnGame game = detour_game();
  const auto one = analysers(1), two = analysers(2);
  std::vector<std::size_t> seen;
  Result<GameReview> alone = review_game(pointers(one), game, Budget);
  Result<GameReview> pair = review_game(pointers(two), game, Budget, [&](std::size_t index, const PositionVerdict&, bool deeper) {
    if (!deeper) seen.push_back(index);
    return true;
  });
  ASSERT_TRUE(alone.ok()) << alone.error();
  ASSERT_TRUE(pair.ok()) << pair.error();
  ASSERT_EQ(alone->positions.size(), game.moves.size() + 1);
  EXPECT_EQ(seen.size(), game.moves.size() + 1) << "done is told of every position once";
  for (std::size_t i = 0; i < alone->positions.size(); ++i) {
    EXPECT_EQ(alone->positions[i].score, pair->positions[i].score) << i;
    EXPECT_EQ(alone->positions[i].line, pair->positions[i].line) << i;
  }
  // 9... Nf6 allows mate in one, found and explained.
  EXPECT_EQ(alone->moves[17].judgement, Judgement::Blunder);
  EXPECT_EQ(alone->moves[17].reason, "Allows mate in 1: 10. Qxf7#.");
  EXPECT_TRUE(alone->positions.back().by_the_rules);
}

TEST(ReviewGame, WhereTheEvaluationSwingsItLooksAgainDeeper) {
  const chess::PgnGame game = detour_game();
  const auto one = analysers(1);
  std::vector<std::size_t> first, again;
  std::vector<PositionVerdict> at_first(game.moves.size() + 1);
  Result<GameReview> review = review_game(pointers(one), game, Budget, [&](std::size_t index, const PositionVerdict& v,
                                                                          bool deeper) {
    (deeper ? again : first).push_back(index);
    if (!deeper) at_first[index] = v;
    return true;
  }, {}, 0, true);
  ASSERT_TRUE(review.ok()) << review.error();
  EXPECT_EQ(first.size(), game.moves.size() + 1);
  // The first round looks again at the suspects of the first verdicts.
  const std::vector<std::size_t> expected = suspects(at_first, chess::WHITE);
  ASSERT_FALSE(expected.empty()) << "9... Nf6?? drops the game";
  ASSERT_GE(again.size(), expected.size());
  std::vector<std::size_t> first_round(again.begin(), again.begin() + long(expected.size()));
  EXPECT_EQ(first_round, expected);
  // Each position at most once more, and the review keeps the deeper verdicts.
  std::vector<std::size_t> sorted = again;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end());
  EXPECT_EQ(review->moves[17].judgement, Judgement::Blunder);
}

TEST(ReviewGame, ADoneThatSaysNoOrAStopCancels) {
  const chess::PgnGame game = detour_game();
  const auto two = analysers(2);
  Result<GameReview> refused = review_game(pointers(two), game, Budget, [](std::size_t, const PositionVerdict&, bool) {
    return false;
  });
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error(), "cancelled");
  std::stop_source stop;
  stop.request_stop();
  Result<GameReview> stopped = review_game(pointers(two), game, players::Limits{.infinite = true}, {}, stop.get_token());
  ASSERT_FALSE(stopped.ok());
  EXPECT_EQ(stopped.error(), "cancelled");
}

TEST(ReviewTask, HandsOverTheVerdictsAsTheyComeThenTheReview) {
  const chess::PgnGame game = detour_game();
  ReviewTask task(analysers(1), game, Budget, 0);
  std::vector<std::optional<PositionVerdict>> verdicts;
  const ReviewTask::Progress progress = poll_until_finished(task, verdicts);
  ASSERT_TRUE(progress.finished);
  EXPECT_EQ(progress.failure, "");
  EXPECT_EQ(progress.done, game.moves.size() + 1);
  for (const auto& verdict : verdicts) EXPECT_TRUE(verdict.has_value());
  std::optional<GameReview> review = task.take_review();
  ASSERT_TRUE(review);
  EXPECT_EQ(review->moves[17].judgement, Judgement::Blunder);
  EXPECT_FALSE(task.take_review()) << "given once";
}

TEST(ReviewTask, ACancelEndsASearchWithoutLimits) {
  ReviewTask task(analysers(1), detour_game(), players::Limits{.infinite = true}, 0);
  std::vector<std::optional<PositionVerdict>> verdicts;
  task.cancel();
  const ReviewTask::Progress progress = poll_until_finished(task, verdicts);
  ASSERT_TRUE(progress.finished);
  EXPECT_EQ(progress.failure, "cancelled");
  EXPECT_FALSE(task.take_review());
}

}  // namespace
}  // namespace gambit::review
