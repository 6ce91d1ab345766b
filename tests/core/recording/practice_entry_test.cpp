// SPDX-License-Identifier: MIT
// core/recording/practice_entry: a reviewed game's positions to practise are
// the chosen side's mistakes and blunders, each with what the store keeps.
#include "core/recording/practice_entry.h"

#include <gtest/gtest.h>

#include "core/chess/uci.h"

namespace gambit::recording {
namespace {

using review::Judgement;

// 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#, with 2. Qh5 judged an inaccuracy
// and 3... Nf6 a blunder (g6 was best).
struct Reviewed {
  chess::PgnGame game;
  review::GameReview review;
};
Reviewed scholars_mate() {
  Reviewed r;
  chess::Position pos = r.game.start;
  std::vector<chess::Position> positions{pos};
  for (const char* uci : {"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"}) {
    r.game.moves.push_back(chess::parse_uci_move(pos, uci).value());
    pos.do_move(r.game.moves.back());
    positions.push_back(pos);
  }
  for (std::size_t i = 0; i < positions.size(); ++i) {
    review::PositionVerdict v;
    v.score = review::Score::centipawns(0);
    if (i < r.game.moves.size()) {
      v.best = r.game.moves[i];
      v.line = {r.game.moves[i]};
    }
    r.review.positions.push_back(v);
  }
  r.review.moves.resize(r.game.moves.size());
  r.review.moves[2].judgement = Judgement::Inaccuracy;
  r.review.moves[5].judgement = Judgement::Blunder;
  r.review.moves[5].reason = "Allows mate in 1: 4. Qxf7#.";
  r.review.positions[5].best = chess::parse_uci_move(positions[5], "g7g6").value();
  r.review.positions[5].line = {r.review.positions[5].best};
  return r;
}

TEST(PracticeEntry, TheSidesMistakesAndBlundersAreKept) {
  const Reviewed r = scholars_mate();
  const auto black = practice_positions(r.game, r.review, chess::BLACK, 42);
  ASSERT_EQ(black.size(), 1u);
  EXPECT_EQ(black[0].game_id, 42);
  EXPECT_EQ(black[0].ply, 5);
  EXPECT_EQ(black[0].fen, "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3");
  EXPECT_EQ(black[0].played, "g8f6");
  EXPECT_EQ(black[0].best, "g7g6");
  EXPECT_EQ(black[0].line, "g7g6");
  EXPECT_EQ(black[0].reason, "Allows mate in 1: 4. Qxf7#.");
  EXPECT_EQ(black[0].judgement, store::PracticeJudgement::Blunder);
  // White's only mark is an inaccuracy: nothing to practise.
  EXPECT_TRUE(practice_positions(r.game, r.review, chess::WHITE, 42).empty());
}

}  // namespace
}  // namespace gambit::recording
