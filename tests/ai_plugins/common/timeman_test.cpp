// SPDX-License-Identifier: MIT
#include "ai_plugins/common/timeman.h"

#include <gtest/gtest.h>

namespace gambit::ai {
namespace {

TEST(TimeManager, FixedMoveTimeIsAHardLimitJustBelowIt) {
  players::Limits limits;
  limits.movetime_ms = 1000;
  TimeManager tm;
  tm.start(limits, chess::WHITE, 0);
  EXPECT_TRUE(tm.limited());
  EXPECT_FALSE(tm.flexible());
  EXPECT_LE(tm.maximum_ms(), 1000);
  EXPECT_GE(tm.maximum_ms(), 900);
}

TEST(TimeManager, ClockGivesAShareOfTheRemainingTime) {
  players::Limits limits;
  limits.time_ms[chess::WHITE] = 60000;
  limits.time_ms[chess::BLACK] = 1000;
  limits.increment_ms[chess::WHITE] = 1000;
  TimeManager tm;
  tm.start(limits, chess::WHITE, 0);
  EXPECT_TRUE(tm.flexible());
  EXPECT_GT(tm.optimum_ms(), 1000);
  EXPECT_LT(tm.optimum_ms(), 10000);
  EXPECT_GE(tm.maximum_ms(), tm.optimum_ms());
  EXPECT_LT(tm.maximum_ms(), 60000 / 3);

  tm.start(limits, chess::BLACK, 0);  // black's own clock is nearly empty
  EXPECT_LT(tm.maximum_ms(), 1000);
  EXPECT_GE(tm.optimum_ms(), 1);
}

TEST(TimeManager, MovesToGoSpreadsTheTimeOverThem) {
  players::Limits limits;
  limits.time_ms[chess::WHITE] = limits.time_ms[chess::BLACK] = 10000;
  limits.moves_to_go = 1;
  TimeManager tm;
  tm.start(limits, chess::WHITE, 0);
  EXPECT_GT(tm.optimum_ms(), 5000);
  EXPECT_LT(tm.maximum_ms(), 10000);
}

TEST(TimeManager, InfiniteOrDepthOnlyHasNoTimeLimit) {
  players::Limits infinite;
  infinite.infinite = true;
  TimeManager tm;
  tm.start(infinite, chess::WHITE, 500);
  EXPECT_FALSE(tm.limited());

  players::Limits depth;
  depth.depth = 5;
  tm.start(depth, chess::WHITE, 500);
  EXPECT_FALSE(tm.limited());
}

TEST(TimeManager, FallbackAppliesOnlyWithoutAnyHostLimit) {
  TimeManager tm;
  tm.start(players::Limits{}, chess::WHITE, 500);
  EXPECT_TRUE(tm.limited());
  EXPECT_LE(tm.maximum_ms(), 500);
  tm.start(players::Limits{}, chess::WHITE, 0);
  EXPECT_FALSE(tm.limited());
}

}  // namespace
}  // namespace gambit::ai
