// SPDX-License-Identifier: MIT
// BoardMarking: what the right mouse button draws on a board, as on lichess:
// pressed and released on one square it circles that square, dragged to
// another it draws an arrow; the same shape again takes it away, in another
// colour it is recoloured. The colour comes from the modifier keys held
// (chessground's rule): none green, Shift or Ctrl red, Alt blue, both yellow.
// The shapes live with the position they were drawn on: the analysis board
// keeps them in its move tree ([%cal]/[%csl]); the other boards keep them
// here, per position, for as long as the screen lives.
#pragma once

#include <map>
#include <optional>
#include <vector>

#include "core/chess/types.h"
#include "core/study/comment.h"

namespace gambit::gui {

class BoardMarking {
 public:
  // One shape being drawn: a circle when from == to.
  struct Shape {
    study::ShapeColor color = study::ShapeColor::Green;
    chess::Square from = chess::SQ_A1, to = chess::SQ_A1;
    bool circle() const { return from == to; }
  };
  // The shapes on one position.
  struct Shapes {
    std::vector<study::Arrow> arrows;
    std::vector<study::Circle> circles;
  };

  static study::ShapeColor color_for(bool shift_or_ctrl, bool alt);

  // The right button pressed on square (nullopt: off the board, nothing is drawn).
  void press(std::optional<chess::Square> square, study::ShapeColor color);
  // The right button released on square: the shape drawn, if any.
  std::optional<Shape> release(std::optional<chess::Square> square);
  // While the button is held: the shape a release on `hovered` would draw.
  std::optional<Shape> pending(std::optional<chess::Square> hovered) const;
  void cancel() { from_.reset(); }

  // Boards without a move tree: the shape toggled on the position with this key.
  void toggle(chess::Key position, const Shape& shape);
  // The shapes on that position (empty when none).
  const Shapes& shapes(chess::Key position) const;
  // Forgets every shape (a new game).
  void clear() { kept_.clear(); }

 private:
  std::optional<chess::Square> from_;
  study::ShapeColor color_ = study::ShapeColor::Green;
  std::map<chess::Key, Shapes> kept_;
};

// Adds the shape to the position's shapes, or takes it away when it is there
// in the same colour, or recolours it (what a right-click does).
void toggle_shape(BoardMarking::Shapes& shapes, const BoardMarking::Shape& shape);

}  // namespace gambit::gui
