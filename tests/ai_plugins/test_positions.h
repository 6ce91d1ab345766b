// SPDX-License-Identifier: MIT
// Positions the AI tests share: random positions from seeded random games, the
// colour-mirrored twin of a position, and the tactics suite (tests/data/tactics.epd).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/chess/position.h"

namespace gambit::testing {

// `count` positions with at least one legal move, from random games (the same
// seed gives the same positions), spread over openings, middlegames and endings.
std::vector<chess::Position> random_positions(int count, std::uint64_t seed);

// The position with the board flipped top to bottom and the colours swapped,
// so White's view of one is Black's view of the other.
chess::Position mirrored(const chess::Position& pos);

// One line of tactics.epd: "FEN ;bm_uci MOVE ;best cp|mate V ;second cp|mate V".
struct TacticsEntry {
  int line = 0;
  std::string fen;
  std::string best_move;
  bool best_is_mate = false;
  int best_value = 0;  // centipawns, or the mate distance in moves
  bool second_is_mate = false;
  int second_value = 0;
};

// Every well-formed line of the suite; a malformed line fails the calling test.
std::vector<TacticsEntry> read_tactics();

}  // namespace gambit::testing
