// SPDX-License-Identifier: MIT
#include "core/learn/spaced_repetition.h"

#include <algorithm>

namespace gambit::learn {

namespace {

int clamp_box(int box) { return std::clamp(box, 1, LeitnerBoxes); }

}  // namespace

std::int64_t box_interval(int box) { return BoxIntervalDays[std::size_t(clamp_box(box) - 1)] * SecondsPerDay; }

Leitner first_box(std::int64_t now) { return {1, now}; }

Leitner after_attempt(const Leitner& schedule, bool solved, std::int64_t now) {
  const int box = solved ? clamp_box(clamp_box(schedule.box) + 1) : 1;
  return {box, now + box_interval(box)};
}

}  // namespace gambit::learn
