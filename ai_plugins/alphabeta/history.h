// SPDX-License-Identifier: MIT
// History heuristics: statistics of which moves caused beta cutoffs, used to
// order moves and to decide how much to reduce them. Each entry moves toward a
// bonus by "gravity" (entry += bonus - entry * |bonus| / Limit), so it stays
// within +-Limit and old knowledge fades.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "core/chess/position.h"
#include "core/util/splitmix64.h"

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

// How far searches found the static evaluation off, by side to move and pawn
// structure: a structure the evaluation misjudges once it misjudges again.
// Each entry is a moving average of (search result - static evaluation) in
// 1/Grain centipawns, weighted by the search's depth and kept within
// +-MaxCorrection centipawns; correction() is what to add to an evaluation.
struct CorrectionHistory {
  static constexpr int Size = 16384;  // a power of two
  static constexpr int Grain = 256;
  static constexpr int MaxCorrection = 32;

  std::int16_t table[chess::COLOR_NB][Size] = {};

  static std::size_t index(const chess::Position& pos) {
    const std::uint64_t pawns = pos.pieces(chess::WHITE, chess::PAWN) ^
                                splitmix64_mix(pos.pieces(chess::BLACK, chess::PAWN));
    return std::size_t(splitmix64_mix(pawns) & (Size - 1));
  }
  int correction(const chess::Position& pos) const { return table[pos.side_to_move()][index(pos)] / Grain; }
  void update(const chess::Position& pos, int depth, int difference) {
    std::int16_t& entry = table[pos.side_to_move()][index(pos)];
    const int weight = depth + 1 < 16 ? depth + 1 : 16;  // out of 256
    const int target = (difference < -MaxCorrection ? -MaxCorrection : difference > MaxCorrection ? MaxCorrection
                                                                                                  : difference) *
                       Grain;
    entry = std::int16_t((entry * (256 - weight) + target * weight) / 256);
  }
};

}  // namespace gambit::alphabeta
