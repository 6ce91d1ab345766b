// SPDX-License-Identifier: MIT
// MoveListView: a game's moves as the numbered two-column SAN list of the play
// and replay screens: the current move highlighted, the rows scrolled with
// the mouse wheel or kept on a move, a click on a move giving the ply after it;
// a reviewed game's moves carry their marks (?!, ?, ??) in colour.
#pragma once

#include <SFML/Graphics.hpp>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "game/gui/assets.h"

namespace gambit::gui {

class MoveListView {
 public:
  // What the list keeps in view when drawn.
  enum class Follow { Nothing, LastMove, CurrentMove };

  // A reviewed move's mark ("?!", "?", "??") in its colour; empty text: none.
  struct Mark {
    std::string text;
    sf::Color color;
  };

  struct Moves {
    const std::vector<std::string>* san;  // every move of the game
    int first_number;                     // the full-move number of the first move
    bool black_first;                     // the game starts with Black to move (White's first cell stays empty)
    std::size_t current;                  // highlighted: the move leading to this ply (0 = none)
    const std::vector<Mark>* marks = nullptr;  // one per move, when the game was reviewed
  };

  void draw(sf::RenderTarget& target, const Assets& assets, const sf::FloatRect& rect, const Moves& moves,
            Follow follow, const std::string& empty_text);
  // A wheel turn over the list scrolls it; true when the event was that.
  bool scroll(const sf::Event& event);
  // The ply after the move drawn at point, if any.
  std::optional<std::size_t> ply_at(sf::Vector2f point) const;

 private:
  sf::FloatRect rect_;
  std::vector<std::pair<sf::FloatRect, std::size_t>> cells_;  // clickable SAN -> ply after it
  std::size_t first_row_ = 0;
  std::size_t rows_ = 0;
};

}  // namespace gambit::gui
