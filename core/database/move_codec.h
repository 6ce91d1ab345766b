// SPDX-License-Identifier: MIT
// move_codec: a game's moves in one byte each, as a database keeps them. A
// move is written as its rank among the position's legal moves ordered by
// their 16-bit code (Move::raw), an order that depends on the rules alone,
// never on how the move generator happens to list them; a position has at
// most 218 legal moves, so every rank fits a byte. Scid keeps its moves in
// about a byte each as well; SAN text takes four to five.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/chess/position.h"
#include "core/util/result.h"

namespace gambit::database {

// The moves, legal in turn from start, one byte each. Asserts that they are legal.
std::vector<std::uint8_t> encode_moves(const chess::Position& start, std::span<const chess::Move> moves);

// The moves the bytes stand for, from start; a failure in words when a byte
// names no legal move (a damaged record).
Result<std::vector<chess::Move>> decode_moves(const chess::Position& start, std::span<const std::uint8_t> bytes);

// One move's byte in pos (it must be legal there), and back (nullopt-like
// Move::none() when the byte names no legal move).
std::uint8_t move_code(const chess::Position& pos, chess::Move move);
chess::Move move_of_code(const chess::Position& pos, std::uint8_t code);

}  // namespace gambit::database
