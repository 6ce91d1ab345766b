// SPDX-License-Identifier: MIT
// Who played, as the store knows them: a person by profile name, an AI by
// plugin id, version and options, with the rating calibration gave it
// (Placement). The games (game_records.h) and the ratings (ratings.h) name
// their players so; the players table keeps one row per identity.
#pragma once

#include <optional>
#include <string>

#include "core/rating/glicko2.h"

namespace gambit::store {

// A person's rating starts here (Glicko-2's start: 1500, deviation 350).
inline constexpr double InitialRating = rating::Glicko2{}.rating;

// An AI's rating measured by calibration: fixed, with the measurement's
// standard error (Elo; the 95% margin is 1.96 times it).
struct Placement {
  double rating = 0;
  double deviation = 0;
  bool operator==(const Placement&) const = default;
};

// Who played a side. A human is known by profile name; an AI by plugin id,
// version and options (the level's presets applied), so "alphabeta (hard)"
// and "alphabeta (easy)" are different opponents.
struct PlayerIdentity {
  bool human = true;
  std::string name;     // profile name, or plugin id
  std::string version;  // plugin version ("" for a human)
  std::string options;  // the plugin's options as match::options_text writes them ("" for a human)
  std::string label;    // shown: "Player", "alphabeta 1400"
  // An AI's calibrated rating; none: not placed (its games are kept, not rated).
  // Recording a game with a placement places the identity (or moves it, when
  // the calibration changed); one without leaves the stored placement alone.
  std::optional<Placement> placement;

  static PlayerIdentity person(const std::string& profile);
  static PlayerIdentity ai(const std::string& id, const std::string& version, const std::string& options,
                           const std::string& label, std::optional<Placement> placement = std::nullopt);
};

}  // namespace gambit::store
