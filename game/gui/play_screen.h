// SPDX-License-Identifier: MIT
// PlayScreen: a game in the window with the seats of the settings, humans
// moving with the mouse or typing moves (the move box): undo, resign, draw
// offers and claims, hints, save and load, play again (or with the colours
// swapped) from the end-of-game box. The board and panel are GameScreen's.
// Besides recording finished games, it keeps the unfinished game in the store
// after every move and when the screen closes, for "Resume game".
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>

#include "core/config/settings.h"
#include "core/match/game_record.h"
#include "core/match/game_session.h"
#include "game/gui/game_screen.h"

namespace gambit::gui {

class PlayScreen final : public GameScreen {
 public:
  // A new game with the settings' seats, or the game the store kept.
  enum class Start { New, Resume };

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

 private:
  enum Action : int { NewGame, Undo, Flip, Resign, Draw, Hint, Save, Load, Menu };
  enum Dialog : int {
    None, ConfirmLeave, ConfirmResign, ConfirmNewGame, ConfirmLoad, SaveFile, LoadFile, ConfirmAbort,
    ConfirmUndoUnrated, ConfirmHintUnrated, Message, ChooseGame
  };
  // What the one draw button does now, in this order: claim a draw the rules
  // give, accept the opponent's offer, say that an offer is made, or offer one.
  enum class DrawChoice { Claim, Accept, Offered, Offer };

  match::GameSession* session() const override { return session_.get(); }
  void advance(std::chrono::steady_clock::time_point now) override;
  bool enabled(int action) const override;
  void run(int action) override;
  void label(int action, Button& button) const override;
  bool shortcut(const sf::Event::KeyEvent& key) override;
  bool handle_text(const sf::Event& event) override;
  bool handle_overlay(const sf::Event& event) override;
  void draw_overlay_row(sf::RenderTarget& target, sf::FloatRect row) override;
  float draw_under_status(sf::RenderTarget& target, float top) override;
  // One line over the players: the variant, the clock and its pool, rated or casual.
  float draw_header(sf::RenderTarget& target, float top) override;
  std::string header_text() const;
  std::string help_text() const override;
  void add_to_scene(BoardScene& scene) const override;
  void describe_more(StateDump& dump) const override;
  std::string failure_title() const override { return "The game cannot start"; }
  void on_event(const match::SessionEvent& event) override;
  void on_dialog(int dialog, const std::string& field) override;

  // A new game from the start position of the configured variant ([game]
  // variant), or from the set-up position this screen was opened with.
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

  std::unique_ptr<match::GameSession> session_;
  std::array<config::SeatConfig, chess::COLOR_NB> seat_configs_;  // as the settings (or the kept game) gave them
  bool colours_swapped_ = false;  // the seats play the other colours than the settings give them
  bool keep_colours_ = false;     // the next start keeps colours_swapped_ even with random colours

  std::optional<chess::Move> hint_;
  std::size_t hint_ply_ = 0;
  Button overlay_again_{"Play again", "The same game again (Enter)", {}, true, true};
  Button overlay_swap_{"Swap colours", "Play again with the other colour", {}};
  Button overlay_menu_{"Menu", "Back to menu (Esc)", {}};
  Button overlay_review_{"Review", "Where this game was won and lost, move by move (R); A: the analysis board", {}};
  TextField move_box_;
  std::string move_error_;   // why the typed move was not played
  std::string last_loaded_;  // the file last loaded here, offered again by Load
  std::optional<match::LoadedGames> choosing_;  // a file of several games, while the player chooses one
};

}  // namespace gambit::gui
