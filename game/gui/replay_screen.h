// ReplayScreen: one recorded game from the store, move by move — the board
// (not clickable) with the last move highlighted, the players, result and
// reason, the move list (click a move to jump to it), the buttons |< < > >|
// (Home, Left, Right, End), Flip (F), Export PGN (E) and Back (Esc).
// Also here: the modal dialog and the small helpers ScoresScreen shares.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/chess/position.h"
#include "core/store/store.h"
#include "game/gui/board_view.h"
#include "game/gui/screen.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

// A modal box over a screen: a title, a sentence, an optional one-line path
// field, and OK / Cancel (Enter / Esc; Y / N when there is no field).
struct ModalDialog {
  enum class Answer { None, Ok, Cancel };

  std::string title;
  std::string text;
  bool with_field = false;
  TextField field;
  Button ok{"OK", "", {}, true, true};
  Button cancel{"Cancel", "", {}};

  // Sets the texts; a path makes a field holding it. by_key: opened by a
  // letter, whose character must not be typed into the field.
  void open(const std::string& dialog_title, const std::string& dialog_text, std::optional<std::string> path,
            bool by_key);
  Answer handle(const sf::Event& event, sf::Vector2f size, const Assets& assets);
  void draw(sf::RenderTarget& target, const Assets& assets);

 private:
  void layout(sf::Vector2f size, const Assets& assets);
  sf::FloatRect box_;
  std::vector<std::string> lines_;
  bool swallow_text_ = false;
};

// Unix seconds as local time in strftime's format ("%Y-%m-%d %H:%M").
std::string local_time_text(std::int64_t unix_seconds, const char* format);
// name in the home folder (the current folder without HOME).
std::string home_file(const std::string& name);
// A leading "~/" replaced by the home folder.
std::string expand_home(const std::string& path);
// Writes text to path (replacing it); the reason in words when it cannot.
std::optional<std::string> write_text_file(const std::string& path, const std::string& text);
// text cut with "..." to fit width.
std::string fit_text(const sf::Font& font, const std::string& text, unsigned size, float width);

class ReplayScreen : public Screen {
 public:
  ReplayScreen(App& app, store::GameSummary game);

  std::string name() const override { return "replay"; }
  void handle(const sf::Event& event) override;
  void draw(sf::RenderTarget& target) override;
  void describe(StateDump& dump) const override;

 private:
  enum class Action { First, Previous, Next, Last, Flip, Export, Back };
  struct ActionButton {
    Action action;
    Button button;
  };

  void load();
  void layout(sf::Vector2f size);
  void run(Action action, bool by_key = false);
  void go_to(std::size_t ply);
  std::size_t plies() const { return moves_.size(); }
  std::string status_text() const;
  void draw_panel(sf::RenderTarget& target);

  store::GameSummary game_;
  std::string pgn_;
  std::string failure_;  // the game could not be read: why
  std::vector<chess::Position> positions_;  // the start, then after each move
  std::vector<chess::Move> moves_;
  std::vector<std::string> san_;
  std::size_t ply_ = 0;

  BoardView board_;
  sf::FloatRect panel_;
  sf::FloatRect move_list_;
  std::vector<std::pair<sf::FloatRect, std::size_t>> move_cells_;  // clickable SAN -> ply after it
  std::size_t move_list_first_row_ = 0;
  bool follow_ply_ = true;  // scroll the move list to the current move on the next draw

  std::vector<ActionButton> buttons_;
  bool exporting_ = false;
  ModalDialog modal_;
};

}  // namespace gambit::gui
