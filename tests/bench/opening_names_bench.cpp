// SPDX-License-Identifier: MIT
// gambit-opening-names-bench: what the opening names cost (docs/opening-names.md):
// reading eco.pgn into an OpeningNames table (each of `--loads` times), the
// heap the table holds and the process's resident memory before and after, and
// classifying games of random moves (as the window does after every move).
// A benchmark, not a test: it prints figures.
// usage: gambit-opening-names-bench [ECO_FILE]   (default: eco_file())
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "core/chess/movegen.h"
#include "core/chess/opening_names.h"
#include "core/util/install_layout.h"

namespace {

using namespace gambit;
using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The resident set of this process in kB (VmRSS of /proc/self/status), 0 if unknown.
long resident_kb() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::filesystem::path file = argc > 1 ? std::filesystem::path(argv[1]) : eco_file();
  constexpr int Loads = 20;
  const long rss_before = resident_kb();
  std::vector<double> load_ms;
  std::optional<chess::OpeningNames> kept;
  for (int i = 0; i < Loads; ++i) {
    const auto start = Clock::now();
    Result<chess::OpeningNames> names = chess::OpeningNames::load(file);
    load_ms.push_back(ms_since(start));
    if (!names) {
      std::fprintf(stderr, "gambit-opening-names-bench: %s\n", names.error().c_str());
      return 1;
    }
    if (!kept) kept = std::move(names).value();
  }
  const long rss_after = resident_kb();
  std::sort(load_ms.begin(), load_ms.end());
  std::printf("%s: %zu lines (%zu repeated, %zu unreadable)\n", file.c_str(), kept->size(), kept->ignored(),
              kept->skipped());
  std::printf("load: median %.1f ms, fastest %.1f ms, slowest %.1f ms (%d loads)\n", load_ms[load_ms.size() / 2],
              load_ms.front(), load_ms.back(), Loads);
  std::printf("table: %.0f kB on the heap; resident memory %ld kB before the loads, %ld kB with one table kept\n",
              double(kept->memory_bytes()) / 1024, rss_before, rss_after);

  // Games of 60 random plies, classified whole (the window classifies the game
  // shown after each move; only the first plies can match, the rest are skipped).
  constexpr int Games = 2000;
  std::mt19937_64 rng(2026);
  std::vector<std::vector<chess::Position>> games;
  for (int g = 0; g < Games; ++g) {
    std::vector<chess::Position> positions{chess::Position()};
    for (int ply = 0; ply < 60; ++ply) {
      const chess::MoveList moves = chess::legal_moves(positions.back());
      if (moves.empty()) break;
      positions.push_back(positions.back());
      positions.back().do_move(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
    games.push_back(std::move(positions));
  }
  std::size_t named = 0;
  const auto start = Clock::now();
  for (const auto& positions : games) named += kept->classify(positions) != nullptr;
  const double total = ms_since(start);
  std::printf("classify: %.2f us a game of 60 random plies (%d games, %zu named)\n", total * 1000 / Games, Games, named);
  return 0;
}
