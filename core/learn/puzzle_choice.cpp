// SPDX-License-Identifier: MIT
#include "core/learn/puzzle_choice.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace gambit::learn {

bool fits_themes(const Puzzle& puzzle, const std::set<std::string>& themes) {
  if (themes.empty()) return true;
  return std::any_of(puzzle.themes.begin(), puzzle.themes.end(),
                     [&](const std::string& theme) { return themes.contains(theme); });
}

const Puzzle* choose_puzzle(std::span<const Puzzle> puzzles, const PuzzleRequest& request,
                            const std::set<std::string>& attempted, std::mt19937& random) {
  std::vector<const Puzzle*> fresh, fitting;
  for (const Puzzle& puzzle : puzzles) {
    if (!fits_themes(puzzle, request.themes)) continue;
    fitting.push_back(&puzzle);
    if (!attempted.contains(puzzle.id)) fresh.push_back(&puzzle);
  }
  const std::vector<const Puzzle*>& pool = fresh.empty() ? fitting : fresh;
  if (pool.empty()) return nullptr;
  // The narrowest window (a whole number of steps) holding at least one puzzle.
  double nearest = std::numeric_limits<double>::infinity();
  for (const Puzzle* puzzle : pool) nearest = std::min(nearest, std::abs(puzzle->rating - request.rating));
  const double window = std::max(1.0, std::ceil(nearest / ChoiceWindow)) * ChoiceWindow;
  std::vector<const Puzzle*> candidates;
  for (const Puzzle* puzzle : pool)
    if (std::abs(puzzle->rating - request.rating) <= window) candidates.push_back(puzzle);
  std::uniform_int_distribution<std::size_t> pick(0, candidates.size() - 1);
  return candidates[pick(random)];
}

}  // namespace gambit::learn
