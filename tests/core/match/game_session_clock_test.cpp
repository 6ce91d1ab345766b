// SPDX-License-Identifier: MIT
// GameSession's clocks and pacing with real plugins: each side's first move
// untimed, the clock of the side to move, increments, a resumed game's times,
// an AI's grace, the demo's move delay and pause, a level at a person's pace.
// Judged on the `now` given: fake time points.
#include "core/match/game_session.h"

#include <gtest/gtest.h>

#include "core/match/human_pace.h"
#include "tests/core/match/game_session_testing.h"

namespace gambit::match {
namespace {

using namespace session_testing;

TEST(GameSession, AHumanWhoDoesNothingLosesOnTime) {
  const TimePoint t0 = Clock::now();
  auto session = make_session(human(), random_ai(11), TimeControl{0, 1000, 0}, std::nullopt, t0);
  ASSERT_TRUE(session);
  ASSERT_TRUE(session->has_clock());
  session->new_game(opened(), t0);
  session->update(t0 + 999ms);
  EXPECT_FALSE(session->game().is_over()) << describe(*session);
  EXPECT_EQ(session->remaining_ms(WHITE, t0 + 999ms), 1);
  EXPECT_EQ(session->remaining_ms(BLACK, t0 + 999ms), 1000) << "only the side to move's clock runs";
  session->update(t0 + 1001ms);
  ASSERT_TRUE(session->game().is_over());
  const chess::Outcome& outcome = session->game().outcome();
  EXPECT_EQ(outcome.termination, chess::Termination::TimeForfeit);
  EXPECT_EQ(outcome.flagged, std::optional(WHITE));
  EXPECT_EQ(outcome.winner(), std::optional(BLACK));
  EXPECT_EQ(session->remaining_ms(WHITE, t0 + 2s), 0);
  const std::vector<SessionEvent> events = session->take_events();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, Kind::GameOver);

