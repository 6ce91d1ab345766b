// SPDX-License-Identifier: MIT
#include "game/gui/board_mouse.h"

namespace gambit::gui {

BoardInput::Action board_mouse(BoardInput& input, const BoardView& board, const chess::Position& pos,
                               const sf::Event& event, bool may_move) {
  if (event.type == sf::Event::MouseButtonPressed && event.mouseButton.button == sf::Mouse::Left) {
    const sf::Vector2f point(float(event.mouseButton.x), float(event.mouseButton.y));
    if (auto pending = input.pending_promotion())
      return input.choose_promotion(pos, board.promotion_choice_at(pending->second, pos.side_to_move(), point));
    return input.press(pos, board.square_at(point), may_move);
  }
  if (event.type == sf::Event::MouseButtonReleased && event.mouseButton.button == sf::Mouse::Left)
    return input.release(pos, board.square_at({float(event.mouseButton.x), float(event.mouseButton.y)}));
  return {};
}

void add_input(BoardScene& scene, const BoardInput& input, const chess::Position& pos, sf::Vector2f mouse) {
  scene.selected = input.selected();
  scene.targets = input.targets();
  if (input.dragging() && input.selected()) {
    scene.dragged = input.selected();
    scene.drag_point = mouse;
  }
  if (auto pending = input.pending_promotion()) scene.promotion = {{pending->second, pos.side_to_move()}};
}

}  // namespace gambit::gui
