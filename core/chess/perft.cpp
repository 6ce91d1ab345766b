// SPDX-License-Identifier: MIT
#include "core/chess/perft.h"

#include "core/chess/movegen.h"

namespace gambit::chess {

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (pos.over_by_goal()) return 0;
  if (depth == 1) return count_legal(pos);
  std::uint64_t nodes = 0;
  for (Move m : legal_moves(pos)) {
    Position child = pos;
    child.do_move(m);
    nodes += perft(child, depth - 1);
  }
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> result;
  if (depth <= 0 || pos.over_by_goal()) return result;
  for (Move m : legal_moves(pos)) {
    Position child = pos;
    child.do_move(m);
    result.emplace_back(m, perft(child, depth - 1));
  }
  return result;
}

}  // namespace gambit::chess
