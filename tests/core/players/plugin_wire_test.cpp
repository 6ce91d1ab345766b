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

// Every field of the wire's table goes over and comes back as it was; a bad
// one is refused by its name.
TEST(PluginWire, EveryFieldRoundTripsAndABadOneIsNamed) {
  PlayRequest r;
  r.variant = "standard";
  r.start_fen = "8/8/8/8/8/8/k7/K7 w - - 0 1";
  r.niceness = -3;
  r.limits = Limits{.movetime_ms = 11, .depth = 12, .nodes = 13, .time_ms = {14, 15}, .increment_ms = {16, 17},
                    .moves_to_go = 18, .infinite = true, .multipv = 19};
  const PlayRequest back = wire::parse_request(wire::request_words(r), 0).value();
  EXPECT_EQ(back.variant, r.variant);
  EXPECT_EQ(back.start_fen, r.start_fen);
  EXPECT_EQ(back.niceness, -3);
  EXPECT_EQ(back.limits.movetime_ms, 11);
  EXPECT_EQ(back.limits.depth, 12);
  EXPECT_EQ(back.limits.nodes, 13);
  EXPECT_EQ(back.limits.time_ms, (std::array<std::int64_t, 2>{14, 15}));
  EXPECT_EQ(back.limits.increment_ms, (std::array<std::int64_t, 2>{16, 17}));
  EXPECT_EQ(back.limits.moves_to_go, 18);
  EXPECT_TRUE(back.limits.infinite);
  EXPECT_EQ(back.limits.multipv, 19);
  EXPECT_TRUE(back.moves.empty());
  std::vector<std::string> words = wire::request_words(r);
  words[11] = "2";
  EXPECT_EQ(wire::parse_request(words, 0).error(), "the infinite flag '2' is not a number from 0 to 1");
  EXPECT_EQ(wire::parse_request({"choose", "0"}, 1).error(), "a request of 1 words, fewer than 13");

  const Progress mate{SearchInfo{.depth = 3, .seldepth = 4, .score_kind = ScoreKind::Mate, .score = -2, .nodes = 5,
                                 .nps = 6, .time_ms = 7, .pv = {}, .multipv = 8},
                      "h7h8q"};
  const Progress got = wire::parse_info(wire::info_words(mate), 0).value();
  EXPECT_EQ(got.numbers.depth, 3);
  EXPECT_EQ(got.numbers.seldepth, 4);
  EXPECT_EQ(got.numbers.score_kind, ScoreKind::Mate);
  EXPECT_EQ(got.numbers.score, -2);
  EXPECT_EQ(got.numbers.nodes, 5u);
  EXPECT_EQ(got.numbers.nps, 6u);
  EXPECT_EQ(got.numbers.time_ms, 7u);
  EXPECT_EQ(got.numbers.multipv, 8);
  EXPECT_EQ(got.pv, "h7h8q");
  EXPECT_EQ(wire::parse_info({"1", "2", "1", "0", "-5", "0", "0", "1", ""}, 0).error(),
            "the nodes '-5' is not a number from 0 to 9223372036854775807");
  EXPECT_EQ(wire::parse_info({"info", "1"}, 1).error(), "a progress report of 1 words instead of 9");
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
