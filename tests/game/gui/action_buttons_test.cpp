// SPDX-License-Identifier: MIT
// ActionButtons: a click comes back as the action of the button it was
// released over (none when the button is disabled or the click missed), a
// button is found by its action whatever its place, the help line is the
// hovered button's tooltip, and the grid and the rows place every button
// where the screen asked, without overlap.
#include <gtest/gtest.h>

#include "game/gui/action_buttons.h"

namespace gambit::gui {
namespace {

enum class Act { Undo, Flip, Menu, Hint };

sf::Event release_at(float x, float y) {
  sf::Event e{};
  e.type = sf::Event::MouseButtonReleased;
  e.mouseButton.button = sf::Mouse::Left;
  e.mouseButton.x = int(x);
  e.mouseButton.y = int(y);
  return e;
}

sf::Event move_to(float x, float y) {
  sf::Event e{};
  e.type = sf::Event::MouseMoved;
  e.mouseMove.x = int(x);
  e.mouseMove.y = int(y);
  return e;
}

sf::Vector2f centre(const Button& b) { return {b.rect.left + b.rect.width / 2, b.rect.top + b.rect.height / 2}; }

ActionButtons<Act> three() {
  ActionButtons<Act> buttons;
  buttons.add(Act::Undo, "Undo", "Take back (Ctrl+Z)");
  buttons.add(Act::Flip, "Flip", "Turn the board (F)");
  buttons.add(Act::Menu, "Menu", "Back to the menu (Esc)");
  buttons.place_grid(100, 400, 300, 3, 36, 8);
  return buttons;
}

TEST(ActionButtons, AClickComesBackAsTheActionOfItsButton) {
  ActionButtons<Act> buttons = three();
  for (Act act : {Act::Undo, Act::Flip, Act::Menu}) {
    const sf::Vector2f c = centre(buttons[act]);
    EXPECT_EQ(buttons.clicked(release_at(c.x, c.y)), act);
  }
  EXPECT_EQ(buttons.clicked(release_at(50, 50)), std::nullopt);
  buttons[Act::Flip].enabled = false;
  const sf::Vector2f c = centre(buttons[Act::Flip]);
  EXPECT_EQ(buttons.clicked(release_at(c.x, c.y)), std::nullopt) << "a disabled button takes no click";
}

TEST(ActionButtons, AButtonIsFoundByItsActionNotItsPlace) {
  ActionButtons<Act> buttons;
  buttons.add(Act::Hint, "Hint", "");
  buttons.add(Act::Undo, "Undo", "");
  EXPECT_EQ(buttons[Act::Undo].label, "Undo");
  EXPECT_EQ(buttons[Act::Hint].label, "Hint");
  buttons[Act::Undo].label = "Take back";
  EXPECT_EQ(buttons.front().label, "Hint");
  EXPECT_EQ(buttons.size(), 2u);
}

TEST(ActionButtons, TheHelpLineIsTheHoveredButtonsTooltip) {
  ActionButtons<Act> buttons = three();
  EXPECT_EQ(buttons.help("Drag the pieces"), "Drag the pieces");
  const sf::Vector2f c = centre(buttons[Act::Menu]);
  EXPECT_EQ(buttons.clicked(move_to(c.x, c.y)), std::nullopt) << "a move is not a click";
  EXPECT_EQ(buttons.help("Drag the pieces"), "Back to the menu (Esc)");
  buttons.clicked(move_to(10, 10));
  EXPECT_EQ(buttons.help("Drag the pieces"), "Drag the pieces");
}

TEST(ActionButtons, TheGridFillsRowsOfColumnsWithoutOverlap) {
  ActionButtons<Act> buttons = three();
  buttons.add(Act::Hint, "Hint", "");
  buttons.place_grid(100, 400, 300, 3, 36, 8);
  EXPECT_EQ(buttons.rows(3), 2u);
  EXPECT_EQ(buttons[Act::Undo].rect.left, 100);
  EXPECT_EQ(buttons[Act::Undo].rect.top, 400);
  EXPECT_EQ(buttons[Act::Hint].rect.left, 100) << "the fourth starts the second row";
  EXPECT_EQ(buttons[Act::Hint].rect.top, 444);
  EXPECT_LE(buttons[Act::Undo].rect.left + buttons[Act::Undo].rect.width, buttons[Act::Flip].rect.left - 7);
  EXPECT_LE(buttons[Act::Menu].rect.left + buttons[Act::Menu].rect.width, 401);
}

TEST(ActionButtons, ARowGivesEachButtonItsShareOfTheWidth) {
  ActionButtons<Act> buttons = three();
  constexpr float Shares[] = {0.5f, 0.25f, 0.25f};
  buttons.place_row({Act::Menu, Act::Undo, Act::Flip}, Shares, 10, 20, 216, 30, 8);
  EXPECT_EQ(buttons[Act::Menu].rect, sf::FloatRect(10, 20, 100, 30));
  EXPECT_EQ(buttons[Act::Undo].rect, sf::FloatRect(118, 20, 50, 30));
  EXPECT_EQ(buttons[Act::Flip].rect, sf::FloatRect(176, 20, 50, 30));
}

}  // namespace
}  // namespace gambit::gui
