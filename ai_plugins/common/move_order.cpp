// SPDX-License-Identifier: MIT
#include "ai_plugins/common/move_order.h"

#include "core/chess/bitboard.h"

namespace gambit::ai {

using namespace chess;

int mvv_lva(const Position& pos, Move m) {
  const PieceType victim = pos.captured_type(m);
  int key = victim != NO_PIECE_TYPE ? 8 * PieceValue[victim] - int(type_of(pos.piece_on(m.from()))) : 0;
  if (m.kind() == Move::PROMOTION) key += 8 * (PieceValue[m.promotion()] - PieceValue[PAWN]);
  return key;
}

CheckCandidates::CheckCandidates(const Position& pos) {
  const Color us = pos.side_to_move(), them = ~us;
  const Bitboard occupied = pos.pieces();
  their_king_ = pos.king_square(them);
  squares_[PAWN] = pawn_attacks(them, their_king_);
  squares_[KNIGHT] = knight_attacks(their_king_);
  squares_[BISHOP] = bishop_attacks(their_king_, occupied);
  squares_[ROOK] = rook_attacks(their_king_, occupied);
  squares_[QUEEN] = squares_[BISHOP] | squares_[ROOK];
  Bitboard snipers = (bishop_attacks(their_king_, 0) & pos.pieces(us, BISHOP, QUEEN)) |
                     (rook_attacks(their_king_, 0) & pos.pieces(us, ROOK, QUEEN));
  while (snipers) {
    const Bitboard blockers = between(their_king_, pop_lsb(snipers)) & occupied;
    if (blockers && !more_than_one(blockers)) discoverers_ |= blockers & pos.pieces(us);
  }
}

bool CheckCandidates::maybe_check(const Position& pos, Move m) const {
  if (m.kind() != Move::NORMAL) return true;
  if ((discoverers_ & square_bb(m.from())) && !aligned(m.from(), m.to(), their_king_)) return true;
  return squares_[type_of(pos.piece_on(m.from()))] & square_bb(m.to());
}

}  // namespace gambit::ai
