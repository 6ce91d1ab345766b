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
  EXPECT_EQ(estimate_elo(MatchScore{10, 0, 0}).text(), "+inf");
  EXPECT_EQ(estimate_elo(MatchScore{0, 10, 0}).text(), "-inf");
  EXPECT_TRUE(std::isinf(estimate_elo(MatchScore{}).margin));
  EXPECT_EQ(estimate_elo(MatchScore{0, 0, 10}).text(), "+0.0 +/- 0.0");
}

TEST(Pentanomial, CountsPairsByTheirPoints) {
  Pentanomial p;
  p.add_pair(1, 1);      // won both
  p.add_pair(1, 0.5);    // 1.5
  p.add_pair(0.5, 0.5);  // 1
  p.add_pair(1, 0);      // 1
  p.add_pair(0, 0.5);    // 0.5
  p.add_pair(0, 0);
  EXPECT_EQ(p.counts, (std::array<int, 5>{1, 1, 2, 1, 1}));
  EXPECT_EQ(p.pairs(), 6);
  EXPECT_EQ(p.text(), "[1, 1, 2, 1, 1]");
  Pentanomial q;
  q.add_pair(1, 1);
  q += p;
  EXPECT_EQ(q.counts, (std::array<int, 5>{1, 1, 2, 1, 2}));
}

TEST(Pentanomial, EloOfPairsUsesThePairsSpread) {
  // 10 pairs: 2 x 0.25, 4 x 0.5, 4 x 0.75 -> mean 0.55; variance per pair
  // (2 * 0.09 + 4 * 0.0025 + 4 * 0.04) / 10 = 0.035.
  Pentanomial p{{0, 2, 4, 4, 0}};
  const EloEstimate e = estimate_elo(p);
  EXPECT_NEAR(e.difference, elo_difference(0.55), 1e-9);
  const double half = 1.959963985 * std::sqrt(0.035 / 10);
  EXPECT_NEAR(e.margin, (elo_difference(0.55 + half) - elo_difference(0.55 - half)) / 2, 1e-9);
  // The same 11 points in 20 games counted game by game (9 won, 7 lost, 4
  // drawn): the pairs' spread is the smaller one here.
  const EloEstimate games = estimate_elo(MatchScore{9, 7, 4});  // 11 of 20 points
  EXPECT_NEAR(games.difference, e.difference, 1e-9);
  EXPECT_LT(e.margin, games.margin);
  EXPECT_EQ(estimate_elo(Pentanomial{{0, 0, 0, 0, 3}}).text(), "+inf");
  EXPECT_TRUE(std::isinf(estimate_elo(Pentanomial{}).margin));
}

}  // namespace
}  // namespace gambit::match
