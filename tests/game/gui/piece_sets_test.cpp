// SPDX-License-Identifier: MIT
// Where the SVG piece sets are found: the XDG data folders in order, each set's
// file names (xboard's words, pychess's and lichess's letters), and a set not
// installed or incomplete told in words.
#include "game/gui/piece_sets.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/config/settings.h"
#include "tests/core/config/temp_files.h"

namespace gambit::gui {
namespace {

namespace fs = std::filesystem;
using fixtures::ScopedEnv;
using fixtures::TempDir;

constexpr std::string_view Svg = "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>";

// Writes the twelve files of `set` under data/, named as `names` says (upper: lichess's wK.svg).
void install(const TempDir& data, const SvgPieceSet& set, bool upper = false) {
  for (chess::Color color : {chess::WHITE, chess::BLACK})
    for (int type = chess::PAWN; type <= chess::KING; ++type) {
      std::string name = piece_file("", set.names, chess::make_piece(color, chess::PieceType(type))).string();
      if (upper) name[1] = char(std::toupper(name[1]));
      data.write(std::string(set.folder) + "/" + name, Svg);
    }
}

TEST(PieceSets, EverySvgSetIsAChoiceAndFontSetsAreNone) {
  for (const SvgPieceSet& set : svg_piece_sets()) {
    EXPECT_EQ(find_svg_piece_set(set.name), &set);
    EXPECT_NE(std::ranges::find(config::PieceSets, set.name), config::PieceSets.end()) << set.name;
    EXPECT_FALSE(set.package.empty());
  }
  EXPECT_EQ(find_svg_piece_set("dejavu"), nullptr);
  EXPECT_EQ(find_svg_piece_set("freeserif"), nullptr);
  EXPECT_EQ(find_svg_piece_set("nonsense"), nullptr);
}

TEST(PieceSets, FileNamesFollowEachPackage) {
  EXPECT_EQ(piece_file("/x", PieceFileNames::Words, chess::W_KING), fs::path("/x/WhiteKing.svg"));
  EXPECT_EQ(piece_file("/x", PieceFileNames::Words, chess::B_KNIGHT), fs::path("/x/BlackKnight.svg"));
  EXPECT_EQ(piece_file("/x", PieceFileNames::Letters, chess::W_QUEEN), fs::path("/x/wq.svg"));
  EXPECT_EQ(piece_file("/x", PieceFileNames::Letters, chess::B_PAWN), fs::path("/x/bp.svg"));
}

TEST(PieceSets, DataFoldersComeFromXdgDataDirsOrTheDefault) {
  {
    ScopedEnv dirs("XDG_DATA_DIRS", "/a/share:relative/share::/b/share/");
    EXPECT_EQ(data_folders(), (std::vector<fs::path>{"/a/share", "/b/share/"}));
  }
  {
    ScopedEnv dirs("XDG_DATA_DIRS", "");
    EXPECT_EQ(data_folders(), (std::vector<fs::path>{"/usr/local/share", "/usr/share"}));
  }
  ScopedEnv dirs("XDG_DATA_DIRS", nullptr);
  EXPECT_EQ(data_folders(), (std::vector<fs::path>{"/usr/local/share", "/usr/share"}));
}

TEST(PieceSets, TheFirstFolderHoldingTheWholeSetGivesIt) {
  const SvgPieceSet& xboard = *find_svg_piece_set("xboard");
  const SvgPieceSet& cburnett = *find_svg_piece_set("cburnett");
  TempDir partial, whole, lichess;
  install(whole, xboard);
  install(whole, cburnett);
  partial.write(std::string(xboard.folder) + "/WhiteKing.svg", Svg);  // one file of twelve
  install(lichess, cburnett, /*upper=*/true);
  const std::vector<fs::path> folders{partial.path(), whole.path()};

  const auto files = find_piece_files(xboard, folders);
  ASSERT_TRUE(files) << files.error();
  EXPECT_EQ(files.value()[chess::B_QUEEN], whole.path() / xboard.folder / "BlackQueen.svg");
  EXPECT_EQ(files.value()[chess::W_KING], whole.path() / xboard.folder / "WhiteKing.svg");

  const auto capitals = find_piece_files(cburnett, std::vector<fs::path>{lichess.path()});
  ASSERT_TRUE(capitals) << capitals.error();
  EXPECT_EQ(capitals.value()[chess::W_KNIGHT], lichess.path() / cburnett.folder / "wN.svg");
}

TEST(PieceSets, AMissingOrIncompleteSetIsToldInWords) {
  const SvgPieceSet& merida = *find_svg_piece_set("merida");
  TempDir empty, partial;
  const auto missing = find_piece_files(merida, std::vector<fs::path>{empty.path()});
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error(),
            "The piece set merida comes with pychess, which is not installed (sudo apt install pychess).");
  install(partial, merida);
  fs::remove(partial.path() / merida.folder / "bk.svg");
  const auto incomplete = find_piece_files(merida, std::vector<fs::path>{partial.path()});
  ASSERT_FALSE(incomplete);
  EXPECT_EQ(incomplete.error(), "The piece set merida is incomplete: " +
                                    (partial.path() / merida.folder / "bk.svg").string() + " is missing.");
}

}  // namespace
}  // namespace gambit::gui
