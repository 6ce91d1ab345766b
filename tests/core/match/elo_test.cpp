// SPDX-License-Identifier: MIT
// Elo estimates checked against the logistic formula's known values.
#include "core/match/elo.h"

#include <gtest/gtest.h>

#include <cmath>

namespace gambit::match {
namespace {

TEST(Elo, DifferenceFollowsTheLogisticCurve) {
  EXPECT_NEAR(elo_difference(0.5), 0.0, 1e-9);
  EXPECT_NEAR(elo_difference(0.75), 190.85, 0.01);  // 400 * log10(3)
  EXPECT_NEAR(elo_difference(0.25), -190.85, 0.01);
  EXPECT_NEAR(elo_difference(10.0 / 11.0), 400.0, 1e-6);
}

TEST(Elo, EstimateOfAMatch) {
  MatchScore score{60, 20, 20};  // 70 points of 100
  EXPECT_DOUBLE_EQ(score.fraction(), 0.7);
  EloEstimate e = estimate_elo(score);
  EXPECT_NEAR(e.difference, 147.2, 0.1);
  // sd per game = sqrt((60*.09 + 20*.04 + 20*.49)/100) = 0.4; 95% half width of the mean = 0.0784.
  EXPECT_NEAR(e.margin, (elo_difference(0.7784) - elo_difference(0.6216)) / 2, 0.01);
  EXPECT_EQ(e.text().substr(0, 6), "+147.2");
}

TEST(Elo, ExtremeScores) {
  EXPECT_EQ(estimate_elo({10, 0, 0}).text(), "+inf");
  EXPECT_EQ(estimate_elo({0, 10, 0}).text(), "-inf");
  EXPECT_TRUE(std::isinf(estimate_elo({}).margin));
  EXPECT_EQ(estimate_elo({0, 0, 10}).text(), "+0.0 +/- 0.0");
}

}  // namespace
}  // namespace gambit::match
