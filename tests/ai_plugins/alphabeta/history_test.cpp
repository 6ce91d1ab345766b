// SPDX-License-Identifier: MIT
// The correction history: which positions share an entry, and how an entry
// learns the search's verdicts on the static evaluation.
#include "ai_plugins/alphabeta/history.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace gambit::alphabeta {
namespace {

chess::Position from_fen(const std::string& fen) {
  auto pos = chess::Position::from_fen(fen);
  EXPECT_TRUE(pos.ok()) << fen;
  return *pos;
}

TEST(CorrectionHistory, AnEntryIsAPawnStructureAndASideToMove) {
  auto history = std::make_unique<CorrectionHistory>();
  const auto start = from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  const auto knights_out = from_fen("r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w KQkq - 4 3");
  const auto black_to_move = from_fen("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
  const auto e4 = from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  history->update(start, 10, 30);
  EXPECT_GT(history->correction(start), 0);
  EXPECT_EQ(history->correction(knights_out), history->correction(start)) << "the pieces do not matter";
  EXPECT_EQ(history->correction(black_to_move), 0) << "each side keeps its own";
  EXPECT_EQ(history->correction(e4), 0) << "another pawn structure";
}

TEST(CorrectionHistory, LearnsTheDifferenceWithinItsBound) {
  auto history = std::make_unique<CorrectionHistory>();
  const auto pos = from_fen("4k3/pp3ppp/8/8/8/8/PPP2PPP/4K3 w - - 0 1");
  // A shallow search moves the entry a little, a deep one more.
  history->update(pos, 1, 20);
  const int after_shallow = history->table[chess::WHITE][CorrectionHistory::index(pos)];
  auto deeper = std::make_unique<CorrectionHistory>();
  deeper->update(pos, 12, 20);
  EXPECT_GT(after_shallow, 0);
  EXPECT_GT(deeper->table[chess::WHITE][CorrectionHistory::index(pos)], after_shallow);
  // The same verdict again and again: the correction becomes it.
  for (int i = 0; i < 400; ++i) history->update(pos, 12, 20);
  EXPECT_NEAR(history->correction(pos), 20, 1);
  // Verdicts beyond the bound count as the bound, either way.
  for (int i = 0; i < 400; ++i) history->update(pos, 12, -500);
  EXPECT_NEAR(history->correction(pos), -CorrectionHistory::MaxCorrection, 1);
}

}  // namespace
}  // namespace gambit::alphabeta
