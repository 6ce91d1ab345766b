// SPDX-License-Identifier: MIT
// GamesScreen: a game database as a list, as Scid's and En Croissant's game
// lists are: one row a game (players and ratings, result, date, event, ECO,
// moves), sorted by a click on a column's title (again: the other way),
// filtered by a player's name typed at any time (as White or Black, its
// beginning) and by a position (the board's, from the analysis board's
// explorer, or a FEN: Ctrl+F), every game found from the position index. A
// click on a game, or Enter, opens it whole on the analysis board (at the
// position found, when searching by position).
//
// The databases are the shelf's (database_shelf.h): My games first, then each
// PGN file opened before; the choice at the top goes through them. Opening a
// PGN file (Ctrl+O, or any PGN opened elsewhere in the window that has more
// than one game) imports it on a thread of its own: a bar shows the games,
// games a second and time left, Esc or Stop stops it (opened again, it goes
// on), and the list grows as the batches come in. What was skipped, and why,
// is said when it ends. Add PGN (Ctrl+I) imports another file's games into
// the database shown (not into My games, which the store makes).
//
// Threading: the import runs on its own thread with its own connection to the
// database (SQLite WAL: the list reads meanwhile); it hands its progress over
// under a mutex; the screen joins it when it ends or the screen goes.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/database/game_database.h"
#include "core/database/pgn_import.h"
#include "game/gui/action_buttons.h"
#include "game/gui/database_shelf.h"
#include "game/gui/dialogs.h"
#include "game/gui/navigation.h"
#include "game/gui/screen.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

class GamesScreen : public Screen {
 public:
  GamesScreen(App& app, page::Games page);
  ~GamesScreen() override;

  std::string name() const override { return "games"; }
  void handle(const sf::Event& event) override;
  void update() override;
  void draw(sf::RenderTarget& target) override;
  std::chrono::milliseconds redraw_interval() const override { return import_ ? Tick : Idle; }
  void describe(StateDump& dump) const override;
  sf::FloatRect toast_area(sf::Vector2f size) const override;
  sf::FloatRect modal_area() const override { return dialogs_.area(); }
  int dialog_shown() const override { return int(dialogs_.which()); }
  void resumed() override { reload(); }

 private:
  enum class Action { OpenFile, AddFile, Position, ClearPosition, StopImport, Back };
  enum class Dialog { None, OpenFile, Position, AddFile };
  // The import in hand, on its thread.
  struct Import {
    std::filesystem::path file;
    std::thread thread;
    std::atomic<bool> stop{false};
    std::mutex mutex;                   // guards what follows
    database::ImportProgress progress;  // the last batch's
    std::optional<Result<database::ImportSummary>> ended;
  };

  void add_buttons();
  void layout(sf::Vector2f size);
  void run(Action action);
  void on_dialog(Dialog dialog, const std::string& text);
  // Shows this database (opening it); the list from its start.
  void show_database(const std::filesystem::path& path);
  // Opens a file: a database as it is, a PGN file imported into its own database.
  void open_file(const std::filesystem::path& path);
  void start_import(const std::filesystem::path& pgn, const std::filesystem::path& into);
  void finish_import();
  // Counts the games the filter finds and reads the rows in view.
  void reload();
  void scroll_to(std::int64_t first);
  void select(std::int64_t row);
  void open_game(std::int64_t row);
  void sort_by(database::GameOrder::By by);
  database::GameFilter filter() const;
  // The database shown is My games (made from the store: nothing is added to it by hand).
  bool adds_to_my_games() const;

  void draw_list(sf::RenderTarget& target);
  void draw_import(sf::RenderTarget& target);

  std::vector<ShelvedDatabase> shelf_;
  Choice database_choice_;
  std::unique_ptr<database::GameDatabase> db_;
  std::string problem_;  // why the database or the list could not be read
  std::optional<chess::Position> at_;  // only the games that reached it
  database::GameOrder order_{};
  std::int64_t total_ = 0;     // games the filter finds
  std::int64_t first_ = 0;     // the first row in view
  std::int64_t selected_ = 0;  // the row the keyboard is on
  std::optional<std::int64_t> hovered_;
  std::vector<database::GameHeader> rows_;  // from first_, as many as fit
  std::size_t rows_fit_ = 1;
  std::unique_ptr<Import> import_;
  std::chrono::steady_clock::time_point listed_{};  // when the list was last read again during an import

  TextField player_;
  sf::FloatRect list_rect_, head_rect_, status_rect_;
  std::vector<float> column_x_;  // each column's left edge, then the list's right edge
  ActionButtons<Action> buttons_;
  Dialogs<Dialog> dialogs_;
};

}  // namespace gambit::gui
