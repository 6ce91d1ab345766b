// SPDX-License-Identifier: MIT
// UCI long algebraic notation: square names, known moves of every kind, error
// messages, and both directions for every legal move of many positions.
#include "core/chess/uci.h"

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/chess/movegen.h"
#include "tests/core/chess/test_positions.h"
#include "tests/support/random_walks.h"

namespace gambit::chess {
namespace {

using test_support::perft_suite_fens;
using test_support::position_from;

// The perft suite's positions and positions met on random walks from each of them.
std::vector<Position> sample_positions() {
  return gambit::test_support::random_walks(
      {.start_fens = perft_suite_fens(), .min_plies = 20, .every_position = true}, 20240601);
}

TEST(UciSquares, NamesAndParsesEverySquare) {
  EXPECT_EQ(square_name(SQ_A1), "a1");
  EXPECT_EQ(square_name(SQ_E4), "e4");
  EXPECT_EQ(square_name(SQ_H8), "h8");
  for (int s = SQ_A1; s <= SQ_H8; ++s) {
    const std::string name = square_name(Square(s));
    ASSERT_EQ(name.size(), 2u);
    EXPECT_EQ(name[0], 'a' + s % 8);
    EXPECT_EQ(name[1], '1' + s / 8);
    EXPECT_EQ(parse_square(name), Square(s)) << name;
  }
}

TEST(UciSquares, RejectsWhatIsNotASquare) {
  using namespace std::string_view_literals;
  for (std::string_view bad : {""sv, "e"sv, "e44"sv, "i1"sv, "a0"sv, "a9"sv, "E4"sv, "4e"sv, " e4"sv, "e\0"sv})
    EXPECT_FALSE(parse_square(bad).has_value()) << quote_for_message(bad);
}

TEST(UciText, WritesEveryKindOfMove) {
  EXPECT_EQ(to_uci(Move(SQ_E2, SQ_E4)), "e2e4");
  EXPECT_EQ(to_uci(Move(SQ_G8, SQ_F6)), "g8f6");
  EXPECT_EQ(to_uci(Move(SQ_E1, SQ_G1, Move::CASTLING)), "e1g1");
  EXPECT_EQ(to_uci(Move(SQ_E8, SQ_C8, Move::CASTLING)), "e8c8");
  EXPECT_EQ(to_uci(Move(SQ_E5, SQ_D6, Move::EN_PASSANT)), "e5d6");
  EXPECT_EQ(to_uci(Move(SQ_E7, SQ_E8, Move::PROMOTION, QUEEN)), "e7e8q");
  EXPECT_EQ(to_uci(Move(SQ_B2, SQ_A1, Move::PROMOTION, KNIGHT)), "b2a1n");
  EXPECT_EQ(to_uci(Move(SQ_B2, SQ_A1, Move::PROMOTION, ROOK)), "b2a1r");
  EXPECT_EQ(to_uci(Move(SQ_B2, SQ_A1, Move::PROMOTION, BISHOP)), "b2a1b");
  EXPECT_EQ(to_uci(Move::none()), "0000");
}

TEST(UciText, WritesALineSpaceSeparated) {
  const std::vector<Move> line = {Move(SQ_E2, SQ_E4), Move(SQ_E7, SQ_E5), Move(SQ_E1, SQ_G1, Move::CASTLING)};
  EXPECT_EQ(to_uci_line(line), "e2e4 e7e5 e1g1");
  EXPECT_EQ(to_uci_line(std::span(line).first(1)), "e2e4");
  EXPECT_EQ(to_uci_line({}), "");
}

TEST(UciParse, FindsTheLegalMoveOfEachKind) {
  struct Case {
    std::string_view fen, text;
    Move expected;
  };
  const Case cases[] = {
      {START_FEN, "e2e4", Move(SQ_E2, SQ_E4)},
      {START_FEN, "g1f3", Move(SQ_G1, SQ_F3)},
      {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", Move(SQ_E1, SQ_G1, Move::CASTLING)},
      {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", Move(SQ_E1, SQ_C1, Move::CASTLING)},
      {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8", Move(SQ_E8, SQ_G8, Move::CASTLING)},
      {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", Move(SQ_E5, SQ_D6, Move::EN_PASSANT)},
      {"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8q", Move(SQ_E7, SQ_E8, Move::PROMOTION, QUEEN)},
      {"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8n", Move(SQ_E7, SQ_E8, Move::PROMOTION, KNIGHT)},
      {"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8R", Move(SQ_E7, SQ_E8, Move::PROMOTION, ROOK)},
      {"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8B", Move(SQ_E7, SQ_E8, Move::PROMOTION, BISHOP)},
  };
  for (const Case& c : cases) {
    const Position pos = position_from(c.fen);
    Result<Move> m = parse_uci_move(pos, c.text);
    ASSERT_TRUE(m.ok()) << c.text << " in " << c.fen << ": " << m.error();
    EXPECT_EQ(*m, c.expected) << c.text << " in " << c.fen << " gave " << to_uci(*m);
  }
}

TEST(UciParse, ExplainsWhyTextIsNotAMove) {
  const Position start;
  const std::string not_uci = " is not a move in UCI notation (expected e.g. e2e4 or e7e8q)";
  const std::string not_legal = std::string(" is not a legal move in ") + std::string(START_FEN);
  struct Case {
    std::string_view text;
    std::string message;
  };
  const Case cases[] = {
      {"e2e5", "'e2e5'" + not_legal},
      {"e1g1", "'e1g1'" + not_legal},
      {"e2e4q", "'e2e4q'" + not_legal},
      {"zz", "'zz'" + not_uci},
      {"", "''" + not_uci},
      {"e2e4 ", "'e2e4 '" + not_uci},
      {"E2E4", "'E2E4'" + not_uci},
      {"e2e4k", "'e2e4k'" + not_uci},
      {"e2-e4", "'e2-e4'" + not_uci},
      {"Nf3", "'Nf3'" + not_uci},
      {std::string_view("e2e4\0", 5), "'e2e4\\x00'" + not_uci},
      {"0000", "'0000'" + not_legal + " (0000 stands for no move)"},
  };
  for (const Case& c : cases) {
    Result<Move> m = parse_uci_move(start, c.text);
    ASSERT_FALSE(m.ok()) << quote_for_message(c.text) << " gave " << to_uci(*m);
    EXPECT_EQ(m.error(), c.message);
  }
  const Position promotion = position_from("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
  Result<Move> bare = parse_uci_move(promotion, "e7e8");
  ASSERT_FALSE(bare.ok());
  EXPECT_EQ(bare.error(), "'e7e8' is not a legal move in 8/4P3/8/8/8/8/k7/4K3 w - - 0 1 (a pawn reaching the last "
                          "rank must promote: add q, r, b or n, e.g. e7e8q)");
}

TEST(UciParse, LongAndBinaryTextIsQuotedShortAndSafe) {
  const std::string huge(100000, 'e');
  Result<Move> m = parse_uci_move(Position(), huge);
  ASSERT_FALSE(m.ok());
  EXPECT_LT(m.error().size(), 200u) << m.error();
  EXPECT_NE(m.error().find("..."), std::string::npos) << m.error();
  EXPECT_EQ(quote_for_message(std::string_view("a\0\xff\n", 4)), "'a\\x00\\xff\\x0a'");
}

TEST(UciRoundTrip, EveryLegalMoveOfManyPositions) {
  for (const Position& pos : sample_positions()) {
    const MoveList moves = legal_moves(pos);
    std::set<std::string> seen;
    for (Move m : moves) {
      const std::string text = to_uci(m);
      EXPECT_EQ(text.substr(0, 2), square_name(m.from()));
      EXPECT_EQ(text.substr(2, 2), square_name(m.to()));
      EXPECT_EQ(text.size(), m.kind() == Move::PROMOTION ? 5u : 4u) << text;
      EXPECT_TRUE(seen.insert(text).second) << text << " written for two moves of\n" << pos.pretty();
      Result<Move> back = parse_uci_move(pos, text);
      ASSERT_TRUE(back.ok()) << back.error() << "\n" << pos.pretty();
      EXPECT_EQ(*back, m) << text << " read back as " << to_uci(*back) << "\n" << pos.pretty();
    }
  }
}

// Every well-formed UCI text (64 x 64 squares, no promotion or one of four) is
// accepted exactly when it names a legal move.
TEST(UciRoundTrip, WellFormedTextIsAcceptedExactlyForLegalMoves) {
  const char* fens[] = {
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
      "8/8/8/K2pP2q/8/8/8/7k w - d6 0 2",
  };
  for (const char* fen : fens) {
    const Position pos = position_from(fen);
    std::set<std::string> legal;
    for (Move m : legal_moves(pos)) legal.insert(to_uci(m));
    std::size_t accepted = 0;
    for (int from = SQ_A1; from <= SQ_H8; ++from)
      for (int to = SQ_A1; to <= SQ_H8; ++to)
        for (std::string_view promo : {"", "q", "r", "b", "n"}) {
          const std::string text = square_name(Square(from)) + square_name(Square(to)) + std::string(promo);
          Result<Move> m = parse_uci_move(pos, text);
          EXPECT_EQ(m.ok(), legal.count(text) == 1) << text << "\n" << pos.pretty();
          if (m.ok()) {
            ++accepted;
            EXPECT_EQ(to_uci(*m), text);
          }
        }
    EXPECT_EQ(accepted, legal.size()) << fen;
  }
}

TEST(UciLine, PlaysEveryMoveInTurnOrNamesTheFirstThatCannotBePlayed) {
  const Position start;
  auto line = parse_uci_line(start, " e2e4\te7e5  g1f3\n");
  ASSERT_TRUE(line) << line.error();
  EXPECT_EQ(to_uci_line(*line), "e2e4 e7e5 g1f3");
  auto empty = parse_uci_line(start, "  ");
  ASSERT_TRUE(empty);
  EXPECT_TRUE(empty->empty());
  // e7e5 is legal from the start but not after e2e4 e2e3 (White's e2 pawn is gone): move 2 is named.
  auto bad = parse_uci_line(start, "e2e4 e2e3 g1f3");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().rfind("move 2 cannot be played: 'e2e3' is not a legal move in", 0), 0u) << bad.error();
  EXPECT_NE(parse_uci_line(start, "e2e4 Nf6").error().find("move 2 cannot be played: 'Nf6' is not a move in UCI"),
            std::string::npos);
}

TEST(UciLine, TheLegalPrefixStopsAtTheFirstBadMoveOrTheLimit) {
  const Position start;
  EXPECT_EQ(to_uci_line(legal_uci_prefix(start, "e2e4 e7e5 e5e4 g1f3")), "e2e4 e7e5");
  EXPECT_EQ(to_uci_line(legal_uci_prefix(start, "e2e4 e7e5 g1f3", 2)), "e2e4 e7e5");
  EXPECT_EQ(to_uci_line(legal_uci_prefix(start, "xyz e2e4")), "");
  EXPECT_EQ(to_uci_line(legal_uci_prefix(start, "e2e4 e7e5 g1f3", 0)), "");
}

}  // namespace
}  // namespace gambit::chess
