// The uci plugin through the host (PluginPlayer), against Debian's Stockfish
// and against fake engines that misbehave: every failure is a sentence, the
// host forfeits the seat, and no engine process is left behind.
#include <dirent.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/chess/movegen.h"
#include "core/chess/uci.h"
#include "core/players/plugin_library.h"
#include "core/players/plugin_player.h"

namespace gambit::players {
namespace {

using namespace std::chrono_literals;

const std::string FakeEngines = GAMBIT_TEST_FAKE_ENGINES;

std::shared_ptr<const PluginLibrary> uci_plugin() {
  static auto library = PluginLibrary::load(GAMBIT_TEST_UCI_PLUGIN);
  EXPECT_TRUE(library.ok()) << library.error();
  return library.ok() ? library.value() : nullptr;
}

// Processes whose parent is this test (engines still running or unreaped).
std::vector<std::string> child_processes() {
  std::vector<std::string> children;
  DIR* proc = ::opendir("/proc");
  if (!proc) return children;
  const std::string me = std::to_string(::getpid());
  while (dirent* entry = ::readdir(proc)) {
    std::ifstream stat(std::string("/proc/") + entry->d_name + "/stat");
    std::string text;
    if (!std::getline(stat, text)) continue;
    const auto close = text.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(text.substr(close + 2));
    std::string state, ppid;
    rest >> state >> ppid;
    if (ppid == me) children.push_back(text.substr(0, close + 1) + " state " + state);
  }
  ::closedir(proc);
  return children;
}

std::string listed(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += "\n  " + item;
  return out;
}

MoveAnswer think(PluginPlayer& player, const std::vector<std::string>& moves_text, Limits limits,
                 std::chrono::milliseconds deadline = 20s) {
  const chess::Position start = *chess::Position::from_fen(chess::START_FEN);
  std::vector<chess::Move> moves;
  chess::Position p = start;
  for (const std::string& text : moves_text) {
    auto move = chess::parse_uci_move(p, text);
    EXPECT_TRUE(move.ok()) << text;
    moves.push_back(*move);
    p.do_move(*move);
  }
  return player.choose_move(start, moves, limits, {}, deadline);
}

TEST(UciPlugin, PlaysStockfishsLegalMoveAfterTheGameSoFar) {
  {
    auto player = PluginPlayer::create(uci_plugin(), {{"command", "stockfish"}, {"movetime_ms", "50"}});
    ASSERT_TRUE(player.ok()) << player.error();
    Limits limits;
    limits.movetime_ms = 50;
    MoveAnswer answer = think(**player, {"e2e4", "e7e5", "g1f3"}, limits);
    ASSERT_EQ(answer.kind, MoveAnswer::Kind::Move) << answer.reason;
    chess::Position p = *chess::Position::from_fen(chess::START_FEN);
    for (const char* text : {"e2e4", "e7e5", "g1f3"}) p.do_move(*chess::parse_uci_move(p, text));
    EXPECT_TRUE(chess::legal_moves(p).contains(answer.move)) << chess::to_uci(answer.move) << " in " << p.fen();
    ASSERT_TRUE((*player)->new_game().ok());
    EXPECT_EQ(think(**player, {}, limits).kind, MoveAnswer::Kind::Move);
  }
  EXPECT_TRUE(child_processes().empty()) << "left behind:" << listed(child_processes());
}

TEST(UciPlugin, EngineOptionsAreSentAndBadOnesRefusedInWords) {
  auto limited = PluginPlayer::create(
      uci_plugin(), {{"command", "stockfish"}, {"engine_options", "UCI_LimitStrength=true; UCI_Elo=1400"}});
  ASSERT_TRUE(limited.ok()) << limited.error();
  auto bad = PluginPlayer::create(uci_plugin(), {{"command", "stockfish"}, {"engine_options", "Skill Level"}});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("'Skill Level' is not NAME=VALUE"), std::string::npos) << bad.error();
}

TEST(UciPlugin, AMissingProgramIsRefusedNamingIt) {
  auto player = PluginPlayer::create(uci_plugin(), {{"command", "no-such-engine-here"}});
  ASSERT_FALSE(player.ok());
  EXPECT_NE(player.error().find("cannot run 'no-such-engine-here': No such file or directory"), std::string::npos)
      << player.error();
  EXPECT_TRUE(child_processes().empty()) << "left behind:" << listed(child_processes());
}

TEST(UciPlugin, AProgramThatIsNotAnEngineIsRefusedAfterTheHandshakeTime) {
  auto player = PluginPlayer::create(uci_plugin(), {{"command", FakeEngines + "/not_uci.sh"}});
  ASSERT_FALSE(player.ok());
  EXPECT_NE(player.error().find("did not answer 'uci' with 'uciok'"), std::string::npos) << player.error();
  EXPECT_TRUE(child_processes().empty()) << "left behind:" << listed(child_processes());
}

TEST(UciPlugin, AnIllegalMoveForfeitsWithTheMoveNamed) {
  {
    auto player = PluginPlayer::create(uci_plugin(), {{"command", FakeEngines + "/illegal_move.sh"}});
    ASSERT_TRUE(player.ok()) << player.error();
    MoveAnswer answer = think(**player, {}, Limits{});
    EXPECT_EQ(answer.kind, MoveAnswer::Kind::Failed);
    EXPECT_NE(answer.reason.find("e2e5"), std::string::npos) << answer.reason;
  }
  EXPECT_TRUE(child_processes().empty()) << "left behind:" << listed(child_processes());
}

TEST(UciPlugin, AnEngineThatDiesForfeitsWithItsExitStatus) {
  {
    auto player = PluginPlayer::create(uci_plugin(), {{"command", FakeEngines + "/dies_on_go.sh"}});
    ASSERT_TRUE(player.ok()) << player.error();
    MoveAnswer answer = think(**player, {"d2d4"}, Limits{});
    EXPECT_EQ(answer.kind, MoveAnswer::Kind::Failed);
    EXPECT_NE(answer.reason.find("exited with status 3"), std::string::npos) << answer.reason;
  }
  EXPECT_TRUE(child_processes().empty()) << "left behind:" << listed(child_processes());
}

TEST(UciPlugin, AnEngineThatHangsIsStoppedAndKilled) {
  {
    auto player = PluginPlayer::create(uci_plugin(), {{"command", FakeEngines + "/hangs_on_go.sh"},
                                                      {"movetime_ms", "100"}});
    ASSERT_TRUE(player.ok()) << player.error();
    Limits limits;
    limits.movetime_ms = 100;
    // The host stops it after 100 ms; the plugin gives the engine a grace to
    // answer, then fails in words (within the host's deadline).
    MoveAnswer answer = think(**player, {}, limits, 30s);
    EXPECT_EQ(answer.kind, MoveAnswer::Kind::Failed) << answer.reason;
    EXPECT_NE(answer.reason.find("did not answer with a move in time"), std::string::npos) << answer.reason;
  }
  EXPECT_TRUE(child_processes().empty()) << "left behind (it ignores SIGTERM, so SIGKILL was needed):"
                                         << listed(child_processes());
}

}  // namespace
}  // namespace gambit::players
