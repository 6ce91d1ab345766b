// SPDX-License-Identifier: MIT
// Legal move generation. One generator (movegen.cpp) serves two sinks: a
// MoveList that receives the moves, and a counter that only adds up popcounts,
// which makes counting the legal moves of a position (perft leaves, mobility)
// much cheaper than listing them.
#pragma once

#include <cstddef>

#include "core/chess/position.h"

namespace gambit::chess {

// Which legal moves to produce. Noisy = captures (en passant included) and every
// promotion; Quiet = everything else (castling included). Noisy + Quiet = All.
enum class GenType { All, Noisy, Quiet };

// Fixed-capacity list of moves; 218 is the most legal moves any position has.
class MoveList {
 public:
  static constexpr std::size_t CAPACITY = 256;

  void push_back(Move m) {
    assert(size_ < CAPACITY);
    moves_[size_++] = m;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](std::size_t i) const { return moves_[i]; }
  Move& operator[](std::size_t i) { return moves_[i]; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  Move* begin() { return moves_; }
  Move* end() { return moves_ + size_; }
  bool contains(Move m) const;

 private:
  Move moves_[CAPACITY];
  std::size_t size_ = 0;
};

// Appends the legal moves of the given type to list (which it does not clear).
template <GenType T = GenType::All>
void generate_legal(const Position& pos, MoveList& list);

// Returns the legal moves of the position.
MoveList legal_moves(const Position& pos);

// The number of legal moves, without listing them.
std::size_t count_legal(const Position& pos);

}  // namespace gambit::chess
