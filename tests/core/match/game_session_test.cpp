// SPDX-License-Identifier: MIT
// GameSession with real plugins: the flow of an interactive game (turns, AI
// answers, undo, claims, resignation, hints, stop, PGN); its clocks and pacing
// are in game_session_clock_test.cpp.
#include "core/match/game_session.h"

#include <gtest/gtest.h>

#include "tests/core/match/game_session_testing.h"

namespace gambit::match {
namespace {

using namespace session_testing;
using namespace std::chrono_literals;
using chess::BLACK;
using chess::WHITE;

TEST(GameSession, HumanMovesMustBeLegalAndInTurnAndTheAiAnswers) {
  auto session = make_session(human(), random_ai(3));
  ASSERT_TRUE(session);
  EXPECT_TRUE(session->human_to_move());
  EXPECT_TRUE(session->has_human());
  const TimePoint now = Clock::now();
  EXPECT_FALSE(session->play_human_move(chess::Move(chess::SQ_E2, chess::SQ_E5), now)) << "illegal";
  EXPECT_FALSE(session->play_human_move(chess::Move(chess::SQ_E7, chess::SQ_E5), now)) << "black's move";
  EXPECT_TRUE(session->game().moves().empty());
  EXPECT_TRUE(session->take_events().empty());

  ASSERT_TRUE(session->play_human_move(uci(*session, "e2e4"), now));
  std::vector<SessionEvent> events = session->take_events();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, Kind::MovePlayed);
  EXPECT_EQ(events[0].side, WHITE);
  EXPECT_EQ(chess::to_uci(events[0].move), "e2e4");
  EXPECT_FALSE(session->human_to_move());
  EXPECT_FALSE(session->play_human_move(chess::Move(chess::SQ_D2, chess::SQ_D4), now)) << "out of turn";
  EXPECT_FALSE(session->play_human_move(chess::Move(chess::SQ_E7, chess::SQ_E5), now)) << "the AI's move";
  EXPECT_EQ(session->game().moves().size(), 1u);

