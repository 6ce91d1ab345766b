// SPDX-License-Identifier: MIT
// gambit-review: reviews every game of a PGN file with an analysing player and
// writes the games back annotated (evaluations, ?!/?/?? with the better move,
// each side's accuracy), as lichess exports an analysed game.
// Usage: gambit-review IN.pgn [-o OUT.pgn] [--player ID] [--level NAME]
//        [--option NAME=VALUE ...] [--nodes N | --depth D | --movetime MS] [--jobs J]
//        [--config FILE]
#include <algorithm>
#include <cstdio>
#include <memory>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <unistd.h>

#include "core/chess/opening_names.h"
#include "core/chess/pgn.h"
#include "core/config/config_loader.h"
#include "core/config/config_paths.h"
#include "core/config/seats.h"
#include "core/players/plugin_catalog.h"
#include "core/review/game_review.h"

namespace gambit {
namespace {

int fail(const std::string& message) {
  std::fprintf(stderr, "gambit-review: %s\n", message.c_str());
  return 2;
}

int run(int argc, char** argv) {
  CLI::App app{"Reviews the games of a PGN file: each move judged by an analysing player, written back annotated."};
  app.set_version_flag("--version", std::string("gambit-review ") + GAMBIT_VERSION);
  std::string in_path, out_path, config_path, player_id, level, isolation;
  std::vector<std::string> option_texts;
  std::int64_t nodes = 0, movetime = 0;
  int depth = 0, jobs = 0;
  app.add_option("pgn", in_path, "The games to review (PGN)")->required();
  app.add_option("-o,--output", out_path, "Write the annotated games here (default: standard output)");
  app.add_option("--player", player_id, "The analysing player (default: [review] player, alphabeta)");
  app.add_option("--level", level, "Its level (default: [review] level, none: full strength)");
  app.add_option("--option", option_texts, "Its option NAME=VALUE (repeatable)");
  auto* nodes_option =
      app.add_option("--nodes", nodes, "Nodes searched per position (default: [review] nodes, 400000)")->check(CLI::Range(1LL, 1LL << 40));
  auto* depth_option = app.add_option("--depth", depth, "Plies searched per position instead of nodes")
                           ->check(CLI::Range(1, 99))
                           ->excludes(nodes_option);
  app.add_option("--movetime", movetime, "Milliseconds per position instead of nodes (depends on the machine)")
      ->check(CLI::Range(1, 3600000))
      ->excludes(nodes_option)
      ->excludes(depth_option);
  app.add_option("--jobs", jobs, "Positions searched at once, each by its own instance of the player (default: [review] jobs, 2)")
      ->check(CLI::Range(1, config::MaxReviewJobs));
  bool deeper = false;
  app.add_flag("--deeper", deeper,
               "Search again, at 4 times the budget, where the evaluation swings (about 2.8 times the nodes)");
  app.add_option("--isolation", isolation, "Where the player runs: process or in-process")
      ->check(CLI::IsMember({"process", "in-process"}));
  app.add_option("--config", config_path, "Read this configuration file instead of the default and user files");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }

  Result<config::Settings> loaded = config::load_settings(config::ConfigFiles::with_config_flag(config_path));
  if (!loaded) return fail(loaded.error());
  config::Settings& settings = loaded.value();
  if (!isolation.empty()) settings.isolation = isolation;
  // The analyser is the [review] seat as the flags change it, each value keeping its flag for messages.
  if (auto mistake = config::apply_seat_flags(settings, std::string(config::ReviewKey), player_id, level, option_texts,
                                              {"--player", "--level", "--option"}))
    return fail(*mistake);
  players::PluginCatalog catalog =
      players::PluginCatalog::scan(config::plugin_search_paths(settings), settings.isolation_of({}));
  auto resolved = config::resolve_review(settings, config::plugin_list(catalog));
  if (!resolved) return fail(resolved.error());
  auto seat = config::seat_to_play(*resolved, catalog);
  if (!seat) return fail(seat.error());
  auto instances = review::make_analysers(*seat, jobs > 0 ? jobs : settings.review.jobs);
  if (!instances) return fail(instances.error());
  std::vector<players::PluginPlayer*> analysers;
  for (const auto& instance : instances.value()) analysers.push_back(instance.get());

  std::ifstream in(in_path, std::ios::binary);
  if (!in) return fail(in_path + ": cannot be opened");
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::ofstream out_file;
  if (!out_path.empty()) {
    out_file.open(out_path, std::ios::trunc);
    if (!out_file) return fail(out_path + ": cannot be written");
  }
  std::ostream& out = out_path.empty() ? std::cout : out_file;

  players::Limits limits = settings.review.limits();
  if (movetime > 0 || depth > 0 || nodes > 0) limits = players::Limits{.movetime_ms = movetime, .depth = depth, .nodes = nodes};
  if (const Result<chess::OpeningNames>& names = chess::shared_opening_names(); !names)
    std::fprintf(stderr, "gambit-review: %s\n", names.error().c_str());
  chess::PgnReader reader(text);
  int number = 0, reviewed = 0, failed = 0;
  while (auto game = reader.next()) {
    ++number;
    if (!*game) {
      std::fprintf(stderr, "gambit-review: %s: %s (not reviewed)\n", in_path.c_str(), game->error().c_str());
      ++failed;
      continue;
    }
    const chess::PgnGame& pgn = game->value();
    if (!seat->plugin->plays(pgn.start.variant())) {
      std::fprintf(stderr, "gambit-review: game %d: player '%s' does not play %s (not reviewed)\n", number,
                   seat->plugin->id().c_str(), std::string(chess::names_of(pgn.start.variant()).for_people).c_str());
      ++failed;
      continue;
    }
    const bool terminal = isatty(STDERR_FILENO);
    std::size_t done = 0, deeper = 0;
    const std::size_t total = pgn.moves.size() + 1;
    auto review =
        review::review_game(analysers, pgn, limits, [&](std::size_t, const review::PositionVerdict&, bool again) {
          ++(again ? deeper : done);
          if (terminal) std::fprintf(stderr, "\rgame %d: %zu/%zu positions, %zu again deeper", number, done, total, deeper);
          return true;
        }, {}, 0, deeper);
    if (terminal) std::fprintf(stderr, "\n");
    if (!review) {
      std::fprintf(stderr, "gambit-review: game %d: %s (not reviewed)\n", number, review.error().c_str());
      ++failed;
      if (!std::ranges::all_of(analysers, [](const auto* a) { return a->usable(); })) break;
      continue;
    }
    chess::PgnGame annotated = review::annotate(pgn, review.value());
    chess::add_opening_tags(annotated);
    out << chess::write_pgn(annotated);
    ++reviewed;
  }
  out.flush();
  if (!out) return fail((out_path.empty() ? std::string("standard output") : out_path) + ": could not be written");
  std::fprintf(stderr, "gambit-review: %d game%s reviewed, %d not\n", reviewed, reviewed == 1 ? "" : "s", failed);
  return failed == 0 ? 0 : 1;
}

}  // namespace
}  // namespace gambit

int main(int argc, char** argv) { return gambit::run(argc, argv); }
