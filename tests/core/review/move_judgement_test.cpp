// SPDX-License-Identifier: MIT
// core/review/move_judgement: lichess's winning chances, classes and accuracy,
// against values computed by hand from the published formulas.
#include "core/review/move_judgement.h"

#include <gtest/gtest.h>

namespace gambit::review {
namespace {

TEST(MoveJudgement, WinningChancesFollowTheLogisticAndCapAtAThousandCentipawns) {
  EXPECT_DOUBLE_EQ(winning_chances(Score::centipawns(0)), 0.0);
  EXPECT_NEAR(winning_chances(Score::centipawns(100)), 0.182052, 1e-6);
  EXPECT_NEAR(winning_chances(Score::centipawns(-100)), -0.182052, 1e-6);
  EXPECT_NEAR(winning_chances(Score::centipawns(-1000)), -0.950895, 1e-6);
  EXPECT_DOUBLE_EQ(winning_chances(Score::centipawns(5000)), winning_chances(Score::centipawns(1000)));
  // A mate counts as the ceiling, whoever mates and however far.
  EXPECT_DOUBLE_EQ(winning_chances(Score::mate(3)), winning_chances(Score::centipawns(1000)));
  EXPECT_DOUBLE_EQ(winning_chances(Score::mate(-1)), winning_chances(Score::centipawns(-1000)));
  EXPECT_NEAR(win_percent(Score::centipawns(100)), 59.1026, 1e-4);
}

TEST(MoveJudgement, AMoveIsClassedByItsMoversDropInWinningChances) {
  // -60 cp: chances -0.110; -90: -0.165; -130: -0.235; +100 -> -100: a drop of 0.364.
  EXPECT_EQ(judge(Score::centipawns(0), Score::centipawns(-60), chess::WHITE), Judgement::Inaccuracy);
  EXPECT_EQ(judge(Score::centipawns(0), Score::centipawns(-50), chess::WHITE), Judgement::Good);
  EXPECT_EQ(judge(Score::centipawns(0), Score::centipawns(-130), chess::WHITE), Judgement::Mistake);
  EXPECT_EQ(judge(Score::centipawns(100), Score::centipawns(-100), chess::WHITE), Judgement::Blunder);
  // The same drops seen from Black's side, and a gain is never a mistake.
  EXPECT_EQ(judge(Score::centipawns(0), Score::centipawns(60), chess::BLACK), Judgement::Inaccuracy);
  EXPECT_EQ(judge(Score::centipawns(-100), Score::centipawns(100), chess::BLACK), Judgement::Blunder);
  EXPECT_EQ(judge(Score::centipawns(100), Score::centipawns(-100), chess::BLACK), Judgement::Good);
  // Deep in a won position the chances barely move: +900 -> +700 is no mistake.
  EXPECT_EQ(judge(Score::centipawns(900), Score::centipawns(700), chess::WHITE), Judgement::Good);
  EXPECT_EQ(judge(Score::mate(2), Score::centipawns(0), chess::WHITE), Judgement::Blunder);
  EXPECT_EQ(nag_of(Judgement::Inaccuracy), 6);
  EXPECT_EQ(nag_of(Judgement::Mistake), 2);
  EXPECT_EQ(nag_of(Judgement::Blunder), 4);
  EXPECT_EQ(nag_of(Judgement::Good), 0);
  EXPECT_STREQ(mark_of(Judgement::Inaccuracy), "?!");
  EXPECT_STREQ(mark_of(Judgement::Blunder), "??");
  EXPECT_STREQ(mark_of(Judgement::Good), "");
  EXPECT_STREQ(title_of(Judgement::Mistake), "Mistake");
}

TEST(MoveJudgement, AnEnginesScoreIsPutOnStockfishsScaleBeforeItIsJudged) {
  EXPECT_EQ(on_stockfish_scale(Score::centipawns(100), 1.33), Score::centipawns(133));
  EXPECT_EQ(on_stockfish_scale(Score::centipawns(-45), 1.5), Score::centipawns(-68)) << "rounded away from zero";
  EXPECT_EQ(on_stockfish_scale(Score::mate(-3), 1.5), Score::mate(-3)) << "a mate is a mate on any scale";
  EXPECT_EQ(on_stockfish_scale(Score::centipawns(70), 1.0), Score::centipawns(70));
  // 0 -> -100 costs 0.182 of winning chances on its own scale, an inaccuracy;
  // at 1.4 of Stockfish's (0 -> -140) 0.252, a mistake; +40 -> -100 then 0.355, a blunder.
  EXPECT_EQ(judge(Score::centipawns(0), Score::centipawns(-100), chess::WHITE), Judgement::Inaccuracy);
  EXPECT_EQ(judge(Score::centipawns(0), on_stockfish_scale(Score::centipawns(-100), 1.4), chess::WHITE),
            Judgement::Mistake);
  EXPECT_EQ(judge(on_stockfish_scale(Score::centipawns(40), 1.4), on_stockfish_scale(Score::centipawns(-100), 1.4),
                  chess::WHITE),
            Judgement::Blunder);
}

TEST(MoveJudgement, MoveAccuracyFallsWithTheDropInWinPercent) {
  EXPECT_DOUBLE_EQ(move_accuracy(50, 50), 100.0);
  EXPECT_DOUBLE_EQ(move_accuracy(40, 70), 100.0);
  EXPECT_NEAR(move_accuracy(50, 40), 64.5798, 1e-4);
  EXPECT_DOUBLE_EQ(move_accuracy(100, 0), 0.0);
}

TEST(MoveJudgement, GameAccuracyWeighsVolatileMovesAndPunishesTheWorst) {
  // White's view: 20, -100, 30, -300, -250, 80, 60; White moved first.
  // Move accuracies: White 61.90, 28.49, 100; Black 59.38, 86.04, 100;
  // weights (window 2) 5.47, 5.93, 12, 1.80, 12, 0.91.
  const std::vector<Score> scores{Score::centipawns(20),   Score::centipawns(-100), Score::centipawns(30),
                                  Score::centipawns(-300), Score::centipawns(-250), Score::centipawns(80),
                                  Score::centipawns(60)};
  const GameAccuracy accuracy = game_accuracy(scores, chess::WHITE);
  ASSERT_TRUE(accuracy.white && accuracy.black);
  EXPECT_NEAR(*accuracy.white, 56.3885, 1e-3);
  EXPECT_NEAR(*accuracy.black, 73.5968, 1e-3);
  // Started by Black, the same scores judge the other side's moves.
  const GameAccuracy swapped = game_accuracy(scores, chess::BLACK);
  EXPECT_NE(*swapped.white, *accuracy.white);
  // One move: only its mover has an accuracy; no move, nobody.
  const GameAccuracy one = game_accuracy({Score::centipawns(0), Score::centipawns(0)}, chess::BLACK);
  EXPECT_FALSE(one.white);
  EXPECT_DOUBLE_EQ(*one.black, 100.0);
  EXPECT_FALSE(game_accuracy({Score::centipawns(0)}, chess::WHITE).white);
}

}  // namespace
}  // namespace gambit::review
