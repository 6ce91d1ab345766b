// SPDX-License-Identifier: MIT
#include "tests/support/random_walks.h"

#include <gtest/gtest.h>

#include <random>

#include "core/chess/movegen.h"

namespace gambit::test_support {

namespace {

bool playable(const chess::Position& pos) { return pos.halfmove_clock() < 100 && chess::count_legal(pos) > 0; }

}  // namespace

std::vector<chess::Position> random_walks(const RandomWalks& spec, std::uint64_t seed) {
  std::vector<chess::Position> starts;
  for (const std::string& fen : spec.start_fens) {
    Result<chess::Position> pos = chess::Position::from_fen(fen);
    EXPECT_TRUE(pos) << fen << ": " << (pos ? "" : pos.error());
    if (pos) starts.push_back(*pos);
  }
  if (spec.start_fens.empty()) starts.push_back(chess::Position());

  std::mt19937_64 rng(seed);
  std::vector<chess::Position> out;
  for (const chess::Position& start : starts)
    for (int walk = 0; walk < spec.walks; ++walk) {
      std::vector<chess::Position> met;
      do {
        met = {start};
        const int plies = std::uniform_int_distribution<int>(spec.min_plies, spec.max_plies)(rng);
        for (int ply = 0; ply < plies; ++ply) {
          const chess::MoveList moves = chess::legal_moves(met.back());
          if (moves.empty()) break;
          met.push_back(met.back());
          met.back().do_move(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
        }
      } while (spec.playable_only && !playable(met.back()) && playable(start));
      if (!spec.every_position) {
        out.push_back(met.back());
        continue;
      }
      for (const chess::Position& pos : met)
        if (!spec.playable_only || playable(pos)) out.push_back(pos);
    }
  return out;
}

}  // namespace gambit::test_support
