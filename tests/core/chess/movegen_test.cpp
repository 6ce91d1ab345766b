// SPDX-License-Identifier: MIT
// Move generation checked by perft against counts from an independent engine
// (tests/data/perft.epd, 126 positions), plus internal consistency of the
// generator: list vs counter, noisy + quiet = all, incremental key and checkers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/chess/movegen.h"
#include "core/chess/perft.h"
#include "core/chess/uci.h"
#include "tests/core/chess/test_positions.h"
#include "tests/support/random_walks.h"

namespace gambit::chess {
namespace {

using test_support::PerftCase;
using test_support::perft_suite;

std::string divide_text(const Position& pos, int depth) {
  std::string out;
  for (auto [move, count] : perft_divide(pos, depth)) out += to_uci(move) + ": " + std::to_string(count) + "\n";
  return out;
}

// Perft without bulk counting: every node is made, and every node is checked
// for generator consistency. Returns the leaf count.
std::uint64_t checked_perft(const Position& pos, int depth) {
  MoveList all, noisy, quiet;
  generate_legal<GenType::All>(pos, all);
  generate_legal<GenType::Noisy>(pos, noisy);
  generate_legal<GenType::Quiet>(pos, quiet);

  EXPECT_EQ(all.size(), count_legal(pos)) << pos.pretty();
  EXPECT_EQ(all.size(), noisy.size() + quiet.size()) << pos.pretty();
  for (Move m : noisy) {
    EXPECT_TRUE(all.contains(m)) << pos.pretty();
    EXPECT_TRUE(m.kind() == Move::PROMOTION || pos.captured_type(m) != NO_PIECE_TYPE) << pos.pretty();
  }
  for (Move m : quiet) EXPECT_TRUE(all.contains(m) && !noisy.contains(m)) << pos.pretty();
  EXPECT_EQ(pos.key(), pos.compute_key()) << pos.pretty();
  EXPECT_EQ(pos.checkers(), pos.attackers_to(pos.king_square(pos.side_to_move()), pos.pieces()) &
                                pos.pieces(~pos.side_to_move()))
      << pos.pretty();

  if (depth == 0) return 1;
  std::uint64_t nodes = 0;
  for (Move m : all) {
    Position child = pos;
    child.do_move(m);
    nodes += checked_perft(child, depth - 1);
  }
  return nodes;
}

class PerftSuite : public ::testing::TestWithParam<PerftCase> {};

TEST_P(PerftSuite, MatchesReferenceCountsAtDeepestDepth) {
  const PerftCase& c = GetParam();
  Result<Position> pos = Position::from_fen(c.fen);
  ASSERT_TRUE(pos.ok()) << "perft.epd line " << c.line << ": " << pos.error();

  // The deepest depth listed, or with a node cap the deepest within it.
  int depth = int(c.counts.size());
  const std::uint64_t limit = GAMBIT_TEST_PERFT_NODE_LIMIT;
  while (limit && depth > 1 && c.counts[depth - 1] > limit) --depth;

  std::uint64_t nodes = perft(*pos, depth);
  EXPECT_EQ(nodes, c.counts[depth - 1]) << "perft(" << depth << ") wrong for perft.epd line " << c.line << "\n"
                                        << pos->pretty() << "divide:\n"
                                        << divide_text(*pos, depth);
}

TEST_P(PerftSuite, ShallowTreeIsConsistentNodeByNode) {
  const PerftCase& c = GetParam();
  Result<Position> pos = Position::from_fen(c.fen);
  ASSERT_TRUE(pos.ok()) << pos.error();
  const int depth = std::min<int>(2, int(c.counts.size()));
  EXPECT_EQ(checked_perft(*pos, depth), c.counts[depth - 1]) << "depth " << depth << "\n" << pos->pretty();
}

INSTANTIATE_TEST_SUITE_P(PerftEpd, PerftSuite, ::testing::ValuesIn(perft_suite()),
                         [](const ::testing::TestParamInfo<PerftCase>& info) {
                           return "line" + std::to_string(info.param.line);
                         });

TEST(Perft, SuiteIsComplete) { EXPECT_EQ(perft_suite().size(), 126u); }

TEST(Perft, DivideSumsToPerft) {
  Position start;
  std::uint64_t sum = 0;
  auto divide = perft_divide(start, 3);
  for (auto [move, count] : divide) sum += count;
  EXPECT_EQ(divide.size(), 20u);
  EXPECT_EQ(sum, perft(start, 3));
  EXPECT_EQ(sum, 8902u);
}

TEST(Perft, DepthZeroIsOneNode) { EXPECT_EQ(perft(Position(), 0), 1u); }

TEST(MoveGen, EnPassantThatWouldExposeTheKingAlongTheRankIsNotGenerated) {
  // White king a5, white pawn b5, black pawn c5 just double-pushed, black rook h5:
  // bxc6 would remove both pawns from the fifth rank and leave the king in check.
  Result<Position> pos = Position::from_fen("8/8/8/KPp4r/8/8/8/7k w - c6 0 2");
  ASSERT_TRUE(pos.ok()) << pos.error();
  EXPECT_EQ(pos->en_passant_square(), SQ_NONE) << pos->pretty();
  for (Move m : legal_moves(*pos)) EXPECT_NE(m.kind(), Move::EN_PASSANT) << pos->pretty();
}

TEST(MoveGen, EnPassantCaptureOfTheCheckingPawnIsGenerated) {
  // Black's d5 pawn checks the white king on e4 after d7-d5; exd6 removes it.
  Result<Position> pos = Position::from_fen("8/8/8/3pP3/4K3/8/8/7k w - d6 0 2");
  ASSERT_TRUE(pos.ok()) << pos.error();
  ASSERT_TRUE(pos->in_check()) << pos->pretty();
  EXPECT_TRUE(legal_moves(*pos).contains(Move(SQ_E5, SQ_D6, Move::EN_PASSANT))) << pos->pretty();
}

TEST(MoveGen, NoCastlingThroughAttackedSquare) {
  // A black rook on f8 covers f1: O-O is illegal, O-O-O is fine.
  Result<Position> pos = Position::from_fen("1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  ASSERT_TRUE(pos.ok()) << pos.error();
  MoveList moves = legal_moves(*pos);
  EXPECT_FALSE(moves.contains(Move(SQ_E1, SQ_G1, Move::CASTLING))) << pos->pretty();
  EXPECT_TRUE(moves.contains(Move(SQ_E1, SQ_C1, Move::CASTLING))) << pos->pretty();
}

TEST(MoveGen, CastlingRightsLostWhenRookIsCaptured) {
  Result<Position> pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  ASSERT_TRUE(pos.ok()) << pos.error();
  Position after = *pos;
  after.do_move(Move(SQ_A1, SQ_A8));  // Rxa8+: black loses queen-side, white too (rook left a1)
  EXPECT_EQ(after.castling_rights(), WHITE_OO | BLACK_OO) << after.pretty();
}

TEST(MoveGen, EveryPromotionPieceIsGenerated) {
  Result<Position> pos = Position::from_fen("7k/P7/8/8/8/8/8/K7 w - - 0 1");
  ASSERT_TRUE(pos.ok()) << pos.error();
  MoveList moves = legal_moves(*pos);
  for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
    EXPECT_TRUE(moves.contains(Move(SQ_A7, SQ_A8, Move::PROMOTION, pt))) << "piece " << int(pt) << "\n" << pos->pretty();
}

TEST(MoveGen, CheckmateAndStalemateHaveNoMoves) {
  Result<Position> mate = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  Result<Position> stalemate = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  ASSERT_TRUE(mate.ok() && stalemate.ok());
  EXPECT_TRUE(mate->in_check());
  EXPECT_EQ(count_legal(*mate), 0u) << mate->pretty();
  EXPECT_FALSE(stalemate->in_check());
  EXPECT_EQ(count_legal(*stalemate), 0u) << stalemate->pretty();
}

// Position::is_legal decides most moves without the generator: it must accept
// exactly the generated moves among every from-to pair as a normal move, with
// stray promotion bits and as each promotion, and (from the mover's own
// pieces, since it hands these kinds to the generator) as en passant and castling.
TEST(MoveGen, IsLegalAcceptsExactlyTheGeneratedMoves) {
  std::vector<std::string> starts = test_support::perft_suite_fens();
  ASSERT_GT(starts.size(), 100u) << "perft.epd not found or short";
  std::vector<Position> positions =
      gambit::test_support::random_walks({.start_fens = starts, .walks = 2, .max_plies = 40}, 11);
  for (const std::string& fen : starts) positions.push_back(test_support::position_from(fen));
  int accepted = 0;
  for (const Position& pos : positions) {
    const MoveList legal = legal_moves(pos);
    auto check = [&](Move m) {
      const bool expected = legal.contains(m);
      ASSERT_EQ(pos.is_legal(m), expected) << to_uci(m) << " kind " << int(m.kind()) << "\n" << pos.pretty();
      accepted += expected;
    };
    for (int from = 0; from < SQUARE_NB; ++from)
      for (int to = 0; to < SQUARE_NB; ++to) {
        const Square f = Square(from), t = Square(to);
        check(Move(f, t));
        check(Move(f, t, Move::NORMAL, QUEEN));
        for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) check(Move(f, t, Move::PROMOTION, pt));
        if (pos.piece_on(f) != NO_PIECE && color_of(pos.piece_on(f)) == pos.side_to_move()) {
          check(Move(f, t, Move::EN_PASSANT));
          check(Move(f, t, Move::CASTLING));
        }
        if (HasFatalFailure()) return;
      }
  }
  EXPECT_GT(accepted, 10000);
}

}  // namespace
}  // namespace gambit::chess
