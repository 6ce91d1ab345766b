// SPDX-License-Identifier: MIT
// Choosing the next puzzle: near the player's puzzle rating, as lichess serves
// its puzzles, among those of the themes asked for, not one already tried
// while fresh ones remain.
//
// The rule:
//  - A puzzle fits when it has ANY of the themes asked for (asking for "fork"
//    and "pin" is asking for either kind; a puzzle rarely has both); no theme
//    asked for: every puzzle fits.
//  - Among the fitting puzzles not yet attempted, those within a window of
//    ChoiceWindow rating points either side of the player's rating are the
//    candidates. When none is that near, the window widens by ChoiceWindow
//    at a time until one is; one candidate is taken at random.
//  - When every fitting puzzle has been attempted, they are all offered again,
//    chosen by the same rule (near the rating, at random): the attempts keep no
//    order worth following, and a repeat near the rating is what serves.
//
// Deterministic: the same puzzles, request and generator state give the same
// puzzle (the caller seeds the std::mt19937).
#pragma once

#include <random>
#include <set>
#include <span>
#include <string>

#include "core/learn/puzzle.h"

namespace gambit::learn {

// Half the width of the first window around the player's rating, and the step it widens by.
inline constexpr double ChoiceWindow = 100;

struct PuzzleRequest {
  double rating = 1500;          // the player's puzzle rating
  std::set<std::string> themes;  // a puzzle fits with any of them; empty: every puzzle fits
};

// Whether a puzzle has any of the themes (true when none is asked for).
bool fits_themes(const Puzzle& puzzle, const std::set<std::string>& themes);

// The puzzle to offer next, or nullptr when no puzzle fits the themes.
// attempted: the ids of the puzzles the player has tried (store::Puzzles::attempted_puzzles).
const Puzzle* choose_puzzle(std::span<const Puzzle> puzzles, const PuzzleRequest& request,
                            const std::set<std::string>& attempted, std::mt19937& random);

}  // namespace gambit::learn
