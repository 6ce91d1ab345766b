// SPDX-License-Identifier: MIT
// gambit-alphabeta-bench: measures the alphabeta engine without a host.
//   gambit-alphabeta-bench [--startpos-ms MS] [--tactics FILE] [--fen FEN] [--movetime MS] [--depth N]
//                          [--hash MB] [--network FILE] [--evaluate FILE] [--verbose]
// First searches the start position for --startpos-ms (default 1000) and prints
// the depth reached and the speed; then, given a tactics file (lines
// "FEN ;bm_uci MOVE ;..."), searches each position for --movetime ms (or to
// --depth) and counts the positions whose best move it finds. --fen analyses
// one position the same way, printing every iteration. --network searches
// with that network (ai_plugins/nnue) instead of the hand-written evaluation;
// --evaluate prints the network's evaluation of each FEN of a file (one a
// line, "# ..." skipped) as "FEN | centipawns, side to move's view", and
// nothing else is done.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>

#include "ai_plugins/alphabeta/search.h"
#include "core/chess/uci.h"

namespace {

using namespace gambit;

struct Arguments {
  long startpos_ms = 1000;
  std::string tactics;
  std::string fen;
  long movetime_ms = 1000;
  int depth = 0;
  long hash_mb = 32;
  std::string network;
  std::string evaluate;
  bool verbose = false;
};

[[noreturn]] void usage(const std::string& problem) {
  std::cerr << "gambit-alphabeta-bench: " << problem << "\n"
            << "usage: gambit-alphabeta-bench [--startpos-ms MS] [--tactics FILE] [--fen FEN] [--movetime MS] "
               "[--depth N] [--hash MB] [--network FILE] [--evaluate FILE] [--verbose]\n";
  std::exit(2);
}

long number(const char* text, const char* name) {
  char* end = nullptr;
  const long v = std::strtol(text, &end, 10);
  if (!*text || *end || v < 0) usage(std::string("--") + name + " needs a number, not '" + text + "'");
  return v;
}

Arguments parse(int argc, char** argv) {
  Arguments a;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    auto value = [&]() -> const char* {
      if (i + 1 >= argc) usage(std::string(arg) + " needs a value");
      return argv[++i];
    };
    if (arg == "--startpos-ms") a.startpos_ms = number(value(), "startpos-ms");
    else if (arg == "--tactics") a.tactics = value();
    else if (arg == "--fen") a.fen = value();
    else if (arg == "--movetime") a.movetime_ms = number(value(), "movetime");
    else if (arg == "--depth") a.depth = int(number(value(), "depth"));
    else if (arg == "--hash") a.hash_mb = number(value(), "hash");
    else if (arg == "--network") a.network = value();
    else if (arg == "--evaluate") a.evaluate = value();
    else if (arg == "--verbose") a.verbose = true;
    else usage("unknown argument '" + std::string(arg) + "'");
  }
  return a;
}

std::string trim(std::string_view s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  return std::string(s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1));
}

void print_info(const players::SearchInfo& info) {
  std::cout << "  depth " << info.depth << " seldepth " << info.seldepth << " score "
            << (info.score_kind == players::ScoreKind::Mate ? "mate " : "cp ") << info.score << " nodes " << info.nodes
            << " nps " << info.nps << " time " << info.time_ms << " pv";
  for (chess::Move m : info.pv) std::cout << ' ' << chess::to_uci(m);
  std::cout << '\n';
}

