// SPDX-License-Identifier: MIT
#include "core/learn/puzzle_finder.h"

#include <optional>
#include <span>
#include <string_view>

#include "core/chess/movegen.h"
#include "core/chess/san.h"
#include "core/learn/puzzle_themes.h"

namespace gambit::learn {

namespace {

constexpr std::string_view DoneMark = "# done ";

}  // namespace

FinderProgress read_finder_progress(const std::string& output_text) {
  FinderProgress progress;
  for (const Puzzle& p : read_puzzles(output_text).puzzles) progress.fens.insert(p.fen);
  std::size_t at = 0;
  while ((at = output_text.find(DoneMark, at)) != std::string::npos) {
    if (at > 0 && output_text[at - 1] != '\n') {  // only at the start of a line
      at += DoneMark.size();
      continue;
    }
    std::size_t end = output_text.find('\n', at);
    if (end == std::string::npos) end = output_text.size();
    progress.done.insert(output_text.substr(at + DoneMark.size(), end - at - DoneMark.size()));
    at = end;
  }
  return progress;
}

std::string done_line(const std::string& game_key) { return std::string(DoneMark) + game_key; }

Result<std::vector<review::Score>> scan_game(const chess::PgnGame& game, const Analyser& scan) {
  std::vector<review::Score> scores;
  chess::Position pos = game.start;
  for (std::size_t ply = 0; ply <= game.moves.size(); ++ply) {
    review::Score score = review::Score::centipawns(0);
    if (chess::legal_moves(pos).size() == 0) {
      if (pos.in_check()) score = review::Score::mate(pos.side_to_move() == chess::WHITE ? -1 : 1);
    } else {
      auto lines = scan(pos, 1);
      if (!lines) return Failure{lines.error()};
      if (lines->empty()) return Failure{"the scan gave no line for " + pos.fen()};
      score = lines->front().score;
      if (pos.side_to_move() == chess::BLACK) score.value = -score.value;
    }
    scores.push_back(score);
    if (ply < game.moves.size()) pos.do_move(game.moves[ply]);
  }
  return scores;
}

Result<std::vector<Puzzle>> puzzles_in_game(const chess::PgnGame& game, const std::string& game_key,
                                            const FinderAnalysers& analysers, std::set<std::string>& known_fens,
                                            std::size_t& searched) {
  auto scores = scan_game(game, analysers.scan);
  if (!scores) return Failure{scores.error()};
  std::vector<Puzzle> found;
  std::optional<std::size_t> last_found;
  for (const std::size_t ply : candidate_plies(game, *scores)) {
    if (last_found && ply < *last_found + PuzzleSpacing) continue;
    chess::Position start = game.start;
    for (std::size_t i = 0; i < ply; ++i) start.do_move(game.moves[i]);
    if (known_fens.count(start.fen())) continue;
    ++searched;
    // Most candidates have no clear first move: the quick search says so in a
    // fraction of the time, and only what it accepts is searched deep.
    auto sifted = find_solution(start, analysers.quick);
    if (!sifted) return Failure{sifted.error()};
    if (!*sifted) continue;
    auto solution = find_solution(start, analysers.deep);
    if (!solution) return Failure{solution.error()};
    if (!*solution) continue;
    Puzzle puzzle;
    puzzle.fen = start.fen();
    puzzle.solution = (*solution)->moves;
    puzzle.id = puzzle_id(puzzle.fen, puzzle.solution);
    puzzle.themes = puzzle_themes(start, **solution);
    puzzle.source = source_text(game_key, game, ply);
    known_fens.insert(puzzle.fen);
    found.push_back(std::move(puzzle));
    last_found = ply;
  }
  return found;
}

std::string source_text(const std::string& game_key, const chess::PgnGame& game, std::size_t ply) {
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
  return game_key + ": " + player("White") + " - " + player("Black") + ", after " +
         chess::to_san_line(pos, std::span(&game.moves[ply - 1], 1));
}

}  // namespace gambit::learn
