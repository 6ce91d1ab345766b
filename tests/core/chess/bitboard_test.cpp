// SPDX-License-Identifier: MIT
// Attack tables checked against a slow ray walk written independently here.
#include <gtest/gtest.h>

#include <random>

#include "core/chess/bitboard.h"

namespace gambit::chess {
namespace {

Bitboard walk(Square s, Bitboard occupied, std::initializer_list<std::pair<int, int>> directions) {
  Bitboard result = 0;
  for (auto [df, dr] : directions) {
    for (int f = file_of(s) + df, r = rank_of(s) + dr; f >= 0 && f < 8 && r >= 0 && r < 8; f += df, r += dr) {
      result |= square_bb(make_square(f, r));
      if (occupied & square_bb(make_square(f, r))) break;
    }
  }
  return result;
}

TEST(Bitboard, SliderAttacksMatchRayWalkOnRandomOccupancies) {
  std::mt19937_64 rng(20261121);
  for (int trial = 0; trial < 20000; ++trial) {
    Bitboard occupied = rng() & rng();  // about a quarter of the squares
    Square s = Square(rng() % 64);
    ASSERT_EQ(rook_attacks(s, occupied), walk(s, occupied, {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}))
        << "square " << int(s) << " occupancy " << std::hex << occupied;
    ASSERT_EQ(bishop_attacks(s, occupied), walk(s, occupied, {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}))
        << "square " << int(s) << " occupancy " << std::hex << occupied;
  }
}

TEST(Bitboard, LeaperAttacksHaveKnownSizes) {
  EXPECT_EQ(popcount(knight_attacks(SQ_A1)), 2);
  EXPECT_EQ(popcount(knight_attacks(SQ_D4)), 8);
  EXPECT_EQ(popcount(king_attacks(SQ_H8)), 3);
  EXPECT_EQ(popcount(king_attacks(SQ_E4)), 8);
  EXPECT_EQ(pawn_attacks(WHITE, SQ_E4), square_bb(SQ_D5) | square_bb(SQ_F5));
  EXPECT_EQ(pawn_attacks(BLACK, SQ_A5), square_bb(SQ_B4));
}

TEST(Bitboard, BetweenAndLine) {
  EXPECT_EQ(between(SQ_A1, SQ_D4), square_bb(SQ_B2) | square_bb(SQ_C3));
  EXPECT_EQ(between(SQ_E1, SQ_H1), square_bb(SQ_F1) | square_bb(SQ_G1));
  EXPECT_EQ(between(SQ_A1, SQ_B3), 0u);  // not aligned
  EXPECT_EQ(between(SQ_A1, SQ_B2), 0u);  // adjacent
  EXPECT_EQ(line(SQ_C3, SQ_E5), walk(SQ_A1, 0, {{1, 1}}) | square_bb(SQ_A1));
  EXPECT_EQ(line(SQ_A2, SQ_A7), FILE_A_BB);
  EXPECT_EQ(line(SQ_A1, SQ_B3), 0u);
  EXPECT_TRUE(aligned(SQ_A1, SQ_H8, SQ_D4));
  EXPECT_FALSE(aligned(SQ_A1, SQ_H8, SQ_D5));
}

TEST(Bitboard, ShiftsDropSquaresThatWouldWrap) {
  EXPECT_EQ(shift<EAST>(FILE_H_BB), 0u);
  EXPECT_EQ(shift<WEST>(FILE_A_BB), 0u);
  EXPECT_EQ(shift<NORTH>(RANK_8_BB), 0u);
  EXPECT_EQ(shift<NORTH_EAST>(square_bb(SQ_E4)), square_bb(SQ_F5));
  EXPECT_EQ(pawn_attacks_bb<WHITE>(square_bb(SQ_A2)), square_bb(SQ_B3));
}

}  // namespace
}  // namespace gambit::chess
