// SPDX-License-Identifier: MIT
// core/learn/puzzle_finder: a game scanned position by position (mate found
// without a search), its candidate searched quickly then deeply, the puzzle
// made with its id, themes and source; positions already known skipped; an
// earlier run's output read back (games done, positions found).
#include "core/learn/puzzle_finder.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "tests/core/learn/scripted_engine.h"

namespace gambit::learn {
namespace {

const std::string Start = Position().fen();
// 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6?? 4.Qxf7#: the mistake hands White a mate in one.
const std::vector<std::string> Scholar = {"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"};

chess::PgnGame scholar_game() {
  chess::PgnGame game;
  game.tags = {{"White", "alphabeta 1200"}, {"WhiteElo", "1214"}, {"Black", "alphabeta 600"}, {"BlackElo", "-"}};
  game.moves = moves_of(game.start, Scholar);
  return game;
}

// The scan's scores, the side to move's view, of the seven positions before the mate.
Script scanned() {
  Script script;
  const int side_to_move_view[] = {20, -30, 25, -10, 40, -60, 10000};
  for (std::size_t ply = 0; ply < Scholar.size(); ++ply) {
    const std::vector<std::string> played(Scholar.begin(), Scholar.begin() + std::ptrdiff_t(ply));
    const Score score = side_to_move_view[ply] == 10000 ? Score::mate(1) : Score::centipawns(side_to_move_view[ply]);
    script.at(after(Start, played), {{score, {Scholar[ply]}}});
  }
  return script;
}

const std::vector<std::string> BeforeMate(Scholar.begin(), Scholar.end() - 1);

TEST(PuzzleFinder, AGameIsScoredFromWhitesViewAndItsMateWithoutASearch) {
  Script scan = scanned();
  const auto scores = scan_game(scholar_game(), scan.analyser());
  ASSERT_TRUE(scores.ok()) << scores.error();
  ASSERT_EQ(scores->size(), Scholar.size() + 1);
  EXPECT_EQ((*scores)[1], Score::centipawns(30)) << "Black to move at -30: White's view is +30";
  EXPECT_EQ((*scores)[6], Score::mate(1));
  EXPECT_EQ((*scores)[7], Score::mate(1)) << "checkmated Black: White has mated";
  EXPECT_EQ(scan.searches, int(Scholar.size())) << "no search in the mated position";
}

TEST(PuzzleFinder, TheMistakeBecomesAPuzzleWithItsSourceAndThemes) {
  Script scan = scanned(), deep;
  deep.at(after(Start, BeforeMate), {{Score::mate(1), {"h5f7"}}, {Score::centipawns(80), {"h5e5"}}});
  const FinderAnalysers analysers{scan.analyser(), deep.analyser(), deep.analyser()};
  std::set<std::string> known;
  std::size_t searched = 0;
  const auto puzzles = puzzles_in_game(scholar_game(), "scholar.pgn#4", analysers, known, searched);
  ASSERT_TRUE(puzzles.ok()) << puzzles.error();
  ASSERT_EQ(puzzles->size(), 1u);
  const Puzzle& p = puzzles->front();
  EXPECT_EQ(p.fen, after(Start, BeforeMate));
  EXPECT_EQ(p.solution, moves_of(at(p.fen), {"h5f7"}));
  EXPECT_EQ(p.id, puzzle_id(p.fen, p.solution));
  EXPECT_EQ(p.source, "scholar.pgn#4: alphabeta 1200 (1214) - alphabeta 600, after 3... Nf6");
  EXPECT_EQ(p.themes.front(), "mate");
  EXPECT_EQ(searched, 1u);
  EXPECT_EQ(known, std::set<std::string>{p.fen}) << "the position found is known from now on";

  // Found again (the same run, or a rerun): skipped without a search.
  Script none;
  const auto again =
      puzzles_in_game(scholar_game(), "scholar.pgn#4", {scan.analyser(), none.analyser(), none.analyser()}, known, searched);
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_TRUE(again->empty());
  EXPECT_EQ(none.searches, 0);
}

TEST(PuzzleFinder, WhatTheQuickSearchTurnsDownIsNotSearchedDeep) {
  Script scan = scanned(), quick, deep;
  // The quick search sees two moves of nearly the same worth: no single clear move.
  quick.at(after(Start, BeforeMate), {{Score::centipawns(300), {"h5f7"}}, {Score::centipawns(260), {"c4f7"}}});
  std::set<std::string> known;
  std::size_t searched = 0;
  const auto puzzles =
      puzzles_in_game(scholar_game(), "g#1", {scan.analyser(), quick.analyser(), deep.analyser()}, known, searched);
  ASSERT_TRUE(puzzles.ok()) << puzzles.error();
  EXPECT_TRUE(puzzles->empty());
  EXPECT_EQ(deep.searches, 0);
  EXPECT_EQ(searched, 1u);
}

TEST(PuzzleFinder, AnEngineFailureIsSaidWithThePosition) {
  Script empty;
  const auto scores = scan_game(scholar_game(), empty.analyser());
  ASSERT_FALSE(scores.ok());
  EXPECT_NE(scores.error().find("not in the script"), std::string::npos) << scores.error();
}

TEST(PuzzleFinder, AnEarlierRunsOutputSaysWhatIsDone) {
  Puzzle p;
  p.fen = after(Start, BeforeMate);
  p.solution = moves_of(at(p.fen), {"h5f7"});
  p.id = puzzle_id(p.fen, p.solution);
  p.source = "g.pgn#1: ? - ?, after 3... Nf6";
  const std::string output = std::string(puzzle_file_header()) + "\n" + write_puzzle_line(p) + "\n" + done_line("g.pgn#1") + "\n" +
                             done_line("g.pgn#3") + "\n" + done_line("last.pgn#9");  // cut short: no newline
  const FinderProgress progress = read_finder_progress(output);
  EXPECT_EQ(progress.done, (std::set<std::string>{"g.pgn#1", "g.pgn#3", "last.pgn#9"}));
  EXPECT_EQ(progress.fens, std::set<std::string>{p.fen});
  EXPECT_TRUE(read_finder_progress("").done.empty());
}

}  // namespace
}  // namespace gambit::learn
