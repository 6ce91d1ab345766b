// SPDX-License-Identifier: MIT
#include "core/util/translation.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace gambit {
namespace {

// Whether the caller set LANGUAGE, read before any test changes it.
const bool LanguagePreset = [] {
  const char* language = std::getenv("LANGUAGE");
  return language && *language;
}();

TEST(Fill, PutsEachValueWhereItsNameIs) {
  EXPECT_EQ(fill("{white} against {black}", {{"white", "Anna"}, {"black", "Boris"}}), "Anna against Boris");
  // A translator may turn the sentence around; the values follow their names.
  EXPECT_EQ(fill("{black}: {white}", {{"white", "Anna"}, {"black", "Boris"}}), "Boris: Anna");
  EXPECT_EQ(fill("{n} and {n}", {{"n", "3"}}), "3 and 3");
}

TEST(Fill, LeavesWhatItCannotFillAsItIs) {
  // A name without a value, an unclosed brace: shown, never a crash or another word.
  EXPECT_EQ(fill("{player} wins", {{"move", "e4"}}), "{player} wins");
  EXPECT_EQ(fill("a {broken", {{"broken", "x"}}), "a {broken");
  EXPECT_EQ(fill("{{n}} is {n}", {{"n", "5"}}), "{n} is 5");
  // A value is not filled again: a name typed by the player stays as typed.
  EXPECT_EQ(fill("{a} {b}", {{"a", "{b}"}, {"b", "x"}}), "{b} x");
}

TEST(Capitalized, MakesTheFirstLetterACapitalInAnyLanguage) {
  EXPECT_EQ(capitalized("standard chess"), "Standard chess");
  EXPECT_EQ(capitalized("échecs standard"), "Échecs standard");
  EXPECT_EQ(capitalized("ход белых"), "Ход белых");
  EXPECT_EQ(capitalized("șah"), "Șah");
  EXPECT_EQ(capitalized("übung"), "Übung");
  EXPECT_EQ(capitalized("Already"), "Already");
  EXPECT_EQ(capitalized("3+2"), "3+2");
  EXPECT_EQ(capitalized(""), "");
  EXPECT_EQ(capitalized("\xC3"), "\xC3");  // a cut character stays as it is
}

// Before any TranslationIn test in the same process (ctest runs each test alone).
TEST(Translation, IsEnglishUntilStarted) {
  // The command-line programs never start translations: every text is its English self.
  EXPECT_STREQ(tr("Play"), "Play");
  EXPECT_STREQ(trn("{n} game", "{n} games", 1), "{n} game");
  EXPECT_STREQ(trn("{n} game", "{n} games", 2), "{n} games");
  EXPECT_STREQ(trc("result", "Draw"), "Draw");
  EXPECT_EQ(current_language(), "en");
}

class TranslationIn : public ::testing::Test {
 protected:
  void SetUp() override { start_translations(GAMBIT_TEST_LOCALE_DIR, "ru"); }
  void TearDown() override { use_language("en"); }
};

TEST_F(TranslationIn, RussianTakesItsWordsFromTheCatalogue) {
  EXPECT_EQ(current_language(), "ru");
  EXPECT_STREQ(tr("Play"), "Играть");
  EXPECT_EQ(fill(tr("{player} wins on time"), {{"player", "Anna"}}), "Время вышло: побеждает Anna");
}

TEST_F(TranslationIn, RussianHasThreePluralForms) {
  EXPECT_STREQ(trn("{n} game", "{n} games", 1), "{n} партия");
  EXPECT_STREQ(trn("{n} game", "{n} games", 3), "{n} партии");
  EXPECT_STREQ(trn("{n} game", "{n} games", 5), "{n} партий");
  EXPECT_STREQ(trn("{n} game", "{n} games", 21), "{n} партия");
  EXPECT_STREQ(trn("{n} game", "{n} games", 11), "{n} партий");
}

TEST_F(TranslationIn, AContextTellsOneWordFromAnother) {
  EXPECT_STREQ(trc("result", "Draw"), "Ничья");
  EXPECT_STREQ(trc("offer", "Draw"), "Предложить ничью");
  EXPECT_STREQ(trc("button", "Draw"), "Draw");  // a context the catalogue lacks: English
}

TEST_F(TranslationIn, ATextTheCatalogueLacksIsShownInEnglish) {
  EXPECT_STREQ(tr("Resign"), "Resign");
  EXPECT_STREQ(trn("{n} move", "{n} moves", 5), "{n} moves");
}

TEST_F(TranslationIn, TheLanguageChangesWhileTheProgramRuns) {
  use_language("en");
  EXPECT_EQ(current_language(), "en");
  EXPECT_STREQ(tr("Play"), "Play");
  use_language("ru");
  EXPECT_STREQ(tr("Play"), "Играть");
  // A language without a catalogue falls back along the list, then to English.
  use_language("xx:ru");
  EXPECT_STREQ(tr("Play"), "Играть");
  use_language("xx");
  EXPECT_STREQ(tr("Play"), "Play");
}

TEST_F(TranslationIn, AutoReadsTheLocaleOfTheEnvironment) {
  // LANGUAGE was read when translations started; LANG names a locale that
  // need not be installed: its language is enough.
  if (LanguagePreset) GTEST_SKIP() << "LANGUAGE is set by the caller";
  setenv("LANG", "ru_RU.UTF-8", 1);
  unsetenv("LC_ALL");
  unsetenv("LC_MESSAGES");
  use_language("");
  EXPECT_STREQ(tr("Play"), "Играть");
  setenv("LANG", "C", 1);
  use_language("");
  EXPECT_STREQ(tr("Play"), "Play");
}

}  // namespace
}  // namespace gambit
