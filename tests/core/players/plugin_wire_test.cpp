// SPDX-License-Identifier: MIT
// The wire protocol between the host and an isolated plugin's child: words
// survive escaping, requests, reports and descriptions read back as written,
// and what is malformed is refused.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/chess/position.h"
#include "core/players/plugin_wire.h"

namespace gambit::players {
namespace {

TEST(PluginWire, WordsSurviveEscaping) {
  const std::vector<std::string> words{"plain", "", "two words", "100%", "line\nbreak\ttab", "caf\xc3\xa9", "%"};
  auto back = wire::words_of(wire::message(words));
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back.value(), words);
  for (const char* bad : {"a%zz", "a%4", "a  b", " a", "a "}) EXPECT_FALSE(wire::words_of(bad)) << bad;
}

TEST(PluginWire, RequestsAndReportsRoundTripAndBadOnesAreRefused) {
  PlayRequest r;
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

  Progress info{SearchInfo{.depth = 7, .seldepth = 9, .score_kind = ScoreKind::Centipawns, .score = -35,
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
  d.permissions = {{Permission::Kind::RunProgram, "command", "Runs the engine you name"},
                   {Permission::Kind::WriteFile, "log", ""}};
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
  EXPECT_EQ(back.permissions, d.permissions);
  for (const char* bad : {"plugin 1 2 x", "option a b 9 0 0 d", "level easy", "hello", "move e2e4", "plugin 1 2 a b c d 7",
                          "permission fly command why", "permission run-program command"})
    EXPECT_FALSE(wire::read_description_line(back, bad)) << bad;
  auto refused = wire::read_description_line(back, wire::message({"refused", "cannot load plugin 'x': broken"}));
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error(), "cannot load plugin 'x': broken");
}

}  // namespace
}  // namespace gambit::players
