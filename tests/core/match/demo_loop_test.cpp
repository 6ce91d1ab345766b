// SPDX-License-Identifier: MIT
// DemoLoop with real players: games in a row from the opening book, colours
// alternating, the pause between games, the tally, pacing kept across games.
// The loop is driven with a fake clock that moves 100 ms per update (the
// players answer in real time; the demo has no chess clock).
//
// Whole random-vs-random games take seconds in a debug build (each request
// replays the game so far, in the host and in the plugin), so the tests that
// need games to end use seats that end them quickly: the raw test plugin's
// "illegal" forfeits at its first move, and two "first_legal" players repeat
// the position within a few moves (a draw the AI to move claims at once).
// Random players are used where only moves are watched.
#include "core/match/demo_loop.h"

#include <gtest/gtest.h>

#include <functional>
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

players::Seat random_seat(const std::string& label, int seed) {
  return {label, library(GAMBIT_RANDOM_PLUGIN), {{"seed", std::to_string(seed)}}, {}};
}
players::Seat raw_seat(const std::string& label, const std::string& behaviour) {
  return {label, library(GAMBIT_RAW_TEST_PLUGIN), {{"behaviour", behaviour}}, {}};
}

std::string describe(const GameSession& session) {
  const chess::Game& game = session.game();
  std::string text = "moves:";
  for (chess::Move m : game.moves()) text += " " + chess::to_uci(m);
  return text + "\nposition: " + game.position().fen() + "\noutcome: " + game.outcome().description();
}

// One update a Tick of fake time later.
void tick(DemoLoop& loop, TimePoint* now) {
  *now += Tick;
  loop.update(*now);
  std::this_thread::sleep_for(20us);
}

// Drives the loop until done() holds (true) or PollLimit of real time passes (false).
bool drive(DemoLoop& loop, TimePoint* now, const std::function<bool()>& done) {
  const Clock::time_point deadline = Clock::now() + PollLimit;
  while (!done()) {
    if (Clock::now() >= deadline) return false;
    tick(loop, now);
  }
  return true;
}

bool play_to_end(DemoLoop& loop, TimePoint* now) {
  return drive(loop, now, [&] { return loop.session().game().is_over(); });
}

// The label of the player that has `side` in the current game.
const std::string& player_of(const DemoLoop& loop, chess::Color side) { return loop.session().seat(side).label; }

// Plays `games` games of a loop whose players are labelled "first" and
// "second", checking colours, openings, the tally and the pause between games.
void play_games(DemoLoop& loop, int games, TimePoint* now, std::uint64_t seed) {
  DemoLoop::Tally expected;
  for (int number = 1; number <= games; ++number) {
    SCOPED_TRACE("game " + std::to_string(number));
    ASSERT_EQ(loop.game_number(), number);
    ASSERT_TRUE(loop.failure().empty()) << loop.failure();
    const bool first_is_white = number % 2 == 1;
    EXPECT_EQ(player_of(loop, chess::WHITE), first_is_white ? "first" : "second");
    EXPECT_EQ(player_of(loop, chess::BLACK), first_is_white ? "second" : "first");

    // Games 2k+1 and 2k+2 start from one line of the book.
    const std::vector<std::string> opening = OpeningBook::built_in().for_game(std::size_t(number - 1), seed).moves;
    ASSERT_FALSE(opening.empty());
    ASSERT_GE(loop.session().game().moves().size(), opening.size()) << describe(loop.session());
    for (std::size_t i = 0; i < opening.size(); ++i)
      EXPECT_EQ(chess::to_uci(loop.session().game().moves()[i]), opening[i]) << "ply " << i;
    EXPECT_EQ(loop.next_game_in(*now), 0ms) << "the game is not over";

    ASSERT_TRUE(play_to_end(loop, now)) << "not finished\n" << describe(loop.session());
    const chess::Outcome outcome = loop.session().game().outcome();
    if (const std::optional<chess::Color> winner = outcome.winner())
      ++(player_of(loop, *winner) == "first" ? expected.first_wins : expected.second_wins);
    else
      ++expected.draws;
    EXPECT_EQ(loop.tally().first_wins, expected.first_wins)
        << outcome.description() << "\n" << describe(loop.session());
    EXPECT_EQ(loop.tally().second_wins, expected.second_wins) << outcome.description();
    EXPECT_EQ(loop.tally().draws, expected.draws) << outcome.description();
    EXPECT_EQ(loop.tally().games(), number);

    // The finished game stays for NextGamePause, then the next one starts.
    const TimePoint ended = *now;
    const std::size_t plies = loop.session().game().moves().size();
    EXPECT_EQ(loop.next_game_in(ended), DemoLoop::NextGamePause);
    EXPECT_EQ(loop.next_game_in(ended + 1200ms), DemoLoop::NextGamePause - 1200ms);
    while (*now + Tick < ended + DemoLoop::NextGamePause) {
      tick(loop, now);
      ASSERT_EQ(loop.game_number(), number) << "started " << (*now - ended) / 1ms << " ms after the end";
      ASSERT_TRUE(loop.session().game().is_over());
      ASSERT_EQ(loop.session().game().moves().size(), plies);
    }
    EXPECT_EQ(loop.tally().games(), number) << "a finished game is counted once";
    tick(loop, now);
    ASSERT_EQ(*now - ended, DemoLoop::NextGamePause);
    ASSERT_EQ(loop.game_number(), number + 1) << "the next game starts once the pause is over";
    EXPECT_FALSE(loop.session().game().is_over()) << describe(loop.session());
  }
}

