// SPDX-License-Identifier: MIT
// render_svg: an SVG drawn at the size asked, its proportions kept and centred,
// colours exact (cairo's premultiplied pixels turned back); a file that is not
// SVG, missing or too large refused in words.
#include "game/gui/svg_picture.h"

#include <gtest/gtest.h>

#include "tests/core/config/temp_files.h"

namespace gambit::gui {
namespace {

using fixtures::TempDir;

// A 20 x 10 drawing: its left half opaque red, its right half half-transparent blue.
constexpr std::string_view TwoHalves =
    "<svg xmlns='http://www.w3.org/2000/svg' width='20' height='10' viewBox='0 0 20 10'>"
    "<rect x='0' y='0' width='10' height='10' fill='#ff0000'/>"
    "<rect x='10' y='0' width='10' height='10' fill='#0000ff' fill-opacity='0.5'/></svg>";

TEST(SvgPicture, ADrawingFitsTheSquareCentredWithItsColours) {
  TempDir dir;
  const auto image = render_svg(dir.write("halves.svg", TwoHalves), 40);
  ASSERT_TRUE(image) << image.error();
  ASSERT_EQ(image.value().getSize(), sf::Vector2u(40, 40));
  // 20 x 10 scaled to 40 x 20, centred: rows 10..29 drawn, the rest transparent.
  EXPECT_EQ(image.value().getPixel(5, 2).a, 0);
  EXPECT_EQ(image.value().getPixel(5, 37).a, 0);
  EXPECT_EQ(image.value().getPixel(5, 20), sf::Color(255, 0, 0, 255));
  const sf::Color blue = image.value().getPixel(35, 20);
  EXPECT_EQ(blue.b, 255);  // straight colour, not premultiplied
  EXPECT_EQ(blue.r, 0);
  EXPECT_NEAR(blue.a, 128, 1);
}

TEST(SvgPicture, AnySizeIsDrawnAtThatSize) {
  TempDir dir;
  const auto file = dir.write("halves.svg", TwoHalves);
  for (unsigned size : {16u, 33u, 120u}) {
    const auto image = render_svg(file, size);
    ASSERT_TRUE(image) << image.error();
    EXPECT_EQ(image.value().getSize(), sf::Vector2u(size, size));
    EXPECT_EQ(image.value().getPixel(size / 8, size / 2), sf::Color(255, 0, 0, 255)) << size;
  }
}

TEST(SvgPicture, BadFilesAreRefusedInWords) {
  TempDir dir;
  const auto text = render_svg(dir.write("note.svg", "this is not a drawing"), 32);
  ASSERT_FALSE(text);
  EXPECT_EQ(text.error().rfind("cannot draw '" + (dir.path() / "note.svg").string() + "': ", 0), 0u) << text.error();
  EXPECT_NE(text.error().back(), '\n');

  const auto empty = render_svg(dir.write("empty.svg", ""), 32);
  ASSERT_FALSE(empty);
  EXPECT_NE(empty.error().find("empty.svg"), std::string::npos) << empty.error();

  const auto missing = render_svg(dir.path() / "none.svg", 32);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("there is no such file"), std::string::npos) << missing.error();

  const auto large = render_svg(dir.write("large.svg", std::string(MaxSvgBytes + 1, ' ')), 32);
  ASSERT_FALSE(large);
  EXPECT_NE(large.error().find("more than the 1048576 a drawing may have"), std::string::npos) << large.error();
}

}  // namespace
}  // namespace gambit::gui
