// SPDX-License-Identifier: MIT
// FNV-1a, 64 bits: a hash of bytes that is the same on every machine and
// compiler, for telling whether two files or books hold the same contents
// (not for security: anyone can make two inputs with one hash).
#pragma once

#include <cstdint>
#include <string_view>

namespace gambit {

inline constexpr std::uint64_t Fnv1aStart = 0xCBF29CE484222325ULL;

// The hash of `text` continued from `hash` (Fnv1aStart for a new one).
inline std::uint64_t fnv1a(std::string_view text, std::uint64_t hash = Fnv1aStart) {
  for (const char c : text) hash = (hash ^ std::uint8_t(c)) * 0x100000001B3ULL;
  return hash;
}

}  // namespace gambit
