// SPDX-License-Identifier: MIT
// PlayScreen: a game in the window with the seats of the settings, humans
// moving with the mouse or typing moves (the move box): undo, resign, draw
// offers and claims, hints, save and load, play again (or with the colours
// swapped) from the end-of-game box. The board and panel are a GameView's.
// Its recording::Recorder follows the session: the unfinished game kept in
// the store after every move (and when the screen closes, with its clocks),
// for "Resume game"; the finished one recorded.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>

#include "core/config/settings.h"
#include "core/match/game_record.h"
#include "core/match/game_session.h"
#include "core/recording/recorder.h"
#include "core/util/translation.h"
#include "game/gui/action_buttons.h"
#include "game/gui/dialogs.h"
#include "game/gui/game_view.h"
#include "game/gui/move_box.h"
#include "game/gui/navigation.h"
#include "game/gui/screen.h"

namespace gambit::gui {

class PlayScreen final : public Screen {
 public:
  // A new game with the settings' seats, or the game the store kept.
  using Start = page::Play::Start;

  PlayScreen(App& app, Start start = Start::New);
  // A new game with the settings' seats from a set-up position (unrated), as
  // the position editor's Play from here starts it.
  PlayScreen(App& app, const chess::Position& from);
  ~PlayScreen() override;
  // Loads a game from a PGN file or a FEN, as Load does. A file of several
  // games asks which one. A finished game opens in Replay with its own
  // players, result and tags (and Review); an unfinished one goes on from its
  // last position with this screen's players, unrated. A game with a move
  // that cannot be played is loaded up to it, and a dialog says which move and
  // why; a file that cannot be read at all is said in a dialog, whole.
  void load_game(const std::string& text);

  std::string name() const override { return "play"; }
  void handle(const sf::Event& event) override;
  void update() override;
  void draw(sf::RenderTarget& target) override;
  std::chrono::milliseconds redraw_interval() const override;
  void describe(StateDump& dump) const override;
  bool ai_thinking() const override;
  sf::FloatRect toast_area(sf::Vector2f size) const override;
  sf::FloatRect modal_area() const override;
  int dialog_shown() const override { return int(dialogs_.which()); }

 private:
  enum class Action { NewGame, Undo, Flip, Resign, Draw, Hint, Save, Load, Menu };
  enum class Dialog {
    None, ConfirmLeave, ConfirmResign, ConfirmNewGame, ConfirmLoad, SaveFile, LoadFile, ConfirmAbort,
    ConfirmUndoUnrated, ConfirmHintUnrated, Message, ChooseGame
  };
  // What the one draw button does now, in this order: claim a draw the rules
  // give, accept the opponent's offer, say that an offer is made, or offer one.
  enum class DrawChoice { Claim, Accept, Offered, Offer };

  const chess::Game& game() const { return session_->game(); }
  // Lays out the view and the buttons, their state and words as they are now.
  void layout();
  bool enabled(Action action) const;
  void run(Action action);
  // run(action) if enabled, and a redraw: what a click or a shortcut does.
  void trigger(Action action);
  // A button's words as the game stands (Resign or Abort, the draw button's four).
  void label(Action action, Button& button) const;
  bool shortcut(const sf::Event::KeyEvent& key);
  // The move box's typing; true when it took the event.
  bool handle_text(const sf::Event& event);
  // The end-of-game box's buttons and keys (play again, review, analyse); true when it took the event.
  bool handle_end_box(const sf::Event& event);
  void draw_end_row(sf::RenderTarget& target, sf::FloatRect row);
  // Under the status: the move box and its line (why a move was refused, the completions, the AI's thinking).
  float draw_move_box(sf::RenderTarget& target, float top);
  // One line over the players: the variant, the clock and its pool, rated or casual.
  float draw_header(sf::RenderTarget& target, float top) const;
  std::string header_text() const;
  // The human's move, made on the board or typed, played.
  void play(chess::Move move);
  // The session's news, followed by the view and then here (the hint, the kept game).
  void follow_session();
  void on_event(const match::SessionEvent& event);
  void on_dialog(Dialog dialog, const std::string& field);

  // A new game from the start position of the configured variant ([game]
  // variant; Chess960's chosen or drawn start), or from the set-up position
  // this screen was opened with.
  chess::Game fresh_game() const;
  void start(Start start);
  PlayScreen(App& app, std::optional<chess::Position> from, Start start);
  std::optional<chess::Position> set_up_;  // the position new games begin from, when not the variant's start
  // Play again: a new game with the same setup, or with the colours swapped.
  void restart(bool swap_colours);
  bool swap_offered() const;  // one human against an AI
  // A rated game in progress whose player has moved: leaving it for another resigns it.
  bool rated_in_progress() const;
  // Leaves the game in progress for another (New game, Load): a rated one is
  // resigned (recorded as a loss), a casual one given up.
  void leave_for_another();
  void abort_game();
  void take_back();
  void ask_hint();
  DrawChoice draw_choice() const;  // precondition: session()
  void ask(Dialog dialog);
  void save_game(const std::string& path);
  // One game of what Load read (from `source`, a file or a typed FEN).
  void open_loaded(const chess::PgnGame& game, const std::string& source);
  // A message shown whole, in a dialog with OK.
  void tell_in_dialog(const std::string& title, const std::string& message);
  void keep_unfinished_game();
  // The move box: moves typed on the keyboard (SAN or UCI), with completion.
  // Shown when a human sits at the board; printable keys type into it.
  bool move_box_shown() const;
  void submit_typed_move();
  std::string move_words(std::size_t ply) const;  // board_reading.h's words for a move, with its side
  std::string last_move_words() const;
  std::string clocks_words() const;

  // The store's side: it follows each session (declared first: it outlives them).
  recording::Recorder recorder_;
  std::unique_ptr<match::GameSession> session_;
  std::array<config::SeatConfig, chess::COLOR_NB> seat_configs_;  // as the settings (or the kept game) gave them
  bool colours_swapped_ = false;  // the seats play the other colours than the settings give them
  bool keep_colours_ = false;     // the next start keeps colours_swapped_ even with random colours
  std::uint64_t start_draw_ = 0;  // picks a random Chess960 start (config::GameSettings::start_position)
  bool keep_start_ = false;       // the next start keeps start_draw_

  std::optional<chess::Move> hint_;
  std::size_t hint_ply_ = 0;
  // The end-of-game box's buttons (Play again and Swap colours, shorter in a narrow box: draw_end_row).
  Button end_again_{tr("Play again"), tr("The same game again (Enter)"), {}, true, true};
  Button end_swap_{tr("Swap colours"), tr("Play again with the other colour"), {}};
  // TRANSLATORS: a button of the end-of-game box, 100 to 160 pixels wide.
  Button end_menu_{tr("Menu"), tr("Back to menu (Esc)"), {}};
  // TRANSLATORS: a button of the end-of-game box, 100 to 160 pixels wide: look at the game again, with
  // the engine's verdict on each move.
  Button end_review_{tr("Review"), tr("Where this game was won and lost, move by move (R); A: the analysis board"), {}};
  MoveBox move_box_;
  std::string last_loaded_;  // the file last loaded here, offered again by Load
  std::optional<match::LoadedGames> choosing_;  // a file of several games, while the player chooses one

  GameView view_;
  ActionButtons<Action> buttons_;
  Dialogs<Dialog> dialogs_;
};

}  // namespace gambit::gui
