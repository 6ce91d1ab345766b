// SPDX-License-Identifier: MIT
// core/learn/puzzle_session: a puzzle played on the board: right moves
// answered, a wrong one missed with the solution from there, any mate
// accepted, hints and retries, and which try counts.
#include "core/learn/puzzle_session.h"

#include <gtest/gtest.h>

#include "core/chess/uci.h"

namespace gambit::learn {
namespace {

using chess::Move;

// The knight forks king and rook: Nc7+ Kd7 Nxa8.
Puzzle fork_puzzle() {
  Puzzle p;
  p.id = "fork1";
  p.fen = "r3k3/8/8/1N6/8/8/7P/4K3 w - - 0 1";
  chess::Position pos = chess::Position::from_fen(p.fen).value();
  for (const char* uci : {"b5c7", "e8d7", "c7a8"}) {
    p.solution.push_back(chess::parse_uci_move(pos, uci).value());
    pos.do_move(p.solution.back());
  }
  return p;
}

Move move_in(const chess::Position& pos, const char* uci) { return chess::parse_uci_move(pos, uci).value(); }

TEST(PuzzleSession, RightMovesAreAnsweredUntilSolved) {
  PuzzleSession session(fork_puzzle());
  EXPECT_EQ(session.solver(), chess::WHITE);
  EXPECT_EQ(session.play(move_in(session.position(), "b5c7")), PuzzleSession::Verdict::Right);
  ASSERT_TRUE(session.reply_due());
  // Nothing more is taken while the reply is due.
  EXPECT_EQ(session.play(move_in(session.position(), "e8d8")), PuzzleSession::Verdict::Illegal);
  EXPECT_EQ(session.play_reply(), session.puzzle().solution[1]);
  EXPECT_EQ(session.play(move_in(session.position(), "c7a8")), PuzzleSession::Verdict::Solved);
  EXPECT_EQ(session.state(), PuzzleSession::State::Solved);
  EXPECT_EQ(session.first_result(), true);
  EXPECT_EQ(session.moves(), session.puzzle().solution);
}

TEST(PuzzleSession, AWrongMoveIsMissedAndTheSolutionShownFromThere) {
  PuzzleSession session(fork_puzzle());
  session.play(move_in(session.position(), "b5c7"));
  session.play_reply();
  const chess::Position before = session.position();
  EXPECT_EQ(session.play(move_in(session.position(), "h2h3")), PuzzleSession::Verdict::Wrong);
  EXPECT_EQ(session.state(), PuzzleSession::State::Missed);
  EXPECT_EQ(session.first_result(), false);
  EXPECT_EQ(session.position_before_mistake(), before);
  EXPECT_EQ(session.solution_from_mistake(), std::vector<Move>{session.puzzle().solution[2]});
  // A second try solves it, but the first try is what counts.
  session.retry();
  EXPECT_EQ(session.position(), chess::Position::from_fen(session.puzzle().fen).value());
  session.play(move_in(session.position(), "b5c7"));
  session.play_reply();
  EXPECT_EQ(session.play(move_in(session.position(), "c7a8")), PuzzleSession::Verdict::Solved);
  EXPECT_EQ(session.first_result(), false);
}

TEST(PuzzleSession, AnIllegalMoveChangesNothing) {
  PuzzleSession session(fork_puzzle());
  const Move sideways(chess::SQ_E1, chess::SQ_E3);
  EXPECT_EQ(session.play(sideways), PuzzleSession::Verdict::Illegal);
  EXPECT_EQ(session.state(), PuzzleSession::State::Solving);
  EXPECT_TRUE(session.moves().empty());
  EXPECT_FALSE(session.first_result().has_value());
}

TEST(PuzzleSession, AnyMateSolvesIt) {
  Puzzle p;
  p.id = "mate1";
  p.fen = "6k1/5ppp/8/8/8/8/8/RR4K1 w - - 0 1";
  const chess::Position pos = chess::Position::from_fen(p.fen).value();
  p.solution = {move_in(pos, "a1a8")};
  PuzzleSession session(p);
  EXPECT_EQ(session.play(move_in(pos, "b1b8")), PuzzleSession::Verdict::Solved);
  EXPECT_EQ(session.first_result(), true);
}

TEST(PuzzleSession, AHintNamesThePieceAndTheFirstTryNoLongerCounts) {
  PuzzleSession session(fork_puzzle());
  EXPECT_EQ(session.hint(), chess::SQ_B5);
  session.play(move_in(session.position(), "b5c7"));
  EXPECT_FALSE(session.hint().has_value()) << "no hint while the reply is due";
  session.play_reply();
  session.play(move_in(session.position(), "c7a8"));
  EXPECT_EQ(session.state(), PuzzleSession::State::Solved);
  EXPECT_EQ(session.first_result(), false);
}

TEST(PuzzleSession, AHintInATryLeftUnfinishedStillSpoilsTheFirstTry) {
  PuzzleSession session(fork_puzzle());
  session.hint();
  session.retry();
  session.play(move_in(session.position(), "b5c7"));
  session.play_reply();
  EXPECT_EQ(session.play(move_in(session.position(), "c7a8")), PuzzleSession::Verdict::Solved);
  EXPECT_EQ(session.first_result(), false);
}

TEST(PuzzleSession, GivingUpMissesItAndTheSolutionGoesOnFromThere) {
  PuzzleSession session(fork_puzzle());
  session.play(move_in(session.position(), "b5c7"));
  session.give_up();  // the reply due is played first
  EXPECT_EQ(session.state(), PuzzleSession::State::Missed);
  EXPECT_EQ(session.first_result(), false);
  EXPECT_EQ(session.moves().size(), 2u);
  EXPECT_EQ(session.position_before_mistake(), session.position());
  EXPECT_EQ(session.solution_from_mistake(), std::vector<Move>{session.puzzle().solution[2]});
}

TEST(PuzzleSession, AMoveJudgedRightElsewhereSolvesItWithTheMoveOnTheBoard) {
  PuzzleSession session(fork_puzzle());
  const Move other = move_in(session.position(), "h2h4");
  EXPECT_EQ(session.accept(other), PuzzleSession::Verdict::Solved);
  EXPECT_EQ(session.state(), PuzzleSession::State::Solved);
  EXPECT_EQ(session.first_result(), true);
  EXPECT_EQ(session.moves(), std::vector<Move>{other});
  // Over: nothing more is taken.
  EXPECT_EQ(session.accept(move_in(session.position(), "e8d8")), PuzzleSession::Verdict::Illegal);

  PuzzleSession hinted(fork_puzzle());
  hinted.hint();
  hinted.accept(other);
  EXPECT_EQ(hinted.first_result(), false);
}

}  // namespace
}  // namespace gambit::learn
