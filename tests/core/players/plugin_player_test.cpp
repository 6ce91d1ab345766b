// SPDX-License-Identifier: MIT
#include "core/players/plugin_player.h"

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <thread>

#include "core/chess/game.h"
#include "core/chess/movegen.h"
#include "core/chess/uci.h"
#include "tests/core/players/test_plugin_paths.h"

namespace gambit::players {
namespace {

using namespace std::chrono_literals;
using test_support::contains;
using test_support::test_plugin;
using Options = std::vector<std::pair<std::string, std::string>>;

// Generous: only a broken host or plugin comes near it (the tests are not timed).
constexpr std::chrono::milliseconds Patient = 60s;

std::shared_ptr<const PluginLibrary> load(const std::filesystem::path& file) {
  Result<std::shared_ptr<const PluginLibrary>> library = PluginLibrary::load(file);
  EXPECT_TRUE(library) << library.error();
  return library ? *library : nullptr;
}

std::unique_ptr<PluginPlayer> make_player(const std::filesystem::path& file, Options options) {
  std::shared_ptr<const PluginLibrary> library = load(file);
  if (!library) return nullptr;
  Result<std::unique_ptr<PluginPlayer>> player = PluginPlayer::create(library, std::move(options));
  EXPECT_TRUE(player) << player.error();
  return player ? std::move(player).value() : nullptr;
}

std::unique_ptr<PluginPlayer> raw_player(const std::string& behaviour) {
  return make_player(test_plugin("raw"), {{"behaviour", behaviour}});
}

chess::Position from_fen(std::string_view fen) {
  Result<chess::Position> pos = chess::Position::from_fen(fen);
  EXPECT_TRUE(pos) << pos.error();
  return pos ? *pos : chess::Position();
}

const char* const Italian = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";

TEST(PluginPlayer, RandomPlaysAWholeGameOfLegalMoves) {
  std::shared_ptr<const PluginLibrary> random = load(test_support::random_plugin());
  ASSERT_TRUE(random);
  std::unique_ptr<PluginPlayer> seats[2];
  for (int seed : {0, 1}) {
    Result<std::unique_ptr<PluginPlayer>> player =
        PluginPlayer::create(random, {{"seed", std::to_string(seed + 11)}});
    ASSERT_TRUE(player) << player.error();
    seats[seed] = std::move(player).value();
    ASSERT_TRUE(seats[seed]->new_game()) << "new_game failed";
  }
  chess::Game game;
  while (!game.is_over() && game.moves().size() < 2000) {
    PluginPlayer& mover = *seats[game.position().side_to_move()];
    const MoveAnswer answer = mover.choose_move(game.start(), game.moves(), Limits{}, nullptr, Patient);
    ASSERT_EQ(answer.kind, MoveAnswer::Kind::Move) << answer.reason << "\nin " << game.position().fen();
    ASSERT_TRUE(game.play(answer.move)) << chess::to_uci(answer.move) << " in " << game.position().fen();
  }
  ASSERT_TRUE(game.is_over()) << game.position().fen();
  std::cout << game.moves().size() << " plies: " << game.outcome().description() << "\n";
  if (chess::count_legal(game.position()) == 0) {
    const MoveAnswer answer =
        seats[game.position().side_to_move()]->choose_move(game.start(), game.moves(), Limits{}, nullptr, Patient);
    EXPECT_EQ(answer.kind, MoveAnswer::Kind::NoLegalMove) << answer.reason << "\nin " << game.position().fen();
  }
}

TEST(PluginPlayer, RandomPlaysAWholeThreeCheckGame) {
  std::unique_ptr<PluginPlayer> player = make_player(test_support::random_plugin(), {{"seed", "5"}});
  ASSERT_TRUE(player);
  chess::Game game{chess::Position(chess::Variant::ThreeCheck)};
  while (!game.is_over()) {
    const MoveAnswer answer = player->choose_move(game.start(), game.moves(), Limits{}, nullptr, Patient);
    ASSERT_EQ(answer.kind, MoveAnswer::Kind::Move) << answer.reason << "\nin " << game.position().pretty();
    ASSERT_TRUE(game.play(answer.move)) << chess::to_uci(answer.move) << " in " << game.position().pretty();
  }
  EXPECT_NE(game.position().checks_given(chess::WHITE) + game.position().checks_given(chess::BLACK), 0)
      << "a random game of " << game.moves().size() << " plies gave no check: " << game.outcome().description();
}

TEST(PluginPlayer, APluginIsNotAskedToPlayAVariantItDoesNotList) {
  for (const char* plugin : {"raw", "raw_abi_1_0"}) {
    std::unique_ptr<PluginPlayer> player = make_player(test_plugin(plugin), {{"behaviour", "first_legal"}});
    ASSERT_TRUE(player);
    const MoveAnswer answer =
        player->choose_move(chess::Position(chess::Variant::ThreeCheck), {}, Limits{}, nullptr, Patient);
    EXPECT_EQ(answer.kind, MoveAnswer::Kind::Failed) << plugin;
    EXPECT_TRUE(contains(answer.reason, "does not play three-check")) << plugin << ": " << answer.reason;
    const MoveAnswer standard = player->choose_move(chess::Position(), {}, Limits{}, nullptr, Patient);
    EXPECT_EQ(standard.kind, MoveAnswer::Kind::Move) << plugin << ": " << standard.reason;
  }
}

TEST(PluginPlayer, AnswersALegalMoveAndReportsInfoFromTheWorkerThread) {
  std::unique_ptr<PluginPlayer> player = raw_player("first_legal");
  ASSERT_TRUE(player);
  const chess::Position start = from_fen(Italian);
  const std::vector<chess::Move> moves{*chess::parse_uci_move(start, "g8f6")};
  chess::Position current = start;
  current.do_move(moves[0]);
  const chess::Move expected = chess::legal_moves(current)[0];

  std::vector<SearchInfo> infos;
  std::thread::id info_thread;
  const MoveAnswer answer = player->choose_move(
      start, moves, Limits{},
      [&](const SearchInfo& info) { infos.push_back(info), info_thread = std::this_thread::get_id(); }, Patient);
  ASSERT_EQ(answer.kind, MoveAnswer::Kind::Move) << answer.reason << "\nin " << current.fen();
  EXPECT_TRUE(answer.ok());
  EXPECT_EQ(answer.move, expected) << chess::to_uci(answer.move) << " in " << current.fen();
  ASSERT_EQ(infos.size(), 1u);
  EXPECT_NE(info_thread, std::this_thread::get_id()) << "the plugin thinks on a worker thread";
  EXPECT_EQ(infos[0].depth, 3);
  EXPECT_EQ(infos[0].seldepth, 5);
  EXPECT_EQ(infos[0].score_kind, ScoreKind::Mate);
  EXPECT_EQ(infos[0].score, -2);
  EXPECT_EQ(infos[0].nodes, 1234u);
  EXPECT_EQ(infos[0].nps, 5678u);
  EXPECT_EQ(infos[0].time_ms, 9u);
  EXPECT_EQ(infos[0].pv, std::vector<chess::Move>{expected}) << "the PV is cut at its first bad move";
}

// The failure reason of `behaviour` in the raw plugin (or the SDK plugin).
MoveAnswer failing_answer(const std::filesystem::path& plugin, const std::string& behaviour) {
  std::unique_ptr<PluginPlayer> player = make_player(plugin, {{"behaviour", behaviour}});
  if (!player) return {};
  MoveAnswer answer = player->choose_move(chess::Position(), {}, Limits{}, nullptr, Patient);
  EXPECT_EQ(answer.kind, MoveAnswer::Kind::Failed) << behaviour << ": " << answer.reason;
  EXPECT_FALSE(answer.ok());
  EXPECT_TRUE(player->usable()) << "a failed answer does not end the instance";
  return answer;
}

void expect_failure(const std::string& behaviour, std::string_view reason) {
  const MoveAnswer answer = failing_answer(test_plugin("raw"), behaviour);
  EXPECT_TRUE(contains(answer.reason, "player 'raw'")) << answer.reason;
  EXPECT_TRUE(contains(answer.reason, reason)) << behaviour << ": \"" << reason << "\" not in: " << answer.reason;
}

TEST(PluginPlayer, AnIllegalMoveFails) {
  expect_failure("illegal", "'e2e5' is not a legal move in " + std::string(chess::START_FEN));
}

TEST(PluginPlayer, TextThatIsNotAMoveFails) { expect_failure("garbage", "'xxxxxxxx' is not a move in UCI notation"); }

TEST(PluginPlayer, NoMoveWhileLegalMovesExistFails) {
  expect_failure("null_move", "answered '0000' (no move) although there are legal moves");
}

TEST(PluginPlayer, AnErrorStatusFailsWithThePluginsMessage) {
  expect_failure("error", "reported an error: engine room on fire");
}

TEST(PluginPlayer, AnExceptionThroughTheRawAbiIsCaught) {
  expect_failure("throw", "threw an exception from choose_move: raw exception escaped");
}

TEST(PluginPlayer, TheSdkTurnsExceptionsIntoErrors) {
  const MoveAnswer thrown = failing_answer(test_plugin("sdk"), "throw");
  EXPECT_TRUE(contains(thrown.reason, "player 'sdk_test' reported an error: out of cheese")) << thrown.reason;
  const MoveAnswer thrown_int = failing_answer(test_plugin("sdk"), "throw_int");
  EXPECT_TRUE(contains(thrown_int.reason, "player 'sdk_test' reported an error: unknown exception"))
      << thrown_int.reason;
}

TEST(PluginPlayer, CreateFailureCarriesTheFileAndThePluginsMessage) {
  for (auto [file, message] : {std::pair{test_plugin("raw"), "the raw test player refuses to be created"},
                               std::pair{test_plugin("sdk"), "cannot allocate a 1 TB hash table"}}) {
    std::shared_ptr<const PluginLibrary> library = load(file);
    ASSERT_TRUE(library);
    Result<std::unique_ptr<PluginPlayer>> player = PluginPlayer::create(library, {{"behaviour", "fail_create"}});
    ASSERT_FALSE(player);
    EXPECT_TRUE(contains(player.error(), file.string())) << player.error();
    EXPECT_TRUE(contains(player.error(), message)) << player.error();
  }
}

TEST(PluginPlayer, CreateRefusesOptionsTheSchemaDoesNotAllow) {
  std::shared_ptr<const PluginLibrary> raw = load(test_plugin("raw"));
  ASSERT_TRUE(raw);
  const std::pair<Options, const char*> cases[] = {
      {{{"speed", "9"}}, "has no option 'speed'; its options are behaviour, depth"},
      {{{"depth", "9"}}, "out of range 1..6"},
      {{{"behaviour", "dance"}}, "is not one of"},
      {{{"depth", "2"}, {"depth", "3"}}, "option 'depth' is given twice"},
  };
  for (const auto& [options, reason] : cases) {
    Result<std::unique_ptr<PluginPlayer>> player = PluginPlayer::create(raw, options);
    ASSERT_FALSE(player) << reason;
    EXPECT_TRUE(contains(player.error(), "cannot create player 'raw'")) << player.error();
    EXPECT_TRUE(contains(player.error(), reason)) << "\"" << reason << "\" not in: " << player.error();
  }
  Result<std::unique_ptr<PluginPlayer>> fine = PluginPlayer::create(raw, {{"depth", "006"}});
  ASSERT_TRUE(fine) << fine.error();
  EXPECT_EQ((*fine)->options(), (Options{{"depth", "6"}})) << "values are passed on in canonical form";
}

TEST(PluginPlayer, NewGameFailureCarriesThePluginsMessage) {
  std::unique_ptr<PluginPlayer> player = raw_player("error");
  ASSERT_TRUE(player);
  Result<std::monostate> started = player->new_game();
  ASSERT_FALSE(started);
  EXPECT_EQ(started.error(), "player 'raw' could not start a new game: no new games today");
  EXPECT_TRUE(raw_player("first_legal")->new_game());
}

TEST(PluginPlayer, APositionWithoutLegalMovesIsAnsweredWithoutAskingThePlugin) {
  std::unique_ptr<PluginPlayer> player = raw_player("throw");  // would fail if asked
  ASSERT_TRUE(player);
  const chess::Position mated = from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  const MoveAnswer answer = player->choose_move(mated, {}, Limits{}, nullptr, Patient);
  EXPECT_EQ(answer.kind, MoveAnswer::Kind::NoLegalMove) << answer.reason << "\nin " << mated.fen();
  EXPECT_TRUE(answer.ok());
}

TEST(PluginPlayer, AnIllegalRequestIsRefusedWithoutAskingThePlugin) {
  std::unique_ptr<PluginPlayer> player = raw_player("throw");
  ASSERT_TRUE(player);
  const chess::Position start;
  const MoveAnswer answer =
      player->choose_move(start, {*chess::parse_uci_move(start, "e2e4"), chess::Move(chess::SQ_E2, chess::SQ_E4)},
                          Limits{}, nullptr, Patient);
  EXPECT_EQ(answer.kind, MoveAnswer::Kind::Failed);
  EXPECT_TRUE(contains(answer.reason, "invalid request to player 'raw': move 2 (e2e4) is not legal")) << answer.reason;
}

TEST(PluginPlayer, StopFromAnotherThreadMakesThePluginAnswer) {
  for (const std::filesystem::path& file : {test_plugin("raw"), test_plugin("sdk")}) {
    std::unique_ptr<PluginPlayer> player = make_player(file, {{"behaviour", "stoppable"}});
    ASSERT_TRUE(player);
    std::promise<void> thinking;
    bool signalled = false;
    MoveRequest request;
    request.limits.infinite = true;
    request.hard_deadline = Patient;
    request.on_info = [&](const SearchInfo&) {
      if (!std::exchange(signalled, true)) thinking.set_value();
    };
    PluginSearch search = player->start(std::move(request));
    std::future<MoveAnswer> answer = std::async(std::launch::async, [&] { return search.wait(); });
    ASSERT_EQ(thinking.get_future().wait_for(Patient), std::future_status::ready) << file << " never started thinking";
    search.stop();
    const MoveAnswer result = answer.get();
    EXPECT_EQ(result.kind, MoveAnswer::Kind::Move) << file << ": " << result.reason;
    EXPECT_TRUE(chess::Position().is_legal(result.move)) << chess::to_uci(result.move);
  }
}

// MultiPV (ABI 1.3): the lines asked for reach the plugin, in this program and in a child process alike,
// and each report says its line; a report as a plugin built against ABI 1.2 writes it is line 1.
TEST(PluginPlayer, TheLinesAskedForReachThePluginAndEachReportSaysItsLine) {
  std::shared_ptr<const PluginLibrary> library = load(test_plugin("raw"));
  ASSERT_TRUE(library);
  for (const Isolation::Mode mode : {Isolation::Mode::InProcess, Isolation::Mode::Process}) {
    Result<std::unique_ptr<PluginPlayer>> player =
        PluginPlayer::create(library, {{"behaviour", "lines"}}, Isolation{.mode = mode});
    ASSERT_TRUE(player) << player.error();
    for (const int lines : {1, 3}) {
      Limits limits;
      limits.depth = 2;
      limits.multipv = lines;
      std::vector<SearchInfo> reports;
      const MoveAnswer answer = player.value()->choose_move(
          chess::Position(), {}, limits, [&](const SearchInfo& info) { reports.push_back(info); }, Patient);
      EXPECT_EQ(answer.kind, MoveAnswer::Kind::Move) << answer.reason;
      ASSERT_EQ(reports.size(), std::size_t(lines + 1)) << isolation_name(mode);
      const chess::MoveList legal = chess::legal_moves(chess::Position());
      for (int i = 0; i < lines; ++i) {
        EXPECT_EQ(reports[std::size_t(i)].multipv, i + 1) << isolation_name(mode);
        EXPECT_EQ(reports[std::size_t(i)].score, -i);
        ASSERT_EQ(reports[std::size_t(i)].pv.size(), 1u);
        EXPECT_EQ(reports[std::size_t(i)].pv[0], legal[std::size_t(i)]);
      }
      EXPECT_EQ(reports.back().multipv, 1) << "an ABI 1.2 report, " << isolation_name(mode);
      EXPECT_EQ(reports.back().score, 7);
    }
  }
}

TEST(PluginPlayer, TheHostStopsThePluginAtTheSoftLimit) {
  std::unique_ptr<PluginPlayer> player = raw_player("stoppable");  // thinks until stopped
  ASSERT_TRUE(player);
  Limits movetime;
  movetime.movetime_ms = 20;
  Limits clock;
  clock.time_ms = {15, 1000};
  for (const Limits& limits : {movetime, clock}) {
    const MoveAnswer answer = player->choose_move(chess::Position(), {}, limits, nullptr, Patient);
    EXPECT_EQ(answer.kind, MoveAnswer::Kind::Move) << answer.reason;
  }
}

using HookRelease = void (*)();
using HookCount = int (*)();

TEST(PluginPlayer, AHungPluginIsAbandonedAtTheHardDeadline) {
  std::unique_ptr<PluginPlayer> player = raw_player("hang");  // ignores stop until released
  ASSERT_TRUE(player);
  bool info_after_return = false;
  const MoveAnswer answer = player->choose_move(
      chess::Position(), {}, Limits{}, [&](const SearchInfo&) { info_after_return = true; }, 300ms);
  EXPECT_EQ(answer.kind, MoveAnswer::Kind::TimedOut) << answer.reason;
  EXPECT_FALSE(answer.ok());
  EXPECT_EQ(answer.reason, "player 'raw' did not answer within 300 ms");
  EXPECT_FALSE(player->usable());

  const MoveAnswer again = player->choose_move(chess::Position(), {}, Limits{}, nullptr, Patient);
  EXPECT_EQ(again.kind, MoveAnswer::Kind::Failed);
  EXPECT_TRUE(contains(again.reason, "abandoned")) << again.reason;
  EXPECT_FALSE(player->new_game());

  // The abandoned worker destroys the instance itself if the plugin ever returns.
  void* handle = dlopen(test_plugin("raw").c_str(), RTLD_NOW | RTLD_NOLOAD);
  ASSERT_TRUE(handle) << "the abandoned worker keeps the plugin loaded";
  const auto release = reinterpret_cast<HookRelease>(dlsym(handle, "test_raw_release_hang"));
  const auto destroyed = reinterpret_cast<HookCount>(dlsym(handle, "test_raw_destroyed_count"));
  ASSERT_TRUE(release && destroyed);
  const int destroyed_before = destroyed();
  player.reset();
  EXPECT_EQ(destroyed(), destroyed_before) << "the host must not destroy an instance still thinking";
  release();
  for (auto waited = 0ms; destroyed() == destroyed_before && waited < Patient; waited += 5ms)
    std::this_thread::sleep_for(5ms);
  EXPECT_EQ(destroyed(), destroyed_before + 1);
  dlclose(handle);
  EXPECT_FALSE(info_after_return);
}

TEST(PluginPlayer, ThePlayerKeepsItsLibraryLoaded) {
  std::shared_ptr<const PluginLibrary> library = load(test_plugin("raw"));
  ASSERT_TRUE(library);
  Result<std::unique_ptr<PluginPlayer>> created = PluginPlayer::create(library, {});
  ASSERT_TRUE(created) << created.error();
  std::unique_ptr<PluginPlayer> player = std::move(created).value();
  library.reset();
  EXPECT_EQ(player->library().id(), "raw");
  const MoveAnswer answer = player->choose_move(chess::Position(), {}, Limits{}, nullptr, Patient);
  EXPECT_EQ(answer.kind, MoveAnswer::Kind::Move) << answer.reason;
}

// Draw offers (ABI 1.2 consider_draw): asked first, on the same thread and deadline as the move.
MoveAnswer answer_to_offer(PluginPlayer& player, std::chrono::milliseconds deadline = Patient) {
  return player.choose_move(chess::Position(), {chess::Move(chess::SQ_E2, chess::SQ_E4)}, Limits{}, nullptr,
                            deadline, /*draw_offered=*/true);
}

TEST(PluginPlayer, AnAcceptedDrawOfferIsTheAnswer) {
  for (const char* plugin : {"raw", "sdk"}) {
    std::unique_ptr<PluginPlayer> player = make_player(test_plugin(plugin), {{"behaviour", "accept_draw"}});
    ASSERT_TRUE(player);
    EXPECT_TRUE(player->library().considers_draws()) << plugin;
    const MoveAnswer accepted = answer_to_offer(*player);
    EXPECT_EQ(accepted.kind, MoveAnswer::Kind::AcceptsDraw) << plugin << ": " << accepted.reason;
    EXPECT_TRUE(accepted.ok());
    // Without an offer the same player is asked for a move.
    const MoveAnswer moved = player->choose_move(chess::Position(), {}, Limits{}, nullptr, Patient);
    EXPECT_EQ(moved.kind, MoveAnswer::Kind::Move) << plugin << ": " << moved.reason;
  }
}

TEST(PluginPlayer, ADeclinedOfferOrNoOpinionIsAnsweredWithAMove) {
  // raw declines; random has no consider_draw; raw_abi_1_1 has one the host must not read (descriptor of ABI 1.1).
  std::unique_ptr<PluginPlayer> declines = raw_player("first_legal");
  std::unique_ptr<PluginPlayer> no_opinion = make_player(test_support::random_plugin(), {});
  std::unique_ptr<PluginPlayer> older = make_player(test_plugin("raw_abi_1_1"), {{"behaviour", "accept_draw"}});
  ASSERT_TRUE(declines && no_opinion && older);
  EXPECT_FALSE(no_opinion->library().considers_draws());
  EXPECT_FALSE(older->library().considers_draws());
  for (PluginPlayer* player : {declines.get(), no_opinion.get(), older.get()}) {
    const MoveAnswer answer = answer_to_offer(*player);
    EXPECT_EQ(answer.kind, MoveAnswer::Kind::Move) << player->library().id() << ": " << answer.reason;
  }
}

TEST(PluginPlayer, AFailureWhenOfferedADrawForfeitsLikeAFailedMove) {
  const std::pair<const char*, const char*> cases[] = {
      {"draw_error", "player 'raw' reported an error when offered a draw: no opinion today"},
      {"draw_throw", "player 'raw' threw an exception from consider_draw: raw exception from consider_draw"},
  };
  for (const auto& [behaviour, reason] : cases) {
    std::unique_ptr<PluginPlayer> player = raw_player(behaviour);
    ASSERT_TRUE(player);
    const MoveAnswer answer = answer_to_offer(*player);
    EXPECT_EQ(answer.kind, MoveAnswer::Kind::Failed) << behaviour;
    EXPECT_EQ(answer.reason, reason);
  }
  std::unique_ptr<PluginPlayer> sdk = make_player(test_plugin("sdk"), {{"behaviour", "draw_throw"}});
  ASSERT_TRUE(sdk);
  const MoveAnswer answer = answer_to_offer(*sdk);
  EXPECT_EQ(answer.kind, MoveAnswer::Kind::Failed);
  EXPECT_EQ(answer.reason, "player 'sdk_test' reported an error when offered a draw: no opinion on draws");
}

TEST(PluginPlayer, StopReachesAPlayerConsideringADraw) {
  for (const char* plugin : {"raw", "sdk"}) {
    const char* behaviour = std::string_view(plugin) == "raw" ? "draw_hang" : "draw_stoppable";
    std::unique_ptr<PluginPlayer> player = make_player(test_plugin(plugin), {{"behaviour", behaviour}});
    ASSERT_TRUE(player);
    MoveRequest request;
    request.moves = {chess::Move(chess::SQ_E2, chess::SQ_E4)};
    request.hard_deadline = Patient;
    request.draw_offered = true;
    PluginSearch search = player->start(std::move(request));
    std::future<MoveAnswer> answer = std::async(std::launch::async, [&] { return search.wait(); });
    while (answer.wait_for(5ms) != std::future_status::ready) search.stop();
    const MoveAnswer got = answer.get();
    EXPECT_EQ(got.kind, MoveAnswer::Kind::Move) << plugin << ": " << got.reason;  // declined once stopped
  }
}

}  // namespace
}  // namespace gambit::players
