// SPDX-License-Identifier: MIT
#include "core/learn/puzzle_rater.h"

#include <string>
#include <utility>

#include "core/learn/puzzle_maker.h"

namespace gambit::learn {

Result<PuzzleRater> PuzzleRater::create(const std::shared_ptr<const players::PluginLibrary>& library, int tries) {
  if (library->ratings().empty()) return Failure{"the levels are not measured: " + library->ratings_problem()};
  PuzzleRater rater;
  for (const gambit_level& level : library->levels()) {
    const players::LevelRating* measured = players::find_rating(library->ratings(), level.name);
    if (!measured) continue;
    for (int t = 1; t <= tries; ++t) {
      // The level's presets, and its seed.
      std::vector<std::pair<std::string, std::string>> options;
      for (std::uint32_t k = 0; k < level.setting_count; ++k)
        options.emplace_back(level.settings[k].name, level.settings[k].value);
      options.emplace_back("seed", std::to_string(t));
      auto player = players::PluginPlayer::create(library, options);
      if (!player) return Failure{player.error()};
      rater.solvers_.push_back({std::move(player).value(), *measured});
    }
  }
  if (rater.solvers_.empty()) return Failure{"no level of the plugin is measured"};
  return rater;
}

Result<PuzzleRater::Rated> PuzzleRater::rate(const Puzzle& puzzle) {
  players::Limits clock;
  clock.time_ms = {10000, 10000};
  clock.increment_ms = {100, 100};
  std::vector<Attempt> attempts;
  Rated rated;
  for (Solver& solver : solvers_) {
    auto result = solves(*solver.player, puzzle, clock);
    if (!result) return Failure{"puzzle " + puzzle.id + ": " + result.error()};
    attempts.push_back({solver.measured.elo, solver.measured.deviation(), *result});
    rated.solved += *result ? 1 : 0;
  }
  rated.rating = rating_from_attempts(attempts);
  rated.attempts = attempts.size();
  return rated;
}

}  // namespace gambit::learn
