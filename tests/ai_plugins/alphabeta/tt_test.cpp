// SPDX-License-Identifier: MIT
#include "ai_plugins/alphabeta/tt.h"

#include <gtest/gtest.h>

namespace gambit::alphabeta {
namespace {

using chess::Move;

TEST(TranspositionTable, StoresAndFindsAnEntry) {
  TranspositionTable tt(1);
  const chess::Key key = 0x123456789ABCDEF0ULL;
  bool hit = true;
  TTEntry* e = tt.probe(key, hit);
  EXPECT_FALSE(hit);
  const Move m(chess::SQ_E2, chess::SQ_E4);
  tt.store(e, key, 37, true, BOUND_EXACT, 9, m, 12);
  e = tt.probe(key, hit);
  ASSERT_TRUE(hit);
  EXPECT_EQ(e->move(), m);
  EXPECT_EQ(e->value(), 37);
  EXPECT_EQ(e->eval(), 12);
  EXPECT_EQ(e->depth(), 9);
  EXPECT_EQ(e->bound(), BOUND_EXACT);
  EXPECT_TRUE(e->was_pv());

  tt.probe(key ^ 1, hit);
  EXPECT_FALSE(hit) << "a different key must not hit";
  tt.clear();
  tt.probe(key, hit);
  EXPECT_FALSE(hit) << "clear() empties the table";
}

TEST(TranspositionTable, KeepsADeeperResultAndTheKnownMove) {
  TranspositionTable tt(1);
  const chess::Key key = 42;
  bool hit = false;
  const Move m(chess::SQ_G1, chess::SQ_F3);
  tt.store(tt.probe(key, hit), key, 100, false, BOUND_LOWER, 12, m, 5);
  tt.store(tt.probe(key, hit), key, -50, false, BOUND_UPPER, 3, Move::none(), 5);
  const TTEntry* e = tt.probe(key, hit);
  ASSERT_TRUE(hit);
  EXPECT_EQ(e->depth(), 12);
  EXPECT_EQ(e->value(), 100);
  EXPECT_EQ(e->move(), m);
}

TEST(TranspositionTable, EntriesHoldQuiescenceAndEvaluationOnlyDepths) {
  TranspositionTable tt(1);
  bool hit = false;
  tt.store(tt.probe(1, hit), 1, ai::VALUE_NONE, false, BOUND_NONE, DEPTH_NONE, Move::none(), 20);
  const TTEntry* e = tt.probe(1, hit);
  ASSERT_TRUE(hit);
  EXPECT_EQ(e->depth(), DEPTH_NONE);
  EXPECT_EQ(e->value(), ai::VALUE_NONE);
  tt.store(tt.probe(2, hit), 2, 0, false, BOUND_UPPER, DEPTH_QS_CHECKS, Move::none(), 20);
  e = tt.probe(2, hit);
  ASSERT_TRUE(hit);
  EXPECT_EQ(e->depth(), DEPTH_QS_CHECKS);
}

TEST(TranspositionTable, MateScoresAreStoredRelativeToTheNode) {
  // Mate in 3 plies seen from the root, stored at ply 2: mate in 1 ply from that node.
  EXPECT_EQ(value_to_tt(ai::mate_in(3), 2), ai::mate_in(1));
  EXPECT_EQ(value_from_tt(ai::mate_in(1), 2), ai::mate_in(3));
  EXPECT_EQ(value_from_tt(value_to_tt(ai::mated_in(6), 4), 4), ai::mated_in(6));
  EXPECT_EQ(value_to_tt(123, 7), 123);
  EXPECT_EQ(value_from_tt(ai::VALUE_NONE, 7), ai::VALUE_NONE);
}

TEST(TranspositionTable, HashfullCountsUsedEntries) {
  TranspositionTable tt(1);
  EXPECT_EQ(tt.hashfull(), 0);
  bool hit = false;
  for (chess::Key k = 1; k < 200000; ++k) {
    const chess::Key key = k * 0x9E3779B97F4A7C15ULL;
    tt.store(tt.probe(key, hit), key, 0, false, BOUND_EXACT, 1, Move::none(), 0);
  }
  EXPECT_GT(tt.hashfull(), 500);
}

}  // namespace
}  // namespace gambit::alphabeta
