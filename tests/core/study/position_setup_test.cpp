// SPDX-License-Identifier: MIT
#include "core/study/position_setup.h"

#include <gtest/gtest.h>

namespace gambit::study {
namespace {

using namespace chess;

TEST(PositionSetup, TheStartPositionRoundTripsThroughItsFen) {
  const Position start;
  const PositionSetup setup = PositionSetup::of(start);
  EXPECT_EQ(setup.fen(), start.fen());
  ASSERT_TRUE(setup.position());
  EXPECT_EQ(setup.position().value(), start);
}

TEST(PositionSetup, AnEmptyBoardIsNoPositionAndSaysWhy) {
  const PositionSetup setup = PositionSetup::empty();
  EXPECT_EQ(setup.fen(), "8/8/8/8/8/8/8/8 w - - 0 1");
  const Result<Position> position = setup.position();
  ASSERT_FALSE(position);
  EXPECT_NE(position.error().find("king"), std::string::npos) << position.error();
}

TEST(PositionSetup, PiecesPutAndTakenAwayMakeALegalPositionOrAReason) {
  PositionSetup setup = PositionSetup::empty();
  setup.put(SQ_E1, W_KING);
  setup.put(SQ_E8, B_KING);
  setup.put(SQ_D7, W_QUEEN);
  EXPECT_EQ(setup.fen(), "4k3/3Q4/8/8/8/8/8/4K3 w - - 0 1");
  // White to move while black is in check: not a position, in words.
  const Result<Position> illegal = setup.position();
  ASSERT_FALSE(illegal);
  EXPECT_NE(illegal.error().find("check"), std::string::npos) << illegal.error();
  setup.set_side_to_move(BLACK);
  ASSERT_TRUE(setup.position()) << setup.position().error();
  setup.put(SQ_D7, NO_PIECE);
  setup.put(SQ_A1, W_PAWN);  // a pawn on the first rank
  const Result<Position> pawn = setup.position();
  ASSERT_FALSE(pawn);
  EXPECT_NE(pawn.error().find("pawn"), std::string::npos) << pawn.error();
}

TEST(PositionSetup, CastlingRightsNeedTheirKingAndRookAtHome) {
  PositionSetup setup = PositionSetup::of(Position());
  EXPECT_TRUE(setup.set_castling(WHITE_OO, false));
  EXPECT_EQ(setup.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qkq - 0 1");
  EXPECT_TRUE(setup.set_castling(WHITE_OO, true));
  setup.put(SQ_A8, NO_PIECE);  // the rook goes: so does black's long castling
  EXPECT_EQ(setup.castling & BLACK_OOO, 0);
  EXPECT_FALSE(setup.set_castling(BLACK_OOO, true));
  EXPECT_FALSE(setup.castling_possible(BLACK_OOO));
  EXPECT_TRUE(setup.castling_possible(BLACK_OO));
}

// As on lichess's board editor: a king and rook set at home may castle, until
// the box is cleared or one of them leaves.
TEST(PositionSetup, AKingAndRookSetAtHomeGetTheirCastlingRight) {
  PositionSetup setup = PositionSetup::empty();
  setup.put(SQ_E1, W_KING);
  setup.put(SQ_E8, B_KING);
  EXPECT_EQ(setup.castling, NO_CASTLING) << "no rook yet";
  setup.put(SQ_H1, W_ROOK);
  EXPECT_EQ(setup.castling, WHITE_OO);
  setup.put(SQ_A8, B_ROOK);
  EXPECT_EQ(setup.castling, WHITE_OO | BLACK_OOO);
  EXPECT_EQ(setup.fen(), "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");
  // Cleared by hand, the right stays cleared while more pieces come.
  EXPECT_TRUE(setup.set_castling(WHITE_OO, false));
  setup.put(SQ_D4, W_QUEEN);
  EXPECT_EQ(setup.castling, BLACK_OOO);
  // The king goes and comes back: its rook is home, so the right comes again.
  setup.put(SQ_E1, NO_PIECE);
  setup.put(SQ_E1, W_KING);
  EXPECT_EQ(setup.castling, WHITE_OO | BLACK_OOO);
  // A rook of the other colour at home gives no right.
  setup.put(SQ_A1, B_ROOK);
  EXPECT_EQ(setup.castling & WHITE_OOO, 0);
  ASSERT_TRUE(setup.position()) << setup.position().error();
}

TEST(PositionSetup, Chess960RightsNeedTheKingOnItsRankAndARookBesideIt) {
  // Start #0: bbqnnrkr, the king on g1 between its rooks on f1 and h1.
  const Position start = Position::chess960_start(0);
  PositionSetup setup = PositionSetup::of(start);
  EXPECT_EQ(setup.variant, Variant::Chess960);
  EXPECT_EQ(setup.fen(), start.fen());
  ASSERT_TRUE(setup.position()) << setup.position().error();
  EXPECT_EQ(setup.position().value(), start);
  // The rook of the long right leaves: the right goes, and stays gone when another rook comes further out.
  setup.put(SQ_F1, NO_PIECE);
  EXPECT_EQ(setup.castling & WHITE_OOO, 0);
  setup.put(SQ_D1, NO_PIECE);
  setup.put(SQ_B1, W_ROOK);
  EXPECT_EQ(setup.castling & WHITE_OOO, WHITE_OOO) << "a rook brought beside the king gives the right, as at home";
  EXPECT_EQ(setup.castling_rooks[std::size_t(Position::right_index(WHITE_OOO))], SQ_B1);
  // A rook put inside the outer one: the right keeps its rook, and X-FEN names the outer one by K/Q still.
  setup.put(SQ_D1, W_ROOK);
  setup.put(SQ_A2, NO_PIECE);  // the third rook a promoted pawn
  EXPECT_EQ(setup.castling_rooks[std::size_t(Position::right_index(WHITE_OOO))], SQ_B1);
  EXPECT_EQ(setup.fen(), "bbqnnrkr/pppppppp/8/8/8/8/1PPPPPPP/BRQRN1KR w KQkq - 0 1");
  const Result<Position> position = setup.position();
  ASSERT_TRUE(position) << position.error();
  EXPECT_EQ(position.value().castling_rook(WHITE_OOO), SQ_B1);
  EXPECT_EQ(position.value().castling_rook(WHITE_OO), SQ_H1);
  // The same pieces in standard chess: no king on e1, so no white rights at all.
  setup.set_variant(Variant::Standard);
  EXPECT_EQ(setup.castling & (WHITE_OO | WHITE_OOO), 0);
  EXPECT_EQ(setup.castling & (BLACK_OO | BLACK_OOO), 0);
  EXPECT_FALSE(setup.set_castling(WHITE_OO, true));
  // Back in Chess960 the kings beside their rooks get their rights again.
  setup.set_variant(Variant::Chess960);
  EXPECT_EQ(setup.castling, WHITE_OO | WHITE_OOO | BLACK_OO | BLACK_OOO);
}

TEST(PositionSetup, Chess960NamesAnInnerRookByItsFile) {
  PositionSetup setup = PositionSetup::empty();
  setup.set_variant(Variant::Chess960);
  setup.put(SQ_C1, W_KING);
  setup.put(SQ_E1, W_ROOK);  // the short right's rook
  setup.put(SQ_H1, W_ROOK);  // further out: the right keeps e1's rook
  setup.put(SQ_G8, B_KING);
  EXPECT_EQ(setup.castling, WHITE_OO);
  EXPECT_EQ(setup.fen(), "6k1/8/8/8/8/8/8/2K1R2R w E - 0 1");
  const Result<Position> position = setup.position();
  ASSERT_TRUE(position) << position.error();
  EXPECT_EQ(position.value().castling_rook(WHITE_OO), SQ_E1);
  EXPECT_EQ(PositionSetup::of(position.value()).fen(), setup.fen());
}

TEST(PositionSetup, EnPassantOnlyBehindAPawnThatCouldHaveJustDoubleStepped) {
  Result<Position> after_e4 = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  ASSERT_TRUE(after_e4);
  PositionSetup setup = PositionSetup::of(*after_e4);
  EXPECT_EQ(setup.en_passant_choices(), std::vector<Square>{SQ_E3});
  setup.set_en_passant(SQ_E3);
  EXPECT_EQ(setup.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  setup.set_side_to_move(WHITE);  // now it would be black's pawn that moved: none did
  EXPECT_FALSE(setup.en_passant);
  EXPECT_TRUE(setup.en_passant_choices().empty());
}

}  // namespace
}  // namespace gambit::study
