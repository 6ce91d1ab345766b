// SPDX-License-Identifier: MIT
#include "ai_plugins/alphabeta/movepick.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "core/chess/uci.h"
#include "tests/ai_plugins/test_positions.h"

namespace gambit::alphabeta {
namespace {

using chess::Move;
using chess::Position;

struct Histories {
  std::unique_ptr<ButterflyHistory> butterfly = std::make_unique<ButterflyHistory>();
  std::unique_ptr<CaptureHistory> captures = std::make_unique<CaptureHistory>();
  OrderingContext context() const {
    OrderingContext c;
    c.butterfly = butterfly.get();
    c.captures = captures.get();
    return c;
  }
};

std::vector<Move> every_move(MovePicker& picker) {
  std::vector<Move> moves;
  for (Move m; (m = picker.next());) moves.push_back(m);
  return moves;
}

void expect_each_legal_move_once(const Position& pos, const std::vector<Move>& moves) {
  const chess::MoveList legal = chess::legal_moves(pos);
  EXPECT_EQ(moves.size(), legal.size()) << pos.pretty();
  for (Move m : legal)
    EXPECT_EQ(std::count(moves.begin(), moves.end(), m), 1) << chess::to_uci(m) << "\n" << pos.pretty();
}

// Kiwipete: captures, castling, quiet moves and a pin.
Position kiwipete() {
  return *Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
}

TEST(MovePicker, HandsOutALegalTableMoveFirstThenEveryOtherMoveOnce) {
  const Position pos = kiwipete();
  Histories h;
  const OrderingContext context = h.context();
  for (bool defer : {false, true})
    for (const char* tt : {"e2a6", "d5e6", "e1g1", "a2a3"}) {
      const Move tt_move = *chess::parse_uci_move(pos, tt);
      MovePicker picker(pos, tt_move, context, defer);
      ASSERT_EQ(picker.next(), tt_move) << tt;
      EXPECT_EQ(picker.last_noisy(), pos.piece_on(tt_move.to()) != chess::NO_PIECE) << tt;
      std::vector<Move> moves{tt_move};
      for (Move m : every_move(picker)) moves.push_back(m);
      expect_each_legal_move_once(pos, moves);
    }
}

TEST(MovePicker, NeverHandsOutATableMoveThatIsNotLegalHere) {
  const Position pos = kiwipete();
  Histories h;
  const OrderingContext context = h.context();
  // From an empty square, castling written as a plain king move, a blocked
  // pawn, a king onto its own piece, a promotion of a pawn that is not there.
  for (Move tt_move : {Move(chess::SQ_A4, chess::SQ_A5), Move(chess::SQ_E1, chess::SQ_G1),
                       Move(chess::SQ_E4, chess::SQ_E5), Move(chess::SQ_E1, chess::SQ_E2),
                       Move(chess::SQ_B7, chess::SQ_B8, Move::PROMOTION, chess::QUEEN)})
    for (bool defer : {false, true}) {
      MovePicker picker(pos, tt_move, context, defer);
      const std::vector<Move> moves = every_move(picker);
      EXPECT_EQ(std::count(moves.begin(), moves.end(), tt_move), 0) << chess::to_uci(tt_move);
      expect_each_legal_move_once(pos, moves);
    }
}

// Deferring changes when the moves are ordered, not how: with nothing learned
// in between, both pickers give the same sequence, the table move first.
TEST(MovePicker, DeferringKeepsTheOrderWhenNothingIsLearned) {
  Histories h;
  for (const Position& pos : testing::random_positions(40, 5)) {
    const chess::MoveList legal = chess::legal_moves(pos);
    // Statistics that tell the moves apart, so the order is not only the generator's.
    for (std::size_t i = 0; i < legal.size(); ++i)
      h.butterfly->at(pos.side_to_move(), legal[i]).update(int(i % 7) * 300);
    const OrderingContext context = h.context();
    for (Move tt_move : legal) {
      MovePicker eager(pos, tt_move, context, false), deferred(pos, tt_move, context, true);
      const std::vector<Move> moves = every_move(deferred);
      ASSERT_EQ(every_move(eager), moves) << chess::to_uci(tt_move) << "\n" << pos.pretty();
      EXPECT_EQ(moves.front(), tt_move) << pos.pretty();
      expect_each_legal_move_once(pos, moves);
    }
  }
}

// The other moves are ordered when the search asks for the second one, so
// what the search learned below the table move already counts.
TEST(MovePicker, OrdersTheRestByWhatWasLearnedBelowTheTableMove) {
  const Position pos;
  Histories h;
  const OrderingContext context = h.context();
  MovePicker picker(pos, Move(chess::SQ_E2, chess::SQ_E4), context, true);
  ASSERT_EQ(picker.next(), Move(chess::SQ_E2, chess::SQ_E4));
  h.butterfly->at(chess::WHITE, Move(chess::SQ_G1, chess::SQ_F3)).update(5000);
  EXPECT_EQ(picker.next(), Move(chess::SQ_G1, chess::SQ_F3));
  EXPECT_FALSE(picker.last_noisy());

  // Without deferring (the rated levels), the order was fixed at the start.
  h.butterfly->at(chess::WHITE, Move(chess::SQ_G1, chess::SQ_F3)).update(-20000);
  MovePicker eager(pos, Move(chess::SQ_E2, chess::SQ_E4), context, false);
  ASSERT_EQ(eager.next(), Move(chess::SQ_E2, chess::SQ_E4));
  h.butterfly->at(chess::WHITE, Move(chess::SQ_B1, chess::SQ_C3)).update(5000);
  EXPECT_NE(eager.next(), Move(chess::SQ_B1, chess::SQ_C3));
}

}  // namespace
}  // namespace gambit::alphabeta
