// SPDX-License-Identifier: MIT
// MoveTreeView: an analysis board's move tree as a reader sees it in a book
// or on lichess: the main line flowing in bold, each variation on lines of its
// own, indented by how deep it lies and drawn lighter, comments in their place
// dimmed, NAGs as their symbols (!, ?, +-, ...); the current move highlighted
// and kept in view, the rest scrolled with the wheel; a click on a move gives
// its node.
#pragma once

#include <SFML/Graphics.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/study/move_tree.h"
#include "game/gui/assets.h"

namespace gambit::gui {

// The symbol a NAG is shown as: "!", "?", "!!", "??", "!?", "?!", "=", "+=",
// "=+", "+/-", "-/+", "+-", "-+" (ASCII, as ChessBase exports them); "$n" for the others.
std::string nag_symbol(int nag);

class MoveTreeView {
 public:
  // Draws the tree in rect with `current` highlighted (kept in view when follow).
  void draw(sf::RenderTarget& target, const Assets& assets, const sf::FloatRect& rect, const study::MoveTree& tree,
            study::NodeId current, bool follow);
  // A wheel turn over the view scrolls it; true when the event was that.
  bool scroll(const sf::Event& event);
  // The node of the move drawn at point, if any.
  std::optional<study::NodeId> node_at(sf::Vector2f point) const;

 private:
  struct Token {
    std::string text;
    study::NodeId node;  // none: not a move (a comment's words, a bracket)
    int style = 0;       // 0 main-line move (with its number), 1 variation move, 3 comment
  };
  struct Paragraph {
    int indent = 0;
    std::vector<Token> tokens;
  };
  struct PlacedToken {
    sf::FloatRect box;
    std::size_t token;
    std::size_t paragraph;
  };

  // The tokens of the line from `first` on, each variation in a paragraph of its own.
  void emit_line(const study::MoveTree& tree, study::NodeId first, int indent);
  void add_comment(const study::Comment& comment);

  std::vector<Paragraph> paragraphs_;
  sf::FloatRect rect_;
  float scroll_ = 0;   // pixels scrolled down
  float content_ = 0;  // height of everything laid out
  std::vector<std::pair<sf::FloatRect, study::NodeId>> cells_;  // clickable moves, in window pixels
};

}  // namespace gambit::gui
