// SPDX-License-Identifier: MIT
// PGN: any text reads as games and failures, never more games than text, in
// both modes (whole games, or up to a bad move); every game read is legal from
// its start, and only a game read up to a bad move is cut short. Read with its
// variations (core/study), every game writes a PGN that reads back as the same
// tree and writes the same text again.
#include "core/chess/pgn.h"
#include "core/study/tree_pgn.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gambit;
  // Both ways of reading: whole games, and games up to their first bad move (Load).
  for (auto mode : {chess::PgnReader::Moves::Whole, chess::PgnReader::Moves::UpToError}) {
    chess::PgnReader reader(fuzz::text_of(data, size), mode);
    std::size_t read = 0;
    while (auto game = reader.next()) {
      GAMBIT_FUZZ_CHECK(++read <= size + 1);
      if (!*game) continue;
      const chess::PgnGame& g = game->value();
      GAMBIT_FUZZ_CHECK(g.cut_short.empty() || (mode == chess::PgnReader::Moves::UpToError && g.result == "*"));
      chess::Position position = g.start;
      for (chess::Move m : g.moves) {
        GAMBIT_FUZZ_CHECK(position.is_legal(m));
        position.do_move(m);
      }
    }
    study::TreePgnReader tree_reader(fuzz::text_of(data, size), mode);
    read = 0;
    while (auto game = tree_reader.next()) {
      GAMBIT_FUZZ_CHECK(++read <= size + 1);
      if (!*game) continue;
      const std::string written = study::write_tree_pgn(game->value());
      study::TreePgnReader again(written);
      auto reread = again.next();
      GAMBIT_FUZZ_CHECK(reread && *reread && reread->value().tree == game->value().tree);
      GAMBIT_FUZZ_CHECK(study::write_tree_pgn(reread->value()) == written);
      GAMBIT_FUZZ_CHECK(!again.next());
    }
  }
  return 0;
}
