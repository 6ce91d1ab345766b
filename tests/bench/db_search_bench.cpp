// SPDX-License-Identifier: MIT
// gambit-db-search-bench: how long position searches and the opening explorer
// take on a game database, as the window and gambit-db use them (one open
// database, one query after another), for docs/performance.md.
//
//   gambit-db-search-bench DB [GAMES_SAMPLED]
//
// Common positions: the start and every position after one and two moves of
// the games (each reached by many games). Rare middlegame positions: the
// position after the 30th move of sampled games (most reached by that game
// alone). For each set, the median and the 99th percentile of
// GameDatabase::count (the games at the position, from the index) in
// milliseconds; then the explorer (GameDatabase::explore) at the start, after
// one move and after two, the first time (reading what it keeps of every game)
// and again.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <vector>

#include "core/database/game_database.h"
#include "core/util/splitmix64.h"

namespace db = gambit::database;

namespace {

double milliseconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void report(const char* what, std::vector<double> times, double games) {
  std::sort(times.begin(), times.end());
  const auto at = [&](double share) { return times[std::min(times.size() - 1, std::size_t(share * double(times.size())))]; };
  std::printf("%-40s %5zu searches  median %7.2f ms  p99 %7.2f ms  max %7.2f ms  (%.0f games each on average)\n", what,
              times.size(), at(0.5), at(0.99), times.back(), games / double(times.size()));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: gambit-db-search-bench DB [GAMES_SAMPLED]\n");
    return 2;
  }
  const long sampled = argc > 2 ? std::atol(argv[2]) : 300;
  auto opened = db::GameDatabase::open(argv[1]);
  if (!opened) {
    std::fprintf(stderr, "gambit-db-search-bench: %s\n", opened.error().c_str());
    return 1;
  }
  db::GameDatabase& database = *opened.value();
  auto total = database.count({});
  if (!total || total.value() == 0) {
    std::fprintf(stderr, "gambit-db-search-bench: no games\n");
    return 1;
  }
  std::set<std::uint64_t> common_keys, rare_keys;
  std::vector<gambit::chess::Position> explored;
  gambit::SplitMix64 random{42};
  for (long i = 0; i < sampled; ++i) {
    auto game = database.game(std::int64_t(1 + random.next() % std::uint64_t(total.value())));
    if (!game) continue;
    gambit::chess::Position pos = game->game.start;
    for (std::size_t ply = 0; ply < game->game.moves.size(); ++ply) {
      if (ply <= 2) common_keys.insert(pos.key());
      if (ply == 60) rare_keys.insert(pos.key());
      if (i == 0 && ply <= 2) explored.push_back(pos);
      pos.do_move(game->game.moves[ply]);
    }
  }
  const auto measure = [&](const std::set<std::uint64_t>& keys, const char* what) {
    std::vector<double> times;
    double games = 0;
    for (std::uint64_t key : keys) {
      const auto started = std::chrono::steady_clock::now();
      auto n = database.count({.position = key});
      times.push_back(milliseconds_since(started));
      if (n) games += double(n.value());
    }
    report(what, times, games);
  };
  std::printf("%lld games\n", static_cast<long long>(total.value()));
  measure(common_keys, "common positions (start, 1 and 2 moves)");
  measure(rare_keys, "rare middlegame positions (move 30)");
  for (int round = 0; round < 2; ++round)
    for (std::size_t i = 0; i < explored.size(); ++i) {
      const auto started = std::chrono::steady_clock::now();
      auto e = database.explore(explored[i], {});
      const double ms = milliseconds_since(started);
      std::printf("explorer after %zu moves%s: %.1f ms (%lld games, %zu moves)\n", i, round == 0 && i == 0 ? " (first)" : "",
                  ms, e ? static_cast<long long>(e->tally.games) : -1LL, e ? e->moves.size() : 0);
    }
  return 0;
}
