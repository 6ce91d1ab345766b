// SPDX-License-Identifier: MIT
#include "core/rating/rating_pool.h"

#include <charconv>

namespace gambit::rating {

namespace {

struct SpeedWords {
  Speed speed;
  std::string_view key, name, span;
};
constexpr SpeedWords Words[] = {
    {Speed::Bullet, "bullet", "Bullet", "under 3 minutes a game"},
    {Speed::Blitz, "blitz", "Blitz", "3 to 8 minutes a game"},
    {Speed::Rapid, "rapid", "Rapid", "8 to 25 minutes a game"},
    {Speed::Classical, "classical", "Classical", "25 minutes a game or more"},
    {Speed::Untimed, "untimed", "Untimed", "no clock"},
};

const SpeedWords& words_of(Speed speed) {
  for (const SpeedWords& w : Words)
    if (w.speed == speed) return w;
  return Words[std::size(Words) - 1];
}

// A non-negative decimal number of seconds ("300", "0.5"); nullopt for anything else.
std::optional<double> seconds_of(std::string_view text) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
  return value;
}

}  // namespace

Speed speed_of(double initial_seconds, double increment_seconds) {
  if (initial_seconds <= 0 && increment_seconds <= 0) return Speed::Untimed;
  const double estimated = initial_seconds + 40 * increment_seconds;
  if (estimated < 180) return Speed::Bullet;
  if (estimated < 480) return Speed::Blitz;
  if (estimated < 1500) return Speed::Rapid;
  return Speed::Classical;
}

std::string_view speed_key(Speed speed) { return words_of(speed).key; }
std::string_view speed_name(Speed speed) { return words_of(speed).name; }
std::string_view speed_span(Speed speed) { return words_of(speed).span; }

std::string RatingPool::key() const { return variant + "/" + std::string(speed_key(speed)); }

std::optional<RatingPool> RatingPool::from_key(std::string_view key) {
  const std::size_t slash = key.find('/');
  if (slash == std::string_view::npos || slash == 0) return std::nullopt;
  for (const SpeedWords& w : Words)
    if (key.substr(slash + 1) == w.key) return RatingPool{std::string(key.substr(0, slash)), w.speed};
  return std::nullopt;
}

RatingPool pool_of(std::string_view variant, std::string_view time_control) {
  RatingPool pool{std::string(variant), Speed::Untimed};
  const std::size_t plus = time_control.find('+');
  if (plus == std::string_view::npos) return pool;
  const auto initial = seconds_of(time_control.substr(0, plus));
  const auto increment = seconds_of(time_control.substr(plus + 1));
  if (initial && increment) pool.speed = speed_of(*initial, *increment);
  return pool;
}

}  // namespace gambit::rating
