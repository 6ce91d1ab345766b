// SPDX-License-Identifier: MIT
#include "ai_plugins/minimax/negamax.h"

#include <gtest/gtest.h>

#include "ai_plugins/common/evaluate.h"
#include "core/chess/movegen.h"
#include "core/chess/uci.h"
#include "tests/ai_plugins/test_positions.h"

namespace gambit::minimax {
namespace {

using ai::Value;
using chess::Position;

const Negamax::StopCheck Never = [] { return false; };

Position from_fen(const char* fen) {
  Result<Position> pos = Position::from_fen(fen);
  EXPECT_TRUE(pos.ok()) << fen;
  return pos ? *pos : Position();
}

// The textbook definition, written independently of the engine: a position
// without legal moves is mate or stalemate, a leaf is evaluated, anything else
// is the best of its children's negated values.
Value reference(const Position& pos, int depth, int ply) {
  const chess::MoveList moves = chess::legal_moves(pos);
  if (moves.empty()) return pos.in_check() ? ai::mated_in(ply) : ai::VALUE_DRAW;
  if (depth == 0) return ai::evaluate_hand_set(pos);
  Value best = -ai::VALUE_INFINITE;
  for (chess::Move m : moves) {
    Position child = pos;
    child.do_move(m);
    best = std::max(best, -reference(child, depth - 1, ply + 1));
  }
  return best;
}

TEST(Negamax, EqualsAReferenceNegamaxOnSmallTrees) {
  std::vector<Position> positions = {
      Position(),
      from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3"),  // mate in one on f7
      from_fen("7k/8/6Q1/8/8/8/8/K7 w - - 0 1"),  // Qf7 would stalemate
      from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
      from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
  };
  for (const Position& pos : testing::random_positions(6, 21)) positions.push_back(pos);
  Negamax engine;
  for (const Position& pos : positions)
    for (int depth = 1; depth <= 3; ++depth) {
      if (depth == 3 && chess::legal_moves(pos).size() > 40) continue;  // keep the reference quick
      const NegamaxResult r = engine.search(pos, depth, Never);
      EXPECT_TRUE(r.complete);
      EXPECT_EQ(r.score, reference(pos, depth, 0)) << "depth " << depth << "\n" << pos.pretty();
      ASSERT_TRUE(pos.is_legal(r.best)) << pos.pretty();
      Position after = pos;
      after.do_move(r.best);
      EXPECT_EQ(-reference(after, depth - 1, 1), r.score)
          << "the chosen move " << chess::to_uci(r.best) << " does not achieve the score\n" << pos.pretty();
    }
}

TEST(Negamax, FindsMateInOneAndScoresItWithItsDistance) {
  const Position pos = from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3");
  Negamax engine;
  for (int depth = 1; depth <= 3; ++depth) {
    const NegamaxResult r = engine.search(pos, depth, Never);
    EXPECT_EQ(chess::to_uci(r.best), "f3f7") << "depth " << depth << "\n" << pos.pretty();
    EXPECT_EQ(r.score, ai::mate_in(1)) << "depth " << depth;
  }
}

TEST(Negamax, AvoidsStalemateWhenWinning) {
  const Position pos = from_fen("7k/8/6Q1/8/8/8/8/K7 w - - 0 1");
  Negamax engine;
  const NegamaxResult r = engine.search(pos, 2, Never);
  EXPECT_NE(chess::to_uci(r.best), "g6f7") << pos.pretty();
  EXPECT_GT(r.score, 500) << pos.pretty();
}

TEST(Negamax, ReportsTheResultOfAPositionWithoutMoves) {
  Negamax engine;
  const Position mated = from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  NegamaxResult r = engine.search(mated, 3, Never);
  EXPECT_FALSE(r.best);
  EXPECT_EQ(r.score, ai::mated_in(0));
  const Position stalemate = from_fen("7k/5Q2/8/8/8/8/8/K7 b - - 0 1");
  r = engine.search(stalemate, 3, Never);
  EXPECT_FALSE(r.best);
  EXPECT_EQ(r.score, ai::VALUE_DRAW);
}

TEST(Negamax, IsDeterministic) {
  Negamax engine;
  for (const Position& pos : testing::random_positions(5, 22)) {
    const NegamaxResult a = engine.search(pos, 3, Never);
    const NegamaxResult b = engine.search(pos, 3, Never);
    EXPECT_EQ(a.best, b.best) << pos.pretty();
    EXPECT_EQ(a.score, b.score) << pos.pretty();
    EXPECT_EQ(a.nodes, b.nodes) << pos.pretty();
    EXPECT_EQ(a.pv, b.pv) << pos.pretty();
  }
}

TEST(Negamax, PrincipalVariationIsPlayableAndAsLongAsTheDepth) {
  Negamax engine;
  for (const Position& pos : testing::random_positions(5, 23)) {
    const NegamaxResult r = engine.search(pos, 3, Never);
    Position walk = pos;
    for (chess::Move m : r.pv) {
      ASSERT_TRUE(walk.is_legal(m)) << chess::to_uci(m) << " in the PV is illegal\n" << walk.pretty();
      walk.do_move(m);
    }
    if (!ai::is_mate_score(r.score)) {
      EXPECT_EQ(r.pv.size(), 3u) << pos.pretty();
      EXPECT_EQ(ai::evaluate_hand_set(walk), r.pv.size() % 2 ? -r.score : r.score) << "PV end\n" << walk.pretty();
    }
  }
}

TEST(Negamax, StopsWhenAskedAndStillAnswersALegalMove) {
  Negamax engine;
  int polls = 0;
  const Negamax::StopCheck stop_soon = [&polls] { return ++polls > 3; };
  const Position pos = from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  const NegamaxResult r = engine.search(pos, 6, stop_soon);
  EXPECT_FALSE(r.complete);
  EXPECT_TRUE(pos.is_legal(r.best)) << pos.pretty();
  EXPECT_LT(r.nodes, 100000u);
}

}  // namespace
}  // namespace gambit::minimax
