// SPDX-License-Identifier: MIT
#include "ai_plugins/common/move_order.h"

#include <gtest/gtest.h>

#include "core/chess/uci.h"

namespace gambit::ai {
namespace {

using chess::Position;

TEST(MoveOrder, SeeCountsInTheEnginesPieceValues) {
  // Pawn takes a knight defended by a pawn (core/chess/exchange_test.cpp tests the exchange itself).
  Result<Position> pos = Position::from_fen("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1");
  ASSERT_TRUE(pos.ok());
  const chess::Move m = *chess::parse_uci_move(*pos, "e4d5");
  EXPECT_EQ(see(*pos, m), PieceValue[chess::KNIGHT] - PieceValue[chess::PAWN]);
  EXPECT_TRUE(see_ge(*pos, m, PieceValue[chess::KNIGHT] - PieceValue[chess::PAWN]));
  EXPECT_FALSE(see_ge(*pos, m, PieceValue[chess::KNIGHT] - PieceValue[chess::PAWN] + 1));
}

TEST(MoveOrder, NoisyMovesAreCapturesAndPromotions) {
  Result<Position> pos = Position::from_fen("4k2n/6P1/8/3p4/4P3/8/8/4K3 w - - 0 1");
  ASSERT_TRUE(pos.ok());
  auto move = [&](const char* text) { return *chess::parse_uci_move(*pos, text); };
  EXPECT_TRUE(is_noisy(*pos, move("e4d5")));
  EXPECT_TRUE(is_noisy(*pos, move("g7g8q")));
  EXPECT_TRUE(is_noisy(*pos, move("g7h8n")));
  EXPECT_FALSE(is_noisy(*pos, move("e4e5")));
  EXPECT_FALSE(is_noisy(*pos, move("e1d2")));
}

TEST(MoveOrder, MvvLvaPrefersBigVictimsThenSmallAttackers) {
  // White can take the queen with a pawn or the rook, or the rook with the queen.
  Result<Position> pos = Position::from_fen("4k3/8/8/2q1r3/3P4/8/8/4QK2 w - - 0 1");
  ASSERT_TRUE(pos.ok()) << "test FEN";
  auto key = [&](const char* text) { return mvv_lva(*pos, *chess::parse_uci_move(*pos, text)); };
  EXPECT_GT(key("d4c5"), key("d4e5")) << pos->pretty();
  EXPECT_GT(key("d4e5"), key("e1e5")) << pos->pretty();
  EXPECT_EQ(key("e1e2"), 0);
}

}  // namespace
}  // namespace gambit::ai
