// SPDX-License-Identifier: MIT
// The piece sprites (Assets::piece_image) at every size the window draws,
// from the captured pieces (16 px) up: a black piece is a dark body with light
// details, a white one a light body with dark lines, and neither is hollow
// (its body covers its silhouette, as the font's solid glyph does).
// Needs a display for OpenGL: make test runs the suite under Xvfb.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "game/gui/assets.h"
#include "tests/core/config/temp_files.h"

namespace gambit::gui {
namespace {

struct Tally {
  int opaque = 0;    // alpha >= 128
  int holes = 0;     // transparent pixels enclosed by the piece (not reachable from the border)
  int box = 0;       // the area of the opaque pixels' bounding box
  double luma = 0;   // mean luma of the opaque pixels
};

Tally tally(const sf::Image& image) {
  const int n = int(image.getSize().x);
  Tally t;
  std::vector<std::uint8_t> reached(std::size_t(n * n), 0);
  std::vector<int> stack;
  auto visit = [&](int x, int y) {
    if (x < 0 || y < 0 || x >= n || y >= n || reached[y * n + x]) return;
    if (image.getPixel(unsigned(x), unsigned(y)).a >= 128) return;
    reached[y * n + x] = 1;
    stack.push_back(y * n + x);
  };
  for (int i = 0; i < n; ++i) visit(i, 0), visit(i, n - 1), visit(0, i), visit(n - 1, i);
  while (!stack.empty()) {
    const int i = stack.back();
    stack.pop_back();
    visit(i % n + 1, i / n), visit(i % n - 1, i / n), visit(i % n, i / n + 1), visit(i % n, i / n - 1);
  }
  int left = n, right = -1, top = n, bottom = -1;
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const sf::Color c = image.getPixel(unsigned(x), unsigned(y));
      if (c.a < 128) {
        t.holes += !reached[y * n + x];
        continue;
      }
      ++t.opaque;
      left = std::min(left, x), right = std::max(right, x), top = std::min(top, y), bottom = std::max(bottom, y);
      const double luma = 0.299 * c.r + 0.587 * c.g + 0.114 * c.b;
      t.luma += luma;
    }
  if (t.opaque) t.luma /= t.opaque;
  t.box = right < 0 ? 0 : (right - left + 1) * (bottom - top + 1);
  return t;
}

TEST(PieceSprites, BlackIsMostlyDarkWhiteMostlyLightAndNoneIsHollow) {
  auto assets = Assets::load();
  ASSERT_TRUE(assets) << assets.error();
  for (const std::string set : {"dejavu", "freeserif"})
    for (unsigned size : {16u, 20u, 24u, 34u, 40u, 48u, 56u, 64u, 72u, 96u, 128u})
      for (chess::Color color : {chess::WHITE, chess::BLACK})
        for (chess::PieceType type : {chess::PAWN, chess::KNIGHT, chess::BISHOP, chess::ROOK, chess::QUEEN, chess::KING}) {
          const Tally t = tally((*assets)->piece_image(chess::make_piece(color, type), size, set));
          const std::string what = set + " " + (color == chess::WHITE ? "white " : "black ") + "PNBRQK"[type - 1] +
                                   " at " + std::to_string(size) + " px";
          SCOPED_TRACE(what);
          // Hollow pieces (the flood leaking through a gap in a thin line) covered 11-19% of their box.
          EXPECT_GE(double(t.opaque), 0.40 * t.box) << "hollow: " << t.opaque << " of " << t.box << " pixels";
          EXPECT_EQ(t.holes, 0);
          if (color == chess::WHITE) EXPECT_GE(t.luma, 100.0) << "a white piece must look light";
          else EXPECT_LE(t.luma, 90.0) << "a black piece must look dark";
        }
}

// xboard's SVG set (make deps installs xboard) is drawn from its files: light
// white pieces, dark black ones, unlike the font's drawing.
TEST(PieceSprites, XboardsSvgSetIsDrawnFromItsFiles) {
  auto assets = Assets::load();
  ASSERT_TRUE(assets) << assets.error();
  ASSERT_EQ((*assets)->piece_set_problem("xboard"), "");
  for (unsigned size : {16u, 48u, 96u})
    for (chess::Color color : {chess::WHITE, chess::BLACK})
      for (chess::PieceType type : {chess::PAWN, chess::KNIGHT, chess::BISHOP, chess::ROOK, chess::QUEEN, chess::KING}) {
        const chess::Piece piece = chess::make_piece(color, type);
        const sf::Image image = (*assets)->piece_image(piece, size, "xboard");
        SCOPED_TRACE(std::string(color == chess::WHITE ? "white " : "black ") + "PNBRQK"[type - 1] + " at " +
                     std::to_string(size) + " px");
        const Tally t = tally(image);
        EXPECT_GE(double(t.opaque), 0.25 * size * size);
        if (color == chess::WHITE) EXPECT_GE(t.luma, 100.0);
        else EXPECT_LE(t.luma, 90.0);
        const sf::Image font = (*assets)->piece_image(piece, size, "dejavu");
        EXPECT_FALSE(std::equal(image.getPixelsPtr(), image.getPixelsPtr() + size * size * 4, font.getPixelsPtr()));
      }
  EXPECT_EQ((*assets)->take_piece_set_problem(), std::nullopt);
}

// A set whose package is not installed is drawn with the first font set, and why is told once.
TEST(PieceSprites, ASetNotInstalledIsDrawnWithTheFontAndToldOnce) {
  fixtures::TempDir nothing;
  fixtures::ScopedEnv dirs("XDG_DATA_DIRS", nothing.path().c_str());
  auto assets = Assets::load();
  ASSERT_TRUE(assets) << assets.error();
  const std::string why = "The piece set cburnett comes with pychess, which is not installed (sudo apt install pychess).";
  EXPECT_EQ((*assets)->piece_set_problem("cburnett"), why);
  const sf::Image image = (*assets)->piece_image(chess::W_ROOK, 40, "cburnett");
  const sf::Image font = (*assets)->piece_image(chess::W_ROOK, 40, "dejavu");
  EXPECT_TRUE(std::equal(image.getPixelsPtr(), image.getPixelsPtr() + 40 * 40 * 4, font.getPixelsPtr()));
  EXPECT_EQ((*assets)->take_piece_set_problem(), std::pair(std::string("cburnett"), why));
  EXPECT_EQ((*assets)->take_piece_set_problem(), std::nullopt);
  (*assets)->piece_image(chess::B_QUEEN, 40, "cburnett");
  EXPECT_EQ((*assets)->take_piece_set_problem(), std::nullopt) << "the same problem is told once";
  (*assets)->piece_image(chess::B_QUEEN, 40, "merida");
  const auto other = (*assets)->take_piece_set_problem();
  ASSERT_TRUE(other) << "another set's problem is told too";
  EXPECT_EQ(other->first, "merida");
}

}  // namespace
}  // namespace gambit::gui
