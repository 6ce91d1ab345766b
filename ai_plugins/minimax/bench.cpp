// SPDX-License-Identifier: MIT
// gambit-minimax-bench: one plain negamax search, timed as a whole process.
//   gambit-minimax-bench [--depth N] [--fen FEN]     (default: depth 5, the start position)
// Prints the best move, its score, the nodes visited and the search time.
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>

#include "ai_plugins/minimax/negamax.h"
#include "core/chess/uci.h"

int main(int argc, char** argv) {
  using namespace gambit;
  int depth = 5;
  std::string fen(chess::START_FEN);
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--depth" && i + 1 < argc) {
      depth = std::atoi(argv[++i]);
    } else if (arg == "--fen" && i + 1 < argc) {
      fen = argv[++i];
    } else {
      std::cerr << "usage: gambit-minimax-bench [--depth N] [--fen FEN]\n";
      return 2;
    }
  }
  if (depth < 1 || depth > minimax::MAX_DEPTH) {
    std::cerr << "gambit-minimax-bench: depth must be 1.." << minimax::MAX_DEPTH << "\n";
    return 2;
  }
  Result<chess::Position> pos = chess::Position::from_fen(fen);
  if (!pos) {
    std::cerr << "gambit-minimax-bench: " << pos.error() << "\n";
    return 2;
  }
  minimax::Negamax searcher;
  const auto t0 = std::chrono::steady_clock::now();
  const minimax::NegamaxResult r = searcher.search(*pos, depth, [] { return false; });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout << "depth " << depth << " best " << chess::to_uci(r.best) << " score " << r.score << " nodes " << r.nodes
            << " time " << seconds << " s (" << std::uint64_t(double(r.nodes) / seconds) << " nodes/s)\n";
  return 0;
}
