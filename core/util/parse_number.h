// SPDX-License-Identifier: MIT
// Whole-word decimal numbers from untrusted text (protocol lines, files):
// nothing before or after the digits, no overflow.
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>

namespace gambit {

// The integer the whole of text spells ("-12"), or nullopt ("12x", "", "+1", out of range).
inline std::optional<std::int64_t> parse_int64(std::string_view text) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace gambit
