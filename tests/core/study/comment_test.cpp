// SPDX-License-Identifier: MIT
// Comments: the lichess/ChessBase commands parsed out as data ([%eval],
// [%clk], [%cal], [%csl]), everything else kept verbatim, the text apart; the
// body written back reads as the same comment, whatever the input.
#include "core/study/comment.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace gambit::study {
namespace {

using namespace std::chrono_literals;
using chess::SQ_D1;
using chess::SQ_D5;
using chess::SQ_D8;
using chess::SQ_E2;
using chess::SQ_E4;

// parse_comment(comment_body(c)) == c, which MoveTree and PGN round trips rely on.
void expect_stable(const Comment& comment, const std::string& context) {
  EXPECT_EQ(parse_comment(comment_body(comment)), comment) << context << "\nbody: " << comment_body(comment);
}

TEST(Comment, TextAloneHasItsWhitespaceCollapsedAndNoClosingBrace) {
  const Comment comment = parse_comment("  A good\n\tmove }here{  ");
  EXPECT_EQ(comment.text, "A good move )here{");
  EXPECT_FALSE(comment.eval);
  EXPECT_FALSE(comment.clock);
  EXPECT_TRUE(comment.arrows.empty());
  EXPECT_TRUE(comment.circles.empty());
  EXPECT_TRUE(comment.other_commands.empty());
  EXPECT_TRUE(parse_comment(" \n ").empty());
  EXPECT_FALSE(comment.empty());
}

TEST(Comment, KnownCommandsBecomeDataAndTheRestIsText) {
  const Comment comment =
      parse_comment("[%eval 0.32] [%clk 0:03:12] Develops, [%cal Ge2e4,Rd1d8] and eyes d5. [%csl Gd5,Ye4]");
  ASSERT_TRUE(comment.eval);
  EXPECT_EQ(comment.eval->kind, Eval::Kind::Centipawns);
  EXPECT_EQ(comment.eval->value, 32);
  EXPECT_FALSE(comment.eval->depth);
  EXPECT_EQ(comment.clock, std::chrono::milliseconds(3min + 12s));
  EXPECT_EQ(comment.arrows,
            (std::vector<Arrow>{{ShapeColor::Green, SQ_E2, SQ_E4}, {ShapeColor::Red, SQ_D1, SQ_D8}}));
  EXPECT_EQ(comment.circles, (std::vector<Circle>{{ShapeColor::Green, SQ_D5}, {ShapeColor::Yellow, SQ_E4}}));
  EXPECT_EQ(comment.text, "Develops, and eyes d5.");
  EXPECT_TRUE(comment.other_commands.empty());
  EXPECT_EQ(comment_body(comment),
            "[%eval 0.32] [%clk 0:03:12] [%cal Ge2e4,Rd1d8] [%csl Gd5,Ye4] Develops, and eyes d5.");
}

TEST(Comment, EvalForms) {
  struct Case {
    std::string written;
    Eval::Kind kind;
    int value;
    std::optional<int> depth;
    std::string canonical;
  };
  const Case cases[] = {
      {"0.32", Eval::Kind::Centipawns, 32, std::nullopt, "0.32"},
      {"-1.5", Eval::Kind::Centipawns, -150, std::nullopt, "-1.50"},
      {"+2", Eval::Kind::Centipawns, 200, std::nullopt, "2.00"},
      {"-0.05", Eval::Kind::Centipawns, -5, std::nullopt, "-0.05"},
      {"0.32,18", Eval::Kind::Centipawns, 32, 18, "0.32,18"},
      {"#-3", Eval::Kind::Mate, -3, std::nullopt, "#-3"},
      {"#7,40", Eval::Kind::Mate, 7, 40, "#7,40"},
      {"#+2", Eval::Kind::Mate, 2, std::nullopt, "#2"},
  };
  for (const Case& c : cases) {
    const Comment comment = parse_comment("[%eval " + c.written + "]");
    ASSERT_TRUE(comment.eval) << c.written;
    EXPECT_EQ(comment.eval->kind, c.kind) << c.written;
    EXPECT_EQ(comment.eval->value, c.value) << c.written;
    EXPECT_EQ(comment.eval->depth, c.depth) << c.written;
    EXPECT_EQ(eval_text(*comment.eval), c.canonical);
    EXPECT_TRUE(comment.other_commands.empty()) << c.written;
  }
}

TEST(Comment, ClockFormsKeepSubSeconds) {
  EXPECT_EQ(parse_comment("[%clk 0:03:12]").clock, std::chrono::milliseconds(192'000));
  EXPECT_EQ(parse_comment("[%clk 0:00:09.5]").clock, std::chrono::milliseconds(9'500));
  EXPECT_EQ(parse_comment("[%clk 1:02:03.125]").clock, std::chrono::milliseconds(3'723'125));
  EXPECT_EQ(parse_comment("[%clk 00:00:00.07]").clock, std::chrono::milliseconds(70));
  EXPECT_EQ(clock_text(std::chrono::milliseconds(192'000)), "0:03:12");
  EXPECT_EQ(clock_text(std::chrono::milliseconds(9'500)), "0:00:09.5");
  EXPECT_EQ(clock_text(std::chrono::milliseconds(3'723'125)), "1:02:03.125");
  EXPECT_EQ(clock_text(std::chrono::milliseconds(70)), "0:00:00.07");
  EXPECT_EQ(clock_text(std::chrono::hours(26)), "26:00:00");
}

// A command that does not read as its kind is kept as written, never dropped.
TEST(Comment, MalformedKnownCommandsAreKeptVerbatim) {
  const std::string malformed[] = {
      "[%eval 0.325]", "[%eval abc]", "[%eval]",        "[%eval 1.]",     "[%eval #]",      "[%eval 0.3,x]",
      "[%clk 3:12]",   "[%clk 0:60:00]", "[%clk 0:03:12.]", "[%clk 0:03:12.1234]", "[%cal Xe2e4]", "[%cal Ge2e2]",
      "[%cal Ge2e9]",  "[%cal Ge2e4,]", "[%cal]",         "[%csl Gd5d6]",   "[%csl gd5]"};
  for (const std::string& command : malformed) {
    const Comment comment = parse_comment("before " + command + " after");
    EXPECT_EQ(comment.other_commands, std::vector<std::string>{command}) << command;
    EXPECT_FALSE(comment.eval) << command;
    EXPECT_FALSE(comment.clock) << command;
    EXPECT_TRUE(comment.arrows.empty() && comment.circles.empty()) << command;
    EXPECT_EQ(comment.text, "before after") << command;
    expect_stable(comment, command);
  }
}

TEST(Comment, UnknownCommandsAreKeptInOrder) {
  const Comment comment = parse_comment("[%emt 0:00:05] text [%mdl 8192] [%evp 10,24,-3]");
  EXPECT_EQ(comment.other_commands, (std::vector<std::string>{"[%emt 0:00:05]", "[%mdl 8192]", "[%evp 10,24,-3]"}));
  EXPECT_EQ(comment.text, "text");
  EXPECT_EQ(comment_body(comment), "[%emt 0:00:05] [%mdl 8192] [%evp 10,24,-3] text");
}

TEST(Comment, RepeatedCommandsAddUpOrAreKeptAside) {
  const Comment comment =
      parse_comment("[%cal Ge2e4] [%eval 0.10] [%cal Rd1d8] [%eval 0.20] [%csl Gd5] [%clk 0:01:00] [%clk 0:00:59]");
  EXPECT_EQ(comment.arrows.size(), 2u);
  EXPECT_EQ(comment.circles.size(), 1u);
  ASSERT_TRUE(comment.eval);
  EXPECT_EQ(comment.eval->value, 10);
  EXPECT_EQ(comment.clock, std::chrono::milliseconds(60'000));
  EXPECT_EQ(comment.other_commands, (std::vector<std::string>{"[%eval 0.20]", "[%clk 0:00:59]"}));
  expect_stable(comment, "repeated");
}

TEST(Comment, JoinedKeepsBothCommentsWhole) {
  const Comment first = parse_comment("[%eval 0.50] [%cal Ge2e4] First.");
  const Comment second = parse_comment("[%eval #2] [%clk 0:00:30] [%csl Rd5] Second.");
  const Comment both = joined(first, second);
  EXPECT_EQ(both.text, "First. Second.");
  ASSERT_TRUE(both.eval);
  EXPECT_EQ(both.eval->value, 50);
  EXPECT_EQ(both.clock, std::chrono::milliseconds(30'000));
  EXPECT_EQ(both.arrows.size(), 1u);
  EXPECT_EQ(both.circles.size(), 1u);
  EXPECT_EQ(both.other_commands, std::vector<std::string>{"[%eval #2]"});
  EXPECT_EQ(joined(Comment(), second), second);
  EXPECT_EQ(joined(first, Comment()), first);
}

// Text that looks like the start of a command cannot become one when written back.
TEST(Comment, BrokenCommandTextNeverReadsAsACommand) {
  const Comment comment = parse_comment("see [%x [%eval 1.0] y] and [%open");
  ASSERT_TRUE(comment.eval);
  EXPECT_EQ(comment.eval->value, 100);
  EXPECT_TRUE(comment.other_commands.empty());
  EXPECT_EQ(comment.text, "see [ %x y] and [ %open");
  expect_stable(comment, "broken");
}

TEST(Comment, ValuesSetByHandAreNormalisedByAReadBack) {
  Comment comment;
  comment.text = "two  spaces";
  comment.eval = Eval{Eval::Kind::Centipawns, 1234, 20};
  comment.clock = std::chrono::milliseconds(61'010);
  EXPECT_EQ(comment_body(comment), "[%eval 12.34,20] [%clk 0:01:01.01] two  spaces");
  const Comment read = parse_comment(comment_body(comment));
  EXPECT_EQ(read.text, "two spaces");
  EXPECT_EQ(read.eval, comment.eval);
  EXPECT_EQ(read.clock, comment.clock);
}

// Whatever the text, what is parsed writes a body that parses to the same comment.
TEST(Comment, AnyTextReadsBackTheSame) {
  std::mt19937 rng(39);
  const std::string pieces[] = {"[%eval ", "[%clk ", "[%cal ", "[%csl ", "[%emt ", "[%", "[", "]", "}", "{",
                                "0.3",     "#-2",    "0:01:02", ".5",     "Ge2e4",  "Rd5", ",", " ", "\n", "x",
                                "%",       "a b",    ",18",     "#",      "-"};
  for (int i = 0; i < 5000; ++i) {
    std::string text;
    for (int n = int(rng() % 12); n > 0; --n) text += pieces[rng() % std::size(pieces)];
    expect_stable(parse_comment(text), text);
  }
  std::string bytes(300, '\0');
  for (char& c : bytes) c = char(rng());
  expect_stable(parse_comment(bytes), "random bytes");
}

}  // namespace
}  // namespace gambit::study
