// SPDX-License-Identifier: MIT
// Texel tuning: a position's counted weights give back the evaluation itself,
// quiet positions are told apart, the fit lowers the error it minimises and
// moves only weights positions use, and the weights are written exactly as
// eval_weights.h holds them.
#include "ai_plugins/tuning/texel.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "ai_plugins/common/eval_weights.h"
#include "ai_plugins/common/evaluate.h"
#include "tests/ai_plugins/test_positions.h"

namespace gambit::tuning {
namespace {

chess::Position fen(const char* text) { return chess::Position::from_fen(text).value(); }

TEST(Texel, CountedWeightsGiveTheEvaluationBack) {
  int checked = 0;
  for (const chess::Position& pos : testing::random_positions(400, 17)) {
    for (const ai::EvalParams* weights : {&ai::HandSetWeights, &ai::TunedWeights}) {
      const auto p = tuning_position(pos, *weights, 0.5f);
      if (!p) continue;
      ++checked;
      ai::EvalTrace trace;
      const int v = ai::trace_evaluation(pos, *weights, trace);
      const int white_view = pos.side_to_move() == chess::WHITE ? v : -v;
      // The engine divides in whole centipawns: at most two off.
      EXPECT_NEAR(linear_eval(*p, to_real(*weights)), white_view, 2.0) << pos.fen();
      // The fitted weights are evaluated as traced (the hand-set ones keep their
      // quadratic king danger, which the tuner does not fit).
      if (weights == &ai::TunedWeights) {
        EXPECT_EQ(ai::evaluate(pos, ai::Weights::Tuned), v) << pos.fen();
      }
    }
  }
  EXPECT_GT(checked, 100);  // random games leave many pieces hanging: most positions are not quiet
}

TEST(Texel, OnlyQuietPositionsAreKept) {
  EXPECT_TRUE(quiet(chess::Position()));
  // exd5 trades pawns (the queen takes back): an even exchange leaves it quiet.
  EXPECT_TRUE(quiet(fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")));
  EXPECT_FALSE(quiet(fen("rnbqkb1r/pppppppp/8/8/4n3/8/PPPPQPPP/RNB1KBNR w KQkq - 0 3")));  // a knight hangs
  EXPECT_FALSE(quiet(fen("rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2")));  // in check
  EXPECT_FALSE(quiet(fen("8/4P3/8/8/8/2k5/8/4K3 w - - 0 1")));  // a promotion
  EXPECT_FALSE(tuning_position(fen("8/8/4k3/8/8/3NK3/8/8 w - - 0 1"), ai::HandSetWeights, 0.5f));  // a rule's draw
}

TEST(Texel, TheFitLowersItsErrorAndLeavesUnusedWeightsAlone) {
  // White a pawn up and winning every game: the pawn (and its squares) must count more.
  std::vector<TuningPosition> positions;
  for (const char* text : {"4k3/pp4pp/8/8/8/8/PPP3PP/4K3 w - - 0 1", "4k3/p5pp/8/8/8/8/PP4PP/4K3 b - - 0 1",
                           "6k1/5ppp/8/8/8/8/4PPPP/6K1 w - - 0 1", "1k6/ppp5/8/8/8/8/PPPP4/1K6 b - - 0 1"})
    positions.push_back(*tuning_position(fen(text), ai::HandSetWeights, 1.0f));
  RealWeights weights = to_real(ai::HandSetWeights);
  const RealWeights before = weights;
  const double k = 1.0, error_before = mean_error(positions, weights, k);
  TuneSettings settings;
  settings.epochs = 200;
  const double error_after = tune(positions, weights, k, settings);
  EXPECT_LT(error_after, error_before / 2);
  const std::size_t knight = ai::weight_index(ai::HandSetWeights, ai::HandSetWeights.material[chess::KNIGHT]);
  EXPECT_EQ(weights[2 * knight], before[2 * knight]);  // no knight on any board
  const std::size_t pawn = ai::weight_index(ai::HandSetWeights, ai::HandSetWeights.material[chess::PAWN]);
  EXPECT_GT(weights[2 * pawn + 1], before[2 * pawn + 1]);
  // A pull back to the start keeps the weights nearer.
  RealWeights pulled = before;
  settings.regularisation = 1000;
  tune(positions, pulled, k, settings);
  EXPECT_LT(std::abs(pulled[2 * pawn + 1] - before[2 * pawn + 1]), std::abs(weights[2 * pawn + 1] - before[2 * pawn + 1]));
}

TEST(Texel, FitsKToTheResults) {
  // Results that follow sigmoid(1.5 * eval / 400) exactly are fitted with K = 1.5.
  std::vector<TuningPosition> positions;
  for (int eval = -600; eval <= 600; eval += 50) {
    TuningPosition p;
    p.fixed_mg = float(eval);
    p.phase = 1;
    p.result = float(1 / (1 + std::pow(10.0, -1.5 * eval / 400)));
    positions.push_back(p);
  }
  EXPECT_NEAR(fit_k(positions, to_real(ai::HandSetWeights)), 1.5, 0.01);
}

TEST(Texel, PositionsOfGamesAreWrittenAndReadBackAsEpd) {
  const std::string pgn =
      "[Result \"0-1\"]\n\n1. e4 e5 2. Nf3 Nc6 0-1\n\n[Result \"*\"]\n\n1. d4 *\n\n"
      "[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n";
  int unreadable = 0;
  std::vector<LabelledPosition> positions = quiet_positions_from_pgn(pgn, 1, unreadable);
  EXPECT_EQ(unreadable, 0);
  ASSERT_EQ(positions.size(), 6u);  // plies 1-4 of the first game, 1-2 of the third (the unfinished one is left out)
  EXPECT_EQ(positions[0].game, 0u);
  EXPECT_EQ(positions[4].game, 1u);  // games are counted among those with a result
  EXPECT_EQ(positions[4].result, 0.5f);
  positions[2].score = -45;  // White's view with Black to move (after 2. Nf3): written as ce 45
  for (const LabelledPosition& p : positions) {
    const std::string line = epd_line(p);
    auto back = labelled_position(line);
    ASSERT_TRUE(back.ok()) << line << ": " << back.error();
    EXPECT_EQ(back->position.fen(), p.position.fen()) << line;
    EXPECT_EQ(back->result, p.result) << line;
    EXPECT_EQ(back->game, p.game) << line;
    EXPECT_EQ(back->score, p.score) << line;
  }
  EXPECT_NE(epd_line(positions[2]).find(" ce 45;"), std::string::npos) << epd_line(positions[2]);
  // EPD's ce is the side to move's view: Black to move, a score of +30 is White's -30.
  auto black = labelled_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c9 \"1-0\"; ce 30;");
  ASSERT_TRUE(black.ok()) << black.error();
  EXPECT_EQ(black->score, -30);
  EXPECT_EQ(black->result, 1.0f);
  // A mate written as a large number counts as a decided position, not more.
  EXPECT_EQ(labelled_position("4k3/8/8/8/8/8/4P3/4K3 w - - c9 \"1-0\"; ce 29990;")->score, 2000);

  for (const char* bad : {"4k3/8/8/8/8/8/4P3/4K3 w - - ce 10;", "4k3/8/8/8/8/8/4P3/4K3 w - - c9 \"2-0\";",
                          "4k3/8/8/8/8/8/4P3/4K3 w - - c9 \"1-0\"; ce ten;",
                          "4k3/8/8/8/8/8/4P3/4K3 w - - c9 \"1-0\"; game -3;", "4k3/8/8/8/8/8/4P3 w - - c9 \"1-0\";"}) {
    auto read = labelled_position(bad);
    EXPECT_FALSE(read.ok()) << bad;
  }
}

TEST(Texel, AnEpdSetIsReadWholeOrRefusedAtItsFirstBadLine) {
  const std::string good = "4k3/8/8/8/8/8/4P3/4K3 w - - c9 \"1-0\"; game 0;\n\n"
                           "4k3/8/8/8/8/8/4P3/4K3 b - - c9 \"1/2-1/2\"; game 1; ce 20;\n";
  auto read = labelled_positions_from_epd(good);
  ASSERT_TRUE(read.ok()) << read.error();
  ASSERT_EQ(read->size(), 2u);
  EXPECT_EQ((*read)[1].game, 1u);
  EXPECT_EQ((*read)[1].score, -20);
  auto bad = labelled_positions_from_epd(good + "4k3/8/8/8/8/8/4P3/4K3 w - - c9 \"2-0\";\n");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().rfind("line 4: ", 0), 0u) << bad.error();
}

TEST(Texel, FilesAreNumberedOnAndOneGameInTenIsHeldOut) {
  // Twelve games of one quiet position each, in two files of 8 and 4 games.
  const chess::Position quiet_position = fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  auto file = [&](std::uint32_t games) {
    std::vector<LabelledPosition> positions;
    for (std::uint32_t g = 0; g < games; ++g) positions.push_back({quiet_position, g % 2 ? 1.0f : 0.0f, 100, g});
    return positions;
  };
  LabelledSet set;
  set.add(file(8));
  set.add(file(4));
  EXPECT_EQ(set.games(), 12u);
  EXPECT_EQ(set.positions()[8].game, 8u) << "the second file's first game follows the first file's eight";
  const TuningSets sets = split_held_out(set.positions(), ai::TunedWeights, /*score_k=*/1.0, /*score_weight=*/0.5);
  EXPECT_EQ(sets.training.size(), 11u);
  ASSERT_EQ(sets.held_out.size(), 1u);
  EXPECT_EQ(sets.held_out[0].game, 9u);
  EXPECT_EQ(sets.held_out[0].result, target(set.positions()[9], 1.0, 0.5)) << "held out with the training's target";
  ASSERT_EQ(sets.held_out_results.size(), 1u);
  EXPECT_EQ(sets.held_out_results[0].result, 1.0f) << "and again with its game's result alone";
  EXPECT_GT(used_weights(sets.training), 0u);
  EXPECT_LT(used_weights(sets.training), ai::WeightCount);
}

TEST(Texel, ScoresAreMixedWithResultsAfterTheirKIsFitted) {
  // Scores whose results follow sigmoid(0.8 * score / 400) give K = 0.8.
  std::vector<LabelledPosition> positions;
  for (int score = -600; score <= 600; score += 25)
    for (int game = 0; game < 20; ++game) {
      LabelledPosition p;
      p.score = score;
      const double expected = 1 / (1 + std::pow(10.0, -0.8 * score / 400));
      // Twenty games a score: wins in the share the curve gives, losses in the rest.
      p.result = game < int(std::lround(expected * 20)) ? 1.0f : 0.0f;
      positions.push_back(p);
    }
  EXPECT_NEAR(fit_score_k(positions), 0.8, 0.05);
  LabelledPosition p;
  p.result = 1.0f;
  EXPECT_EQ(target(p, 0.8, 0.5), 1.0f);  // no score: the result alone
  p.score = 0;
  EXPECT_NEAR(target(p, 0.8, 0.5), 0.75, 1e-6);  // half the result, half an even score
  EXPECT_NEAR(target(p, 0.8, 1.0), 0.5, 1e-6);
  EXPECT_NEAR(target(p, 0.8, 0.0), 1.0, 1e-6);
  EXPECT_EQ(fit_score_k({LabelledPosition{}}), 0.0);  // nothing scored
}

TEST(Texel, WeightsAreWrittenAsEvalWeightsHoldsThem) {
  std::ifstream in(std::string(GAMBIT_SOURCE_DIR) + "/ai_plugins/common/eval_weights.h");
  std::stringstream text;
  text << in.rdbuf();
  for (const auto& [weights, name] :
       {std::pair{&ai::HandSetWeights, "HandSetWeights"}, std::pair{&ai::TunedWeights, "TunedWeights"}}) {
    const std::string source = weights_source(*weights, name);
    EXPECT_NE(text.str().find(source), std::string::npos) << source;
    EXPECT_EQ(to_params(to_real(*weights)).bishop_pair, weights->bishop_pair);
  }
}

}  // namespace
}  // namespace gambit::tuning
