// SPDX-License-Identifier: MIT
#include "ai_plugins/common/timeman.h"

#include <algorithm>

namespace gambit::ai {

namespace {

// Kept back from every budget for returning the move and the host's overhead.
std::int64_t safety_margin(std::int64_t budget_ms) { return std::min<std::int64_t>(20, budget_ms / 20); }

}  // namespace

void TimeManager::start(const players::Limits& limits, chess::Color us, std::int64_t fallback_movetime_ms) {
  start_ = std::chrono::steady_clock::now();
  optimum_ms_ = maximum_ms_ = 0;
  flexible_ = false;
  if (limits.infinite) return;

  if (limits.movetime_ms > 0) {
    maximum_ms_ = optimum_ms_ = std::max<std::int64_t>(1, limits.movetime_ms - safety_margin(limits.movetime_ms));
  } else if (limits.has_clock(us)) {
    const std::int64_t left = limits.time_ms[us], increment = std::max<std::int64_t>(0, limits.increment_ms[us]);
    const std::int64_t moves = limits.moves_to_go > 0 ? std::min(limits.moves_to_go, 40) : 30;
    const std::int64_t usable = std::max<std::int64_t>(1, left - safety_margin(left) - 10);
    optimum_ms_ = std::min(usable, left / moves + increment * 3 / 4);
    maximum_ms_ = std::min(usable, std::max(optimum_ms_, std::min(optimum_ms_ * 5, left / 4 + increment)));
    optimum_ms_ = std::max<std::int64_t>(1, optimum_ms_);
    maximum_ms_ = std::max<std::int64_t>(1, maximum_ms_);
    flexible_ = true;
  } else if (limits.depth <= 0 && limits.nodes <= 0 && fallback_movetime_ms > 0) {
    maximum_ms_ = optimum_ms_ = std::max<std::int64_t>(1, fallback_movetime_ms - safety_margin(fallback_movetime_ms));
  }
}

std::int64_t TimeManager::elapsed_ms() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_).count();
}

}  // namespace gambit::ai
