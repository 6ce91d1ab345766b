// SPDX-License-Identifier: MIT
// FEN: any text is a position or a failure; a position's FEN reads back as the same position.
#include "core/chess/movegen.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gambit;
  for (chess::Variant variant : {chess::Variant::Standard, chess::Variant::ThreeCheck}) {
    auto position = chess::Position::from_fen(fuzz::text_of(data, size), variant);
    if (!position) continue;
    const std::string fen = position->fen();
    auto again = chess::Position::from_fen(fen, variant);
    GAMBIT_FUZZ_CHECK(again);
    GAMBIT_FUZZ_CHECK(again->fen() == fen);
    for (chess::Move m : chess::legal_moves(*position)) {
      chess::Position after = *position;
      after.do_move(m);
    }
  }
  return 0;
}
