#include "ai_plugins/common/move_order.h"

#include <gtest/gtest.h>

#include "core/chess/uci.h"

namespace gambit::ai {
namespace {

using chess::Position;

struct SeeCase {
  const char* fen;
  const char* move;
  Value expected;
};

TEST(StaticExchange, ScoresCaptureSequences) {
  const SeeCase cases[] = {
      // Pawn takes an undefended knight.
      {"4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", PieceValue[chess::KNIGHT]},
      // Pawn takes a knight defended by a pawn: knight for pawn.
      {"4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", PieceValue[chess::KNIGHT] - PieceValue[chess::PAWN]},
      // Queen takes a pawn defended by a pawn.
      {"4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", PieceValue[chess::PAWN] - PieceValue[chess::QUEEN]},
      // Rook takes a rook defended by a rook: even.
      {"3rk3/8/8/3r4/8/8/3R4/4K3 w - - 0 1", "d2d5", 0},
      // Doubled rooks win a pawn defended by one rook (the second rook x-rays through the first).
      {"3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", PieceValue[chess::PAWN]},
      // A quiet move onto a square a pawn attacks loses the piece.
      {"4k3/8/2p5/8/8/8/8/3NK3 w - - 0 1", "d1c3", 0},
      {"4k3/8/8/2p5/8/8/8/3NK3 w - - 0 1", "d1b2", 0},
      {"4k3/8/8/2p5/8/8/4N3/4K3 w - - 0 1", "e2d4", -PieceValue[chess::KNIGHT]},
      // The king recaptures a rook that takes its pawn...
      {"8/8/4k3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", PieceValue[chess::PAWN] - PieceValue[chess::ROOK]},
      // ...but not when the square is still defended.
      {"8/8/4k3/3p4/8/1B6/8/3RK3 w - - 0 1", "d1d5", PieceValue[chess::PAWN]},
  };
  for (const SeeCase& c : cases) {
    Result<Position> pos = Position::from_fen(c.fen);
    ASSERT_TRUE(pos.ok()) << c.fen;
    Result<chess::Move> m = chess::parse_uci_move(*pos, c.move);
    ASSERT_TRUE(m.ok()) << c.fen << " " << c.move;
    EXPECT_EQ(see(*pos, *m), c.expected) << c.move << " in\n" << pos->pretty();
    EXPECT_TRUE(see_ge(*pos, *m, c.expected)) << c.move << " in " << c.fen;
    EXPECT_FALSE(see_ge(*pos, *m, c.expected + 1)) << c.move << " in " << c.fen;
  }
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
