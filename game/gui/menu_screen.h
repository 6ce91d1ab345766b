// SPDX-License-Identifier: MIT
// MenuScreen: the first page — Resume game (when one was left unfinished),
// Play, Play at my level (when a plugin ships measured levels), Analyse (the
// analysis board), Practise (the player's own mistakes, with how many are due
// today), Puzzles, Demo (AI vs AI), Scores, Settings, Quit — by mouse or
// keyboard (arrows + Enter, or the letter each button's help names), with any
// problem found in the configuration or the plugins shown beneath in words.
// The buttons stand in one column, or in two when one does not fit the window.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/config/settings.h"

#include "game/gui/screen.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

class MenuScreen : public Screen {
 public:
  enum class Item { Resume, Play, AtMyLevel, Analyse, Games, Practise, Puzzles, Demo, Scores, Settings, Quit };

  explicit MenuScreen(App& app);
  std::string name() const override { return "menu"; }
  void handle(const sf::Event& event) override;
  void draw(sf::RenderTarget& target) override;
  void describe(StateDump& dump) const override;
  void resumed() override;

 private:
  void rebuild();  // the items, with Resume game only when the store keeps an interrupted game
  void layout();
  void activate(Item item);
  std::optional<config::Settings> at_my_level(std::string* description = nullptr) const;

  std::vector<Item> items_;
  std::vector<Button> buttons_;
  std::vector<std::string> problem_lines_;  // the problems, wrapped, as many lines as fit
  float top_ = 0;                           // where the block begins
  bool show_pieces_ = true;
  std::size_t focus_ = 0;
  std::size_t rows_ = 0;  // buttons in the first column (all of them in one column)
};

}  // namespace gambit::gui
