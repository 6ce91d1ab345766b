// SPDX-License-Identifier: MIT
// puzzles.tsv: good lines read into puzzles and written back the same; every
// kind of bad line reported with its number, in words, and skipped.
#include "core/learn/puzzle.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/chess/position.h"
#include "core/chess/uci.h"

namespace gambit::learn {
namespace {

// Scholar's mate on the board: White mates at once.
const std::string ScholarFen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
// The knight forks king and queen: Nc7+, the king steps aside, Nxa8.
const std::string ForkFen = "q3k3/8/8/1N6/8/8/8/4K3 w - - 0 1";
// Black to move: the pawn promotes.
const std::string PromotionFen = "8/8/8/8/8/5k2/p7/7K b - - 0 1";

const std::string ScholarLine = "sch01\t" + ScholarFen + "\th5f7\t650\t80\tmateIn1,short\tgame 12, move 4";
const std::string ForkLine =
    "fork2\t" + ForkFen + "\tb5c7 e8e7 c7a8\t1240\t95\tfork\tgame 3 (alphabeta 1200 vs Player)";
const std::string PromotionLine = "promo3\t" + PromotionFen + "\ta2a1q\t900\t120\tpromotion\t";

std::string describe(const std::vector<std::string>& problems) {
  std::string text;
  for (const std::string& problem : problems) text += "  " + problem + "\n";
  return text;
}

TEST(PuzzleFile, GoodLinesAreReadWithCommentsAndBlankLinesSkipped) {
  const std::string text = "# Gambit's puzzles\n\n" + ScholarLine + "\n   \n# another comment\n" + ForkLine + "\r\n" +
                           PromotionLine + "\n";
  const PuzzleFile file = read_puzzles(text);
  EXPECT_TRUE(file.problems.empty()) << describe(file.problems);
  ASSERT_EQ(file.puzzles.size(), 3u);

  const Puzzle& scholar = file.puzzles[0];
  EXPECT_EQ(scholar.id, "sch01");
  EXPECT_EQ(scholar.fen, ScholarFen);
  ASSERT_EQ(scholar.solution.size(), 1u);
  EXPECT_EQ(chess::to_uci(scholar.solution[0]), "h5f7");
  EXPECT_EQ(scholar.rating, 650);
  EXPECT_EQ(scholar.deviation, 80);
  EXPECT_EQ(scholar.themes, (std::vector<std::string>{"mateIn1", "short"}));
  EXPECT_TRUE(scholar.has_theme("mateIn1"));
  EXPECT_FALSE(scholar.has_theme("fork"));
  EXPECT_EQ(scholar.source, "game 12, move 4");

  const Puzzle& fork = file.puzzles[1];
  ASSERT_EQ(fork.solution.size(), 3u) << "solver, opponent, solver";
  EXPECT_EQ(chess::to_uci(fork.solution[1]), "e8e7");
  EXPECT_EQ(fork.source, "game 3 (alphabeta 1200 vs Player)") << "the CR of a CRLF line is not part of the source";

  const Puzzle& promotion = file.puzzles[2];
  EXPECT_EQ(chess::to_uci(promotion.solution[0]), "a2a1q");
  EXPECT_EQ(promotion.source, "");
}

TEST(PuzzleFile, TheSolutionIsPlayedFromTheFenAndEndsWithTheSolversMove) {
  const PuzzleFile file = read_puzzles(ForkLine);
  ASSERT_EQ(file.puzzles.size(), 1u) << describe(file.problems);
  auto position = chess::Position::from_fen(file.puzzles[0].fen);
  ASSERT_TRUE(position.ok());
  const chess::Color solver = position.value().side_to_move();
  chess::Position board = position.value();
  for (chess::Move move : file.puzzles[0].solution) {
    ASSERT_TRUE(board.is_legal(move)) << chess::to_uci(move);
    board.do_move(move);
  }
  EXPECT_NE(board.side_to_move(), solver) << "the solver moved last";
}

TEST(PuzzleFile, WrittenLinesReadBackTheSamePuzzles) {
  const PuzzleFile original = read_puzzles(ScholarLine + "\n" + ForkLine + "\n" + PromotionLine + "\n");
  ASSERT_EQ(original.puzzles.size(), 3u) << describe(original.problems);
  std::string written = std::string(puzzle_file_header()) + "\n";
  for (const Puzzle& puzzle : original.puzzles) written += write_puzzle_line(puzzle) + "\n";
  const PuzzleFile again = read_puzzles(written);
  EXPECT_TRUE(again.problems.empty()) << describe(again.problems) << written;
  EXPECT_EQ(again.puzzles, original.puzzles);
  EXPECT_EQ(write_puzzle_line(original.puzzles[1]), ForkLine) << "a line written as read";
}

TEST(PuzzleFile, WritingRoundsTheNumbersAndKeepsTheSourceOnItsLine) {
  Puzzle puzzle = read_puzzles(ScholarLine).puzzles.at(0);
  puzzle.rating = 1234.6;
  puzzle.deviation = 61.2;
  puzzle.source = "game\t7\nmove 4";
  const std::string line = write_puzzle_line(puzzle);
  EXPECT_EQ(line.find('\n'), std::string::npos) << line;
  const PuzzleFile again = read_puzzles(line);
  ASSERT_EQ(again.puzzles.size(), 1u) << describe(again.problems);
  EXPECT_EQ(again.puzzles[0].rating, 1235);
  EXPECT_EQ(again.puzzles[0].deviation, 61);
  EXPECT_EQ(again.puzzles[0].source, "game 7 move 4");
}

// One bad line between two good ones: the good ones are read, the bad one is
// skipped and reported on its line (3) with the words expected.
void expect_bad_line(const std::string& line, const std::string& expected) {
  SCOPED_TRACE(line);
  const PuzzleFile file = read_puzzles("# header\n" + ScholarLine + "\n" + line + "\n" + ForkLine + "\n");
  ASSERT_EQ(file.problems.size(), 1u) << describe(file.problems);
  EXPECT_EQ(file.problems[0].rfind("line 3: ", 0), 0u) << file.problems[0];
  EXPECT_NE(file.problems[0].find(expected), std::string::npos)
      << "expected the words \"" << expected << "\" in: " << file.problems[0];
  ASSERT_EQ(file.puzzles.size(), 2u);
  EXPECT_EQ(file.puzzles[0].id, "sch01");
  EXPECT_EQ(file.puzzles[1].id, "fork2");
}

// The fork line with one field replaced.
std::string fork_with(std::size_t field, const std::string& value) {
  std::vector<std::string> fields{"x9", ForkFen, "b5c7 e8e7 c7a8", "1240", "95", "fork", "game 3"};
  fields.at(field) = value;
  std::string line;
  for (std::size_t i = 0; i < fields.size(); ++i) line += (i ? "\t" : "") + fields[i];
  return line;
}

TEST(PuzzleFile, AWrongNumberOfFieldsIsReported) {
  expect_bad_line("x9\t" + ForkFen + "\tb5c7 e8e7 c7a8\t1240\t95\tfork", "expected 7 fields separated by tabs");
  expect_bad_line(fork_with(6, "game\t3"), "found 8");
  expect_bad_line("just some words", "found 1");
}

TEST(PuzzleFile, ABadIdIsReported) {
  expect_bad_line(fork_with(0, ""), "the id is empty");
  expect_bad_line(fork_with(0, "my puzzle"), "the id 'my puzzle' has a space");
}

TEST(PuzzleFile, AnIdUsedTwiceIsReportedOnTheSecondLine) {
  expect_bad_line(fork_with(0, "sch01"), "the id 'sch01' is already used on line 2");
}

TEST(PuzzleFile, ABadFenIsReported) {
  expect_bad_line(fork_with(1, "q3k3/8/8/1N6/8/8/8/4K3 x - - 0 1"),
                  "the FEN 'q3k3/8/8/1N6/8/8/8/4K3 x - - 0 1' is not a position");
  expect_bad_line(fork_with(1, "8/8/8/8/8/8/8/8 w - - 0 1"), "is not a position");
}

TEST(PuzzleFile, AnIllegalOrUnreadableSolutionMoveIsReportedByItsNumber) {
  expect_bad_line(fork_with(2, "b5c7 e8e7 c7a7"),
                  "the solution's move 3 cannot be played: 'c7a7' is not a legal move in q7/2N1k3/8/8/8/8/8/4K3 w");
  expect_bad_line(fork_with(2, "b5c7 Ke7 c7a8"),
                  "the solution's move 2 cannot be played: 'Ke7' is not a move in UCI notation");
  expect_bad_line(fork_with(2, "e2e4"), "the solution's move 1 cannot be played");
  expect_bad_line(fork_with(2, ""), "the solution is empty");
}

TEST(PuzzleFile, ASolutionThatDoesNotEndWithTheSolversMoveIsReported) {
  expect_bad_line(fork_with(2, "b5c7 e8e7"), "the solution has 2 moves; it must end with the solver's move");
}

TEST(PuzzleFile, NumbersOutOfRangeOrNotWholeAreReported) {
  expect_bad_line(fork_with(3, "1240.5"), "the rating '1240.5' is not a whole number from 100 to 4000");
  expect_bad_line(fork_with(3, "99"), "the rating '99' is not a whole number from 100 to 4000");
  expect_bad_line(fork_with(3, "4001"), "the rating '4001'");
  expect_bad_line(fork_with(3, ""), "the rating ''");
  expect_bad_line(fork_with(4, "0"), "the deviation '0' is not a whole number from 1 to 350");
  expect_bad_line(fork_with(4, "351"), "the deviation '351'");
  expect_bad_line(fork_with(4, "ninety"), "the deviation 'ninety'");
}

TEST(PuzzleFile, BadThemesAreReported) {
  expect_bad_line(fork_with(5, "fork,,pin"), "a theme is empty");
  expect_bad_line(fork_with(5, "fork,back rank"), "the theme 'back rank' is not a name of letters and digits");
  expect_bad_line(fork_with(5, "fork,pin,fork"), "the theme 'fork' is given twice");
}

TEST(PuzzleFile, ACarriageReturnInsideTheSourceIsReported) {
  expect_bad_line(fork_with(6, "game 3\rmove 4"), "the source has a carriage return in it");
}

TEST(PuzzleFile, NoThemesIsAllowedAndSpacesAroundCommasAreIgnored) {
  const PuzzleFile file = read_puzzles(fork_with(5, "") + "\n" + fork_with(0, "x10") + "\n");
  ASSERT_TRUE(file.problems.empty()) << describe(file.problems);
  EXPECT_TRUE(file.puzzles[0].themes.empty());
  const PuzzleFile spaced = read_puzzles(fork_with(5, "fork, discoveredAttack "));
  ASSERT_EQ(spaced.puzzles.size(), 1u) << describe(spaced.problems);
  EXPECT_EQ(spaced.puzzles[0].themes, (std::vector<std::string>{"fork", "discoveredAttack"}));
}

TEST(PuzzleFile, EveryBadLineOfAFileIsReportedAndNothingElseIsLost) {
  std::string text = ScholarLine + "\n";
  const std::vector<std::string> bad{fork_with(0, ""), fork_with(1, "nonsense"), fork_with(2, "b5c7 e8e7"),
                                     fork_with(3, "x"), fork_with(4, "-5"), fork_with(5, "a-b"), "\t\tx"};
  for (const std::string& line : bad) text += line + "\n";
  text += ForkLine + "\n";
  const PuzzleFile file = read_puzzles(text);
  ASSERT_EQ(file.problems.size(), bad.size()) << describe(file.problems);
  for (std::size_t i = 0; i < bad.size(); ++i)
    EXPECT_EQ(file.problems[i].rfind("line " + std::to_string(i + 2) + ": ", 0), 0u) << file.problems[i];
  ASSERT_EQ(file.puzzles.size(), 2u);
}

TEST(PuzzleFile, AnEmptyTextHasNoPuzzlesAndNoProblems) {
  const PuzzleFile file = read_puzzles("");
  EXPECT_TRUE(file.puzzles.empty());
  EXPECT_TRUE(file.problems.empty());
  EXPECT_TRUE(read_puzzles(std::string(puzzle_file_header()) + "\n").puzzles.empty());
}

}  // namespace
}  // namespace gambit::learn
