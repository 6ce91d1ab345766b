// SPDX-License-Identifier: MIT
// The answer to a draw offer from a searched score (ai::accepts_draw_offer).
#include "ai_plugins/common/draw_offer.h"

#include <gtest/gtest.h>

namespace gambit::ai {
namespace {

chess::Position from_fen(const char* fen) {
  Result<chess::Position> pos = chess::Position::from_fen(fen);
  EXPECT_TRUE(pos) << fen;
  return pos ? *pos : chess::Position();
}

TEST(DrawOffer, TakenWhenClearlyWorseWhateverElse) {
  const chess::Position start;
  EXPECT_TRUE(accepts_draw_offer(-DrawWhenWorseBy, start, 1));
  EXPECT_TRUE(accepts_draw_offer(mated_in(7), start, 1));
  EXPECT_FALSE(accepts_draw_offer(-DrawWhenWorseBy + 1, start, 1)) << "a little worse, early: play on";
}

TEST(DrawOffer, NeverTakenWhenBetterOrWithoutAScore) {
  const chess::Position few = from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
  EXPECT_FALSE(accepts_draw_offer(LevelMargin + 1, few, 200));
  EXPECT_FALSE(accepts_draw_offer(mate_in(3), few, 200));
  EXPECT_FALSE(accepts_draw_offer(VALUE_NONE, few, 200)) << "no search finished";
}

TEST(DrawOffer, ALevelPositionIsDrawnOnlyWhenLittleIsLeftToPlayFor) {
  const chess::Position start;  // 32 pieces
  EXPECT_FALSE(accepts_draw_offer(0, start, 20));
  EXPECT_FALSE(accepts_draw_offer(0, start, LongGamePlies - 1));
  EXPECT_TRUE(accepts_draw_offer(0, start, LongGamePlies)) << "a long game";
  EXPECT_TRUE(accepts_draw_offer(-LevelMargin, start, LongGamePlies));
  EXPECT_TRUE(accepts_draw_offer(LevelMargin, start, LongGamePlies));

  const chess::Position ten = from_fen("4k3/ppp2r2/8/8/8/8/PPP2R2/4K3 w - - 0 1");  // FewPieces on the board
  const chess::Position eleven = from_fen("4k3/ppp2r2/8/8/8/8/PPPP1R2/4K3 w - - 0 1");
  EXPECT_TRUE(accepts_draw_offer(10, ten, 20));
  EXPECT_FALSE(accepts_draw_offer(10, eleven, 20));
}

}  // namespace
}  // namespace gambit::ai
