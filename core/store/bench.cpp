// SPDX-License-Identifier: MIT
// gambit-store-bench: how long the store's calls take with many games in it,
// in a fresh file under a temporary folder (docs/performance.md).
//
//   gambit-store-bench [GAMES]    (default 10000)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/store/store.h"

using namespace gambit::store;
using Clock = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

int fail(const std::string& what) {
  std::fprintf(stderr, "gambit-store-bench: %s\n", what.c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 10000;
  if (games < 100) return fail("GAMES must be at least 100");
  char folder[] = "/tmp/gambit-store-bench-XXXXXX";
  if (!mkdtemp(folder)) return fail("cannot make a temporary folder");
  const std::filesystem::path path = std::filesystem::path(folder) / "gambit.db";
  {
    auto opened = Store::open(path);
    if (!opened) return fail(opened.error());
    Store& store = *opened.value().store;

    FinishedGame game;
    game.white = PlayerIdentity::person(DefaultProfile);
    game.result = "1-0";
    game.reason = "checkmate";
    game.plies = 80;
    game.pgn = std::string(2000, 'x');  // a 40-move game's PGN is about this long
    game.rated = true;
    // Measured levels: every game is rated.
    const auto level = [](int i, double shift) {
      const int elo = 600 + 400 * (i % 4);
      return PlayerIdentity::ai("alphabeta", "1.0", "elo=" + std::to_string(elo), "alphabeta " + std::to_string(elo),
                                Placement{elo + shift, 40});
    };
    Clock::time_point last_hundred;
    for (int i = 0; i < games; ++i) {
      if (i == games - 100) last_hundred = Clock::now();
      game.black = level(i, 0);
      game.result = i % 3 == 0 ? "0-1" : "1-0";
      if (auto recorded = store.games().record_game(game); !recorded) return fail(recorded.error());
    }
    const double record_ms = ms_since(last_hundred) / 100;

    InterruptedGame kept{std::string(800, 'x'), {"human", "", ""}, {"alphabeta", "hard", ""}, 300000, 2000, 1, 2, 3, false, ""};
    Clock::time_point start = Clock::now();
    for (int i = 0; i < 100; ++i)
      if (auto saved = store.games().save_interrupted(kept); !saved) return fail(saved.error());
    const double keep_ms = ms_since(start) / 100;

    start = Clock::now();
    auto standings = store.ratings().standings();
    const double standings_ms = ms_since(start);
    start = Clock::now();
    auto history = store.ratings().rating_history({"standard", gambit::rating::Speed::Untimed});
    const double history_ms = ms_since(start);
    start = Clock::now();
    auto recent = store.games().recent_games(50);
    const double recent_ms = ms_since(start);
    if (!standings || !history || !recent) return fail("a query failed");
    // A level re-measured: every rating is computed again.
    start = Clock::now();
    auto placed = store.ratings().place_players({level(0, 25)});
    const double place_ms = ms_since(start);
    if (!placed || placed.value() != 1) return fail("place_players did not move the level");

    std::printf("%d games: record_game %.2f ms (mean of the last 100), save_interrupted %.2f ms, standings %.1f ms, "
                "rating_history %.1f ms (%zu points), recent_games(50) %.1f ms, a level re-measured (every game "
                "rated again) %.1f ms\n",
                games, record_ms, keep_ms, standings_ms, history_ms, history.value().size(), recent_ms, place_ms);
  }
  const Clock::time_point start = Clock::now();
  auto reopened = Store::open(path);
  if (!reopened) return fail(reopened.error());
  std::printf("open (integrity check, migration check): %.1f ms\n", ms_since(start));
  reopened.value().store.reset();
  std::filesystem::remove_all(folder);
  return 0;
}
