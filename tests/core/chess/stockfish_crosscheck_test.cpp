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

// Runs Stockfish once over all FENs; returns one Divide per FEN or sets error.
std::vector<Divide> stockfish_divides(const std::vector<std::string>& fens, std::string& error) {
  const auto dir = std::filesystem::temp_directory_path();
  const std::string stem = "gambit_stockfish_" + std::to_string(::getpid());
  const auto commands_path = dir / (stem + "_in.txt"), output_path = dir / (stem + "_out.txt");
  {
    std::ofstream commands(commands_path);
    for (const std::string& fen : fens) commands << "position fen " << fen << "\ngo perft " << Depth << "\n";
    commands << "quit\n";
  }
  const std::string command =
      std::string(StockfishPath) + " < '" + commands_path.string() + "' > '" + output_path.string() + "' 2>&1";
  const int status = std::system(command.c_str());
  std::vector<Divide> divides;
  std::ifstream output(output_path);
  Divide current;
  for (std::string line; std::getline(output, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::size_t colon = line.find(": ");
    if (colon == std::string::npos) continue;
    const std::string head = line.substr(0, colon);
    std::uint64_t count = 0;
    std::istringstream(line.substr(colon + 2)) >> count;
    if (head == "Nodes searched") {
      current.nodes = count;
      divides.push_back(std::move(current));
      current = Divide();
    } else if (head.size() >= 4 && head.size() <= 5 && head.find(' ') == std::string::npos) {
      current.moves[head] = count;
    }
  }
  std::filesystem::remove(commands_path);
  std::filesystem::remove(output_path);
  if (status != 0 || divides.size() != fens.size())
    error = "'" + command + "' exited with status " + std::to_string(status) + " and reported " +
            std::to_string(divides.size()) + " perft results for " + std::to_string(fens.size()) + " positions";
  return divides;
}

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
  const std::vector<Divide> theirs = stockfish_divides(fens, error);
  ASSERT_TRUE(error.empty()) << error;
  int mismatches = 0;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const std::string report = test_support::compare_divides(ours[i], theirs[i], "Stockfish", Depth);
    if (report.empty()) continue;
    ++mismatches;
    ADD_FAILURE() << "position " << i << ": " << fens[i] << "\n" << positions[i].pretty() << report;
  }
  EXPECT_EQ(mismatches, 0);

  // The sample must exercise the special moves, or agreeing would prove little.
  EXPECT_GT(en_passant, 0);
  EXPECT_GT(castling, 0);
  EXPECT_GT(promotions, 0);
  EXPECT_GT(in_check, 0);
}

}  // namespace
}  // namespace gambit::chess
