// SPDX-License-Identifier: MIT
// What TOML++ 3.3 mishandles (tests/fuzz found each) is refused in words, with
// its place, before TOML++ sees the text; the same characters where TOML allows
// them are read as before.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "core/config/config_loader.h"
#include "tests/core/config/parse_text.h"

namespace gambit::config {
namespace {

using test_support::error_of;
using test_support::parsed;
using ::testing::HasSubstr;
using ::testing::StartsWith;

TEST(TomlGuard, AKeyThatIsNotAsciiIsRefusedBeforeTheTomlParserSeesIt) {
  // TOML++ 3.3 reaches undefined behaviour on some bare keys that are not ASCII (found by tests/fuzz).
  EXPECT_THAT(error_of("[black]\nplayer = \"minimax\"\ncaf\xC3\xA9 = 2\n"),
              StartsWith("test.toml:3:4: a character that is not ASCII outside a quoted string"));
  EXPECT_THAT(error_of("[\xE2\x82\xAC]\n"), StartsWith("test.toml:1:2: a character that is not ASCII"));
  EXPECT_THAT(error_of("x = 1 \xFF\n"), StartsWith("test.toml:1:7: a character that is not ASCII"));
  // In strings (of any kind, escapes and all) and comments it is text like any other.
  const Settings s = parsed(
      "# caf\xC3\xA9 \"\n[store]\nprofile = \"Ren\xC3\xA9" "e \\\" \xE2\x82\xAC\" # \xC3\xA9\n"
      "[white]\nplayer = 'r\xC3\xA9'\n[plugins]\npaths = [\"\"\"\xC3\xA9\n\"\"\"\", '''\xC3\xA9''']\n");
  EXPECT_EQ(s.store.profile, "Ren\xC3\xA9" "e \" \xE2\x82\xAC");
  EXPECT_EQ(s.white.player, "r\xC3\xA9");
  EXPECT_EQ(s.plugin_paths.size(), 2u);
  EXPECT_THAT(error_of("[black]\n\"caf\xC3\xA9\" = 2\n"), HasSubstr("unknown key black.'caf\\xc3\\xa9'"));
}

TEST(TomlGuard, ATableNameThatCannotStartAKeyIsRefusedBeforeTheTomlParserSeesIt) {
  // TOML++ 3.3 assumes a table header's name starts with a key character (found by tests/fuzz).
  EXPECT_EQ(error_of("[ = 5\n"), "test.toml:1:3: a table name must start with a letter, a digit, '_', '-' or a "
                                 "quote, not '='");
  EXPECT_EQ(error_of("[white]\nplayer = \"human\"\n[[\t{x]]\n"),
            "test.toml:3:4: a table name must start with a letter, a digit, '_', '-' or a quote, not '{'");
  EXPECT_THAT(error_of("\t[[\xD7[\t"), StartsWith("test.toml:1:4: a character that is not ASCII outside"));
  // Arrays are not tables: nested ones, and ones that start a line, are read as before.
  const Settings s = parsed("[plugins]\npaths = [\n  \"a\",\n  'b' ] # [ = \n[ \"store\" ]\nprofile = \"x\"\n");
  EXPECT_EQ(s.plugin_paths.size(), 2u);
  EXPECT_EQ(s.store.profile, "x");
  EXPECT_THAT(error_of("[plugins]\npaths = [ [ \"a\" ] ]\n"), HasSubstr("plugins.paths[0] must be a string"));
}

TEST(TomlGuard, MalformedDatesAndTimesAreRefusedBeforeTheTomlParserSeesThem) {
  // TOML++ 3.3 assumes the digits of a date or time it expects are there (found by tests/fuzz).
  EXPECT_EQ(error_of("[ui]\ntheme = 1979-05-27Tx\n"),
            "test.toml:2:9: a malformed date or time, '1979-05-27Tx' (a date is 1979-05-27, a time 07:32:00; quote "
            "it if it is text)");
  EXPECT_THAT(error_of("x = [1, 07:32:0]\n"), StartsWith("test.toml:1:9: a malformed date or time, '07:32:0'"));
  // Well-formed ones reach the settings, which say what they wanted instead; numbers and keys that look
  // like dates are read as before.
  for (const char* value : {"1979-05-27", "07:32:00.999", "1979-05-27T07:32:00Z", "1979-05-27t07:32:00-07:00"})
    EXPECT_THAT(error_of(std::string("[clock]\nminutes = ") + value + "\n"), HasSubstr("must be an integer, got"))
        << value;
  EXPECT_EQ(parsed("[clock]\nminutes = 15\n").clock.minutes, 15);
  EXPECT_THAT(error_of("[ui]\n1979-05-27 = 1\n"), HasSubstr("unknown key ui.1979-05-27"));
}

TEST(TomlGuard, AMissingValueIsRefusedBeforeTheTomlParserSeesIt) {
  // TOML++ 3.3 assumes a value where one should be (found by tests/fuzz).
  EXPECT_EQ(error_of("q = {b = [1,}}\n"), "test.toml:1:13: a value is missing before '}'");
  EXPECT_EQ(error_of("[ui]\ntheme = ,\n"), "test.toml:2:9: a value is missing before ','");
  EXPECT_EQ(error_of("a = [1,,2]\n"), "test.toml:1:8: a value is missing before ','");
  EXPECT_EQ(error_of("a = ]\n"), "test.toml:1:5: a value is missing before ']'");
  // Empty arrays and inline tables, and a comma before the closing bracket, are fine.
  const Settings s = parsed("[plugins]\npaths = [\n  \"a\", # one\n]\n[black.options]\n");
  EXPECT_EQ(s.plugin_paths.size(), 1u);
  EXPECT_TRUE(parsed("[plugins]\npaths = []\n").plugin_paths.empty());
}

TEST(TomlGuard, ControlCharactersAreRefusedSoStringsAreReadAsTomlReadsThem) {
  // The fuzzer's input hid a Unicode bare key behind a NUL that ended TOML++'s value early.
  EXPECT_EQ(error_of(std::string("a = {b = [1, 2\0:\"\"\"::\xEF\xB1\xBF\n", 24)),
            "test.toml:1:15: a control character (code 0), which TOML allows nowhere");
  EXPECT_EQ(error_of("# a comment \x01\n"), "test.toml:1:13: a control character (code 1), which TOML allows nowhere");
  EXPECT_EQ(error_of("[store]\nprofile = \"a\x7F\"\n"),
            "test.toml:2:13: a control character (code 127), which TOML allows nowhere");
  EXPECT_EQ(parsed("[store]\r\nprofile = \"a\tb\"\r\n").store.profile, "a\tb");
}

TEST(TomlGuard, AQuoteWhereNoStringStartsIsRefused) {
  // TOML++ reads on from a value into a quote and what follows it (found by tests/fuzz).
  EXPECT_EQ(error_of("a = {b = [0, 2.44\"x\xEF\xB9\xBF\"\n"),
            "test.toml:1:18: a quote after '2' (a string starts a line or follows '=', ',', '[', '{' or '.')");
  EXPECT_THAT(error_of("a = 2.\"x\"\n"), StartsWith("test.toml:1:7: a quote after '2'"));
  EXPECT_THAT(error_of("aZ=0x'''p\xEF\xBA\xBF'''\n"), StartsWith("test.toml:1:6: a quote after '0'"));
  EXPECT_THAT(error_of("a = 9%%\"\"\"\xD2\x96%n}"), StartsWith("test.toml:1:8: a quote after '%'"));
  EXPECT_THAT(error_of("a = 1 \"x\"\n"), StartsWith("test.toml:1:7: a quote after '1'"));
  // Quoted keys, dotted ones, strings after '=', ',', '[' and '{' without a space, and strings starting
  // the lines of an array are fine.
  const Settings s = parsed("[\"store\"]\nprofile=\"Ren\xC3\xA9" "e\"\n[plugins]\npaths=[\"a\",'b',\n  \"c\"\n]\n"
                            "[white]\n\"player\"=\"human\"\n");
  EXPECT_EQ(s.store.profile, "Ren\xC3\xA9" "e");
  EXPECT_EQ(s.plugin_paths.size(), 3u);
  EXPECT_EQ(parsed("[store]\nprofile='''Ren\xC3\xA9" "e'''\n").store.profile, "Ren\xC3\xA9" "e");
  EXPECT_THAT(error_of("[black.\"options\"]\nx.\"y\" = 1\n"), HasSubstr("black.options.x"));
  EXPECT_THAT(error_of("white = {\"player\"=\"human\", 'x'=1}\n"), HasSubstr("white.x"));
}

TEST(TomlGuard, TextThatIsNotAsciiIsReadOnlyWhereTomlAllowsIt) {
  // TOML++ classifies such a character as whitespace or not with a wrong table wherever it reads on from
  // a value or key (found by tests/fuzz: an accented letter after "9%%\"\"\"" or "0{'").
  EXPECT_THAT(error_of("a = 9%#\xC3\xA9\n"), StartsWith("test.toml:1:6: TOML syntax error:"));
  EXPECT_THAT(error_of("a =0{'\xD5\x8F" "5{a({\xD1\x9D{b"), StartsWith("test.toml:1:5: TOML syntax error:"));
  EXPECT_EQ(error_of("[store]\nprofile = \"x\" \xC3\xA9\n"),
            "test.toml:2:15: a character that is not ASCII outside a quoted string; TOML keys are ASCII letters, "
            "digits, '_' and '-' unless quoted (write \"caf\xC3\xA9\" = 1, not caf\xC3\xA9 = 1)");
  EXPECT_THAT(error_of("[clock]\ncaf\xC3\xA9 = 1\n"), StartsWith("test.toml:2:4: a character that is not ASCII"));
  // In strings and comments, anywhere, it is read as written.
  const Settings s = parsed("[clock]\nminutes = 7#s\xC3\xA9v\xC3\xA8re\n[store] # \xE2\x80\x94\n"
                            "profile = '\xE3\x80\x81\xEF\xBA\xBF \xD1\x9D'\n");
  EXPECT_EQ(s.clock.minutes, 7);
  EXPECT_EQ(s.store.profile, "\xE3\x80\x81\xEF\xBA\xBF \xD1\x9D");
}

TEST(TomlGuard, AnUnknownEscapeIsRefused) {
  // TOML++ classifies the character after an unknown escape (found by tests/fuzz).
  EXPECT_THAT(error_of("k = \"\"\"i\n\\\xEF\xBB\x9F\n"), StartsWith("test.toml:2:1: an unknown escape '\\\\xef'"));
  EXPECT_THAT(error_of("[store]\nprofile = \"a\\qb\"\n"), StartsWith("test.toml:2:13: an unknown escape '\\q'"));
  // Known escapes, and a line-ending backslash in a multi-line string, are read as before.
  EXPECT_EQ(parsed("[store]\nprofile = \"a\\tb\\u00e9\\\"\"\n").store.profile, "a\tb\xC3\xA9\"");
  EXPECT_EQ(parsed("[store]\nprofile = \"\"\"a \\\n   b\"\"\"\n").store.profile, "a b");
}

TEST(TomlGuard, TextEndingInsideAStringIsToldByTheParser) {
  // A backslash as the last character once made the guard read past the text (found by tests/fuzz).
  for (const char* text : {"k = \"mp\\", "a = \"\"\"x\\", "a = \"", "a = '''"})
    EXPECT_THAT(error_of(text), HasSubstr("TOML syntax error")) << text;
}

TEST(TomlGuard, ACharacterThatIsNotAsciiFirstAfterALineEndingBackslashIsRefused) {
  // TOML++ classifies the first character after a line-ending backslash's blanks (found by tests/fuzz).
  EXPECT_EQ(error_of("k = \"\"\"a \\\n\n  \xEF\xB3\xBF\"\"\"\n"),
            "test.toml:3:3: a character that is not ASCII right after a line-ending backslash");
  EXPECT_EQ(parsed("[store]\nprofile = \"\"\"a \\\n  b \xC3\xA9\"\"\"\n").store.profile, "a b \xC3\xA9");
}

TEST(TomlGuard, ADateAndASpaceBeforeSomethingThatIsNotATimeIsRefused) {
  // TOML++ takes a digit after a date and a space for the start of the time (found by tests/fuzz).
  EXPECT_THAT(error_of("a = [7167-05-27 1, 2]\n"), StartsWith("test.toml:1:6: a malformed date and time, '7167-05-27 1'"));
  EXPECT_THAT(error_of("a = {b = 42)7-05-27 7 1Z\n"),
              StartsWith("test.toml:1:10: a malformed date and time, '42)7-05-27 7'"));
  EXPECT_THAT(error_of("a = 1_979-05-27 7\n"), StartsWith("test.toml:1:5: a malformed date and time"));
  EXPECT_THAT(error_of("[clock]\nminutes = 1979-05-27 07:32:00\n"), HasSubstr("must be an integer, got date-time"));
}

}  // namespace
}  // namespace gambit::config
