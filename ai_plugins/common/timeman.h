// SPDX-License-Identifier: MIT
// Time management: how long one search may think, from a fixed time per move or
// from the clock (remaining time, increment, moves to the next time control).
// optimum() is the time an iteration should not start beyond when the search
// looks settled; maximum() is the hard limit the search checks as it runs.
#pragma once

#include <chrono>
#include <cstdint>

#include "gambit/player_sdk.h"

namespace gambit::ai {

class TimeManager {
 public:
  // Starts the clock for `us` under the host's limits. fallback_movetime_ms is
  // used when the host gives no time limit, no depth or node limit and no
  // "infinite" (0 = no limit of its own).
  void start(const players::Limits& limits, chess::Color us, std::int64_t fallback_movetime_ms);

  std::int64_t elapsed_ms() const;
  bool limited() const { return maximum_ms_ > 0; }
  // True when the time comes from a clock, so the search may stop early.
  bool flexible() const { return flexible_; }
  std::int64_t optimum_ms() const { return optimum_ms_; }
  std::int64_t maximum_ms() const { return maximum_ms_; }

 private:
  std::chrono::steady_clock::time_point start_;
  std::int64_t optimum_ms_ = 0;
  std::int64_t maximum_ms_ = 0;
  bool flexible_ = false;
};

}  // namespace gambit::ai