  session->update(Clock::now());
  EXPECT_EQ(session->thinking_side(), std::optional<chess::Color>(BLACK)) << "the AI starts thinking at once";
  events.clear();
  ASSERT_TRUE(drive_to_ply(*session, 2, &events)) << describe(*session);
  ASSERT_EQ(session->game().moves().size(), 2u) << describe(*session);
  ASSERT_EQ(count(events, Kind::MovePlayed), 1) << describe(*session);
  EXPECT_EQ(events[0].side, BLACK);
  EXPECT_EQ(events[0].move, session->game().moves()[1]);
  EXPECT_TRUE(session->human_to_move());
  EXPECT_FALSE(session->thinking_side());
}

TEST(GameSession, EventsTellCapturesAndChecks) {
  auto session = make_session(human("White"), human("Black"));
  ASSERT_TRUE(session);
  struct Case {
    const char* fen;
    const char* move;
    bool capture;
    bool check;
  };
  const Case cases[] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4", false, false},
      {"4k3/3q4/8/8/8/8/8/3QK3 w - - 0 1", "d1d7", true, true},
      {"4k3/3Q4/8/8/8/8/8/4K3 b - - 0 1", "e8d7", true, false},
      {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", true, false},  // en passant: the target square is empty
      {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", false, false},
      {"4k3/8/8/8/8/8/8/R3K2R w K - 0 1", "e1g1", false, false},
      {"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "h1h8", false, true},
      {"3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7d8q", true, true},
  };
  for (const Case& c : cases) {
    session->new_game(game_from_fen(c.fen), Clock::now());
    session->take_events();
    ASSERT_TRUE(session->play_human_move(uci(*session, c.move), Clock::now())) << c.move << " in " << c.fen;
    const std::vector<SessionEvent> events = session->take_events();
    ASSERT_FALSE(events.empty()) << c.move << " in " << c.fen;
    EXPECT_EQ(events[0].kind, Kind::MovePlayed);
    EXPECT_EQ(chess::to_uci(events[0].move), c.move);
    EXPECT_EQ(events[0].side, game_from_fen(c.fen).position().side_to_move()) << c.move << " in " << c.fen;
    EXPECT_EQ(events[0].capture, c.capture) << c.move << " in " << c.fen;
    EXPECT_EQ(events[0].check, c.check) << c.move << " in " << c.fen;
  }
}

TEST(GameSession, UndoAgainstTheAiTakesBackItsReplyToo) {
  auto session = make_session(human(), random_ai(4));
  ASSERT_TRUE(session);
  EXPECT_FALSE(session->can_undo()) << "no move yet";
  EXPECT_FALSE(session->undo(Clock::now()));

  std::vector<SessionEvent> events;
  ASSERT_TRUE(session->play_human_move(uci(*session, "e2e4"), Clock::now()));
  ASSERT_TRUE(drive_to_ply(*session, 2, &events)) << describe(*session);
  ASSERT_TRUE(session->can_undo());
  ASSERT_TRUE(session->undo(Clock::now()));
  EXPECT_TRUE(session->game().moves().empty()) << describe(*session);
  EXPECT_TRUE(session->human_to_move());

  // Play on, then undo while the AI is thinking about its reply: only the human's move goes.
  ASSERT_TRUE(session->play_human_move(uci(*session, "d2d4"), Clock::now()));
  ASSERT_TRUE(drive_to_ply(*session, 2, &events)) << describe(*session);
  const chess::Move reply = session->game().moves()[1];
  ASSERT_TRUE(session->play_human_move(chess::legal_moves(session->game().position())[0], Clock::now()));
  session->update(Clock::now());  // the AI starts thinking
  ASSERT_TRUE(session->undo(Clock::now()));
  ASSERT_EQ(session->game().moves().size(), 2u) << describe(*session);
  EXPECT_EQ(session->game().moves()[1], reply);
  EXPECT_TRUE(session->human_to_move());
  EXPECT_FALSE(session->thinking_side());
  session->update(Clock::now());
  EXPECT_FALSE(session->thinking_side()) << "the human is to move: no AI search";
}

TEST(GameSession, UndoWithTwoHumansTakesBackOnePly) {
  auto session = make_session(human("White"), human("Black"));
  ASSERT_TRUE(session);
  const TimePoint now = Clock::now();
  ASSERT_TRUE(session->play_human_move(uci(*session, "e2e4"), now));
  ASSERT_TRUE(session->play_human_move(uci(*session, "e7e5"), now));
  ASSERT_TRUE(session->undo(now));
  ASSERT_EQ(session->game().moves().size(), 1u) << describe(*session);
  EXPECT_EQ(session->game().position().side_to_move(), BLACK);
  ASSERT_TRUE(session->undo(now));
  EXPECT_TRUE(session->game().moves().empty());
  EXPECT_FALSE(session->can_undo());
  EXPECT_FALSE(session->undo(now));
}

TEST(GameSession, NoUndoWithoutAHumanOrBeforeTheHumanHasMoved) {
  std::vector<SessionEvent> events;
  {
    auto session = make_session(random_ai(5), random_ai(6));
    ASSERT_TRUE(session);
    EXPECT_FALSE(session->has_human());
    ASSERT_TRUE(drive_to_ply(*session, 2, &events)) << describe(*session);
    EXPECT_FALSE(session->can_undo());
    EXPECT_FALSE(session->undo(Clock::now()));
    EXPECT_FALSE(session->can_resign());
    EXPECT_FALSE(session->resign(Clock::now()));
    EXPECT_GE(session->game().moves().size(), 2u) << describe(*session);
  }
  auto session = make_session(random_ai(7), human());  // the AI moves first
  ASSERT_TRUE(session);
  EXPECT_FALSE(session->human_to_move());
  ASSERT_TRUE(drive_to_ply(*session, 1, &events)) << describe(*session);
  ASSERT_TRUE(session->human_to_move()) << describe(*session);
  EXPECT_FALSE(session->can_undo()) << "only the AI has moved\n" << describe(*session);
  EXPECT_FALSE(session->undo(Clock::now()));
  EXPECT_EQ(session->game().moves().size(), 1u);

  const chess::Move first = session->game().moves()[0];
  ASSERT_TRUE(session->play_human_move(chess::legal_moves(session->game().position())[0], Clock::now()));
  ASSERT_TRUE(drive_to_ply(*session, 3, &events)) << describe(*session);
  ASSERT_TRUE(session->undo(Clock::now()));
  ASSERT_EQ(session->game().moves().size(), 1u) << describe(*session);
  EXPECT_EQ(session->game().moves()[0], first) << "the AI's first move stays";
  EXPECT_TRUE(session->human_to_move());
}

TEST(GameSession, AFinishedGameCannotBeUndone) {
  auto session = make_session(human(), human("Friend"));
  ASSERT_TRUE(session);
  ASSERT_TRUE(session->play_human_move(uci(*session, "f2f3"), Clock::now()));
  ASSERT_TRUE(session->play_human_move(uci(*session, "e7e5"), Clock::now()));
  ASSERT_TRUE(session->play_human_move(uci(*session, "g2g4"), Clock::now()));
  ASSERT_TRUE(session->play_human_move(uci(*session, "d8h4"), Clock::now()));
  ASSERT_TRUE(session->game().is_over());
  EXPECT_EQ(session->game().outcome().termination, chess::Termination::Checkmate);
  EXPECT_FALSE(session->can_resign());
  std::vector<SessionEvent> events = session->take_events();
  ASSERT_EQ(count(events, Kind::GameOver), 1);
  EXPECT_EQ(events.back().text, "Black wins by checkmate");

  EXPECT_FALSE(session->can_undo()) << "the result stands, as the store recorded it";
  EXPECT_FALSE(session->undo(Clock::now()));
  EXPECT_TRUE(session->game().is_over());
  EXPECT_EQ(session->game().moves().size(), 4u);

  // A resigned game against an AI stays resigned too.
  auto against_ai = make_session(human(), random_ai(3));
  ASSERT_TRUE(against_ai);
  ASSERT_TRUE(against_ai->play_human_move(uci(*against_ai, "e2e4"), Clock::now()));
  std::vector<SessionEvent> ai_events;
  ASSERT_TRUE(drive_to_ply(*against_ai, 2, &ai_events)) << describe(*against_ai);
  ASSERT_TRUE(against_ai->can_undo());
  ASSERT_TRUE(against_ai->resign(Clock::now()));
  EXPECT_FALSE(against_ai->can_undo());
  EXPECT_FALSE(against_ai->undo(Clock::now()));
  EXPECT_EQ(against_ai->game().outcome().termination, chess::Termination::Resignation);
}

// A game record loaded with moves (a PGN) can be taken back into.
// The listener hears each event at the end of the call that made it, with the
// session whole (the move made, the end reported), before the owner takes them.
TEST(GameSession, TheListenerHearsEachEventOnceWithTheSessionWhole) {
  auto session = make_session(human("Ann"), human("Bob"));
  ASSERT_TRUE(session);
  struct Heard {
    Kind kind;
    std::size_t moves;
    bool over;
  };
  std::vector<Heard> heard;
  session->set_listener([&](const GameSession& s, const SessionEvent& event, TimePoint) {
    heard.push_back({event.kind, s.game().moves().size(), s.game().is_over()});
  });
  const TimePoint now = Clock::now();
  ASSERT_TRUE(session->play_human_move(uci(*session, "f2f3"), now));
  ASSERT_EQ(heard.size(), 1u);
  EXPECT_EQ(heard[0].kind, Kind::MovePlayed);
  EXPECT_EQ(heard[0].moves, 1u) << "heard after the move was made";
  EXPECT_EQ(session->take_events().size(), 1u) << "the owner still takes every event";
  session->update(now);
  EXPECT_EQ(heard.size(), 1u) << "nothing new: nothing heard again";
  for (const char* text : {"e7e5", "g2g4"}) ASSERT_TRUE(session->play_human_move(uci(*session, text), now));
  ASSERT_TRUE(session->play_human_move(uci(*session, "d8h4"), now));
  ASSERT_EQ(heard.size(), 5u);
  EXPECT_EQ(heard[3].kind, Kind::MovePlayed);
  EXPECT_TRUE(heard[3].over) << "the mating move is heard with the game already over";
  EXPECT_EQ(heard[4].kind, Kind::GameOver);
  EXPECT_EQ(heard[4].moves, 4u);
  EXPECT_EQ(session->take_events().size(), 4u);

  // new_game's own events (a game over at once) wait for the next call, so the owner can speak first.
  heard.clear();
  chess::Game mated;
  for (const char* m : {"f2f3", "e7e5", "g2g4", "d8h4"}) mated.play(*chess::parse_uci_move(mated.position(), m));
  session->new_game(mated, now);
  EXPECT_TRUE(heard.empty());
  session->update(now);
  ASSERT_EQ(heard.size(), 1u);
  EXPECT_EQ(heard[0].kind, Kind::GameOver);

  // Resignation and a removed listener.
  session->new_game(chess::Game(), now);
  session->update(now);
  heard.clear();
  ASSERT_TRUE(session->resign(now));
  ASSERT_EQ(heard.size(), 1u);
  EXPECT_EQ(heard[0].kind, Kind::GameOver);
  session->set_listener({});
  session->new_game(chess::Game(), now);
  ASSERT_TRUE(session->play_human_move(uci(*session, "e2e4"), now));
  EXPECT_EQ(heard.size(), 1u) << "no listener, nothing heard";
}

TEST(GameSession, UndoTakesBackMovesOfALoadedGame) {
  auto session = make_session(human(), random_ai(8), TimeControl{0, 60000, 0});
  ASSERT_TRUE(session);
  chess::Game loaded;
  for (const char* text : {"e2e4", "e7e5", "g1f3", "b8c6"})
    ASSERT_TRUE(loaded.play(*chess::parse_uci_move(loaded.position(), text)));
  const TimePoint t0 = Clock::now();
  session->new_game(loaded, t0);
  ASSERT_TRUE(session->human_to_move());
  ASSERT_TRUE(session->can_undo());
  ASSERT_TRUE(session->undo(t0 + 1s));
  ASSERT_EQ(session->game().moves().size(), 2u) << describe(*session);
  EXPECT_TRUE(session->human_to_move());
  EXPECT_EQ(session->remaining_ms(WHITE, t0 + 1s), 60000);
  EXPECT_EQ(session->remaining_ms(BLACK, t0 + 1s), 60000);
  ASSERT_TRUE(session->undo(t0 + 2s));
  EXPECT_TRUE(session->game().moves().empty()) << describe(*session);
  EXPECT_EQ(session->remaining_ms(WHITE, t0 + 2s), 60000);
}

TEST(GameSession, AHumanMayClaimFiftyMovesOnlyOnItsTurn) {
  auto session = make_session(human("White"), human("Black"));
  ASSERT_TRUE(session);
  session->new_game(game_from_fen("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80"), Clock::now());
  EXPECT_FALSE(session->claimable_draw()) << "halfmove clock 99";
  EXPECT_FALSE(session->claim_draw(Clock::now()));
  ASSERT_TRUE(session->play_human_move(uci(*session, "a1a2"), Clock::now()));
  ASSERT_EQ(session->claimable_draw(), std::optional(chess::Termination::FiftyMoveRule)) << describe(*session);
  session->take_events();
  ASSERT_TRUE(session->claim_draw(Clock::now()));
  EXPECT_EQ(session->game().outcome().termination, chess::Termination::FiftyMoveRule);
  const std::vector<SessionEvent> events = session->take_events();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, Kind::GameOver);
  EXPECT_EQ(events[0].text, "Draw by the fifty-move rule (claimed)");
  EXPECT_FALSE(session->claimable_draw());
  EXPECT_FALSE(session->claim_draw(Clock::now()));
}

TEST(GameSession, AHumanMayClaimAThreefoldRepetition) {
  auto session = make_session(human("White"), human("Black"));
  ASSERT_TRUE(session);
  const char* const moves[] = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"};
  for (int i = 0; i < 8; ++i) {
    EXPECT_FALSE(session->claimable_draw()) << "after " << i << " plies\n" << describe(*session);
    ASSERT_TRUE(session->play_human_move(uci(*session, moves[i]), Clock::now()));
  }
  ASSERT_EQ(session->claimable_draw(), std::optional(chess::Termination::ThreefoldRepetition)) << describe(*session);
  ASSERT_TRUE(session->claim_draw(Clock::now()));
  EXPECT_EQ(session->game().outcome().termination, chess::Termination::ThreefoldRepetition);
  EXPECT_EQ(session->take_events().back().kind, Kind::GameOver);
}

TEST(GameSession, ADrawIsClaimedAtOnceForAnAiToMove) {
  auto session = make_session(human(), random_ai(9));
  ASSERT_TRUE(session);
  session->new_game(game_from_fen("4k3/8/8/8/8/8/4P3/R3K3 b - - 100 80"), Clock::now());
  ASSERT_EQ(session->game().claimable_draw(), std::optional(chess::Termination::FiftyMoveRule));
  EXPECT_FALSE(session->claimable_draw()) << "not offered: no human is to move";
  EXPECT_FALSE(session->claim_draw(Clock::now()));
  session->update(Clock::now());
  ASSERT_TRUE(session->game().is_over()) << describe(*session);
  EXPECT_EQ(session->game().outcome().termination, chess::Termination::FiftyMoveRule);
  EXPECT_TRUE(session->game().moves().empty());
  const std::vector<SessionEvent> events = session->take_events();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, Kind::GameOver);

  // Also when the human's move makes the draw claimable.
  session->new_game(game_from_fen("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80"), Clock::now());
  ASSERT_TRUE(session->play_human_move(uci(*session, "a1a2"), Clock::now()));
  session->update(Clock::now());
  EXPECT_EQ(session->game().outcome().termination, chess::Termination::FiftyMoveRule) << describe(*session);
  EXPECT_EQ(session->game().moves().size(), 1u);
}

TEST(GameSession, ResignLosesForTheHumanOrWithTwoHumansForTheSideToMove) {
  auto against_ai = make_session(random_ai(10), human());
  ASSERT_TRUE(against_ai);
  ASSERT_TRUE(against_ai->can_resign());
  ASSERT_TRUE(against_ai->resign(Clock::now())) << "even while the AI is to move";
  EXPECT_EQ(against_ai->game().outcome().termination, chess::Termination::Resignation);
  EXPECT_EQ(against_ai->game().outcome().winner(), std::optional(WHITE)) << describe(*against_ai);
  EXPECT_EQ(against_ai->take_events().back().text, "White wins by resignation");
  EXPECT_FALSE(against_ai->resign(Clock::now())) << "the game is over";

  auto friends = make_session(human("White"), human("Black"));
  ASSERT_TRUE(friends);
  ASSERT_TRUE(friends->play_human_move(uci(*friends, "e2e4"), Clock::now()));
  ASSERT_TRUE(friends->resign(Clock::now()));
  EXPECT_EQ(friends->game().outcome().winner(), std::optional(WHITE)) << "black was to move\n" << describe(*friends);
  friends->new_game(chess::Game(), Clock::now());
  ASSERT_TRUE(friends->resign(Clock::now()));
  EXPECT_EQ(friends->game().outcome().winner(), std::optional(BLACK)) << "white was to move";
}

TEST(GameSession, AnAiAnsweringAnIllegalMoveForfeits) {
  auto session = make_session(human(), raw_ai("illegal"));
  ASSERT_TRUE(session);
  ASSERT_TRUE(session->play_human_move(uci(*session, "e2e4"), Clock::now()));
  session->take_events();
  std::vector<SessionEvent> events;
  ASSERT_TRUE(drive(*session, [&] { return session->game().is_over(); }, &events)) << describe(*session);
  const chess::Outcome& outcome = session->game().outcome();
  EXPECT_EQ(outcome.termination, chess::Termination::Forfeit);
  EXPECT_EQ(outcome.winner(), std::optional(WHITE));
  EXPECT_NE(outcome.reason.find("'a1a1' is not a legal move"), std::string::npos) << outcome.reason;
  EXPECT_EQ(session->game().moves().size(), 1u);
  ASSERT_EQ(count(events, Kind::GameOver), 1);
  EXPECT_NE(events.back().text.find("Black forfeits: "), std::string::npos) << events.back().text;
  EXPECT_EQ(count(events, Kind::MovePlayed), 0);
}

// As on lichess: the clock starts on each side's first move, so nobody is
// flagged before the game has begun (and nobody loses time at the first move).
TEST(GameSession, APersonMayAbortOnlyBeforeTheirFirstMove) {
  const TimePoint t0 = Clock::now();
  auto session = make_session(random_ai(3), human(), TimeControl{}, std::nullopt, t0);
  ASSERT_TRUE(session);
  EXPECT_TRUE(session->can_abort()) << "Black has not moved";
  std::vector<SessionEvent> events;
  ASSERT_TRUE(drive(*session, [&] { return session->human_to_move(); }, &events)) << describe(*session);
  EXPECT_TRUE(session->can_abort()) << "the AI's first move does not take the person's Abort away";
  ASSERT_TRUE(session->play_human_move(uci(*session, "e7e5"), t0));  // legal after any first move of White
  EXPECT_FALSE(session->can_abort());
  auto demo = make_session(random_ai(3), random_ai(4), TimeControl{}, std::nullopt, t0);
  ASSERT_TRUE(demo);
  EXPECT_FALSE(demo->can_abort()) << "nobody to abort it";
}

// The clock of the side to move stops when the game ends without a move: a
// resignation (or a claimed draw) does not give back the time of that turn.
TEST(GameSession, AHintIsAskedOnlyForAHumanToMove) {
  auto session = make_session(human(), random_ai(15), TimeControl{}, random_ai(16, "hint"));
  ASSERT_TRUE(session);
  ASSERT_TRUE(session->has_hint_seat());
  ASSERT_TRUE(session->request_hint(Clock::now()));
  EXPECT_FALSE(session->request_hint(Clock::now())) << "one hint at a time";
  std::vector<SessionEvent> events;
  ASSERT_TRUE(drive(*session, [&] { return count(events, Kind::HintReady) > 0; }, &events)) << describe(*session);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].side, WHITE);
  EXPECT_TRUE(session->game().position().is_legal(events[0].move))
      << chess::to_uci(events[0].move) << " in " << session->game().position().fen();
  EXPECT_FALSE(session->hint_pending());
  EXPECT_TRUE(session->game().moves().empty()) << "a hint is not played";

  ASSERT_TRUE(session->play_human_move(events[0].move, Clock::now()));
  EXPECT_FALSE(session->request_hint(Clock::now())) << "the AI is to move";
  events.clear();
  ASSERT_TRUE(drive_to_ply(*session, 2, &events)) << describe(*session);

  // The human moves before the hint arrives: it is dropped.
  ASSERT_TRUE(session->request_hint(Clock::now()));
  ASSERT_TRUE(session->play_human_move(chess::legal_moves(session->game().position())[0], Clock::now()));
  ASSERT_TRUE(drive_to_ply(*session, 4, &events)) << describe(*session);
  for (int i = 0; i < 20; ++i) {
    session->update(Clock::now());
    for (SessionEvent& e : session->take_events()) events.push_back(std::move(e));
    std::this_thread::sleep_for(200us);
  }
  EXPECT_EQ(count(events, Kind::HintReady), 0) << "a stale hint is not shown";
  EXPECT_FALSE(session->hint_pending());
}

