// SPDX-License-Identifier: MIT
// human_pace: how long a level takes over a move against a person on a clock,
// as a person spends a clock: quick in the opening and over obvious moves
// (the only legal move, a recapture, few ways out of check), longer where the
// position is sharp (captures and checks about), never so long that it could
// lose on time. The level's move itself is unchanged: it is found as it was
// measured (fixed nodes) and held until its time has passed, the clock
// running (GameSession). Deterministic: the same position and seed give the
// same time.
//
// The model (docs/levels.md): a share of the time left, remaining / (50 -
// the move number, at least 25) + 0.8 increment, as people and engines
// budget; times 0.15 at move 1 rising to 1 at move 10, 0.1 for the only move,
// 0.35 for a recapture, 0.5 out of check with 3 answers or fewer, 1.3 when the
// move chosen captures or checks or the mover has 4 captures or more; times a
// random factor from 0.6 to 1.5; then at least 0.4 s and at most a twelfth of
// the time left plus the increment, always keeping 2 s in hand (the increment
// comes only after the move).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

#include "core/chess/position.h"

namespace gambit::match {

struct PaceInputs {
  const chess::Position& before;          // the position the level moves in
  chess::Move chosen;                     // its move there (legal)
  std::optional<chess::Move> last_move;   // the opponent's move that led there
  std::int64_t remaining_ms = 0;          // the level's clock as its turn began
  std::int64_t increment_ms = 0;
  std::uint64_t seed = 0;                 // the game's: the same game, the same times
};

// The time the level's move should take in all, its search included.
std::chrono::milliseconds human_pace(const PaceInputs& in);

}  // namespace gambit::match
