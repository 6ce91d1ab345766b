// SPDX-License-Identifier: MIT
// Pages: where a screen asks the window to go, as a typed request (the page
// and what it opens on). A screen never builds another screen: it gives App a
// Page (App::open, App::open_instead) and App's navigator (navigator.cpp, the
// one file that knows every screen) builds it. So no screen includes another
// screen's header, and the screens form no cycle (tests/game/gui/include_graph_test.py).
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "core/chess/position.h"
#include "core/store/store.h"
#include "core/study/tree_pgn.h"

namespace gambit::gui {

class App;
class Screen;

namespace page {

struct Menu {};
// New Game: the settings' colour, opponent and clock, then Start.
struct NewGame {};
// Play: a game with the settings' seats. New: a fresh game (from `from`, a
// set-up position, unrated, when given); Resume: the game the store kept.
// load: a PGN or FEN file opened at once, as Load does.
struct Play {
  enum class Start { New, Resume };
  Start start = Start::New;
  std::optional<chess::Position> from = std::nullopt;
  std::optional<std::filesystem::path> load = std::nullopt;
};
// Demo: AI against AI, game after game.
struct Demo {};
// A game of the store opened whole on the analysis board, to go through and
// review; review_at_once: its review starts as it opens.
struct StoredGame {
  store::GameSummary game;
  bool review_at_once = false;
};
// A finished game read from a file or a database, opened the same way at ply of its main line (file: the
// file's or the database's name, for people).
struct FinishedGame {
  study::TreeGame game;
  std::string file;
  std::size_t ply = 0;
};
// The analysis board on a game (its variations too) at ply of its main line;
// source says where the game came from, for people ("the game just played").
struct Analysis {
  study::TreeGame game;
  std::size_t ply = 0;
  std::string source;
};
// The position editor, starting from a position.
struct PositionEditor {
  chess::Position from;
};
// Practise (one's own mistakes again) or Puzzles.
struct Training {
  enum class Kind { Practice, Puzzles };
  Kind kind = Kind::Practice;
};
struct Scores {};
// Games: a database's games as a list. open: a PGN file (imported first) or a
// database file; none: the one opened last (My games at first). at: only the
// games that reached this position, each opened there.
struct Games {
  std::optional<std::filesystem::path> open = std::nullopt;
  std::optional<chess::Position> at = std::nullopt;
};
// Settings, on one of its tabs (0: the first).
struct Settings {
  int tab = 0;
};

}  // namespace page

using Page = std::variant<page::Menu, page::NewGame, page::Play, page::Demo, page::StoredGame, page::FinishedGame,
                          page::Analysis, page::PositionEditor, page::Training, page::Scores, page::Settings,
                          page::Games>;

// The screen for a page (navigator.cpp). Called by App only.
std::unique_ptr<Screen> make_screen(App& app, Page page);

}  // namespace gambit::gui
