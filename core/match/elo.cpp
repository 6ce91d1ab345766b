// SPDX-License-Identifier: MIT
#include "core/match/elo.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace gambit::match {

double MatchScore::fraction() const {
  return games() ? (wins + 0.5 * draws) / games() : 0.5;
}

double elo_difference(double fraction) { return -400.0 * std::log10(1.0 / fraction - 1.0); }

EloEstimate estimate_elo(const MatchScore& score) {
  constexpr double Infinity = std::numeric_limits<double>::infinity();
  const int n = score.games();
  const double p = score.fraction();
  if (n == 0) return {0, Infinity};
  if (p <= 0) return {-Infinity, Infinity};
  if (p >= 1) return {Infinity, Infinity};

  // Standard deviation of one game's points (1, 0.5 or 0) around the mean,
  // then the 95% interval of the mean, mapped through the Elo curve.
  const double variance = (score.wins * (1 - p) * (1 - p) + score.draws * (0.5 - p) * (0.5 - p) +
                           score.losses * p * p) / n;
  const double half_width = 1.959963985 * std::sqrt(variance / n);
  const double low = p - half_width, high = p + half_width;
  const double margin = low <= 0 || high >= 1 ? Infinity : (elo_difference(high) - elo_difference(low)) / 2;
  return {elo_difference(p), margin};
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
