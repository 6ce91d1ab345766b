// SPDX-License-Identifier: MIT
// MoveBox: where a move is typed (e4, Nf3, O-O, g1f3), as on Play, Puzzles
// and Practise: a text field, the line under it (the moves the text can still
// become, or why it is no move), and the reading of the text as a move of the
// position on the board.
//
// Keys: letters type; while it holds text, Backspace, Delete, Left, Right,
// Home, End, Ctrl+A and Ctrl+V edit it, Escape empties it and Enter submits
// it. Without text those keys are the screen's (Left/Right browse a game);
// Ctrl+V pastes even then.
#pragma once

#include <SFML/Graphics.hpp>
#include <optional>
#include <string>

#include "core/chess/position.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

class Assets;

class MoveBox {
 public:
  enum class Input {
    Ignored,    // not the box's: the screen's key
    Edited,     // typed, edited or emptied
    Submitted,  // Enter with text: the screen reads it (move, or its own commands first)
  };

  Input handle(const sf::Event& event);

  // The move the text names in pos (a beginning only one legal move finishes, "Nf" with only Nf3, is that
  // move): the box is emptied. None: why not is shown under the box, and the text stays to be mended.
  std::optional<chess::Move> take_move(const chess::Position& pos);
  // Says why the text was not played ("The game is over."), under the box.
  void refuse(std::string why) { error_ = std::move(why); }
  void clear();

  const std::string& text() const { return field_.text(); }
  const std::string& error() const { return error_; }

  // The box at (x, top), width wide, and two lines under it: the error, or the moves the text can become in
  // pos, or `otherwise` (the AI's thinking) when nothing is typed. Returns where the space under it ends.
  float draw(sf::RenderTarget& target, const Assets& assets, const chess::Position& pos, float x, float top,
             float width, const std::string& otherwise);

 private:
  TextField field_;
  std::string error_;  // why the text submitted was not played
};

}  // namespace gambit::gui
