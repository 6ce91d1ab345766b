// SPDX-License-Identifier: MIT
// The rules that decide a game between seats beyond the board (rulebook.h).
#include "core/match/rulebook.h"

#include <gtest/gtest.h>

#include "core/chess/uci.h"

namespace gambit::match {
namespace {

using Kind = players::MoveAnswer::Kind;

players::MoveAnswer answer(Kind kind, std::string reason = {}) { return {kind, chess::Move::none(), reason, {}}; }

chess::Game after(std::initializer_list<const char*> moves) {
  chess::Game game;
  for (const char* text : moves) EXPECT_TRUE(game.play(*chess::parse_uci_move(game.position(), text))) << text;
  return game;
}

TEST(Rulebook, TheGraceIsAddedToEveryDeadlineAndForgivesOnlyThatMuch) {
  EXPECT_EQ(players::search_deadline(2000), std::chrono::milliseconds(2000) + players::Grace);
  EXPECT_FALSE(flag_fell(0));
  EXPECT_FALSE(flag_fell(-players::Grace.count()));
  EXPECT_TRUE(flag_fell(-players::Grace.count() - 1));
}

TEST(Rulebook, AnAiClaimsADrawAsSoonAsItMay) {
  chess::Game game = after({"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"});
  EXPECT_FALSE(claim_for_ai(game)) << "twice only";
  ASSERT_TRUE(game.play(*chess::parse_uci_move(game.position(), "f6g8")));
  EXPECT_TRUE(claim_for_ai(game));
  EXPECT_EQ(game.outcome().termination, chess::Termination::ThreefoldRepetition);
}

TEST(Rulebook, EveryAnswerThatIsNotAMoveDecidesTheGame) {
  chess::Game timed = after({"e2e4"});
  decide_without_move(timed, chess::BLACK, answer(Kind::TimedOut), "ai", false);
  EXPECT_EQ(timed.outcome().termination, chess::Termination::TimeForfeit);
  EXPECT_EQ(timed.outcome().result, chess::GameResult::WhiteWins);

  chess::Game failed = after({"e2e4"});
  decide_without_move(failed, chess::BLACK, answer(Kind::Failed, "player 'raw' reported an error: fire"), "ai", false);
  EXPECT_EQ(failed.outcome().termination, chess::Termination::Forfeit);
  EXPECT_EQ(failed.outcome().reason, "player 'raw' reported an error: fire");

  chess::Game no_move = after({});
  decide_without_move(no_move, chess::WHITE, answer(Kind::NoLegalMove), "random", false);
  EXPECT_EQ(no_move.outcome().reason, "random answered that it had no legal move");
  EXPECT_EQ(no_move.outcome().result, chess::GameResult::BlackWins);

  chess::Game agreed = after({"e2e4"});
  decide_without_move(agreed, chess::BLACK, answer(Kind::AcceptsDraw), "alphabeta", true);
  EXPECT_EQ(agreed.outcome().termination, chess::Termination::Agreement);

  chess::Game unoffered = after({"e2e4"});
  decide_without_move(unoffered, chess::BLACK, answer(Kind::AcceptsDraw), "alphabeta", false);
  EXPECT_EQ(unoffered.outcome().reason, "alphabeta accepted a draw that was not offered");
}

}  // namespace
}  // namespace gambit::match
