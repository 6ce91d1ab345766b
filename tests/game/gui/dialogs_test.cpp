// SPDX-License-Identifier: MIT
// Dialogs: a question or a message opens as the screen's own dialog; it takes
// the events while open and answers once, when it closes: with OK, which
// dialog it was and its field's text; cancelled, nothing. The state dump says
// whether one is open, and its title. Lays the dialog out with the fonts, so
// it runs with the display tests.
#include <gtest/gtest.h>

#include "game/gui/assets.h"
#include "game/gui/dialogs.h"
#include "game/gui/widgets.h"

namespace gambit::gui {
namespace {

enum class Ask { None, Rename, Quit };

sf::Event key(sf::Keyboard::Key code) {
  sf::Event e{};
  e.type = sf::Event::KeyPressed;
  e.key.code = code;
  return e;
}

sf::Event typed(char c) {
  sf::Event e{};
  e.type = sf::Event::TextEntered;
  e.text.unicode = sf::Uint32(c);
  return e;
}

class DialogsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto loaded = Assets::load();
    ASSERT_TRUE(loaded) << loaded.error();
    assets_ = std::move(loaded).value();
  }
  std::unique_ptr<Assets> assets_;
  const sf::Vector2f size_{1120, 780};
};

// A rating and its margin ("1500 ± 686") are never split over two lines, at any width.
TEST_F(DialogsTest, WrappedTextKeepsAValueWithItsMargin) {
  const std::string text = "Your rating is 1500 \xC2\xB1 686 after no games";
  const float narrowest = text_width(assets_->font(), "1500 \xC2\xB1 686", 15) + 1;
  for (float width = narrowest; width <= 400; width += 7) {
    const std::vector<std::string> lines = wrap_text(assets_->font(), text, 15, width);
    std::string joined;
    for (const std::string& line : lines) joined += (joined.empty() ? "" : "|") + line;
    EXPECT_NE(joined.find("1500 \xC2\xB1 686"), std::string::npos) << width << ": " << joined;
    EXPECT_EQ(joined.find("\xC2\xA0"), std::string::npos) << "no-break spaces show as spaces";
  }
  EXPECT_EQ(wrap_text(assets_->font(), text, 15, 1000), std::vector<std::string>{text});
}

TEST_F(DialogsTest, OkAnswersOnceWithTheDialogAndItsField) {
  Dialogs<Ask> dialogs;
  EXPECT_FALSE(dialogs.open());
  dialogs.ask(Ask::Rename, "Rename", "The new name:", "game", "Keep", "Cancel", /*path_field=*/false);
  EXPECT_TRUE(dialogs.open());
  EXPECT_EQ(dialogs.which(), Ask::Rename);
  EXPECT_EQ(dialogs.handle(typed('s'), size_, *assets_), std::nullopt) << "typing is no answer";
  const auto answer = dialogs.handle(key(sf::Keyboard::Enter), size_, *assets_);
  ASSERT_TRUE(answer);
  EXPECT_EQ(answer->dialog, Ask::Rename);
  EXPECT_EQ(answer->text, "games");
  EXPECT_FALSE(dialogs.open());
  EXPECT_EQ(dialogs.which(), Ask::None);
  EXPECT_EQ(dialogs.handle(key(sf::Keyboard::Enter), size_, *assets_), std::nullopt) << "it answered once";
}

TEST_F(DialogsTest, CancelClosesWithoutAnAnswer) {
  Dialogs<Ask> dialogs;
  dialogs.ask(Ask::Quit, "Quit?", "The game is kept.", std::nullopt, "Yes", "No");
  EXPECT_EQ(dialogs.handle(key(sf::Keyboard::Escape), size_, *assets_), std::nullopt);
  EXPECT_FALSE(dialogs.open());
  dialogs.ask(Ask::Quit, "Quit?", "The game is kept.", std::nullopt, "Yes", "No");
  const auto yes = dialogs.handle(key(sf::Keyboard::Y), size_, *assets_);
  ASSERT_TRUE(yes);
  EXPECT_EQ(yes->dialog, Ask::Quit);
  EXPECT_EQ(yes->text, "");
}

TEST_F(DialogsTest, TheStateDumpSaysWhichIsOpen) {
  Dialogs<Ask> dialogs;
  StateDump closed;
  dialogs.describe(closed);
  EXPECT_NE(closed.json().find("\"dialog\": 0"), std::string::npos) << closed.json();
  dialogs.ask(Ask::Quit, "Quit the demo?", "It stops.", std::nullopt, "Yes", "No");
  StateDump open;
  dialogs.describe(open);
  EXPECT_NE(open.json().find("\"dialog\": 1"), std::string::npos) << open.json();
  EXPECT_NE(open.json().find("Quit the demo?"), std::string::npos) << open.json();
}

}  // namespace
}  // namespace gambit::gui
