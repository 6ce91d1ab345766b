// SPDX-License-Identifier: MIT
#include "game/gui/board_input.h"

#include <algorithm>

#include "core/chess/movegen.h"

namespace gambit::gui {

namespace {

// The squares a drop of the king means castling with: its destination, its own
// rook's square (Chess960 castles as the king taking its rook; lichess lets
// the king be dropped on the rook in standard chess too) and the move's target.
bool means_castling(const chess::Position& pos, chess::Move m, chess::Square to) {
  if (m.kind() != chess::Move::CASTLING) return false;
  const chess::CastlingRights right = pos.castling_right_of(m);
  return m.to() == to || chess::Position::castled_king(right) == to || pos.castling_rook(right) == to;
}

// The legal moves of the piece on `from` that a drop on `to` means: the moves
// to that square, or when there are none, a castling named by it.
std::vector<chess::Move> moves_meant(const chess::Position& pos, chess::Square from, chess::Square to) {
  std::vector<chess::Move> exact, castling;
  for (chess::Move m : chess::legal_moves(pos)) {
    if (m.from() != from) continue;
    if (m.to() == to) exact.push_back(m);
    else if (means_castling(pos, m, to)) castling.push_back(m);
  }
  return exact.empty() ? castling : exact;
}

}  // namespace

void BoardInput::reset() {
  selected_.reset();
  targets_.clear();
  dragging_ = false;
  pressed_on_selected_ = false;
  promotion_.reset();
}

void BoardInput::select(const chess::Position& pos, chess::Square square) {
  selected_ = square;
  targets_.clear();
  for (chess::Move m : chess::legal_moves(pos))
    if (m.from() == square && std::find(targets_.begin(), targets_.end(), m.to()) == targets_.end())
      targets_.push_back(m.to());
}

BoardInput::Action BoardInput::move_to(const chess::Position& pos, chess::Square to) {
  const chess::Square from = *selected_;
  const std::vector<chess::Move> matching = moves_meant(pos, from, to);
  reset();
  if (matching.empty()) return {};
  if (matching.size() > 1) {  // the four promotions of one pawn move
    promotion_ = std::make_pair(from, to);
    return {Action::Kind::NeedsPromotion, chess::Move::none()};
  }
  return {Action::Kind::Move, matching.front()};
}

BoardInput::Action BoardInput::press(const chess::Position& pos, std::optional<chess::Square> square, bool may_move) {
  if (promotion_) return {};  // the picker answers first
  dragging_ = false;
  pressed_on_selected_ = false;
  if (!may_move || !square) {
    reset();
    return {};
  }
  if (selected_ && *square != *selected_ && !moves_meant(pos, *selected_, *square).empty()) return move_to(pos, *square);
  const chess::Piece piece = pos.piece_on(*square);
  if (piece != chess::NO_PIECE && chess::color_of(piece) == pos.side_to_move()) {
    pressed_on_selected_ = selected_ == square;
    select(pos, *square);
    dragging_ = true;
    return {};
  }
  reset();
  return {};
}

BoardInput::Action BoardInput::release(const chess::Position& pos, std::optional<chess::Square> square) {
  if (!dragging_) return {};
  dragging_ = false;
  if (!selected_) return {};
  if (square == selected_) {
    // A click on the selected piece: the first selects, the second deselects.
    if (pressed_on_selected_) reset();
    return {};
  }
  if (square && !moves_meant(pos, *selected_, *square).empty()) return move_to(pos, *square);
  reset();  // an illegal drop snaps back
  return {};
}

BoardInput::Action BoardInput::choose_promotion(const chess::Position& pos, std::optional<chess::PieceType> piece) {
  if (!promotion_) return {};
  const auto [from, to] = *promotion_;
  reset();
  if (!piece) return {};
  for (chess::Move m : chess::legal_moves(pos))
    if (m.from() == from && m.to() == to && m.kind() == chess::Move::PROMOTION && m.promotion() == *piece)
      return {Action::Kind::Move, m};
  return {};
}

}  // namespace gambit::gui
