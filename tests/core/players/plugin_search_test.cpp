// SPDX-License-Identifier: MIT
// PluginSearch: a PluginPlayer thinking on the search's own thread, polled by its owner.
// Real plugins: random, and the raw test plugin whose `behaviour` misbehaves.
#include "core/players/plugin_search.h"

#include <dlfcn.h>
#include <poll.h>
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <future>
#include <thread>

#include "core/chess/movegen.h"
#include "core/chess/uci.h"
#include "core/players/options.h"
#include "core/players/plugin_player.h"
#include "tests/core/players/test_plugin_paths.h"

namespace gambit::players {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;
using test_support::contains;
using test_support::test_plugin;

// How long a poll waits for something that takes milliseconds when all is well.
constexpr std::chrono::milliseconds PollLimit = 5s;

// Polls pred every millisecond until it holds or PollLimit passes; returns pred().
bool poll_until(const std::function<bool()>& pred) {
  const Clock::time_point deadline = Clock::now() + PollLimit;
  while (!pred()) {
    if (Clock::now() >= deadline) return pred();
    std::this_thread::sleep_for(1ms);
  }
  return true;
}

std::shared_ptr<PluginPlayer> make_player(const std::filesystem::path& file, OptionList options = {}) {
  Result<std::shared_ptr<const PluginLibrary>> library = PluginLibrary::load(file);
  EXPECT_TRUE(library) << file << ": " << (library ? "" : library.error());
  if (!library) return nullptr;
  Result<std::unique_ptr<PluginPlayer>> player = PluginPlayer::create(*library, std::move(options));
  EXPECT_TRUE(player) << (player ? "" : player.error());
  return player ? std::shared_ptr<PluginPlayer>(std::move(player).value()) : nullptr;
}

std::shared_ptr<PluginPlayer> raw_player(const std::string& behaviour) {
  return make_player(test_plugin("raw"), {{"behaviour", behaviour}});
}

MoveRequest request_from(std::string_view fen, const std::vector<std::string>& uci_moves = {}) {
  MoveRequest request;
  Result<chess::Position> start = chess::Position::from_fen(fen);
  EXPECT_TRUE(start) << fen << ": " << (start ? "" : start.error());
  if (start) request.start = *start;
  chess::Position current = request.start;
  for (const std::string& text : uci_moves) {
    Result<chess::Move> move = chess::parse_uci_move(current, text);
    EXPECT_TRUE(move) << text << " in " << current.fen();
    if (!move) break;
    request.moves.push_back(*move);
    current.do_move(*move);
  }
  return request;
}

chess::Position current_of(const MoveRequest& request) {
  chess::Position pos = request.start;
  for (chess::Move m : request.moves) pos.do_move(m);
  return pos;
}

// Polls the search until its answer arrives.
std::optional<MoveAnswer> wait_answer(PluginSearch& search) {
  std::optional<MoveAnswer> answer;
  poll_until([&] { return (answer = search.poll()).has_value(); });
  return answer;
}

const char* const Italian = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";

TEST(PluginSearch, TheAnswerArrivesAndIsTakenOnce) {
  std::shared_ptr<PluginPlayer> player = make_player(test_support::random_plugin(), {{"seed", "5"}});
  ASSERT_TRUE(player);
  PluginSearch search;
  EXPECT_FALSE(search.running());
  EXPECT_FALSE(search.poll()) << "no search, no answer";
  EXPECT_EQ(search.answered_fd(), -1);

  for (int round = 0; round < 3; ++round) {  // the player searches again after each answer
    const MoveRequest request = request_from(Italian, {"g8f6", "d2d3"});
    const chess::Position current = current_of(request);
    search = player->start(request);
    EXPECT_TRUE(search.running());
    const std::optional<MoveAnswer> answer = wait_answer(search);
    ASSERT_TRUE(answer) << "no answer within " << PollLimit.count() << " ms in " << current.fen();
    ASSERT_EQ(answer->kind, MoveAnswer::Kind::Move) << answer->reason;
    EXPECT_TRUE(current.is_legal(answer->move)) << chess::to_uci(answer->move) << " in " << current.fen();
    EXPECT_FALSE(search.running()) << "round " << round;
    EXPECT_FALSE(search.poll()) << "the answer is given once";
    EXPECT_TRUE(player->usable());
  }
}

TEST(PluginSearch, TheAnsweredDescriptorTurnsReadableWhenThePluginAnswers) {
  std::shared_ptr<PluginPlayer> player = raw_player("stoppable");  // thinks until stopped
  ASSERT_TRUE(player);
  MoveRequest request = request_from(chess::START_FEN);
  request.limits.infinite = true;
  request.hard_deadline = 10s;
  PluginSearch search = player->start(request);
  ASSERT_GE(search.answered_fd(), 0);
  pollfd answered{search.answered_fd(), POLLIN, 0};
  EXPECT_EQ(::poll(&answered, 1, 50), 0) << "readable before the plugin answered";
  search.stop();
  EXPECT_EQ(::poll(&answered, 1, int(PollLimit.count())), 1) << "not readable after the plugin answered";
  const std::optional<MoveAnswer> answer = search.poll();
  ASSERT_TRUE(answer) << "readable, yet no answer";
  EXPECT_EQ(answer->kind, MoveAnswer::Kind::Move) << answer->reason;
}

TEST(PluginSearch, NextCheckIsTheSoftLimitThenTheStopRepeats) {
  std::shared_ptr<PluginPlayer> player = raw_player("stoppable");
  ASSERT_TRUE(player);
  MoveRequest request = request_from(chess::START_FEN);
  request.limits.movetime_ms = 60'000;
  request.hard_deadline = 120s;
  const Clock::time_point before = Clock::now();
  PluginSearch search = player->start(request);
  const std::optional<Clock::time_point> soft = search.next_check();
  ASSERT_TRUE(soft);
  EXPECT_GE(*soft, before + 60s) << "the first check is the movetime";
  EXPECT_LE(*soft, Clock::now() + 60s);
  search.stop();
  const std::optional<Clock::time_point> repeat = search.next_check();
  ASSERT_TRUE(repeat);
  EXPECT_LT(*repeat, before + 60s) << "a wanted stop is repeated long before the movetime";
  EXPECT_TRUE(wait_answer(search));
  EXPECT_FALSE(search.next_check()) << "no search, nothing to check";
}

TEST(PluginSearch, NoLegalMoveIsAnsweredWithoutAMove) {
  std::shared_ptr<PluginPlayer> player = raw_player("first_legal");
  ASSERT_TRUE(player);
  const std::string mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
  PluginSearch search = player->start(request_from(mated));
  EXPECT_TRUE(search.running());
  const std::optional<Clock::time_point> check = search.next_check();
  ASSERT_TRUE(check) << "an answer known at the start is due at once";
  EXPECT_LE(*check, Clock::now());
  const std::optional<MoveAnswer> answer = wait_answer(search);
  ASSERT_TRUE(answer);
  EXPECT_EQ(answer->kind, MoveAnswer::Kind::NoLegalMove) << answer->reason << " in " << mated;
}

TEST(PluginSearch, LatestInfoFollowsTheReportsOfTheRunningSearch) {
  std::shared_ptr<PluginPlayer> player = raw_player("stoppable");  // reports once, then thinks until stopped
  ASSERT_TRUE(player);
  PluginSearch search;
  std::uint64_t sequence = 99;
  EXPECT_FALSE(search.latest_info(&sequence));
  EXPECT_EQ(sequence, 0u) << "no search: sequence 0";

  MoveRequest request = request_from(chess::START_FEN);
  request.limits.infinite = true;
  request.hard_deadline = 10s;  // a backstop so that a broken cancel cannot leave it running for ever
  search = player->start(request);
  ASSERT_TRUE(poll_until([&] { return search.latest_info(&sequence).has_value(); })) << "no info reported";
  EXPECT_EQ(sequence, 1u);
  std::optional<SearchInfo> info = search.latest_info(&sequence);
  ASSERT_TRUE(info);
  EXPECT_EQ(info->depth, 1);
  EXPECT_EQ(sequence, 1u) << "no new report, same sequence";
  EXPECT_FALSE(search.poll()) << "still thinking";
  EXPECT_TRUE(search.cancel());

  // The next search starts from sequence 0 and its report (depth 3, a PV cut at
  // its first bad move) is readable until the answer is taken.
  std::shared_ptr<PluginPlayer> other_player = raw_player("first_legal");
  ASSERT_TRUE(other_player);
  const MoveRequest italian = request_from(Italian);
  PluginSearch other = other_player->start(italian);
  ASSERT_TRUE(poll_until([&] {
    std::uint64_t seq = 0;
    other.latest_info(&seq);
    return seq >= 1;
  }));
  info = other.latest_info(&sequence);
  ASSERT_TRUE(info);
  EXPECT_EQ(sequence, 1u);
  EXPECT_EQ(info->depth, 3);
  EXPECT_EQ(info->score_kind, ScoreKind::Mate);
  const chess::Move first_legal = chess::legal_moves(current_of(italian))[0];
  EXPECT_EQ(info->pv, std::vector<chess::Move>{first_legal});
  const std::optional<MoveAnswer> answer = wait_answer(other);
  ASSERT_TRUE(answer);
  EXPECT_EQ(answer->move, first_legal) << chess::to_uci(answer->move);
  EXPECT_FALSE(other.latest_info(&sequence)) << "the answer was taken: no search";
  EXPECT_EQ(sequence, 0u);
}

TEST(PluginSearch, CancelStopsAStoppableSearchPromptly) {
  std::shared_ptr<PluginPlayer> player = raw_player("stoppable");
  ASSERT_TRUE(player);
  MoveRequest request = request_from(chess::START_FEN);
  request.limits.infinite = true;
  request.hard_deadline = 10s;
  PluginSearch search = player->start(request);
  ASSERT_TRUE(poll_until([&] { return search.latest_info().has_value(); })) << "never started thinking";
  EXPECT_TRUE(search.cancel(2s)) << "a plugin that obeys stop() is not abandoned";
  EXPECT_FALSE(search.running());
  EXPECT_FALSE(search.poll()) << "a cancelled search has no answer";
  EXPECT_TRUE(player->usable());
  EXPECT_EQ(PluginSearch::abandoned(), 0);
  EXPECT_TRUE(search.cancel()) << "nothing to cancel";
}

// A cancel right after start may reach the plugin before its choose_move has
// begun (the plugin forgets such a stop): the search must still stop it.
TEST(PluginSearch, CancelRightAfterStartStillStopsTheSearch) {
  std::shared_ptr<PluginPlayer> player = raw_player("stoppable");
  ASSERT_TRUE(player);
  MoveRequest request = request_from(chess::START_FEN);
  request.limits.infinite = true;
  request.hard_deadline = 3s;  // a lost stop is not left running for ever
  for (int round = 0; round < 20; ++round) {
    PluginSearch search = player->start(request);
    ASSERT_TRUE(search.cancel(1s)) << "round " << round << ": the stop was lost and the player abandoned";
    ASSERT_TRUE(player->usable());
  }
  EXPECT_EQ(PluginSearch::abandoned(), 0);
}

// A stop() from another thread while the owner waits, which the plugin
// forgets (slow_start forgets stops in its first 100 ms, as plugins forget
// those sent before their choose_move), is repeated until it answers.
TEST(PluginSearch, AStopFromAnotherThreadDuringWaitIsRepeatedUntilThePluginAnswers) {
  std::shared_ptr<PluginPlayer> player = raw_player("slow_start");
  ASSERT_TRUE(player);
  MoveRequest request = request_from(chess::START_FEN);
  request.limits.infinite = true;
  request.hard_deadline = 10s;  // a lost stop ends as TimedOut instead of hanging the test
  PluginSearch search = player->start(request);
  std::future<MoveAnswer> answer = std::async(std::launch::async, [&] { return search.wait(); });
  std::this_thread::sleep_for(20ms);  // the owner waits meanwhile (the order matters, not the time)
  search.stop();
  const MoveAnswer got = answer.get();
  EXPECT_EQ(got.kind, MoveAnswer::Kind::Move) << got.reason;
}

TEST(PluginSearch, AFailedAnswerComesBackAsFailed) {
  std::shared_ptr<PluginPlayer> player = raw_player("illegal");
  ASSERT_TRUE(player);
  PluginSearch search = player->start(request_from(chess::START_FEN));
  const std::optional<MoveAnswer> answer = wait_answer(search);
  ASSERT_TRUE(answer);
  EXPECT_EQ(answer->kind, MoveAnswer::Kind::Failed);
  EXPECT_FALSE(answer->ok());
  EXPECT_TRUE(contains(answer->reason, "'e2e5' is not a legal move")) << answer->reason;
  EXPECT_TRUE(player->usable()) << "a failed answer does not end the player";
  EXPECT_FALSE(search.running());
}

using HookRelease = void (*)();

// The raw plugin's "hang" ignores stop() until test_raw_release_hang() is
// called, for good in the process. This test uses its second build, raw_copy
// (a library of its own), so that PluginPlayer's hang test keeps its hang.
std::shared_ptr<PluginPlayer> hanging_player() { return make_player(test_plugin("raw_copy"), {{"behaviour", "hang"}}); }

TEST(PluginSearch, AHungSearchIsAbandonedAndCountedUntilItReturns) {
  const int abandoned_before = PluginSearch::abandoned();
  ASSERT_EQ(abandoned_before, 0);

  // The hard deadline of the request: the answer is TimedOut and the player unusable.
  std::shared_ptr<PluginPlayer> timed = hanging_player();
  ASSERT_TRUE(timed && timed->usable());
  MoveRequest short_deadline = request_from(chess::START_FEN);
  short_deadline.hard_deadline = 100ms;
  PluginSearch timed_search = timed->start(short_deadline);
  const std::optional<MoveAnswer> timed_out = wait_answer(timed_search);
  ASSERT_TRUE(timed_out);
  if (timed_out->kind == MoveAnswer::Kind::Move)
    GTEST_SKIP() << "the raw plugin's hang was already released in this process";
  EXPECT_EQ(timed_out->kind, MoveAnswer::Kind::TimedOut) << timed_out->reason;
  EXPECT_FALSE(timed->usable()) << "a timed-out player is abandoned";
  EXPECT_EQ(PluginSearch::abandoned(), abandoned_before + 1) << "its thread still runs the plugin";

  // cancel() on a hung search: gives up after the grace and drops the player.
  std::shared_ptr<PluginPlayer> player = hanging_player();
  ASSERT_TRUE(player && player->usable());
  PluginSearch search = player->start(request_from(chess::START_FEN));  // no deadline
  EXPECT_FALSE(search.cancel(200ms)) << "a hung search cannot be stopped: it is abandoned";
  EXPECT_FALSE(player->usable());
  EXPECT_FALSE(search.running());
  EXPECT_FALSE(search.poll());
  EXPECT_EQ(PluginSearch::abandoned(), abandoned_before + 2);

  void* handle = dlopen(test_plugin("raw_copy").c_str(), RTLD_NOW | RTLD_NOLOAD);
  ASSERT_TRUE(handle) << "the abandoned search keeps the plugin loaded";
  const auto release = reinterpret_cast<HookRelease>(dlsym(handle, "test_raw_release_hang"));
  ASSERT_TRUE(release);
  release();
  EXPECT_TRUE(poll_until([&] { return PluginSearch::abandoned() == abandoned_before; }))
      << PluginSearch::abandoned() << " searches still abandoned after the hang was released";
  dlclose(handle);
}

}  // namespace
}  // namespace gambit::players
