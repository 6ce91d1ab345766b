// SPDX-License-Identifier: MIT
// Static exchange evaluation: what a move wins on its destination square once
// both sides have recaptured there, each with its least valuable attacker, for
// as long as it pays. The engines order and prune moves with it; the game
// review names the material a move hangs or wins with it.
#pragma once

#include <span>

#include "core/chess/position.h"

namespace gambit::chess {

// Material values by PieceType (index NO_PIECE_TYPE and KING unused but present).
using PieceValues = std::span<const int, PIECE_TYPE_NB>;

// The material m wins, in `values`' units, for the side making it. Pins are
// ignored; castling, en passant and promotions count as 0. m must be legal.
int static_exchange(const Position& pos, Move m, PieceValues values);

}  // namespace gambit::chess
