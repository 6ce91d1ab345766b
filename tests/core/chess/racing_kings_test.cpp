// SPDX-License-Identifier: MIT
// Racing Kings in Position and Game, by lichess's rules: the start, no move
// may give check, the first king on the eighth rank wins, Black's arriving on
// the move after White's draws. (Its moves are compared with Fairy-Stockfish's
// in variant_crosscheck_test.)
#include <gtest/gtest.h>

#include "core/chess/game.h"
#include "core/chess/movegen.h"
#include "core/chess/perft.h"
#include "core/chess/uci.h"

namespace gambit::chess {
namespace {

Position race(std::string_view fen) {
  Result<Position> pos = Position::from_fen(fen, Variant::RacingKings);
  EXPECT_TRUE(pos.ok()) << fen << ": " << (pos.ok() ? "" : pos.error());
  return pos.ok() ? *pos : Position(Variant::RacingKings);
}

void play(Game& game, std::string_view text) {
  const Result<Move> move = parse_uci_move(game.position(), text);
  ASSERT_TRUE(move.ok()) << move.error();
  ASSERT_TRUE(game.play(*move)) << text;
}

TEST(RacingKings, StartsAsLichessAndNoMoveGivesCheck) {
  const Position start(Variant::RacingKings);
  EXPECT_EQ(start.fen(), "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1");
  EXPECT_TRUE(start.is_start());
  EXPECT_EQ(perft(start, 1), 21u);  // as Fairy-Stockfish counts (and 11264 at depth 3)
  // The rook could give check along the a-file: not in Racing Kings, where it is no move at all.
  const Position rook = race("8/k7/8/8/8/8/8/1R5K w - - 0 1");
  EXPECT_FALSE(rook.is_legal(*parse_uci_move(*Position::from_fen("8/k7/8/8/8/8/8/1R5K w - - 0 1"), "b1a1")));
  for (Move m : legal_moves(rook)) EXPECT_FALSE(rook.gives_check(m)) << to_uci(m);
  EXPECT_EQ(legal_moves(rook).size() + 2, legal_moves(*Position::from_fen("8/k7/8/8/8/8/8/1R5K w - - 0 1")).size())
      << "b1a1 and b1b7 check";
  // A position with a king in check is none.
  const Result<Position> checked = Position::from_fen("8/k7/8/8/8/8/8/R6K b - - 0 1", Variant::RacingKings);
  ASSERT_FALSE(checked.ok());
  EXPECT_NE(checked.error().find("no move may give check"), std::string::npos) << checked.error();
}

TEST(RacingKings, TheFirstKingOnTheEighthRankWinsUnlessBlacksFollowsAtOnce) {
  // White arrives and Black's king cannot follow: White has won at once.
  Game won{race("8/6K1/8/8/8/k7/8/8 w - - 0 1")};
  play(won, "g7g8");
  EXPECT_EQ(won.outcome().termination, Termination::EighthRank);
  EXPECT_EQ(won.outcome().result, GameResult::WhiteWins);
  EXPECT_EQ(won.outcome().description(), "White wins the race to the eighth rank");
  // White arrives, Black's king one step away: Black moves, and arriving draws.
  Game drawn{race("8/k5K1/8/8/8/8/8/8 w - - 0 1")};
  play(drawn, "g7g8");
  EXPECT_FALSE(drawn.is_over());
  play(drawn, "a7a8");
  EXPECT_EQ(drawn.outcome().result, GameResult::Draw);
  EXPECT_EQ(drawn.outcome().description(), "Draw: both kings reached the eighth rank");
  // ... and not arriving loses.
  Game missed{race("8/k5K1/8/8/8/8/8/8 w - - 0 1")};
  play(missed, "g7g8");
  play(missed, "a7b6");
  EXPECT_EQ(missed.outcome().result, GameResult::WhiteWins);
  // Black arriving first wins.
  Game black{race("8/k7/8/8/8/8/6K1/8 b - - 0 1")};
  play(black, "a7a8");
  EXPECT_EQ(black.outcome().result, GameResult::BlackWins);
  EXPECT_EQ(black.outcome().description(), "Black wins the race to the eighth rank");
  // Bare kings race on: no dead position, and a flag loses.
  Game bare{race("8/8/8/8/8/8/k6K/8 w - - 0 1")};
  EXPECT_FALSE(bare.is_over());
  ASSERT_TRUE(bare.flag(WHITE));
  EXPECT_EQ(bare.outcome().result, GameResult::BlackWins);
}

}  // namespace
}  // namespace gambit::chess
