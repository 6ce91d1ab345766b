// MenuScreen: the first page — Play, Demo (AI vs AI), Scores, Settings, Quit —
// by mouse or keyboard (arrows + Enter, or the underlined initial), with any
// problem found in the configuration or the plugins shown beneath in words.
#pragma once

#include <vector>

#include "game/gui/screen.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

class MenuScreen : public Screen {
 public:
  explicit MenuScreen(App& app);
  std::string name() const override { return "menu"; }
  void handle(const sf::Event& event) override;
  void draw(sf::RenderTarget& target) override;
  void describe(StateDump& dump) const override;

 private:
  void layout();
  void activate(std::size_t index);

  std::vector<Button> buttons_;
  std::size_t focus_ = 0;
};

// The Scores page until the store exists: says so, and goes back.
class ScoresScreen : public Screen {
 public:
  explicit ScoresScreen(App& app) : Screen(app) {}
  std::string name() const override { return "scores"; }
  void handle(const sf::Event& event) override;
  void draw(sf::RenderTarget& target) override;

 private:
  Button back_{"Back to menu", "Back (Esc)", {}};
};

}  // namespace gambit::gui
