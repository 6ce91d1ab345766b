// SPDX-License-Identifier: MIT
#include "core/match/sprt.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <set>

namespace gambit::match {

namespace {

// The expected score of the stronger side at an Elo difference.
double expected_score(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

// The shortest text that reads back as exactly this number.
std::string number_text(double value) {
  char buffer[32];
  const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return error == std::errc() ? std::string(buffer, end) : std::to_string(value);
}

}  // namespace

double SprtSettings::lower_bound() const { return std::log(beta / (1 - alpha)); }
double SprtSettings::upper_bound() const { return std::log((1 - beta) / alpha); }

std::string SprtSettings::text() const {
  return "elo0=" + number_text(elo0) + " elo1=" + number_text(elo1) + " alpha=" + number_text(alpha) +
         " beta=" + number_text(beta);
}

Result<SprtSettings> parse_sprt(const std::vector<std::string>& words) {
  SprtSettings settings;
  std::set<std::string> seen;
  for (const std::string& word : words) {
    const std::size_t equals = word.find('=');
    const std::string name = word.substr(0, equals);
    double* field = name == "elo0" ? &settings.elo0 : name == "elo1" ? &settings.elo1
                  : name == "alpha" ? &settings.alpha : name == "beta" ? &settings.beta : nullptr;
    if (!field || equals == std::string::npos)
      return Failure{quote_for_message(word) + " is not one of elo0=, elo1=, alpha=, beta= with a value"};
    if (!seen.insert(name).second) return Failure{name + " is given twice"};
    const std::string value = word.substr(equals + 1);
    auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), *field);
    if (value.empty() || error != std::errc() || end != value.data() + value.size() || !std::isfinite(*field))
      return Failure{name + " = " + quote_for_message(value) + " is not a number"};
  }
  if (settings.elo0 >= settings.elo1)
    return Failure{"elo0 (" + number_text(settings.elo0) + ") must be below elo1 (" + number_text(settings.elo1) + ")"};
  if (std::abs(settings.elo0) > 1000 || std::abs(settings.elo1) > 1000)
    return Failure{"elo0 and elo1 must lie within -1000..1000"};
  for (const auto& [name, value] : {std::pair{"alpha", settings.alpha}, std::pair{"beta", settings.beta}})
    if (!(value > 0 && value < 0.5)) return Failure{std::string(name) + " must lie between 0 and 0.5, e.g. 0.05"};
  return settings;
}

std::string SprtState::text(const SprtSettings& settings) const {
  char buffer[96];
  std::snprintf(buffer, sizeof buffer, "LLR %.2f [%.2f, %.2f]: ", llr, settings.lower_bound(), settings.upper_bound());
  return buffer + std::string(verdict == SprtVerdict::AcceptH1   ? "H1 accepted"
                              : verdict == SprtVerdict::AcceptH0 ? "H0 accepted"
                                                                 : "continue");
}

namespace {

// The distribution nearest the observed one (p, over pair scores 0..1 in
// quarters) among those with mean `score`, by likelihood: q_k = p_k / (1 +
// theta (a_k - score)), with theta the root of sum p_k (a_k - score) / (1 +
// theta (a_k - score)) = 0, which falls as theta grows; every q_k stays
// positive for theta within (-1 / (1 - score), 1 / score).
std::array<double, 5> most_likely_with_mean(const std::array<double, 5>& p, double score) {
  const auto slope = [&](double theta) {
    double sum = 0;
    for (std::size_t k = 0; k < 5; ++k) sum += p[k] * (k / 4.0 - score) / (1 + theta * (k / 4.0 - score));
    return sum;
  };
  double low = -1 / (1 - score), high = 1 / score;
  for (int step = 0; step < 200; ++step) {
    const double middle = (low + high) / 2;
    (slope(middle) > 0 ? low : high) = middle;
  }
  const double theta = (low + high) / 2;
  std::array<double, 5> q;
  for (std::size_t k = 0; k < 5; ++k) q[k] = p[k] / (1 + theta * (k / 4.0 - score));
  return q;
}

}  // namespace

SprtState sprt_state(const Pentanomial& pairs, const SprtSettings& settings) {
  if (pairs.pairs() == 0) return {};
  constexpr double Regularisation = 1e-3;
  std::array<double, 5> counts, p;
  double n = 0;
  for (std::size_t k = 0; k < 5; ++k) n += counts[k] = pairs.counts[k] + Regularisation;
  for (std::size_t k = 0; k < 5; ++k) p[k] = counts[k] / n;
  const std::array<double, 5> q0 = most_likely_with_mean(p, expected_score(settings.elo0));
  const std::array<double, 5> q1 = most_likely_with_mean(p, expected_score(settings.elo1));
  SprtState state;
  for (std::size_t k = 0; k < 5; ++k) state.llr += counts[k] * std::log(q1[k] / q0[k]);
  if (state.llr >= settings.upper_bound()) state.verdict = SprtVerdict::AcceptH1;
  else if (state.llr <= settings.lower_bound()) state.verdict = SprtVerdict::AcceptH0;
  return state;
}

}  // namespace gambit::match
