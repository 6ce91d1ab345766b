// SPDX-License-Identifier: MIT
// The SPRT: Wald's bounds, the pentanomial log-likelihood ratio checked against
// the normal approximation over many pairs and against values worked by hand
// over a few, its verdicts, and the settings as the command line gives them.
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

// The normal approximation, which the exact ratio approaches over many pairs.
double normal_approximation(const Pentanomial& pairs, const SprtSettings& settings) {
  double n = 0, mean = 0, variance = 0;
  for (std::size_t k = 0; k < 5; ++k) n += double(pairs.counts[k]);
  for (std::size_t k = 0; k < 5; ++k) mean += double(pairs.counts[k]) * (k / 4.0) / n;
  for (std::size_t k = 0; k < 5; ++k) variance += double(pairs.counts[k]) * std::pow(k / 4.0 - mean, 2) / n;
  const double s0 = score_at(settings.elo0), s1 = score_at(settings.elo1);
  return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
}

TEST(Sprt, RatioOfEvenPairsFavoursH0) {
  // 100 pairs: 20 x 0.25, 60 x 0.5, 20 x 0.75: mean 0.5, variance 0.025.
  const Pentanomial pairs{{0, 20, 60, 20, 0}};
  const SprtState state = sprt_state(pairs, SprtSettings{});
  EXPECT_NEAR(state.llr, normal_approximation(pairs, SprtSettings{}), 1e-3);
  EXPECT_LT(state.llr, 0);
  EXPECT_EQ(state.verdict, SprtVerdict::Continue);
  // Forty times as many such pairs cross the lower bound.
  const Pentanomial more{{0, 800, 2400, 800, 0}};
  EXPECT_NEAR(sprt_state(more, SprtSettings{}).llr, normal_approximation(more, SprtSettings{}), 0.01);
  EXPECT_EQ(sprt_state(more, SprtSettings{}).verdict, SprtVerdict::AcceptH0);
}

TEST(Sprt, RatioOfAStrongerPlayer) {
  // 200 pairs: 10 x 0, 30 x 0.25, 80 x 0.5, 60 x 0.75, 20 x 1 (about +43 Elo):
  // near the normal approximation, which overstates it a little this far from
  // the hypotheses.
  const Pentanomial pairs{{10, 30, 80, 60, 20}};
  const SprtSettings settings{0, 10, 0.05, 0.05};
  const double llr = sprt_state(pairs, settings).llr;
  EXPECT_GT(llr, 0.9 * normal_approximation(pairs, settings));
  EXPECT_LT(llr, normal_approximation(pairs, settings));
  EXPECT_EQ(sprt_state(pairs, settings).verdict, SprtVerdict::Continue);
  // Twice as many pairs in the same proportions: twice the ratio, past the bound.
  const Pentanomial more{{20, 60, 160, 120, 40}};
  EXPECT_NEAR(sprt_state(more, settings).llr, 2 * llr, 1e-2);
  EXPECT_EQ(sprt_state(more, settings).verdict, SprtVerdict::AcceptH1);
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", sprt_state(more, settings).llr);
  EXPECT_EQ(sprt_state(more, settings).text(settings), "LLR " + std::string(text) + " [-2.94, 2.94]: H1 accepted");
  EXPECT_EQ(sprt_state(Pentanomial{{0, 20, 60, 20, 0}}, SprtSettings{}).text(SprtSettings{}).substr(0, 10), "LLR -0.10 ");
}

TEST(Sprt, AFewPairsCannotDecide) {
  // One pair won 3/2 has no spread to measure; the ratio moves by at most
  // log(s1 / s0) per pair, and a match of wins alone by about that much.
  const SprtSettings settings{0, 10, 0.05, 0.05};
  const double most = std::log(score_at(10) / 0.5);
  const SprtState one = sprt_state(Pentanomial{{0, 0, 0, 1, 0}}, settings);
  EXPECT_GT(one.llr, 0);
  EXPECT_LE(one.llr, 1.01 * most);  // the 0.001 added to each count aside
  EXPECT_EQ(one.verdict, SprtVerdict::Continue);
  EXPECT_NEAR(sprt_state(Pentanomial{{0, 0, 0, 0, 50}}, settings).llr, 50 * most, 0.01 * 50 * most);
  EXPECT_EQ(sprt_state(Pentanomial{{0, 0, 0, 0, 100}}, settings).verdict, SprtVerdict::Continue);
  EXPECT_EQ(sprt_state(Pentanomial{{0, 0, 0, 0, 110}}, settings).verdict, SprtVerdict::AcceptH1);
}

TEST(Sprt, IdenticalPairsAcceptH0AndAWhitewashAcceptsH1) {
  // Every pair split 1-1: explained under H1 only by a few pairs won twice
  // unseen, so each moves the ratio by log(2 (1 - s1)): H0 after about 200.
  const double per_pair = std::log(2 * (1 - score_at(5)));
  EXPECT_NEAR(sprt_state(Pentanomial{{0, 0, 100, 0, 0}}, SprtSettings{}).llr, 100 * per_pair, 0.01 * 100 * -per_pair);
  EXPECT_EQ(sprt_state(Pentanomial{{0, 0, 190, 0, 0}}, SprtSettings{}).verdict, SprtVerdict::Continue);
  EXPECT_EQ(sprt_state(Pentanomial{{0, 0, 210, 0, 0}}, SprtSettings{}).verdict, SprtVerdict::AcceptH0);
  // Every pair won twice, tested for a large difference (elo1 = 400): H1 in six pairs.
  const SprtSettings large{0, 400, 0.05, 0.05};
  EXPECT_EQ(sprt_state(Pentanomial{{0, 0, 0, 0, 4}}, large).verdict, SprtVerdict::Continue);
  EXPECT_EQ(sprt_state(Pentanomial{{0, 0, 0, 0, 6}}, large).verdict, SprtVerdict::AcceptH1);
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
