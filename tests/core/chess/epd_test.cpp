// SPDX-License-Identifier: MIT
// EPD lines: the FEN fields with or without counters, counters from hmvc and
// fmvn, three-check's field, operations read by opcode, and bad lines refused
// in words.
#include "core/chess/epd.h"

#include <gtest/gtest.h>

namespace gambit::chess {
namespace {

TEST(Epd, ReadsTheFieldsAndTheOperations) {
  auto line = parse_epd_line("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"King's pawn\"; c9 \"1-0\";",
                             Variant::Standard);
  ASSERT_TRUE(line.ok()) << line.error();
  EXPECT_EQ(line->position.side_to_move(), BLACK);
  EXPECT_EQ(line->operand("id"), "King's pawn");
  EXPECT_EQ(line->operand("bm"), "e5");
  EXPECT_EQ(line->operand("c9"), "1-0");
  EXPECT_EQ(line->operand("ce"), "");
  EXPECT_EQ(line->operand("b"), "");  // an opcode is matched whole, not by its start
}

TEST(Epd, TakesTheMoveCountersFromTheFieldsOrTheOperations) {
  auto six = parse_epd_line("4k3/8/8/8/8/8/4P3/4K3 w - - 7 42 id \"x\";", Variant::Standard);
  ASSERT_TRUE(six.ok()) << six.error();
  EXPECT_EQ(six->position.halfmove_clock(), 7);
  EXPECT_EQ(six->operand("id"), "x");
  auto ops = parse_epd_line("4k3/8/8/8/8/8/4P3/4K3 w - - hmvc 9; fmvn 30; c9 \"1/2-1/2\";", Variant::Standard);
  ASSERT_TRUE(ops.ok()) << ops.error();
  EXPECT_EQ(ops->position.halfmove_clock(), 9);
  EXPECT_EQ(ops->fen, "4k3/8/8/8/8/8/4P3/4K3 w - - 9 30");
  auto none = parse_epd_line("4k3/8/8/8/8/8/4P3/4K3 w - -", Variant::Standard);
  ASSERT_TRUE(none.ok()) << none.error();
  EXPECT_EQ(none->operations, "");
}

TEST(Epd, ReadsThreeChecksField) {
  auto line = parse_epd_line("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 0 3 id \"x\";",
                             Variant::ThreeCheck);
  ASSERT_TRUE(line.ok()) << line.error();
  EXPECT_EQ(line->operand("id"), "x");
}

TEST(Epd, SaysWhatIsWrongWithABadLine) {
  auto short_line = parse_epd_line("hello world", Variant::Standard);
  ASSERT_FALSE(short_line.ok());
  EXPECT_NE(short_line.error().find("four FEN fields"), std::string::npos) << short_line.error();
  auto bad_board = parse_epd_line("4k3/8/8/8/8/8/4P3/4K4 w - - id \"x\";", Variant::Standard);
  ASSERT_FALSE(bad_board.ok());
  EXPECT_FALSE(bad_board.error().empty());
  EXPECT_TRUE(epd_line_is_blank(""));
  EXPECT_TRUE(epd_line_is_blank("  \t\r"));
  EXPECT_TRUE(epd_line_is_blank("# a comment"));
  EXPECT_FALSE(epd_line_is_blank("4k3/8/8/8/8/8/4P3/4K3 w - -"));
}

}  // namespace
}  // namespace gambit::chess
