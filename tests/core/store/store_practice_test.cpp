// SPDX-License-Identifier: MIT
// Practice (store.practice()): mistake positions added once, due by Leitner
// boxes with the clock given, moved by attempts, refused in words when not
// valid, each profile's its own.
#include "core/store/practice.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/learn/spaced_repetition.h"
#include "core/store/store.h"
#include "tests/core/store/store_fixtures.h"

namespace gambit::store {
namespace {

using fixtures::allows_mate;
using fixtures::alphabeta;
using fixtures::Day;
using fixtures::finished;
using fixtures::misses_mate;
using fixtures::Now;
using fixtures::weak_pawn;

constexpr std::int64_t Forever = std::numeric_limits<std::int64_t>::max();

class StorePractice : public fixtures::StoreTest {
 protected:
  // The profile's positions, whatever their due time.
  static std::vector<PracticePosition> all(Store& store) {
    return must(store.practice().practice_due(Forever, 1000), "practice_due");
  }
  static int due(Store& store, std::int64_t at) {
    return must(store.practice().practice_due_count(at), "practice_due_count");
  }
};

TEST_F(StorePractice, AddedPositionsAreInTheFirstBoxAndDueAtOnce) {
  auto store = open();
  ASSERT_TRUE(store);
  EXPECT_EQ(due(*store, Now), 0) << "nothing to practise in a new store";
  EXPECT_EQ(must(store->practice().add_practice_positions({weak_pawn(), allows_mate()}, Now), "add"), 2);
  EXPECT_EQ(due(*store, Now - 1), 0) << "not before they were added";
  EXPECT_EQ(due(*store, Now), 2);
  const auto positions = all(*store);
  ASSERT_EQ(positions.size(), 2u);
  PracticePosition expected = weak_pawn();
  expected.id = positions[0].id;
  expected.schedule = {1, Now};
  expected.added_at = Now;
  EXPECT_EQ(positions[0], expected) << "kept as given, with its box, due time and times";
  EXPECT_EQ(positions[1].judgement, PracticeJudgement::Blunder);
  EXPECT_EQ(positions[1].attempts, 0);
  EXPECT_NE(positions[0].id, positions[1].id);
}

TEST_F(StorePractice, APositionAlreadyThereIsNeitherDuplicatedNorReset) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_EQ(must(store->practice().add_practice_positions({weak_pawn()}, Now), "add"), 1);
  const std::int64_t id = all(*store).at(0).id;
  ASSERT_EQ(must(store->practice().record_practice_attempt(id, true, Now), "attempt").schedule.box, 2);

  PracticePosition again = weak_pawn();
  again.fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 5 9";  // other move counters
  again.played = "d7d6";
  again.ply = 17;
  EXPECT_EQ(must(store->practice().add_practice_positions({again, misses_mate(), misses_mate()}, Now + Day), "add"), 1)
      << "only the mate is new, and only once";
  const auto positions = all(*store);
  ASSERT_EQ(positions.size(), 2u);
  const PracticePosition& kept = positions[0].id == id ? positions[0] : positions[1];
  EXPECT_EQ(kept.id, id);
  EXPECT_EQ(kept.schedule, (learn::Leitner{2, Now + 3 * Day})) << "its box and due time are kept";
  EXPECT_EQ(kept.played, "f7f6") << "and what it was first added with";
  EXPECT_EQ(kept.attempts, 1);
  EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM practice"), 2);
}

TEST_F(StorePractice, PositionsComeBackByTheirBoxesAsTheClockGoes) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_EQ(must(store->practice().add_practice_positions({weak_pawn(), allows_mate(), misses_mate()}, Now), "add"), 3);
  EXPECT_EQ(due(*store, Now), 3) << "3 positions to practise today";
  const auto positions = all(*store);
  // Practised at once: the first missed, the second solved, the third not tried.
  const PracticePosition missed = must(store->practice().record_practice_attempt(positions[0].id, false, Now + 60),
                                       "attempt");
  EXPECT_EQ(missed.schedule, (learn::Leitner{1, Now + 60 + Day}));
  EXPECT_EQ(missed.attempts, 1);
  EXPECT_EQ(missed.solved, 0);
  const PracticePosition solved = must(store->practice().record_practice_attempt(positions[1].id, true, Now + 120),
                                       "attempt");
  EXPECT_EQ(solved.schedule, (learn::Leitner{2, Now + 120 + 3 * Day}));
  EXPECT_EQ(solved.solved, 1);

