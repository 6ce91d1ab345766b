// SPDX-License-Identifier: MIT
#include "game/gui/board_marking.h"

namespace gambit::gui {

study::ShapeColor BoardMarking::color_for(bool shift_or_ctrl, bool alt) {
  if (shift_or_ctrl && alt) return study::ShapeColor::Yellow;
  if (shift_or_ctrl) return study::ShapeColor::Red;
  if (alt) return study::ShapeColor::Blue;
  return study::ShapeColor::Green;
}

void BoardMarking::press(std::optional<chess::Square> square, study::ShapeColor color) {
  from_ = square;
  color_ = color;
}

std::optional<BoardMarking::Shape> BoardMarking::release(std::optional<chess::Square> square) {
  const std::optional<Shape> drawn = pending(square);
  from_.reset();
  return drawn;
}

std::optional<BoardMarking::Shape> BoardMarking::pending(std::optional<chess::Square> hovered) const {
  if (!from_ || !hovered) return std::nullopt;
  return Shape{color_, *from_, *hovered};
}

void BoardMarking::toggle(chess::Key position, const Shape& shape) { toggle_shape(kept_[position], shape); }

const BoardMarking::Shapes& BoardMarking::shapes(chess::Key position) const {
  static const Shapes none;
  auto it = kept_.find(position);
  return it == kept_.end() ? none : it->second;
}

void toggle_shape(BoardMarking::Shapes& shapes, const BoardMarking::Shape& shape) {
  if (shape.circle())
    study::toggle_circle(shapes.circles, {shape.color, shape.from});
  else
    study::toggle_arrow(shapes.arrows, {shape.color, shape.from, shape.to});
}

}  // namespace gambit::gui
