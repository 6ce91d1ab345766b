// SPDX-License-Identifier: MIT
#include "game/gui/keyboard_focus.h"

#include <gtest/gtest.h>

namespace gambit::gui {
namespace {

using Kind = KeyboardFocus::Kind;

sf::Event key(sf::Keyboard::Key code, bool shift = false, bool control = false) {
  sf::Event event{};
  event.type = sf::Event::KeyPressed;
  event.key.code = code;
  event.key.shift = shift;
  event.key.control = control;
  return event;
}

// One frame drawing three buttons and a choice, as the widgets report them.
void frame(KeyboardFocus& focus, bool with_dialog = false, bool without_second = false) {
  focus.begin_frame();
  EXPECT_EQ(KeyboardFocus::active(), &focus);
  focus.add({Kind::Button, "button Play", {10, 10, 100, 40}, {}, {}});
  if (!without_second) focus.add({Kind::Button, "button Scores", {10, 60, 100, 40}, {}, {}});
  focus.add({Kind::Choice, "choice Level", {10, 110, 200, 40}, {10, 110, 100, 40}, {110, 110, 100, 40}});
  if (with_dialog) {
    focus.cover({0, 0, 800, 600});
    focus.add({Kind::Button, "button OK", {300, 300, 80, 40}, {}, {}});
    focus.add({Kind::Button, "button Cancel", {400, 300, 80, 40}, {}, {}});
  }
  focus.end_frame();
  EXPECT_EQ(KeyboardFocus::active(), nullptr);
}

TEST(KeyboardFocus, TabGoesThroughTheControlsInDrawingOrderAndRoundAgain) {
  KeyboardFocus focus;
  frame(focus);
  EXPECT_EQ(focus.focused_name(), "");
  for (const char* expected : {"button Play", "button Scores", "choice Level", "button Play"}) {
    ASSERT_TRUE(focus.handle(key(sf::Keyboard::Tab)));
    EXPECT_EQ(focus.focused_name(), expected);
  }
  focus.handle(key(sf::Keyboard::Tab, true));
  EXPECT_EQ(focus.focused_name(), "choice Level");  // Shift+Tab goes back, round the end
  // The screen gets the pointer over the control reached: it shows that control's help.
  const auto over = focus.handle(key(sf::Keyboard::Tab, true));
  ASSERT_TRUE(over);
  ASSERT_EQ(over->size(), 1u);
  EXPECT_EQ(over->front().type, sf::Event::MouseMoved);
  EXPECT_EQ(over->front().mouseMove.x, 60);
  EXPECT_EQ(over->front().mouseMove.y, 80);
  // Ctrl+Tab belongs to the screen (Settings' tabs).
  EXPECT_FALSE(focus.handle(key(sf::Keyboard::Tab, false, true)));
}

TEST(KeyboardFocus, EnterPressesTheFocusedButtonWithAClickAtItsCentre) {
  KeyboardFocus focus;
  frame(focus);
  EXPECT_FALSE(focus.handle(key(sf::Keyboard::Enter)));  // nothing focused: the screen's Enter
  focus.handle(key(sf::Keyboard::Tab));
  const auto click = focus.handle(key(sf::Keyboard::Enter));
  ASSERT_TRUE(click);
  ASSERT_EQ(click->size(), 3u);
  EXPECT_EQ((*click)[0].type, sf::Event::MouseMoved);
  EXPECT_EQ((*click)[1].type, sf::Event::MouseButtonPressed);
  EXPECT_EQ((*click)[2].type, sf::Event::MouseButtonReleased);
  EXPECT_EQ((*click)[2].mouseButton.x, 60);
  EXPECT_EQ((*click)[2].mouseButton.y, 30);
  // Left and Right are the screen's while a button has the focus.
  EXPECT_FALSE(focus.handle(key(sf::Keyboard::Left)));
}

TEST(KeyboardFocus, LeftAndRightStepAFocusedChoice) {
  KeyboardFocus focus;
  frame(focus);
  focus.handle(key(sf::Keyboard::Tab, true));  // the last: the choice
  ASSERT_EQ(focus.focused_name(), "choice Level");
  const auto less = focus.handle(key(sf::Keyboard::Left));
  ASSERT_TRUE(less);
  EXPECT_EQ(less->back().mouseButton.x, 60);  // the left half
  const auto more = focus.handle(key(sf::Keyboard::Right));
  EXPECT_EQ(more->back().mouseButton.x, 160);  // the right half
}

TEST(KeyboardFocus, ADialogLeavesOnlyItsOwnControlsWithinReach) {
  KeyboardFocus focus;
  frame(focus, true);
  for (const char* expected : {"button OK", "button Cancel", "button OK"}) {
    focus.handle(key(sf::Keyboard::Tab));
    EXPECT_EQ(focus.focused_name(), expected);
  }
}

TEST(KeyboardFocus, AControlThatGoesAwayTakesTheFocusWithIt) {
  KeyboardFocus focus;
  frame(focus);
  focus.handle(key(sf::Keyboard::Tab));
  focus.handle(key(sf::Keyboard::Tab));
  ASSERT_EQ(focus.focused_name(), "button Scores");
  frame(focus, false, true);
  EXPECT_EQ(focus.focused_name(), "");
  // A mouse press hides the focus too.
  focus.handle(key(sf::Keyboard::Tab));
  sf::Event press{};
  press.type = sf::Event::MouseButtonPressed;
  EXPECT_FALSE(focus.handle(press));
  EXPECT_EQ(focus.focused_name(), "");
}

TEST(KeyboardFocus, TypingGivesEnterBackToTheText) {
  // Tab to a button, then type a move into the move box: its Enter plays the move.
  KeyboardFocus focus;
  frame(focus);
  focus.handle(key(sf::Keyboard::Tab));
  sf::Event typed{};
  typed.type = sf::Event::TextEntered;
  typed.text.unicode = 'e';
  EXPECT_FALSE(focus.handle(typed));
  EXPECT_EQ(focus.focused_name(), "");
  EXPECT_FALSE(focus.handle(key(sf::Keyboard::Enter)));
  EXPECT_FALSE(focus.handle(key(sf::Keyboard::Space)));
}

TEST(KeyboardFocus, APathFieldKeepsTab) {
  KeyboardFocus focus;
  focus.begin_frame();
  focus.add({Kind::Button, "button OK", {0, 0, 10, 10}, {}, {}});
  focus.keep_tab();
  focus.end_frame();
  EXPECT_FALSE(focus.handle(key(sf::Keyboard::Tab)));  // the field completes with it
}

}  // namespace
}  // namespace gambit::gui
