// SPDX-License-Identifier: MIT
// move_codec: every legal move of many positions has its own byte, decoded back
// to itself; a random game round-trips; a byte that names no move is damage.
#include "core/database/move_codec.h"

#include <gtest/gtest.h>

#include <set>

#include "core/chess/movegen.h"
#include "core/util/splitmix64.h"

namespace gambit::database {
namespace {

// Plies of random legal moves from the start, seeded.
std::vector<chess::Move> random_game(std::uint64_t seed, int plies) {
  SplitMix64 random{seed};
  chess::Position pos;
  std::vector<chess::Move> moves;
  for (int i = 0; i < plies; ++i) {
    const chess::MoveList legal = chess::legal_moves(pos);
    if (legal.empty()) break;
    moves.push_back(legal[random.next() % legal.size()]);
    pos.do_move(moves.back());
  }
  return moves;
}

TEST(MoveCodec, EveryLegalMoveHasItsOwnByteAndComesBack) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    chess::Position pos;
    for (chess::Move m : random_game(seed, 120)) {
      const chess::MoveList legal = chess::legal_moves(pos);
      std::set<int> codes;
      for (chess::Move any : legal) {
        const std::uint8_t code = move_code(pos, any);
        EXPECT_LT(code, legal.size());
        codes.insert(code);
        EXPECT_EQ(move_of_code(pos, code), any);
      }
      EXPECT_EQ(codes.size(), legal.size()) << pos.fen();
      pos.do_move(m);
    }
  }
}

TEST(MoveCodec, AGameRoundTripsInOneByteAMove) {
  const chess::Position start;
  for (std::uint64_t seed = 100; seed < 120; ++seed) {
    const std::vector<chess::Move> moves = random_game(seed, 200);
    const std::vector<std::uint8_t> bytes = encode_moves(start, moves);
    EXPECT_EQ(bytes.size(), moves.size());
    const auto back = decode_moves(start, bytes);
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back.value(), moves);
  }
  // A position with promotions and castling to be told apart.
  const auto pos = chess::Position::from_fen("r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1");
  ASSERT_TRUE(pos);
  for (chess::Move m : chess::legal_moves(*pos)) EXPECT_EQ(move_of_code(*pos, move_code(*pos, m)), m);
}

TEST(MoveCodec, AByteThatNamesNoMoveIsDamage) {
  const chess::Position start;
  const std::vector<std::uint8_t> bytes{0, 1, 200};
  const auto moves = decode_moves(start, bytes);
  ASSERT_FALSE(moves);
  EXPECT_EQ(moves.error(), "the game's record is damaged at its half-move 3");
  EXPECT_EQ(move_of_code(start, 20), chess::Move::none()) << "the start has 20 moves: codes 0..19";
}

}  // namespace
}  // namespace gambit::database
