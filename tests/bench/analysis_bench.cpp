// SPDX-License-Identifier: MIT
// gambit-analysis-bench: how the analysis board's engine answers
// (docs/analysis.md): for each position of a set, the time from analyse() to the
// first line, the time a change of position takes to stop the search before
// it (the stop latency, as the board pays it on every move), and the nodes per
// second of analysis in 3 lines against the same engine's bare one-line search.
// In this program and isolated in a child process. A benchmark, not a test: it
// prints figures.
// usage: gambit-analysis-bench [SECONDS_PER_POSITION] [PLUGIN_FILE]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "core/players/plugin_library.h"
#include "core/study/analysis_session.h"
#include "core/util/install_layout.h"

namespace {

using namespace gambit;
using Clock = std::chrono::steady_clock;

double ms(Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

// Middlegame and endgame positions of the kind a player studies.
const char* const Positions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
    "2r3k1/pp3ppp/4p3/3pP3/3P4/P4N2/1P3PPP/2R3K1 w - - 0 25",
    "8/2k5/3p4/p2P1p2/P2P1P2/8/4K3/8 w - - 0 50",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
};

struct Percentiles {
  double median, p90, worst;
};
Percentiles percentiles(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  auto at = [&](double q) { return values[std::min(values.size() - 1, std::size_t(q * double(values.size())))]; };
  return {at(0.5), at(0.9), values.back()};
}

}  // namespace

int main(int argc, char** argv) {
  const double seconds = argc > 1 ? std::stod(argv[1]) : 2.0;
  const std::filesystem::path file =
      argc > 2 ? std::filesystem::path(argv[2]) : plugin_directory() / "gambit_alphabeta.so";
  auto library = players::PluginLibrary::load(file);
  if (!library) {
    std::fprintf(stderr, "gambit-analysis-bench: %s\n", library.error().c_str());
    return 1;
  }
  for (const players::Isolation::Mode mode : {players::Isolation::Mode::InProcess, players::Isolation::Mode::Process}) {
    players::Seat seat;
    seat.label = "alphabeta";
    seat.plugin = *library;
    seat.isolation.mode = mode;
    auto session = study::AnalysisSession::create(seat);
    if (!session) {
      std::fprintf(stderr, "gambit-analysis-bench: %s\n", session.error().c_str());
      return 1;
    }
    study::AnalysisSession& s = *session.value();
    std::vector<double> first_line, stop, nps_lines, nps_bare;
    for (const char* fen : Positions) {
      const chess::Position position = chess::Position::from_fen(fen).value();
      for (const int lines : {1, 3}) {
        // A change of position stops the search before: measured on the previous one.
        const Clock::time_point changed = Clock::now();
        s.analyse(position, {}, lines);
        const Clock::time_point started = s.started_at();
        stop.push_back(ms(started - changed));
        while (s.first_line_at() == s.started_at() && Clock::now() - started < std::chrono::seconds(5))
          std::this_thread::sleep_for(std::chrono::microseconds(200));
        first_line.push_back(ms(s.first_line_at() - started));
        std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
        const std::vector<study::AnalysisLine> got = s.lines();
        if (!got.empty()) (lines == 1 ? nps_bare : nps_lines).push_back(double(got.front().nps));
      }
    }
    s.pause();
    const Percentiles f = percentiles(first_line), p = percentiles(stop);
    std::printf("%s: first line after a new position: median %.1f ms, p90 %.1f ms, worst %.1f ms (%zu)\n",
                players::isolation_name(mode), f.median, f.p90, f.worst, first_line.size());
    std::printf("%s: stop and restart on a new position: median %.1f ms, p90 %.1f ms, worst %.1f ms\n",
                players::isolation_name(mode), p.median, p.p90, p.worst);
    std::printf("%s: nodes/s, 3 lines: median %.0f k; 1 line: median %.0f k (%.0f s per position)\n",
                players::isolation_name(mode), percentiles(nps_lines).median / 1000, percentiles(nps_bare).median / 1000,
                seconds);
  }
  return 0;
}
