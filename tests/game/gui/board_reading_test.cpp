// SPDX-License-Identifier: MIT
#include "game/gui/board_reading.h"

#include <gtest/gtest.h>

#include "core/chess/uci.h"

namespace gambit::gui {
namespace {

using chess::Position;

Position at(const char* fen) { return Position::from_fen(fen).value(); }
const Position Start = at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");

std::string said(const Position& before, const char* uci) {
  return spoken_move(before, chess::parse_uci_move(before, uci).value());
}

TEST(SpokenMove, SaysThePieceWhereItGoesAndWhatItDoes) {
  EXPECT_EQ(said(Start, "e2e4"), "Pawn to e4");
  EXPECT_EQ(said(Start, "g1f3"), "Knight to f3");
  const Position capture = at("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
  EXPECT_EQ(said(capture, "e4d5"), "Pawn takes on d5");
  const Position castle = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(said(castle, "e1g1"), "Castles kingside");
  EXPECT_EQ(said(castle, "e1c1"), "Castles queenside");
  const Position promote = at("k7/4P3/1K6/8/8/8/8/8 w - - 0 1");
  EXPECT_EQ(said(promote, "e7e8q"), "Pawn to e8, promotes to a queen, checkmate");
  EXPECT_EQ(said(promote, "e7e8n"), "Pawn to e8, promotes to a knight");
  const Position en_passant = at("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  EXPECT_EQ(said(en_passant, "e5d6"), "Pawn takes on d6");
  const Position check = at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  EXPECT_EQ(said(check, "a1a8"), "Rook to a8, check");
}

std::optional<std::string> read(const Position& position, const char* command, std::string last = "",
                                std::string clocks = "") {
  return read_board(command, {position, std::move(last), std::move(clocks)});
}

TEST(ReadBoard, AnswersTheCommandsOfTheMoveBox) {
  EXPECT_EQ(read(Start, "s e2"), "e2: white pawn");
  EXPECT_EQ(read(Start, "s e4"), "e4: empty");
  EXPECT_EQ(read(Start, "p N"), "White knights: b1, g1");
  EXPECT_EQ(read(Start, "p q"), "Black queens: d8");
  EXPECT_EQ(read(at("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "p R"), "White rooks: none");
  EXPECT_EQ(read(Start, "r 1"),
            "Rank 1: white rook on a1, white knight on b1, white bishop on c1, white queen on d1, white king on e1, "
            "white bishop on f1, white knight on g1, white rook on h1");
  EXPECT_EQ(read(Start, "r 4"), "Rank 4: empty");
  EXPECT_EQ(read(Start, "f e"), "File e: white king on e1, white pawn on e2, black pawn on e7, black king on e8");
  EXPECT_EQ(read(Start, "m"), "Material: equal");
  EXPECT_EQ(read(at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), "m"), "Material: White is 5 points ahead");
  EXPECT_EQ(read(at("4k3/p7/8/8/8/8/8/4K3 w - - 0 1"), "m"), "Material: Black is 1 point ahead");
  EXPECT_EQ(read(Start, "l"), "No move has been played yet.");
  EXPECT_EQ(read(Start, "l", "White: Pawn to e4"), "White: Pawn to e4");
  EXPECT_EQ(read(Start, "c"), "This game has no clock.");
  EXPECT_EQ(read(Start, " c ", "", "White 4:32, Black 5:01"), "White 4:32, Black 5:01");
}

TEST(ReadBoard, LeavesMovesAndNonsenseToTheMoveBox) {
  for (const char* text : {"", "e4", "Nf3", "O-O", "s", "s z9", "r 9", "f k", "p X", "p NN", "se4", "x", "cc"})
    EXPECT_EQ(read(Start, text), std::nullopt) << text;
}

}  // namespace
}  // namespace gambit::gui
