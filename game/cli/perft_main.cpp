// SPDX-License-Identifier: MIT
// gambit-perft: counts the leaves of the legal move tree (perft), the way
// Stockfish's "go perft" does, to check and time the move generator.
//
//   gambit-perft [--variant NAME] [--fen FEN] [--divide] DEPTH
//
// NAME as lichess's API spells it, case not minded: standard, threeCheck, chess960.
//
// stdout: with --divide one "<uci move>: <count>" line per legal root move and a
// blank line; then "Nodes searched: N". stderr: time and nodes per second.
// Exit status: 0 on success, 2 on bad arguments or a bad FEN.
#include <chrono>
#include <cstdio>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "core/chess/perft.h"
#include "core/chess/uci.h"
#include "core/chess/variant.h"

using namespace gambit::chess;
using gambit::Result;

int main(int argc, char** argv) {
  CLI::App app{"Count the leaf nodes of the legal move tree (perft) of a chess position."};
  app.set_version_flag("--version", std::string("gambit-perft ") + GAMBIT_VERSION);
  std::optional<std::string> fen;
  std::string variant_name = "standard";
  bool divide = false;
  int depth = 0;
  app.add_option("--variant", variant_name, "The rules: standard, threeCheck, chess960 (default: standard)");
  app.add_option("--fen", fen, "Position in FEN (default: the variant's starting position)");
  app.add_flag("--divide", divide, "Print the count below each legal root move");
  app.add_option("depth", depth, "Depth in plies")->required()->check(CLI::Range(0, 64));
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int status = app.exit(e);
    return status == 0 ? 0 : 2;
  }

  const std::optional<Variant> variant = variant_from_name(variant_name);
  if (!variant) {
    std::fprintf(stderr, "gambit-perft: no variant '%s'; the variants are %s\n", variant_name.c_str(),
                 std::string(variant_id_list()).c_str());
    return 2;
  }
  Result<Position> pos = fen ? Position::from_fen(*fen, *variant) : Result<Position>(Position(*variant));
  if (!pos) {
    std::fprintf(stderr, "gambit-perft: %s\n", pos.error().c_str());
    return 2;
  }

  auto start = std::chrono::steady_clock::now();
  std::uint64_t nodes = 0;
  if (divide) {
    for (auto [move, count] : perft_divide(*pos, depth)) {
      std::printf("%s: %llu\n", to_uci(move).c_str(), static_cast<unsigned long long>(count));
      nodes += count;
    }
    std::printf("\n");
    if (depth == 0) nodes = 1;
  } else {
    nodes = perft(*pos, depth);
  }
  std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;

  std::printf("Nodes searched: %llu\n", static_cast<unsigned long long>(nodes));
  std::fflush(stdout);
  std::fprintf(stderr, "Time: %.3f s, %.0f nodes/second\n", elapsed.count(),
               elapsed.count() > 0 ? double(nodes) / elapsed.count() : 0.0);
  return 0;
}
