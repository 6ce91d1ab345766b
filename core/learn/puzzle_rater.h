// SPDX-License-Identifier: MIT
// PuzzleRater: a puzzle's first rating, from which of a player plugin's
// measured levels (alphabeta's, calibrated against Stockfish) solve it. Each
// level tries it `tries` times (seeds 1..tries) at the clock the levels were
// measured at (10+0.1); rating_from_attempts turns the attempts into a
// Glicko-2 rating and deviation. gambit-make-puzzles --rate uses it.
//
// Threads: one thread at a time; the players are the rater's own.
#pragma once

#include <memory>
#include <vector>

#include "core/learn/puzzle.h"
#include "core/players/level_ratings.h"
#include "core/players/plugin_library.h"
#include "core/players/plugin_player.h"
#include "core/rating/glicko2.h"
#include "core/util/result.h"

namespace gambit::learn {

class PuzzleRater {
 public:
  // Players for every measured level of `library`, `tries` each. Fails when
  // the plugin has no measured level or a player cannot be made.
  static Result<PuzzleRater> create(const std::shared_ptr<const players::PluginLibrary>& library, int tries);

  struct Rated {
    rating::Glicko2 rating;
    int solved = 0;             // attempts that solved it
    std::size_t attempts = 0;   // levels x tries
  };
  // Every level's attempts at `puzzle`. Fails when a player does.
  Result<Rated> rate(const Puzzle& puzzle);

 private:
  struct Solver {
    std::unique_ptr<players::PluginPlayer> player;
    players::LevelRating measured;
  };
  std::vector<Solver> solvers_;
};

}  // namespace gambit::learn
