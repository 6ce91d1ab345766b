// SPDX-License-Identifier: MIT
// The names the window suggests for a game's file.
#include "game/gui/user_files.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <ctime>

namespace gambit::gui {
namespace {

class GameFileName : public ::testing::Test {
 protected:
  void SetUp() override {
    ::setenv("TZ", "UTC", 1);
    ::tzset();
  }
  static constexpr std::int64_t When = 1764923400;  // 2025-12-05 08:30 UTC
};

TEST_F(GameFileName, NamesBothPlayersAndTheTime) {
  EXPECT_EQ(game_file_name("You", "alphabeta (easy)", When), "gambit-20251205-0830-you-vs-alphabeta-easy.pgn");
}

TEST_F(GameFileName, LeavesOutANameItCannotSpell) {
  EXPECT_EQ(game_file_name("Foo", "", When), "gambit-20251205-0830-foo.pgn") << "not foo-vs-player";
  EXPECT_EQ(game_file_name("", "Bar", When), "gambit-20251205-0830-bar.pgn");
  EXPECT_EQ(game_file_name("?", "!!", When), "gambit-20251205-0830.pgn");
}

}  // namespace
}  // namespace gambit::gui
