// SPDX-License-Identifier: MIT
// AnalysisScreen: the analysis board. Moves are free for both sides and build
// a move tree (core/study MoveTree): variations at any depth, promoted (P),
// made the main line (M) or deleted (Delete); comments (C) and NAGs (keys 1-6:
// ! ? !! ?? !? ?!); arrows and circles drawn with the right mouse button
// (Shift or Ctrl red, Alt blue, both yellow, as lichess) and kept in the tree.
// Looked through with Left/Right (back, on), Home/End or Up/Down (start, end
// of the line), Shift+Up/Down (the variation before/after). An engine
// (core/study AnalysisSession: alphabeta at full strength, or Stockfish when
// installed; N switches) analyses the current position without end in 1-5
// lines (- and +), toggled with L: the lines with their scores and moves in SAN (a click plays
// the line into the tree up to the move clicked), an evaluation bar, and the
// best line's first move as an arrow. The game is read from and written to
// PGN with every variation (O open, E export; Ctrl+V pastes a FEN or a PGN).
// B opens the position editor on the current position. X shows the opening
// explorer (explorer_view.h) under the engine's lines: the moves played here in
// the database last shown in Games, a click plays one; Shift+X counts only the
// player's own games; G lists the games that reached the position. Esc goes back.
//
// It is also where a game opens whole, from the store (Scores, the end of a
// game) or from a file (Play's Load): its players, ratings, result and how it
// ended, when it was played, its variations, comments and clocks, and its
// review (R: the main line reviewed move by move, ReviewPanel: the graph, the
// verdict on the move shown, each side's accuracy, Shift+Left/Right through
// the person's mistakes; once complete, written into the tree as evaluations,
// marks and better lines). A game opened so starts with the engine off.
//
// analysis_screen.cpp: input and flow; analysis_screen_view.cpp: drawing and
// the state dump.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/players/seat.h"
#include "core/store/store.h"
#include "core/study/analysis_session.h"
#include "core/study/move_tree.h"
#include "core/study/tree_pgn.h"
#include "core/util/undo_history.h"
#include "game/gui/action_buttons.h"
#include "game/gui/analysis_lines_view.h"
#include "game/gui/board_input.h"
#include "game/gui/board_marking.h"
#include "game/gui/board_view.h"
#include "game/gui/dialogs.h"
#include "game/gui/explorer_view.h"
#include "game/gui/move_tree_view.h"
#include "game/gui/review_panel.h"
#include "game/gui/screen.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

class AnalysisScreen : public Screen {
 public:
  // The game to study, its cursor on the main line's node after `ply` moves
  // (the end when there are fewer); source: where it came from, for people.
  AnalysisScreen(App& app, study::TreeGame game, std::size_t ply = 0, std::string source = "");
  // A game of the store, opened whole to go through, at its start; review_at_once: its review starts at once
  // (the end-of-game overlay's Review).
  AnalysisScreen(App& app, store::GameSummary stored, bool review_at_once);
  // A finished game from a file or a database (file: its name, for people), opened whole to go through at ply
  // of its main line.
  struct FinishedGame {
    study::TreeGame game;
    std::string file;
    std::size_t ply = 0;
  };
  AnalysisScreen(App& app, FinishedGame finished);

  std::string name() const override { return "analysis"; }
  void handle(const sf::Event& event) override;
  void update() override;
  void draw(sf::RenderTarget& target) override;
  std::chrono::milliseconds redraw_interval() const override;
  void describe(StateDump& dump) const override;
  bool ai_thinking() const override;
  sf::FloatRect toast_area(sf::Vector2f size) const override;
  sf::FloatRect modal_area() const override;
  int dialog_shown() const override { return int(dialogs_.which()); }
  std::string unsaved_work() const override;

 private:
  enum class Action {
    First, Previous, Next, Last, Explorer, Engine, FewerLines, MoreLines, Flip, Comment, Review, Editor, Open, Export,
    Back
  };
  enum class Dialog { None, Comment, Export, Open, Message };
  void add_buttons();
  // The buttons and engines made, the cursor after ply moves of the main line; the engine follows.
  void start(std::size_t ply);
  // A game opened whole to go through: the engine off, the board from the profile's side, its review ready.
  void open_as_game(std::size_t ply = 0);
  void layout(sf::Vector2f size);
  void run(Action action);
  bool shortcut(const sf::Event::KeyEvent& key);
  void handle_board(const sf::Event& event);
  void on_dialog(Dialog dialog, const std::string& text);
  // A message shown whole, in a dialog with OK (a reason too long for a toast).
  void tell_in_dialog(const std::string& title, const std::string& message);
  // Says which moves a game just opened left out, if any.
  void tell_cut_short();

