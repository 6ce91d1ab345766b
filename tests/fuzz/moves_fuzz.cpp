// SPDX-License-Identifier: MIT
// SAN and UCI moves: any text is a legal move of the position or a failure;
// a move read back from its own SAN or UCI text is the same move.
#include "core/chess/san.h"
#include "core/chess/uci.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gambit;
  const std::string_view text = fuzz::text_of(data, size);
  for (std::size_t i = 0; i < 3; ++i) {
    const chess::Position& position = fuzz::fuzz_position(i);
    if (auto move = chess::parse_san(position, text)) {
      GAMBIT_FUZZ_CHECK(position.is_legal(*move));
      auto again = chess::parse_san(position, chess::to_san(position, *move));
      GAMBIT_FUZZ_CHECK(again && *again == *move);
    }
    if (auto move = chess::parse_uci_move(position, text)) {
      GAMBIT_FUZZ_CHECK(position.is_legal(*move));
      auto again = chess::parse_uci_move(position, chess::to_uci(*move));
      GAMBIT_FUZZ_CHECK(again && *again == *move);
    }
  }
  return 0;
}
