// SPDX-License-Identifier: MIT
// gambit-make-puzzles: a developer's program that finds puzzles in games (PGN)
// by the rules of core/learn/puzzle_maker.h: a quick scan of every position,
// then a deep search (Stockfish at depth 20 by default, through the uci
// player) that builds and checks each solution. Not installed; docs/puzzles.md
// says how the shipped set was made.
//
// Resumable and shardable: each puzzle found is appended to OUT (puzzles.tsv
// format, rating 1500 and deviation 350 until rated) at once, and after each
// game a comment line "# done SOURCE" marks it, so a rerun skips the games done
// and the positions already found. --shard I/N takes games I, I+N, ... (counted
// over all the files, from 1), so N machines (GNU parallel, Slurm) share the
// work, each with its own OUT; their files are joined with cat.
//
// Then --rate gives each puzzle its first rating: which of alphabeta's
// measured levels solve it (rating_from_attempts), written to a clean file
// (no "# done" lines): the puzzles.tsv that ships.
//
// Exit status: 0 when every game was searched, 1 when the engine failed, 2 on
// bad flags or a file that cannot be read or written.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/chess/pgn.h"
#include "core/learn/puzzle.h"
#include "core/learn/puzzle_finder.h"
#include "core/learn/puzzle_maker.h"
#include "core/learn/puzzle_rater.h"
#include "core/match/match_results.h"
#include "core/players/plugin_library.h"
#include "core/util/install_layout.h"
#include "core/util/text_file.h"