  EXPECT_EQ(due(*store, Now + 120), 1) << "only the one not tried";
  EXPECT_EQ(due(*store, Now + 60 + Day - 1), 1) << "the missed one is not back a second early";
  EXPECT_EQ(due(*store, Now + 60 + Day), 2) << "the missed one is back after a day";
  EXPECT_EQ(due(*store, Now + 120 + 3 * Day - 1), 2);
  EXPECT_EQ(due(*store, Now + 120 + 3 * Day), 3) << "the solved one after three";

  // Solved each time it is due, it climbs to the last box and stays there.
  std::int64_t at = Now + 120 + 3 * Day;
  PracticePosition climbing = solved;
  for (int box = 3; box <= learn::LeitnerBoxes + 2; ++box) {
    climbing = must(store->practice().record_practice_attempt(climbing.id, true, at), "attempt");
    EXPECT_EQ(climbing.schedule.box, std::min(box, learn::LeitnerBoxes));
    EXPECT_EQ(climbing.schedule.due_at, at + learn::box_interval(climbing.schedule.box));
    at = climbing.schedule.due_at;
  }
  EXPECT_EQ(climbing.attempts, 6);
  EXPECT_EQ(climbing.solved, 6);
}

TEST_F(StorePractice, TheDueOnesComeLongestDueFirstWithinTheLimit) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_EQ(must(store->practice().add_practice_positions({weak_pawn()}, Now), "add"), 1);
  ASSERT_EQ(must(store->practice().add_practice_positions({allows_mate()}, Now + 10), "add"), 1);
  ASSERT_EQ(must(store->practice().add_practice_positions({misses_mate()}, Now + 20), "add"), 1);
  const auto first = all(*store);
  ASSERT_EQ(first.size(), 3u);
  // Missed: due again at Now + 30 + Day.
  must(store->practice().record_practice_attempt(first[0].id, false, Now + 30), "attempt");
  const auto due_now = must(store->practice().practice_due(Now + Day, 10), "practice_due");
  ASSERT_EQ(due_now.size(), 2u);
  EXPECT_EQ(due_now[0].id, first[1].id);
  EXPECT_EQ(due_now[1].id, first[2].id);
  const auto later = must(store->practice().practice_due(Now + 2 * Day, 2), "practice_due");
  ASSERT_EQ(later.size(), 2u) << "the limit";
  EXPECT_EQ(later[0].id, first[1].id) << "due at Now + 10";
  EXPECT_EQ(later[1].id, first[2].id) << "due at Now + 20, before the missed one at Now + 30 + a day";
  EXPECT_TRUE(must(store->practice().practice_due(Now + 2 * Day, 0), "practice_due").empty());
}

TEST_F(StorePractice, APositionComesFromAStoredGameAndCanBeRemoved) {
  auto store = open();
  ASSERT_TRUE(store);
  const std::int64_t game = record(*store, finished(me_, alphabeta("easy", 2), "0-1"));
  PracticePosition from_game = allows_mate();
  from_game.game_id = game;
  ASSERT_EQ(must(store->practice().add_practice_positions({from_game, weak_pawn()}, Now), "add"), 2);
  auto positions = all(*store);
  ASSERT_EQ(positions.size(), 2u);
  EXPECT_EQ(positions[0].game_id, game);
  EXPECT_EQ(positions[1].game_id, std::nullopt);
  EXPECT_TRUE(must(store->practice().remove_practice_position(positions[0].id), "remove"));
  EXPECT_FALSE(must(store->practice().remove_practice_position(positions[0].id), "remove")) << "already gone";
  EXPECT_EQ(due(*store, Now), 1);
  auto attempt = store->practice().record_practice_attempt(positions[0].id, true, Now);
  ASSERT_FALSE(attempt.ok()) << "an attempt at a removed position";
  EXPECT_NE(attempt.error().find("no practice position number " + std::to_string(positions[0].id)), std::string::npos)
      << attempt.error();
  EXPECT_EQ(must(store->practice().add_practice_positions({from_game}, Now + Day), "add"), 1)
      << "removed, it may come back";
}

