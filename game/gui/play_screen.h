// PlayScreen: a game in the window — Play (the seats of the settings, humans
// moving with the mouse) or Demo (AI against AI, game after game, with a
// tally, a live move delay, pause and single step). The board on the left,
// the side panel on the right: players, clocks, captured pieces, status, the
// AI's "thinking" line, the move list (click a move to look back), buttons
// with keyboard shortcuts, the end-of-game overlay and the small dialogs
// (confirm, save, load). The rules of the flow live in match::GameSession and
// match::DemoLoop; this class only shows them and turns input into calls.
// Every finished game is recorded in the store; an unfinished one (Play) is
// kept there when the screen closes, for "Resume game".
// play_screen.cpp: input, actions and the game flow; play_screen_view.cpp:
// drawing; play_screen_store.cpp: what goes to the store.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/config/settings.h"
#include "core/match/demo_loop.h"
#include "core/match/game_session.h"
#include "core/recording/recorder.h"
#include "game/gui/board_input.h"
#include "game/gui/board_view.h"
#include "game/gui/move_list_view.h"
#include "game/gui/screen.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

class PlayScreen : public Screen {
 public:
  enum class Mode { Play, Demo };
  // Play only: a new game with the settings' seats, or the game the store kept.
  enum class Start { New, Resume };

  PlayScreen(App& app, Mode mode, Start start = Start::New);
  ~PlayScreen() override;

  std::string name() const override { return mode_ == Mode::Play ? "play" : "demo"; }
  void handle(const sf::Event& event) override;
  void update() override;
  void draw(sf::RenderTarget& target) override;
  std::chrono::milliseconds redraw_interval() const override;
  void describe(StateDump& dump) const override;
  bool ai_thinking() const override;
  sf::FloatRect toast_area(sf::Vector2f size) const override;

 private:
  enum class Action { NewGame, Undo, Flip, Resign, Draw, Hint, Save, Load, Menu, Pause, Step, Slower, Faster };
  struct ActionButton {
    Action action;
    Button button;
  };
  enum class Dialog { None, ConfirmLeave, ConfirmResign, ConfirmNewGame, ConfirmLoad, Save, Load };

  match::GameSession* session() const;
  const chess::Game& game() const;
  // A new game from the start position of the configured variant ([game] variant).
  chess::Game fresh_game() const;
  void start(Start start);
  // The store's side (recording::Recorder), its problems told as toasts.
  void game_began(bool resumed = false);  // a new, loaded or resumed game starts being played here
  void record_finished_game();
  void keep_unfinished_game();
  void give_up_game();  // the player chose a new game over this one: neither recorded nor kept
  void tell(const std::optional<std::string>& problem);
  // Play again: a new game with the same setup, or with the colours swapped.
  void restart(bool swap_colours);
  bool swap_offered() const;  // one human against an AI
  void layout(sf::Vector2f size);
  void run(Action action);
  bool enabled(Action action) const;
  // What the one draw button does now, in this order: claim a draw the rules
  // give, accept the opponent's offer, say that an offer is made, or offer one.
  enum class DrawChoice { Claim, Accept, Offered, Offer };
  DrawChoice draw_choice() const;  // precondition: session()
  void draw_button(Button& button) const;  // its label and tooltip for draw_choice()
  void handle_board(const sf::Event& event);
  // The move box: moves typed on the keyboard (SAN or UCI), with completion.
  // Shown in Play when a human sits at the board; printable keys type into it.
  bool move_box_shown() const;
  bool handle_move_box(const sf::Event& event);  // true when the event was the box's
  void submit_typed_move();
  void handle_dialog(const sf::Event& event);
  void open_dialog(Dialog dialog);
  void load_game(const std::string& text);
  void save_game(const std::string& path);
  void take_session_events();
  void reset_view();
  const chess::Position& shown_position() const;
  std::size_t shown_ply() const;
  void refresh_san();

  void draw_panel(sf::RenderTarget& target);
  // A player's two rows from top: king, name, checks; clock, captured pieces.
  void draw_player(sf::RenderTarget& target, chess::Color side, float top);
  void draw_overlay(sf::RenderTarget& target);
  // The end of the game in words for the player: "You won", "You lost", "Draw"
  // (with two humans or none: "White wins"...); then how, and the rating change.
  std::string end_headline() const;
  std::vector<std::string> end_details() const;
  std::string status_text() const;
  std::string thinking_text() const;

  Mode mode_;
  std::unique_ptr<match::GameSession> session_;  // Play
  std::unique_ptr<match::DemoLoop> demo_;        // Demo
  int demo_game_seen_ = 0;
  std::string failure_;  // the game could not start: why

  recording::Recorder recorder_;
  std::array<config::SeatConfig, chess::COLOR_NB> seat_configs_;  // Play: as the settings (or the kept game) gave them
  bool colours_swapped_ = false;  // the seats play the other colours than the settings give them
  bool keep_colours_ = false;     // the next start keeps colours_swapped_ even with random colours

  BoardView board_;
  BoardInput input_;
  sf::Vector2f mouse_;
  std::optional<std::size_t> view_ply_;  // looking back at this ply; nullopt = the live position
  std::optional<chess::Move> hint_;
  std::size_t hint_ply_ = 0;
  bool overlay_dismissed_ = false;
  bool dropped_by_hand_ = false;  // the last human move was dragged: no glide

  struct Glide {
    chess::Move move;
    chess::Piece piece;
    std::chrono::steady_clock::time_point started;
  };
  std::optional<Glide> glide_;

  std::vector<ActionButton> buttons_;
  Button overlay_again_{"Play again", "The same game again (Enter)", {}, true, true};
  Button overlay_swap_{"Swap colours", "Play again with the other colour", {}};
  Button overlay_menu_{"Menu", "Back to menu (Esc)", {}};
  Dialog dialog_ = Dialog::None;
  ModalDialog modal_;
  TextField move_box_;
  std::string move_error_;  // why the typed move was not played
  std::string last_loaded_;  // the file last loaded here, offered again by Load

  sf::FloatRect panel_;
  float help_top_ = 0;
  sf::FloatRect toast_slot_;  // where the panel left room for the toast showing (empty: none)
  MoveListView move_list_;
  std::vector<std::string> san_;  // SAN of every move of the game
  std::size_t san_for_moves_ = std::size_t(-1);
  chess::Key san_for_start_ = 0;
};

}  // namespace gambit::gui
