// SPDX-License-Identifier: MIT
// What the fuzz targets share: the input as text, and a check that stops the
// run (abort: libFuzzer keeps the input) when a property does not hold.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "core/chess/position.h"

namespace gambit::fuzz {

inline std::string_view text_of(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Stops the run, naming the property that failed.
#define GAMBIT_FUZZ_CHECK(condition)                                                          \
  do {                                                                                        \
    if (!(condition)) {                                                                       \
      std::fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__, __LINE__, #condition); \
      std::abort();                                                                           \
    }                                                                                         \
  } while (0)

// Positions the move parsers are tried in: the start, a middlegame with every
// castling right, a promotion race with en passant, a three-check position.
inline const chess::Position& fuzz_position(std::size_t index) {
  static const chess::Position positions[] = {
      chess::Position(),
      *chess::Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
      *chess::Position::from_fen("8/1P4k1/8/3pP3/8/8/5p2/4K3 w - d6 0 1"),
  };
  return positions[index % (sizeof positions / sizeof positions[0])];
}

}  // namespace gambit::fuzz
