// SPDX-License-Identifier: MIT
// gambit-review-budget-bench: what a review would say of each position at
// every node budget up to a ceiling, from one search per position.
//
// Recording: for each position of each game of a PGN file, alphabeta (in this
// process, a fresh game each position, as a review's first search of a run)
// searches to MAX_NODES and every report with a score is written as a line:
//   game ply nodes depth score_kind score best_uci
// (score: White's view, centipawns or mate in moves, as review::Score). The
// last report at or below a budget is the review's score at that budget.
// Resumable: games already in OUT are skipped.
//   gambit-review-budget-bench GAMES.pgn OUT.tsv [MAX_NODES] [PLUGIN_FILE]
//
// Simulating: the review of every recorded game at budget NODES, with the
// deeper look (review::suspects_to_verify at review::verify_limits) when
// DEEPER is 1, judged and annotated by the review's own code and written to
// OUT.pgn (replaced), so that tests/bench/review_agreement.py report
// --ours-file OUT.pgn compares it with Stockfish without searching again. The
// nodes it would have searched are printed. Games are taken in order up to
// the first one not recorded. SCALE (default 1) multiplies the recorded
// centipawns, as a plugin's score_scale does in a review (level_ratings.h).
//   gambit-review-budget-bench --simulate GAMES.pgn BENCH.tsv NODES DEEPER OUT.pgn [SCALE]
#include <cstdio>
#include <map>
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

// One report of a recorded search.
struct Report {
  std::uint64_t nodes = 0;
  review::Score score;
  std::string best;
};

// What the search of a position reported at `budget` nodes: its last report within it (the first one
// when even that came later).
const Report& at_budget(const std::vector<Report>& reports, std::uint64_t budget) {
  const Report* chosen = &reports.front();
  for (const Report& r : reports)
    if (r.nodes <= budget) chosen = &r;
  return *chosen;
}

int simulate(int argc, char** argv) {
  if (argc != 7 && argc != 8)
    return fail("usage: gambit-review-budget-bench --simulate GAMES.pgn BENCH.tsv NODES DEEPER OUT.pgn [SCALE]");
  const double scale = argc == 8 ? std::stod(argv[7]) : 1.0;
  const std::uint64_t budget = std::stoull(argv[4]);
  const bool deeper = std::string(argv[5]) == "1";
  const std::uint64_t deeper_budget = review::verify_limits(players::Limits{.nodes = std::int64_t(budget)}).nodes;
  auto text = read_text_file(argv[2]);
  if (!text) return fail(text.error());
  std::map<std::pair<int, std::size_t>, std::vector<Report>> recorded;
  {
    std::ifstream in(argv[3]);
    if (!in) return fail(std::string("cannot read ") + argv[3]);
    int game = 0;
    std::size_t ply = 0;
    std::uint64_t nodes = 0;
    int depth = 0, value = 0;
    std::string kind, best;
    while (in >> game >> ply >> nodes >> depth >> kind >> value >> best) {
      const review::Score score = kind == "mate" ? review::Score::mate(value) : review::Score::centipawns(value);
      recorded[{game, ply}].push_back(Report{nodes, score, best});
    }
  }
  std::string out;
  chess::PgnReader reader(*text);
  int number = 0;
  std::size_t positions = 0, verified_count = 0;
  std::uint64_t nodes = 0;
  while (auto game = reader.next()) {
    ++number;
    if (!*game) return fail("game " + std::to_string(number) + ": " + game->error());
    if (!recorded.count({number, 0})) break;
    const chess::PgnGame& g = game->value();
    std::vector<chess::Position> board{g.start};
    for (const chess::Move m : g.moves) {
      board.push_back(board.back());
      board.back().do_move(m);
    }
    const auto verdict_at = [&](std::size_t ply, std::uint64_t nodes_allowed) -> Result<review::PositionVerdict> {
      if (auto decided = review::decided_by_the_rules(board[ply])) return *decided;
      const auto found = recorded.find({number, ply});
      if (found == recorded.end())
        return Failure{"game " + std::to_string(number) + " ply " + std::to_string(ply) + " was not recorded"};
      const Report& r = at_budget(found->second, nodes_allowed);
      auto best = chess::parse_uci_move(board[ply], r.best);
      if (!best) return Failure{"game " + std::to_string(number) + " ply " + std::to_string(ply) + ": " + best.error()};
      nodes += nodes_allowed;
      return review::PositionVerdict{review::on_stockfish_scale(r.score, scale), false, *best, {*best}};
    };
    std::vector<review::PositionVerdict> verdicts;
    for (std::size_t ply = 0; ply < board.size(); ++ply) {
      auto v = verdict_at(ply, budget);
      if (!v) return fail(v.error());
      verdicts.push_back(std::move(v.value()));
      positions += !verdicts.back().by_the_rules;
    }
    std::vector<bool> verified;
    for (int round = 0; deeper && round < review::VerifyRounds; ++round)
      for (const std::size_t k : review::suspects_to_verify(verdicts, g.start.side_to_move(), verified)) {
        auto v = verdict_at(k, deeper_budget);
        if (!v) return fail(v.error());
        verdicts[k] = std::move(v.value());
        ++verified_count;
      }
    out += chess::write_pgn(review::annotate(g, review::judge_game(g, std::move(verdicts))));
  }
  std::ofstream written(argv[6], std::ios::trunc);
  if (!(written << out) || !written.flush()) return fail(std::string("cannot write ") + argv[6]);
  const double per_position = positions ? double(nodes) / double(positions) : 0;
  std::printf("%d games, %zu positions searched at %llu nodes, %zu again at %llu: %.0f nodes a position, "
              "%.1f M nodes for a 40-move game (80 positions)\n",
              number - 1, positions, (unsigned long long)budget, verified_count,
              (unsigned long long)(deeper ? deeper_budget : 0), per_position, per_position * 80 / 1e6);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "--simulate") return simulate(argc, argv);
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
      if (chess::legal_moves(pos).size() != 0 && !pos.lost_by_goal()) {
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
