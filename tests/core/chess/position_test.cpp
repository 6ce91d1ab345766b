// SPDX-License-Identifier: MIT
// Making moves: pieces, rights, counters, en-passant square and Zobrist key.
#include <gtest/gtest.h>

#include <initializer_list>

#include "core/chess/movegen.h"
#include "core/chess/position.h"

namespace gambit::chess {
namespace {

Position play(Position pos, std::initializer_list<Move> moves) {
  for (Move m : moves) {
    EXPECT_TRUE(pos.is_legal(m)) << "move " << int(m.from()) << "-" << int(m.to()) << " in\n" << pos.pretty();
    pos.do_move(m);
  }
  return pos;
}

Position from_fen(std::string_view fen) {
  Result<Position> pos = Position::from_fen(fen);
  EXPECT_TRUE(pos.ok()) << fen << ": " << (pos.ok() ? "" : pos.error());
  return pos.ok() ? *pos : Position();
}

TEST(Position, DefaultIsTheStartingPosition) {
  Position start;
  EXPECT_EQ(start.fen(), START_FEN);
  EXPECT_EQ(start.key(), from_fen(START_FEN).key());
  EXPECT_EQ(start.key(), start.compute_key());
  EXPECT_EQ(popcount(start.pieces()), 32);
}

TEST(Position, TranspositionsReachTheSameKey) {
  Position a = play(Position(), {Move(SQ_G1, SQ_F3), Move(SQ_G8, SQ_F6), Move(SQ_B1, SQ_C3)});
  Position b = play(Position(), {Move(SQ_B1, SQ_C3), Move(SQ_G8, SQ_F6), Move(SQ_G1, SQ_F3)});
  EXPECT_EQ(a.key(), b.key()) << a.pretty() << b.pretty();
  EXPECT_NE(a.key(), Position().key());
}

TEST(Position, KnightTourBackToStartDiffersOnlyByCounters) {
  Position p = play(Position(), {Move(SQ_G1, SQ_F3), Move(SQ_G8, SQ_F6), Move(SQ_F3, SQ_G1), Move(SQ_F6, SQ_G8)});
  EXPECT_EQ(p.key(), Position().key());
  EXPECT_EQ(p.halfmove_clock(), 4);
  EXPECT_EQ(p.fullmove_number(), 3);
}

TEST(Position, DoublePushSetsEnPassantOnlyWhenACaptureIsPossible) {
  Position after_e4 = play(Position(), {Move(SQ_E2, SQ_E4)});
  EXPECT_EQ(after_e4.en_passant_square(), SQ_NONE) << after_e4.pretty();

  Position p = from_fen("rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3");
  Position after_c4 = play(p, {Move(SQ_C2, SQ_C4)});
  EXPECT_EQ(after_c4.en_passant_square(), SQ_C3) << after_c4.pretty();
  EXPECT_EQ(after_c4.key(), after_c4.compute_key());

  Position after_exchange = play(after_c4, {Move(SQ_D4, SQ_C3, Move::EN_PASSANT)});
  EXPECT_EQ(after_exchange.piece_on(SQ_C4), NO_PIECE);
  EXPECT_EQ(after_exchange.piece_on(SQ_C3), B_PAWN);
  EXPECT_EQ(after_exchange.halfmove_clock(), 0);
}

// A null move is the position read from the FEN with the other side to move and
// no en-passant square, the clocks advanced: same key, same FEN.
TEST(Position, NullMovePassesTheTurnAndDropsEnPassant) {
  const char* cases[][2] = {
      {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
       "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3"},
      {"r3k2r/8/8/8/8/8/8/R3K2R b Kq - 7 40", "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 8 41"},
  };
  for (const auto& [before, after] : cases) {
    Position pos = *Position::from_fen(before);
    pos.do_null_move();
    const Position expected = *Position::from_fen(after);
    EXPECT_EQ(pos.fen(), after) << "null move in " << before;
    EXPECT_EQ(pos.key(), expected.key()) << "null move in " << before;
    EXPECT_EQ(pos.key(), pos.compute_key()) << "null move in " << before;
    EXPECT_FALSE(pos.in_check()) << "null move in " << before;
  }
}

TEST(Position, CastlingMovesTheRookAndClearsRights) {
  Position p = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 10");
  Position oo = play(p, {Move(SQ_E1, SQ_G1, Move::CASTLING)});
  EXPECT_EQ(oo.piece_on(SQ_G1), W_KING);
  EXPECT_EQ(oo.piece_on(SQ_F1), W_ROOK);
  EXPECT_EQ(oo.piece_on(SQ_H1), NO_PIECE);
  EXPECT_EQ(oo.castling_rights(), BLACK_OO | BLACK_OOO);
  EXPECT_EQ(oo.halfmove_clock(), 6);

  Position ooo = play(oo, {Move(SQ_E8, SQ_C8, Move::CASTLING)});
  EXPECT_EQ(ooo.piece_on(SQ_C8), B_KING);
  EXPECT_EQ(ooo.piece_on(SQ_D8), B_ROOK);
  EXPECT_EQ(ooo.castling_rights(), NO_CASTLING);
  EXPECT_EQ(ooo.fullmove_number(), 11);
}

TEST(Position, RookMoveLosesOnlyItsSide) {
  Position p = play(from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), {Move(SQ_H1, SQ_H2)});
  EXPECT_EQ(p.castling_rights(), WHITE_OOO | BLACK_OO | BLACK_OOO);
}

TEST(Position, PromotionWithCaptureReplacesThePawn) {
  Position p = play(from_fen("1r5k/P7/8/8/8/8/8/K7 w - - 7 40"), {Move(SQ_A7, SQ_B8, Move::PROMOTION, KNIGHT)});
  EXPECT_EQ(p.piece_on(SQ_B8), W_KNIGHT);
  EXPECT_EQ(p.piece_on(SQ_A7), NO_PIECE);
  EXPECT_EQ(popcount(p.pieces(BLACK)), 1);
  EXPECT_EQ(p.halfmove_clock(), 0);
  EXPECT_EQ(p.key(), p.compute_key());
}

TEST(Position, CheckersAreTheAttackersOfTheKing) {
  Position p = play(Position(), {Move(SQ_E2, SQ_E4), Move(SQ_F7, SQ_F6), Move(SQ_D1, SQ_H5)});
  EXPECT_EQ(p.checkers(), square_bb(SQ_H5)) << p.pretty();
  EXPECT_TRUE(p.in_check());
}

TEST(Position, CapturedType) {
  Position p = from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  EXPECT_EQ(p.captured_type(Move(SQ_E5, SQ_D6, Move::EN_PASSANT)), PAWN);
  EXPECT_EQ(p.captured_type(Move(SQ_E1, SQ_E2)), NO_PIECE_TYPE);
}

}  // namespace
}  // namespace gambit::chess