TEST_F(StorePractice, AThreeCheckPositionIsKeptInItsVariant) {
  auto store = open();
  ASSERT_TRUE(store);
  PracticePosition three_check = weak_pawn();
  three_check.variant = "three-check";
  three_check.fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3+3 1 2";
  EXPECT_EQ(must(store->practice().add_practice_positions({weak_pawn(), three_check}, Now), "add"), 2)
      << "the same board in another variant is another position";
  const auto positions = all(*store);
  ASSERT_EQ(positions.size(), 2u);
  EXPECT_EQ(positions[1].variant, "threecheck") << "the variant by its id";
}

TEST_F(StorePractice, InvalidPositionsAreRefusedInWordsAndNoneOfTheBatchIsKept) {
  auto store = open();
  ASSERT_TRUE(store);
  auto with = [](auto change) {
    PracticePosition p = misses_mate();
    change(p);
    return p;
  };
  const std::vector<std::pair<PracticePosition, std::string>> cases{
      {with([](PracticePosition& p) { p.fen = "not a fen"; }), "the FEN 'not a fen' is not a position"},
      {with([](PracticePosition& p) { p.played = "h5h8"; }), "the move played cannot be played"},
      {with([](PracticePosition& p) { p.best = "Qxf7"; }), "the best move cannot be played"},
      {with([](PracticePosition& p) { p.played = "h5f7"; }), "the move played, h5f7, is the best move"},
      {with([](PracticePosition& p) { p.line = "h5f7 e8e7"; }), "the line's move 2 cannot be played"},
      {with([](PracticePosition& p) { p.line = "c4f7"; }), "the line starts with c4f7, not with the best move h5f7"},
      {with([](PracticePosition& p) { p.game_id = 99; }), "there is no game number 99"},
      {with([](PracticePosition& p) { p.variant = "crazyhouse"; }), "the variant 'crazyhouse' is not one Gambit plays"},
      {with([](PracticePosition& p) { p.ply = -1; }), "the ply -1 is below 0"},
  };
  for (const auto& [bad, expected] : cases) {
    auto added = store->practice().add_practice_positions({weak_pawn(), bad}, Now);
    ASSERT_FALSE(added.ok()) << "accepted, expected: " << expected;
    EXPECT_NE(added.error().find("practice position 2 of 2: " + expected), std::string::npos) << added.error();
  }
  EXPECT_EQ(fixtures::query_int(db_, "SELECT count(*) FROM practice"), 0) << "the good one with them is not kept";
  EXPECT_EQ(must(store->practice().add_practice_positions({}, Now), "add nothing"), 0);
}

TEST_F(StorePractice, EachProfileHasItsOwnPositions) {
  auto mine = open();
  ASSERT_TRUE(mine);
  ASSERT_EQ(must(mine->practice().add_practice_positions({weak_pawn()}, Now), "add"), 1);
  const std::int64_t id = all(*mine).at(0).id;
  auto theirs = open("Guest");
  ASSERT_TRUE(theirs);
  EXPECT_EQ(due(*theirs, Now), 0);
  EXPECT_FALSE(theirs->practice().record_practice_attempt(id, true, Now).ok()) << "not Guest's position";
  EXPECT_FALSE(must(theirs->practice().remove_practice_position(id), "remove"));
  EXPECT_EQ(must(theirs->practice().add_practice_positions({weak_pawn()}, Now), "add"), 1) << "Guest's own copy";
  EXPECT_EQ(due(*mine, Now), 1);
  EXPECT_EQ(all(*mine).at(0).attempts, 0);
}

TEST(PracticeJudgementName, RoundTripsAndRefusesOtherWords) {
  for (PracticeJudgement judgement : {PracticeJudgement::Mistake, PracticeJudgement::Blunder})
    EXPECT_EQ(practice_judgement_from_name(practice_judgement_name(judgement)), judgement);
  EXPECT_EQ(practice_judgement_from_name("inaccuracy"), std::nullopt);
}

}  // namespace
}  // namespace gambit::store
