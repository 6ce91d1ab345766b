// SPDX-License-Identifier: MIT
// Perft: the number of leaf nodes of the legal move tree to a given depth, the
// standard correctness and speed test of a move generator. Leaves are counted
// in bulk (count_legal at depth 1), so nodes are not made one by one. In
// three-check a position after the third check has no moves (the game is over),
// as Fairy-Stockfish counts it.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/chess/position.h"

namespace gambit::chess {

std::uint64_t perft(const Position& pos, int depth);

// Per legal root move, the perft of depth-1 below it (Stockfish's "go perft" divide).
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth);

}  // namespace gambit::chess
