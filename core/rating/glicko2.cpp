// SPDX-License-Identifier: MIT
#include "core/rating/glicko2.h"

#include <cassert>
#include <cmath>
#include <numbers>

namespace gambit::rating {

namespace {

// Glicko-2 works on its own scale: mu = (r - 1500) / Scale, phi = RD / Scale.
constexpr double Scale = 173.7178;
constexpr double Convergence = 0.000001;

double g(double phi) { return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi)); }

double expected(double mu, double mu_j, double phi_j) { return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j))); }

// Step 5 of Glickman's procedure: the new volatility, by the Illinois
// algorithm on f(x) = 0 with x = ln(sigma'^2).
double new_volatility(double sigma, double phi, double v, double delta, double tau) {
  const double a = std::log(sigma * sigma);
  const auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
  };
  double lo = a, hi;
  if (delta * delta > phi * phi + v) {
    hi = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0) ++k;
    hi = a - k * tau;
  }
  double f_lo = f(lo), f_hi = f(hi);
  while (std::abs(hi - lo) > Convergence) {
    const double c = lo + (lo - hi) * f_lo / (f_hi - f_lo);
    const double f_c = f(c);
    if (f_c * f_hi <= 0) {
      lo = hi;
      f_lo = f_hi;
    } else {
      f_lo /= 2;
    }
    hi = c;
    f_hi = f_c;
  }
  return std::exp(lo / 2);
}

}  // namespace

double expected_score(const Glicko2& player, const GameResult& opponent) {
  return expected((player.rating - 1500.0) / Scale, (opponent.opponent_rating - 1500.0) / Scale,
                  opponent.opponent_deviation / Scale);
}

Glicko2 update(const Glicko2& player, std::span<const GameResult> games, double tau) {
  assert(player.deviation > 0 && player.volatility > 0 && tau > 0);
  const double mu = (player.rating - 1500.0) / Scale, phi = player.deviation / Scale;
  if (games.empty())
    return {player.rating, Scale * std::sqrt(phi * phi + player.volatility * player.volatility), player.volatility};

  double v_inverse = 0, improvement = 0;
  for (const GameResult& game : games) {
    const double mu_j = (game.opponent_rating - 1500.0) / Scale, phi_j = game.opponent_deviation / Scale;
    const double e = expected(mu, mu_j, phi_j);
    v_inverse += g(phi_j) * g(phi_j) * e * (1 - e);
    improvement += g(phi_j) * (game.score - e);
  }
  const double v = 1.0 / v_inverse;
  const double sigma = new_volatility(player.volatility, phi, v, v * improvement, tau);
  const double phi_star = std::sqrt(phi * phi + sigma * sigma);
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  return {1500.0 + Scale * (mu + phi_new * phi_new * improvement), Scale * phi_new, sigma};
}

std::string rating_text(const Glicko2& rating) {
  if (provisional(rating)) return std::to_string(std::lround(rating.rating)) + "?";
  return std::to_string(std::lround(rating.rating)) + " \xC2\xB1 " + std::to_string(std::lround(margin95(rating.deviation)));
}

}  // namespace gambit::rating
