// SPDX-License-Identifier: MIT
#include "game/gui/board_shapes.h"

#include "core/chess/uci.h"

namespace gambit::gui {

namespace {

// lichess's brushes, a little transparent so the pieces show through.
sf::Color brush(study::ShapeColor color) {
  switch (color) {
    case study::ShapeColor::Green: return sf::Color(21, 120, 27, 170);
    case study::ShapeColor::Red: return sf::Color(136, 32, 32, 170);
    case study::ShapeColor::Yellow: return sf::Color(230, 143, 0, 170);
    case study::ShapeColor::Blue: return sf::Color(0, 48, 136, 170);
  }
  return sf::Color(21, 120, 27, 170);
}

bool held(sf::Keyboard::Key left, sf::Keyboard::Key right) {
  return sf::Keyboard::isKeyPressed(left) || sf::Keyboard::isKeyPressed(right);
}

}  // namespace

bool handle_marking(BoardMarking& marking, const BoardView& board, const sf::Event& event,
                    std::optional<BoardMarking::Shape>& drawn) {
  drawn.reset();
  const bool pressed = event.type == sf::Event::MouseButtonPressed;
  if ((!pressed && event.type != sf::Event::MouseButtonReleased) || event.mouseButton.button != sf::Mouse::Right)
    return false;
  const std::optional<chess::Square> square = board.square_at({float(event.mouseButton.x), float(event.mouseButton.y)});
  if (pressed) {
    const bool shift_or_ctrl = held(sf::Keyboard::LShift, sf::Keyboard::RShift) ||
                               held(sf::Keyboard::LControl, sf::Keyboard::RControl);
    marking.press(square, BoardMarking::color_for(shift_or_ctrl, held(sf::Keyboard::LAlt, sf::Keyboard::RAlt)));
  } else {
    drawn = marking.release(square);
  }
  return true;
}

void add_shapes(BoardScene& scene, const std::vector<study::Arrow>& arrows, const std::vector<study::Circle>& circles,
                const BoardMarking& marking, const BoardView& board, sf::Vector2f mouse) {
  for (const study::Arrow& arrow : arrows) scene.arrows.push_back({arrow.from, arrow.to, brush(arrow.color)});
  for (const study::Circle& circle : circles) scene.circles.push_back({circle.square, brush(circle.color)});
  if (auto shape = marking.pending(board.square_at(mouse))) {
    if (shape->circle())
      scene.circles.push_back({shape->from, brush(shape->color)});
    else
      scene.arrows.push_back({shape->from, shape->to, brush(shape->color)});
  }
}

std::vector<std::string> shape_names(const std::vector<study::Arrow>& arrows, const std::vector<study::Circle>& circles) {
  std::vector<std::string> names;
  for (const study::Arrow& a : arrows)
    names.push_back(char(a.color) + chess::square_name(a.from) + chess::square_name(a.to));
  for (const study::Circle& c : circles) names.push_back(char(c.color) + chess::square_name(c.square));
  return names;
}

}  // namespace gambit::gui
