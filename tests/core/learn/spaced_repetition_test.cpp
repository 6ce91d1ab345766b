// SPDX-License-Identifier: MIT
// Leitner boxes with the clock given: a missed position comes back after a
// day and not before, a solved one climbs a box at a time up to the fifth.
#include "core/learn/spaced_repetition.h"

#include <gtest/gtest.h>

namespace gambit::learn {
namespace {

constexpr std::int64_t Now = 1'750'000'000;
constexpr std::int64_t Day = SecondsPerDay;

TEST(SpacedRepetition, TheBoxesIntervalsGrowFromADayToFiveWeeks) {
  EXPECT_EQ(box_interval(1), 1 * Day);
  EXPECT_EQ(box_interval(2), 3 * Day);
  EXPECT_EQ(box_interval(3), 7 * Day);
  EXPECT_EQ(box_interval(4), 16 * Day);
  EXPECT_EQ(box_interval(5), 35 * Day);
  for (int box = 2; box <= LeitnerBoxes; ++box) EXPECT_GT(box_interval(box), box_interval(box - 1)) << box;
}

TEST(SpacedRepetition, ANewPositionIsInTheFirstBoxAndDueAtOnce) {
  const Leitner added = first_box(Now);
  EXPECT_EQ(added.box, 1);
  EXPECT_TRUE(is_due(added, Now));
  EXPECT_FALSE(is_due(added, Now - 1)) << "not before it was added";
}

TEST(SpacedRepetition, AMissedPositionComesBackAfterADayAndNotBefore) {
  for (int box = 1; box <= LeitnerBoxes; ++box) {
    SCOPED_TRACE("missed from box " + std::to_string(box));
    const Leitner missed = after_attempt({box, Now - 5}, false, Now);
    EXPECT_EQ(missed.box, 1);
    EXPECT_EQ(missed.due_at, Now + Day);
    EXPECT_FALSE(is_due(missed, Now));
    EXPECT_FALSE(is_due(missed, Now + Day - 1)) << "a second early";
    EXPECT_TRUE(is_due(missed, Now + Day));
    EXPECT_TRUE(is_due(missed, Now + 10 * Day)) << "and stays due until practised";
  }
}

TEST(SpacedRepetition, ASolvedPositionMovesUpOneBoxAndWaitsThatBoxsInterval) {
  Leitner schedule = first_box(Now);
  std::int64_t now = Now;
  for (int expected_box = 2; expected_box <= LeitnerBoxes; ++expected_box) {
    schedule = after_attempt(schedule, true, now);
    EXPECT_EQ(schedule.box, expected_box);
    EXPECT_EQ(schedule.due_at, now + box_interval(expected_box));
    EXPECT_FALSE(is_due(schedule, schedule.due_at - 1));
    now = schedule.due_at;  // practised the moment it is due
  }
  EXPECT_EQ(now - Now, (3 + 7 + 16 + 35) * Day) << "four solves in a row reach the last box after 61 days";
}

TEST(SpacedRepetition, TheLastBoxStaysTheLast) {
  const Leitner solved = after_attempt({LeitnerBoxes, Now}, true, Now);
  EXPECT_EQ(solved.box, LeitnerBoxes);
  EXPECT_EQ(solved.due_at, Now + 35 * Day);
}

TEST(SpacedRepetition, AMissAfterClimbingStartsAgainFromTheFirstBox) {
  Leitner schedule = after_attempt(after_attempt(first_box(Now), true, Now), true, Now + 3 * Day);
  ASSERT_EQ(schedule.box, 3);
  schedule = after_attempt(schedule, false, schedule.due_at);
  EXPECT_EQ(schedule.box, 1);
  EXPECT_EQ(schedule.due_at, Now + 3 * Day + 7 * Day + Day);
}

TEST(SpacedRepetition, ABoxOutsideTheRangeIsTakenAsTheNearest) {
  EXPECT_EQ(box_interval(0), Day);
  EXPECT_EQ(box_interval(9), 35 * Day);
  EXPECT_EQ(after_attempt({0, Now}, true, Now).box, 2);
  EXPECT_EQ(after_attempt({12, Now}, true, Now).box, LeitnerBoxes);
  EXPECT_EQ(after_attempt({-3, Now}, false, Now).box, 1);
}

}  // namespace
}  // namespace gambit::learn