  // A move made after the flag fell loses on time too.
  session->new_game(opened(), t0);
  EXPECT_EQ(session->remaining_ms(WHITE, t0), 1000);
  EXPECT_TRUE(session->play_human_move(uci(*session, "g1f3"), t0 + 1200ms));
  EXPECT_EQ(session->game().outcome().termination, chess::Termination::TimeForfeit);
  EXPECT_EQ(session->game().moves().size(), 2u);
}

TEST(GameSession, TheFirstMoveOfEachSideIsNotTimed) {
  const TimePoint t0 = Clock::now();
  auto session = make_session(human("White"), human("Black"), TimeControl{0, 10000, 2000}, std::nullopt, t0);
  ASSERT_TRUE(session);
  session->update(t0 + 60s);
  EXPECT_FALSE(session->game().is_over()) << "White has not moved yet: no flag";
  EXPECT_EQ(session->remaining_ms(WHITE, t0 + 60s), 10000);
  ASSERT_TRUE(session->play_human_move(uci(*session, "e2e4"), t0 + 60s));
  EXPECT_EQ(session->remaining_ms(WHITE, t0 + 60s), 10000) << "no time used, no increment";
  EXPECT_EQ(session->remaining_ms(BLACK, t0 + 90s), 10000);
  ASSERT_TRUE(session->play_human_move(uci(*session, "e7e5"), t0 + 90s));
  EXPECT_EQ(session->remaining_ms(WHITE, t0 + 93s), 7000) << "from White's second move on, the clock runs";
  EXPECT_EQ(session->remaining_ms(BLACK, t0 + 93s), 10000);
  session->update(t0 + 100s);
  EXPECT_TRUE(session->game().is_over()) << "White's flag falls 10 s into its second turn";

  // A game set up with Black to move: the first two plies of the record are its untimed ones.
  auto black_first = make_session(human("White"), human("Black"), TimeControl{0, 10000, 0}, std::nullopt, t0);
  ASSERT_TRUE(black_first);
  black_first->new_game(game_from_fen("4k3/4p3/8/8/8/8/4P3/4K3 b - - 0 1"), t0);
  EXPECT_EQ(black_first->remaining_ms(BLACK, t0 + 20s), 10000);
  EXPECT_FALSE(black_first->has_moved(BLACK));
  EXPECT_TRUE(black_first->can_abort());
  ASSERT_TRUE(black_first->play_human_move(uci(*black_first, "e8d8"), t0 + 20s));
  EXPECT_TRUE(black_first->has_moved(BLACK));
  EXPECT_FALSE(black_first->has_moved(WHITE));
  ASSERT_TRUE(black_first->play_human_move(uci(*black_first, "e1d1"), t0 + 20s));
  EXPECT_FALSE(black_first->can_abort()) << "both people have moved";
  EXPECT_EQ(black_first->remaining_ms(BLACK, t0 + 21s), 9000);
}

TEST(GameSession, ClocksRunForTheSideToMoveAndGetTheIncrement) {
  const TimePoint t0 = Clock::now();
  auto session = make_session(human("White"), human("Black"), TimeControl{0, 10000, 2000}, std::nullopt, t0);
  ASSERT_TRUE(session);
  session->new_game(opened(), t0);
  EXPECT_EQ(session->remaining_ms(WHITE, t0 + 3s), 7000);
  EXPECT_EQ(session->remaining_ms(BLACK, t0 + 3s), 10000);
  ASSERT_TRUE(session->play_human_move(uci(*session, "g1f3"), t0 + 3s));
  EXPECT_EQ(session->remaining_ms(WHITE, t0 + 3s), 9000) << "10 s - 3 s + 2 s increment";
  EXPECT_EQ(session->remaining_ms(WHITE, t0 + 5s), 9000) << "white's clock stopped";
  EXPECT_EQ(session->remaining_ms(BLACK, t0 + 5s), 8000);
  ASSERT_TRUE(session->play_human_move(uci(*session, "b8c6"), t0 + 5s));
  EXPECT_EQ(session->remaining_ms(BLACK, t0 + 5s), 10000);
  EXPECT_EQ(session->remaining_ms(WHITE, t0 + 6s), 8000);

  // Undo gives back the clocks as they were when the ply began; the turn starts again now.
  ASSERT_TRUE(session->undo(t0 + 6s));
  EXPECT_EQ(session->remaining_ms(BLACK, t0 + 6500ms), 9500);
  EXPECT_EQ(session->remaining_ms(WHITE, t0 + 6500ms), 9000);

  auto no_clock = make_session(human("White"), human("Black"), TimeControl{}, std::nullopt, t0);
  ASSERT_TRUE(no_clock);
  EXPECT_FALSE(no_clock->has_clock());
  no_clock->update(t0 + std::chrono::hours(1));
  EXPECT_FALSE(no_clock->game().is_over());
}

TEST(GameSession, EndingTheGameWithoutAMoveKeepsTheTimeUsed) {
  const TimePoint t0 = Clock::now();
  auto session = make_session(human("White"), human("Black"), TimeControl{0, 600000, 2000}, std::nullopt, t0);
  ASSERT_TRUE(session);
  session->new_game(opened(), t0);
  ASSERT_TRUE(session->play_human_move(uci(*session, "g1f3"), t0 + 27s));
  EXPECT_EQ(session->remaining_ms(WHITE, t0 + 27s), 575000);
  ASSERT_TRUE(session->resign(t0 + 40s)) << "Black resigns 13 s into its turn";
  EXPECT_EQ(session->remaining_ms(BLACK, t0 + 40s), 587000);
  EXPECT_EQ(session->remaining_ms(BLACK, t0 + 90s), 587000) << "and its clock stays stopped";
  EXPECT_EQ(session->remaining_ms(WHITE, t0 + 90s), 575000);

  // A draw claimed by the human to move: the claim stops the clock at that moment.
  auto claim = make_session(human("White"), human("Black"), TimeControl{0, 600000, 0}, std::nullopt, t0);
  ASSERT_TRUE(claim);
  const char* shuffle[] = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"};
  for (const char* move : shuffle) ASSERT_TRUE(claim->play_human_move(uci(*claim, move), t0));
  ASSERT_TRUE(claim->claimable_draw()) << describe(*claim);
  ASSERT_TRUE(claim->claim_draw(t0 + 5s));
  EXPECT_EQ(claim->remaining_ms(WHITE, t0 + 60s), 595000);
}

TEST(GameSession, AResumedGameKeepsItsRemainingTimes) {
  const TimePoint t0 = Clock::now();
  auto session = make_session(human("White"), human("Black"), TimeControl{0, 60000, 0}, std::nullopt, t0);
  ASSERT_TRUE(session);
  chess::Game saved = opened();
  saved.play(*chess::parse_uci_move(saved.position(), "g1f3"));
  session->new_game(saved, t0, std::array<std::int64_t, chess::COLOR_NB>{41000, 12000});
  EXPECT_EQ(session->game().moves().size(), 3u);
  EXPECT_EQ(session->remaining_ms(WHITE, t0 + 2s), 41000) << "white is not to move";
  EXPECT_EQ(session->remaining_ms(BLACK, t0 + 2s), 10000) << "black's saved 12 s run from the resume";
  ASSERT_TRUE(session->play_human_move(uci(*session, "b8c6"), t0 + 2s));
  ASSERT_TRUE(session->undo(t0 + 3s));
  EXPECT_EQ(session->remaining_ms(BLACK, t0 + 3s), 12000) << "undo gives back the resumed time, not a full clock";
  ASSERT_TRUE(session->undo(t0 + 3s));
  EXPECT_EQ(session->remaining_ms(WHITE, t0 + 3s), 41000) << "a move from before the resume: its resumed time";
  session->update(t0 + 45s);
  EXPECT_TRUE(session->game().is_over()) << "white's flag falls 41 s after its turn began again";
}

TEST(GameSession, AnAiGetsTheGraceBeyondItsClock) {
  const TimePoint t0 = Clock::now();
  // Thinks until stopped; the host stops it when its clock (5 s of real time) runs out.
  auto session = make_session(raw_ai("stoppable"), human(), TimeControl{0, 5000, 0}, std::nullopt, t0);
  ASSERT_TRUE(session);
  session->new_game(opened(), t0);
  session->update(t0);
  ASSERT_EQ(session->thinking_side(), std::optional(WHITE));
  session->update(t0 + 5000ms + players::Grace - 1ms);
  EXPECT_FALSE(session->game().is_over()) << describe(*session);
  session->update(t0 + 5000ms + players::Grace + 1ms);
  ASSERT_TRUE(session->game().is_over());
  EXPECT_EQ(session->game().outcome().termination, chess::Termination::TimeForfeit);
  EXPECT_EQ(session->game().outcome().flagged, std::optional(WHITE));
  EXPECT_FALSE(session->thinking_side());
  EXPECT_EQ(players::PluginSearch::abandoned(), 0) << "the search was stopped, not abandoned";
}

TEST(GameSession, AnAiMoveWaitsForTheMoveDelay) {
  const TimePoint t0 = Clock::now();
  auto session = make_session(human(), random_ai(12), TimeControl{}, std::nullopt, t0);
  ASSERT_TRUE(session);
  session->set_move_delay(300ms);
  EXPECT_EQ(session->move_delay(), 300ms);
  ASSERT_TRUE(session->play_human_move(uci(*session, "e2e4"), t0 + 1s));
  std::vector<SessionEvent> events;
  session->update(t0 + 1100ms);
  ASSERT_EQ(session->thinking_side(), std::optional(BLACK));
  // The answer arrives (thinking stops) but is held back.
  ASSERT_TRUE(drive(*session, [&] { return !session->thinking_side(); }, &events, [&] { return t0 + 1100ms; }));
  EXPECT_EQ(session->game().moves().size(), 1u) << describe(*session);
  session->update(t0 + 1299ms);
  EXPECT_EQ(session->game().moves().size(), 1u) << "299 ms after the last move\n" << describe(*session);
  for (SessionEvent& e : session->take_events()) events.push_back(std::move(e));
  session->update(t0 + 1300ms);
  EXPECT_EQ(session->game().moves().size(), 2u) << "300 ms after the last move\n" << describe(*session);
  for (SessionEvent& e : session->take_events()) events.push_back(std::move(e));
  ASSERT_EQ(count(events, Kind::MovePlayed), 2) << "the human's move, then the AI's";
  EXPECT_EQ(events.back().side, BLACK);
}

TEST(GameSession, AnAiAtAPersonsPaceMovesWhenItsTimeHasPassedItsClockRunning) {
  const TimePoint t0 = Clock::now();
  auto session = make_session(human(), random_ai(5), TimeControl{0, 600000, 2000}, std::nullopt, t0);
  ASSERT_TRUE(session);
  session->set_human_pace(BLACK, true, 77);
  session->new_game(opened(), t0);
  const TimePoint t1 = t0 + 1s;
  ASSERT_TRUE(session->play_human_move(uci(*session, "g1f3"), t1));
  std::vector<SessionEvent> events;
  // The answer comes at once (random), and is held: still "thinking", its clock running.
  ASSERT_TRUE(drive(*session, [&] { return session->paced_until().has_value(); }, &events, [&] { return t1; }));
  const TimePoint until = *session->paced_until();
  EXPECT_EQ(session->thinking_side(), std::optional(BLACK));
  const std::int64_t pace_ms = std::chrono::duration_cast<std::chrono::milliseconds>(until - t1).count();
  EXPECT_GE(pace_ms, 400) << "a person's moment at least";
  EXPECT_LE(pace_ms, 600000 / 12 + 2000);
  EXPECT_EQ(session->remaining_ms(BLACK, t1 + 300ms), 599700) << "the clock runs while the move is held";
  session->update(until - 1ms);
  EXPECT_EQ(session->game().moves().size(), 3u) << "not before its time\n" << describe(*session);
  session->update(until);
  ASSERT_EQ(session->game().moves().size(), 4u) << describe(*session);
  EXPECT_EQ(session->remaining_ms(BLACK, until + 5s), 600000 - pace_ms + 2000) << "charged the time taken";
  // The time is the model's for the move played, from the clock as the turn began.
  chess::Game replay = opened();
  replay.play(*chess::parse_uci_move(replay.position(), "g1f3"));
  const chess::Move played = session->game().moves().back();
  EXPECT_EQ(human_pace({replay.position(), played, replay.moves().back(), 600000, 2000, 77}).count(), pace_ms);

  // Without a clock (or unpaced), no hold.
  auto untimed = make_session(human(), random_ai(5), TimeControl{}, std::nullopt, t0);
  ASSERT_TRUE(untimed);
  untimed->set_human_pace(BLACK, true, 77);
  ASSERT_TRUE(untimed->play_human_move(uci(*untimed, "e2e4"), t1));
  ASSERT_TRUE(drive_to_ply(*untimed, 2, &events));
  EXPECT_FALSE(untimed->paced_until());
}

TEST(GameSession, WhilePausedOnlyAStepLetsOneMoveThrough) {
  auto session = make_session(random_ai(13), random_ai(14));
  ASSERT_TRUE(session);
  session->set_paused(true);
  EXPECT_TRUE(session->paused());
  std::vector<SessionEvent> events;
  const auto idle = [&](int updates) {
    for (int i = 0; i < updates; ++i) {
      session->update(Clock::now());
      std::this_thread::sleep_for(200us);
    }
  };
  idle(50);
  EXPECT_TRUE(session->game().moves().empty()) << describe(*session);
  EXPECT_FALSE(session->thinking_side()) << "no search starts while paused";

  session->step();
  ASSERT_TRUE(drive_to_ply(*session, 1, &events)) << describe(*session);
  idle(50);
  EXPECT_EQ(session->game().moves().size(), 1u) << "exactly one move per step\n" << describe(*session);

  // A search running when the pause begins finishes, and its move waits.
  session->set_paused(false);
  session->update(Clock::now());
  ASSERT_EQ(session->thinking_side(), std::optional(BLACK));
  session->set_paused(true);
  ASSERT_TRUE(drive(*session, [&] { return !session->thinking_side(); }, &events)) << describe(*session);
  idle(50);
  EXPECT_EQ(session->game().moves().size(), 1u) << describe(*session);
  session->step();
  ASSERT_TRUE(drive_to_ply(*session, 2, &events)) << describe(*session);
  idle(50);
  EXPECT_EQ(session->game().moves().size(), 2u) << describe(*session);

  session->set_paused(false);
  ASSERT_TRUE(drive_to_ply(*session, 6, &events)) << describe(*session);
  session->step();  // not paused: step does nothing
  EXPECT_FALSE(session->paused());
}

}  // namespace
}  // namespace gambit::match
