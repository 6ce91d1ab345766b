// SPDX-License-Identifier: MIT
// RatingPool: the speeds of the clocks players choose, and the store's keys.
#include "core/rating/rating_pool.h"

#include <gtest/gtest.h>

namespace gambit::rating {
namespace {

TEST(RatingPool, TheNewGamePresetsFallIntoLichessSpeeds) {
  EXPECT_EQ(speed_of(0, 0), Speed::Untimed);
  EXPECT_EQ(speed_of(60, 0), Speed::Bullet);        // 1+0: 60 s
  EXPECT_EQ(speed_of(120, 1), Speed::Bullet);       // 2+1: 160 s
  EXPECT_EQ(speed_of(180, 2), Speed::Blitz);        // 3+2: 260 s
  EXPECT_EQ(speed_of(300, 3), Speed::Blitz);        // 5+3: 420 s
  EXPECT_EQ(speed_of(600, 0), Speed::Rapid);        // 10+0
  EXPECT_EQ(speed_of(900, 10), Speed::Rapid);       // 15+10: 1300 s
  EXPECT_EQ(speed_of(1800, 0), Speed::Classical);   // 30+0
  EXPECT_EQ(speed_of(0, 5), Speed::Blitz);          // increment only: 40 x 5 = 200 s
}

TEST(RatingPool, TheThresholdsAreTheEstimatedDurationsOfLichess) {
  EXPECT_EQ(speed_of(179, 0), Speed::Bullet);
  EXPECT_EQ(speed_of(180, 0), Speed::Blitz);
  EXPECT_EQ(speed_of(479, 0), Speed::Blitz);
  EXPECT_EQ(speed_of(480, 0), Speed::Rapid);
  EXPECT_EQ(speed_of(1499, 0), Speed::Rapid);
  EXPECT_EQ(speed_of(1500, 0), Speed::Classical);
  EXPECT_EQ(speed_of(0, 4.5), Speed::Blitz);       // 40 x 4.5 = 180
  EXPECT_EQ(speed_of(100, 2), Speed::Blitz);       // 100 + 80 = 180
  EXPECT_EQ(speed_of(99, 2), Speed::Bullet);       // 179
}

TEST(RatingPool, TimeControlTextsAsTheStoreKeepsThem) {
  EXPECT_EQ(pool_of("standard", "300+2"), (RatingPool{"standard", Speed::Blitz}));
  EXPECT_EQ(pool_of("threecheck", "600+0"), (RatingPool{"threecheck", Speed::Rapid}));
  EXPECT_EQ(pool_of("standard", "0.5+0.1"), (RatingPool{"standard", Speed::Bullet}));
  EXPECT_EQ(pool_of("standard", "-"), (RatingPool{"standard", Speed::Untimed}));
  EXPECT_EQ(pool_of("standard", ""), (RatingPool{"standard", Speed::Untimed}));
  EXPECT_EQ(pool_of("standard", "0.1 s/move"), (RatingPool{"standard", Speed::Untimed}));
  EXPECT_EQ(pool_of("standard", "abc+2"), (RatingPool{"standard", Speed::Untimed}));
  EXPECT_EQ(pool_of("standard", "-5+2"), (RatingPool{"standard", Speed::Untimed}));
}

TEST(RatingPool, KeysReadBackAsThePoolsTheyName) {
  for (Speed speed : {Speed::Bullet, Speed::Blitz, Speed::Rapid, Speed::Classical, Speed::Untimed})
    for (const char* variant : {"standard", "threecheck"}) {
      const RatingPool pool{variant, speed};
      EXPECT_EQ(RatingPool::from_key(pool.key()), pool) << pool.key();
    }
  EXPECT_EQ((RatingPool{"standard", Speed::Blitz}.key()), "standard/blitz");
  EXPECT_FALSE(RatingPool::from_key("standard"));
  EXPECT_FALSE(RatingPool::from_key("/blitz"));
  EXPECT_FALSE(RatingPool::from_key("standard/hyperbullet"));
}

}  // namespace
}  // namespace gambit::rating
