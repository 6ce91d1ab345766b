// SPDX-License-Identifier: MIT
#include "core/chess/exchange.h"

#include <algorithm>

#include "core/chess/bitboard.h"

namespace gambit::chess {

int static_exchange(const Position& pos, Move m, PieceValues values) {
  if (m.kind() != Move::NORMAL) return 0;

  const Square to = m.to();
  // gain[d]: what the side making capture d wins if the sequence stops after it.
  int gain[32];
  int d = 0;
  gain[0] = values[type_of(pos.piece_on(to))];
  int on_square = values[type_of(pos.piece_on(m.from()))];

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
    on_square = values[pt];
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

}  // namespace gambit::chess
