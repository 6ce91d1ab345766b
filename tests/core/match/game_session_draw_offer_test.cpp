// SPDX-License-Identifier: MIT
// GameSession: draw offers (FIDE 9.1.2). A human offers with a move; an AI
// answers on its turn by its own judgement (here the raw test plugin, which
// accepts or declines on request, and random, which has no opinion); a human
// opponent accepts or declines by moving. The PGN keeps both as comments.
#include <gtest/gtest.h>

#include "core/match/game_session.h"
#include "tests/core/match/game_session_testing.h"

namespace gambit::match {
namespace {

using namespace session_testing;

bool has_notice(const std::vector<SessionEvent>& events, std::string_view text) {
  return std::any_of(events.begin(), events.end(),
                     [&](const SessionEvent& e) { return e.kind == Kind::Notice && e.text == text; });
}

TEST(GameSessionDrawOffer, AnAiThatAcceptsEndsTheGameByAgreement) {
  auto session = make_session(human(), raw_ai("accept_draw"));
  ASSERT_TRUE(session);
  EXPECT_TRUE(session->can_offer_draw());
  ASSERT_TRUE(session->offer_draw());
  EXPECT_TRUE(session->draw_offer_made());
  EXPECT_FALSE(session->can_offer_draw()) << "one offer with a move";
  EXPECT_FALSE(session->game().is_over()) << "the offer goes with the move, which is still to be made";

  ASSERT_TRUE(session->play_human_move(uci(*session, "e2e4"), Clock::now()));
  std::vector<SessionEvent> events;
  ASSERT_TRUE(drive(*session, [&] { return session->game().is_over(); }, &events)) << describe(*session);
  EXPECT_EQ(session->game().outcome().termination, chess::Termination::Agreement);
  EXPECT_EQ(session->game().outcome().result, chess::GameResult::Draw);
  EXPECT_EQ(session->game().moves().size(), 1u) << "the AI took the draw instead of moving";
  EXPECT_EQ(count(events, Kind::GameOver), 1);

  const chess::PgnGame pgn = session->pgn("test");
  EXPECT_EQ(pgn.result, "1/2-1/2");
  ASSERT_EQ(pgn.comments_after.size(), 1u);
  EXPECT_EQ(pgn.comments_after[0], "White offers a draw");
}

TEST(GameSessionDrawOffer, AnAiThatDeclinesOrHasNoOpinionPlaysOnAndSaysSo) {
  for (players::Seat ai : {raw_ai("first_legal"), random_ai(5)}) {
    const std::string label = ai.label;
    auto session = make_session(std::move(ai), human());
    ASSERT_TRUE(session);
    std::vector<SessionEvent> events;
    ASSERT_TRUE(drive_to_ply(*session, 1, &events));
    ASSERT_TRUE(session->offer_draw());
    ASSERT_TRUE(session->play_human_move(chess::legal_moves(session->game().position())[0], Clock::now()));
    ASSERT_TRUE(drive_to_ply(*session, 3, &events)) << describe(*session);
    EXPECT_FALSE(session->game().is_over()) << describe(*session);
    EXPECT_TRUE(has_notice(events, label + " declines the draw offer")) << label;

    const chess::PgnGame pgn = session->pgn("test");
    ASSERT_EQ(pgn.comments_after.size(), 3u);
    EXPECT_EQ(pgn.comments_after[0], "");
    EXPECT_EQ(pgn.comments_after[1], "Black offers a draw");
    EXPECT_EQ(pgn.comments_after[2], "White declines the draw");
    // The comments survive writing and reading the PGN (the store keeps games as PGN).
    std::optional<Result<chess::PgnGame>> read = chess::PgnReader(chess::write_pgn(pgn)).next();
    ASSERT_TRUE(read && *read);
    EXPECT_EQ((*read)->comments_after, pgn.comments_after);
  }
}

TEST(GameSessionDrawOffer, AfterARefusalTheSameSideWaitsFiveMovesToOfferAgain) {
  auto session = make_session(human(), raw_ai("first_legal"));
  ASSERT_TRUE(session);
  std::vector<SessionEvent> events;
  ASSERT_TRUE(session->offer_draw());
  for (std::size_t move = 0; move < GameSession::ReofferAfterMoves; ++move) {
    ASSERT_TRUE(session->play_human_move(chess::legal_moves(session->game().position())[0], Clock::now()));
    ASSERT_TRUE(drive_to_ply(*session, 2 * (move + 1), &events)) << describe(*session);
    ASSERT_FALSE(session->game().is_over()) << describe(*session);
    EXPECT_EQ(session->can_offer_draw(), move + 1 == GameSession::ReofferAfterMoves) << "after move " << move + 1;
  }
}

TEST(GameSessionDrawOffer, OnlyAHumanToMoveOffers) {
  auto ais = make_session(random_ai(1), random_ai(2));
  ASSERT_TRUE(ais);
  EXPECT_FALSE(ais->can_offer_draw());
  EXPECT_FALSE(ais->offer_draw());

  auto session = make_session(raw_ai("stoppable"), human());  // White thinks until stopped
  ASSERT_TRUE(session);
  session->update(Clock::now());
  EXPECT_FALSE(session->can_offer_draw()) << "not while the AI is to move";
  EXPECT_FALSE(session->offer_draw());
  session->stop();
}

TEST(GameSessionDrawOffer, BetweenTwoHumansTheOtherAcceptsOrDeclinesByMoving) {
  auto session = make_session(human("White"), human("Black"));
  ASSERT_TRUE(session);
  const TimePoint now = Clock::now();
  EXPECT_FALSE(session->accept_draw(now)) << "nothing offered";
  ASSERT_TRUE(session->offer_draw());
  EXPECT_FALSE(session->draw_offered_to_human()) << "White has not moved yet";
  ASSERT_TRUE(session->play_human_move(uci(*session, "e2e4"), now));
  EXPECT_TRUE(session->draw_offered_to_human());
  EXPECT_FALSE(session->can_offer_draw()) << "Black is offered one: it accepts or declines";

  // Declined by moving; then White offers again later, and Black accepts.
  ASSERT_TRUE(session->play_human_move(uci(*session, "e7e5"), now));
  EXPECT_FALSE(session->draw_offered_to_human());
  EXPECT_TRUE(has_notice(session->take_events(), "Black declines the draw offer"));
  ASSERT_TRUE(session->play_human_move(uci(*session, "g1f3"), now));
  ASSERT_TRUE(session->offer_draw()) << "Black has not offered before";
  ASSERT_TRUE(session->play_human_move(uci(*session, "b8c6"), now));
  ASSERT_TRUE(session->accept_draw(now));
  EXPECT_EQ(session->game().outcome().termination, chess::Termination::Agreement);
  EXPECT_FALSE(session->can_undo()) << "a finished game is final";
  const chess::PgnGame pgn = session->pgn("test");
  EXPECT_EQ(pgn.comments_after,
            (std::vector<std::string>{"White offers a draw", "Black declines the draw", "", "Black offers a draw"}));
}

TEST(GameSessionDrawOffer, UndoTakesTheOfferBackWithTheMove) {
  auto session = make_session(human("White"), human("Black"));
  ASSERT_TRUE(session);
  const TimePoint now = Clock::now();
  ASSERT_TRUE(session->offer_draw());
  ASSERT_TRUE(session->play_human_move(uci(*session, "d2d4"), now));
  ASSERT_TRUE(session->undo(now));
  EXPECT_FALSE(session->draw_offered_to_human());
  EXPECT_FALSE(session->draw_offer_made());
  EXPECT_TRUE(session->can_offer_draw());
  EXPECT_TRUE(session->pgn("test").comments_after.empty());
}

TEST(GameSessionDrawOffer, AcceptingStopsTheClock) {
  TimeControl blitz;
  blitz.initial_ms = 60000;
  const TimePoint start = Clock::now();
  auto session = make_session(human("White"), human("Black"), blitz, std::nullopt, start);
  ASSERT_TRUE(session);
  session->new_game(opened(), start);
  ASSERT_TRUE(session->offer_draw());
  ASSERT_TRUE(session->play_human_move(uci(*session, "g1f3"), start + 1s));
  ASSERT_TRUE(session->accept_draw(start + 4s));
  EXPECT_EQ(session->remaining_ms(BLACK, start + 30s), 57000) << "Black thought 3 s, then the game ended";
}

}  // namespace
}  // namespace gambit::match
