// SPDX-License-Identifier: MIT
// The file chooser's listing: folders first, the wanted files, Tab completion, recent files.
#include "game/gui/file_listing.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace gambit::gui {
namespace {

namespace fs = std::filesystem;

class FileListing : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gambit-files-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "games" / "club");
    fs::create_directories(dir_ / "Archive");
    fs::create_directories(dir_ / ".hidden");
    for (const char* name : {"game1.pgn", "game2.PGN", "notes.txt", "start.fen", ".secret.pgn"})
      std::ofstream(dir_ / name) << "x\n";
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string at(const std::string& name) const { return (dir_ / name).string(); }

  fs::path dir_;
};

TEST_F(FileListing, FoldersFirstThenTheWantedFilesByNameWithoutHiddenOnes) {
  const std::vector<FolderEntry> expected{
      {"Archive", true}, {"games", true}, {"game1.pgn", false}, {"game2.PGN", false}, {"start.fen", false}};
  EXPECT_EQ(folder_entries(dir_, {".pgn", ".fen"}), expected);
  EXPECT_EQ(folder_entries(dir_, {}).size(), 6u) << "every file when no extension is asked for";
  std::string problem;
  EXPECT_TRUE(folder_entries(dir_ / "nothing", {".pgn"}, &problem).empty());
  EXPECT_NE(problem.find("cannot read the folder"), std::string::npos) << problem;
}

TEST_F(FileListing, TabCompletesAsFarAsTheEntriesAgree) {
  const std::vector<std::string> pgn{".pgn", ".fen"};
  EXPECT_EQ(complete_path(at("ga"), pgn), at("game")) << "games/, game1.pgn and game2.PGN agree on 'game'";
  EXPECT_EQ(complete_path(at("games"), pgn), at("games/")) << "only the folder begins so";
  EXPECT_EQ(complete_path(at("game"), pgn), at("game")) << "three begin so: nothing more in common";
  EXPECT_EQ(complete_path(at("Ar"), pgn), at("Archive/")) << "one folder: its name and a slash";
  EXPECT_EQ(complete_path(at("games/c"), pgn), at("games/club/"));
  EXPECT_EQ(complete_path(at("st"), pgn), at("start.fen"));
  EXPECT_EQ(complete_path(at("no"), pgn), at("no")) << "notes.txt is not a game file";
  EXPECT_EQ(complete_path(at("zz"), pgn), at("zz")) << "nothing begins so: unchanged";
}

TEST(ParentFolder, TheFolderAboveEndingWithASlashAndNoneAtTheRoot) {
  EXPECT_EQ(parent_folder("/home/u/games/"), "/home/u/");
  EXPECT_EQ(parent_folder("/home/u/games"), "/home/u/");
  EXPECT_EQ(parent_folder("/home/u/games/../club/"), "/home/u/");
  EXPECT_EQ(parent_folder("/home/"), "/");
  EXPECT_EQ(parent_folder("/"), std::nullopt);
}

TEST_F(FileListing, RecentFilesNewestFirstWithoutDuplicatesOrVanishedFiles) {
  const fs::path kept = dir_ / "state" / "recent";
  EXPECT_TRUE(read_recent_files(kept).empty());
  EXPECT_FALSE(add_recent_file(kept, at("game1.pgn")));
  EXPECT_FALSE(add_recent_file(kept, at("start.fen")));
  EXPECT_FALSE(add_recent_file(kept, at("game1.pgn")));
  EXPECT_EQ(read_recent_files(kept), (std::vector<std::string>{at("game1.pgn"), at("start.fen")}));
  fs::remove(dir_ / "start.fen");
  EXPECT_EQ(read_recent_files(kept), (std::vector<std::string>{at("game1.pgn")})) << "a file since removed is left out";
  EXPECT_FALSE(add_recent_file(kept, at("game2.PGN"), 1));
  EXPECT_EQ(read_recent_files(kept), (std::vector<std::string>{at("game2.PGN")})) << "at most the limit";
}

}  // namespace
}  // namespace gambit::gui
