// DemoLoop with real random players: games in a row from the opening book,
// colours alternating, the pause between games, the tally, pacing kept.
// The loop is driven with a fake clock that moves 100 ms per update (the
// players answer in real time; the demo has no chess clock).
#include "core/match/demo_loop.h"

#include <gtest/gtest.h>

#include <thread>

#include "core/chess/uci.h"
#include "core/match/openings.h"

namespace gambit::match {
namespace {

using namespace std::chrono_literals;
using Clock = GameSession::Clock;
using TimePoint = GameSession::TimePoint;

constexpr std::chrono::milliseconds Tick{100};  // fake time per update
constexpr std::chrono::seconds PollLimit{10};   // real time for one game

std::shared_ptr<const players::PluginLibrary> library(const char* path) {
  auto loaded = players::PluginLibrary::load(path);
  EXPECT_TRUE(loaded) << path << ": " << (loaded ? "" : loaded.error());
  return loaded ? *loaded : nullptr;
}

SessionSeat random_seat(const std::string& label, int seed) {
  return {label, library(GAMBIT_RANDOM_PLUGIN), {{"seed", std::to_string(seed)}}};
}

std::string describe(const GameSession& session) {
  const chess::Game& game = session.game();
  std::string text = "moves:";
  for (chess::Move m : game.moves()) text += " " + chess::to_uci(m);
  return text + "\nposition: " + game.position().fen() + "\noutcome: " + game.outcome().description();
}

// Drives the loop, advancing the fake clock *now by Tick per update, until the
// current game is over (true) or PollLimit of real time passes (false).
bool play_to_end(DemoLoop& loop, TimePoint* now) {
  const Clock::time_point deadline = Clock::now() + PollLimit;
  while (!loop.session().game().is_over()) {
    if (Clock::now() >= deadline) return false;
    *now += Tick;
    loop.update(*now);
    std::this_thread::yield();
  }
  return true;
}

// The name of the player that had `side` in the current game.
const std::string& player_of(const DemoLoop& loop, chess::Color side) { return loop.session().seat(side).label; }

TEST(DemoLoop, PlaysGamesInARowWithAlternatingColoursAndKeepsTheTally) {
  TimePoint now = Clock::now();
  auto created = DemoLoop::create(random_seat("first", 21), random_seat("second", 22), 0, now);
  ASSERT_TRUE(created) << created.error();
  DemoLoop& loop = **created;
  EXPECT_EQ(loop.first().label, "first");
  EXPECT_EQ(loop.second().label, "second");

  DemoLoop::Tally expected;
  constexpr int Games = 3;
  for (int number = 1; number <= Games; ++number) {
    SCOPED_TRACE("game " + std::to_string(number));
    ASSERT_EQ(loop.game_number(), number);
    EXPECT_TRUE(loop.failure().empty()) << loop.failure();
    const bool first_is_white = number % 2 == 1;
    EXPECT_EQ(player_of(loop, chess::WHITE), first_is_white ? "first" : "second");
    EXPECT_EQ(player_of(loop, chess::BLACK), first_is_white ? "second" : "first");

    // Games 1 and 2 share the book's first line, game 3 the second.
    const std::vector<std::string> opening = opening_moves(opening_for_game(std::size_t(number - 1), 0));
    ASSERT_GE(loop.session().game().moves().size(), opening.size()) << describe(loop.session());
    for (std::size_t i = 0; i < opening.size(); ++i)
      EXPECT_EQ(chess::to_uci(loop.session().game().moves()[i]), opening[i]) << "ply " << i;
    EXPECT_EQ(loop.next_game_in(now), 0ms) << "the game is not over";

    const auto real_start = Clock::now();
    ASSERT_TRUE(play_to_end(loop, &now)) << "not finished\n" << describe(loop.session());
    std::cout << "PROBE plies " << loop.session().game().moves().size() << " in " << (Clock::now() - real_start) / 1ms << " ms\n";
    const chess::Outcome outcome = loop.session().game().outcome();
    EXPECT_NE(outcome.termination, chess::Termination::Forfeit) << outcome.description();
    EXPECT_NE(outcome.termination, chess::Termination::TimeForfeit) << outcome.description();
    if (const std::optional<chess::Color> winner = outcome.winner()) {
      (player_of(loop, *winner) == "first" ? expected.first_wins : expected.second_wins)++;
    } else {
      expected.draws++;
    }
    EXPECT_EQ(loop.tally().first_wins, expected.first_wins) << outcome.description() << "\n" << describe(loop.session());
    EXPECT_EQ(loop.tally().second_wins, expected.second_wins) << outcome.description();
    EXPECT_EQ(loop.tally().draws, expected.draws) << outcome.description();
    EXPECT_EQ(loop.tally().games(), number);

    // The finished game stays for NextGamePause, then the next one starts.
    const TimePoint ended = now;
    const std::size_t plies = loop.session().game().moves().size();
    EXPECT_EQ(loop.next_game_in(ended), DemoLoop::NextGamePause);
    EXPECT_EQ(loop.next_game_in(ended + 1200ms), DemoLoop::NextGamePause - 1200ms);
    while (now + Tick < ended + DemoLoop::NextGamePause) {
      now += Tick;
      loop.update(now);
      ASSERT_EQ(loop.game_number(), number) << "started " << (now - ended) / 1ms << " ms after the end";
      ASSERT_TRUE(loop.session().game().is_over());
      ASSERT_EQ(loop.session().game().moves().size(), plies);
    }
    EXPECT_EQ(loop.tally().games(), number) << "a finished game is counted once";
    now += Tick;
    ASSERT_EQ(now - ended, DemoLoop::NextGamePause);
    loop.update(now);
    EXPECT_EQ(loop.game_number(), number + 1) << "the next game starts once the pause is over";
    EXPECT_FALSE(loop.session().game().is_over());
  }
  EXPECT_EQ(loop.tally().games(), Games);
}

TEST(DemoLoop, MoveDelayAndPauseAreKeptAcrossGames) {
  TimePoint now = Clock::now();
  auto created = DemoLoop::create(random_seat("first", 31), random_seat("second", 32), 5, now);
  ASSERT_TRUE(created) << created.error();
  DemoLoop& loop = **created;
  loop.set_move_delay(250ms);
  EXPECT_EQ(loop.session().move_delay(), 250ms);

  // Paused: no move is played, and step() lets exactly one through.
  loop.set_paused(true);
  EXPECT_TRUE(loop.paused());
  EXPECT_TRUE(loop.session().paused());
  const std::size_t opening_plies = loop.session().game().moves().size();
  for (int i = 0; i < 30; ++i) {
    now += Tick;
    loop.update(now);
    std::this_thread::sleep_for(200us);
  }
  EXPECT_EQ(loop.session().game().moves().size(), opening_plies) << describe(loop.session());
  loop.step();
  const Clock::time_point deadline = Clock::now() + PollLimit;
  while (loop.session().game().moves().size() == opening_plies && Clock::now() < deadline) {
    now += Tick;
    loop.update(now);
    std::this_thread::sleep_for(50us);
  }
  ASSERT_EQ(loop.session().game().moves().size(), opening_plies + 1) << describe(loop.session());
  for (int i = 0; i < 30; ++i) {
    now += Tick;
    loop.update(now);
    std::this_thread::sleep_for(200us);
  }
  EXPECT_EQ(loop.session().game().moves().size(), opening_plies + 1) << "one move per step";
  loop.set_paused(false);
  EXPECT_FALSE(loop.session().paused());

  // With the delay, two moves are never closer than 250 ms of the fake clock (3 ticks).
  std::vector<TimePoint> played_at;
  std::size_t plies = loop.session().game().moves().size();
  const Clock::time_point game_deadline = Clock::now() + PollLimit;
  while (!loop.session().game().is_over()) {
    ASSERT_LT(Clock::now(), game_deadline) << describe(loop.session());
    now += Tick;
    loop.update(now);
    if (loop.session().game().moves().size() != plies) {
      plies = loop.session().game().moves().size();
      played_at.push_back(now);
    }
    std::this_thread::sleep_for(50us);
  }
  for (std::size_t i = 1; i < played_at.size(); ++i)
    ASSERT_GE(played_at[i] - played_at[i - 1], 250ms) << "moves " << i - 1 << " and " << i;

  // Paused after the end: the next game waits for the pause to be lifted.
  loop.set_paused(true);
  for (int i = 0; i < 40; ++i) {
    now += Tick;
    loop.update(now);
  }
  EXPECT_EQ(loop.game_number(), 1) << "no new game while paused";
  loop.set_paused(false);
  now += Tick;
  loop.update(now);
  ASSERT_EQ(loop.game_number(), 2);
  EXPECT_EQ(loop.session().move_delay(), 250ms) << "the delay carries into the next game";
  EXPECT_FALSE(loop.session().paused());

  // Pacing set during a game applies to its session at once.
  loop.set_paused(true);
  loop.set_move_delay(0ms);
  EXPECT_EQ(loop.session().move_delay(), 0ms);
  EXPECT_TRUE(loop.session().paused());
}

TEST(DemoLoop, RefusesAHumanSeat) {
  const SessionSeat human{"You", nullptr, {}};
  auto created = DemoLoop::create(human, random_seat("random", 1), 0, Clock::now());
  ASSERT_FALSE(created);
  EXPECT_NE(created.error().find("human"), std::string::npos) << created.error();
  auto second = DemoLoop::create(random_seat("random", 1), human, 0, Clock::now());
  EXPECT_FALSE(second);
}

TEST(DemoLoop, APlayerThatCannotBeCreatedFailsTheLoop) {
  const SessionSeat broken{"raw", library(GAMBIT_RAW_TEST_PLUGIN), {{"behaviour", "fail_create"}}};
  auto created = DemoLoop::create(random_seat("random", 1), broken, 0, Clock::now());
  ASSERT_FALSE(created);
  EXPECT_NE(created.error().find("refuses to be created"), std::string::npos) << created.error();
}

}  // namespace
}  // namespace gambit::match
namespace gambit::match {
TEST(DemoProbe, Lengths) {
  SessionSeat fl{"fl", library(GAMBIT_RAW_TEST_PLUGIN), {{"behaviour", "first_legal"}}};
  for (int k = 0; k < 2; ++k) {
    TimePoint now = Clock::now();
    auto created = k == 0 ? DemoLoop::create(fl, fl, 0, now) : DemoLoop::create(random_seat("r", 3), fl, 0, now);
    DemoLoop& loop = **created;
    for (int g = 0; g < 4; ++g) {
      const auto real_start = Clock::now();
      ASSERT_TRUE(play_to_end(loop, &now));
      std::cout << "PROBE " << k << " plies " << loop.session().game().moves().size() << " in " << (Clock::now() - real_start) / 1ms << " ms " << loop.session().game().outcome().description() << "\n";
      now += 3s; loop.update(now);
    }
  }
}
}