  // Moves the cursor; the engine follows.
  void go_to(study::NodeId node);
  // Plays m from the cursor into the tree (a new variation when it is new).
  void play(chess::Move m);
  // Plays moves from the cursor in turn.
  void play_line(const std::vector<chess::Move>& moves);
  // A new game to study replaces this one (the engine and the cursor start again, nothing to undo).
  void replace_game(study::TreeGame game, std::string source);
  // Runs change (an edit of the tree); when it changed the tree, it can be undone.
  template <class Change>
  void edit(Change&& change);
  // Ctrl+Z (back) and Ctrl+Y: the tree and the cursor as before the last edit, or again as after it.
  void step_history(bool back);
  const study::MoveTree& tree() const { return game_.tree; }
  const chess::Position& position() const { return tree().node(cursor_).position; }

  // The engines that can analyse here: alphabeta at full strength, Stockfish
  // when installed; their seats, made once.
  void find_engines();
  // Starts the chosen engine when analysis is on and none runs; follows the cursor.
  void keep_engine_on_cursor();
  std::string engine_header() const;
  // The opening reached on the way to the current move ("" for none).
  std::string opening_text() const;
  void toggle_shape(const BoardMarking::Shape& shape);
  // What a click on the explorer asked for: play a move, open a game, Mine, the games here.
  void on_explorer(const ExplorerView::Pick& pick);

  // The review. A panel for the main line as it is now (a review the store kept for it shown at once).
  void make_review();
  // R: starts the main line's review, or stops the one running.
  void toggle_review();
  // A review just complete, written into the tree (evaluations, marks, better lines).
  void write_review();
  // How many moves of the reviewed line the cursor's path follows from the start.
  std::size_t reviewed_ply() const;
  // The node after ply moves of the reviewed line, as far as the tree still has them.
  study::NodeId reviewed_node(std::size_t ply) const;
  // The side the profile played in the game (by its White and Black tags), if one.
  std::optional<chess::Color> profile_side() const;

  // Drawing (analysis_screen_view.cpp).
  void draw_panel(sf::RenderTarget& target);
  BoardScene scene() const;
  std::string status_text() const;
  // The game's result, players and ratings, then its event and date (none for a game without players: a
  // position set up, a study).
  std::vector<std::string> game_header_lines() const;
  // What the evaluation bar shows: the engine's best line when it is of this position, else the review's
  // evaluation of it (a position of the reviewed line), else nothing.
  std::optional<study::AnalysisLine> bar_line() const;
  // Each side's clock as [%clk] last gave it on the way to the current move ("" when the game has none).
  std::string clocks_text() const;

  study::TreeGame game_;
  std::string source_;
  store::GameSummary stored_;  // a game of the store (id 0: none): how it ended, when and where it was played
  std::vector<chess::Move> stored_moves_;  // its moves, as the store keeps them
  std::string failure_;        // a game that could not be opened: why (said in a dialog)
  study::NodeId cursor_;
  // The move tree and the cursor as an edit found them.
  struct TreeState {
    study::MoveTree tree;
    study::NodeId cursor;
  };
  UndoHistory<TreeState> history_;
  study::MoveTree kept_tree_;  // the tree as opened or last exported: quitting with another asks first
  bool follow_cursor_ = true;  // keep the current move in view in the tree view

  std::vector<players::Seat> engines_;
  std::size_t engine_index_ = 0;
  std::unique_ptr<study::AnalysisSession> engine_;
  bool engine_on_ = true;
  int lines_ = 3;
  std::string engine_problem_;
  std::uint64_t shown_sequence_ = std::uint64_t(-1);  // the engine's reports drawn last

  BoardView board_;
  BoardInput input_;
  BoardMarking marking_;
  sf::Vector2f mouse_;
  MoveTreeView tree_view_;
  AnalysisLinesView lines_view_;
  std::optional<ReviewPanel> review_;
  bool review_written_ = false;  // the complete review is in the tree
  ExplorerView explorer_;
  bool explorer_on_ = false;
  bool explorer_mine_ = false;  // only the profile's games, with the colour at the bottom
  sf::FloatRect panel_, bar_, lines_rect_, explorer_rect_, tree_rect_, toast_slot_;

  ActionButtons<Action> buttons_;
  Dialogs<Dialog> dialogs_;
};

}  // namespace gambit::gui
