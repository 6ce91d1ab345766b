// SPDX-License-Identifier: MIT
// What an analysing player said of one position of a reviewed game.
#pragma once

#include <vector>

#include "core/chess/types.h"
#include "core/review/move_judgement.h"

namespace gambit::review {

// The position's score (White's view), the best move and the line expected
// from it. A position without legal moves is scored by the rules (mated: the
// ceiling against the side to move; stalemate: 0) and has no best move.
// Invariant: line is empty or starts with best, and is legal from the position.
struct PositionVerdict {
  Score score;
  bool by_the_rules = false;  // checkmate, stalemate or a third check: not searched
  chess::Move best = chess::Move::none();
  std::vector<chess::Move> line;
};

}  // namespace gambit::review
