// SPDX-License-Identifier: MIT
// words.h: splitting at whitespace, into views or strings, and at one separator.
#include "core/util/words.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace gambit {
namespace {

using Views = std::vector<std::string_view>;

TEST(Trimmed, DropsTheWhitespaceAroundATextAndKeepsTheRest) {
  EXPECT_EQ(trimmed("  e4 e5 \t\r\n"), "e4 e5");
  EXPECT_EQ(trimmed("\f\vNf3"), "Nf3");
  EXPECT_EQ(trimmed(" \n\t "), "");
  EXPECT_EQ(trimmed(""), "");
  const std::string_view text = " x ";
  EXPECT_EQ(trimmed(text).data(), text.data() + 1) << "a view into the text";
}

TEST(WordViews, SplitAtRunsOfAnyWhitespace) {
  EXPECT_EQ(word_views("  e2e4 \t e7e5:31\r\n"), (Views{"e2e4", "e7e5:31"}));
  EXPECT_EQ(word_views("one"), (Views{"one"}));
  EXPECT_TRUE(word_views("").empty());
  EXPECT_TRUE(word_views(" \t\r\n ").empty());
}

TEST(WordViews, PointIntoTheText) {
  const std::string text = "12 1.0 startpos";
  const Views words = word_views(text);
  ASSERT_EQ(words.size(), 3u);
  EXPECT_EQ(words[2].data(), text.data() + 7);
}

TEST(SplitWords, AreTheViewsCopied) {
  const std::string text = " a  bc\td ";
  const std::vector<std::string> words = split_words(text);
  EXPECT_EQ(words, (std::vector<std::string>{"a", "bc", "d"}));
}

TEST(SplitFields, KeepEmptyFields) {
  EXPECT_EQ(split_fields("a\t\tb", '\t'), (Views{"a", "", "b"}));
  EXPECT_EQ(split_fields("", '\t'), (Views{""}));
  EXPECT_EQ(split_fields("a\t", '\t'), (Views{"a", ""}));
}

TEST(CollapseWhitespace, MakesEachRunOneSpace) {
  EXPECT_EQ(collapse_whitespace("  a \t\n b\f\vc  "), "a b c");
  EXPECT_EQ(collapse_whitespace(" \n"), "");
}

}  // namespace
}  // namespace gambit
