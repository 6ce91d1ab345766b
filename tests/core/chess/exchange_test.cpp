// SPDX-License-Identifier: MIT
#include "core/chess/exchange.h"

#include <array>

#include <gtest/gtest.h>

#include "core/chess/uci.h"

namespace gambit::chess {
namespace {

// The engines' scale, so that a knight and a bishop differ.
constexpr std::array<int, PIECE_TYPE_NB> Values = {0, 100, 320, 330, 500, 950, 0};

struct ExchangeCase {
  const char* fen;
  const char* move;
  int expected;
};

TEST(StaticExchange, ScoresCaptureSequences) {
  const ExchangeCase cases[] = {
      // Pawn takes an undefended knight.
      {"4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", Values[KNIGHT]},
      // Pawn takes a knight defended by a pawn: knight for pawn.
      {"4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", Values[KNIGHT] - Values[PAWN]},
      // Queen takes a pawn defended by a pawn.
      {"4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", Values[PAWN] - Values[QUEEN]},
      // Rook takes a rook defended by a rook: even.
      {"3rk3/8/8/3r4/8/8/3R4/4K3 w - - 0 1", "d2d5", 0},
      // Doubled rooks win a pawn defended by one rook (the second rook x-rays through the first).
      {"3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", Values[PAWN]},
      // A quiet move onto a square a pawn attacks loses the piece.
      {"4k3/8/2p5/8/8/8/8/3NK3 w - - 0 1", "d1c3", 0},
      {"4k3/8/8/2p5/8/8/8/3NK3 w - - 0 1", "d1b2", 0},
      {"4k3/8/8/2p5/8/8/4N3/4K3 w - - 0 1", "e2d4", -Values[KNIGHT]},
      // The king recaptures a rook that takes its pawn...
      {"8/8/4k3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", Values[PAWN] - Values[ROOK]},
      // ...but not when the square is still defended.
      {"8/8/4k3/3p4/8/1B6/8/3RK3 w - - 0 1", "d1d5", Values[PAWN]},
  };
  for (const ExchangeCase& c : cases) {
    Result<Position> pos = Position::from_fen(c.fen);
    ASSERT_TRUE(pos.ok()) << c.fen;
    Result<Move> m = parse_uci_move(*pos, c.move);
    ASSERT_TRUE(m.ok()) << c.fen << " " << c.move;
    EXPECT_EQ(static_exchange(*pos, *m, Values), c.expected) << c.move << " in\n" << pos->pretty();
  }
}

TEST(StaticExchange, CountsInTheUnitsGiven) {
  constexpr std::array<int, PIECE_TYPE_NB> pawns = {0, 1, 3, 3, 5, 9, 0};
  Result<Position> pos = Position::from_fen("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1");
  ASSERT_TRUE(pos.ok());
  EXPECT_EQ(static_exchange(*pos, *parse_uci_move(*pos, "e4d5"), pawns), 2);
}

}  // namespace
}  // namespace gambit::chess
