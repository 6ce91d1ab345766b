// SPDX-License-Identifier: MIT
// Screen: one page of the window (menu, play, demo, settings, scores). The App
// keeps them on a stack; only the top one gets events, updates and draws. A
// screen is made only by the navigator (navigation.h), from the Page another
// screen asked App for.
#pragma once

#include <SFML/Graphics.hpp>
#include <chrono>
#include <string>

#include "game/gui/state_dump.h"

namespace gambit::gui {

class App;

class Screen {
 public:
  // How soon a screen wants its next frame when nothing happens: Continuous for
  // animations and drags, a tick for clocks and "thinking", Idle to wait for input.
  static constexpr std::chrono::milliseconds Continuous{0};
  static constexpr std::chrono::milliseconds Tick{100};
  static constexpr std::chrono::milliseconds Idle{3000};  // a safety redraw: SFML reports no expose events

  explicit Screen(App& app) : app_(app) {}
  virtual ~Screen() = default;
  Screen(const Screen&) = delete;
  Screen& operator=(const Screen&) = delete;

  // "menu", "play", "demo", "settings", "scores": the state dump's screen name.
  virtual std::string name() const = 0;
  virtual void handle(const sf::Event& event) = 0;
  virtual void update() {}
  virtual void draw(sf::RenderTarget& target) = 0;
  virtual std::chrono::milliseconds redraw_interval() const { return Idle; }
  // Adds this screen's state to the machine-readable dump (--state-file).
  virtual void describe(StateDump&) const {}
  // An AI is thinking for this screen right now (for --frame-stats).
  virtual bool ai_thinking() const { return false; }
  // Called when the screen is on top again after the one above it left.
  virtual void resumed() {}
  // Where a toast (App::toast) may cover this screen in a window of size:
  // nothing the player needs meanwhile, no text. By default a strip along the
  // bottom, which screens with controls there move.
  virtual sf::FloatRect toast_area(sf::Vector2f size) const { return {20, size.y - 64, size.x - 40, 48}; }
  // The box of a dialog open over this screen (empty: none): a toast is kept
  // clear of it, above or below it.
  virtual sf::FloatRect modal_area() const { return {}; }
  // Which dialog is open over this screen (its Dialog value; 0: none). A key
  // that changes it types nothing: App drops the key's character.
  virtual int dialog_shown() const { return 0; }
  // What quitting now would lose, in words for "Not kept if you quit now: ..."
  // ("" when nothing: a game in play is kept to resume, for instance).
  virtual std::string unsaved_work() const { return ""; }

 protected:
  App& app_;
};

}  // namespace gambit::gui
