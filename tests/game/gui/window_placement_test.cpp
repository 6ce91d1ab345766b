// SPDX-License-Identifier: MIT
#include "game/gui/window_placement.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace gambit::gui {
namespace {

namespace fs = std::filesystem;

class WindowPlacementFile : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("gambit-placement-" + std::to_string(::getpid()));
    fs::remove_all(folder_);
  }
  void TearDown() override { fs::remove_all(folder_); }
  fs::path file() const { return folder_ / "state" / "gambit" / "window"; }
  void write(const std::string& text) const {
    fs::create_directories(file().parent_path());
    std::ofstream(file()) << text;
  }
  fs::path folder_;
};

TEST_F(WindowPlacementFile, IsWrittenAndReadBackMakingItsFolder) {
  const WindowPlacement placement{-40, 120, 1300, 900};
  EXPECT_EQ(write_window_placement(file(), placement), std::nullopt);
  EXPECT_EQ(read_window_placement(file()), placement);
}

TEST_F(WindowPlacementFile, MissingOrDamagedIsNone) {
  EXPECT_EQ(read_window_placement(file()), std::nullopt);
  for (const char* text : {"", "# only a comment\n", "10 20 800\n", "10 20 800 600 5\n", "a b c d\n",
                           "10 20 0 600\n", "10 20 800 -600\n", "10 20 99999999 600\n"}) {
    write(text);
    EXPECT_EQ(read_window_placement(file()), std::nullopt) << text;
  }
  write("# a comment first\n5 6 900 700\n");
  EXPECT_EQ(read_window_placement(file()), (WindowPlacement{5, 6, 900, 700}));
}

TEST_F(WindowPlacementFile, AnUnwritableFolderIsSaidInWords) {
  write("");
  const fs::path inside_a_file = file() / "window";
  const auto problem = write_window_placement(inside_a_file, {0, 0, 800, 600});
  ASSERT_TRUE(problem.has_value());
  EXPECT_NE(problem->find(inside_a_file.string()), std::string::npos) << *problem;
}

TEST(FitToScreen, APlacementThatFitsIsKept) {
  EXPECT_EQ(fit_to_screen({100, 50, 1120, 780}, 1920, 1080, 800, 600), (WindowPlacement{100, 50, 1120, 780}));
}

TEST(FitToScreen, AWindowFromALargerScreenOpensWholeOnASmallerOne) {
  // Saved at 2400x1500 near the right edge of a 4K screen; opened on 1366x768.
  EXPECT_EQ(fit_to_screen({3000, 400, 2400, 1500}, 1366, 768, 800, 600), (WindowPlacement{0, 0, 1366, 768}));
  EXPECT_EQ(fit_to_screen({1000, 500, 900, 700}, 1366, 768, 800, 600), (WindowPlacement{466, 68, 900, 700}));
}

TEST(FitToScreen, NeverBelowTheMinimumNorOffTheTopLeft) {
  EXPECT_EQ(fit_to_screen({-300, -20, 300, 200}, 1920, 1080, 800, 600), (WindowPlacement{0, 0, 800, 600}));
  // A screen smaller than the minimum: the minimum size, at the corner.
  EXPECT_EQ(fit_to_screen({50, 50, 1000, 700}, 640, 480, 800, 600), (WindowPlacement{0, 0, 800, 600}));
}

TEST(FirstPlacement, WholeAndCentredOnTheScreensPlayersHave) {
  EXPECT_EQ(first_placement(1600, 1000, 800, 600), (WindowPlacement{240, 110, 1120, 780}));
  EXPECT_EQ(first_placement(1920, 1080, 800, 600), (WindowPlacement{400, 150, 1120, 780}));
  // 1366x768: 80% of the height, so the title bar and a panel fit too.
  EXPECT_EQ(first_placement(1366, 768, 800, 600), (WindowPlacement{123, 77, 1120, 614}));
  EXPECT_EQ(first_placement(1024, 700, 800, 600), (WindowPlacement{51, 50, 921, 600}));
  EXPECT_EQ(first_placement(640, 480, 800, 600), (WindowPlacement{0, 0, 800, 600})) << "never below the minimum";
}

}  // namespace
}  // namespace gambit::gui
