// SPDX-License-Identifier: MIT
// What Gambit's own plugins (random, minimax, alphabeta) declare alike: the
// variants they play and their "seed" option.
#pragma once

#include <cstdint>

#include "gambit/player_sdk.h"

namespace gambit::ai {

// The variants every shipped plugin plays (variant ids, core/chess/variant.h).
inline constexpr const char* ShippedVariants[] = {"standard", "threecheck", "chess960", "kingofthehill",
                                                     "racingkings"};

// The "seed" option: 0 draws a seed from the clock; the same seed replays the
// same game. gambit-match gives each game a seed of its own through it
// (match::options_for_game), so a whole match replays. help says what the
// seed decides, in words to translate (N_).
constexpr gambit_option_spec seed_option(const char* help) {
  return {.name = "seed", .help = help, .type = GAMBIT_OPTION_INT, .min = 0, .max = INT64_MAX, .default_value = "0",
          .choices = nullptr, .choice_count = 0};
}

}  // namespace gambit::ai
