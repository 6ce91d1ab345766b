// SPDX-License-Identifier: MIT
// A move as a player types it (the window's move box): SAN with the tolerance
// of parse_san plus lowercase piece letters where that cannot be a pawn move
// ("nf3", "o-o"), or UCI ("g1f3", "e7e8q"); and what a beginning of such text
// can still become, for completion. Messages speak of "here", not of a FEN.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/chess/position.h"
#include "core/util/result.h"

namespace gambit::chess {

// The legal move of pos that text names, or a sentence saying why there is
// none (not a move, not legal here, ambiguous: with the moves it could be).
Result<Move> parse_typed_move(const Position& pos, std::string_view text);

// The SAN of every legal move of pos that typing could still reach from
// prefix, sorted; capture, check and promotion signs may be left out ("Nf"
// gives Nf3 and Nxf7+), and UCI squares complete too ("g1" gives Nf3, Nh3).
// Empty for an empty prefix.
std::vector<std::string> typed_move_completions(const Position& pos, std::string_view prefix);

}  // namespace gambit::chess
