// SPDX-License-Identifier: MIT
// History heuristics: statistics of which moves caused beta cutoffs, used to
// order moves and to decide how much to reduce them. Each entry moves toward a
// bonus by "gravity" (entry += bonus - entry * |bonus| / Limit), so it stays
// within +-Limit and old knowledge fades.
#pragma once

#include <cstdint>
#include <cstdlib>

#include "core/chess/types.h"

namespace gambit::alphabeta {

template <int Limit>
struct StatEntry {
  std::int16_t value = 0;

  operator int() const { return value; }
  void update(int bonus) {
    bonus = bonus > Limit ? Limit : bonus < -Limit ? -Limit : bonus;
    value = std::int16_t(value + bonus - value * std::abs(bonus) / Limit);
  }
};

inline constexpr int HistoryLimit = 16384;

// Quiet moves by side to move and from/to squares ("butterfly" history).
struct ButterflyHistory {
  StatEntry<HistoryLimit> table[chess::COLOR_NB][chess::SQUARE_NB * chess::SQUARE_NB];
  StatEntry<HistoryLimit>& at(chess::Color c, chess::Move m) { return table[c][m.from() * 64 + m.to()]; }
  int get(chess::Color c, chess::Move m) const { return table[c][m.from() * 64 + m.to()]; }
};

// Captures by moving piece, destination and captured piece type.
struct CaptureHistory {
  StatEntry<HistoryLimit> table[chess::PIECE_NB][chess::SQUARE_NB][chess::PIECE_TYPE_NB];
};

// Quiet moves by moving piece and destination, following one earlier move.
struct PieceToHistory {
  StatEntry<HistoryLimit> table[chess::PIECE_NB][chess::SQUARE_NB];
};

// One PieceToHistory per (piece, destination) of the earlier move; the entry for
// (NO_PIECE, a1) stands for "no earlier move" (root, after a null move).
struct ContinuationHistory {
  PieceToHistory table[chess::PIECE_NB][chess::SQUARE_NB];
};

// The reply that refuted each (piece, destination) last time.
struct CounterMoves {
  chess::Move table[chess::PIECE_NB][chess::SQUARE_NB];
};

}  // namespace gambit::alphabeta
