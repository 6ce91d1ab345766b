// SPDX-License-Identifier: MIT
#include "game/gui/frame_stats.h"

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>

namespace gambit::gui {

namespace {

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const auto index = std::size_t(std::min<double>(values.size() - 1, p / 100.0 * values.size()));
  return values[index];
}

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

}  // namespace

void FrameStats::add(double milliseconds, bool ai_thinking) {
  (ai_thinking ? thinking_ms_ : idle_ms_).push_back(milliseconds);
}

void FrameStats::print() const {
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  auto line = [](const char* what, const std::vector<double>& v) {
    std::printf("frames %-9s %6zu  p50 %.2f ms  p99 %.2f ms  max %.2f ms\n", what, v.size(), percentile(v, 50),
                percentile(v, 99), v.empty() ? 0.0 : *std::max_element(v.begin(), v.end()));
  };
  line("idle", idle_ms_);
  line("thinking", thinking_ms_);
  std::printf("cpu %.1f%% of one core over %.1f s (all threads, AI included)\n", 100.0 * cpu_seconds() / seconds,
              seconds);
  std::fflush(stdout);
}

}  // namespace gambit::gui
