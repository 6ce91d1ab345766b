// SPDX-License-Identifier: MIT
// Unix seconds: now (unix_now: what the store keeps for when things happened),
// and as local time in strftime's format ("%Y-%m-%d %H:%M"): for file names,
// PGN dates and the Scores screen. Empty if the text would not fit in 63
// characters.
#pragma once

#include <cstdint>
#include <ctime>
#include <string>

namespace gambit {

inline std::int64_t unix_now() { return std::int64_t(std::time(nullptr)); }

inline std::string local_time_text(std::int64_t unix_seconds, const char* format) {
  const auto when = std::time_t(unix_seconds);
  std::tm local{};
  localtime_r(&when, &local);
  char text[64];
  return std::strftime(text, sizeof text, format, &local) ? text : "";
}

}  // namespace gambit
