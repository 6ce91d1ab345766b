// SPDX-License-Identifier: MIT
// Puzzle: a position with one winning way on, for rated puzzle training, and
// its data file puzzles.tsv (docs/puzzles-format.md).
//
// The file is text, one puzzle a line, seven fields separated by tabs: id,
// FEN, the solution in UCI moves separated by spaces, rating, deviation (whole
// numbers), themes separated by commas, and the game it was taken from (free
// text). A line starting with '#' is a comment; blank lines are skipped. A bad
// line is reported with its number and skipped; the others are read.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/chess/position.h"
#include "core/chess/types.h"

namespace gambit::learn {

// The sane ranges of a puzzle's numbers: the rating on the Glicko scale (what
// lichess's puzzles span, with room on both sides), the deviation at most
// Glicko-2's start (350: nothing is known less than a new player).
inline constexpr int MinPuzzleRating = 100;
inline constexpr int MaxPuzzleRating = 4000;
inline constexpr int MinPuzzleDeviation = 1;
inline constexpr int MaxPuzzleDeviation = 350;

// One puzzle, standard chess.
// Invariants of every puzzle read_puzzles returns:
//  - id is non-empty printable ASCII without spaces, unique in its file (and
//    does not start with '#', or its line would be a comment);
//  - fen is a legal position, the side to move being the solver;
//  - solution alternates solver, opponent, solver, ... from fen, every move
//    legal in turn, and ends with the solver's move (an odd number of moves);
//  - rating and deviation are whole numbers within the ranges above;
//  - themes are distinct words of letters and digits ("fork", "mateIn2");
//  - source has no tab and no line end.
struct Puzzle {
  std::string id;
  std::string fen;
  std::vector<chess::Move> solution;
  double rating = 1500;
  double deviation = 350;
  std::vector<std::string> themes;
  std::string source;  // the game it comes from, in words ("" when not said)

  bool has_theme(std::string_view theme) const;
  bool operator==(const Puzzle&) const = default;
};

// What read_puzzles found: the good puzzles in file order, and one sentence
// for each bad line, naming it ("line 12: the solution's move 3, 'e2e5',
// cannot be played: ...").
struct PuzzleFile {
  std::vector<Puzzle> puzzles;
  std::vector<std::string> problems;
};

// Reads the text of a puzzles.tsv file. Never fails as a whole: a bad line is
// skipped and said in problems.
PuzzleFile read_puzzles(std::string_view text);

// The line of a puzzle as read_puzzles reads it, without its line end. The
// rating and deviation are rounded to whole numbers; a tab or line end in the
// source is written as a space. For a puzzle that keeps the invariants above,
// read_puzzles(write_puzzle_line(p)) gives p back (numbers rounded).
std::string write_puzzle_line(const Puzzle& puzzle);

// The comment line that names the columns, for the top of a written file.
std::string_view puzzle_file_header();

// Whether `played` answers a step of a solution whose move there is
// `expected` (pos: the position of that step): the same move, or any move
// that mates at once (lichess accepts every mate).
bool accepts_move(const chess::Position& pos, chess::Move expected, chess::Move played);

}  // namespace gambit::learn
