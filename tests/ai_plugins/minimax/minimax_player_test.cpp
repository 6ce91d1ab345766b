// SPDX-License-Identifier: MIT
// The minimax plugin through its real entry symbol and C descriptor.
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <set>
#include <thread>

#include "core/chess/uci.h"
#include "tests/ai_plugins/loaded_plugin.h"
#include "tests/ai_plugins/test_positions.h"

namespace gambit::testing {
namespace {

using chess::Position;

bool legal_in(const Position& pos, const std::string& move) { return chess::parse_uci_move(pos, move).ok(); }

class MinimaxPlugin : public ::testing::Test {
 protected:
  LoadedPlugin plugin{GAMBIT_TEST_MINIMAX_PLUGIN};
  const gambit_plugin_descriptor& d() { return *plugin.descriptor(); }
};

TEST_F(MinimaxPlugin, DescribesItselfCompletely) {
  ASSERT_NE(plugin.descriptor(), nullptr);
  expect_well_formed(d(), {"easy", "medium", "hard", "max"});
  EXPECT_STREQ(d().id, "minimax");
  bool has_depth = false;
  for (std::uint32_t i = 0; i < d().option_count; ++i)
    if (std::string(d().options[i].name) == "depth") {
      has_depth = true;
      EXPECT_EQ(d().options[i].min, 1);
      EXPECT_EQ(d().options[i].max, 6);
    }
  EXPECT_TRUE(has_depth);
  EXPECT_EQ(plugin.entry()(GAMBIT_PLAYER_ABI_MAJOR + 1), nullptr);
}

TEST_F(MinimaxPlugin, PlaysLegalMovesInRandomPositions) {
  ASSERT_NE(plugin.descriptor(), nullptr);
  PluginInstance player(d(), {{"depth", "2"}});
  ASSERT_TRUE(player.ok()) << player.create_error();
  for (const Position& pos : random_positions(40, 61)) {
    const std::string move = player.choose_move(pos.fen(), {}, no_limits());
    EXPECT_TRUE(legal_in(pos, move)) << move << "\n" << pos.pretty();
  }
}

TEST_F(MinimaxPlugin, IsDeterministicWithoutBlunders) {
  ASSERT_NE(plugin.descriptor(), nullptr);
  PluginInstance a(d(), {{"depth", "3"}}), b(d(), {{"depth", "3"}});
  ASSERT_TRUE(a.ok() && b.ok());
  for (const Position& pos : random_positions(8, 62))
    EXPECT_EQ(a.choose_move(pos.fen(), {}, no_limits()), b.choose_move(pos.fen(), {}, no_limits())) << pos.pretty();
}

TEST_F(MinimaxPlugin, BlundersAreRandomButReplayableBySeed) {
  ASSERT_NE(plugin.descriptor(), nullptr);
  const std::vector<std::pair<std::string, std::string>> options{{"depth", "1"}, {"blunder_percent", "100"},
                                                                 {"seed", "5"}};
  PluginInstance a(d(), options), b(d(), options);
  ASSERT_TRUE(a.ok() && b.ok());
  std::set<std::string> seen;
  const Position start;
  for (int i = 0; i < 20; ++i) {
    const std::string move = a.choose_move(start.fen(), {}, no_limits());
    EXPECT_TRUE(legal_in(start, move)) << move;
    EXPECT_EQ(move, b.choose_move(start.fen(), {}, no_limits())) << "same seed, same moves";
    seen.insert(move);
  }
  EXPECT_GT(seen.size(), 3u) << "always blundering should spread over many moves";
}

TEST_F(MinimaxPlugin, FindsMateInOneThroughTheDescriptor) {
  ASSERT_NE(plugin.descriptor(), nullptr);
  PluginInstance player(d(), {{"depth", "2"}});
  ASSERT_TRUE(player.ok());
  int info_calls = 0;
  EXPECT_EQ(player.choose_move("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", {}, no_limits(), &info_calls), "a1a8");
  EXPECT_EQ(info_calls, 1);
  EXPECT_EQ(player.choose_move("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", {}, no_limits()),
            "0000");
}

TEST_F(MinimaxPlugin, StopEndsAnInfiniteSearch) {
  ASSERT_NE(plugin.descriptor(), nullptr);
  PluginInstance player(d(), {{"depth", "6"}});
  ASSERT_TRUE(player.ok());
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

TEST_F(MinimaxPlugin, MoveTimeCutsADeepSearchShort) {
  ASSERT_NE(plugin.descriptor(), nullptr);
  PluginInstance player(d(), {{"depth", "6"}});
  ASSERT_TRUE(player.ok());
  gambit_limits limits = no_limits();
  limits.movetime_ms = 50;
  const std::string fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  auto answer = std::async(std::launch::async, [&] { return player.choose_move(fen, {}, limits); });
  ASSERT_EQ(answer.wait_for(std::chrono::seconds(2)), std::future_status::ready) << "movetime was not obeyed";
  EXPECT_TRUE(legal_in(*Position::from_fen(fen), answer.get()));
}

TEST_F(MinimaxPlugin, EveryLevelPlays) {
  ASSERT_NE(plugin.descriptor(), nullptr);
  const Position pos = *Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  for (std::uint32_t i = 0; i < d().level_count; ++i) {
    const gambit_level& level = d().levels[i];
    std::vector<std::pair<std::string, std::string>> options;
    for (std::uint32_t k = 0; k < level.setting_count; ++k)
      options.emplace_back(level.settings[k].name, level.settings[k].value);
    PluginInstance player(d(), options);
    ASSERT_TRUE(player.ok()) << level.name << ": " << player.create_error();
    gambit_limits limits = no_limits();
    limits.movetime_ms = 200;
    const std::string move = player.choose_move(pos.fen(), {}, limits);
    EXPECT_TRUE(legal_in(pos, move)) << level.name << " played " << move;
  }
}

TEST_F(MinimaxPlugin, JudgesADrawOfferByItsSearch) {
  ASSERT_NE(plugin.descriptor(), nullptr);
  PluginInstance player(d(), {});
  ASSERT_TRUE(player.ok()) << player.create_error();
  EXPECT_EQ(player.consider_draw(std::string(chess::START_FEN), {"e2e4"}), "decline");
  EXPECT_EQ(player.consider_draw("4k3/8/8/8/8/8/8/3QK3 b - - 0 1"), "accept");
  EXPECT_EQ(player.consider_draw("3qk3/8/8/8/8/8/8/4K3 b - - 0 1"), "decline");
}

}  // namespace
}  // namespace gambit::testing
