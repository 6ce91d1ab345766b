// SPDX-License-Identifier: MIT
// Random play for tests, the one generator of test positions: walks of
// uniformly random legal moves from given starts, the same for the same seed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/chess/position.h"

namespace gambit::test_support {

struct RandomWalks {
  std::vector<std::string> start_fens = {};  // the starts, each used `walks` times; empty: the standard start
  int walks = 1;
  int min_plies = 0;  // each walk's length is drawn from [min_plies, max_plies]; it ends early with the game
  int max_plies = 20;
  bool every_position = false;  // every position met (the start included), not just where each walk ends
  bool playable_only = false;   // only positions with a legal move and under fifty moves (a walk is redrawn)
};

std::vector<chess::Position> random_walks(const RandomWalks& spec, std::uint64_t seed);

}  // namespace gambit::test_support
