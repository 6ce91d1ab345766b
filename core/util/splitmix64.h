// SPDX-License-Identifier: MIT
// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit generator whose output
// function also serves as a hash that spreads nearby numbers far apart. Used
// for the Zobrist keys (at compile time), the evaluation noise of alphabeta,
// and the per-game seeds of gambit-match.
#pragma once

#include <cstdint>

namespace gambit {

// The output function: a bijection of 64-bit numbers that mixes every bit into every other.
constexpr std::uint64_t splitmix64_mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// The generator: the state advances by the golden-ratio increment; each number is its mix.
struct SplitMix64 {
  static constexpr std::uint64_t Increment = 0x9E3779B97F4A7C15ULL;
  std::uint64_t state;

  constexpr std::uint64_t next() { return splitmix64_mix(state += Increment); }
};

}  // namespace gambit
