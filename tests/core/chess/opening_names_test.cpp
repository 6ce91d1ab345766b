// SPDX-License-Identifier: MIT
// Opening names: a small ECO table made here (the rules of pgn-extract's
// classification, each found by experiment with `pgn-extract -e`: positions,
// not move orders; the last match wins; six plies of allowance; the exact move
// order first, else the first line in the file; castling and side to move not
// compared), the tags a game is given, a missing file said in words, and
// Debian's eco.pgn read whole. The games against pgn-extract itself are in
// pgn_extract_crosscheck_test.cpp.
#include "core/chess/opening_names.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/chess/san.h"
#include "core/util/install_layout.h"

namespace gambit::chess {
namespace {

constexpr std::string_view TABLE = R"({ A made-up table in eco.pgn's form. }

[ECO "X01"]
[Opening "Double king's pawn"]

1. e4 e5 *

[ECO "X02"]
[Opening "Knight"]
[Variation "Out"]
[SubVariation "Early"]

1. e4 e5 2. Nf3 *

[ECO "X03"]
[Opening "First order"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 *

[ECO "X04"]
[Opening "Second order"]

1. e4 e5 2. Bc4 Nc6 3. Nf3 *

[ECO "X05"]
[Opening "Repeats the second"]

1. e4 e5 2. Bc4 Nc6 3. Nf3 *

[ECO "X06"]
[Opening "Slow king's pawn"]

1. Nf3 Nf6 2. Ng1 Ng8 3. e4 *

[ECO "X07"]
[Opening "Broken"]

1. e4 e5 2. Ke3 *

[ECO "X08"]
[Opening "From a setup"]
[SetUp "1"]
[FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 10"]

1. Qh5 *
)";

std::vector<Move> moves_of(const Position& start, const std::vector<std::string>& san) {
  std::vector<Move> moves;
  Position pos = start;
  for (const std::string& text : san) {
    Result<Move> move = parse_san(pos, text);
    EXPECT_TRUE(move) << text << ": " << (move ? "" : move.error());
    if (!move) break;
    moves.push_back(*move);
    pos.do_move(*move);
  }
  return moves;
}

// The ECO code classify gives the moves from the start ("" for none).
std::string eco_of(const OpeningNames& names, const std::vector<std::string>& san, const Position& start = {}) {
  const OpeningName* name = names.classify(start, moves_of(start, san));
  return name ? name->eco : "";
}

TEST(OpeningNames, ReadsTheLinesOfAnEcoFileWithTheirTags) {
  const OpeningNames names = OpeningNames::from_pgn(TABLE);
  EXPECT_EQ(names.size(), 6u);     // X01..X04, X06, X08
  EXPECT_EQ(names.ignored(), 1u);  // X05 repeats X04 move for move
  EXPECT_EQ(names.skipped(), 1u);  // X07's Ke3 is not a legal move
  const OpeningName* knight = names.classify(Position(), moves_of(Position(), {"e4", "e5", "Nf3"}));
  ASSERT_NE(knight, nullptr);
  EXPECT_EQ(*knight, (OpeningName{"X02", "Knight", "Out", "Early"}));
  EXPECT_EQ(knight->text(), "X02 Knight: Out, Early");
  EXPECT_EQ((OpeningName{"B90", "Sicilian", "Najdorf", ""}).text(), "B90 Sicilian: Najdorf");
  EXPECT_EQ((OpeningName{"C20", "King's pawn game", "", ""}).text(), "C20 King's pawn game");
}

TEST(OpeningNames, NamesNothingBeforeTheFirstKnownPositionOrWithoutMoves) {
  const OpeningNames names = OpeningNames::from_pgn(TABLE);
  EXPECT_EQ(eco_of(names, {}), "");
  EXPECT_EQ(eco_of(names, {"e4"}), "");
  EXPECT_EQ(eco_of(names, {"d4", "d5", "c4"}), "");
  EXPECT_EQ(OpeningNames().classify(Position(), moves_of(Position(), {"e4", "e5"})), nullptr);
}

TEST(OpeningNames, TheLastKnownPositionReachedNamesTheGame) {
  const OpeningNames names = OpeningNames::from_pgn(TABLE);
  EXPECT_EQ(eco_of(names, {"e4", "e5"}), "X01");
  EXPECT_EQ(eco_of(names, {"e4", "e5", "Nf3"}), "X02");
  // Out of the table after Nf3: the last known position still names it.
  EXPECT_EQ(eco_of(names, {"e4", "e5", "Nf3", "d6", "d4", "exd4"}), "X02");
}

TEST(OpeningNames, ATranspositionIsFoundByPositionNotByMoveOrder) {
  const OpeningNames names = OpeningNames::from_pgn(TABLE);
  // X06's position (1. e4 after the knights went out and back) reached by 1. e4 is
  // five plies short of its line: a position counts only from its line's length on.
  EXPECT_EQ(eco_of(names, {"e4"}), "");
  // X01 reached in another order, and four plies late: still X01.
  EXPECT_EQ(eco_of(names, {"Nf3", "Nf6", "Ng1", "Ng8", "e4", "e5"}), "X01");
  // Six plies late is the most pgn-extract allows; seven is too late.
  EXPECT_EQ(eco_of(names, {"Nf3", "Nf6", "e3", "e6", "Ng1", "Ng8", "e4", "e5"}), "X01");
  EXPECT_EQ(eco_of(names, {"Nf3", "e5", "Ng1", "Qe7", "Nc3", "Qf6", "Nb1", "Qd8", "e4"}), "");
}

TEST(OpeningNames, AGameThatLeavesTheTableAndComesBackIsNamedWhereItCameBack) {
  const OpeningNames names = OpeningNames::from_pgn(TABLE);
  // X01, then X02 (Nf3), then out (Nf6), then back on X01's placement at ply 6.
  EXPECT_EQ(eco_of(names, {"e4", "e5", "Nf3", "Nf6"}), "X02");
  EXPECT_EQ(eco_of(names, {"e4", "e5", "Nf3", "Nf6", "Ng1", "Ng8"}), "X01");
}

TEST(OpeningNames, OnlyThePlacementIsComparedNotCastlingOrTheSideToMove) {
  const OpeningNames names = OpeningNames::from_pgn(TABLE);
  // Black's king went out and back: Black cannot castle, yet this is X01 again.
  EXPECT_EQ(eco_of(names, {"e4", "e5", "Nf3", "Ke7", "Ng1", "Ke8"}), "X01");
  // X02's placement with White to move (Black's queen lost a move on a triangle), five plies late: X02.
  EXPECT_EQ(eco_of(names, {"e4", "e5", "Nc3", "Qe7", "Nb1", "Qf6", "Nf3", "Qd8"}), "X02");
}

TEST(OpeningNames, LinesEndingOnOnePlacementTheOneFollowedExactlyElseTheFirstInTheFile) {
  const OpeningNames names = OpeningNames::from_pgn(TABLE);
  EXPECT_EQ(eco_of(names, {"e4", "e5", "Nf3", "Nc6", "Bc4"}), "X03");
  EXPECT_EQ(eco_of(names, {"e4", "e5", "Bc4", "Nc6", "Nf3"}), "X04");
  // Neither order: the first of the two in the file.
  EXPECT_EQ(eco_of(names, {"e4", "Nc6", "Nf3", "e5", "Bc4"}), "X03");
  EXPECT_EQ(eco_of(names, {"Nf3", "e5", "e4", "Nc6", "Bc4"}), "X03");
  // The placement again, with a knight out and back on the way: not exact, and within the allowance.
  EXPECT_EQ(eco_of(names, {"e4", "e5", "Bc4", "Nc6", "Nf3", "Nf6", "Ng5", "Ng8", "Nf3"}), "X03");
}

TEST(OpeningNames, PliesCountFromTheMoveNumberOfTheStart) {
  const OpeningNames names = OpeningNames::from_pgn(TABLE);
  Result<Position> move_10 = Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 10");
  Result<Position> move_1 = Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1");
  ASSERT_TRUE(move_10 && move_1);
  EXPECT_EQ(eco_of(names, {"Qh5"}, *move_10), "X08");
  // From move 1 the same move comes at ply 1, eighteen plies before X08's line ends.
  EXPECT_EQ(eco_of(names, {"Qh5"}, *move_1), "");
  // At move 1, X02 is one move away: ply 1 is before its length (3), so nothing.
  EXPECT_EQ(eco_of(names, {"Nf3"}, *move_1), "");
}

TEST(OpeningNames, TagsAreAddedAfterTheRosterAndReplaceStaleOnes) {
  const OpeningNames names = OpeningNames::from_pgn(TABLE);
  PgnGame game;
  game.tags = {{"Event", "e"}, {"Variation", "stale"}, {"Site", "s"}, {"WhiteElo", "1500"}, {"ECO", "Z99"},
               {"Termination", "normal"}};
  game.moves = moves_of(game.start, {"e4", "e5"});
  add_opening_tags(game, names);
  using Tags = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(game.tags, (Tags{{"Event", "e"}, {"Site", "s"}, {"ECO", "X01"}, {"Opening", "Double king's pawn"},
                             {"WhiteElo", "1500"}, {"Termination", "normal"}}));
  game.moves = moves_of(game.start, {"e4", "e5", "Nf3"});
  add_opening_tags(game, names);
  EXPECT_EQ(game.tags, (Tags{{"Event", "e"}, {"Site", "s"}, {"ECO", "X02"}, {"Opening", "Knight"}, {"Variation", "Out"},
                             {"SubVariation", "Early"}, {"WhiteElo", "1500"}, {"Termination", "normal"}}));
  // Unknown to the table: the game keeps what it had, as pgn-extract leaves it.
  game.moves = moves_of(game.start, {"a3"});
  const Tags before = game.tags;
  add_opening_tags(game, names);
  EXPECT_EQ(game.tags, before);
  // Written, the roster comes first and the opening after it.
  game.moves = moves_of(game.start, {"e4", "e5"});
  add_opening_tags(game, names);
  const std::string text = write_pgn(game);
  EXPECT_NE(text.find("[Result \"*\"]\n[ECO \"X01\"]\n[Opening \"Double king's pawn\"]\n[WhiteElo \"1500\"]\n"),
            std::string::npos)
      << text;
}

TEST(OpeningNames, AMissingFileMeansNoNamesSaidInWords) {
  const std::filesystem::path missing = std::filesystem::temp_directory_path() / "gambit-no-such-dir" / "eco.pgn";
  const Result<OpeningNames> names = OpeningNames::load(missing);
  ASSERT_FALSE(names);
  EXPECT_EQ(names.error(), "no opening names: " + missing.string() +
                               " cannot be read (No such file or directory); it comes with Debian's pgn-extract package");
  const Result<OpeningNames> folder = OpeningNames::load(std::filesystem::temp_directory_path());
  ASSERT_FALSE(folder);
  EXPECT_NE(folder.error().find("no opening names: "), std::string::npos) << folder.error();
}

TEST(OpeningNames, AFileWithoutLinesMeansNoNames) {
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("gambit-eco-test-" + std::to_string(::getpid()) + ".pgn");
  {
    std::ofstream out(file);
    out << "not a game at all {\n";
  }
  const Result<OpeningNames> names = OpeningNames::load(file);
  std::filesystem::remove(file);
  ASSERT_FALSE(names);
  EXPECT_EQ(names.error(), "no opening names: " + file.string() + " holds no opening line in PGN");
}

// Debian's pgn-extract package is installed with the build's packages (Makefile).
TEST(OpeningNames, DebiansEcoFileIsReadWhole) {
  const Result<OpeningNames>& names = shared_opening_names();
  ASSERT_TRUE(names) << names.error();
  EXPECT_EQ(&names, &shared_opening_names());  // read once
  EXPECT_EQ(names->size(), 2014u);
  EXPECT_EQ(names->ignored(), 0u);
  EXPECT_EQ(names->skipped(), 0u);
  const Position start;
  const OpeningName* najdorf = names->classify(
      start, moves_of(start, {"e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"}));
  ASSERT_NE(najdorf, nullptr);
  EXPECT_EQ(najdorf->text(), "B90 Sicilian: Najdorf");
  // What the windows show, from the positions of a game.
  std::vector<Position> positions{start};
  for (Move move : moves_of(start, {"e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"})) {
    positions.push_back(positions.back());
    positions.back().do_move(move);
  }
  EXPECT_EQ(opening_text(positions), "B90 Sicilian: Najdorf");
  EXPECT_EQ(opening_text(std::span(positions).first(4)), "B27 Sicilian defence");
  EXPECT_EQ(opening_text(std::span(positions).first(1)), "");
  // The Najdorf by way of 2. Nc3 and 3. Nf3 (an Open Sicilian's other order).
  const OpeningName* again = names->classify(
      start, moves_of(start, {"e4", "c5", "Nc3", "d6", "Nf3", "Nf6", "d4", "cxd4", "Nxd4", "a6"}));
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(again->text(), "B90 Sicilian: Najdorf");
  EXPECT_EQ(eco_file(), "/usr/share/pgn-extract/eco.pgn");
}

}  // namespace
}  // namespace gambit::chess
