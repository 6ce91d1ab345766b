// SPDX-License-Identifier: MIT
// RatingPool: which of a person's ratings a game moves, as lichess keeps them:
// one per variant and per speed. The speed is the game's estimated duration
// (base + 40 x increment, in seconds: lichess's formula and thresholds), with
// untimed games a pool of their own: without a clock a player may think as
// long as they like, which is not classical chess played against a clock (on
// lichess, games without a clock are never rated for that reason; here they
// are, apart).
//
// Invariant: key() and from_key() are inverse for every pool; the key is what
// the store keeps ("standard/blitz"), so it never changes once written.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gambit::rating {

enum class Speed { Bullet, Blitz, Rapid, Classical, Untimed };

// The speed of a clock of `initial_seconds` plus `increment_seconds` a move;
// no clock at all (both 0) is Untimed.
Speed speed_of(double initial_seconds, double increment_seconds);
// "bullet", "blitz", ... (the key's second part); speed_name for people: "Bullet", "Blitz".
std::string_view speed_key(Speed speed);
std::string_view speed_name(Speed speed);
// What a speed spans, in words: "3 to 8 minutes a game".
std::string_view speed_span(Speed speed);

struct RatingPool {
  std::string variant = "standard";  // the variant's id (chess::VariantNames::id)
  Speed speed = Speed::Untimed;

  // "standard/blitz": what the store keeps.
  std::string key() const;
  static std::optional<RatingPool> from_key(std::string_view key);
  bool operator==(const RatingPool&) const = default;
};

// The pool of a game in `variant` (its id) with a time control as the store
// and PGN write it: "300+2" (seconds), "-" or "" (none). Anything else, such
// as a fixed time a move ("0.1 s/move", AI games only), is Untimed.
RatingPool pool_of(std::string_view variant, std::string_view time_control);

}  // namespace gambit::rating
