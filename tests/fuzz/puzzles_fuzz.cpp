// SPDX-License-Identifier: MIT
// puzzles.tsv: any text gives puzzles and problems, never a crash; every
// puzzle read keeps its invariants and its written line reads back the same.
#include "core/learn/puzzle.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gambit;
  const learn::PuzzleFile file = learn::read_puzzles(fuzz::text_of(data, size));
  for (const learn::Puzzle& puzzle : file.puzzles) {
    GAMBIT_FUZZ_CHECK(!puzzle.id.empty());
    GAMBIT_FUZZ_CHECK(puzzle.solution.size() % 2 == 1);
    const learn::PuzzleFile again = learn::read_puzzles(learn::write_puzzle_line(puzzle));
    GAMBIT_FUZZ_CHECK(again.problems.empty());
    GAMBIT_FUZZ_CHECK(again.puzzles.size() == 1 && again.puzzles[0] == puzzle);
  }
  return 0;
}
