// SPDX-License-Identifier: MIT
// The minimax engine: plain negamax to a fixed depth over every legal move, no
// pruning, no move ordering, no transposition table: the honest baseline.
// Leaves score checkmate and stalemate exactly and everything else with the
// shared evaluation; mate scores carry the distance to mate. Ties go to the
// move generated first, so a search without time limit is deterministic.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "ai_plugins/common/score.h"
#include "core/chess/position.h"

namespace gambit::minimax {

inline constexpr int MAX_DEPTH = 8;  // the deepest search the engine accepts

struct NegamaxResult {
  chess::Move best;                  // Move::none() only when there is no legal move
  ai::Value score = ai::VALUE_NONE;  // side to move's view; VALUE_NONE if stopped before any root move
  std::uint64_t nodes = 0;           // positions visited, leaves included
  std::vector<chess::Move> pv;
  bool complete = false;  // false when stopped early: then best is the best root move searched so far
};

class Negamax {
 public:
  using StopCheck = std::function<bool()>;  // true once the search must return; polled every 4096 nodes

  // Searches pos exactly `depth` plies deep (1..MAX_DEPTH).
  NegamaxResult search(const chess::Position& pos, int depth, const StopCheck& stop_requested);

 private:
  ai::Value negamax(const chess::Position& pos, int depth, int ply);

  const StopCheck* stop_requested_ = nullptr;
  bool stopped_ = false;
  std::uint64_t nodes_ = 0;
  chess::Move pv_[MAX_DEPTH + 1][MAX_DEPTH + 1];  // triangular: pv_[ply] is the line from ply on
  int pv_length_[MAX_DEPTH + 1] = {};
};

}  // namespace gambit::minimax
