// SPDX-License-Identifier: MIT
// Cross-check of our move generator against Stockfish ("go perft 3" divide) on
// about 200 positions reached by random legal play. Stockfish runs once, reading
// every position from a command file. Debian's stockfish package is required:
// without it the test fails, it does not skip.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/chess/movegen.h"
#include "core/chess/perft.h"
#include "core/chess/position.h"
#include "core/chess/uci.h"
#include "tests/core/chess/test_positions.h"
#include "tests/support/random_walks.h"

namespace gambit::chess {
namespace {

using test_support::Divide;

constexpr const char* StockfishPath = "/usr/games/stockfish";
constexpr int Depth = 3;

TEST(StockfishCrossCheck, PerftDivideMatchesOnRandomPositions) {
  ASSERT_TRUE(std::filesystem::exists(StockfishPath))
      << StockfishPath << " not found: install the Debian 'stockfish' package (apt-get install stockfish)";

  const std::vector<std::string> start_fens = test_support::perft_suite_fens();
  ASSERT_FALSE(start_fens.empty()) << "could not read " GAMBIT_TEST_DATA_DIR "/perft.epd";
  std::vector<std::string> starts = start_fens;
  starts.emplace_back(START_FEN);
  // Positions after 10..80 random legal plies (fewer if the game ends); this seed reaches every kind of
  // special move at the root (checked below).
  const std::vector<Position> positions =
      gambit::test_support::random_walks({.start_fens = starts, .walks = 4, .min_plies = 10, .max_plies = 80}, 1);
  ASSERT_GE(positions.size(), 200u);

  std::vector<std::string> fens;
  std::vector<Divide> ours;
  int en_passant = 0, castling = 0, promotions = 0, in_check = 0;
  for (const Position& pos : positions) {
    fens.push_back(pos.fen());
    Divide divide;
    for (const auto& [move, count] : perft_divide(pos, Depth)) {
      divide.moves[to_uci(move)] = count;
      divide.nodes += count;
      en_passant += move.kind() == Move::EN_PASSANT;
      castling += move.kind() == Move::CASTLING;
      promotions += move.kind() == Move::PROMOTION;
    }
    EXPECT_EQ(divide.nodes, perft(pos, Depth)) << pos.pretty();
    in_check += pos.in_check();
    ours.push_back(std::move(divide));
  }

  std::string error;
  const std::vector<Divide> theirs = test_support::engine_divides(StockfishPath, "", fens, Depth, error);
  ASSERT_TRUE(error.empty()) << error;
  EXPECT_EQ(test_support::report_divide_mismatches(positions, ours, theirs, "Stockfish", Depth), 0);

  // The sample must exercise the special moves, or agreeing would prove little.
  EXPECT_GT(en_passant, 0);
  EXPECT_GT(castling, 0);
  EXPECT_GT(promotions, 0);
  EXPECT_GT(in_check, 0);
}

}  // namespace
}  // namespace gambit::chess
