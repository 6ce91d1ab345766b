// SPDX-License-Identifier: MIT
// gambit-db's words: the explorer's table (a row a move, shares that make a
// hundred, the top games), an import's summary (each skipped game, how many
// more, stopped or done) and its progress line.
#include "core/database/report_text.h"

#include <gtest/gtest.h>

#include <sstream>

#include "core/chess/san.h"

namespace gambit::database {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> words_of(const std::string& line) {
  std::vector<std::string> words;
  std::istringstream in(line);
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

TEST(ReportText, TheExplorersTableHasARowAMoveThenAllThenTheTopGames) {
  const chess::Position start;
  Exploration e;
  e.tally = {3, 1, 1, 1};
  e.moves.push_back({*chess::parse_san(start, "e4"), {2, 1, 0, 1}, 1820, 1823});
  e.moves.push_back({*chess::parse_san(start, "Nf3"), {1, 0, 0, 0}, 0, 0});  // unfinished: no shares
  GameHeader top;
  top.id = 7, top.white = "Ann", top.black = "Bob", top.white_elo = 2000, top.black_elo = 1990, top.result = "1-0";
  const std::vector<std::string> lines = lines_of(explorer_table(start, e, std::vector<GameHeader>{top}));
  ASSERT_EQ(lines.size(), 7u);
  EXPECT_EQ(lines[0], start.fen());
  EXPECT_EQ(words_of(lines[2]), (std::vector<std::string>{"e4", "2", "50%", "0%", "50%", "1820", "1823"}));
  EXPECT_EQ(words_of(lines[3]), (std::vector<std::string>{"Nf3", "1", "-", "-", "-", "-", "-"}));
  EXPECT_EQ(words_of(lines[4]), (std::vector<std::string>{"all", "3", "34%", "33%", "33%"}))
      << "largest remainders: a hundred in all";
  EXPECT_EQ(lines[5], "top games:");
  EXPECT_NE(lines[6].find("Ann (2000) - Bob (1990)  1-0"), std::string::npos) << lines[6];
}

TEST(ReportText, AnImportsSummarySaysWhatWasSkippedAndWhetherItWentToTheEnd) {
  ImportSummary summary;
  summary.progress.games = 10, summary.progress.skipped = 3, summary.progress.games_this_run = 10;
  summary.skipped_reasons = {"game 4, line 30: 'Ke9' is not a move"};
  std::vector<std::string> lines = summary_lines("club.pgn", summary);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "club.pgn: skipped game 4, line 30: 'Ke9' is not a move");
  EXPECT_EQ(lines[1], "club.pgn: 2 more games skipped");
  EXPECT_NE(lines[2].find("10 games kept, 3 skipped so far (stopped"), std::string::npos) << lines[2];
  summary.finished = true;
  lines = summary_lines("club.pgn", summary);
  EXPECT_NE(lines.back().find("10 games kept, 3 skipped; 10 in"), std::string::npos) << lines.back();
  summary.already_done = true;
  EXPECT_EQ(summary_lines("club.pgn", summary).back(), "club.pgn: imported before (10 games); nothing to do");
  const std::string long_name(400, 'x');  // longer than any buffer: written whole
  EXPECT_EQ(summary_lines(long_name, summary).back().substr(0, 401), long_name + ":");
}

TEST(ReportText, AnImportsProgressLineHasTheShareReadAndTheTimeLeft) {
  ImportProgress p;
  p.games = 1200, p.games_this_run = 1200, p.bytes_read = 250, p.bytes_total = 1000, p.seconds = 2;
  EXPECT_EQ(progress_line("twic.pgn", p), "twic.pgn: 1200 games, 0 skipped, 25%, 600 games/s, 0:06 left");
  p.bytes_read = 0;
  EXPECT_EQ(progress_line("twic.pgn", p), "twic.pgn: 1200 games, 0 skipped, 0%, 600 games/s, ? left");
}

}  // namespace
}  // namespace gambit::database
