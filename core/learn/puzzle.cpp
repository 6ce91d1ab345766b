// SPDX-License-Identifier: MIT
#include "core/learn/puzzle.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "core/chess/movegen.h"
#include "core/chess/position.h"
#include "core/chess/uci.h"
#include "core/util/parse_number.h"
#include "core/util/result.h"
#include "core/util/words.h"

namespace gambit::learn {

namespace {

constexpr std::size_t FieldCount = 7;

bool is_id_character(char c) { return c > ' ' && c < 0x7F; }

bool is_theme_character(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

std::string_view trim_spaces(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return text;
}

// A whole number within [low, high], or a failure naming the field.
Result<int> whole_number(std::string_view text, std::string_view what, int low, int high) {
  const std::optional<std::int64_t> value = parse_int64(text);
  if (!value || *value < low || *value > high)
    return Failure{"the " + std::string(what) + " " + quote_for_message(text) + " is not a whole number from " +
                   std::to_string(low) + " to " + std::to_string(high)};
  return int(*value);
}

// The solution's moves played in turn from start, checked.
Result<std::vector<chess::Move>> read_solution(const chess::Position& start, std::string_view text) {
  auto line = chess::parse_uci_line(start, text);
  if (!line) return Failure{"the solution's " + line.error()};
  std::vector<chess::Move> moves = std::move(line.value());
  if (moves.empty()) return Failure{"the solution is empty (UCI moves separated by spaces, e.g. 'd1h5 g6h5 f3f7')"};
  if (moves.size() % 2 == 0)
    return Failure{"the solution has " + std::to_string(moves.size()) +
                   " moves; it must end with the solver's move (solver, opponent, ..., solver: an odd number)"};
  return moves;
}

Result<std::vector<std::string>> read_themes(std::string_view text) {
  std::vector<std::string> themes;
  if (trim_spaces(text).empty()) return themes;
  for (std::string_view field : split_fields(text, ',')) {
    const std::string_view theme = trim_spaces(field);
    if (theme.empty()) return Failure{"a theme is empty (themes are names separated by commas, e.g. 'fork,pin')"};
    if (!std::all_of(theme.begin(), theme.end(), is_theme_character))
      return Failure{"the theme " + quote_for_message(theme) + " is not a name of letters and digits (e.g. mateIn2)"};
    if (std::find(themes.begin(), themes.end(), theme) != themes.end())
      return Failure{"the theme " + quote_for_message(theme) + " is given twice"};
    themes.emplace_back(theme);
  }
  return themes;
}

// One line's puzzle, or what is wrong with it (without the line number).
Result<Puzzle> read_line(std::string_view line) {
  const std::vector<std::string_view> fields = split_fields(line, '\t');
  if (fields.size() != FieldCount)
    return Failure{"expected 7 fields separated by tabs (id, FEN, solution, rating, deviation, themes, source), "
                   "found " + std::to_string(fields.size())};
  Puzzle puzzle;
  if (fields[0].empty()) return Failure{"the id is empty"};
  if (!std::all_of(fields[0].begin(), fields[0].end(), is_id_character))
    return Failure{"the id " + quote_for_message(fields[0]) + " has a space or a character that is not plain text"};
  puzzle.id = std::string(fields[0]);
  auto position = chess::Position::from_fen(fields[1]);
  if (!position) return Failure{"the FEN " + quote_for_message(fields[1]) + " is not a position: " + position.error()};
  puzzle.fen = std::string(fields[1]);
  auto solution = read_solution(position.value(), fields[2]);
  if (!solution) return Failure{solution.error()};
  puzzle.solution = std::move(solution).value();
  auto rating = whole_number(fields[3], "rating", MinPuzzleRating, MaxPuzzleRating);
  if (!rating) return Failure{rating.error()};
  auto deviation = whole_number(fields[4], "deviation", MinPuzzleDeviation, MaxPuzzleDeviation);
  if (!deviation) return Failure{deviation.error()};
  puzzle.rating = rating.value();
  puzzle.deviation = deviation.value();
  auto themes = read_themes(fields[5]);
  if (!themes) return Failure{themes.error()};
  puzzle.themes = std::move(themes).value();
  if (fields[6].find('\r') != std::string_view::npos)
    return Failure{"the source has a carriage return in it (a line end of its own)"};
  puzzle.source = std::string(fields[6]);
  return puzzle;
}

}  // namespace

bool Puzzle::has_theme(std::string_view theme) const {
  return std::find(themes.begin(), themes.end(), theme) != themes.end();
}

PuzzleFile read_puzzles(std::string_view text) {
  PuzzleFile file;
  std::map<std::string, int, std::less<>> line_of_id;
  int number = 0;
  for (std::string_view line : split_fields(text, '\n')) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty() || line.front() == '#' || line.find_first_not_of(" \t") == std::string_view::npos) continue;
    const std::string where = "line " + std::to_string(number) + ": ";
    auto puzzle = read_line(line);
    if (!puzzle) {
      file.problems.push_back(where + puzzle.error());
      continue;
    }
    const auto [seen, added] = line_of_id.emplace(puzzle.value().id, number);
    if (!added) {
      file.problems.push_back(where + "the id " + quote_for_message(puzzle.value().id) + " is already used on line " +
                              std::to_string(seen->second));
      continue;
    }
    file.puzzles.push_back(std::move(puzzle).value());
  }
  return file;
}

std::string write_puzzle_line(const Puzzle& puzzle) {
  std::string line = puzzle.id + "\t" + puzzle.fen + "\t";
  for (std::size_t i = 0; i < puzzle.solution.size(); ++i) line += (i ? " " : "") + chess::to_uci(puzzle.solution[i]);
  line += "\t" + std::to_string(std::llround(puzzle.rating)) + "\t" + std::to_string(std::llround(puzzle.deviation)) +
          "\t";
  for (std::size_t i = 0; i < puzzle.themes.size(); ++i) line += (i ? "," : "") + puzzle.themes[i];
  line += "\t";
  for (char c : puzzle.source) line += c == '\t' || c == '\n' || c == '\r' ? ' ' : c;
  return line;
}

std::string_view puzzle_file_header() {
  return "# id\tFEN (the solver to move)\tsolution (UCI: solver, opponent, ..., solver)\trating\tdeviation\t"
         "themes\tsource game";
}

bool accepts_move(const chess::Position& pos, chess::Move expected, chess::Move played) {
  if (played == expected) return true;
  if (!pos.is_legal(played)) return false;
  chess::Position after = pos;
  after.do_move(played);
  return after.in_check() && chess::legal_moves(after).size() == 0;
}

}  // namespace gambit::learn