// The static evaluation of each FEN of `file`: the network's, or without one the hand-written (tuned) one.
int evaluate_file(const nnue::Network* net, const std::string& file) {
  std::ifstream in(file);
  if (!in) {
    std::cerr << "gambit-alphabeta-bench: cannot read " << file << "\n";
    return 2;
  }
  std::string line;
  for (int line_number = 1; std::getline(in, line); ++line_number) {
    const std::string fen = trim(line);
    if (fen.empty() || fen[0] == '#') continue;
    Result<chess::Position> pos = chess::Position::from_fen(fen);
    if (!pos) {
      std::cerr << file << ":" << line_number << ": " << pos.error() << "\n";
      return 2;
    }
    int value = 0;
    if (net) {
      nnue::Accumulator acc;
      nnue::refresh(*net, *pos, acc, nnue::best_simd());
      value = nnue::evaluate(*net, acc, *pos, nnue::best_simd());
    } else {
      value = ai::evaluate(*pos, ai::Weights::Tuned);
    }
    std::cout << fen << " | " << value << "\n";
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const Arguments args = parse(argc, argv);
  alphabeta::EngineConfig config;
  config.hash_mb = std::size_t(args.hash_mb);
  config.seed = 1;
  if (!args.network.empty()) {
    Result<std::unique_ptr<nnue::Network>> net = nnue::Network::read(args.network);
    if (!net) {
      std::cerr << "gambit-alphabeta-bench: " << net.error() << "\n";
      return 2;
    }
    config.network = std::shared_ptr<const nnue::Network>(std::move(net.value()));
  }
  if (!args.evaluate.empty()) return evaluate_file(config.network.get(), args.evaluate);
  alphabeta::Engine engine(config);
  const auto never = [] { return false; };

  if (args.startpos_ms > 0) {
    players::Limits limits;
    limits.movetime_ms = args.startpos_ms;
    players::SearchInfo last;
    const auto t0 = std::chrono::steady_clock::now();
    const alphabeta::SearchResult r =
        engine.search({chess::Position()}, limits, never, [&](const players::SearchInfo& i) {
          last = i;
          if (args.verbose) print_info(i);
        });
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cout << "start position, " << args.startpos_ms << " ms: depth " << r.depth << ", " << r.nodes << " nodes in "
              << seconds << " s (" << std::uint64_t(double(r.nodes) / seconds) << " nodes/s), best "
              << chess::to_uci(r.best) << "\n";
  }

  if (!args.fen.empty()) {
    Result<chess::Position> pos = chess::Position::from_fen(args.fen);
    if (!pos) {
      std::cerr << "gambit-alphabeta-bench: " << pos.error() << "\n";
      return 2;
    }
    players::Limits limits;
    if (args.depth > 0)
      limits.depth = args.depth;
    else
      limits.movetime_ms = args.movetime_ms;
    const alphabeta::SearchResult r = engine.search({*pos}, limits, never, print_info);
    std::cout << "bestmove " << chess::to_uci(r.best) << "\n";
  }

  if (args.tactics.empty()) return 0;
  std::ifstream in(args.tactics);
  if (!in) {
    std::cerr << "gambit-alphabeta-bench: cannot read " << args.tactics << "\n";
    return 2;
  }
  int total = 0, solved = 0;
  std::uint64_t nodes = 0;
  const auto t0 = std::chrono::steady_clock::now();
  std::string line;
  for (int line_number = 1; std::getline(in, line); ++line_number) {
    if (trim(line).empty()) continue;
    const std::string fen = trim(line.substr(0, line.find(';')));
    const auto bm_at = line.find("bm_uci");
    Result<chess::Position> pos = chess::Position::from_fen(fen);
    if (!pos || bm_at == std::string::npos) {
      std::cerr << args.tactics << ":" << line_number << ": skipped, "
                << (pos ? std::string("no bm_uci") : pos.error()) << "\n";
      continue;
    }
    const std::string expected = trim(line.substr(bm_at + 6, line.find(';', bm_at) - bm_at - 6));
    players::Limits limits;
    if (args.depth > 0)
      limits.depth = args.depth;
    else
      limits.movetime_ms = args.movetime_ms;
    engine.new_game();
    players::SearchInfo last;
    const alphabeta::SearchResult r =
        engine.search({*pos}, limits, never, [&](const players::SearchInfo& i) { last = i; });
    const bool ok = chess::to_uci(r.best) == expected;
    ++total;
    solved += ok;
    nodes += r.nodes;
    if (!ok || args.verbose)
      std::cout << (ok ? "solved " : "MISSED ") << line_number << ": " << fen << " expected " << expected << " got "
                << chess::to_uci(r.best) << " (depth " << r.depth << ", "
                << (last.score_kind == players::ScoreKind::Mate ? "mate " : "cp ") << last.score << ")\n";
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout << "tactics: " << solved << " / " << total << " solved ("
            << (total ? 100.0 * solved / total : 0.0) << "%), " << nodes << " nodes in " << seconds << " s\n";
  return 0;
}
