// SPDX-License-Identifier: MIT
// ScoresScreen: the results kept in the store — standings per opponent (each
// AI identity, human vs human, then the AI-vs-AI pairings of the demo and
// gambit-match), the profile's rating in each pool (variant and speed: Left
// and Right, or a click on the pool's arrows, go through them) with a small
// plot of its history; the puzzle rating is one more pool, "Puzzles", once a
// puzzle has been tried), and the recent games with their pool and rating change
// (click one, or Enter, to replay it): the person's own games (played in the
// window), or all games with the demo's and gambit-match's (A, or the button). Export all games
// to one PGN file; reset the scores (games are archived, not deleted).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/store/store.h"
#include "core/util/translation.h"
#include "game/gui/dialogs.h"
#include "game/gui/screen.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

// A game's rating change as the recent games show it: "+12", "-8", or "casual" (not rated).
std::string rating_change_text(const store::GameSummary& game);

// "random vs random: 2 0-2-0 50%"
std::string standing_line(const store::Standing& standing);

class ScoresScreen : public Screen {
 public:
  explicit ScoresScreen(App& app);
  std::string name() const override { return "scores"; }
  void handle(const sf::Event& event) override;
  void draw(sf::RenderTarget& target) override;
  sf::FloatRect toast_area(sf::Vector2f size) const override;
  sf::FloatRect modal_area() const override;
  int dialog_shown() const override { return int(dialogs_.which()); }
  void describe(StateDump& dump) const override;
  void resumed() override { reload(); }

 private:
  enum class Dialog { None, ExportAll, ConfirmReset };
  // A line of the standings table: a section heading or one standing.
  struct TableLine {
    std::string heading;
    const store::Standing* standing = nullptr;
  };

  void reload();
  void show_pool(std::size_t index);  // reads the pool's rating and history
  void toggle_all();                  // the person's games, or all
  void layout(sf::Vector2f size);
  void open(std::size_t game);
  void open_dialog(Dialog dialog);
  void export_all(const std::string& path);
  void reset_scores();
  void move_focus(long delta);
  void scroll_recent(long delta);

  void draw_standings(sf::RenderTarget& target);
  void draw_rating(sf::RenderTarget& target);
  void draw_recent(sf::RenderTarget& target);

  // What the store says, read when the screen opens and comes back on top.
  std::vector<store::Standing> standings_;
  std::vector<TableLine> table_;
  std::vector<store::PoolRating> pools_;  // where the profile has rated games (or the next game's pool alone)
  Choice pool_choice_;                     // which pool the rating section shows
  rating::Glicko2 rating_;                 // of the pool shown
  std::vector<store::RatingPoint> history_;  // of the pool shown (the puzzles': one point an attempt)
  std::vector<store::PuzzlePoint> puzzle_history_;
  // The pool choice's last item is the puzzle rating (after the game pools).
  static constexpr const char* PuzzlesKey = "puzzles";
  bool puzzles_shown() const { return !puzzle_history_.empty() && pool_choice_.index == pools_.size(); }
  std::vector<store::GameSummary> recent_;
  std::string profile_;
  std::string message_;  // no store, a failed read, or no games yet: why, in words
  bool problem_ = false;  // message_ tells of a failure

  sf::FloatRect standings_rect_, rating_rect_, recent_rect_;
  sf::FloatRect toast_slot_;  // where the layout left room for the toast showing (empty: none)
  std::size_t table_first_ = 0;
  std::size_t recent_first_ = 0;
  std::size_t recent_rows_ = 1;  // rows that fit in recent_rect_
  std::size_t focus_ = 0;        // the focused recent game
  std::optional<std::size_t> hovered_;
  sf::Vector2f mouse_;

  // TRANSLATORS: a short button label: show every game (the demo's too), not only yours.
  Button all_{tr("All games"), tr("Show every game, with the demo's and gambit-match's (A)"), {}};
  bool all_games_ = false;     // the recent games are all games, not only the person's
  bool all_by_choice_ = false; // the player chose which; otherwise all only when the person has no game
  // TRANSLATORS: a short button label: save every game to a PGN file.
  Button export_{tr("Export all"), tr("Write every game to one PGN file (E)"), {}};
  // TRANSLATORS: a short button label: start the scores again.
  Button reset_{tr("Reset scores"), tr("Start the scores again; games are kept in the file (R)"), {}};
  // TRANSLATORS: a short button label: back to the screen before.
  Button back_{tr("Back"), tr("Back to the menu (Esc)"), {}};
  Dialogs<Dialog> dialogs_;
};

}  // namespace gambit::gui
