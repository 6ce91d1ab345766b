// SPDX-License-Identifier: MIT
#include "core/recording/rated_game.h"

#include <cctype>

#include "core/chess/variant.h"
#include "core/match/game_record.h"
#include "core/players/level_ratings.h"

namespace gambit::recording {

std::string RatedDecision::words() const {
  if (rated) return "Rated";
  std::string reason = why_not;
  if (!reason.empty() && reason.back() == '.') reason.pop_back();
  return reason.empty() ? "Not rated" : "Not rated: " + reason;
}

RatedDecision decide_rated(const std::array<players::Seat, chess::COLOR_NB>& seats, const chess::Position& start,
                           bool has_store) {
  const players::Seat &white = seats[chess::WHITE], &black = seats[chess::BLACK];
  auto no = [](std::string why) { return RatedDecision{false, std::move(why)}; };
  if (white.human() && black.human()) return no("two people at one board play for fun.");
  if (!white.human() && !black.human()) return no("no person plays in it.");
  if (!has_store) return no("the scores file cannot be used.");
  if (!start.is_start()) return no("the game begins from a set-up position.");
  const players::Seat& ai = white.human() ? black : white;
  if (ai.plugin->rating_of(ai.level, ai.options)) return RatedDecision{true, ""};
  if (players::find_rating(ai.plugin->ratings(), ai.level))
    return no(ai.label + " plays with options of its own (Settings), not as measured.");
  return no(ai.label + " has no measured rating.");
}

match::TimeControl time_control_of(const config::ClockSettings& clock) {
  match::TimeControl time_control;
  if (clock.enabled()) {
    time_control.initial_ms = std::int64_t(clock.minutes) * 60000;
    time_control.increment_ms = std::int64_t(clock.increment_seconds) * 1000;
  }
  return time_control;
}

rating::RatingPool pool_of_clock(chess::Variant variant, const config::ClockSettings& clock) {
  return match::pool_of_game(variant, time_control_of(clock));
}

std::string pool_text(const rating::RatingPool& pool) {
  std::string speed(rating::speed_name(pool.speed));
  const auto variant = chess::variant_from_name(pool.variant);
  if (variant && *variant == chess::Variant::Standard) return speed;
  std::string name = variant ? std::string(chess::names_of(*variant).for_people) : pool.variant;
  speed[0] = char(std::tolower(static_cast<unsigned char>(speed[0])));
  name[0] = char(std::toupper(static_cast<unsigned char>(name[0])));
  return name + " " + speed;
}

}  // namespace gambit::recording