TEST(DemoLoop, WinsAreCreditedToThePlayerWhateverItsColour) {
  {
    SCOPED_TRACE("second forfeits");
    TimePoint now = Clock::now();
    auto loop = DemoLoop::create(random_seat("first", 21), raw_seat("second", "illegal"), 0, now);
    ASSERT_TRUE(loop) << loop.error();
    EXPECT_EQ((*loop)->first().label, "first");
    EXPECT_EQ((*loop)->second().label, "second");
    play_games(**loop, 4, &now, 0);
    EXPECT_EQ((*loop)->tally().first_wins, 4);
    EXPECT_EQ((*loop)->session().game().outcome().termination, chess::Termination::None);
  }
  {
    SCOPED_TRACE("first forfeits");
    TimePoint now = Clock::now();
    auto loop = DemoLoop::create(raw_seat("first", "illegal"), random_seat("second", 22), 7, now);
    ASSERT_TRUE(loop) << loop.error();
    play_games(**loop, 3, &now, 7);
    EXPECT_EQ((*loop)->tally().second_wins, 3);
  }
}

TEST(DemoLoop, DrawsAreCountedAsDraws) {
  TimePoint now = Clock::now();
  auto loop = DemoLoop::create(raw_seat("first", "first_legal"), raw_seat("second", "first_legal"), 3, now);
  ASSERT_TRUE(loop) << loop.error();
  play_games(**loop, 3, &now, 3);
  EXPECT_EQ((*loop)->tally().draws, 3);
}

