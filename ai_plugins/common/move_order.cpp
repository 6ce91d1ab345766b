#include "ai_plugins/common/move_order.h"

#include <algorithm>

#include "core/chess/bitboard.h"

namespace gambit::ai {

using namespace chess;

int mvv_lva(const Position& pos, Move m) {
  const PieceType victim = pos.captured_type(m);
  int key = victim != NO_PIECE_TYPE ? 8 * PieceValue[victim] - int(type_of(pos.piece_on(m.from()))) : 0;
  if (m.kind() == Move::PROMOTION) key += 8 * (PieceValue[m.promotion()] - PieceValue[PAWN]);
  return key;
}

Value see(const Position& pos, Move m) {
  if (m.kind() != Move::NORMAL) return VALUE_ZERO;

  const Square to = m.to();
  // gain[d]: what the side making capture d wins if the sequence stops after it.
  int gain[32];
  int d = 0;
  gain[0] = PieceValue[type_of(pos.piece_on(to))];
  int on_square = PieceValue[type_of(pos.piece_on(m.from()))];

  Bitboard occupied = pos.pieces() ^ square_bb(m.from());
  Bitboard attackers = pos.attackers_to(to, occupied) & occupied;
  const Bitboard diagonal = pos.pieces(BISHOP, QUEEN), straight = pos.pieces(ROOK, QUEEN);
  Color side = ~pos.side_to_move();

  while (d < 31) {
    const Bitboard mine = attackers & pos.pieces(side);
    if (!mine) break;
    PieceType pt = PAWN;
    while (!(mine & pos.pieces(pt))) pt = PieceType(pt + 1);
    // A king cannot capture onto a square the other side still defends.
    if (pt == KING && (attackers & pos.pieces(~side))) break;

    ++d;
    gain[d] = on_square - gain[d - 1];
    if (std::max(-gain[d - 1], gain[d]) < 0) break;  // neither side would carry on
    on_square = PieceValue[pt];
    occupied ^= square_bb(lsb(mine & pos.pieces(pt)));
    if (pt == PAWN || pt == BISHOP || pt == QUEEN) attackers |= bishop_attacks(to, occupied) & diagonal;
    if (pt == ROOK || pt == QUEEN) attackers |= rook_attacks(to, occupied) & straight;
    attackers &= occupied;
    side = ~side;
  }
  while (d > 0) {
    gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
    --d;
  }
  return gain[0];
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
