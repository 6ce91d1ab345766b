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
#include "core/players/plugin_process.h"
#include "core/players/plugin_wire.h"
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

TEST(PluginProcess, DescribesAPluginAsLoadingItWould) {
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
  EXPECT_EQ(library->consider_draw() != nullptr, loaded.value()->consider_draw() != nullptr);
}

TEST(PluginProcess, RefusesWhatLoadingRefusesWithTheSameSentence) {
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

TEST(PluginProcess, AnIsolatedPlayerPlaysAndReportsItsThinking) {
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

TEST(PluginProcess, AStopReachesThePluginInItsProcess) {
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

TEST(PluginProcess, ThreeCheckAndSeedsCrossThePipe) {
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

TEST(PluginProcess, DrawOffersAreAnsweredFromTheProcess) {
  auto player = PluginPlayer::create(described(test_plugin("raw")), {{"behaviour", "accept_draw"}}, Isolated);
  ASSERT_TRUE(player) << player.error();
  MoveRequest request;
  request.draw_offered = true;
  EXPECT_EQ(player.value()->start(request).wait().kind, MoveAnswer::Kind::AcceptsDraw);
}

TEST(PluginProcess, ThePluginsOwnFailuresReadAsInTheProgram) {
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

class PluginProcessMisbehaviour : public ::testing::TestWithParam<Misbehaviour> {};

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

TEST_P(PluginProcessMisbehaviour, TheSeatLosesInWordsAndTheNextGameHasAFreshProcess) {
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
    EveryKind, PluginProcessMisbehaviour,
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

TEST(PluginProcess, AHostThatGivesUpOnASpinningPluginLeavesNoProcess) {
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

TEST(PluginWire, WordsSurviveEscaping) {
  const std::vector<std::string> words{"plain", "", "two words", "100%", "line\nbreak\ttab", "caf\xc3\xa9", "%"};
  auto back = wire::words_of(wire::message(words));
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back.value(), words);
  for (const char* bad : {"a%zz", "a%4", "a  b", " a", "a "}) EXPECT_FALSE(wire::words_of(bad)) << bad;
}

TEST(PluginWire, RequestsAndReportsRoundTripAndBadOnesAreRefused) {
  wire::Request r;
  r.variant = "threecheck";
  r.start_fen = chess::Position().fen();
  r.moves = {"e2e4", "e7e5"};
  r.limits.time_ms = {60000, -1};
  r.limits.nodes = 5000;
  r.limits.multipv = 3;
  r.niceness = 5;
  auto back = wire::parse_request(wire::request_words(r), 0);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back.value().start_fen, r.start_fen);
  EXPECT_EQ(back.value().moves, r.moves);
  EXPECT_EQ(back.value().limits.time_ms, r.limits.time_ms);
  EXPECT_EQ(back.value().limits.nodes, 5000);
  EXPECT_EQ(back.value().niceness, 5);
  EXPECT_EQ(back.value().limits.multipv, 3);
  std::vector<std::string> words = wire::request_words(r);
  words[12] = "0";  // no line at all
  EXPECT_FALSE(wire::parse_request(words, 0));
  words = wire::request_words(r);
  words[0] = "99";  // no such nice value
  EXPECT_FALSE(wire::parse_request(words, 0));
  words.resize(5);
  EXPECT_FALSE(wire::parse_request(words, 0));

  wire::Info info{SearchInfo{.depth = 7, .seldepth = 9, .score_kind = ScoreKind::Centipawns, .score = -35,
                             .nodes = 1000, .nps = 2000, .time_ms = 500, .pv = {}, .multipv = 2},
                  "e2e4 e7e5"};
  auto parsed = wire::parse_info(wire::info_words(info), 0);
  ASSERT_TRUE(parsed) << parsed.error();
  EXPECT_EQ(parsed.value().numbers.score, -35);
  EXPECT_EQ(parsed.value().numbers.score_kind, ScoreKind::Centipawns);
  EXPECT_EQ(parsed.value().pv, "e2e4 e7e5");
  EXPECT_EQ(parsed.value().numbers.multipv, 2);
  EXPECT_FALSE(wire::parse_info({"1", "2", "7", "0", "0", "0", "0", "1", ""}, 0));  // score kind 7
  EXPECT_FALSE(wire::parse_info({"1", "2", "1", "0", "-5", "0", "0", "1", ""}, 0));  // negative nodes
  EXPECT_FALSE(wire::parse_info({"1", "2", "1", "0", "5", "0", "0", "0", ""}, 0));   // line 0
  EXPECT_FALSE(wire::parse_info({"1", "2", "1", "0", "5", "0", "0", ""}, 0));        // no line number
}

TEST(PluginWire, ADescriptionIsReadBackAndNonsenseIsNot) {
  wire::Description d;
  d.abi_major = 1;
  d.abi_minor = 2;
  d.id = "x";
  d.name = "X player";
  d.version = "1.0";
  d.considers_draws = true;
  d.options.push_back({"style", "How it plays", GAMBIT_OPTION_CHOICE, 0, 0, "calm", {"calm", "wild one"}});
  d.levels.push_back({"easy", "Gentle", {{"style", "calm"}}});
  d.variants = {"standard"};
  wire::Description back;
  bool ready = false;
  for (const std::string& line : wire::description_lines(d)) {
    auto read = wire::read_description_line(back, line);
    ASSERT_TRUE(read) << read.error();
    ready = read.value();
  }
  EXPECT_TRUE(ready);
  EXPECT_EQ(back.options[0].choices[1], "wild one");
  EXPECT_EQ(back.levels[0].settings[0].second, "calm");
  EXPECT_TRUE(back.considers_draws);
  for (const char* bad : {"plugin 1 2 x", "option a b 9 0 0 d", "level easy", "hello", "move e2e4", "plugin 1 2 a b c d 7"})
    EXPECT_FALSE(wire::read_description_line(back, bad)) << bad;
  auto refused = wire::read_description_line(back, wire::message({"refused", "cannot load plugin 'x': broken"}));
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error(), "cannot load plugin 'x': broken");
}

}  // namespace
}  // namespace gambit::players
