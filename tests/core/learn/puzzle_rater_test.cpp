// SPDX-License-Identifier: MIT
// core/learn/puzzle_rater with alphabeta's measured levels: every level tries
// a puzzle; a mate in one that nearly every level finds is rated low, a
// "solution" no level plays (a quiet pawn move from the start) high.
#include "core/learn/puzzle_rater.h"

#include <gtest/gtest.h>

#include "core/learn/puzzle_maker.h"
#include "tests/core/learn/scripted_engine.h"

namespace gambit::learn {
namespace {

Puzzle puzzle_of(const std::string& fen, const std::string& solution) {
  Puzzle p;
  p.fen = at(fen).fen();
  p.solution = moves_of(at(fen), {solution});
  p.id = puzzle_id(p.fen, p.solution);
  return p;
}

TEST(PuzzleRater, TheLevelsThatSolveAPuzzleGiveItsRating) {
  auto library = players::PluginLibrary::load(GAMBIT_ALPHABETA_PLUGIN);
  ASSERT_TRUE(library) << library.error();
  auto created = PuzzleRater::create(library.value(), 1);
  ASSERT_TRUE(created) << created.error();
  PuzzleRater rater = std::move(created).value();
  const std::size_t levels = library.value()->ratings().size();

  auto easy = rater.rate(puzzle_of("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"));
  ASSERT_TRUE(easy) << easy.error();
  EXPECT_EQ(easy->attempts, levels);
  EXPECT_GE(easy->solved, int(levels) - 2) << "the levels above the lowest two always see a mate in one";

  auto hard = rater.rate(puzzle_of(Position().fen(), "h2h3"));
  ASSERT_TRUE(hard) << hard.error();
  EXPECT_LT(hard->solved, easy->solved);
  EXPECT_LT(easy->rating.rating + 300, hard->rating.rating);
}

TEST(PuzzleRater, APluginWithoutMeasuredLevelsIsRefused) {
  auto library = players::PluginLibrary::load(GAMBIT_RANDOM_PLUGIN);
  ASSERT_TRUE(library) << library.error();
  auto rater = PuzzleRater::create(library.value(), 1);
  ASSERT_FALSE(rater);
  EXPECT_NE(rater.error().find("not measured"), std::string::npos) << rater.error();
}

}  // namespace
}  // namespace gambit::learn
