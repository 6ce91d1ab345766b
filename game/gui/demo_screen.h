// SPDX-License-Identifier: MIT
// DemoScreen: AI against AI, game after game (match::DemoLoop), with the
// tally, a live pause between moves, pause and single step. The board and
// panel are a GameView's; every game is recorded as a demo game.
#pragma once

#include <memory>
#include <string>

#include "core/match/demo_loop.h"
#include "core/recording/recorder.h"
#include "game/gui/action_buttons.h"
#include "game/gui/dialogs.h"
#include "game/gui/game_view.h"
#include "game/gui/screen.h"

namespace gambit::gui {

class DemoScreen final : public Screen {
 public:
  explicit DemoScreen(App& app);

  std::string name() const override { return "demo"; }
  void handle(const sf::Event& event) override;
  void update() override;
  void draw(sf::RenderTarget& target) override;
  // Redrawn at the tick always: the pace between moves, the next game's countdown.
  std::chrono::milliseconds redraw_interval() const override;
  void describe(StateDump& dump) const override;
  bool ai_thinking() const override;
  sf::FloatRect toast_area(sf::Vector2f size) const override;
  sf::FloatRect modal_area() const override;
  int dialog_shown() const override { return int(dialogs_.which()); }

 private:
  enum class Action { Pause, Step, Flip, Slower, Faster, Menu };
  enum class Dialog { None, ConfirmLeave };

  void start();
  // The loop's current game began: the recorder follows its session.
  void game_began();
  // Lays out the view and the buttons, their state and words as they are now.
  void layout();
  bool enabled(Action action) const;
  void run(Action action);
  // run(action) if enabled, and a redraw: what a click or a shortcut does.
  void trigger(Action action);
  bool shortcut(const sf::Event::KeyEvent& key);
  std::string status_text() const;
  float draw_header(sf::RenderTarget& target, float top) const;

  // Records each game of the loop (declared first: it outlives the sessions it follows).
  recording::Recorder recorder_;
  std::unique_ptr<match::DemoLoop> demo_;
  int demo_game_seen_ = 0;
  GameView view_;
  ActionButtons<Action> buttons_;
  Dialogs<Dialog> dialogs_;
};

}  // namespace gambit::gui
