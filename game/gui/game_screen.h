// SPDX-License-Identifier: MIT
// GameScreen: the board-and-panel view of one match::GameSession, shared by
// PlayScreen (humans at the board) and DemoScreen (AI against AI). The board
// on the left; on the right the panel: players, clocks, captured pieces,
// status, the AI's "thinking" line, the opening reached (ECO code and name),
// the move list (click a move, or Left and Right, to look back), a grid of
// buttons with help lines, and over the board the end-of-game box. Every
// finished game is recorded in the store (recording::Recorder). The rules of
// the flow live in the session; screens only show them and turn input into calls.
//
// A screen adds its buttons (add_button) and answers the hooks below; this
// class does the rest. game_screen.cpp: input and flow; game_screen_view.cpp:
// drawing and the state dump.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "core/match/game_session.h"
#include "core/recording/recorder.h"
#include "core/store/store.h"
#include "game/gui/board_input.h"
#include "game/gui/board_marking.h"
#include "game/gui/board_view.h"
#include "game/gui/file_chooser.h"
#include "game/gui/move_list_view.h"
#include "game/gui/screen.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

class GameScreen : public Screen {
 public:
  void handle(const sf::Event& event) override;
  void update() override;
  void draw(sf::RenderTarget& target) override;
  std::chrono::milliseconds redraw_interval() const override;
  void describe(StateDump& dump) const override;
  bool ai_thinking() const override;
  sf::FloatRect toast_area(sf::Vector2f size) const override;
  sf::FloatRect modal_area() const override;

 protected:
  GameScreen(App& app, store::GameSource source);

  // The session shown; nullptr when the game could not start (failure_ says why).
  virtual match::GameSession* session() const = 0;
  // Moves the session on (called once a frame before its events are taken).
  virtual void advance(std::chrono::steady_clock::time_point now) = 0;

  // Buttons, in the panel's grid in the order added; `action` is the screen's own code.
  void add_button(int action, const char* label, const char* tooltip);
  virtual bool enabled(int action) const = 0;
  virtual void run(int action) = 0;  // called only when enabled
  // run(action) if enabled, and a redraw: what a click or a shortcut does.
  void trigger(int action);
  // Sets a button's label and tooltip before it is drawn (for buttons whose words change).
  virtual void label(int /*action*/, Button& /*button*/) const {}

  // A key the screen handles itself, before Esc and the keys that look back
  // through the game; true when it did.
  virtual bool shortcut(const sf::Event::KeyEvent& key) = 0;
  // Text input of the screen (the move box), given events the board did not take; true when taken.
  virtual bool handle_text(const sf::Event&) { return false; }
  // The end-of-game box takes input (Play: play again); true when the event was its.
  virtual bool handle_overlay(const sf::Event&) { return false; }
  // The end-of-game box's buttons (or words) in the strip `row` at its bottom.
  virtual void draw_overlay_row(sf::RenderTarget& target, sf::FloatRect row) = 0;
  // The end-of-game box shows while the game is over, the live position is shown and the player has not dismissed it.
  bool overlay_shown() const;

  // Lines above the top player (Demo: the tally); returns where the player goes.
  virtual float draw_header(sf::RenderTarget&, float top) { return top; }
  // The block under the status, of a height fixed per screen, from top; returns
  // where it ends. By default the AI's thinking in three lines.
  virtual float draw_under_status(sf::RenderTarget& target, float top);
  virtual std::string help_text() const = 0;
  virtual std::string status_text() const;
  // The board's extras (Play: the hint's arrow).
  virtual void add_to_scene(BoardScene&) const {}
  virtual void describe_more(StateDump&) const {}
  virtual std::string failure_title() const = 0;
  // A session event after the view has followed it (sounds, glide, recording).
  virtual void on_event(const match::SessionEvent&) {}
  // Keeps redrawing at the tick (Demo: its pacing and its countdown).
  virtual bool ticking() const { return false; }

  // A modal dialog over the screen; `dialog` is the screen's own code (0: none).
  // path_field: the field holds a path (Tab completes it).
  void open_dialog(int dialog, const std::string& title, const std::string& message,
                   std::optional<std::string> field, const char* ok, const char* cancel, bool path_field = true);
  virtual void on_dialog(int /*dialog*/, const std::string& /*field*/) {}
  // The file chooser as the dialog `dialog`: on_dialog gets the path taken.
  void open_chooser(int dialog, const std::string& title, const std::string& hint, const std::string& start,
                    std::vector<std::string> extensions, const char* ok);
  int dialog() const { return dialog_; }
  const ModalDialog& modal() const { return modal_; }

  const chess::Game& game() const;
  void reset_view();
  const chess::Position& shown_position() const;
  std::size_t shown_ply() const;
  bool looking_back() const { return view_ply_.has_value(); }
  void follow_live() { view_ply_.reset(); }
  void take_session_events();
  // A typed move was played: no glide, the live position.
  void played_typed_move();
  float panel_x() const;
  float panel_width() const;
  // The end of the game in words for the player: "You won", "You lost", "Draw"
  // (with two humans or none: "White wins"...); then how, and the rating change.
  std::string end_headline() const;
  std::vector<std::string> end_details() const;
  std::string thinking_text() const;
  // The opening reached at the move shown: "B90 Sicilian: Najdorf", or "" (chess::opening_text).
  std::string opening_text() const;

  // The store's side (recording::Recorder), its problems told as toasts.
  // A new, loaded or resumed game starts being played here, rated or not as decided before it.
  void game_began(bool resumed = false, recording::RatedDecision rated = {});
  // The AI's thinking (its line and arrow) is shown: in casual games only (a
  // rated game gives no engine help, as on lichess).
  bool engine_help_shown() const { return !recorder_.rated().rated; }
  void tell(const std::optional<std::string>& problem);

  recording::Recorder recorder_;
  BoardView board_;
  BoardInput input_;
  BoardMarking marking_;  // the right button's arrows and circles, per position shown
  std::string failure_;  // the game could not start: why
  bool overlay_dismissed_ = false;

 private:
  struct ActionButton {
    int action;
    Button button;
  };
  struct Glide {
    chess::Move move;
    chess::Piece piece;
    std::chrono::steady_clock::time_point started;
  };

  void layout(sf::Vector2f size);
  void handle_board(const sf::Event& event);
  void handle_dialog(const sf::Event& event);
  void refresh_san();
  void draw_panel(sf::RenderTarget& target);
  // A player's two rows from top: king, name, checks; clock, captured pieces.
  void draw_player(sf::RenderTarget& target, chess::Color side, float top);
  void draw_overlay(sf::RenderTarget& target);

  sf::Vector2f mouse_;
  bool ai_arrow_drawn_ = false;          // the last frame drew the AI's intended move as an arrow
  std::optional<std::size_t> view_ply_;  // looking back at this ply; nullopt = the live position
  bool dropped_by_hand_ = false;         // the last human move was dragged: no glide
  std::optional<Glide> glide_;

  std::vector<ActionButton> buttons_;
  Button failure_menu_{"Menu", "Back to the menu (Esc)", {}};
  int dialog_ = 0;
  ModalDialog modal_;
  FileChooser chooser_;
  bool chooser_open_ = false;  // dialog_ is the file chooser's

  sf::FloatRect panel_;
  float help_top_ = 0;
  sf::FloatRect toast_slot_;  // where the panel left room for the toast showing (empty: none)
  MoveListView move_list_;
  std::vector<std::string> san_;  // SAN of every move of the game
  std::size_t san_for_moves_ = std::size_t(-1);
  chess::Key san_for_start_ = 0;
};

}  // namespace gambit::gui
