// SPDX-License-Identifier: MIT
#include "ai_plugins/minimax/negamax.h"

#include <algorithm>

#include "ai_plugins/common/evaluate.h"
#include "core/chess/movegen.h"

namespace gambit::minimax {

using namespace chess;
using ai::Value;

Value Negamax::negamax(const Position& pos, int depth, int ply) {
  if ((++nodes_ & 4095) == 0 && (*stop_requested_)()) stopped_ = true;
  pv_length_[ply] = ply;
  if (const Value ended = ai::goal_score(pos, ply); ended != ai::VALUE_NONE) return ended;
  if (depth == 0) {
    if (count_legal(pos) == 0) return pos.in_check() ? ai::mated_in(ply) : ai::VALUE_DRAW;
    return ai::evaluate_hand_set(pos);
  }

  MoveList moves;
  generate_legal<GenType::All>(pos, moves);
  if (moves.empty()) return pos.in_check() ? ai::mated_in(ply) : ai::VALUE_DRAW;

  Value best = -ai::VALUE_INFINITE;
  for (Move m : moves) {
    Position child = pos;
    child.do_move(m);
    const Value v = -negamax(child, depth - 1, ply + 1);
    if (stopped_) return ai::VALUE_ZERO;
    if (v > best) {
      best = v;
      pv_[ply][ply] = m;
      for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
      pv_length_[ply] = pv_length_[ply + 1];
    }
  }
  return best;
}

NegamaxResult Negamax::search(const Position& pos, int depth, const StopCheck& stop_requested) {
  depth = std::clamp(depth, 1, MAX_DEPTH);
  stop_requested_ = &stop_requested;
  stopped_ = false;
  nodes_ = 1;

  NegamaxResult result;
  MoveList moves;
  generate_legal<GenType::All>(pos, moves);
  if (moves.empty()) {
    result.score = pos.in_check() ? ai::mated_in(0) : ai::VALUE_DRAW;
    result.complete = true;
    return result;
  }
  result.best = moves[0];
  result.pv = {moves[0]};

  Value best = -ai::VALUE_INFINITE;
  for (Move m : moves) {
    Position child = pos;
    child.do_move(m);
    const Value v = -negamax(child, depth - 1, 1);
    if (stopped_) break;
    if (v > best) {
      best = v;
      result.best = m;
      result.score = v;
      result.pv.assign(1, m);
      for (int i = 1; i < pv_length_[1]; ++i) result.pv.push_back(pv_[1][i]);
    }
  }
  result.complete = !stopped_;
  result.nodes = nodes_;
  return result;
}

}  // namespace gambit::minimax
