// SPDX-License-Identifier: MIT
// Move-ordering helpers shared by the engines: which moves are "noisy", the
// most-valuable-victim / least-valuable-attacker key, static exchange
// evaluation in the engines' units, and which moves may give check.
#pragma once

#include "ai_plugins/common/evaluate.h"
#include "core/chess/exchange.h"
#include "core/chess/position.h"

namespace gambit::ai {

// Captures (en passant included) and promotions: what quiescence search plays.
inline bool is_noisy(const chess::Position& pos, chess::Move m) {
  return m.kind() == chess::Move::PROMOTION || m.kind() == chess::Move::EN_PASSANT ||
         (m.kind() == chess::Move::NORMAL && !pos.empty(m.to()));
}

// Higher for capturing a bigger piece with a smaller one; promotions count the
// promoted piece as gained. 0 for quiet moves.
int mvv_lva(const chess::Position& pos, chess::Move m);

// Static exchange evaluation (core/chess/exchange.h) on the PieceValue scale.
inline Value see(const chess::Position& pos, chess::Move m) { return chess::static_exchange(pos, m, PieceValue); }
inline bool see_ge(const chess::Position& pos, chess::Move m, Value threshold) { return see(pos, m) >= threshold; }

// Which moves of the side to move might give check, decided without playing
// them: the squares from which each piece type would attack the enemy king,
// and our pieces whose leaving uncovers one of our sliders. Exact for normal
// moves; castling, en passant and promotions are always "maybe".
class CheckCandidates {
 public:
  explicit CheckCandidates(const chess::Position& pos);
  bool maybe_check(const chess::Position& pos, chess::Move m) const;

 private:
  chess::Bitboard squares_[chess::PIECE_TYPE_NB]{};
  chess::Bitboard discoverers_ = 0;
  chess::Square their_king_;
};

}  // namespace gambit::ai
