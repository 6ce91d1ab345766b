// SPDX-License-Identifier: MIT
// The accumulators: updated move by move they hold what a refresh computes,
// through random games with every kind of move; the portable and the AVX2
// arithmetic agree bit for bit; a position and its colour-mirrored twin get
// the same evaluation.
#include "ai_plugins/nnue/accumulator.h"

#include <gtest/gtest.h>

#include <cstring>

#include "core/chess/movegen.h"
#include "core/util/splitmix64.h"
#include "tests/ai_plugins/nnue/random_network.h"
#include "tests/ai_plugins/test_positions.h"

namespace gambit::nnue {
namespace {

using chess::Position;

bool same(const Accumulator& a, const Accumulator& b) { return std::memcmp(&a, &b, sizeof(Accumulator)) == 0; }

std::vector<Simd> available() {
  std::vector<Simd> simd{Simd::Scalar};
  if (has_avx2()) simd.push_back(Simd::Avx2);
  return simd;
}

TEST(Accumulator, UpdatedMoveByMoveItEqualsARefreshThroughRandomGames) {
  const auto net = testing::random_network(11);
  for (const Simd simd : available()) {
    SplitMix64 rng{2026};
    int castles = 0, en_passant = 0, promotions = 0, captures = 0, null_moves = 0, plies = 0;
    for (int game = 0; game < 60; ++game) {
      Position pos;
      Accumulator acc, next, fresh;
      refresh(*net, pos, acc, simd);
      for (int ply = 0; ply < 200; ++ply) {
        const chess::MoveList moves = chess::legal_moves(pos);
        if (moves.empty()) break;
        Position child = pos;
        if (!pos.in_check() && rng.next() % 16 == 0) {
          child.do_null_move();
          ++null_moves;
        } else {
          chess::Move m = moves[std::size_t(rng.next() % moves.size())];
          // Castling, en passant and promotions are rare in random games: take them when offered.
          for (const chess::Move special : moves)
            if (special.kind() != chess::Move::NORMAL && rng.next() % 2 == 0) m = special;
          castles += m.kind() == chess::Move::CASTLING;
          en_passant += m.kind() == chess::Move::EN_PASSANT;
          promotions += m.kind() == chess::Move::PROMOTION;
          captures += m.kind() == chess::Move::NORMAL && !pos.empty(m.to());
          child.do_move(m);
        }
        update(*net, acc, pos, child, next, simd);
        refresh(*net, child, fresh, simd);
        ASSERT_TRUE(same(next, fresh)) << "after " << ply + 1 << " plies of game " << game << ": " << child.fen();
        ASSERT_EQ(evaluate(*net, next, child, simd), evaluate(*net, fresh, child, simd));
        acc = next;
        pos = child;
        ++plies;
      }
    }
    // The games met every kind of change.
    EXPECT_GT(castles, 0);
    EXPECT_GT(en_passant, 0);
    EXPECT_GT(promotions, 0);
    EXPECT_GT(captures, 100);
    EXPECT_GT(null_moves, 100);
    EXPECT_GT(plies, 5000);
  }
}

TEST(Accumulator, PortableAndAvx2ArithmeticAgreeBitForBit) {
  if (!has_avx2()) GTEST_SKIP() << "this processor has no AVX2";
  for (const std::uint64_t seed : {21u, 22u, 23u}) {
    const auto net = testing::random_network(seed);
    for (const Position& pos : testing::random_positions(300, seed)) {
      Accumulator scalar, avx2;
      refresh(*net, pos, scalar, Simd::Scalar);
      refresh(*net, pos, avx2, Simd::Avx2);
      ASSERT_TRUE(same(scalar, avx2)) << pos.fen();
      ASSERT_EQ(evaluate(*net, scalar, pos, Simd::Scalar), evaluate(*net, avx2, pos, Simd::Avx2)) << pos.fen();
      for (const chess::Move m : chess::legal_moves(pos)) {
        Position child = pos;
        child.do_move(m);
        Accumulator a, b;
        update(*net, scalar, pos, child, a, Simd::Scalar);
        update(*net, avx2, pos, child, b, Simd::Avx2);
        ASSERT_TRUE(same(a, b)) << child.fen();
      }
    }
  }
}

TEST(Accumulator, TheArithmeticReachesItsBoundsWithoutOverflow) {
  // Every neuron at the clip value and every output weight at its bound: the
  // largest sum a network may produce, the same in both arithmetics and equal
  // to the exact product.
  auto net = testing::random_network(31);
  for (auto& row : net->feature_weights)
    for (std::int16_t& w : row) w = 0;
  for (std::int16_t& b : net->feature_bias) b = QA + 50;
  for (auto& bucket : net->output_weights)
    for (std::int16_t& w : bucket) w = MaxOutputWeight;
  for (std::int32_t& b : net->output_bias) b = 0;
  const Position pos;
  const std::int64_t sum = std::int64_t(2) * Hidden * QA * QA * MaxOutputWeight;
  const int expected = int(sum / QA * Scale / (QA * QB));
  for (const Simd simd : available()) {
    Accumulator acc;
    refresh(*net, pos, acc, simd);
    EXPECT_EQ(evaluate(*net, acc, pos, simd), expected);
  }
}

TEST(Accumulator, APositionAndItsMirroredTwinAreEvaluatedAlike) {
  const auto net = testing::random_network(41);
  for (const Position& pos : testing::random_positions(200, 42)) {
    const Position twin = testing::mirrored(pos);
    Accumulator a, b;
    refresh(*net, pos, a, best_simd());
    refresh(*net, twin, b, best_simd());
    EXPECT_EQ(evaluate(*net, a, pos, best_simd()), evaluate(*net, b, twin, best_simd())) << pos.fen();
  }
}

TEST(Accumulator, TheOutputBucketFollowsThePieceCount) {
  EXPECT_EQ(output_bucket(Position()), 7);
  const auto bare = Position::from_fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1");
  ASSERT_TRUE(bare.ok());
  EXPECT_EQ(output_bucket(*bare), 0);
  const auto six = Position::from_fen("8/8/8/2p1k3/3pP3/8/8/4K2R w - - 0 1");
  ASSERT_TRUE(six.ok());
  EXPECT_EQ(output_bucket(*six), 1);
}

}  // namespace
}  // namespace gambit::nnue
