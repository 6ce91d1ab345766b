// SPDX-License-Identifier: MIT
#include "core/players/options.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "tests/core/config/test_plugins.h"

namespace gambit::players {
namespace {

using fixtures::alphabeta_plugin;
using fixtures::kitchen_plugin;
using fixtures::minimax_plugin;
using fixtures::random_plugin;
using ::testing::HasSubstr;

const gambit_option_spec& spec(const gambit_plugin_descriptor& plugin, std::string_view name) {
  const gambit_option_spec* found = find_option(plugin, name);
  EXPECT_NE(found, nullptr) << name;
  return *found;
}

std::string accepted(const gambit_option_spec& option, std::string_view value) {
  Result<std::string> result = validate_option(option, value);
  EXPECT_TRUE(result.ok()) << "value " << quote_for_message(value) << ": " << (result ? "" : result.error());
  return result ? *result : "";
}

std::string refused(const gambit_option_spec& option, std::string_view value) {
  Result<std::string> result = validate_option(option, value);
  EXPECT_FALSE(result.ok()) << "value " << quote_for_message(value) << " accepted as " << (result ? *result : "");
  return result ? "" : result.error();
}

TEST(ValidateOption, IntegersComeBackCanonical) {
  const gambit_option_spec& count = spec(kitchen_plugin(), "count");
  EXPECT_EQ(accepted(count, "3"), "3");
  EXPECT_EQ(accepted(count, "-5"), "-5");
  EXPECT_EQ(accepted(count, "5"), "5");
  EXPECT_EQ(accepted(count, "004"), "4");
  EXPECT_EQ(accepted(count, "-0"), "0");
}

TEST(ValidateOption, IntegerOutOfRangeNamesOptionValueAndRange) {
  EXPECT_EQ(refused(spec(minimax_plugin(), "depth"), "9"), "option 'depth' = 9 is out of range 1..6");
  EXPECT_EQ(refused(spec(minimax_plugin(), "depth"), "0"), "option 'depth' = 0 is out of range 1..6");
  EXPECT_EQ(refused(spec(kitchen_plugin(), "count"), "-6"), "option 'count' = -6 is out of range -5..5");
}

TEST(ValidateOption, IntegerOverflowIsOutOfRange) {
  const gambit_option_spec& seed = spec(random_plugin(), "seed");
  EXPECT_EQ(accepted(seed, "9223372036854775807"), "9223372036854775807");
  EXPECT_EQ(refused(seed, "9223372036854775808"),
            "option 'seed' = 9223372036854775808 is out of range 0..9223372036854775807");
  EXPECT_THAT(refused(seed, "99999999999999999999999999999999999999999999999999"), HasSubstr("out of range"));
  EXPECT_THAT(refused(seed, "-99999999999999999999"), HasSubstr("out of range"));

  const gambit_option_spec full{"any", "", GAMBIT_OPTION_INT, INT64_MIN, INT64_MAX, "0", nullptr, 0};
  EXPECT_EQ(accepted(full, "-9223372036854775808"), "-9223372036854775808");
  EXPECT_THAT(refused(full, "-9223372036854775809"), HasSubstr("out of range"));
}

TEST(ValidateOption, IntegerSyntaxIsStrict) {
  const gambit_option_spec& depth = spec(minimax_plugin(), "depth");
  for (std::string_view junk : {"", "-", "+3", " 3", "3 ", "3x", "0x3", "1e3", "3.0", "--3", "three", "٣"})
    EXPECT_THAT(refused(depth, junk), HasSubstr("is not an integer (expected 1..6)")) << quote_for_message(junk);
  EXPECT_EQ(refused(depth, "abc"), "option 'depth' = 'abc' is not an integer (expected 1..6)");
}

TEST(ValidateOption, BooleansAreExactlyTrueOrFalse) {
  const gambit_option_spec& ponder = spec(kitchen_plugin(), "ponder");
  EXPECT_EQ(accepted(ponder, "true"), "true");
  EXPECT_EQ(accepted(ponder, "false"), "false");
  for (std::string_view other : {"yes", "no", "1", "0", "on", "True", "FALSE", "", " true"})
    EXPECT_THAT(refused(ponder, other), HasSubstr("is not a boolean (expected true or false)"));
}

TEST(ValidateOption, ChoicesMustMatchExactly) {
  const gambit_option_spec& style = spec(kitchen_plugin(), "style");
  EXPECT_EQ(accepted(style, "sharp"), "sharp");
  EXPECT_EQ(refused(style, "Sharp"), "option 'style' = 'Sharp' is not one of solid, sharp");
  EXPECT_THAT(refused(style, ""), HasSubstr("is not one of solid, sharp"));
  const gambit_option_spec no_choices{"empty", "", GAMBIT_OPTION_CHOICE, 0, 0, "", nullptr, 3};
  EXPECT_THAT(refused(no_choices, "x"), HasSubstr("is not one of none"));
}

TEST(ValidateOption, StringsAreUtf8WithoutNulAndMayBeEmpty) {
  const gambit_option_spec& book = spec(kitchen_plugin(), "book");
  EXPECT_EQ(accepted(book, "my book.bin"), "my book.bin");
  EXPECT_EQ(accepted(book, "r\xC3\xA9pertoire"), "r\xC3\xA9pertoire");
  EXPECT_EQ(accepted(book, ""), "") << "an empty text is a value too (no arguments, no settings)";
  EXPECT_EQ(refused(book, "bad\xFF"), "option 'book' = 'bad\\xff' is not valid UTF-8");
  EXPECT_THAT(refused(book, std::string_view("a\0b", 3)), HasSubstr("NUL"));
}

TEST(ValidateOption, UnknownTypeInSchemaIsRefused) {
  const gambit_option_spec odd{"odd", "", 42, 0, 0, "", nullptr, 0};
  EXPECT_THAT(refused(odd, "1"), HasSubstr("unknown type (42)"));
}

TEST(Utf8, WellFormedOnly) {
  EXPECT_TRUE(is_valid_utf8(""));
  EXPECT_TRUE(is_valid_utf8("plain"));
  EXPECT_TRUE(is_valid_utf8("\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80"));  // é € 😀
  EXPECT_TRUE(is_valid_utf8("\xF4\x8F\xBF\xBF"));                      // U+10FFFF
  EXPECT_FALSE(is_valid_utf8("\xC0\x80"));                             // overlong NUL
  EXPECT_FALSE(is_valid_utf8("\xE0\x80\x80"));                         // overlong
  EXPECT_FALSE(is_valid_utf8("\xF0\x80\x80\x80"));                     // overlong
  EXPECT_FALSE(is_valid_utf8("\xED\xA0\x80"));                         // surrogate
  EXPECT_FALSE(is_valid_utf8("\xF4\x90\x80\x80"));                     // above U+10FFFF
  EXPECT_FALSE(is_valid_utf8("\xC3"));                                 // cut short
  EXPECT_FALSE(is_valid_utf8("\xE2\x82"));                             // cut short
  EXPECT_FALSE(is_valid_utf8("\x80"));                                 // lone continuation
  EXPECT_FALSE(is_valid_utf8("\xC3\x28"));                             // bad continuation
  EXPECT_FALSE(is_valid_utf8("\xFF"));
}

TEST(ResolveOptions, LevelPresetsThenUserValues) {
  Result<OptionList> options =
      resolve_options(alphabeta_plugin(), "1400", {{"movetime_ms", "2000"}, {"hash_mb", "0128"}});
  ASSERT_TRUE(options.ok()) << options.error();
  const OptionList expected{{"depth", "6"}, {"movetime_ms", "2000"}, {"hash_mb", "128"}};
  EXPECT_EQ(*options, expected);
}

TEST(ResolveOptions, NoLevelMeansUserValuesOnly) {
  Result<OptionList> options = resolve_options(alphabeta_plugin(), "", {{"depth", "9"}});
  ASSERT_TRUE(options.ok()) << options.error();
  EXPECT_EQ(*options, (OptionList{{"depth", "9"}}));
  Result<OptionList> none = resolve_options(random_plugin(), "", {});
  ASSERT_TRUE(none.ok()) << none.error();
  EXPECT_TRUE(none->empty());
}

TEST(ResolveOptions, UnknownLevelListsTheLevels) {
  Result<OptionList> options = resolve_options(alphabeta_plugin(), "expert", {});
  ASSERT_FALSE(options.ok());
  EXPECT_EQ(options.error(), "plugin 'alphabeta' has no level 'expert'; its levels are 1000, 1200, 1400, 2200, max");
  Result<OptionList> none = resolve_options(random_plugin(), "easy", {});
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error(), "plugin 'random' has no level 'easy'; its levels are none");
}

TEST(ResolveOptions, UnknownOptionListsTheOptions) {
  Result<OptionList> options = resolve_options(alphabeta_plugin(), "", {{"dpth", "3"}});
  ASSERT_FALSE(options.ok());
  EXPECT_EQ(options.error(), "plugin 'alphabeta' has no option 'dpth'; its options are depth, movetime_ms, hash_mb");
}

TEST(ResolveOptions, DuplicateOptionIsRefused) {
  Result<OptionList> options = resolve_options(minimax_plugin(), "", {{"depth", "3"}, {"depth", "4"}});
  ASSERT_FALSE(options.ok());
  EXPECT_EQ(options.error(), "option 'depth' is given twice");
}

TEST(ResolveOptions, InvalidValueIsRefused) {
  Result<OptionList> options = resolve_options(minimax_plugin(), "easy", {{"depth", "7"}});
  ASSERT_FALSE(options.ok());
  EXPECT_EQ(options.error(), "option 'depth' = 7 is out of range 1..6");
}

TEST(ResolveOptions, BrokenLevelOfAPluginIsReportedNotTrusted) {
  Result<OptionList> options = resolve_options(kitchen_plugin(), "broken", {});
  ASSERT_FALSE(options.ok());
  EXPECT_EQ(options.error(), "level 'broken' of plugin 'kitchen' sets an unknown option 'colour'");
  Result<OptionList> sharp = resolve_options(kitchen_plugin(), "sharp", {{"style", "solid"}, {"ponder", "true"}});
  ASSERT_TRUE(sharp.ok()) << sharp.error();
  EXPECT_EQ(*sharp, (OptionList{{"style", "solid"}, {"count", "3"}, {"ponder", "true"}}));
}

TEST(ResolveOptions, NullPointersInADescriptorReadAsEmpty) {
  gambit_plugin_descriptor hollow = alphabeta_plugin();
  hollow.id = nullptr;
  hollow.options = nullptr;  // option_count still says 3
  hollow.levels = nullptr;   // level_count still says 4
  Result<OptionList> options = resolve_options(hollow, "easy", {{"depth", "3"}});
  ASSERT_FALSE(options.ok());
  EXPECT_EQ(options.error(), "plugin '' has no level 'easy'; its levels are none");
  EXPECT_EQ(option_names(hollow), "none");
  EXPECT_FALSE(describe_options(hollow).empty());
}

TEST(ParseOptionAssignment, SplitsAtTheFirstEquals) {
  Result<std::pair<std::string, std::string>> a = parse_option_assignment("depth=4");
  ASSERT_TRUE(a.ok()) << a.error();
  EXPECT_EQ(a->first, "depth");
  EXPECT_EQ(a->second, "4");
  Result<std::pair<std::string, std::string>> b = parse_option_assignment("book=a=b");
  ASSERT_TRUE(b.ok()) << b.error();
  EXPECT_EQ(b->first, "book");
  EXPECT_EQ(b->second, "a=b");
  Result<std::pair<std::string, std::string>> empty = parse_option_assignment("book=");
  ASSERT_TRUE(empty.ok()) << empty.error();
  EXPECT_EQ(empty->second, "");
  EXPECT_EQ(parse_option_assignment("depth").error(), "option 'depth' has no '='; expected NAME=VALUE");
  EXPECT_EQ(parse_option_assignment("=4").error(), "option '=4' has no name; expected NAME=VALUE");
}

TEST(DescribeOptions, ListsEveryOptionAndLevel) {
  const std::string text = describe_options(alphabeta_plugin());
  EXPECT_THAT(text, HasSubstr("Options of alphabeta:")) << text;
  EXPECT_THAT(text, HasSubstr("depth")) << text;
  EXPECT_THAT(text, HasSubstr("integer 1..64, default 64: Deepest iteration")) << text;
  EXPECT_THAT(text, HasSubstr("integer 1..4096, default 64: Transposition table size")) << text;
  EXPECT_THAT(text, HasSubstr("Levels:")) << text;
  EXPECT_THAT(text, HasSubstr("depth=2 movetime_ms=50: Casual player")) << text;
  EXPECT_THAT(text, HasSubstr("movetime_ms=5000 hash_mb=256: Everything it has")) << text;

  const std::string kitchen = describe_options(kitchen_plugin());
  EXPECT_THAT(kitchen, HasSubstr("true/false, default false")) << kitchen;
  EXPECT_THAT(kitchen, HasSubstr("one of solid, sharp, default solid")) << kitchen;
  EXPECT_THAT(kitchen, HasSubstr("text, default book.bin: Opening book file")) << kitchen;
  EXPECT_EQ(describe_options(random_plugin()).find("Levels:"), std::string::npos);
}

}  // namespace
}  // namespace gambit::players
