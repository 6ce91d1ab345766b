// SPDX-License-Identifier: MIT
// Plugins isolated in child processes: described without being loaded here,
// played through the pipe like an instance in the program, and every way a
// plugin can misbehave as a process becomes the seat's loss in words, with no
// child left behind.
#include <gtest/gtest.h>

#include <dirent.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <string>
#include <thread>

#include "core/chess/movegen.h"
#include "core/players/plugin_player.h"
#include "core/players/child_instance.h"
#include "test_plugin_paths.h"

namespace gambit::players {
namespace {

using test_support::contains;
using test_support::random_plugin;
using test_support::test_plugin;

const Isolation Isolated{.mode = Isolation::Mode::Process, .memory_limit_mb = 512};

// The processes whose parent is this one (children not yet reaped included).
int children() {
  int count = 0;
  const std::string me = std::to_string(::getpid());
  DIR* proc = ::opendir("/proc");
  while (dirent* entry = proc ? ::readdir(proc) : nullptr) {
    std::ifstream stat(std::string("/proc/") + entry->d_name + "/stat");
    std::string pid, name, state, parent;
    if (stat >> pid >> name >> state >> parent && parent == me) ++count;
  }
  if (proc) ::closedir(proc);
  return count;
}

// An abandoned search's thread reaps its child when the killed child's answer comes back: wait for it.
void wait_for_abandoned_searches() {
  for (int i = 0; i < 5000 && PluginSearch::abandoned() > 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_EQ(PluginSearch::abandoned(), 0);
}

std::shared_ptr<const PluginLibrary> described(const std::filesystem::path& file) {
  auto library = PluginLibrary::describe(file, Isolated);
  EXPECT_TRUE(library) << library.error();
  return library ? library.value() : nullptr;
}

MoveAnswer play(PluginPlayer& player, std::chrono::milliseconds movetime = std::chrono::milliseconds(200)) {
  Limits limits;
  limits.movetime_ms = movetime.count();
  return player.choose_move(chess::Position(), {}, limits, {}, search_deadline(limits.movetime_ms));
}

TEST(ChildInstance, DescribesAPluginAsLoadingItWould) {
  auto loaded = PluginLibrary::load(test_plugin("raw"));
  ASSERT_TRUE(loaded) << loaded.error();
  auto library = described(test_plugin("raw"));
  ASSERT_TRUE(library);
  EXPECT_FALSE(library->loaded());
  EXPECT_EQ(library->id(), loaded.value()->id());
  EXPECT_EQ(library->name(), loaded.value()->name());
  EXPECT_EQ(library->version(), loaded.value()->version());
  EXPECT_EQ(library->description(), loaded.value()->description());
  ASSERT_EQ(library->options().size(), loaded.value()->options().size());
  for (std::size_t i = 0; i < library->options().size(); ++i) {
    EXPECT_STREQ(library->options()[i].name, loaded.value()->options()[i].name);
    EXPECT_STREQ(library->options()[i].default_value, loaded.value()->options()[i].default_value);
    EXPECT_EQ(library->options()[i].choice_count, loaded.value()->options()[i].choice_count);
  }
  ASSERT_EQ(library->levels().size(), 1u);
  EXPECT_STREQ(library->levels()[0].name, "easy");
  EXPECT_STREQ(library->levels()[0].settings[0].value, "1");
  EXPECT_EQ(library->variants().size(), loaded.value()->variants().size());
  EXPECT_EQ(library->considers_draws(), loaded.value()->considers_draws());
}

TEST(ChildInstance, APluginsPermissionsAreDescribedAsLoadingReadsThem) {
  auto loaded = PluginLibrary::load(test_support::uci_plugin());
  ASSERT_TRUE(loaded) << loaded.error();
  auto library = described(test_support::uci_plugin());
  ASSERT_TRUE(library);
  ASSERT_EQ(loaded.value()->permissions().size(), 2u);
  EXPECT_EQ(loaded.value()->permissions()[0].kind, Permission::Kind::RunProgram);
  EXPECT_EQ(loaded.value()->permissions()[0].option, "command");
  EXPECT_EQ(library->permissions(), loaded.value()->permissions());
}

TEST(ChildInstance, RefusesWhatLoadingRefusesWithTheSameSentence) {
  for (const char* name : {"abi99", "no_entry", "bad_level", "null_function"}) {
    auto loaded = PluginLibrary::load(test_plugin(name));
    auto library = PluginLibrary::describe(test_plugin(name), Isolated);
    ASSERT_FALSE(loaded) << name;
    ASSERT_FALSE(library) << name;
    EXPECT_EQ(library.error(), loaded.error());
  }
  auto text = PluginLibrary::describe(test_support::test_plugin_dir() / "gambit_fake.so", Isolated);
  ASSERT_FALSE(text);
  EXPECT_TRUE(contains(text.error(), "not a shared library")) << text.error();
  EXPECT_EQ(children(), 0);
}

TEST(ChildInstance, AnIsolatedPlayerPlaysAndReportsItsThinking) {
  auto library = described(test_plugin("raw"));
  auto player = PluginPlayer::create(library, {}, Isolated);
  ASSERT_TRUE(player) << player.error();
  EXPECT_TRUE(player.value()->isolated());
  ASSERT_TRUE(player.value()->new_game());
  std::vector<SearchInfo> infos;
  Limits limits;
  const MoveAnswer answer = player.value()->choose_move(chess::Position(), {}, limits,
                                                        [&](const SearchInfo& info) { infos.push_back(info); },
                                                        PluginPlayer::NoDeadline);
  ASSERT_EQ(answer.kind, MoveAnswer::Kind::Move) << answer.reason;
  EXPECT_EQ(answer.move, chess::legal_moves(chess::Position())[0]);
  ASSERT_EQ(infos.size(), 1u);  // the raw player's one report: its PV is cut at the first illegal move
  EXPECT_EQ(infos[0].depth, 3);
  EXPECT_EQ(infos[0].score_kind, ScoreKind::Mate);
  EXPECT_EQ(infos[0].score, -2);
  EXPECT_EQ(infos[0].nodes, 1234u);
  ASSERT_EQ(infos[0].pv.size(), 1u);
  EXPECT_EQ(infos[0].pv[0], answer.move);
  EXPECT_EQ(children(), 1);
  player.value().reset();
  EXPECT_EQ(children(), 0);
}

TEST(ChildInstance, AStopReachesThePluginInItsProcess) {
  auto player = PluginPlayer::create(described(test_plugin("raw")), {{"behaviour", "stoppable"}}, Isolated);
  ASSERT_TRUE(player) << player.error();
  MoveRequest request;
  request.limits.infinite = true;
  PluginSearch search = player.value()->start(request);
  while (!search.latest_info()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_FALSE(search.poll());
  search.stop();
  const MoveAnswer answer = search.wait();
  EXPECT_EQ(answer.kind, MoveAnswer::Kind::Move) << answer.reason;
}

TEST(ChildInstance, ThreeCheckAndSeedsCrossThePipe) {
  auto library = described(random_plugin());
  ASSERT_TRUE(library);
  EXPECT_TRUE(library->plays(chess::Variant::ThreeCheck));
  // Twelve plies of three-check, in a process and in the program with the same seed: the same moves.
  const chess::Position start = *chess::Position::from_fen(
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1", chess::Variant::ThreeCheck);
  std::vector<chess::Move> moves[2];
  int i = 0;
  for (const Isolation& isolation : {Isolated, Isolation{.mode = Isolation::Mode::InProcess}}) {
    auto player = PluginPlayer::create(library, {{"seed", "42"}}, isolation);
    ASSERT_TRUE(player) << player.error();
    ASSERT_TRUE(player.value()->new_game());
    std::vector<chess::Move> played;
    for (int ply = 0; ply < 12; ++ply) {
      const MoveAnswer answer = player.value()->choose_move(start, played, Limits{}, {}, PluginPlayer::NoDeadline);
      ASSERT_EQ(answer.kind, MoveAnswer::Kind::Move) << answer.reason;
      played.push_back(answer.move);
    }
    moves[i++] = played;
  }
  EXPECT_EQ(moves[0], moves[1]);
}

TEST(ChildInstance, DrawOffersAreAnsweredFromTheProcess) {
  auto player = PluginPlayer::create(described(test_plugin("raw")), {{"behaviour", "accept_draw"}}, Isolated);
  ASSERT_TRUE(player) << player.error();
  MoveRequest request;
  request.draw_offered = true;
  EXPECT_EQ(player.value()->start(request).wait().kind, MoveAnswer::Kind::AcceptsDraw);
}

TEST(ChildInstance, ThePluginsOwnFailuresReadAsInTheProgram) {
  auto library = described(test_plugin("raw"));
  for (const char* behaviour : {"illegal", "garbage", "null_move", "error", "throw"}) {
    auto isolated = PluginPlayer::create(library, {{"behaviour", behaviour}}, Isolated);
    auto inside = PluginPlayer::create(library, {{"behaviour", behaviour}});
    ASSERT_TRUE(isolated && inside) << behaviour;
    const MoveAnswer a = play(*isolated.value());
    const MoveAnswer b = play(*inside.value());
    EXPECT_EQ(a.kind, MoveAnswer::Kind::Failed) << behaviour;
    EXPECT_EQ(a.reason, b.reason) << behaviour;
  }
  auto refused = PluginPlayer::create(library, {{"behaviour", "fail_create"}}, Isolated);
  ASSERT_FALSE(refused);
  EXPECT_TRUE(contains(refused.error(), "the raw test player refuses to be created")) << refused.error();
}

struct Misbehaviour {
  const char* behaviour;
  MoveAnswer::Kind kind;
  const char* reason;  // part of the answer's reason ("" for a move)
};

class ChildInstanceMisbehaviour : public ::testing::TestWithParam<Misbehaviour> {};

// Under AddressSanitizer a crash is reported by the sanitizer, which exits with status 1.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool Sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool Sanitized = true;
#else
constexpr bool Sanitized = false;
#endif
#else
constexpr bool Sanitized = false;
#endif

TEST_P(ChildInstanceMisbehaviour, TheSeatLosesInWordsAndTheNextGameHasAFreshProcess) {
  const Misbehaviour& m = GetParam();
  auto player = PluginPlayer::create(described(test_plugin("raw")), {{"behaviour", m.behaviour}}, Isolated);
  ASSERT_TRUE(player) << player.error();
  // Only "spin" is meant to run out of time: the others get time enough to fail their own way even on a
  // loaded machine under the sanitizers (filling 512 MB there can take longer than 200 ms and the grace).
  const std::chrono::milliseconds movetime(m.kind == MoveAnswer::Kind::TimedOut ? 200 : 5000);
  const MoveAnswer answer = play(*player.value(), movetime);
  EXPECT_EQ(answer.kind, m.kind) << answer.reason;
  if (*m.reason) {
    EXPECT_TRUE(contains(answer.reason, "player 'raw' ")) << answer.reason;
    EXPECT_TRUE(contains(answer.reason, Sanitized && m.kind == MoveAnswer::Kind::Failed ? "while choosing a move"
                                                                                         : m.reason))
        << answer.reason;
  }
  // The same player goes on: a new game starts another process, which fails the same way again. One
  // that ran out of time was given up on, as in the program: the host makes another.
  if (m.kind == MoveAnswer::Kind::TimedOut) {
    EXPECT_FALSE(player.value()->usable());
    player = PluginPlayer::create(described(test_plugin("raw")), {{"behaviour", m.behaviour}}, Isolated);
    ASSERT_TRUE(player) << player.error();
  }
  ASSERT_TRUE(player.value()->usable());
  EXPECT_TRUE(player.value()->new_game());
  EXPECT_EQ(play(*player.value(), movetime).kind, m.kind);
  player.value().reset();
  wait_for_abandoned_searches();
  EXPECT_EQ(children(), 0);
}

INSTANTIATE_TEST_SUITE_P(
    EveryKind, ChildInstanceMisbehaviour,
    ::testing::Values(
        Misbehaviour{"segfault", MoveAnswer::Kind::Failed, "crashed (segmentation fault) while choosing a move"},
        Misbehaviour{"abort", MoveAnswer::Kind::Failed, "crashed (aborted) while choosing a move"},
        Misbehaviour{"exit", MoveAnswer::Kind::Failed, "exited (status 0) while choosing a move"},
        Misbehaviour{"stack_overflow", MoveAnswer::Kind::Failed, "crashed (segmentation fault)"},
        Misbehaviour{"close_stdio", MoveAnswer::Kind::Move, ""},
        Misbehaviour{"print", MoveAnswer::Kind::Move, ""},
        Misbehaviour{"scribble", MoveAnswer::Kind::Failed, "sent 'garbage"},
        Misbehaviour{"spin", MoveAnswer::Kind::TimedOut, "within"},
        Misbehaviour{"allocate", MoveAnswer::Kind::Failed, "ran out of memory"}),
    [](const ::testing::TestParamInfo<Misbehaviour>& info) { return std::string(info.param.behaviour); });

TEST(ChildInstance, AHostThatGivesUpOnASpinningPluginLeavesNoProcess) {
  auto player = PluginPlayer::create(described(test_plugin("raw")), {{"behaviour", "spin"}}, Isolated);
  ASSERT_TRUE(player) << player.error();
  MoveRequest request;
  request.limits.infinite = true;
  PluginSearch search = player.value()->start(request);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(search.cancel(std::chrono::milliseconds(10)));  // given up on: its process is ended at once
  player.value().reset();
  wait_for_abandoned_searches();
  EXPECT_EQ(children(), 0);
}

}  // namespace
}  // namespace gambit::players
