// SPDX-License-Identifier: MIT
// GameView: the board-and-panel view of one match::GameSession, owned by the
// screens that show a game being played (PlayScreen: humans at the board;
// DemoScreen: AI against AI). The board on the left; on the right the panel:
// players, clocks, captured pieces, status, the AI's "thinking" line, the
// opening reached (ECO code and name), the move list (click a move, or Left
// and Right, to look back), the screen's buttons and a help line, and over the
// board the end-of-game box. The rules of the flow live in the session; the
// view shows it, plays its sounds and turns the mouse on the board into moves,
// which the screen plays. The store is not the view's: the screen's
// recording::Recorder follows the session in core (each move kept, the end
// recorded); the view only shows what it decided (rated or not, the rating
// change) and tells its problems.
//
// The screen keeps what is its own: its buttons (ActionButtons of its Action),
// its dialogs (Dialogs of its Dialog), its keys, and what it adds to the panel
// each frame (Parts: the lines over the players, the status, the block under
// it, the help, arrows on the board, the end-of-game box's buttons). Its
// handle() takes, in this order: the failure page (no session), the open
// dialog, the end-of-game box, its buttons, handle_pointer, its own text and
// keys, drop_selection_on_escape, look_back. game_view.cpp: input and flow;
// game_view_panel.cpp: drawing and the state dump.
//
// Threads: the window's thread only. The session is the screen's: the view
// asks for it through the function it was given, each time (it may change
// between games, or be absent when the game could not start).
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/match/game_session.h"
#include "core/recording/recorder.h"
#include "core/store/store.h"
#include "core/util/translation.h"
#include "game/gui/board_input.h"
#include "game/gui/board_marking.h"
#include "game/gui/board_view.h"
#include "game/gui/move_list_view.h"
#include "game/gui/screen.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

// A clock's time as the window shows it: "4:32", "1:02:03", "0:09.3" under ten seconds.
std::string clock_text(std::int64_t ms);

class App;

class GameView {
 public:
  // What the screen shows in the view besides the game, given for each frame.
  struct Parts {
    // Lines over the top player (Play: the variant and clock; Demo: the tally), from `top`; returns where they end.
    std::function<float(sf::RenderTarget&, float top)> header;
    std::string status;  // the status line: status_text(), or the screen's words around it
    // The block under the status, of a height fixed per screen, from `top`;
    // returns where it ends. Empty: the AI's thinking (draw_thinking).
    std::function<float(sf::RenderTarget&, float top)> under_status;
    std::string help;  // the line under the buttons (a hovered button's tooltip, else the screen's help)
    std::vector<BoardScene::Arrow> arrows;  // on the live position (Play: the hint)
    // The end-of-game box's buttons (or words) in the strip `row` at its bottom.
    std::function<void(sf::RenderTarget&, sf::FloatRect row)> end_row;
  };

  // A mouse event the view took: a look back through the move list, or a
  // move made on the board (for the screen to play, then follow_session()).
  struct Pointer {
    bool taken = false;
    std::optional<chess::Move> move;
  };

  // recorder: the screen's, following its sessions; it outlives the view.
  GameView(App& app, recording::Recorder& recorder, std::function<match::GameSession*()> session);

  match::GameSession* session() const { return session_(); }
  // The game could not start, or stopped: why (shown on the failure page).
  const std::string& failure() const { return failure_; }
  void fail(std::string reason) { failure_ = std::move(reason); }
  void clear_failure() { failure_.clear(); }

  // Lays out the board and the panel in a window of `size`, with room at the
  // panel's bottom for `buttons` buttons in three columns (place_buttons).
  void layout(sf::Vector2f size, std::size_t buttons);
  // Where the screen's buttons go, once laid out: a grid in three columns.
  template <typename Buttons>
  void place_buttons(Buttons& buttons) const {
    buttons.place_grid(buttons_area_.left, buttons_area_.top, buttons_area_.width, 3, ButtonHeight, ButtonGap);
  }

  // Input. follow_mouse takes every event first (the pointer, for drags and glides).
  void follow_mouse(const sf::Event& event);
  // The failure page's Menu button or Esc: true when the player leaves it.
  bool failure_page_closed(const sf::Event& event);
  // The move list (a click on a move, the wheel) and, unless `board_blocked`
  // (the end-of-game box shows), the board: moves, the right button's shapes.
  Pointer handle_pointer(const sf::Event& event, bool board_blocked);
  // Esc with a piece selected, a promotion pending or a premove set drops it: true when it did.
  bool drop_selection_on_escape(const sf::Event::KeyEvent& key);
  // The premove, once the person is to move: the legal move it names then (a pawn reaching the last rank
  // becomes a queen), or none (dropped: no longer legal). Taken once.
  std::optional<chess::Move> take_premove();
  // Drops the piece selected or the promotion pending (a dialog opens over the board).
  void drop_selection() { input_.reset(); }
  // Left, Right, Home and End look back through the game (End: back to it).
  void look_back(const sf::Event::KeyEvent& key);

