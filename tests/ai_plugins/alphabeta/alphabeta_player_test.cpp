// SPDX-License-Identifier: MIT
// The alphabeta plugin through its real entry symbol and C descriptor.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <thread>

#include "core/chess/movegen.h"
#include "core/chess/uci.h"
#include "tests/ai_plugins/loaded_plugin.h"
#include "tests/ai_plugins/nnue/random_network.h"
#include "tests/ai_plugins/test_positions.h"

namespace gambit::testing {
namespace {

using chess::Position;

bool legal_in(const Position& pos, const std::string& move) { return chess::parse_uci_move(pos, move).ok(); }

class AlphaBetaPlugin : public ::testing::Test {
 protected:
  LoadedPlugin plugin{GAMBIT_TEST_ALPHABETA_PLUGIN};
  const gambit_plugin_descriptor& d() { return *plugin.descriptor(); }
};

TEST_F(AlphaBetaPlugin, DescribesItselfCompletely) {
  ASSERT_NE(plugin.descriptor(), nullptr);
  expect_well_formed(d(), {"600", "800", "1000", "1200", "1400", "1600", "1800", "2000", "2200", "max"});
  EXPECT_STREQ(d().id, "alphabeta");
  std::set<std::string> names;
  for (std::uint32_t i = 0; i < d().option_count; ++i) names.insert(d().options[i].name);
  for (const char* required : {"elo", "depth", "movetime_ms", "hash_mb"}) EXPECT_TRUE(names.count(required)) << required;
  EXPECT_EQ(plugin.entry()(GAMBIT_PLAYER_ABI_MAJOR + 1), nullptr) << "a host of another ABI major must be refused";
}

TEST_F(AlphaBetaPlugin, RefusesAnUnknownOptionWithItsName) {
  ASSERT_NE(plugin.descriptor(), nullptr);
  PluginInstance player(d(), {{"depht", "3"}});
  EXPECT_FALSE(player.ok());
  EXPECT_NE(player.create_error().find("depht"), std::string::npos) << player.create_error();
}

// Full strength evaluates with the network beside the plugin file. A build
// that ships one refuses, in words, to start without it; one that ships none
// plays with the hand-written weights. A damaged network is refused in words
// either way, and the rated levels (which never use it) still play.
TEST(AlphaBetaNetwork, FullStrengthReadsTheNetworkBesideThePluginAndRefusesADamagedOne) {
  namespace fs = std::filesystem;
  const fs::path folder = fs::path(::testing::TempDir()) / "alphabeta-network-test";
  fs::remove_all(folder);
  fs::create_directories(folder);
  fs::copy_file(GAMBIT_TEST_ALPHABETA_PLUGIN, folder / "gambit_alphabeta.so");
  LoadedPlugin plugin((folder / "gambit_alphabeta.so").string());
  ASSERT_NE(plugin.descriptor(), nullptr);
  const std::vector<std::pair<std::string, std::string>> max = {{"hash_mb", "4"}};
  gambit_limits limits = no_limits();
  limits.depth = 4;
  {
    PluginInstance player(*plugin.descriptor(), max);
#ifdef GAMBIT_ALPHABETA_SHIPS_NETWORK
    EXPECT_FALSE(player.ok());
    EXPECT_NE(player.create_error().find("cannot open the network " + (folder / "gambit_alphabeta.nnue").string()),
              std::string::npos)
        << player.create_error();
#else
    ASSERT_TRUE(player.ok()) << player.create_error();
    EXPECT_TRUE(legal_in(Position(), player.choose_move(std::string(chess::START_FEN), {}, limits)));
#endif
    PluginInstance level(*plugin.descriptor(), {{"hash_mb", "4"}, {"elo", "1400"}});
    EXPECT_TRUE(level.ok()) << level.create_error();
  }
  std::string bytes = random_network(7)->to_bytes();
  bytes[bytes.size() / 3] = char(bytes[bytes.size() / 3] ^ 1);
  std::ofstream(folder / "gambit_alphabeta.nnue", std::ios::binary) << bytes;
  {
    PluginInstance player(*plugin.descriptor(), max);
    EXPECT_FALSE(player.ok());
    EXPECT_NE(player.create_error().find("checksum"), std::string::npos) << player.create_error();
  }
  // A network the engine can read: full strength plays with it.
  std::ofstream(folder / "gambit_alphabeta.nnue", std::ios::binary | std::ios::trunc) << random_network(7)->to_bytes();
  PluginInstance player(*plugin.descriptor(), max);
  ASSERT_TRUE(player.ok()) << player.create_error();
  EXPECT_TRUE(legal_in(Position(), player.choose_move(std::string(chess::START_FEN), {}, limits)));
  fs::remove_all(folder);
}

TEST_F(AlphaBetaPlugin, PlaysLegalMovesInRandomPositionsAndGames) {
  ASSERT_NE(plugin.descriptor(), nullptr);
  PluginInstance player(d(), {{"hash_mb", "4"}});
  ASSERT_TRUE(player.ok()) << player.create_error();
  gambit_limits limits = no_limits();
  limits.depth = 3;
  for (const Position& pos : random_positions(40, 51)) {
    const std::string move = player.choose_move(pos.fen(), {}, limits);
    EXPECT_TRUE(legal_in(pos, move)) << move << "\n" << pos.pretty();
  }
  // A game given as the start position plus its moves.
  Position pos;
  std::vector<std::string> moves;
  for (int ply = 0; ply < 30; ++ply) {
    const std::string move = player.choose_move(std::string(chess::START_FEN), moves, limits);
    ASSERT_TRUE(legal_in(pos, move)) << move << " after " << ply << " plies\n" << pos.pretty();
    pos.do_move(*chess::parse_uci_move(pos, move));
    moves.push_back(move);
    if (chess::legal_moves(pos).empty()) break;
  }
}

TEST_F(AlphaBetaPlugin, FindsAMateAndReportsItsThinking) {
  ASSERT_NE(plugin.descriptor(), nullptr);
  PluginInstance player(d(), {{"hash_mb", "4"}});
  ASSERT_TRUE(player.ok()) << player.create_error();
  gambit_limits limits = no_limits();
  limits.depth = 6;
  int info_calls = 0;
  EXPECT_EQ(player.choose_move("r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1", {}, limits, &info_calls),
            "d5d8");
  EXPECT_GE(info_calls, 1);
}

TEST_F(AlphaBetaPlugin, AnswersNullMoveWithoutLegalMoves) {
  ASSERT_NE(plugin.descriptor(), nullptr);
  PluginInstance player(d(), {});
  ASSERT_TRUE(player.ok()) << player.create_error();
  EXPECT_EQ(player.choose_move("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", {}, no_limits()),
            "0000");
}

TEST_F(AlphaBetaPlugin, ReportsABadPositionAsAnError) {
  ASSERT_NE(plugin.descriptor(), nullptr);
  PluginInstance player(d(), {});
  ASSERT_TRUE(player.ok()) << player.create_error();
  const std::string answer = player.choose_move(std::string(chess::START_FEN), {"e2e5"}, no_limits());
  EXPECT_EQ(answer.rfind("error: ", 0), 0u) << answer;
}

TEST_F(AlphaBetaPlugin, StopEndsAnInfiniteSearch) {
  ASSERT_NE(plugin.descriptor(), nullptr);
  PluginInstance player(d(), {{"hash_mb", "4"}});
  ASSERT_TRUE(player.ok()) << player.create_error();
  gambit_limits limits = no_limits();
  limits.infinite = 1;
  const std::string fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  auto answer = std::async(std::launch::async, [&] { return player.choose_move(fen, {}, limits); });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  player.stop();
  ASSERT_EQ(answer.wait_for(std::chrono::seconds(2)), std::future_status::ready) << "stop was not obeyed";
  const std::string move = answer.get();
  EXPECT_TRUE(legal_in(*Position::from_fen(fen), move)) << move;
}

TEST_F(AlphaBetaPlugin, EveryLevelPlays) {
  ASSERT_NE(plugin.descriptor(), nullptr);
  const Position pos = *Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  for (std::uint32_t i = 0; i < d().level_count; ++i) {
    const gambit_level& level = d().levels[i];
    std::vector<std::pair<std::string, std::string>> options{{"hash_mb", "4"}};
    for (std::uint32_t k = 0; k < level.setting_count; ++k)
      options.emplace_back(level.settings[k].name, level.settings[k].value);
    PluginInstance player(d(), options);
    ASSERT_TRUE(player.ok()) << level.name << ": " << player.create_error();
    gambit_limits limits = no_limits();
    limits.movetime_ms = 50;
    const std::string move = player.choose_move(pos.fen(), {}, limits);
    EXPECT_TRUE(legal_in(pos, move)) << level.name << " played " << move;
  }
}

// A rated level's moves are decided by its node budget, not by its clock (the
// clock only cuts a search in time trouble): with the same seed it plays the
// same game with no clock, at 5+3 and at 10+0, as through any program that runs
// it (the window, gambit-match, gambit-engine under XBoard or UCI). Each clock
// here leaves far more than the level's searches take, even in a sanitizer build.
TEST_F(AlphaBetaPlugin, ARatedLevelPlaysTheSameMovesOnAnyClock) {
  ASSERT_NE(plugin.descriptor(), nullptr);
  const auto game_on = [&](const std::string& elo, std::int64_t clock_ms, std::int64_t increment_ms) {
    PluginInstance player(d(), {{"elo", elo}, {"hash_mb", "4"}, {"seed", "7"}});
    EXPECT_TRUE(player.ok()) << player.create_error();
    Position pos;
    std::vector<std::string> moves;
    for (int ply = 0; ply < 16 && !chess::legal_moves(pos).empty(); ++ply) {
      gambit_limits limits = no_limits();
      if (clock_ms > 0) {
        limits.time_ms[0] = limits.time_ms[1] = clock_ms - ply * 1000;  // as if each move took two seconds
        limits.increment_ms[0] = limits.increment_ms[1] = increment_ms;
      }
      const std::string move = player.choose_move(std::string(chess::START_FEN), moves, limits);
      const auto parsed = chess::parse_uci_move(pos, move);
      if (!parsed) return moves.emplace_back("illegal " + move), moves;
      pos.do_move(*parsed);
      moves.push_back(move);
    }
    return moves;
  };
  for (const std::string elo : {"1000", "1800"}) {
    const std::vector<std::string> unclocked = game_on(elo, 0, 0);
    EXPECT_EQ(game_on(elo, 5 * 60'000, 3'000), unclocked) << elo << " at 5+3";
    EXPECT_EQ(game_on(elo, 10 * 60'000, 0), unclocked) << elo << " at 10+0";
  }
}

// Its judgement of a draw offer (consider_draw): as a person would, from its own search.
TEST_F(AlphaBetaPlugin, AcceptsADrawWhenWorseOrLevelWithLittleLeftAndDeclinesOtherwise) {
  ASSERT_NE(plugin.descriptor(), nullptr);
  ASSERT_NE(d().consider_draw, nullptr);
  for (const char* level : {"easy", "max"}) {
    PluginInstance player(d(), {{"hash_mb", "4"}, {"depth", level == std::string("easy") ? "1" : "0"}});
    ASSERT_TRUE(player.ok()) << player.create_error();
    EXPECT_EQ(player.consider_draw(std::string(chess::START_FEN), {"e2e4"}), "decline") << level << ": level, early";
    EXPECT_EQ(player.consider_draw("4k3/8/8/8/8/8/8/3QK3 b - - 0 1"), "accept") << level << ": a queen down";
    EXPECT_EQ(player.consider_draw("3qk3/8/8/8/8/8/8/4K3 b - - 0 1"), "decline") << level << ": a queen up";
    EXPECT_EQ(player.consider_draw("4k3/4r3/8/8/8/8/4R3/4K3 b - - 0 1"), "accept") << level << ": rook ending";
  }
}

}  // namespace
}  // namespace gambit::testing
