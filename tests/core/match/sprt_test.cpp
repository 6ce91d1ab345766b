// SPDX-License-Identifier: MIT
// The SPRT: Wald's bounds, the pentanomial log-likelihood ratio checked against
// values worked by hand, its verdicts, and the settings as the command line
// gives them.
#include "core/match/sprt.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

namespace gambit::match {
namespace {

double score_at(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

TEST(Sprt, WaldsBounds) {
  const SprtSettings s;  // alpha = beta = 0.05
  EXPECT_NEAR(s.lower_bound(), -2.944, 0.001);
  EXPECT_NEAR(s.upper_bound(), 2.944, 0.001);
  const SprtSettings t{0, 5, 0.05, 0.1};
  EXPECT_NEAR(t.lower_bound(), std::log(0.1 / 0.95), 1e-12);
  EXPECT_NEAR(t.upper_bound(), std::log(0.9 / 0.05), 1e-12);
}

TEST(Sprt, RatioOfEvenPairsFavoursH0) {
  // 100 pairs: 20 x 0.25, 60 x 0.5, 20 x 0.75: mean 0.5, variance 0.025.
  const Pentanomial pairs{{0, 20, 60, 20, 0}};
  const double s0 = 0.5, s1 = score_at(5);
  const double expected = 100 * (s1 - s0) * (2 * 0.5 - s0 - s1) / (2 * 0.025);
  const SprtState state = sprt_state(pairs, SprtSettings{});
  EXPECT_NEAR(state.llr, expected, 1e-3);
  EXPECT_LT(state.llr, 0);
  EXPECT_EQ(state.verdict, SprtVerdict::Continue);
  // Forty times as many such pairs cross the lower bound.
  EXPECT_EQ(sprt_state(Pentanomial{{0, 800, 2400, 800, 0}}, SprtSettings{}).verdict, SprtVerdict::AcceptH0);
}

TEST(Sprt, RatioOfAStrongerPlayer) {
  // 200 pairs: 10 x 0, 30 x 0.25, 80 x 0.5, 60 x 0.75, 20 x 1.
  const Pentanomial pairs{{10, 30, 80, 60, 20}};
  const double mean = (30 * 0.25 + 80 * 0.5 + 60 * 0.75 + 20 * 1.0) / 200;
  double variance = 0;
  for (std::size_t k = 0; k < 5; ++k) variance += pairs.counts[k] * std::pow(k / 4.0 - mean, 2);
  variance /= 200;
  const SprtSettings settings{0, 10, 0.05, 0.05};
  const double s0 = 0.5, s1 = score_at(10);
  EXPECT_NEAR(sprt_state(pairs, settings).llr, 200 * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance), 1e-2);
  EXPECT_EQ(sprt_state(pairs, settings).verdict, SprtVerdict::Continue);
  // Twice as many pairs in the same proportions: twice the ratio, past the bound.
  const Pentanomial more{{20, 60, 160, 120, 40}};
  EXPECT_NEAR(sprt_state(more, settings).llr, 2 * sprt_state(pairs, settings).llr, 1e-2);
  EXPECT_EQ(sprt_state(more, settings).verdict, SprtVerdict::AcceptH1);
  char llr[32];
  std::snprintf(llr, sizeof llr, "%.2f", sprt_state(more, settings).llr);
  EXPECT_EQ(sprt_state(more, settings).text(settings), "LLR " + std::string(llr) + " [-2.94, 2.94]: H1 accepted");
  EXPECT_EQ(sprt_state(Pentanomial{{0, 20, 60, 20, 0}}, SprtSettings{}).text(SprtSettings{}).substr(0, 10), "LLR -0.10 ");
}

TEST(Sprt, IdenticalPairsAcceptH0AndAWhitewashAcceptsH1Fast) {
  // Every pair split 1-1: the players play alike, H0 within a dozen pairs.
  EXPECT_EQ(sprt_state(Pentanomial{{0, 0, 6, 0, 0}}, SprtSettings{}).verdict, SprtVerdict::Continue);
  EXPECT_EQ(sprt_state(Pentanomial{{0, 0, 12, 0, 0}}, SprtSettings{}).verdict, SprtVerdict::AcceptH0);
  // Every pair won twice: H1 within a handful of pairs.
  EXPECT_EQ(sprt_state(Pentanomial{{0, 0, 0, 0, 4}}, SprtSettings{}).verdict, SprtVerdict::AcceptH1);
  EXPECT_EQ(sprt_state(Pentanomial{}, SprtSettings{}).llr, 0);
  EXPECT_EQ(sprt_state(Pentanomial{}, SprtSettings{}).verdict, SprtVerdict::Continue);
}

TEST(Sprt, SettingsFromWords) {
  auto defaults = parse_sprt({});
  ASSERT_TRUE(defaults.ok());
  EXPECT_EQ(*defaults, SprtSettings{});
  auto given = parse_sprt({"elo1=10", "elo0=-2.5", "beta=0.1"});
  ASSERT_TRUE(given.ok()) << given.error();
  EXPECT_EQ(*given, (SprtSettings{-2.5, 10, 0.05, 0.1}));
  EXPECT_EQ(given->text(), "elo0=-2.5 elo1=10 alpha=0.05 beta=0.1");
  // Any value reads back exactly from the text a results file keeps.
  auto precise = parse_sprt({"elo1=3.1415926535"});
  ASSERT_TRUE(precise.ok());
  EXPECT_EQ(precise->text(), "elo0=0 elo1=3.1415926535 alpha=0.05 beta=0.05");
  auto again = parse_sprt({"elo0=-2.5", "elo1=10", "alpha=0.05", "beta=0.1"});
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(*again, *given);

  for (const auto& [words, expected] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"elo2=3"}, "'elo2=3' is not one of"},
           {{"elo0"}, "'elo0' is not one of"},
           {{"elo0=x"}, "elo0 = 'x' is not a number"},
           {{"elo0=1", "elo0=2"}, "elo0 is given twice"},
           {{"elo0=5", "elo1=5"}, "elo0 (5) must be below elo1 (5)"},
           {{"alpha=0.7"}, "alpha must lie between 0 and 0.5"},
           {{"beta=0"}, "beta must lie between 0 and 0.5"},
           {{"elo1=nan"}, "elo1 = 'nan' is not a number"},
       }) {
    auto parsed = parse_sprt(words);
    ASSERT_FALSE(parsed.ok()) << words[0];
    EXPECT_NE(parsed.error().find(expected), std::string::npos) << parsed.error();
  }
}

}  // namespace
}  // namespace gambit::match
