// SPDX-License-Identifier: MIT
// FrameStats (--frame-stats): how long each drawn frame took to prepare and
// present, split by whether an AI was thinking meanwhile, and the process's
// CPU use, printed when the window closes. For benchmarks, never for tests.
#pragma once

#include <chrono>
#include <vector>

namespace gambit::gui {

class FrameStats {
 public:
  FrameStats() : started_(std::chrono::steady_clock::now()) {}
  void add(double milliseconds, bool ai_thinking);
  // "frames idle ... p50 ... p99 ... max ...", the same while thinking, and the CPU use, on stdout.
  void print() const;

 private:
  std::chrono::steady_clock::time_point started_;
  std::vector<double> idle_ms_, thinking_ms_;
};

}  // namespace gambit::gui
