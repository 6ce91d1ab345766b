// SPDX-License-Identifier: MIT
// TextField edits as text fields do: typing at a cursor, Left/Right/Home/End,
// Backspace and Delete by whole UTF-8 characters, Ctrl+Backspace a word,
// Ctrl+A then typing replaces everything, Enter reported.
#include <gtest/gtest.h>

#include "game/gui/widgets.h"

namespace gambit::gui {
namespace {

sf::Event typed(sf::Uint32 c) {
  sf::Event e{};
  e.type = sf::Event::TextEntered;
  e.text.unicode = c;
  return e;
}

sf::Event key(sf::Keyboard::Key code, bool control = false) {
  sf::Event e{};
  e.type = sf::Event::KeyPressed;
  e.key.code = code;
  e.key.control = control;
  return e;
}

void type(TextField& field, const std::string& ascii) {
  for (char c : ascii) EXPECT_EQ(field.handle(typed(sf::Uint32(c))), TextField::Input::Edited);
}

TEST(TextField, TypesAtTheCursorAndMovesIt) {
  TextField field;
  type(field, "Nf3");
  EXPECT_EQ(field.text(), "Nf3");
  field.handle(key(sf::Keyboard::Left));
  field.handle(key(sf::Keyboard::Left));
  type(field, "x");
  EXPECT_EQ(field.text(), "Nxf3");
  field.handle(key(sf::Keyboard::Home));
  type(field, ">");
  EXPECT_EQ(field.text(), ">Nxf3");
  field.handle(key(sf::Keyboard::Delete));
  EXPECT_EQ(field.text(), ">xf3");
  field.handle(key(sf::Keyboard::End));
  field.handle(key(sf::Keyboard::BackSpace));
  EXPECT_EQ(field.text(), ">xf");
  EXPECT_EQ(field.handle(key(sf::Keyboard::Enter)), TextField::Input::Enter);
  EXPECT_EQ(field.handle(typed(8)), TextField::Input::Ignored) << "control characters arrive as keys";
  EXPECT_EQ(field.handle(key(sf::Keyboard::F)), TextField::Input::Ignored) << "a letter key is typed as text";
}

TEST(TextField, CtrlBackspaceDeletesAWordAndCtrlASelectsAll) {
  TextField field;
  field.set_text("/home/ann/games/old.pgn");
  field.handle(key(sf::Keyboard::BackSpace, true));
  EXPECT_EQ(field.text(), "/home/ann/games/");
  field.handle(key(sf::Keyboard::BackSpace, true));
  EXPECT_EQ(field.text(), "/home/ann/games");
  field.set_text("load this game");
  field.handle(key(sf::Keyboard::BackSpace, true));
  EXPECT_EQ(field.text(), "load this ");
  field.handle(key(sf::Keyboard::BackSpace, true));
  EXPECT_EQ(field.text(), "load ");

  field.handle(key(sf::Keyboard::A, true));
  type(field, "e4");
  EXPECT_EQ(field.text(), "e4") << "typing replaces what Ctrl+A selected";
  field.handle(key(sf::Keyboard::A, true));
  field.handle(key(sf::Keyboard::BackSpace));
  EXPECT_EQ(field.text(), "");
  field.set_text("abc");
  field.handle(key(sf::Keyboard::A, true));
  field.handle(key(sf::Keyboard::Left));
  type(field, "x");
  EXPECT_EQ(field.text(), "xabc") << "Left after Ctrl+A goes to the start and deselects";
}

TEST(TextField, EditsWholeUtf8Characters) {
  TextField field;
  field.handle(typed(0x00E9));  // é, two bytes
  type(field, "t");
  field.handle(typed(0x00E9));
  EXPECT_EQ(field.text(), "\xC3\xA9t\xC3\xA9");
  field.handle(key(sf::Keyboard::Left));
  field.handle(key(sf::Keyboard::Left));
  field.handle(key(sf::Keyboard::BackSpace));
  EXPECT_EQ(field.text(), "t\xC3\xA9");
  field.handle(key(sf::Keyboard::Delete));
  EXPECT_EQ(field.text(), "\xC3\xA9");
}

}  // namespace
}  // namespace gambit::gui
