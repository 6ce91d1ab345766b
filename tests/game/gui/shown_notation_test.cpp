// SPDX-License-Identifier: MIT
#include "game/gui/shown_notation.h"

#include <gtest/gtest.h>

#include "core/util/translation.h"

namespace gambit::gui {
namespace {

// With a catalogue whose letters are Russian's (tests/core/util/translation_test_ru.po).
class ShownNotation : public ::testing::Test {
 protected:
  void SetUp() override { start_translations(GAMBIT_TEST_LOCALE_DIR, "ru"); }
  void TearDown() override {
    use_own_piece_letters(false);
    use_language("en");
  }
};

TEST_F(ShownNotation, KeepsTheInternationalLettersUnlessAsked) {
  EXPECT_EQ(shown_san("Nxf3+"), "Nxf3+");
  EXPECT_EQ(shown_san("Kg1"), "Kg1");
}

TEST_F(ShownNotation, GivesTheLanguagesLettersWhenAsked) {
  use_own_piece_letters(true);
  EXPECT_EQ(shown_san("Nxf3+"), "Кxf3+");
  EXPECT_EQ(shown_san("Kg1"), "Крg1");
  EXPECT_EQ(shown_san("Qd8"), "Фd8");
  EXPECT_EQ(shown_san("e8=Q#"), "e8=Ф#");  // a promotion's piece too
  EXPECT_EQ(shown_san("bxc8=N"), "bxc8=К");  // the b-file is no bishop
  EXPECT_EQ(shown_san("O-O-O"), "O-O-O");
  EXPECT_EQ(shown_san("Rad1"), "Лad1");
}

TEST_F(ShownNotation, AnEnglishWindowKeepsItsLetters) {
  use_own_piece_letters(true);
  use_language("en");
  EXPECT_EQ(shown_san("Bb5"), "Bb5");
}

}  // namespace
}  // namespace gambit::gui
