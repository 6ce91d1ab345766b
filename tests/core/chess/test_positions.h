// SPDX-License-Identifier: MIT
// Positions shared by the chess tests: the perft reference suite
// (tests/data/perft.epd), and the comparison of perft divides with a reference
// engine's. Random positions: tests/support/random_walks.h.
#pragma once

#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/chess/position.h"

namespace gambit::chess::test_support {

// One line of perft.epd: "FEN ;D1 n ;D2 n ...", so counts[d - 1] = perft(d).
struct PerftCase {
  int line = 0;
  std::string fen;
  std::vector<std::uint64_t> counts;
};
void PrintTo(const PerftCase& c, std::ostream* os);  // for GoogleTest listings and failures

const std::vector<PerftCase>& perft_suite();
std::vector<std::string> perft_suite_fens();

// Parses a FEN the test knows to be valid (a failure is reported through EXPECT).
Position position_from(std::string_view fen);

// One position's perft divide: root move in UCI -> leaf count below it, and the total.
struct Divide {
  std::map<std::string, std::uint64_t> moves;
  std::uint64_t nodes = 0;
};

// Differences between our divide and a reference engine's (named for the
// message) at `depth`, in words; empty when equal.
std::string compare_divides(const Divide& ours, const Divide& theirs, std::string_view engine, int depth);

// Our divides of the positions against the engine's, each position that differs
// a test failure naming it; returns how many differed.
int report_divide_mismatches(const std::vector<Position>& positions, const std::vector<Divide>& ours,
                             const std::vector<Divide>& theirs, std::string_view engine, int depth);

// Debian's Fairy-Stockfish, the cross-checks' reference for the variants.
inline constexpr const char* FairyStockfishPath = "/usr/games/fairy-stockfish";

// Runs a UCI engine (its path) once over all FENs, after `setup` (commands such
// as "setoption name UCI_Chess960 value true\n"): its "go perft depth" divide of
// each; on a failure, `error` says what went wrong.
std::vector<Divide> engine_divides(const std::string& engine, const std::string& setup,
                                   const std::vector<std::string>& fens, int depth, std::string& error);

}  // namespace gambit::chess::test_support
