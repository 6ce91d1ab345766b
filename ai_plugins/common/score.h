// SPDX-License-Identifier: MIT
// Search scores in centipawns from the side to move's view, and the mate scores
// that encode the distance to mate: mate_in(ply) for the side delivering it at
// `ply` half-moves from the root, mated_in(ply) for the side receiving it.
// Every ordinary evaluation lies strictly inside (-VALUE_KNOWN_WIN, VALUE_KNOWN_WIN).
#pragma once

#include <cstdint>

namespace gambit::ai {

using Value = int;

inline constexpr int MAX_PLY = 128;  // deepest search path any engine here follows

inline constexpr Value VALUE_ZERO = 0;
inline constexpr Value VALUE_DRAW = 0;
inline constexpr Value VALUE_KNOWN_WIN = 10000;
inline constexpr Value VALUE_MATE = 32000;
inline constexpr Value VALUE_INFINITE = 32001;
inline constexpr Value VALUE_NONE = 32002;  // "no value": never a real score
inline constexpr Value VALUE_MATE_IN_MAX_PLY = VALUE_MATE - MAX_PLY;
inline constexpr Value VALUE_MATED_IN_MAX_PLY = -VALUE_MATE_IN_MAX_PLY;

constexpr Value mate_in(int ply) { return VALUE_MATE - ply; }
constexpr Value mated_in(int ply) { return -VALUE_MATE + ply; }

constexpr bool is_mate_score(Value v) { return v >= VALUE_MATE_IN_MAX_PLY || v <= VALUE_MATED_IN_MAX_PLY; }

// The "mate in N moves" of a mate score (UCI convention): positive when the side
// to move mates, negative when it is mated.
constexpr int mate_in_moves(Value v) { return v > 0 ? (VALUE_MATE - v + 1) / 2 : -(VALUE_MATE + v) / 2; }

}  // namespace gambit::ai
