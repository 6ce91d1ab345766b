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
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/chess/movegen.h"
#include "core/chess/pgn.h"
#include "core/chess/san.h"
#include "core/learn/puzzle.h"
#include "core/learn/puzzle_maker.h"
#include "core/learn/puzzle_themes.h"
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

constexpr std::string_view DoneMark = "# done ";
constexpr int QuickDepth = 12;

// "games.pgn#17: alphabeta 1200 (1214) - alphabeta 1400 (1380), after 23... Qxb2": where a
// puzzle comes from, for people (a player's rating after its name when the
// game gives one).
std::string source_text(const std::string& key, const chess::PgnGame& game, std::size_t ply) {
  const auto tag = [&](const std::string& name) {
    for (const auto& [tag_name, value] : game.tags)
      if (tag_name == name) return value;
    return std::string();
  };
  const auto player = [&](const std::string& side) {
    const std::string name = tag(side), elo = tag(side + "Elo");
    return (name.empty() ? std::string("?") : name) + (elo.empty() || elo == "-" ? "" : " (" + elo + ")");
  };
  chess::Position pos = game.start;
  for (std::size_t i = 0; i + 1 < ply; ++i) pos.do_move(game.moves[i]);
  return key + ": " + player("White") + " - " + player("Black") + ", after " +
         chess::to_san_line(pos, std::span(&game.moves[ply - 1], 1));
}

