#include "game/gui/settings_screen.h"

#include "game/gui/app.h"

namespace gambit::gui {

SettingsScreen::SettingsScreen(App& app) : Screen(app), edited_(app.settings()) {}

void SettingsScreen::handle(const sf::Event& event) {
  if (back_.clicked(event) || (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::Escape))
    app_.pop();
}

void SettingsScreen::draw(sf::RenderTarget& target) {
  back_.rect = {20, 20, 120, 40};
  back_.draw(target, app_.assets());
}

void SettingsScreen::describe(StateDump&) const {}

}  // namespace gambit::gui
