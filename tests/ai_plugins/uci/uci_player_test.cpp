// SPDX-License-Identifier: MIT
// The uci plugin through the host (PluginPlayer), against Debian's Stockfish
// and against fake engines that misbehave: every failure is a sentence, the
// host forfeits the seat, and no engine process is left behind.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/chess/movegen.h"
#include "core/chess/san.h"
#include "core/chess/uci.h"
#include "core/players/plugin_player.h"
#include "tests/ai_plugins/uci/engine_test_support.h"

namespace gambit::players {
namespace {

using namespace std::chrono_literals;
using namespace test;

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

// Analysis: "go infinite" until stopped, with the lines asked for passed on as Stockfish's MultiPV.
TEST(UciPlugin, StockfishAnalysesWithoutEndGivingTheLinesAskedFor) {
  {
    auto player = PluginPlayer::create(uci_plugin(), {{"command", "stockfish"}});
    ASSERT_TRUE(player.ok()) << player.error();
    MoveRequest request;
    request.limits.infinite = true;
    request.limits.multipv = 3;
    std::mutex mutex;
    std::vector<SearchInfo> infos;
    request.on_info = [&](const SearchInfo& info) {
      std::lock_guard lock(mutex);
      infos.push_back(info);
    };
    PluginSearch search = (*player)->start(std::move(request));
    std::this_thread::sleep_for(1500ms);  // far beyond the 1 s a search without limits would take
    EXPECT_FALSE(search.poll()) << "an infinite analysis answered before it was stopped";
    search.stop();
    const MoveAnswer answer = search.wait();
    ASSERT_EQ(answer.kind, MoveAnswer::Kind::Move) << answer.reason;
    std::lock_guard lock(mutex);
    std::vector<chess::Move> firsts;
    for (const SearchInfo& info : infos)
      if (info.depth >= 8 && !info.pv.empty()) {
        ASSERT_GE(info.multipv, 1);
        ASSERT_LE(info.multipv, 3);
        if (std::find(firsts.begin(), firsts.end(), info.pv[0]) == firsts.end()) firsts.push_back(info.pv[0]);
      }
    EXPECT_GE(firsts.size(), 3u) << "three lines, each with a first move of its own";
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

TEST(UciPlugin, FairyStockfishPlaysThreeCheckThroughUciVariant) {
  {
    auto player = PluginPlayer::create(uci_plugin(), {{"command", "fairy-stockfish"}, {"movetime_ms", "200"}});
    ASSERT_TRUE(player.ok()) << player.error();
    const chess::Position start = *chess::Position::from_fen(
        "rnbqkbnr/p3pppp/2p5/3p4/8/8/PPPPQPPP/RNB1K1NR w KQkq - 1+3 0 4", chess::Variant::ThreeCheck);
    MoveAnswer answer = (*player)->choose_move(start, {}, Limits{}, {}, 20s);
    ASSERT_EQ(answer.kind, MoveAnswer::Kind::Move) << answer.reason;
    EXPECT_EQ(chess::to_uci(answer.move), "e2e7") << "the third check wins";
  }
  EXPECT_TRUE(child_processes().empty()) << "left behind:" << listed(child_processes());
}

TEST(UciPlugin, StockfishIsRefusedThreeCheckInWords) {
  auto player = PluginPlayer::create(uci_plugin(), {{"command", "stockfish"}, {"movetime_ms", "50"}});
  ASSERT_TRUE(player.ok()) << player.error();
  MoveAnswer answer = (*player)->choose_move(chess::Position(chess::Variant::ThreeCheck), {}, Limits{}, {}, 20s);
  EXPECT_EQ(answer.kind, MoveAnswer::Kind::Failed);
  EXPECT_NE(answer.reason.find("does not play three-check (it has no UCI_Variant '3check')"), std::string::npos)
      << answer.reason;
}

// Chess960 through UCI_Chess960, castling written as the king taking its rook: after our castling (c1 and h1 to
// g1 and f1) each engine answers with a legal move, and from a position where it may castle on either side too;
// then standard chess again in the same process.
TEST(UciPlugin, StockfishAndFairyStockfishPlayChess960ThroughUciChess960) {
  for (const char* engine : {"stockfish", "fairy-stockfish"}) {
    {
      auto player = PluginPlayer::create(uci_plugin(), {{"command", engine}, {"movetime_ms", "100"}});
      ASSERT_TRUE(player.ok()) << player.error();
      const chess::Position start =
          *chess::Position::from_fen("1r4k1/8/8/8/8/8/PP6/1RK4R w HB - 0 1", chess::Variant::Chess960);
      std::vector<chess::Move> moves;
      chess::Position now = start;
      const chess::Move castle = *chess::parse_san(now, "O-O");
      moves.push_back(castle);
      now.do_move(castle);
      Limits limits;
      limits.movetime_ms = 100;
      MoveAnswer answer = (*player)->choose_move(start, moves, limits, {}, 20s);
      ASSERT_EQ(answer.kind, MoveAnswer::Kind::Move) << engine << ": " << answer.reason;
      EXPECT_TRUE(chess::legal_moves(now).contains(answer.move)) << engine << " " << chess::to_uci(answer.move);
      const chess::Position black_to_castle =
          *chess::Position::from_fen("rk5r/8/8/8/8/8/8/1K6 b ha - 0 1", chess::Variant::Chess960);
      answer = (*player)->choose_move(black_to_castle, {}, limits, {}, 20s);
      ASSERT_EQ(answer.kind, MoveAnswer::Kind::Move) << engine << ": " << answer.reason;
      EXPECT_TRUE(chess::legal_moves(black_to_castle).contains(answer.move)) << engine << " " << chess::to_uci(answer.move);
      // And standard chess again in the same process.
      ASSERT_TRUE((*player)->new_game().ok());
      EXPECT_EQ(think(**player, {"e2e4"}, limits).kind, MoveAnswer::Kind::Move);
    }
    EXPECT_TRUE(child_processes().empty()) << "left behind:" << listed(child_processes());
  }
}

}  // namespace
}  // namespace gambit::players
