// SPDX-License-Identifier: MIT
#include "core/recording/rated_game.h"

#include <cctype>
#include <cmath>

#include "core/chess/variant.h"
#include "core/match/game_record.h"
#include "core/players/level_ratings.h"
#include "core/util/translation.h"

namespace gambit::recording {

std::string RatedDecision::words() const {
  // TRANSLATORS: said of a game: it counts for the player's rating.
  if (rated) return tr("Rated");
  std::string reason = !why_not_shown.empty() ? why_not_shown : why_not.empty() ? std::string() : tr(why_not.c_str());
  if (!reason.empty() && reason.back() == '.') reason.pop_back();
  // TRANSLATORS: said of a game: it does not count for the player's rating.
  if (reason.empty()) return tr("Not rated");
  // TRANSLATORS: said of a game; {reason} says why, e.g. "no person plays in it" (its full stop taken off).
  return fill(tr("Not rated: {reason}"), {{"reason", reason}});
}

RatedDecision decide_rated(const std::array<players::Seat, chess::COLOR_NB>& seats, const chess::Position& start,
                           bool has_store) {
  const players::Seat &white = seats[chess::WHITE], &black = seats[chess::BLACK];
  auto no = [](std::string why) { return RatedDecision{false, std::move(why)}; };
  // TRANSLATORS: why a game is not rated (said after "Not rated: ", without the full stop).
  if (white.human() && black.human()) return no(N_("two people at one board play for fun."));
  // TRANSLATORS: why a game is not rated: both sides are AI players.
  if (!white.human() && !black.human()) return no(N_("no person plays in it."));
  // TRANSLATORS: why a game is not rated: the file of scores (the database) cannot be used.
  if (!has_store) return no(N_("the scores file cannot be used."));
  // TRANSLATORS: why a game is not rated.
  if (!start.is_start()) return no(N_("the game begins from a set-up position."));
  // The levels were measured in standard chess; three-check takes those ratings as an estimate (docs/window.md),
  // the other variants are not rated until a level is measured in them.
  if (start.variant() != chess::Variant::Standard && start.variant() != chess::Variant::ThreeCheck)
    // TRANSLATORS: why a game is not rated: its variant (Chess960, ...) has no level measured in it.
    return no(N_("the levels were measured in standard chess, not in this variant."));
  const players::Seat& ai = white.human() ? black : white;
  if (ai.plugin->rating_of(ai.level, ai.options)) return RatedDecision{true, ""};
  // Said with the AI's label in it: in English (why_not, as the store keeps it) and as shown.
  const auto named = [&](const char* english, const char* shown) {
    return RatedDecision{false, fill(english, {{"player", ai.label}}), fill(shown, {{"player", ai.label}})};
  };
  if (players::find_rating(ai.plugin->ratings(), ai.level))
    return named("{player} plays with options of its own (Settings), not as measured.",
                 // TRANSLATORS: why a game is not rated; {player} is an AI player's name, e.g. "Stockfish level 3".
                 tr("{player} plays with options of its own (Settings), not as measured."));
  return named("{player} has no measured rating.",
               // TRANSLATORS: why a game is not rated; {player} is an AI player's name, e.g. "Stockfish level 3".
               tr("{player} has no measured rating."));
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

std::string rating_margin_words(const rating::Glicko2& rating) {
  const std::string shown = std::to_string(std::lround(rating.rating));
  const std::string margin = std::to_string(std::lround(rating::margin95(rating.deviation)));
  if (rating::provisional(rating))
    // TRANSLATORS: why a rating shows as "1500?": {rating} ± {margin} is the 95% interval; {limit} the margin
    // (216) under which the rating is no longer provisional (lichess's rule).
    // xgettext:no-c-format
    return fill(tr("Provisional (the ?): 95% sure the strength is within {rating} \xC2\xB1 {margin}. The ? goes "
                   "once the margin is under \xC2\xB1 {limit}, after more rated games."),
                {{"rating", shown},
                 {"margin", margin},
                 {"limit", std::to_string(std::lround(rating::margin95(rating::ProvisionalDeviation)))}});
  // TRANSLATORS: what "1724 ± 86" means: 95% sure the strength is in that interval.
  // xgettext:no-c-format
  return fill(tr("95% sure the strength is within {rating} \xC2\xB1 {margin}."), {{"rating", shown}, {"margin", margin}});
}

std::string pool_text(const rating::RatingPool& pool) {
  std::string speed(rating::speed_name(pool.speed));
  const auto variant = chess::variant_from_name(pool.variant);
  if (variant && *variant == chess::Variant::Standard) {
    switch (pool.speed) {
      // TRANSLATORS: a rating pool: standard chess games at one speed (the clock's time for a game), as lichess names
      // them: bullet, blitz, rapid, classical, and games without a clock.
      case rating::Speed::Bullet: return tr("Bullet");
      case rating::Speed::Blitz: return tr("Blitz");
      case rating::Speed::Rapid: return tr("Rapid");
      case rating::Speed::Classical: return tr("Classical");
      case rating::Speed::Untimed: return tr("Untimed");
    }
    return speed;
  }
  if (variant && *variant == chess::Variant::ThreeCheck) {
    switch (pool.speed) {
      // TRANSLATORS: a rating pool: three-check games at one speed (the clock's time for a game).
      case rating::Speed::Bullet: return tr("Three-check bullet");
      case rating::Speed::Blitz: return tr("Three-check blitz");
      case rating::Speed::Rapid: return tr("Three-check rapid");
      case rating::Speed::Classical: return tr("Three-check classical");
      case rating::Speed::Untimed: return tr("Three-check untimed");
    }
  }
  // A variant this list does not know: its name and speed as they are (English).
  std::string name = variant ? std::string(chess::names_of(*variant).for_people) : pool.variant;
  speed[0] = char(std::tolower(static_cast<unsigned char>(speed[0])));
  name[0] = char(std::toupper(static_cast<unsigned char>(name[0])));
  return name + " " + speed;
}

}  // namespace gambit::recording
