// SPDX-License-Identifier: MIT
// gambit-review-budget-bench: what a review would say of each position at
// every node budget up to a ceiling, from one search per position. For each
// position of each game of a PGN file, alphabeta (in this process, a fresh
// game each position, as a review's first search of a run) searches to
// MAX_NODES and every report with a score is written as a line:
//   game ply nodes depth score_kind score best_uci
// (score: White's view, centipawns or mate in moves, as review::Score). The
// last report at or below a budget is the review's score at that budget, so
// a script can compare budgets and verification rules without searching again
// (tests/bench/review_budget.py). Resumable: games already in OUT are skipped.
// usage: gambit-review-budget-bench GAMES.pgn OUT.tsv [MAX_NODES] [PLUGIN_FILE]
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "core/chess/movegen.h"
#include "core/chess/pgn.h"
#include "core/chess/uci.h"
#include "core/players/plugin_library.h"
#include "core/players/plugin_player.h"
#include "core/review/game_review.h"
#include "core/util/install_layout.h"
#include "core/util/text_file.h"

namespace {

using namespace gambit;

int fail(const std::string& why) {
  std::fprintf(stderr, "gambit-review-budget-bench: %s\n", why.c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return fail("usage: gambit-review-budget-bench GAMES.pgn OUT.tsv [MAX_NODES] [PLUGIN_FILE]");
  const std::uint64_t max_nodes = argc > 3 ? std::stoull(argv[3]) : 2400000;
  const std::filesystem::path file =
      argc > 4 ? std::filesystem::path(argv[4]) : plugin_directory() / "gambit_alphabeta.so";
  auto text = read_text_file(argv[1]);
  if (!text) return fail(text.error());
  std::set<int> done;
  {
    std::ifstream in(argv[2]);
    for (std::string line; std::getline(in, line);) done.insert(std::atoi(line.c_str()));
  }
  auto library = players::PluginLibrary::load(file);
  if (!library) return fail(library.error());
  auto player = players::PluginPlayer::create(std::move(library).value(), {});
  if (!player) return fail(player.error());
  std::ofstream out(argv[2], std::ios::app);
  chess::PgnReader reader(*text);
  int number = 0;
  while (auto game = reader.next()) {
    ++number;
    if (!*game) return fail("game " + std::to_string(number) + ": " + game->error());
    if (done.count(number)) continue;
    const chess::PgnGame& g = game->value();
    chess::Position pos = g.start;
    std::ostringstream lines;
    for (std::size_t ply = 0; ply <= g.moves.size(); ++ply) {
      if (chess::legal_moves(pos).size() != 0 && !pos.lost_by_checks()) {
        if (auto started = (*player)->new_game(); !started) return fail(started.error());
        players::MoveRequest request;
        request.start = g.start;
        request.moves.assign(g.moves.begin(), g.moves.begin() + long(ply));
        request.limits.nodes = max_nodes;
        const chess::Color side = pos.side_to_move();
        request.on_info = [&](const players::SearchInfo& info) {
          const auto score = review::white_view(info, side);
          if (!score || info.pv.empty()) return;
          lines << number << ' ' << ply << ' ' << info.nodes << ' ' << info.depth << ' '
                << (score->kind == review::Score::Kind::Mate ? "mate" : "cp") << ' ' << score->value << ' '
                << chess::to_uci(info.pv.front()) << '\n';
        };
        players::PluginSearch search = (*player)->start(std::move(request));
        const players::MoveAnswer answer = search.wait();
        if (answer.kind != players::MoveAnswer::Kind::Move) return fail(answer.reason);
      }
      if (ply < g.moves.size()) pos.do_move(g.moves[ply]);
    }
    out << lines.str() << std::flush;
    std::fprintf(stderr, "game %d: %zu plies\n", number, g.moves.size());
  }
  return 0;
}
