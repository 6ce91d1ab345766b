// SPDX-License-Identifier: MIT
// gambit-pace-bench: how the measured levels spend a clock when they play a
// person (match::human_pace, docs/levels.md). Plays games of two levels at a
// time control through the window's GameSession, both seats paced as against
// a person. The levels search as they do in the window (fixed nodes, in real
// time); the waits for a person's pace are skipped, the session's clock
// charged for them as if they had passed, so a 10-minute game takes seconds.
// Prints the time each move took by move number, what was left at the end,
// and any loss on time. A benchmark, not a test.
// usage: gambit-pace-bench MINUTES INCREMENT_SECONDS GAMES [WHITE_LEVEL BLACK_LEVEL] [PLUGIN_FILE]
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "core/match/game_session.h"
#include "core/players/options.h"
#include "core/players/plugin_library.h"
#include "core/util/install_layout.h"

namespace {

using namespace gambit;
using Clock = match::GameSession::Clock;

struct MoveTime {
  int move_number;
  std::int64_t used_ms;
};

const char* usage = "usage: gambit-pace-bench MINUTES INCREMENT_SECONDS GAMES [WHITE_LEVEL BLACK_LEVEL] [PLUGIN_FILE]";

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "%s\n", usage);
    return 2;
  }
  const std::int64_t minutes = std::stoll(argv[1]), increment_s = std::stoll(argv[2]);
  const int games = std::stoi(argv[3]);
  const std::string white_level = argc > 5 ? argv[4] : "1600", black_level = argc > 5 ? argv[5] : "1600";
  const std::filesystem::path file =
      argc > 6 ? std::filesystem::path(argv[6]) : plugin_directory() / "gambit_alphabeta.so";
  auto library = players::PluginLibrary::load(file);
  if (!library) {
    std::fprintf(stderr, "gambit-pace-bench: %s\n", library.error().c_str());
    return 1;
  }
  const match::TimeControl control{0, minutes * 60000, increment_s * 1000};
  std::vector<MoveTime> times;
  std::vector<std::int64_t> least_left;  // per game, the least either side had left after a move
  int flags = 0, plies_total = 0;
  std::map<std::string, int> results;
  for (int g = 0; g < games; ++g) {
    std::array<players::Seat, chess::COLOR_NB> seats;
    for (chess::Color side : {chess::WHITE, chess::BLACK}) {
      const std::string& level = side == chess::WHITE ? white_level : black_level;
      // The level's presets, as the window plays it, and a seed of the game's own.
      auto options = players::resolve_options((*library)->descriptor(), level,
                                              {{"seed", std::to_string(1000 * g + side + 1)}});
      if (!options) {
        std::fprintf(stderr, "gambit-pace-bench: %s\n", options.error().c_str());
        return 1;
      }
      seats[side] = {"alphabeta " + level, *library, *options, level, {players::Isolation::Mode::InProcess}};
    }
    Clock::duration skipped{};  // the waits for a person's pace, not slept
    const auto now = [&] { return Clock::now() + skipped; };
    auto created = match::GameSession::create(seats, control, std::nullopt, now());
    if (!created) {
      std::fprintf(stderr, "gambit-pace-bench: %s\n", created.error().c_str());
      return 1;
    }
    match::GameSession& session = *created.value();
    for (chess::Color side : {chess::WHITE, chess::BLACK}) session.set_human_pace(side, true, std::uint64_t(g) + 1);
    session.new_game(chess::Game(), now());
    std::array<std::int64_t, chess::COLOR_NB> turn_start{control.initial_ms, control.initial_ms};
    std::int64_t least = control.initial_ms;
    while (!session.game().is_over() && session.game().moves().size() < 400) {
      session.update(now());
      if (auto until = session.paced_until(); until && *until > now()) skipped += *until - now();
      std::this_thread::sleep_for(std::chrono::microseconds(200));  // as a window polls: the search has the cores
      for (const match::SessionEvent& event : session.take_events()) {
        if (event.kind != match::SessionEvent::Kind::MovePlayed) continue;
        const std::int64_t left = session.remaining_ms(event.side, now());
        // Charged the time since its turn began, then given the increment (not for each side's first move).
        const std::int64_t used = event.ply < 2 ? 0 : turn_start[event.side] - (left - control.increment_ms);
        times.push_back({int(event.ply / 2) + 1, used});
        turn_start[event.side] = left;
        least = std::min(least, left);
      }
    }
    const chess::Outcome& outcome = session.game().outcome();
    if (outcome.termination == chess::Termination::TimeForfeit) ++flags;
    ++results[session.game().is_over() ? outcome.pgn_result() : std::string("unfinished")];
    plies_total += int(session.game().moves().size());
    least_left.push_back(least);
    std::fprintf(stderr, "game %d: %s in %zu plies, least left %.1f s\n", g + 1,
                 session.game().is_over() ? outcome.pgn_result().c_str() : "*", session.game().moves().size(),
                 double(least) / 1000);
  }

  std::printf("%d games of alphabeta %s (White) and %s (Black) at %lld+%lld, paced as against a person\n", games,
              white_level.c_str(), black_level.c_str(), static_cast<long long>(minutes),
              static_cast<long long>(increment_s));
  std::printf("plies per game %.1f; results:", games ? double(plies_total) / games : 0.0);
  for (const auto& [result, n] : results) std::printf(" %s %d", result.c_str(), n);
  std::printf("; lost on time: %d\n", flags);
  std::printf("%-10s %6s %10s %10s %10s\n", "moves", "count", "mean s", "median s", "p90 s");
  const std::array<std::pair<int, int>, 7> buckets{{{1, 5}, {6, 10}, {11, 20}, {21, 30}, {31, 40}, {41, 60}, {61, 999}}};
  for (const auto& [first, last] : buckets) {
    std::vector<double> seconds;
    for (const MoveTime& t : times)
      if (t.move_number >= first && t.move_number <= last) seconds.push_back(double(t.used_ms) / 1000);
    if (seconds.empty()) continue;
    std::sort(seconds.begin(), seconds.end());
    double sum = 0;
    for (double s : seconds) sum += s;
    std::printf("%3d-%-6d %6zu %10.2f %10.2f %10.2f\n", first, last, seconds.size(), sum / double(seconds.size()),
                seconds[seconds.size() / 2], seconds[std::min(seconds.size() - 1, seconds.size() * 9 / 10)]);
  }
  std::sort(least_left.begin(), least_left.end());
  if (!least_left.empty())
    std::printf("least time left after a move, per game: lowest %.1f s, median %.1f s\n",
                double(least_left.front()) / 1000, double(least_left[least_left.size() / 2]) / 1000);
  return 0;
}