TEST(GameSession, NoHintWithoutAHintSeatOrWhenItCannotBeCreated) {
  auto session = make_session(human(), random_ai(17));
  ASSERT_TRUE(session);
  EXPECT_FALSE(session->has_hint_seat());
  EXPECT_FALSE(session->request_hint(Clock::now()));

  auto broken = make_session(human(), random_ai(18), TimeControl{}, raw_ai("fail_create"));
  ASSERT_TRUE(broken) << "a hint seat that cannot be created only disables hints";
  EXPECT_FALSE(broken->request_hint(Clock::now()));
  const std::vector<SessionEvent> events = broken->take_events();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, Kind::Notice);
  EXPECT_NE(events[0].text.find("refuses to be created"), std::string::npos) << events[0].text;
}

TEST(GameSession, StopWhileAlphabetaThinksReturnsPromptly) {
  auto session = make_session(human(), alphabeta_ai());
  ASSERT_TRUE(session);
  ASSERT_TRUE(session->play_human_move(uci(*session, "e2e4"), Clock::now()));
  session->update(Clock::now());
  ASSERT_EQ(session->thinking_side(), std::optional(BLACK));
  std::vector<SessionEvent> events;
  ASSERT_TRUE(drive(*session, [&] { return session->thinking_info().has_value(); }, &events))
      << "alphabeta never reported progress\n" << describe(*session);
  ASSERT_EQ(session->game().moves().size(), 1u) << "it thinks about a second by default\n" << describe(*session);

  // Prompt: alphabeta returns within PluginSearch::cancel's grace, so nothing is abandoned.
  session->stop();
  EXPECT_FALSE(session->thinking_side());
  EXPECT_EQ(players::PluginSearch::abandoned(), 0);
  EXPECT_EQ(session->game().moves().size(), 1u) << "a stopped search plays no move";

  // The session goes on: the next update starts the AI again; a stop at once is prompt too.
  session->update(Clock::now());
  ASSERT_EQ(session->thinking_side(), std::optional(BLACK));
  session->stop();
  EXPECT_EQ(players::PluginSearch::abandoned(), 0);
  session->update(Clock::now());
  session.reset();  // the destructor stops it too
  EXPECT_EQ(players::PluginSearch::abandoned(), 0);
}

