// SPDX-License-Identifier: MIT
// gambit-isolation-bench: what isolating a plugin in a child process costs
// (docs/players.md, "Isolation" and "Sandbox"): reading a plugin, starting a player, the
// time from stop() to the answer during an infinite search, and the nodes a
// second of a fixed-time search visits, in the program, through a child
// without a sandbox, and through a sandboxed child. A benchmark, not a test:
// it prints figures.
// usage: gambit-isolation-bench [PLUGIN_FILE]   (default: the build's alphabeta, plugin_directory())
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "core/players/plugin_player.h"
#include "core/util/install_layout.h"

namespace {

using namespace gambit;
using namespace gambit::players;
using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

struct Figures {
  double median, worst;
};

Figures figures(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return {values[values.size() / 2], values.back()};
}

void print(const char* what, const char* mode, Figures f, std::size_t n) {
  std::printf("%-34s %-11s median %7.2f ms, worst %7.2f ms (%zu)\n", what, mode, f.median, f.worst, n);
}

}  // namespace

int main(int argc, char** argv) {
  const std::filesystem::path file =
      argc > 1 ? std::filesystem::path(argv[1]) : plugin_directory() / "gambit_alphabeta.so";
  const Isolation in_process{.mode = Isolation::Mode::InProcess};
  const Isolation process{.sandbox = Isolation::Sandbox::Off};
  const Isolation sandboxed{.sandbox = Isolation::Sandbox::On};
  constexpr int Reads = 20, Starts = 20, Stops = 30, Searches = 5;

  for (const Isolation* isolation : {&in_process, &process, &sandboxed}) {
    const char* mode = isolation->in_process() ? "in-process"
                       : isolation->sandbox == Isolation::Sandbox::Off ? "process" : "sandboxed";
    std::vector<double> reads, starts, stops;
    std::shared_ptr<const PluginLibrary> library;
    for (int i = 0; i < Reads; ++i) {
      const Clock::time_point t = Clock::now();
      auto read = isolation->in_process() ? PluginLibrary::load(file) : PluginLibrary::describe(file, *isolation);
      reads.push_back(ms_since(t));
      if (!read) {
        std::fprintf(stderr, "%s\n", read.error().c_str());
        return 1;
      }
      library = read.value();
    }
    for (int i = 0; i < Starts; ++i) {
      const Clock::time_point t = Clock::now();
      auto player = PluginPlayer::create(library, {}, *isolation);
      if (!player || !player.value()->new_game()) {
        std::fprintf(stderr, "%s\n", player ? "new_game failed" : player.error().c_str());
        return 1;
      }
      starts.push_back(ms_since(t));
    }
    auto player = PluginPlayer::create(library, {}, *isolation);
    if (!player) return 1;
    const char* fens[] = {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"};
    for (int i = 0; i < Stops; ++i) {
      MoveRequest request;
      request.start = *chess::Position::from_fen(fens[i % 3]);
      request.limits.infinite = true;
      PluginSearch search = player.value()->start(request);
      std::this_thread::sleep_for(std::chrono::milliseconds(200 + 50 * (i % 5)));
      const Clock::time_point t = Clock::now();
      search.stop();
      const MoveAnswer answer = search.wait();
      stops.push_back(ms_since(t));
      if (answer.kind != MoveAnswer::Kind::Move) {
        std::fprintf(stderr, "%s\n", answer.reason.c_str());
        return 1;
      }
    }
    std::vector<double> speeds;
    for (int i = 0; i < Searches; ++i) {
      MoveRequest request;
      request.limits.movetime_ms = 1000;
      request.hard_deadline = search_deadline(request.limits.movetime_ms);
      std::uint64_t nodes = 0;
      request.on_info = [&nodes](const SearchInfo& info) { nodes = std::max(nodes, info.nodes); };
      const MoveAnswer answer = player.value()->start(request).wait();
      if (answer.kind != MoveAnswer::Kind::Move || nodes == 0) {
        std::fprintf(stderr, "a 1 s search gave no move or no nodes: %s\n", answer.reason.c_str());
        return 1;
      }
      speeds.push_back(double(nodes) / double(answer.elapsed.count()));  // thousands of nodes a second
    }
    print("read the plugin (load / describe)", mode, figures(reads), reads.size());
    print("start a player (create, new_game)", mode, figures(starts), starts.size());
    print("stop -> move during go infinite", mode, figures(stops), stops.size());
    const Figures speed = figures(speeds);
    std::printf("%-34s %-11s median %7.0f knps, lowest %7.0f knps (%zu)\n", "a 1 s search from the start", mode,
                speed.median, *std::min_element(speeds.begin(), speeds.end()), speeds.size());
  }
}
