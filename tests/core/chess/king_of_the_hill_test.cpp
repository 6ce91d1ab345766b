// SPDX-License-Identifier: MIT
// King of the Hill in Game and PGN: a king on d4, e4, d5 or e5 wins at once,
// before stalemate and whatever material is left; the Variant tag as lichess
// writes it. (Its moves are chess's: variant_crosscheck_test compares them and
// the end with Fairy-Stockfish.)
#include <gtest/gtest.h>

#include "core/chess/game.h"
#include "core/chess/movegen.h"
#include "core/chess/pgn.h"
#include "core/chess/uci.h"

namespace gambit::chess {
namespace {

Position hill(std::string_view fen) {
  Result<Position> pos = Position::from_fen(fen, Variant::KingOfTheHill);
  EXPECT_TRUE(pos.ok()) << fen << ": " << (pos.ok() ? "" : pos.error());
  return pos.ok() ? *pos : Position(Variant::KingOfTheHill);
}

TEST(KingOfTheHill, AKingOnTheHillWinsAtOnce) {
  for (const char* step : {"d3d4", "d3e4"}) {
    Game game{hill("n6k/8/8/8/8/3K4/8/8 w - - 0 1")};
    ASSERT_TRUE(game.play(*parse_uci_move(game.position(), step))) << step;
    EXPECT_EQ(game.outcome().termination, Termination::KingOfTheHill) << step;
    EXPECT_EQ(game.outcome().result, GameResult::WhiteWins);
    EXPECT_EQ(game.outcome().description(), "White wins with the king on the hill");
    EXPECT_GT(count_legal(game.position()), 0u) << "Black could move on in chess";
  }
  // A step beside it, or the same step in standard chess, wins nothing.
  Game beside{hill("n6k/8/8/8/8/3K4/8/8 w - - 0 1")};
  ASSERT_TRUE(beside.play(*parse_uci_move(beside.position(), "d3c4")));
  EXPECT_FALSE(beside.is_over());
  Game standard{*Position::from_fen("n6k/8/8/8/8/3K4/8/R7 w - - 0 1")};
  ASSERT_TRUE(standard.play(*parse_uci_move(standard.position(), "d3d4")));
  EXPECT_FALSE(standard.is_over());
  // Black's king wins on e5 as well.
  Game black{hill("8/8/5k2/8/8/8/8/K7 b - - 0 1")};
  ASSERT_TRUE(black.play(*parse_uci_move(black.position(), "f6e5")));
  EXPECT_EQ(black.outcome().result, GameResult::BlackWins);
  EXPECT_EQ(black.outcome().description(), "Black wins with the king on the hill");
}

TEST(KingOfTheHill, TheHillWinsBeforeStalemateAndBareKingsPlayOn) {
  // Kd4 leaves Black's king on a8 without a move: the hill wins, it is no stalemate.
  Game stalemating{hill("k7/8/1Q6/8/8/3K4/8/8 w - - 0 1")};
  ASSERT_TRUE(stalemating.play(*parse_uci_move(stalemating.position(), "d3d4")));
  EXPECT_EQ(count_legal(stalemating.position()), 0u) << stalemating.position().pretty();
  EXPECT_EQ(stalemating.outcome().termination, Termination::KingOfTheHill);
  // Bare kings are no draw: either king can still walk to the hill; on time, the flag loses.
  Game bare{hill("8/8/8/8/8/8/8/k3K3 w - - 0 1")};
  EXPECT_FALSE(bare.is_over());
  EXPECT_FALSE(insufficient_material(bare.position()));
  EXPECT_TRUE(can_mate(bare.position(), BLACK));
  ASSERT_TRUE(bare.flag(WHITE));
  EXPECT_EQ(bare.outcome().result, GameResult::BlackWins);
  // A start with a king already on the hill is over: the side not to move has won.
  EXPECT_EQ(Game{hill("8/8/8/8/4K3/8/8/k7 b - - 0 1")}.outcome().result, GameResult::WhiteWins);
}

TEST(KingOfTheHill, NamedAsLichessNamesItInPgnAndOnCommandLines) {
  EXPECT_EQ(variant_from_name("kingOfTheHill"), Variant::KingOfTheHill);
  EXPECT_EQ(variant_from_name("King of the Hill"), Variant::KingOfTheHill);
  EXPECT_EQ(variant_from_name("KOTH"), Variant::KingOfTheHill);
  Game game{Position(Variant::KingOfTheHill)};
  for (const char* text : {"d2d4", "e7e5", "d4e5", "d7d6", "e1d2", "d6e5", "d2e3", "a7a6", "e3e4"}) {
    const Result<Move> move = parse_uci_move(game.position(), text);
    ASSERT_TRUE(move.ok()) << move.error();
    ASSERT_TRUE(game.play(*move)) << text;
  }
  EXPECT_EQ(game.outcome().termination, Termination::KingOfTheHill);
  PgnGame pgn;
  pgn.tags = {{"Result", game.outcome().pgn_result()}};
  pgn.start = game.start();
  pgn.moves = game.moves();
  pgn.result = game.outcome().pgn_result();
  const std::string text = write_pgn(pgn);
  EXPECT_NE(text.find("[Variant \"King of the Hill\"]"), std::string::npos) << text;
  EXPECT_EQ(text.find("[FEN "), std::string::npos) << "the start needs no FEN: " << text;
  PgnReader reader(text);
  std::optional<Result<PgnGame>> read = reader.next();
  ASSERT_TRUE(read && read->ok()) << (read ? read->error() : "no game");
  EXPECT_EQ((*read)->start.variant(), Variant::KingOfTheHill);
  EXPECT_EQ((*read)->moves, game.moves());
}

}  // namespace
}  // namespace gambit::chess