TEST(GameSession, PgnNamesTheSeatsAndThePluginsAndHasTheMovesAndResult) {
  auto session = make_session(human("Ann"), random_ai(19, "random (seeded)"));
  ASSERT_TRUE(session);
  ASSERT_TRUE(session->play_human_move(uci(*session, "e2e4"), Clock::now()));
  std::vector<SessionEvent> events;
  ASSERT_TRUE(drive_to_ply(*session, 2, &events)) << describe(*session);
  ASSERT_TRUE(session->resign(Clock::now()));
  const chess::PgnGame pgn = session->pgn("Gambit game");
  EXPECT_EQ(pgn.tag("Event"), "Gambit game");
  EXPECT_EQ(pgn.tag("White"), "Ann");
  EXPECT_EQ(pgn.tag("Black"), "random (seeded)");
  EXPECT_EQ(pgn.tag("WhitePlugin"), "") << "no plugin for a human";
  EXPECT_EQ(pgn.tag("BlackPlugin"), "random " + session->seat(BLACK).plugin->version());
  EXPECT_EQ(pgn.tag("BlackOptions"), "seed=19");
  EXPECT_EQ(pgn.moves, session->game().moves());
  EXPECT_EQ(pgn.result, "0-1");
  const std::string text = chess::write_pgn(pgn);
  EXPECT_NE(text.find("1. e4 "), std::string::npos) << text;
  EXPECT_NE(text.find("[Result \"0-1\"]"), std::string::npos) << text;
}

TEST(GameSession, APluginThatCannotBeCreatedFailsTheSession) {
  auto session = GameSession::create({human(), raw_ai("fail_create")}, TimeControl{}, std::nullopt, Clock::now());
  ASSERT_FALSE(session);
  EXPECT_NE(session.error().find("the raw test player refuses to be created"), std::string::npos) << session.error();
}

}  // namespace
}  // namespace gambit::match
