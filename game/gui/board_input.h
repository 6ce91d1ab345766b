// SPDX-License-Identifier: MIT
// BoardInput: what the mouse is doing on the board, in squares rather than
// pixels, so it is tested without a window. It follows lichess and GNOME Chess:
//  - pressing on a piece of the side to move selects it (and starts a drag);
//  - with a piece selected, pressing on one of its targets plays the move
//    (click-click); pressing on another own piece selects that one instead;
//    pressing anywhere else clears the selection;
//  - releasing a drag on a target plays the move; on the origin square it
//    keeps the selection (so a click is a click); anywhere else it snaps back;
//  - a pawn move to the last rank asks which piece (NeedsPromotion), and
//    choose_promotion finishes it.
#pragma once

#include <optional>
#include <vector>

#include "core/chess/position.h"
#include "core/chess/types.h"

namespace gambit::gui {

class BoardInput {
 public:
  struct Action {
    enum class Kind { None, Move, NeedsPromotion };
    Kind kind = Kind::None;
    chess::Move move = chess::Move::none();  // Move: the legal move to play
  };

  // Forgets the selection, the drag and any pending promotion.
  void reset();

  // Mouse button pressed on square (or off the board: nullopt). may_move:
  // whether the player may move now (a human to move); otherwise nothing is selected.
  Action press(const chess::Position& pos, std::optional<chess::Square> square, bool may_move);
  // Mouse button released on square (or off the board).
  Action release(const chess::Position& pos, std::optional<chess::Square> square);
  // The player picked a piece in the promotion picker (or nullopt: cancelled).
  Action choose_promotion(const chess::Position& pos, std::optional<chess::PieceType> piece);

  std::optional<chess::Square> selected() const { return selected_; }
  bool dragging() const { return dragging_; }
  // The squares the selected piece may move to (each once).
  const std::vector<chess::Square>& targets() const { return targets_; }
  // A promotion waiting for the player's choice: the pawn's move from/to.
  std::optional<std::pair<chess::Square, chess::Square>> pending_promotion() const { return promotion_; }

 private:
  void select(const chess::Position& pos, chess::Square square);
  Action move_to(const chess::Position& pos, chess::Square to);

  std::optional<chess::Square> selected_;
  std::vector<chess::Square> targets_;
  bool dragging_ = false;
  bool pressed_on_selected_ = false;  // the press began on an already selected piece
  std::optional<std::pair<chess::Square, chess::Square>> promotion_;
};

}  // namespace gambit::gui
