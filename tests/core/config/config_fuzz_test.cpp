// SPDX-License-Identifier: MIT
// Bytes of any kind must give settings or a message, never a crash: valid
// configurations mutated at random (seeded, so a failure replays), and plain
// random bytes, go through reading, seat checking and saving.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/config/config_loader.h"
#include "core/config/config_writer.h"
#include "core/config/seats.h"
#include "tests/core/config/test_plugins.h"

namespace gambit::config {
namespace {

const std::vector<std::string> Seeds = {
    R"(# Gambit
[white]
player = "human"

[black]
player = "alphabeta"
level = "medium"

[black.options]
depth = 8
movetime_ms = 1000

[plugins]
paths = ["/opt/gambit", "relative/dir"]
)",
    R"(white = { player = "minimax", level = "easy", options = { depth = 3 } }
black.player = "kitchen"
black.options.style = 'sharp'
black.options.ponder = true
black.options.book = """multi
line"""
)",
    R"([black]
player = "random"
options.seed = 9223372036854775807
[plugins]
paths = [
  "a", # comment
  'b',
]
)",
    R"([ui]
show_legal_moves = false
sounds = true
theme = "blue"
piece_set = "freeserif"
animation_ms = 300
[clock]
minutes = 5
increment_seconds = 3
[demo]
move_delay_ms = 250
white = { player = "random", options = { seed = 3 } }
[demo.black]
level = "easy"
[hint]
player = "minimax"
options.depth = 2
)",
};

// clang-format off
const std::vector<std::string> Tokens = {
    "[", "]", "[[", "]]", "=", "\"", "'", "\"\"\"", "'''", "{", "}", ",", ".", "#", "\\", "\\u0000", "\\U0010FFFF",
    "\n", "\r\n", "\t", " ", "1e999", "99999999999999999999", "-9223372036854775809", "0x7FFFFFFFFFFFFFFF", "inf",
    "nan", "true", "1979-05-27T07:32:00Z", "07:32:00", "white", "black", "options", "plugins", "paths", "player",
    "level", "depth", "human", "\xFF", "\xC3", "\xED\xA0\x80", std::string(1, '\0'), "\xEF\xBB\xBF",
    "[white.options]", "[black]\nplayer = \"minimax\"\n", "a.b.c.d.e = 1", "ui", "clock", "demo", "hint",
    "[demo.white]", "minutes", "increment_seconds", "theme", "grey", "0", "60", "180",
};
// clang-format on

std::string mutated(std::string text, std::mt19937_64& rng) {
  auto pick = [&rng](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); };
  const std::size_t mutations = 1 + pick(4);
  for (std::size_t m = 0; m < mutations; ++m) {
    const std::size_t at = pick(text.size() + 1);
    switch (pick(6)) {
      case 0:
        if (!text.empty()) text[pick(text.size())] = char(pick(256));
        break;
      case 1: text.insert(at, Tokens[pick(Tokens.size())]); break;
      case 2: text.erase(at, pick(16)); break;
      case 3: text.resize(at); break;
      case 4: {
        const std::size_t from = pick(text.size() + 1);
        text.insert(at, text.substr(from, pick(64)));
        break;
      }
      default: text.insert(at, 1, char(pick(256))); break;
    }
  }
  return text;
}

// Everything a program does with a config text; checks only that answers are
// well formed, since most mutated texts are errors.
void exercise(const std::string& text) {
  Result<Settings> settings = parse_config(text, "fuzz.toml");
  if (!settings) {
    ASSERT_THAT(settings.error(), ::testing::StartsWith("fuzz.toml")) << "text: " << quote_for_message(text);
    return;
  }
  const config::PluginList plugins{&fixtures::random_plugin(), &fixtures::minimax_plugin(),
                                   &fixtures::alphabeta_plugin(), &fixtures::kitchen_plugin()};
  Result<std::array<ResolvedSeat, chess::COLOR_NB>> seats = resolve_seats(*settings, plugins);
  if (!seats) {
    ASSERT_FALSE(seats.error().empty());
  }
  for (chess::Color side : {chess::WHITE, chess::BLACK}) {
    Result<ResolvedSeat> demo = resolve_demo_seat(*settings, side, plugins);
    if (!demo) {
      ASSERT_FALSE(demo.error().empty());
    }
  }
  Result<ResolvedSeat> hint = resolve_hint(*settings, plugins);
  if (!hint) {
    ASSERT_FALSE(hint.error().empty());
  }

  Result<std::string> saved = format_config(*settings);
  ASSERT_TRUE(saved.ok()) << saved.error() << "\ntext: " << quote_for_message(text);
  Result<Settings> again = parse_config(*saved, "fuzz.toml");
  ASSERT_TRUE(again.ok()) << again.error() << "\nsaved:\n" << *saved;
  ASSERT_EQ(*again, *settings) << "saved:\n" << *saved;
}

TEST(ConfigFuzz, SeedsAreValid) {
  for (const std::string& seed : Seeds) {
    Result<Settings> settings = parse_config(seed, "fuzz.toml");
    EXPECT_TRUE(settings.ok()) << settings.error();
  }
}

TEST(ConfigFuzz, MutatedConfigsNeverCrash) {
  std::mt19937_64 rng(20240603);
  int accepted = 0;
  for (int i = 0; i < 20000; ++i) {
    const std::string text = mutated(Seeds[std::size_t(i) % Seeds.size()], rng);
    exercise(text);
    if (HasFatalFailure()) return;
    accepted += parse_config(text, "fuzz.toml").ok();
  }
  EXPECT_GT(accepted, 500) << "mutations too destructive to reach the checks past the parser";
}

TEST(ConfigFuzz, RandomBytesNeverCrash) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 5000; ++i) {
    std::string text(std::uniform_int_distribution<std::size_t>(0, 200)(rng), '\0');
    for (char& c : text) c = char(rng());
    exercise(text);
    if (HasFatalFailure()) return;
  }
}

}  // namespace
}  // namespace gambit::config
