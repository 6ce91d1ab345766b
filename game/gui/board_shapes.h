// SPDX-License-Identifier: MIT
// The right mouse button's arrows and circles on any board screen (Play, Demo,
// Replay, Analysis): the event turned into a shape (BoardMarking, with the
// modifier keys held), and the shapes of a position added to the board's
// scene in lichess's colours, with the one being drawn.
#pragma once

#include <SFML/Graphics.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/study/comment.h"
#include "game/gui/board_marking.h"
#include "game/gui/board_view.h"

namespace gambit::gui {

// What a right-button event on the board did: nothing (not such an event:
// false), started a shape, or drew one (*drawn). The shape's colour comes from
// the modifier keys held when the button went down.
bool handle_marking(BoardMarking& marking, const BoardView& board, const sf::Event& event,
                    std::optional<BoardMarking::Shape>& drawn);

// Adds the arrows and circles to the scene, then the shape being drawn toward
// the square under mouse.
void add_shapes(BoardScene& scene, const std::vector<study::Arrow>& arrows, const std::vector<study::Circle>& circles,
                const BoardMarking& marking, const BoardView& board, sf::Vector2f mouse);

// The shapes as the state dump lists them: "Ge2e4" (an arrow), "Rd5" (a circle).
std::vector<std::string> shape_names(const std::vector<study::Arrow>& arrows, const std::vector<study::Circle>& circles);
inline std::vector<std::string> shape_names(const BoardMarking::Shapes& shapes) {
  return shape_names(shapes.arrows, shapes.circles);
}

}  // namespace gambit::gui