namespace gambit {
namespace {

int fail(const std::string& message, int status = 2) {
  std::fprintf(stderr, "gambit-make-puzzles: %s\n", message.c_str());
  return status;
}

constexpr int QuickDepth = 12;

// --rate: each puzzle of `inputs` not yet in OUT rated by alphabeta's measured
// levels (learn::PuzzleRater, `tries` attempts each) and written to OUT.
int rate(const std::vector<std::string>& inputs, const std::string& out_path, int tries, const match::Shard& shard) {
  std::set<std::string> rated_ids;
  const bool fresh = !std::filesystem::exists(out_path);
  if (!fresh) {
    auto earlier = read_text_file(out_path);
    if (!earlier) return fail(earlier.error());
    for (const learn::Puzzle& p : learn::read_puzzles(*earlier).puzzles) rated_ids.insert(p.id);
  }
  std::ofstream out(out_path, std::ios::app);
  if (!out) return fail(out_path + ": cannot be written");
  if (fresh) out << learn::puzzle_file_header() << '\n';
  auto library = players::PluginLibrary::load(plugin_directory() / "gambit_alphabeta.so");
  if (!library) return fail(library.error());
  auto created = learn::PuzzleRater::create(library.value(), tries);
  if (!created) return fail("alphabeta: " + created.error());
  learn::PuzzleRater rater = std::move(created).value();
  std::size_t number = 0, done = 0;
  for (const std::string& input : inputs) {
    auto text = read_text_file(input);
    if (!text) return fail(text.error());
    const learn::PuzzleFile file = learn::read_puzzles(*text);
    for (const std::string& problem : file.problems) std::fprintf(stderr, "%s: %s (skipped)\n", input.c_str(), problem.c_str());
    for (learn::Puzzle puzzle : file.puzzles) {
      ++number;
      if (int((number - 1) % std::size_t(shard.count)) != shard.index - 1 || rated_ids.count(puzzle.id)) continue;
      auto rated = rater.rate(puzzle);
      if (!rated) return fail(rated.error(), 1);
      puzzle.rating = rated->rating.rating;
      puzzle.deviation = rated->rating.deviation;
      out << learn::write_puzzle_line(puzzle) << '\n' << std::flush;
      if (!out) return fail(out_path + ": could not be written");
      rated_ids.insert(puzzle.id);
      std::fprintf(stderr, "%s: solved %d of %zu times: %.0f, deviation %.0f (%zu rated)\n", puzzle.id.c_str(),
                   rated->solved, rated->attempts, puzzle.rating, puzzle.deviation, ++done);
    }
  }
  return 0;
}

int run(int argc, char** argv) {
  CLI::App app{"Finds puzzles in games: positions after a mistake with one clear winning way on, checked by a deep search."};
  std::vector<std::string> inputs;
  std::string out_path, engine = "stockfish", shard_text = "1/1";
  int depth = 20, scan_depth = 8;
  app.add_option("inputs", inputs, "PGN files of games to search (with --rate: puzzles found)")->required();
  app.add_option("-o,--output", out_path, "Append the puzzles found here (puzzles.tsv format)")->required();
  app.add_option("--engine", engine, "The UCI engine's command (default stockfish)");
  app.add_option("--depth", depth, "Depth of the deep search that builds and checks solutions (default 20)")
      ->check(CLI::Range(1, 99));
  app.add_option("--scan-depth", scan_depth, "Depth of the quick scan of every position (default 8)")
      ->check(CLI::Range(1, 99));
  app.add_option("--shard", shard_text, "Search only games I, I+N, ... of N (e.g. 2/4); with --rate, puzzles");
  bool rate_mode = false;
  int tries = 2;
  app.add_flag("--rate", rate_mode,
               "The inputs are puzzles found (puzzles.tsv): rate each by which of alphabeta's measured levels solve it, "
               "writing them with their ratings to the output");
  app.add_option("--tries", tries, "With --rate: attempts by each level (default 2)")->check(CLI::Range(1, 20));
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  auto shard = match::parse_shard(shard_text);
  if (!shard) return fail(shard.error());
  if (rate_mode) return rate(inputs, out_path, tries, *shard);

  // What an earlier run did: the games marked done, and the positions found.
  learn::FinderProgress progress;
  if (auto earlier = read_text_file(out_path)) progress = learn::read_finder_progress(*earlier);
  std::ofstream out(out_path, std::ios::app);
  if (!out) return fail(out_path + ": cannot be written");

  auto library = players::PluginLibrary::load(plugin_directory() / "gambit_uci.so");
  if (!library) return fail(library.error());
  auto player = players::PluginPlayer::create(std::move(library).value(), {{"command", engine}});
  if (!player) return fail(player.error());
  const learn::FinderAnalysers analysers{learn::plugin_analyser(**player, {.depth = scan_depth}),
                                         learn::plugin_analyser(**player, {.depth = std::min(depth, QuickDepth)}),
                                         learn::plugin_analyser(**player, {.depth = depth})};

  std::size_t number = 0, found = 0, searched = 0;
  for (const std::string& input : inputs) {
    auto text = read_text_file(input);
    if (!text) return fail(text.error());
    const std::string name = std::filesystem::path(input).filename().string();
    chess::PgnReader reader(*text, chess::PgnReader::Moves::UpToError);
    while (auto game = reader.next()) {
      ++number;
      if (int((number - 1) % std::size_t(shard->count)) != shard->index - 1) continue;
      const std::string key = name + "#" + std::to_string(number);
      if (progress.done.count(key) || !*game || game->value().start.variant() != chess::Variant::Standard) continue;
      auto puzzles = learn::puzzles_in_game(game->value(), key, analysers, progress.fens, searched);
      if (!puzzles) return fail(key + ": " + puzzles.error(), 1);
      for (const learn::Puzzle& puzzle : *puzzles) out << learn::write_puzzle_line(puzzle) << '\n';
      found += puzzles->size();
      out << learn::done_line(key) << '\n' << std::flush;
      if (!out) return fail(out_path + ": could not be written");
      std::fprintf(stderr, "%s: %zu candidates searched, %zu puzzles so far\n", key.c_str(), searched, found);
    }
  }
  std::fprintf(stderr, "gambit-make-puzzles: %zu candidates searched, %zu puzzles found\n", searched, found);
  return 0;
}

}  // namespace
}  // namespace gambit

int main(int argc, char** argv) { return gambit::run(argc, argv); }
