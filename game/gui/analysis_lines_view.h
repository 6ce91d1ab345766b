// SPDX-License-Identifier: MIT
// AnalysisLinesView: the engine's lines on the analysis board, as lichess and
// En Croissant show them: a header (the engine, the depth, the lines wanted),
// then one row per line, its score for people (white's view) in a box and its
// moves in SAN with move numbers, cut to the row; a click on a move of a line
// gives that line's moves up to it, for the board to play into the tree. Also
// the evaluation bar beside the board. Drawn from core/study AnalysisLine
// values; the SAN is worked out once per new set of lines.
#pragma once

#include <SFML/Graphics.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/chess/position.h"
#include "core/study/analysis_session.h"
#include "game/gui/assets.h"

namespace gambit::gui {

class AnalysisLinesView {
 public:
  // The lines of `position` to show (from AnalysisSession::lines()); sequence
  // tells whether they changed since the last call.
  void set_lines(const chess::Position& position, std::vector<study::AnalysisLine> lines, std::uint64_t sequence);
  const std::vector<study::AnalysisLine>& lines() const { return lines_; }
  // No lines (the engine is off); the next set_lines() shows its lines whatever their sequence.
  void clear();

  // Draws the rows in rect (header first: `header`), one row per line; returns the height used.
  float draw(sf::RenderTarget& target, const Assets& assets, const sf::FloatRect& rect, const std::string& header);
  // The moves of the line clicked at point, up to and with the move clicked
  // (a click on the score: the line's first move); nullopt off the lines.
  std::optional<std::vector<chess::Move>> moves_at(sf::Vector2f point) const;

 private:
  struct Cell {
    sf::FloatRect rect;
    std::size_t line;
    std::size_t moves;  // how many of the line's moves, this one included
  };
  chess::Position position_;
  std::vector<study::AnalysisLine> lines_;
  std::vector<std::vector<std::string>> words_;  // per line: "12.", "Nf3", "Nc6", ... and which move each SAN is
  std::vector<std::vector<std::size_t>> word_moves_;  // per word: the moves up to it (0: a move number)
  std::uint64_t sequence_ = std::uint64_t(-1);
  std::vector<Cell> cells_;
};

// The evaluation bar: white's share from the bottom (from white's side of the
// board; flipped: from the top), white's view of the score in pawns squashed
// as lichess does, with the score written at the winning end.
void draw_evaluation_bar(sf::RenderTarget& target, const Assets& assets, const sf::FloatRect& rect,
                         const std::optional<study::AnalysisLine>& best, chess::Color side_to_move, bool flipped);

// White's share of an evaluation bar for a score of `pawns` (white's view): 0.5
// at equality, toward 1 as white wins (a logistic curve, +4 pawns about 0.9).
double evaluation_share(double pawns);

}  // namespace gambit::gui
