// SPDX-License-Identifier: MIT
// A puzzle's themes, named as lichess names them, each from a pattern on the
// board along the solution (the review's tactics, core/review/tactics.h):
//   mate, mateIn1..mateIn5   the solution mates, in that many moves
//   backRankMate             the mated king on its first rank, its way forward
//                            shut by its own pieces
//   fork, pin, skewer        a solver move makes one that the solution cashes
//   hangingPiece             the first move of a win that is not mate takes,
//                            for nothing, a piece nothing defends
//   trappedPiece             after a solver move a piece of the opponent has
//                            no safe square, and the solution takes it
//   promotion                a solver move promotes
//   advantage, crushing      a win that is not mate: decisive, or overwhelming
//                            (winning chances of 0.8 and more)
//   oneMove, short, long, veryLong   one, two, three, four or more solver moves
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/chess/position.h"
#include "core/learn/puzzle_maker.h"

namespace gambit::learn {

// The themes of `solution` from `start` (the solver to move), in the order above.
std::vector<std::string> puzzle_themes(const chess::Position& start, const FoundSolution& solution);

// Every theme puzzle_themes names, in the order above (for choosing one).
std::span<const std::string_view> puzzle_theme_names();

// A theme as a player reads it: "Mate in 2", "Back-rank mate", "Hanging
// piece", in the player's language (tr); a theme this list does not know is
// given as it is.
std::string theme_title(std::string_view theme);

}  // namespace gambit::learn
