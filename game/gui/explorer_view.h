// SPDX-License-Identifier: MIT
// ExplorerView: the opening explorer beside the analysis board, as lichess's
// and Scid's tree show it: for the board's position, each move played there in
// the database's games (most played first) with its number of games, a bar of
// how they ended (White wins, draws, Black wins, in percent) and the players'
// average rating; then the best-rated games that reached it. A click on a move
// (or Enter on it with the keyboard focus) plays it; a click on a top game
// opens it. "Mine" counts only the profile's own games, playing the colour at
// the bottom of the board (lichess's personal explorer: a player and a colour);
// three small buttons under the heading step through lichess's filters: the
// speed, the players' rating (both at least), and how recent (last year, five).
//
// It reads the database the Games screen showed last (Setup::current_database:
// My games at first), opened when first needed, and asks again only when the
// position or the filter changed (on the window's thread; how long an answer
// takes on a million games is in docs/performance.md).
#pragma once

#include <SFML/Graphics.hpp>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/chess/position.h"
#include "core/database/game_database.h"
#include "game/gui/assets.h"
#include "game/gui/state_dump.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

class App;

class ExplorerView {
 public:
  // What a click on the explorer asks for.
  struct Pick {
    std::optional<chess::Move> move;   // a move to play
    std::optional<std::int64_t> game;  // a top game to open
    bool toggle_mine = false;          // "Mine" pressed
    bool list_games = false;           // "Games" pressed: the list of the games at the position
    bool filtered = false;             // a filter button stepped (handled by the view: redraw)
  };

  // The database counted in (opened again when it changed) and its name for people.
  void set_database(const std::filesystem::path& path, std::string name);
  // Only the games of this player with this colour; an empty name: everyone's games.
  void set_player(std::string name, chess::Color color);
  // Counts for pos when it (or the database, or the filter) changed since the last time.
  void show(const chess::Position& pos);
  // What a screen calls before drawing it: counts for pos in the database the Games screen showed last, only
  // the profile's games when mine (with the colour at the bottom of the board).
  void follow(App& app, const chess::Position& pos, bool mine, chess::Color bottom);
  // Opens what a pick asks for that is no screen's own: a top game on the analysis board (at pos), or the list
  // of the games at pos. False for a move or Mine, the screen's to do.
  bool open(App& app, const Pick& pick, const chess::Position& pos);

  // The height it would take whole (heading, moves, top games).
  float wanted_height() const;
  // Draws in rect, the top games only when there is room; returns the height used.
  float draw(sf::RenderTarget& target, const Assets& assets, const sf::FloatRect& rect);
  // What a mouse event asks for (a left click released on a move, a game or a button; the buttons' hover kept).
  Pick handle(const sf::Event& event);

  database::GameDatabase* database() { return db_.get(); }
  const std::filesystem::path& path() const { return path_; }
  std::optional<std::uint64_t> shown_key() const { return shown_key_; }
  // Milliseconds the last answer took (for --frame-stats and the docs' figure).
  double last_milliseconds() const { return last_ms_; }
  void describe(StateDump& dump) const;

 private:
  std::filesystem::path path_;
  std::string name_;
  std::unique_ptr<database::GameDatabase> db_;
  database::GameFilter filter_;
  bool asked_again_ = true;  // the database or the filter changed: ask even for the same position
  std::optional<std::uint64_t> shown_key_;
  database::Exploration found_;
  std::vector<std::string> sans_;                 // of found_.moves
  std::vector<database::GameHeader> top_;         // of found_.top_games
  std::string problem_;
  double last_ms_ = 0;
  struct Row {
    sf::FloatRect rect;
    Pick pick;
  };
  std::vector<Row> rows_;  // as last drawn
  Button mine_, games_;
  // The filters' buttons, each stepping through its choices: the clock's speed (lichess's), both players'
  // rating at least, the games of the last year or five.
  Button speed_, rating_, since_;
  std::size_t speed_choice_ = 0, rating_choice_ = 0, since_choice_ = 0;
  void apply_filters();
};

}  // namespace gambit::gui
