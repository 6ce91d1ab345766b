// SPDX-License-Identifier: MIT
// RatedDecision: whether a game in the window counts for the player's rating,
// decided once, before the game begins, and said in words on the New Game
// screen, during the game and in the end box; the recorder gives the store the
// same decision, so what the player was told is what is kept (after any
// restart or re-placement). As on lichess a rated game offers no help: a hint
// or a take-back makes it unrated from then on (Recorder::make_unrated).
#pragma once

#include <array>
#include <string>

#include "core/chess/position.h"
#include "core/config/settings.h"
#include "core/match/game_runner.h"
#include "core/players/seat.h"
#include "core/rating/glicko2.h"
#include "core/rating/rating_pool.h"

namespace gambit::recording {

struct RatedDecision {
  bool rated = false;
  // When not rated: the reason, a sentence ("no person plays in it."), in
  // English as the store keeps it (with a kept game); a fixed one is marked
  // for the catalogue (N_), so that words() can show it translated.
  std::string why_not;
  // The reason in the player's language when it names something (an AI's
  // label), made with why_not; empty: words() translates why_not.
  std::string why_not_shown = {};

  // "Rated" or "Not rated: <reason>" (the reason without its full stop); "Not
  // rated" with no reason. In the player's language (tr), for the window.
  std::string words() const;
};

// A game between these seats from `start`: rated when one side is a person and
// the other an AI playing exactly a measured level, from the variant's start,
// with a store to keep it. has_store: the scores file can be used.
RatedDecision decide_rated(const std::array<players::Seat, chess::COLOR_NB>& seats, const chess::Position& start,
                           bool has_store);

// The window's clock settings as a game's time control (none: no clock).
match::TimeControl time_control_of(const config::ClockSettings& clock);
// The pool of a game in `variant` with the window's clock (none: Untimed).
rating::RatingPool pool_of_clock(chess::Variant variant, const config::ClockSettings& clock);

// A pool as players name it: "Blitz" (standard chess), "Three-check rapid";
// in the player's language (tr), for the window.
std::string pool_text(const rating::RatingPool& pool);
// What a rating's "1500?" or "1724 ± 86" means, in the player's language: the
// 95% margin, and while provisional, what takes the question mark away.
std::string rating_margin_words(const rating::Glicko2& rating);

}  // namespace gambit::recording
