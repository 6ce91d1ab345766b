// SPDX-License-Identifier: MIT
#include "game/gui/board_marking.h"

#include <gtest/gtest.h>

#include "core/chess/position.h"

namespace gambit::gui {
namespace {

using namespace chess;
using study::ShapeColor;

TEST(BoardMarking, TheModifierKeysPickTheColourAsOnLichess) {
  EXPECT_EQ(BoardMarking::color_for(false, false), ShapeColor::Green);
  EXPECT_EQ(BoardMarking::color_for(true, false), ShapeColor::Red);
  EXPECT_EQ(BoardMarking::color_for(false, true), ShapeColor::Blue);
  EXPECT_EQ(BoardMarking::color_for(true, true), ShapeColor::Yellow);
}

TEST(BoardMarking, AClickCirclesADragDrawsAnArrowAndOffTheBoardNothing) {
  BoardMarking marking;
  marking.press(SQ_E2, ShapeColor::Green);
  EXPECT_EQ(marking.pending(SQ_E4)->to, SQ_E4);
  const auto arrow = marking.release(SQ_E4);
  ASSERT_TRUE(arrow);
  EXPECT_FALSE(arrow->circle());
  EXPECT_EQ(arrow->from, SQ_E2);
  EXPECT_FALSE(marking.pending(SQ_E4)) << "nothing is drawn once the button is up";

  marking.press(SQ_D5, ShapeColor::Red);
  const auto circle = marking.release(SQ_D5);
  ASSERT_TRUE(circle);
  EXPECT_TRUE(circle->circle());
  EXPECT_EQ(circle->color, ShapeColor::Red);

  marking.press(std::nullopt, ShapeColor::Green);  // pressed off the board
  EXPECT_FALSE(marking.release(SQ_E4));
  marking.press(SQ_E2, ShapeColor::Green);  // released off the board
  EXPECT_FALSE(marking.release(std::nullopt));
}

TEST(BoardMarking, TheSameShapeAgainTakesItAwayAnotherColourRecoloursIt) {
  BoardMarking marking;
  const Key here = Position().key(), elsewhere = 42;
  marking.toggle(here, {ShapeColor::Green, SQ_E2, SQ_E4});
  marking.toggle(here, {ShapeColor::Green, SQ_D5, SQ_D5});
  ASSERT_EQ(marking.shapes(here).arrows.size(), 1u);
  ASSERT_EQ(marking.shapes(here).circles.size(), 1u);
  EXPECT_TRUE(marking.shapes(elsewhere).arrows.empty()) << "shapes belong to the position they were drawn on";
  marking.toggle(here, {ShapeColor::Blue, SQ_E2, SQ_E4});
  ASSERT_EQ(marking.shapes(here).arrows.size(), 1u);
  EXPECT_EQ(marking.shapes(here).arrows[0].color, ShapeColor::Blue);
  marking.toggle(here, {ShapeColor::Blue, SQ_E2, SQ_E4});
  EXPECT_TRUE(marking.shapes(here).arrows.empty());
  marking.clear();
  EXPECT_TRUE(marking.shapes(here).circles.empty());
}

}  // namespace
}  // namespace gambit::gui