// --rate: each puzzle of `inputs` not yet in OUT tried by every measured level
// of alphabeta, `tries` times each (seeds 1..tries), at the clock its levels
// were measured at (10+0.1), and written to OUT with the rating those
// attempts give (rating_from_attempts).
int rate(const std::vector<std::string>& inputs, const std::string& out_path, int tries, const match::Shard& shard) {
  std::set<std::string> rated;
  const bool fresh = !std::filesystem::exists(out_path);
  if (!fresh) {
    auto earlier = read_text_file(out_path);
    if (!earlier) return fail(earlier.error());
    for (const learn::Puzzle& p : learn::read_puzzles(*earlier).puzzles) rated.insert(p.id);
  }
  std::ofstream out(out_path, std::ios::app);
  if (!out) return fail(out_path + ": cannot be written");
  if (fresh) out << learn::puzzle_file_header() << '\n';
  auto library = players::PluginLibrary::load(plugin_directory() / "gambit_alphabeta.so");
  if (!library) return fail(library.error());
  if (library.value()->ratings().empty()) return fail("alphabeta's levels are not measured: " + library.value()->ratings_problem());
  // One player per measured level and try, each with the level's presets and its seed.
  struct Solver {
    std::unique_ptr<players::PluginPlayer> player;
    players::LevelRating measured;
  };
  std::vector<Solver> solvers;
  for (const gambit_level& level : library.value()->levels()) {
    const players::LevelRating* measured = players::find_rating(library.value()->ratings(), level.name);
    if (!measured) continue;
    for (int t = 1; t <= tries; ++t) {
      std::vector<std::pair<std::string, std::string>> options;
      for (std::uint32_t k = 0; k < level.setting_count; ++k)
        options.emplace_back(level.settings[k].name, level.settings[k].value);
      options.emplace_back("seed", std::to_string(t));
      auto player = players::PluginPlayer::create(library.value(), options);
      if (!player) return fail(player.error());
      solvers.push_back({std::move(player).value(), *measured});
    }
  }
  players::Limits clock;
  clock.time_ms = {10000, 10000};
  clock.increment_ms = {100, 100};
  std::size_t number = 0, done = 0;
  for (const std::string& input : inputs) {
    auto text = read_text_file(input);
    if (!text) return fail(text.error());
    const learn::PuzzleFile file = learn::read_puzzles(*text);
    for (const std::string& problem : file.problems) std::fprintf(stderr, "%s: %s (skipped)\n", input.c_str(), problem.c_str());
    for (learn::Puzzle puzzle : file.puzzles) {
      ++number;
      if (int((number - 1) % std::size_t(shard.count)) != shard.index - 1 || rated.count(puzzle.id)) continue;
      std::vector<learn::Attempt> attempts;
      int solved = 0;
      for (Solver& solver : solvers) {
        auto result = learn::solves(*solver.player, puzzle, clock);
        if (!result) return fail("puzzle " + puzzle.id + ": " + result.error(), 1);
        attempts.push_back({solver.measured.elo, solver.measured.deviation(), *result});
        solved += *result ? 1 : 0;
      }
      const rating::Glicko2 first = learn::rating_from_attempts(attempts);
      puzzle.rating = first.rating;
      puzzle.deviation = first.deviation;
      out << learn::write_puzzle_line(puzzle) << '\n' << std::flush;
      if (!out) return fail(out_path + ": could not be written");
      rated.insert(puzzle.id);
      std::fprintf(stderr, "%s: solved %d of %zu times: %.0f, deviation %.0f (%zu rated)\n", puzzle.id.c_str(), solved,
                   attempts.size(), first.rating, first.deviation, ++done);
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
  std::set<std::string> done, fens;
  if (auto earlier = read_text_file(out_path)) {
    for (const learn::Puzzle& p : learn::read_puzzles(*earlier).puzzles) fens.insert(p.fen);
    std::size_t at = 0;
    while ((at = earlier->find(DoneMark, at)) != std::string::npos) {
      const std::size_t end = earlier->find('\n', at);
      done.insert(earlier->substr(at + DoneMark.size(), end - at - DoneMark.size()));
      at = end;
    }
  }
  std::ofstream out(out_path, std::ios::app);
  if (!out) return fail(out_path + ": cannot be written");

  auto library = players::PluginLibrary::load(plugin_directory() / "gambit_uci.so");
  if (!library) return fail(library.error());
  auto player = players::PluginPlayer::create(std::move(library).value(), {{"command", engine}});
  if (!player) return fail(player.error());
  const learn::Analyser scan = learn::plugin_analyser(**player, {.depth = scan_depth});
  const learn::Analyser deep = learn::plugin_analyser(**player, {.depth = depth});
  // Most candidates have no clear first move: a search at the quick depth says
  // so in a fraction of the time, and only what it accepts is searched deep.
  const learn::Analyser quick = learn::plugin_analyser(**player, {.depth = std::min(depth, QuickDepth)});

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
      if (done.count(key) || !*game || game->value().start.variant() != chess::Variant::Standard) continue;
      const chess::PgnGame& g = game->value();
      // The scan: every position's score, White's view.
      std::vector<review::Score> scores;
      chess::Position pos = g.start;
      for (std::size_t ply = 0; ply <= g.moves.size(); ++ply) {
        review::Score score = review::Score::centipawns(0);
        if (chess::legal_moves(pos).size() == 0) {
          if (pos.in_check()) score = review::Score::mate(pos.side_to_move() == chess::WHITE ? -1 : 1);
        } else {
          auto lines = scan(pos, 1);
          if (!lines) return fail(key + ": " + lines.error(), 1);
          score = lines->front().score;
          if (pos.side_to_move() == chess::BLACK) score.value = -score.value;
        }
        scores.push_back(score);
        if (ply < g.moves.size()) pos.do_move(g.moves[ply]);
      }
      std::optional<std::size_t> last_found;
      for (const std::size_t ply : learn::candidate_plies(g, scores)) {
        if (last_found && ply < *last_found + learn::PuzzleSpacing) continue;
        chess::Position start = g.start;
        for (std::size_t i = 0; i < ply; ++i) start.do_move(g.moves[i]);
        if (fens.count(start.fen())) continue;
        ++searched;
        auto sifted = learn::find_solution(start, quick);
        if (!sifted) return fail(key + ": " + sifted.error(), 1);
        if (!*sifted) continue;
        auto solution = learn::find_solution(start, deep);
        if (!solution) return fail(key + ": " + solution.error(), 1);
        if (!*solution) continue;
        learn::Puzzle puzzle;
        puzzle.fen = start.fen();
        puzzle.solution = (*solution)->moves;
        puzzle.id = learn::puzzle_id(puzzle.fen, puzzle.solution);
        puzzle.themes = learn::puzzle_themes(start, **solution);
        puzzle.source = source_text(key, g, ply);
        out << learn::write_puzzle_line(puzzle) << '\n' << std::flush;
        fens.insert(puzzle.fen);
        last_found = ply;
        ++found;
      }
      out << DoneMark << key << '\n' << std::flush;
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
