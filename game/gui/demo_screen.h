// SPDX-License-Identifier: MIT
// DemoScreen: AI against AI, game after game (match::DemoLoop), with the
// tally, a live pause between moves, pause and single step. The board and
// panel are GameScreen's; every game is recorded as a demo game.
#pragma once

#include <memory>
#include <string>

#include "core/match/demo_loop.h"
#include "game/gui/game_screen.h"

namespace gambit::gui {

class DemoScreen final : public GameScreen {
 public:
  explicit DemoScreen(App& app);

  std::string name() const override { return "demo"; }

 private:
  enum Action : int { Pause, Step, Flip, Slower, Faster, Menu };
  enum Dialog : int { None, ConfirmLeave };

  match::GameSession* session() const override { return demo_ ? &demo_->session() : nullptr; }
  void advance(std::chrono::steady_clock::time_point now) override;
  bool enabled(int action) const override;
  void run(int action) override;
  void label(int action, Button& button) const override;
  bool shortcut(const sf::Event::KeyEvent& key) override;
  void draw_overlay_row(sf::RenderTarget& target, sf::FloatRect row) override;
  float draw_header(sf::RenderTarget& target, float top) override;
  std::string help_text() const override { return "Space pause, S step, +/- speed, F flip, Esc menu"; }
  std::string status_text() const override;
  void describe_more(StateDump& dump) const override;
  std::string failure_title() const override { return "The demo cannot start"; }
  void on_dialog(int dialog, const std::string& field) override;
  bool ticking() const override { return true; }

  void start();

  std::unique_ptr<match::DemoLoop> demo_;
  int demo_game_seen_ = 0;
};

}  // namespace gambit::gui
