// SPDX-License-Identifier: MIT
// The position index: every game that reached a position is found, by any
// move order, across runs and across the blocks of a run; a position a game
// met twice counts the game once; a position never reached finds nothing.
#include "core/database/position_index.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/chess/movegen.h"
#include "core/chess/san.h"
#include "core/database/game_database.h"
#include "core/database/move_codec.h"
#include "tests/core/config/temp_files.h"

namespace gambit::database {
namespace {

std::vector<chess::Move> line(const std::vector<std::string>& sans) {
  chess::Position pos;
  std::vector<chess::Move> moves;
  for (const std::string& san : sans) {
    auto m = chess::parse_san(pos, san);
    EXPECT_TRUE(m) << san;
    moves.push_back(*m);
    pos.do_move(*m);
  }
  return moves;
}

chess::Position after(const std::vector<std::string>& sans) {
  chess::Position pos;
  for (chess::Move m : line(sans)) pos.do_move(m);
  return pos;
}

TEST(PositionIndex, AGamesPositionsAreDistinctKeysWithTheMovePlayedTheFirstTime) {
  // Knights out and back: the start position is met twice, one key, with the first move played there (Nf3, not e4).
  const std::vector<chess::Move> moves = line({"Nf3", "Nf6", "Ng1", "Ng8", "e4"});
  const IndexedGame indexed = index_game(chess::Position(), moves);
  EXPECT_EQ(indexed.code, encode_moves(chess::Position(), moves)) << "the moves' bytes as move_codec writes them";
  const std::vector<GamePosition>& positions = indexed.positions;
  EXPECT_EQ(positions.size(), 5u) << "start, Nf3, Nf6, Ng1 (new: Black's knight out), e4; Ng8 is the start again";
  EXPECT_TRUE(std::is_sorted(positions.begin(), positions.end()));
  const auto at = [&](const chess::Position& pos) {
    return std::find_if(positions.begin(), positions.end(), [&](const GamePosition& p) { return p.key == pos.key(); });
  };
  ASSERT_NE(at(after({"Nf3", "Nf6", "Ng1"})), positions.end());
  EXPECT_EQ(at(after({"Nf3", "Nf6", "Ng1"}))->next, move_code(after({"Nf3", "Nf6", "Ng1"}), moves[3]));
  ASSERT_NE(at(chess::Position()), positions.end());
  EXPECT_EQ(move_of_code(chess::Position(), at(chess::Position())->next), moves[0]);
  ASSERT_NE(at(after({"Nf3", "Nf6", "Ng1", "Ng8", "e4"})), positions.end());
  EXPECT_EQ(at(after({"Nf3", "Nf6", "Ng1", "Ng8", "e4"}))->next, NoMove) << "the game ended there";
}

TEST(PositionIndex, EveryGameThatReachedThePositionByAnyOrderAcrossRunsAndBlocks) {
  fixtures::TempDir dir;
  auto db = GameDatabase::open(dir.path() / "games.gdb");
  ASSERT_TRUE(db) << db.error();
  // Batches of games: the Italian by two orders, a game that never gets there, and many fillers that
  // spread the entries over several blocks of each run.
  const auto pgn = [](const std::string& white, const std::string& moves) {
    const std::string text = "[White \"" + white + "\"]\n\n" + moves + " *\n";  // outlives the reader
    chess::PgnReader reader(text);
    return GameToAdd{std::move(*reader.next()).value(), ""};
  };
  std::vector<GameToAdd> first, second;
  first.push_back(pgn("direct", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5"));
  first.push_back(pgn("other", "1. d4 d5 2. c4 e6"));
  for (int i = 0; i < 300; ++i) first.push_back(pgn("filler", "1. a3 h6 2. b3 g6 3. c3 f6 4. Nh3 Na6"));
  second.push_back(pgn("transposed", "1. Nf3 Nc6 2. e4 e5 3. Bc4 Bc5 4. O-O"));
  second.push_back(pgn("direct again", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3"));
  ASSERT_TRUE(db.value()->add(first, {"a", 0, 0, 0, 0, 0, false}));
  ASSERT_TRUE(db.value()->add(second, {"a", 0, 0, 0, 0, 0, false}));

  GameFilter italian;
  italian.position = after({"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"}).key();
  auto found = db.value()->find(italian, 10);
  ASSERT_TRUE(found) << found.error();
  std::vector<std::string> whites;
  for (const GameHeader& h : found.value()) whites.push_back(h.white);
  EXPECT_EQ(whites, (std::vector<std::string>{"direct", "transposed", "direct again"}));
  auto count = db.value()->count(italian);
  ASSERT_TRUE(count);
  EXPECT_EQ(count.value(), 3);

  GameFilter start;
  start.position = chess::Position().key();
  count = db.value()->count(start);
  ASSERT_TRUE(count);
  EXPECT_EQ(count.value(), 304) << "every game began there";
  start.player = "transposed";
  count = db.value()->count(start);
  ASSERT_TRUE(count);
  EXPECT_EQ(count.value(), 1) << "position and player together";

  GameFilter filler;
  filler.position = after({"a3", "h6", "b3", "g6", "c3", "f6", "Nh3", "Na6"}).key();
  count = db.value()->count(filler);
  ASSERT_TRUE(count);
  EXPECT_EQ(count.value(), 300);

  GameFilter nowhere;
  nowhere.position = after({"h4", "a5", "h5", "a4"}).key();
  count = db.value()->count(nowhere);
  ASSERT_TRUE(count);
  EXPECT_EQ(count.value(), 0);
}

}  // namespace
}  // namespace gambit::database
