// SPDX-License-Identifier: MIT
// The helpers of the Scores and Replay screens that need no window: the
// standings line of the state dump, local times (widgets), home-folder paths
// and writing an exported file (user_files).
#include <gtest/gtest.h>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "core/store/store.h"
#include "core/util/local_time.h"
#include "game/gui/scores_screen.h"
#include "game/gui/user_files.h"
#include "game/gui/widgets.h"

namespace gambit::gui {
namespace {

// Sets an environment variable for one test and puts the old value back.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value) setenv(name, value, 1);
    else unsetenv(name);
    tzset();
  }
  ~ScopedEnv() {
    if (old_) setenv(name_, old_->c_str(), 1);
    else unsetenv(name_);
    tzset();
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(ScoresHelpers, StandingLine) {
  store::Standing standing{store::Standing::Kind::VsAi, "alphabeta (hard)", 3, 1, 2};
  EXPECT_EQ(standing_line(standing), "alphabeta (hard): 6 3-1-2 58%");
  standing = {store::Standing::Kind::AiVsAi, "random vs random", 0, 2, 0};
  EXPECT_EQ(standing_line(standing), "random vs random: 2 0-2-0 50%");
  standing = {store::Standing::Kind::HumanVsHuman, "human vs human", 0, 0, 0};
  EXPECT_EQ(standing_line(standing), "human vs human: 0 0-0-0 0%");
}

TEST(ScoresHelpers, LocalTimeText) {
  ScopedEnv tz("TZ", "UTC");
  EXPECT_EQ(local_time_text(0, "%Y-%m-%d %H:%M"), "1970-01-01 00:00");
  EXPECT_EQ(local_time_text(1700000000, "%Y-%m-%d %H:%M"), "2023-11-14 22:13");
  EXPECT_EQ(local_time_text(1700000000, "%Y%m%d-%H%M%S"), "20231114-221320");
}

TEST(ScoresHelpers, HomePaths) {
  {
    ScopedEnv home("HOME", "/home/ann");
    EXPECT_EQ(home_file("gambit-games.pgn"), "/home/ann/gambit-games.pgn");
    EXPECT_EQ(expand_home("~/games/a.pgn"), "/home/ann/games/a.pgn");
    EXPECT_EQ(expand_home("/tmp/a.pgn"), "/tmp/a.pgn");
    EXPECT_EQ(expand_home("a~/b.pgn"), "a~/b.pgn");
  }
  ScopedEnv no_home("HOME", nullptr);
  EXPECT_EQ(home_file("gambit-games.pgn"), "gambit-games.pgn");
}

TEST(ScoresHelpers, WriteTextFile) {
  const std::filesystem::path folder = std::filesystem::temp_directory_path() / "gambit-scores-helpers-test";
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  const std::string path = (folder / "games.pgn").string();
  EXPECT_FALSE(write_text_file(path, "old text, longer than the new one\n"));
  EXPECT_FALSE(write_text_file(path, "[Event \"x\"]\n"));
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), "[Event \"x\"]\n");

  const std::string missing = (folder / "no-such-folder" / "games.pgn").string();
  const auto problem = write_text_file(missing, "x");
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->find(missing), std::string::npos) << *problem;
  EXPECT_EQ(write_text_file("", "x"), "no file name was given");
  std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace gambit::gui
