// SPDX-License-Identifier: MIT
// Glicko-2 against the worked example of Glickman's paper and the system's properties.
#include "core/rating/glicko2.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace gambit::rating {
namespace {

// "Example of the Glicko-2 system" (Glickman, 2012), section "Example calculation":
// a 1500 player (RD 200, volatility 0.06) beats a 1400 (RD 30), loses to a 1550
// (RD 100) and to a 1700 (RD 300); with tau 0.5 the paper computes 1464.06,
// RD 151.52 and volatility 0.05999.
TEST(Glicko2, GlickmansWorkedExample) {
  const std::vector<GameResult> games{{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};
  const Glicko2 after = update({1500, 200, 0.06}, games, 0.5);
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_NEAR(after.deviation, 151.52, 0.01);
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
}

// Without games only the deviation grows: sqrt(200^2 + (0.06 * 173.7178)^2) = 200.27.
TEST(Glicko2, APeriodWithoutGamesWidensTheDeviationOnly) {
  const Glicko2 after = update({1620, 200, 0.06}, {}, 0.5);
  EXPECT_DOUBLE_EQ(after.rating, 1620);
  EXPECT_NEAR(after.deviation, 200.27, 0.01);
  EXPECT_DOUBLE_EQ(after.volatility, 0.06);
}

// By hand, one game: a new player (1500, RD 350) draws a fixed 1500 (RD 0):
// E = 0.5, so the rating stays; v = 1 / (0.25) = 4 on the Glicko-2 scale and the
// deviation becomes 1 / sqrt(1 / (phi^2 + sigma'^2) + 1/4) * 173.7178 with
// phi = 350 / 173.7178 = 2.01476: 173.7178 / sqrt(1 / 4.0629 + 0.25) = 246.6 (sigma' stays about 0.06).
TEST(Glicko2, ADrawAgainstAnEqualOpponentKeepsTheRatingAndNarrowsTheDeviation) {
  const GameResult draw{1500, 0, 0.5};
  const Glicko2 after = update({1500, 350, 0.06}, {&draw, 1});
  EXPECT_NEAR(after.rating, 1500, 1e-9);
  const double phi = 350 / 173.7178, sigma = after.volatility;
  const double expected = 173.7178 / std::sqrt(1 / (phi * phi + sigma * sigma) + 0.25);
  EXPECT_NEAR(after.deviation, expected, 1e-6);
  EXPECT_NEAR(after.deviation, 246.6, 0.1);
  EXPECT_NEAR(after.volatility, 0.06, 0.0001);
}

TEST(Glicko2, AWinAgainstAStrongerOpponentGainsMore) {
  const Glicko2 me{1400, 80, 0.06};
  const GameResult weak{1200, 40, 1}, strong{1800, 40, 1};
  EXPECT_GT(update(me, {&strong, 1}).rating - me.rating, update(me, {&weak, 1}).rating - me.rating);
  EXPECT_GT(update(me, {&weak, 1}).rating, me.rating);
  const GameResult lost{1800, 40, 0};
  EXPECT_LT(update(me, {&lost, 1}).rating, me.rating);
}

TEST(Glicko2, AnUncertainPlayerMovesMoreThanACertainOne) {
  const GameResult win{1500, 40, 1};
  EXPECT_GT(update({1500, 300, 0.06}, {&win, 1}).rating, update({1500, 60, 0.06}, {&win, 1}).rating);
}

TEST(Glicko2, RepeatedGamesSettleNearTheOpponentsRatingWhenScoringHalf) {
  Glicko2 me;
  for (int i = 0; i < 200; ++i) {
    const GameResult game{1900, 38, i % 2 ? 1.0 : 0.0};
    me = update(me, {&game, 1});
  }
  EXPECT_NEAR(me.rating, 1900, 60);
  EXPECT_LT(me.deviation, 80);
  EXPECT_GT(me.deviation, 30);
}

TEST(Glicko2, ProvisionalWhileTheDeviationIsAboveLichesssThresholdAndTextShowsThe95PercentMarginOrAQuestionMark) {
  EXPECT_TRUE(provisional(Glicko2{}));
  EXPECT_TRUE(provisional({1500, 110.5, 0.06}));
  EXPECT_FALSE(provisional({1500, 110, 0.06}));
  EXPECT_EQ(rating_text({1339.6, 46, 0.06}), "1340 \xC2\xB1 90");
  EXPECT_EQ(rating_text(Glicko2{}), "1500?") << "provisional: a question mark, as lichess shows it";
  EXPECT_EQ(rating_text({1612.4, 110.5, 0.06}), "1612?");
  EXPECT_EQ(rating_text({1612.4, 110, 0.06}), "1612 \xC2\xB1 216");
}

TEST(Glicko2, ExpectedScore) {
  EXPECT_DOUBLE_EQ(expected_score({1500, 100, 0.06}, {1500, 50, 0}), 0.5);
  // Against a 400 Elo weaker certain opponent: 1 / (1 + 10^-1) = 0.909 (the Glicko-2 logistic
  // with the scale 173.7178 = 400 / ln 10 is Elo's curve).
  EXPECT_NEAR(expected_score({1900, 100, 0.06}, {1500, 0, 0}), 1 / (1 + std::pow(10.0, -1.0)), 1e-4);
  // An uncertain opponent pulls the expectation toward one half.
  EXPECT_LT(expected_score({1900, 100, 0.06}, {1500, 300, 0}), expected_score({1900, 100, 0.06}, {1500, 0, 0}));
}

}  // namespace
}  // namespace gambit::rating
