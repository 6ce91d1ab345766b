// SPDX-License-Identifier: MIT
// FEN reading and writing: round trips, both en-passant conventions, one test per
// kind of bad input (the message must name the problem), and a fuzz test that
// no byte string crashes the parser or yields a Position breaking its invariants.
#include <gtest/gtest.h>

#include <cstddef>
#include <fstream>
#include <initializer_list>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/chess/bitboard.h"
#include "core/chess/position.h"
#include "tests/core/chess/test_positions.h"

namespace gambit::chess {
namespace {

// Asserts that the FEN is refused and that the message contains every fragment.
void expect_rejected(const std::string& fen, std::initializer_list<std::string> fragments) {
  auto result = Position::from_fen(fen);
  ASSERT_FALSE(result.ok()) << "accepted: " << fen << "\n" << result->pretty();
  for (const std::string& fragment : fragments)
    EXPECT_NE(result.error().find(fragment), std::string::npos)
        << "message for \"" << fen << "\" lacks \"" << fragment << "\": " << result.error();
}

Position parse(const std::string& fen) {
  auto result = Position::from_fen(fen);
  EXPECT_TRUE(result.ok()) << fen << ": " << (result.ok() ? "" : result.error());
  return result.ok() ? result.value() : Position();
}

// The invariants position.h promises, checked through the public API only.
void expect_invariants(const Position& pos, const std::string& source) {
  SCOPED_TRACE("from \"" + source + "\"\n" + pos.pretty());
  EXPECT_EQ(popcount(pos.pieces(WHITE, KING)), 1);
  EXPECT_EQ(popcount(pos.pieces(BLACK, KING)), 1);
  EXPECT_EQ(pos.pieces(PAWN) & (RANK_1_BB | RANK_8_BB), 0u);
  const Color us = pos.side_to_move();
  EXPECT_FALSE(pos.attacked_by(us, pos.king_square(~us), pos.pieces())) << "side not to move is in check";
  EXPECT_EQ(pos.checkers(), pos.attackers_to(pos.king_square(us), pos.pieces()) & pos.pieces(~us));
  EXPECT_EQ(pos.key(), pos.compute_key());
  struct Home {
    CastlingRights right;
    Square king_square, rook_square;
    Piece king, rook;
  };
  for (const Home& h : {Home{WHITE_OO, SQ_E1, SQ_H1, W_KING, W_ROOK}, Home{WHITE_OOO, SQ_E1, SQ_A1, W_KING, W_ROOK},
                        Home{BLACK_OO, SQ_E8, SQ_H8, B_KING, B_ROOK}, Home{BLACK_OOO, SQ_E8, SQ_A8, B_KING, B_ROOK}}) {
    if (!pos.can_castle(h.right)) continue;
    EXPECT_EQ(pos.piece_on(h.king_square), h.king);
    EXPECT_EQ(pos.piece_on(h.rook_square), h.rook);
  }
  EXPECT_GE(pos.fullmove_number(), 1);
}

TEST(Fen, LooksLikeFenOnlyForAPiecePlacement) {
  EXPECT_TRUE(looks_like_fen(START_FEN));
  EXPECT_TRUE(looks_like_fen("8/8/8/8/8/8/8/K6k"));
  EXPECT_TRUE(looks_like_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw"));
  EXPECT_FALSE(looks_like_fen("games/mine.pgn")) << "a path";
  EXPECT_FALSE(looks_like_fen("[Event \"x\"]"));
  EXPECT_FALSE(looks_like_fen("1. e4 e5"));
  EXPECT_FALSE(looks_like_fen(""));
}

TEST(Fen, StartFenIsTheStartingPosition) {
  Position pos = parse(std::string(START_FEN));
  EXPECT_EQ(pos, Position());
  EXPECT_EQ(pos.key(), Position().key());
  EXPECT_EQ(pos.fen(), START_FEN);
  EXPECT_EQ(Position().fen(), START_FEN);
  EXPECT_EQ(pos.piece_on(SQ_E1), W_KING);
  EXPECT_EQ(pos.piece_on(SQ_D8), B_QUEEN);
  EXPECT_EQ(pos.piece_on(SQ_A2), W_PAWN);
  EXPECT_EQ(pos.castling_rights(), ALL_CASTLING);
  EXPECT_EQ(pos.en_passant_square(), SQ_NONE);
  EXPECT_EQ(pos.halfmove_clock(), 0);
  EXPECT_EQ(pos.fullmove_number(), 1);
}

TEST(Fen, ReadsEveryField) {
  Position pos = parse("r3k2r/8/8/8/8/8/8/R3K2R b Kq - 12 40");
  EXPECT_EQ(pos.side_to_move(), BLACK);
  EXPECT_EQ(pos.castling_rights(), WHITE_OO | BLACK_OOO);
  EXPECT_EQ(pos.halfmove_clock(), 12);
  EXPECT_EQ(pos.fullmove_number(), 40);
  EXPECT_EQ(pos.piece_on(SQ_H8), B_ROOK);
  EXPECT_EQ(pos.piece_on(SQ_A1), W_ROOK);
  EXPECT_TRUE(pos.empty(SQ_B1));
  EXPECT_EQ(popcount(pos.pieces()), 6);
}

TEST(Fen, HandPickedFensRoundTrip) {
  for (const char* fen : {
           "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
           "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 12 40",
           "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 3 7",
           "K6k/8/8/8/8/8/8/8 w - - 99 65535",
           "8/8/8/8/8/8/8/k6K b - - 65535 1",
           "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",      // exf6 e.p. is legal
           "rnbqkbnr/pppp1ppp/8/8/3pP3/8/PPP2PPP/RNBQKBNR b KQkq e3 0 3",        // dxe3 e.p. is legal
           "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",              // 218 moves, 8 promoted pieces
           "4k3/8/5n2/3p4/4K3/8/8/8 w - - 0 1",                                  // double check
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
       }) {
    Position pos = parse(fen);
    EXPECT_EQ(pos.fen(), fen);
    expect_invariants(pos, fen);
  }
}

// The two FENs below name an en-passant square whose capture would expose the
// capturer's king along the fifth (fourth) rank, so it is written back as "-".
// Every other line of perft.epd must come back unchanged.
TEST(Fen, PerftEpdFensRoundTrip) {
  const std::vector<std::pair<std::string, std::string>> normalised = {
      {"8/8/8/K2pP2q/8/8/8/7k w - d6 0 2", "8/8/8/K2pP2q/8/8/8/7k w - - 0 2"},
      {"8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", "8/8/8/8/k2Pp2Q/8/8/3K4 b - - 0 1"},
  };
  const std::vector<std::string> fens = test_support::perft_suite_fens();
  ASSERT_EQ(fens.size(), 126u) << "could not read " GAMBIT_TEST_DATA_DIR "/perft.epd";
  int normalised_seen = 0;
  for (const std::string& fen : fens) {
    std::string expected = fen;
    for (const auto& [input, output] : normalised)
      if (fen == input) expected = output, ++normalised_seen;
    Position pos = parse(fen);
    EXPECT_EQ(pos.fen(), expected);
    expect_invariants(pos, fen);
    Position again = parse(pos.fen());
    EXPECT_EQ(again, pos) << fen;
    EXPECT_EQ(again.key(), pos.key()) << fen;
  }
  EXPECT_EQ(normalised_seen, 2);
}

TEST(Fen, EnPassantSquareWrittenAfterEveryDoublePushIsAccepted) {
  // After 1.e4 no black pawn can take on e3: the square is accepted and dropped.
  const std::string after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
  const std::string after_e4_plain = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
  Position with_square = parse(after_e4);
  Position without = parse(after_e4_plain);
  EXPECT_EQ(with_square.en_passant_square(), SQ_NONE);
  EXPECT_EQ(with_square.fen(), after_e4_plain);
  EXPECT_EQ(with_square.key(), without.key());
  EXPECT_EQ(with_square, without);
}

TEST(Fen, EnPassantSquareIsKeptWhenACaptureIsLegal) {
  const std::string fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
  const std::string plain = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3";
  Position with_square = parse(fen);
  Position without = parse(plain);
  EXPECT_EQ(with_square.en_passant_square(), SQ_F6);
  EXPECT_EQ(without.en_passant_square(), SQ_NONE);
  EXPECT_NE(with_square.key(), without.key()) << "the e.p. right must be part of the key";
  EXPECT_FALSE(with_square == without);
}

TEST(Fen, EnPassantSquareIsDroppedWhenTheOnlyCaptureIsPinned) {
  // exd6 would leave the a5 king on the fifth rank facing the h5 queen.
  Position pos = parse("8/8/8/K2pP2q/8/8/8/7k w - d6 0 2");
  EXPECT_EQ(pos.en_passant_square(), SQ_NONE);
  EXPECT_EQ(pos.key(), parse("8/8/8/K2pP2q/8/8/8/7k w - - 0 2").key());
}

TEST(Fen, MoveCountersMayBeOmitted) {
  Position pos = parse("r3k2r/8/8/8/8/8/8/R3K2R b kq -");
  EXPECT_EQ(pos.halfmove_clock(), 0);
  EXPECT_EQ(pos.fullmove_number(), 1);
  EXPECT_EQ(pos.fen(), "r3k2r/8/8/8/8/8/8/R3K2R b kq - 0 1");
}

TEST(Fen, WhitespaceAroundAndBetweenFieldsIsAccepted) {
  Position pos = parse("  \trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \t w  KQkq\t\t-   0 1 \r\n");
  EXPECT_EQ(pos.fen(), START_FEN);
}

TEST(Fen, CastlingLettersInAnyOrderAndConsecutiveDigits) {
  Position pos = parse("r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1");
  EXPECT_EQ(pos.castling_rights(), ALL_CASTLING);
  EXPECT_EQ(pos.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(parse("rnbqkbnr/pppppppp/44/332/11111111/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").fen(), START_FEN);
}

TEST(Fen, FullmoveZeroIsReadAsOne) {
  Position pos = parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0");
  EXPECT_EQ(pos.fullmove_number(), 1);
  EXPECT_EQ(pos.fen(), START_FEN);
  EXPECT_EQ(parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 007 012").fen(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 12");
}

TEST(FenErrors, EmptyOrBlank) {
  expect_rejected("", {"empty"});
  expect_rejected(" \t \n ", {"blank"});
}

TEST(FenErrors, WrongFieldCount) {
  expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", {"1 field;", "expected 6"});
  expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", {"3 fields"});
  expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", {"5 fields"});
  expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", {"7 fields"});
}

TEST(FenErrors, WrongRankCount) {
  expect_rejected("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"7 ranks", "expected 8"});
  expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"9 ranks"});
  expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1", {"9 ranks"});
}

TEST(FenErrors, WrongSquareCountInARank) {
  expect_rejected("rnbqkbnr/pppppppp/8/p8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"rank 5", "9 squares", "'p8'"});
  expect_rejected("rnbqkbnr/pppppppp/8/8/7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"rank 4", "7 squares"});
  expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", {"rank 1", "9 squares"});
  expect_rejected("rnbqkbnr/pppppppp/8/8/8/8//RNBQKBNR w KQkq - 0 1", {"rank 2", "0 squares"});
  expect_rejected("rnbqkbnr/pppppppp/8/44/54/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"rank 4", "9 squares", "'54'"});
}

TEST(FenErrors, UnknownPieceLetter) {
  expect_rejected("rnbqkbnr/pppppppp/8/8/3x4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"rank 4", "unknown piece letter 'x'"});
  expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNA w KQkq - 0 1", {"'A'"});
  expect_rejected(std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\xc3\xa9 w KQkq - 0 1"), {"'\\xc3'"});
}

TEST(FenErrors, DigitZeroOrNine) {
  expect_rejected("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"rank 6", "'9'"});
  expect_rejected("rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"rank 6", "'0'"});
}

TEST(FenErrors, KingCount) {
  expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNK w kq - 0 1", {"White has 2 kings"});
  expect_rejected("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", {"Black has no king"});
  expect_rejected("8/8/8/8/8/8/8/8 w - - 0 1", {"White has no king"});
}

TEST(FenErrors, PawnOnFirstOrEighthRank) {
  expect_rejected("rnbqkbPr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1", {"white pawn on g8", "eighth rank"});
  expect_rejected("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", {"black pawn on a1", "first"});
}

TEST(FenErrors, ImpossibleMaterial) {
  expect_rejected("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", {"Black has 9 pawns"});
  expect_rejected("qqqqkqqq/qqqqqqqq/q7/8/8/8/8/4K3 w - - 0 1", {"Black has 17 pieces"});
  expect_rejected("nnnnknnn/nnnnnnn1/8/8/8/8/8/4K3 w - - 0 1",
                  {"Black has", "12 beyond the starting set", "8 pawns missing"});
  expect_rejected("4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1",
                  {"White has", "1 beyond the starting set", "0 pawns missing"});
  EXPECT_TRUE(Position::from_fen("4k3/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1").ok()) << "one pawn promoted to a queen";
}

TEST(FenErrors, SideToMove) {
  expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", {"side to move 'x'"});
  expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", {"side to move 'W'"});
  expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1", {"side to move 'white'"});
}

TEST(FenErrors, SideNotToMoveInCheck) {
  expect_rejected("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", {"Black (not to move) is in check"});
  expect_rejected("4k3/8/8/8/8/8/3p4/4K3 b - - 0 1", {"White (not to move) is in check"});
  expect_rejected("8/8/8/8/8/8/8/kK6 w - - 0 1", {"(not to move) is in check"});
}

TEST(FenErrors, MoreThanTwoCheckers) {
  expect_rejected("4k3/8/5n2/3p1p2/4K3/8/8/8 w - - 0 1", {"White (to move)", "3 pieces"});
}

TEST(FenErrors, CastlingLetters) {
  expect_rejected("r3k2r/8/8/8/8/8/8/R3K2R w KQkx - 0 1", {"'x'", "KQkq"});
  expect_rejected("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", {"'H'", "Shredder"});
  expect_rejected("r3k2r/8/8/8/8/8/8/R3K2R w KQ-k - 0 1", {"'-'"});
  expect_rejected("r3k2r/8/8/8/8/8/8/R3K2R w KQKq - 0 1", {"repeat 'K'"});
  expect_rejected("r3k2r/8/8/8/8/8/8/R3K2R w qq - 0 1", {"repeat 'q'"});
}

TEST(FenErrors, CastlingRightWithoutKingOrRook) {
  expect_rejected("r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1", {"'K'", "white king on e1", "e1 is empty"});
  expect_rejected("r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1", {"'K'", "white rook on h1", "h1 is empty"});
  expect_rejected("r3k2r/8/8/8/8/8/8/N3K2R w Qkq - 0 1", {"'Q'", "white rook on a1", "a1 holds a white knight"});
  expect_rejected("r2k3r/8/8/8/8/8/8/R3K2R w k - 0 1", {"'k'", "black king on e8"});
  expect_rejected("1r2k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", {"'q'", "black rook on a8"});
}

TEST(FenErrors, EnPassantSquareSyntax) {
  for (const char* field : {"e9", "E3", "e33", "i6", "3e", "x"})
    expect_rejected(std::string("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq ") + field + " 0 1",
                    {"en-passant square '" + std::string(field) + "'"});
}

TEST(FenErrors, EnPassantSquareOnTheWrongRank) {
  expect_rejected("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1", {"e6", "Black to move", "rank 3"});
  expect_rejected("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", {"e3", "White to move", "rank 6"});
}

TEST(FenErrors, EnPassantWithoutThePawnThatJustMoved) {
  expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
                  {"e3", "white pawn on e4", "e4 is empty"});
  expect_rejected("rnbqkbnr/pppp1ppp/8/4n3/8/8/PPPPPPPP/RNBQKB1R w KQkq e6 0 1",
                  {"e6", "black pawn on e5", "e5 holds a black knight"});
}

TEST(FenErrors, EnPassantSquaresMustBeEmpty) {
  expect_rejected("rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1",
                  {"e3 must be empty", "white knight"});
  expect_rejected("rnbqkbnr/pppppppp/8/8/4P3/8/PPPPBPPP/RNBQK1NR b KQkq e3 0 1", {"e2 empty", "white bishop"});
}

TEST(FenErrors, MoveCounters) {
  const std::string board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ";
  expect_rejected(board + "-3 1", {"halfmove clock '-3' is not a non-negative number"});
  expect_rejected(board + "+3 1", {"halfmove clock '+3'"});
  expect_rejected(board + "3x 1", {"halfmove clock '3x'"});
  expect_rejected(board + "0 1.5", {"fullmove number '1.5'"});
  expect_rejected(board + "0 -", {"fullmove number '-'"});
  expect_rejected(board + "65536 1", {"halfmove clock '65536'", "too large"});
  expect_rejected(board + "0 99999999999999999999999999", {"fullmove number", "too large"});
  EXPECT_TRUE(Position::from_fen(board + "65535 65535").ok());
}

TEST(FenErrors, HugeAndBinaryInputsFailCleanly) {
  const std::size_t mb = 1 << 20;
  expect_rejected(std::string(mb, 'p'), {"1 field;"});
  expect_rejected(std::string(mb, '\0'), {"1 field;"});
  expect_rejected(std::string(mb, '/') + " w - - 0 1", {"ranks"});
  expect_rejected(std::string(mb, '8') + "/8/8/8/8/8/8/8 w - - 0 1", {"rank 8", "squares"});
  std::string many_fields;
  for (std::size_t i = 0; i < mb / 2; ++i) many_fields += "a ";
  expect_rejected(many_fields, {"fields"});
  expect_rejected(std::string(START_FEN) + std::string(mb, 'x'), {"fullmove number", "..."});
  expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 " + std::string(mb, '9'), {"too large"});
  expect_rejected(std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K\0kq - 0 1", 56), {"'\\x00'"});
  // Trailing whitespace of any length is fine.
  EXPECT_TRUE(Position::from_fen(std::string(START_FEN) + std::string(mb, ' ')).ok());
}

// Whatever the parser is fed, it either fails with a message or yields a Position
// that keeps every invariant and that its own fen() reproduces exactly.
void check_parse_outcome(const std::string& input, int& accepted) {
  auto result = Position::from_fen(input);
  if (!result.ok()) {
    EXPECT_FALSE(result.error().empty()) << "empty message for: " << input;
    return;
  }
  ++accepted;
  const Position& pos = result.value();
  expect_invariants(pos, input);
  const std::string fen = pos.fen();
  auto again = Position::from_fen(fen);
  ASSERT_TRUE(again.ok()) << "fen() output refused: " << fen << " (" << again.error() << ") from input " << input;
  EXPECT_EQ(again.value(), pos) << fen;
  EXPECT_EQ(again->key(), pos.key()) << fen;
  EXPECT_EQ(again->fen(), fen);
}

TEST(FenFuzz, RandomBytesNeverCrash) {
  std::mt19937_64 rng(20240601);
  const std::string fen_alphabet = "pnbrqkPNBRQK0123456789/ -wbKQkqabcdefgh\t";
  int accepted = 0;
  for (int i = 0; i < 4000; ++i) {
    std::string input(rng() % 90, '\0');
    const bool fen_like = i % 2;
    for (char& c : input) c = fen_like ? fen_alphabet[rng() % fen_alphabet.size()] : char(rng() & 0xff);
    check_parse_outcome(input, accepted);
  }
}

TEST(FenFuzz, MutatedValidFensNeverBreakInvariants) {
  std::mt19937_64 rng(7);
  std::vector<std::string> seeds = test_support::perft_suite_fens();
  ASSERT_FALSE(seeds.empty());
  seeds.emplace_back(START_FEN);
  const std::string fen_alphabet = "pnbrqkPNBRQK0123456789/ -wbKQkqabcdefgh";
  auto random_char = [&] { return rng() % 8 ? fen_alphabet[rng() % fen_alphabet.size()] : char(rng() & 0xff); };
  int accepted = 0;
  const int trials = 20000;
  for (int i = 0; i < trials; ++i) {
    std::string input = seeds[rng() % seeds.size()];
    for (int edits = 1 + int(rng() % 3); edits > 0 && !input.empty(); --edits) {
      const std::size_t at = rng() % input.size();
      switch (rng() % 5) {
        case 0: input[at] = random_char(); break;
        case 1: input.erase(at, 1); break;
        case 2: input.insert(input.begin() + std::ptrdiff_t(at), random_char()); break;
        case 3: std::swap(input[at], input[rng() % input.size()]); break;
        case 4: input.insert(at, input.substr(rng() % input.size(), rng() % 6)); break;
      }
    }
    check_parse_outcome(input, accepted);
    if (HasFatalFailure()) return;
  }
  // Some edits (a piece letter for another, a changed counter) keep a valid FEN.
  EXPECT_GT(accepted, trials / 50);
  EXPECT_LT(accepted, trials);
}

}  // namespace
}  // namespace gambit::chess
