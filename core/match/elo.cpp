// SPDX-License-Identifier: MIT
#include "core/match/elo.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace gambit::match {

double MatchScore::fraction() const {
  return games() ? (wins + 0.5 * draws) / games() : 0.5;
}

double elo_difference(double fraction) { return -400.0 * std::log10(1.0 / fraction - 1.0); }

namespace {

constexpr double Infinity = std::numeric_limits<double>::infinity();

// The estimate from n samples of mean p (a fraction of the points) and the
// variance of one sample: the 95% interval of the mean, through the Elo curve.
EloEstimate estimate_from(int n, double p, double variance) {
  if (n == 0) return {0, Infinity};
  if (p <= 0) return {-Infinity, Infinity};
  if (p >= 1) return {Infinity, Infinity};
  const double half_width = 1.959963985 * std::sqrt(variance / n);
  const double low = p - half_width, high = p + half_width;
  const double margin = low <= 0 || high >= 1 ? Infinity : (elo_difference(high) - elo_difference(low)) / 2;
  return {elo_difference(p), margin};
}

}  // namespace

EloEstimate estimate_elo(const MatchScore& score) {
  const int n = score.games();
  const double p = score.fraction();
  // The variance of one game's points (1, 0.5 or 0) around the mean.
  const double variance =
      n ? (score.wins * (1 - p) * (1 - p) + score.draws * (0.5 - p) * (0.5 - p) + score.losses * p * p) / n : 0;
  return estimate_from(n, p, variance);
}

int Pentanomial::pairs() const { return counts[0] + counts[1] + counts[2] + counts[3] + counts[4]; }

void Pentanomial::add_pair(double first_points, double second_points) {
  const int half_points = int(std::lround(2 * (first_points + second_points)));
  ++counts[std::size_t(std::clamp(half_points, 0, 4))];
}

Pentanomial& Pentanomial::operator+=(const Pentanomial& other) {
  for (std::size_t k = 0; k < counts.size(); ++k) counts[k] += other.counts[k];
  return *this;
}

std::string Pentanomial::text() const {
  std::string text = "[";
  for (std::size_t k = 0; k < counts.size(); ++k) text += (k ? ", " : "") + std::to_string(counts[k]);
  return text + "]";
}

EloEstimate estimate_elo(const Pentanomial& pairs) {
  const int n = pairs.pairs();
  double mean = 0, variance = 0;
  for (std::size_t k = 0; k < 5; ++k) mean += pairs.counts[k] * (k / 4.0);
  if (n) mean /= n;
  for (std::size_t k = 0; k < 5; ++k) variance += pairs.counts[k] * (k / 4.0 - mean) * (k / 4.0 - mean);
  if (n) variance /= n;
  return estimate_from(n, mean, variance);
}

std::string EloEstimate::text() const {
  if (std::isinf(difference)) return difference > 0 ? "+inf" : "-inf";
  char buffer[64];
  if (std::isinf(margin))
    std::snprintf(buffer, sizeof buffer, "%+.1f +/- inf", difference + 0.0);  // + 0.0 turns -0 into 0
  else
    std::snprintf(buffer, sizeof buffer, "%+.1f +/- %.1f", difference + 0.0, margin);
  return buffer;
}

}  // namespace gambit::match
