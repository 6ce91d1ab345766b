// SPDX-License-Identifier: MIT
// ReplayScreen: one recorded game from the store (or a finished game loaded
// from a file, with its own players, result and tags), move by move — the board
// (not clickable) with the last move highlighted, the players, result and
// reason, the opening reached at the move shown, the move list (click a move to jump to it), the buttons |< < > >|
// (Home, Left, Right, End), Flip (F), Review (R: the game reviewed move by move,
// ReviewPanel), Analyse (A: the analysis board at this move, with the review's
// better lines as variations when there is one), Export PGN (E: with the
// review when there is one) and Back (Esc).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/chess/pgn.h"
#include "core/chess/position.h"
#include "core/store/store.h"
#include "game/gui/action_buttons.h"
#include "game/gui/board_marking.h"
#include "game/gui/dialogs.h"
#include "game/gui/explorer_view.h"
#include "game/gui/board_view.h"
#include "game/gui/move_list_view.h"
#include "game/gui/review_panel.h"
#include "game/gui/screen.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

class ReplayScreen : public Screen {
 public:
  // review_at_once: start the review as the screen opens (the end-of-game overlay's Review).
  ReplayScreen(App& app, store::GameSummary game, bool review_at_once = false);
  // A game from a file (its PGN text): shown with its own tags; its review is not kept.
  ReplayScreen(App& app, std::string pgn, std::string file);

  std::string name() const override { return "replay"; }
  void handle(const sf::Event& event) override;
  void draw(sf::RenderTarget& target) override;
  sf::FloatRect toast_area(sf::Vector2f size) const override;
  sf::FloatRect modal_area() const override;
  int dialog_shown() const override { return int(dialogs_.which()); }
  void describe(StateDump& dump) const override;
  void update() override;
  std::chrono::milliseconds redraw_interval() const override;
  bool ai_thinking() const override;

 private:
  enum class Action { First, Previous, Next, Last, Flip, Explorer, Review, Analyse, Export, Back };
  enum class Dialog { None, Export };

  void load();
  void layout(sf::Vector2f size);
  void run(Action action);
  void go_to(std::size_t ply);
  std::size_t plies() const { return moves_.size(); }
  std::string status_text() const;
  std::string opening_text() const;  // the opening reached at the move shown, or ""
  void draw_panel(sf::RenderTarget& target);

  void add_buttons();
  // The game as the analysis board takes it: with its variations, or reviewed with the better lines; then: a
  // move played there as it opens (the explorer's, when the game went another way).
  void analyse(std::optional<chess::Move> then = std::nullopt);
  // What a click on the explorer asked for: the game's next move is stepped to, another goes to the analysis board.
  void on_explorer(const ExplorerView::Pick& pick);

  store::GameSummary game_;  // id 0: from a file
  std::string file_;         // the file it came from ("" for the store's)
  std::string date_;         // a file's game: its Date tag
  std::string pgn_;
  chess::PgnGame record_;  // the game pgn_ holds, once read (Export PGN writes it, with its opening's tags)
  std::string failure_;  // the game could not be read: why
  std::vector<chess::Position> positions_;  // the start, then after each move
  std::vector<chess::Move> moves_;
  std::vector<std::string> san_;
  std::size_t ply_ = 0;
  std::optional<ReviewPanel> review_;  // once the game is read

  BoardView board_;
  BoardMarking marking_;  // the right button's arrows and circles, per position
  sf::Vector2f mouse_;
  sf::FloatRect panel_;
  sf::FloatRect toast_slot_;  // where the panel left room for the toast showing (empty: none)
  MoveListView move_list_;
  ExplorerView explorer_;
  bool explorer_on_ = false;
  bool explorer_mine_ = false;
  bool follow_ply_ = true;  // scroll the move list to the current move on the next draw

  ActionButtons<Action> buttons_;
  Dialogs<Dialog> dialogs_;
};

}  // namespace gambit::gui