TEST(DemoLoop, RandomPlayersPlayAtTheMoveDelayAndStepWhilePaused) {
  TimePoint now = Clock::now();
  auto created = DemoLoop::create(random_seat("first", 31), random_seat("second", 32), 5, now);
  ASSERT_TRUE(created) << created.error();
  DemoLoop& loop = **created;
  loop.set_move_delay(250ms);
  EXPECT_EQ(loop.session().move_delay(), 250ms);

  // With the delay, two moves are never closer than 250 ms of the fake clock.
  std::size_t plies = loop.session().game().moves().size();
  TimePoint last = now;
  for (int moves = 0; moves < 12 && !loop.session().game().is_over(); ++moves) {
    ASSERT_TRUE(drive(loop, &now, [&] { return loop.session().game().moves().size() > plies; }))
        << describe(loop.session());
    ASSERT_EQ(loop.session().game().moves().size(), plies + 1) << "one move per update at most";
    ASSERT_GE(now - last, 250ms) << "move " << moves << "\n" << describe(loop.session());
    plies = loop.session().game().moves().size();
    last = now;
  }

  // Paused: no move is played, and step() lets exactly one through.
  loop.set_paused(true);
  EXPECT_TRUE(loop.paused());
  EXPECT_TRUE(loop.session().paused());
  for (int i = 0; i < 30; ++i) tick(loop, &now);
  EXPECT_EQ(loop.session().game().moves().size(), plies) << describe(loop.session());
  loop.step();
  ASSERT_TRUE(drive(loop, &now, [&] { return loop.session().game().moves().size() > plies; }))
      << describe(loop.session());
  for (int i = 0; i < 30; ++i) tick(loop, &now);
  EXPECT_EQ(loop.session().game().moves().size(), plies + 1) << "one move per step\n" << describe(loop.session());
  loop.set_paused(false);
  EXPECT_FALSE(loop.session().paused());
  ASSERT_TRUE(drive(loop, &now, [&] { return loop.session().game().moves().size() > plies + 1; }));
}

TEST(DemoLoop, PacingIsKeptAcrossGames) {
  TimePoint now = Clock::now();
  auto created = DemoLoop::create(raw_seat("first", "first_legal"), raw_seat("second", "first_legal"), 0, now);
  ASSERT_TRUE(created) << created.error();
  DemoLoop& loop = **created;
  loop.set_move_delay(300ms);
  ASSERT_TRUE(play_to_end(loop, &now)) << describe(loop.session());

  // Paused after the end: the next game waits for the pause to be lifted.
  loop.set_paused(true);
  for (int i = 0; i < 40; ++i) tick(loop, &now);
  EXPECT_EQ(loop.game_number(), 1) << "no new game while paused";
  EXPECT_EQ(loop.next_game_in(now), 0ms) << "the pause between games is over";
  loop.set_paused(false);
  tick(loop, &now);
  ASSERT_EQ(loop.game_number(), 2);
  EXPECT_EQ(loop.session().move_delay(), 300ms) << "the delay carries into the next game";
  EXPECT_FALSE(loop.session().paused());

  // Pacing set during a game applies to its session at once, and to the next game.
  loop.set_paused(true);
  loop.set_move_delay(100ms);
  EXPECT_EQ(loop.session().move_delay(), 100ms);
  EXPECT_TRUE(loop.session().paused());
  const std::size_t plies = loop.session().game().moves().size();
  for (int i = 0; i < 20; ++i) tick(loop, &now);
  EXPECT_EQ(loop.session().game().moves().size(), plies) << "paused";
  loop.set_paused(false);
  ASSERT_TRUE(play_to_end(loop, &now)) << describe(loop.session());
  for (int i = 0; i * Tick < DemoLoop::NextGamePause; ++i) tick(loop, &now);
  ASSERT_EQ(loop.game_number(), 3);
  EXPECT_EQ(loop.session().move_delay(), 100ms);
}

TEST(DemoLoop, RefusesAHumanSeat) {
  const players::Seat human{"You", nullptr, {}, {}};
  auto created = DemoLoop::create(human, random_seat("random", 1), 0, Clock::now());
  ASSERT_FALSE(created);
  EXPECT_NE(created.error().find("human"), std::string::npos) << created.error();
  auto second = DemoLoop::create(random_seat("random", 1), human, 0, Clock::now());
  EXPECT_FALSE(second);
}

TEST(DemoLoop, APlayerThatCannotBeCreatedFailsTheLoop) {
  const players::Seat broken{"raw", library(GAMBIT_RAW_TEST_PLUGIN), {{"behaviour", "fail_create"}}, {}};
  auto created = DemoLoop::create(random_seat("random", 1), broken, 0, Clock::now());
  ASSERT_FALSE(created);
  EXPECT_NE(created.error().find("refuses to be created"), std::string::npos) << created.error();
}

}  // namespace
}  // namespace gambit::match
