// SPDX-License-Identifier: MIT
// NewGameScreen: what the player chooses before a game, between the menu's
// Play and the board: their colour (White, Black, or drawn at random), the
// opponent (a friend at this computer, or an AI player and its level, each
// level described in the plugin's words), the clock (untimed, common presets,
// or custom) and the variant. It opens on the last choice (the settings) and
// Start saves the choice there for next time; an AI's own options stay on the
// Settings screen. Keys: W/B/R colour, Left/Right opponent, Up/Down level,
// Enter start, Esc back.
#pragma once

#include <string>
#include <vector>

#include "core/config/settings.h"
#include "core/recording/rated_game.h"
#include "core/util/translation.h"
#include "game/gui/screen.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

class NewGameScreen : public Screen {
 public:
  explicit NewGameScreen(App& app);

  std::string name() const override { return "new_game"; }
  void handle(const sf::Event& event) override;
  void draw(sf::RenderTarget& target) override;
  void describe(StateDump& dump) const override;
  sf::FloatRect toast_area(sf::Vector2f size) const override;

 private:
  enum class Colour { White, Black, Random };
  struct LevelRow {
    std::string name;
    std::string description;
    sf::FloatRect rect;
  };

  void layout(sf::Vector2f size);
  void choose_opponent(std::size_t index);
  // The opponent's plugin id, "" for a friend at this computer.
  std::string opponent_id() const;
  bool chess960() const;      // Chess960 is chosen
  int chess960_number() const;  // the start typed, 960 for a number out of range, or config::RandomChess960Start
  // Why the game cannot start as chosen ("" when it can).
  std::string problem() const;
  config::ClockSettings clock() const;
  // The settings as chosen here (the seats in their colours; Random seats the person as White).
  config::Settings chosen() const;
  // Rated or not, as the game chosen would be, and what Start does to a kept
  // unfinished game ("" when none is kept); worked out when a choice changes.
  void decide();
  void start();

  std::vector<std::string> opponent_ids_;  // "" first (a friend), then every plugin found
  Colour colour_ = Colour::White;
  std::size_t opponent_ = 0;
  std::vector<LevelRow> levels_;  // of the chosen AI; empty for a friend or a plugin without levels
  int level_ = -1;                // index into levels_; -1: none (the plugin's own options)
  std::size_t clock_preset_ = 0;  // index into the presets; the last one is Custom
  config::SeatConfig kept_ai_;    // the AI seat of the settings, whose options a Start keeps
  recording::RatedDecision rated_;
  std::string rated_line_;        // "Rated: Blitz. Your rating: 1500?" or "Not rated: ..."
  std::string rating_words_;      // what the rating shown means (a tooltip over the line); "" when not rated
  sf::FloatRect rated_rect_;      // where the line was drawn
  std::string about_tooltip_;     // the opponent's description when its line was cut ("" when whole)
  sf::FloatRect about_rect_;
  sf::Vector2f mouse_{-1, -1};
  std::string kept_line_;         // what Start does to the kept game (Setup::kept_game_fate), or ""
  config::Settings decided_for_;  // the choice rated_ and the lines were worked out for

  std::vector<Button> colour_buttons_;
  Choice opponent_choice_;
  std::vector<Button> clock_buttons_;
  NumberField minutes_, increment_;
  Choice variant_choice_;         // items: config::GameVariants
  TextField chess960_start_;      // Chess960's start number, digits only; empty: a random start each game
  float chess960_label_left_ = 0;
  // TRANSLATORS: a button 140 pixels wide.
  Button start_{tr("Start"), tr("Start the game (Enter)"), {}, true, true};
  // TRANSLATORS: a button 110 pixels wide.
  Button back_{tr("Back"), tr("Back to the menu (Esc)"), {}};
  float levels_top_ = 0, note_top_ = 0, rated_top_ = 0;
  float level_note_top_ = 0;  // where the chosen level's description goes when levels are a grid
  sf::Vector2f size_;
};

}  // namespace gambit::gui
