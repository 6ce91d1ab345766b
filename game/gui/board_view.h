// SPDX-License-Identifier: MIT
// BoardView: the board on screen — where it sits in the window (square,
// centred, coordinates around it), which square is under a pixel, and drawing
// one frame of it: squares in the theme's colours, last move and check
// highlights, the selection with its legal targets (dots, rings on captures),
// circled squares, pieces (one of them possibly dragged or gliding in an
// animation), arrows, and the promotion picker.
#pragma once

#include <SFML/Graphics.hpp>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/chess/position.h"
#include "core/chess/types.h"
#include "game/gui/assets.h"

namespace gambit::gui {

// A board theme's colours. The highlights are drawn as shapes too (an inner
// frame on the last move's squares and the selected one, a ring round a king in
// check), so none is told by its colour alone.
struct BoardPalette {
  sf::Color light, dark;
  sf::Color last_move = sf::Color(246, 230, 90);  // tint and frame of the last move's squares
  sf::Color selected = sf::Color(20, 85, 30);     // tint and frame of the selected square
  sf::Color check = sf::Color(230, 40, 30);       // glow and ring of a king in check
};
// The colours of a board theme ("green", "brown", "blue", "grey", "contrast"; unknown -> green).
BoardPalette board_palette(const std::string& theme);

// Everything one frame of the board shows.
struct BoardScene {
  const chess::Position* position = nullptr;
  // The pieces to draw instead of the position's (position may then be null):
  // a set-up that is no position yet (the editor). No check and no targets shown.
  const std::array<chess::Piece, chess::SQUARE_NB>* pieces = nullptr;
  std::optional<chess::Move> last_move;
  std::optional<chess::Square> selected;
  std::vector<chess::Square> targets;  // drawn when show_targets
  bool show_targets = true;
  std::optional<chess::Square> dragged;  // this square's piece follows the mouse at drag_point
  sf::Vector2f drag_point;
  // A piece gliding from `from` to `to` (its square `to` is drawn empty meanwhile); progress 0..1.
  struct Glide {
    chess::Piece piece = chess::NO_PIECE;
    chess::Square from = chess::SQ_A1, to = chess::SQ_A1;
    float progress = 1;
  };
  std::optional<Glide> glide;
  struct Arrow {
    chess::Square from, to;
    sf::Color color;
  };
  std::vector<Arrow> arrows;
  // Circled squares (the player's marks, [%csl]): a ring under the pieces.
  struct Circle {
    chess::Square square;
    sf::Color color;
  };
  std::vector<Circle> circles;
  // The promotion picker over this square, for this colour.
  std::optional<std::pair<chess::Square, chess::Color>> promotion;
  // A premove's squares (from, to), tinted until it is played or cancelled.
  std::optional<std::pair<chess::Square, chess::Square>> premove;
};

class BoardView {
 public:
  // Places the board in area: the largest square that fits with room for coordinates, centred.
  void layout(const sf::FloatRect& area);
  void set_flipped(bool flipped) { flipped_ = flipped; }
  bool flipped() const { return flipped_; }

  const sf::FloatRect& rect() const { return rect_; }  // the 8x8 squares
  float square_size() const { return rect_.width / 8; }
  sf::Vector2f square_origin(chess::Square s) const;  // top-left pixel
  sf::Vector2f square_centre(chess::Square s) const;
  std::optional<chess::Square> square_at(sf::Vector2f point) const;

  // The promotion picker for a pawn reaching `to`: which piece is under point.
  std::optional<chess::PieceType> promotion_choice_at(chess::Square to, chess::Color side, sf::Vector2f point) const;

  void draw(sf::RenderTarget& target, const Assets& assets, const std::string& theme, const std::string& piece_set,
            const BoardScene& scene) const;

 private:
  sf::FloatRect picker_cell(chess::Square to, chess::Color side, int index) const;

  sf::FloatRect rect_;
  bool flipped_ = false;
};

}  // namespace gambit::gui
