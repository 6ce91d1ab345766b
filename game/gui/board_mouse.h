// SPDX-License-Identifier: MIT
// The left mouse button on a board screen where the player moves (Analysis,
// Practise, Puzzles): press, drag and release, and a click in the promotion
// picker, turned into BoardInput's actions; and what the input shows on the
// board (the selection, its targets, the dragged piece, the picker).
#pragma once

#include <SFML/Window/Event.hpp>

#include "core/chess/position.h"
#include "game/gui/board_input.h"
#include "game/gui/board_view.h"

namespace gambit::gui {

// What a left-button event did on `board` showing `pos` (kind None for any
// other event). may_move: whether a press may select a piece now.
BoardInput::Action board_mouse(BoardInput& input, const BoardView& board, const chess::Position& pos,
                               const sf::Event& event, bool may_move);

// Adds the input's selection, targets, dragged piece (at mouse) and pending
// promotion to the scene of `pos`.
void add_input(BoardScene& scene, const BoardInput& input, const chess::Position& pos, sf::Vector2f mouse);

}  // namespace gambit::gui