  // Follows what the session did since last asked (sounds, glides, notices
  // and the recorder's problems as toasts), each event then given to `then`
  // (the screen's own part: Play's hint, speech).
  void follow_session(const std::function<void(const match::SessionEvent&)>& then = {});
  // Once a frame, after the screen moved the session on: ends a glide.
  void update();
  // A new game shows from its live position, nothing selected, no box dismissed.
  void reset();
  // A typed move is about to be played: no glide, the live position.
  void played_typed_move();
  // The player closed the end-of-game box (Esc) to look at the board.
  void dismiss_end_box() { end_box_dismissed_ = true; }

  // Drawing. draw_failure: the page saying why there is no game, with Menu.
  void draw_failure(sf::RenderTarget& target, const std::string& title);
  // The board, the panel and, while shown, the end-of-game box.
  void draw(sf::RenderTarget& target, const Parts& parts);
  // The default block under the status: the AI's thinking in three lines; returns where it ends.
  float draw_thinking(sf::RenderTarget& target, float top) const;
  float panel_x() const;
  float panel_width() const;

  // The state of the game shown, for the state dump, with the status line as
  // the screen shows it; false (with the reason) when there is no game, and
  // the screen adds nothing of its own.
  bool describe(StateDump& dump, const std::string& status) const;
  std::chrono::milliseconds redraw_interval(bool ticking) const;
  bool ai_thinking() const;
  // Where a toast may show: the panel's slot for it while one shows, else the screen's default.
  std::optional<sf::FloatRect> toast_slot() const;

  const chess::Game& game() const;
  const chess::Position& shown_position() const;
  std::size_t shown_ply() const;
  bool looking_back() const { return view_ply_.has_value(); }
  // The end-of-game box shows while the game is over, the live position is shown and the player has not dismissed it.
  bool end_box_shown() const;
  BoardView& board() { return board_; }

  // The status line in words ("Your move", "Black is thinking...", "Looking at move 12 ...").
  std::string status_text() const;
  std::string thinking_text() const;
  // The opening reached at the move shown: "B90 Sicilian: Najdorf", or "" (chess::opening_text).
  std::string opening_text() const;
  // The end of the game in words for the player: "You won", "You lost", "Draw"
  // (with two humans or none: "White wins"...); then how, and the rating change.
  std::string end_headline() const;
  std::vector<std::string> end_details() const;

  // The AI's thinking (its line and arrow) is shown: in casual games only (a
  // rated game gives no engine help, as on lichess).
  bool engine_help_shown() const { return !recorder_.rated().rated; }
  // A problem of the store's, if any, as a toast.
  void tell(const std::optional<std::string>& problem);

  static constexpr float ButtonHeight = 36;
  static constexpr float ButtonGap = 8;

 private:
  struct Glide {
    chess::Square from, to;  // the piece's squares (castling: the king's, which in Chess960 is not the move's target)
    chess::Piece piece;
    std::chrono::steady_clock::time_point started;
  };

  Pointer handle_board(const sf::Event& event);
  void refresh_san();
  BoardScene scene(const Parts& parts);
  void draw_panel(sf::RenderTarget& target, const Parts& parts);
  // A player's two rows from top: king, name, checks; clock, captured pieces.
  void draw_player(sf::RenderTarget& target, chess::Color side, float top);
  void draw_end_box(sf::RenderTarget& target, const Parts& parts);

  App& app_;
  std::function<match::GameSession*()> session_;
  recording::Recorder& recorder_;
  BoardView board_;
  BoardInput input_;
  BoardMarking marking_;  // the right button's arrows and circles, per position shown
  std::string failure_;   // the game could not start: why
  bool end_box_dismissed_ = false;

  sf::Vector2f mouse_;
  bool ai_arrow_drawn_ = false;          // the last frame drew the AI's intended move as an arrow
  std::optional<std::size_t> view_ply_;  // looking back at this ply; nullopt = the live position
  bool dropped_by_hand_ = false;         // the last human move was dragged: no glide
  std::optional<Glide> glide_;
  // A premove (as on lichess): while an AI is to move against a person, the person's next move set up in
  // advance: a piece of theirs pressed, then dropped or clicked on another square. One at a time, tinted
  // on the board; the right button or Esc cancels it.
  struct Premove {
    chess::Square from;
    std::optional<chess::Square> to;  // none while it is being chosen
    bool dragging = false;
  };
  std::optional<Premove> premove_;
  bool may_premove() const;
  Pointer premove_pointer(const sf::Event& event, std::optional<chess::Square> square);

  // TRANSLATORS: a button 220 pixels wide, under the reason a game cannot be shown.
  Button failure_menu_{tr("Menu"), tr("Back to the menu (Esc)"), {}};
  sf::FloatRect panel_;
  sf::FloatRect buttons_area_;  // the screen's buttons' grid: its top, left and width
  float help_top_ = 0;
  sf::FloatRect toast_slot_;  // where the panel left room for the toast showing (empty: none)
  MoveListView move_list_;
  std::vector<std::string> san_;  // SAN of every move of the game
  std::vector<chess::Move> san_moves_;  // the moves san_ was made for, from san_start_
  chess::Key san_start_ = 0;
};

}  // namespace gambit::gui
