// SPDX-License-Identifier: MIT
// StateDump: the JSON object the window writes for tests and tools. The
// expected texts are written out in full, so a change of format shows here.
#include "game/gui/state_dump.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace gambit::gui {
namespace {

TEST(StateDump, JsonStringPlainText) {
  EXPECT_EQ(json_string(""), "\"\"");
  EXPECT_EQ(json_string("menu"), "\"menu\"");
  EXPECT_EQ(json_string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            "\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"");
  EXPECT_EQ(json_string("a/b 'c' {d} [e] : ,"), "\"a/b 'c' {d} [e] : ,\"");
}

TEST(StateDump, JsonStringEscapesQuotesAndBackslashes) {
  EXPECT_EQ(json_string("say \"hi\""), R"("say \"hi\"")");
  EXPECT_EQ(json_string("C:\\games\\gambit"), R"("C:\\games\\gambit")");
  EXPECT_EQ(json_string("\\\""), R"("\\\"")");
  EXPECT_EQ(json_string("\"\\"), R"("\"\\")");
}

TEST(StateDump, JsonStringEscapesControlCharacters) {
  EXPECT_EQ(json_string("line 1\nline 2"), R"("line 1\nline 2")");
  EXPECT_EQ(json_string("a\tb"), R"("a\tb")");
  EXPECT_EQ(json_string("\r"), R"("\u000d")");
  EXPECT_EQ(json_string("\b\f"), R"("\u0008\u000c")");
  EXPECT_EQ(json_string(std::string("x\0y", 3)), R"("x\u0000y")");
  EXPECT_EQ(json_string("\x01\x1f"), R"("\u0001\u001f")");
  EXPECT_EQ(json_string("\x1b[31m"), R"("\u001b[31m")");
  // Every byte below 0x20 is escaped, none is left raw.
  for (int c = 0; c < 0x20; ++c) {
    const std::string out = json_string(std::string(1, char(c)));
    for (char byte : out) EXPECT_GE((unsigned char)byte, 0x20) << "byte " << c << " gave " << out;
  }
  EXPECT_EQ(json_string(" ~\x7f"), "\" ~\x7f\"") << "printable ASCII and DEL need no escape in JSON";
}

TEST(StateDump, JsonStringPassesUtf8Through) {
  EXPECT_EQ(json_string("caf\xc3\xa9"), "\"caf\xc3\xa9\"");                        // café
  EXPECT_EQ(json_string("\xe2\x99\x94\xe2\x99\x9a"), "\"\xe2\x99\x94\xe2\x99\x9a\"");  // ♔♚
  EXPECT_EQ(json_string("\xf0\x9f\x98\x80 \"\xe2\x80\x94\""), "\"\xf0\x9f\x98\x80 \\\"\xe2\x80\x94\\\"\"");  // 😀 "—"
}

TEST(StateDump, EmptyDump) { EXPECT_EQ(StateDump().json(), "{}\n"); }

TEST(StateDump, Numbers) {
  StateDump dump;
  dump.add("zero", 0);
  dump.add("int", -42);
  dump.add("big", std::int64_t(9007199254740993));
  dump.add("min", std::numeric_limits<std::int64_t>::min());
  dump.add("x", 12.0);
  dump.add("y", 0.1);
  dump.add("neg", -3.14159);
  EXPECT_EQ(dump.json(),
            "{\"zero\": 0, \"int\": -42, \"big\": 9007199254740993, \"min\": -9223372036854775808, "
            "\"x\": 12.00, \"y\": 0.10, \"neg\": -3.14}\n");
}

TEST(StateDump, NonFiniteNumbersStayJson) {
  // JSON has no NaN or infinity: they are written as null rather than break the file.
  StateDump dump;
  dump.add("nan", std::numeric_limits<double>::quiet_NaN());
  dump.add("inf", std::numeric_limits<double>::infinity());
  dump.add("minus_inf", -std::numeric_limits<double>::infinity());
  EXPECT_EQ(dump.json(), "{\"nan\": null, \"inf\": null, \"minus_inf\": null}\n");
}

TEST(StateDump, BooleansAndStrings) {
  StateDump dump;
  dump.add("flipped", true);
  dump.add("paused", false);
  dump.add("screen", "play");
  dump.add("toast", std::string("Saved to \"/tmp/a b.pgn\"\n"));
  dump.add("empty", std::string());
  EXPECT_EQ(dump.json(),
            "{\"flipped\": true, \"paused\": false, \"screen\": \"play\", "
            "\"toast\": \"Saved to \\\"/tmp/a b.pgn\\\"\\n\", \"empty\": \"\"}\n");
}

TEST(StateDump, Arrays) {
  StateDump dump;
  dump.add("none", std::vector<std::string>{});
  dump.add("one", std::vector<std::string>{"e2e4"});
  dump.add("moves", std::vector<std::string>{"e2e4", "e7e5", "g1f3"});
  dump.add("problems", std::vector<std::string>{"config.toml:4:9: \"purple\"\tis not a theme", "a\\b", "\xc3\xa9"});
  EXPECT_EQ(dump.json(),
            "{\"none\": [], \"one\": [\"e2e4\"], \"moves\": [\"e2e4\", \"e7e5\", \"g1f3\"], "
            "\"problems\": [\"config.toml:4:9: \\\"purple\\\"\\tis not a theme\", \"a\\\\b\", \"\xc3\xa9\"]}\n");
}

TEST(StateDump, KeysAreEscapedToo) {
  StateDump dump;
  dump.add("a \"key\"", 1);
  dump.add("back\\slash\n", true);
  EXPECT_EQ(dump.json(), "{\"a \\\"key\\\"\": 1, \"back\\\\slash\\n\": true}\n");
}

TEST(StateDump, ChoosesTheRightOverload) {
  // A string literal must be a string (not a bool), an int an integer (not a double).
  StateDump dump;
  dump.add("literal", "demo");
  dump.add("int", 7);
  dump.add("int64", std::int64_t(-7));
  dump.add("double", 7.5);
  EXPECT_EQ(dump.json(), "{\"literal\": \"demo\", \"int\": 7, \"int64\": -7, \"double\": 7.50}\n");
}

}  // namespace
}  // namespace gambit::gui
