// SPDX-License-Identifier: MIT
// GameSession: one interactive game as the window plays it — seats that are a
// human at this computer or an AI plugin, whose turn it is, clocks, undo,
// claims, resignation, hints, and the pacing of AI moves (delay, pause, single
// step) — with no window in it, so every rule of the game flow is unit-tested.
//
// The owner drives it from one thread: it calls update(now) once a frame and
// takes the events that happened (moves, the end, a hint, notices). AI seats
// think on their PluginSearch threads, polled at each update (which is also
// when their limits are enforced); nothing here ever waits for an AI longer
// than the short grace of PluginSearch::cancel.
//
// Rules of the flow (as GNOME Chess and lichess do it):
//  - An AI seat to move starts thinking at the next update; its answer is
//    checked (PluginPlayer) and a failure forfeits the game with the reason.
//  - A draw that may be claimed is claimed at once for an AI seat to move; a
//    human claims it with claim_draw().
//  - Undo takes back the last ply with two humans; against an AI it takes back
//    to before the human's last move (the AI's reply too). With no human seat
//    there is no undo. A finished game is final: it cannot be undone (as on
//    lichess), so what the store recorded is what the window shows.
//  - Clocks (when the time control has one) run for the side to move from the
//    moment its turn began, from each side's second turn on: as on lichess,
//    the first move of each side (the first two plies of the record) is not
//    timed, so a player is never flagged before the game has begun; a human whose time runs out loses on time (a draw
//    when the opponent cannot mate), an AI gets players::Grace beyond it
//    (rulebook.h: the rules the headless runner applies too).
//  - Resign: the human seat resigns (with two humans, the side to move).
//  - Abort: before a human seat's first move the game may be aborted
//    (can_abort); ending it is the owner's business (it records nothing).
//  - Draw offers (FIDE 9.1.2): a human to move may offer a draw; the offer
//    goes with the move they then make. An AI opponent answers on its turn by
//    its own judgement (PluginPlayer: a plugin without one declines); a human
//    opponent accepts with accept_draw() or declines by moving. The offer and a
//    refusal are written into the PGN as comments after the moves. After a
//    refusal the same side may offer again once it has made ReofferAfterMoves
//    more moves (no offer every move, as lichess limits them).
//  - A game that ends other than by a move (resignation, a claim, a forfeit)
//    stops the running clock at that moment: no time is given back.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/chess/game.h"
#include "core/chess/pgn.h"
#include "core/util/result.h"
#include "core/match/game_runner.h"
#include "core/players/plugin_player.h"
#include "core/players/seat.h"

namespace gambit::match {

// Something the window should show or sound.
struct SessionEvent {
  enum class Kind {
    MovePlayed,  // move (by side) was played; capture/check describe it
    GameOver,    // text: the outcome's description
    HintReady,   // move: the hint for the side to move
    Notice,      // text: a message for the player (e.g. why a hint failed)
  };
  Kind kind = Kind::Notice;
  chess::Move move = chess::Move::none();
  chess::Color side = chess::WHITE;
  bool capture = false;
  bool check = false;
  std::string text;
  std::size_t ply = 0;  // MovePlayed: the move's index in the game's moves (the position before: positions()[ply])
};

class GameSession {
 public:
  using Clock = std::chrono::steady_clock;
  using TimePoint = Clock::time_point;

  // A hint is searched this long.
  static constexpr std::chrono::milliseconds HintTime{1500};
  // Without a clock, an AI that has not answered after this long loses on time.
  static constexpr std::chrono::milliseconds NoClockDeadline{std::chrono::minutes(5)};

  // Creates the AI players of both seats (and of the hint seat, if any) and
  // starts a game from the standard position at `now`. Fails with the plugin's
  // message when one cannot be created. time_control: initial_ms == 0 means no
  // clock; movetime_ms is not used.
  static Result<std::unique_ptr<GameSession>> create(std::array<players::Seat, chess::COLOR_NB> seats,
                                                     const TimeControl& time_control,
                                                     std::optional<players::Seat> hint, TimePoint now);
  ~GameSession();  // stops every search (stop())
  GameSession(const GameSession&) = delete;
  GameSession& operator=(const GameSession&) = delete;

  // Starts a new game (the given record continues: a loaded PGN or FEN) with
  // full clocks, or with the given remaining times (a resumed game). Any search
  // is stopped; AI players are told a new game began.
  void new_game(chess::Game game, TimePoint now,
                std::optional<std::array<std::int64_t, chess::COLOR_NB>> remaining = std::nullopt);

  const chess::Game& game() const { return game_; }
  const players::Seat& seat(chess::Color side) const { return seats_[side]; }
  bool has_human() const { return seats_[chess::WHITE].human() || seats_[chess::BLACK].human(); }
  // The game goes on and the side to move is a human.
  bool human_to_move() const;

  // Plays a human's move. False (nothing changes) unless a human is to move and
  // the move is legal. A human whose time had run out loses on time instead.
  bool play_human_move(chess::Move move, TimePoint now);

  // Advances the flow: takes AI answers, applies them when pacing allows,
  // starts AI searches, claims draws for AIs, checks clocks, takes hints.
  void update(TimePoint now);
  // Events since the last call, oldest first.
  std::vector<SessionEvent> take_events();
  // Who hears each event as it happens, besides the owner (core/recording's
  // Recorder: the store sees each move and the end there). Called on the
  // owner's thread at the end of the call that made the events
  // (play_human_move, update, undo, claim_draw, accept_draw, resign,
  // request_hint), once per event and in order, with the session whole again
  // (the move made, the clocks charged, the end reported) and now the call's
  // time; take_events still hands every event to the owner afterwards.
  // new_game's own events (a game over at once: a forfeit) wait for the next
  // such call, so that the owner can tell its listener of the new game first
  // (Recorder::began). The
  // listener reads the session and must not change it. One listener at a
  // time: setting another replaces it, an empty one removes it.
  using Listener = std::function<void(const GameSession&, const SessionEvent&, TimePoint now)>;
  void set_listener(Listener listener) { listener_ = std::move(listener); }

  bool can_undo() const;
  bool undo(TimePoint now);
  // The draw the human to move may claim now, if any.
  std::optional<chess::Termination> claimable_draw() const;
  bool claim_draw(TimePoint now);
  bool can_resign() const;
  // The game goes on and a human seat has not moved in it yet (lichess's Abort).
  bool can_abort() const;
  // Whether `side` has made a move in this game's record.
  bool has_moved(chess::Color side) const;
  bool resign(TimePoint now);

  // A draw offer: the side making it and the ply its move has (== moves().size() while it is still to move).
  struct DrawOffer {
    chess::Color by = chess::WHITE;
    std::size_t ply = 0;
  };
  static constexpr std::size_t ReofferAfterMoves = 5;
  // The human to move may offer a draw now (the game goes on, no offer of theirs is waiting for their move, and
  // none was refused in their last ReofferAfterMoves moves).
  bool can_offer_draw() const;
  // Offers a draw with the move the human to move makes next. False when !can_offer_draw().
  bool offer_draw();
  // The human to move has offered a draw that goes with their next move.
  bool draw_offer_made() const;
  // The opponent of the side to move offered a draw with its last move, not answered yet.
  bool draw_offered_to_mover() const;
  // The human to move was offered a draw with the opponent's last move, and may accept it.
  bool draw_offered_to_human() const;
  bool accept_draw(TimePoint now);

  // Asks the hint seat for a move for the human to move; the answer arrives as
  // a HintReady event. False when there is no hint seat, no human to move, or
  // a hint is already being searched.
  bool request_hint(TimePoint now);
  bool hint_pending() const { return hint_ai_.search.running(); }
  bool has_hint_seat() const { return hint_.has_value(); }

  // The AI side whose search is running, and its latest progress (pv from the
  // current position).
  std::optional<chess::Color> thinking_side() const;
  std::optional<players::SearchInfo> thinking_info() const;

  bool has_clock() const { return time_control_.initial_ms > 0; }
  const TimeControl& time_control() const { return time_control_; }
  // Remaining time of side at now (the side to move's clock runs); may be negative.
  std::int64_t remaining_ms(chess::Color side, TimePoint now) const;

  // Pacing of AI moves: at least delay between two moves; while paused no AI
  // move is applied (a search may finish and wait); step() lets exactly one
  // more move through while paused.
  void set_move_delay(std::chrono::milliseconds delay) { move_delay_ = delay; }
  // An AI seat that moves at a person's pace on a clock (match::human_pace): its answer, found as always, is
  // played once a person's time for the move has passed, its clock running. seed: the same game's times
  // again (a test, a measurement); the window gives each game its own.
  void set_human_pace(chess::Color side, bool on, std::uint64_t seed) {
    paced_[side] = on;
    pace_seed_ = seed;
  }
  // When the paced answer found already will be played (none: no answer held at a person's pace).
  std::optional<TimePoint> paced_until() const {
    return held_answer_ && held_running_ ? std::optional(held_until_) : std::nullopt;
  }
  std::chrono::milliseconds move_delay() const { return move_delay_; }
  void set_paused(bool paused);
  bool paused() const { return paused_; }
  void step();

  // Stops every search (promptly; see PluginSearch::cancel). The session stays
  // usable: the next update starts the AI to move again.
  void stop();

  // The game so far as PGN (event e.g. "Gambit game"), with the plugin tags of AI seats.
  chess::PgnGame pgn(const std::string& event) const;

 private:
  // The plugin instance of an AI seat (or of the hints) and its search, if one runs.
  struct AiPlayer {
    std::unique_ptr<players::PluginPlayer> player;
    players::PluginSearch search;  // declared after player: it never outlives it
  };

  GameSession(std::array<players::Seat, chess::COLOR_NB> seats, const TimeControl& time_control,
              std::optional<players::Seat> hint);
  // A fresh player for an AI seat whose previous one was abandoned; false (with
  // a forfeit or notice) when it cannot be created.
  static Result<AiPlayer> make_ai(const players::Seat& seat);
  bool ensure_usable(chess::Color side);
  void start_search(chess::Color side, TimePoint now);
  void take_answer(chess::Color side, TimePoint now);
  void apply_move(chess::Move move, TimePoint now);
  void note_if_over();
  // Charges the side to move for its turn so far (no increment): called just
  // before the game ends other than by a move.
  void stop_clock(TimePoint now);
  void charge_clock(chess::Color side, TimePoint now);
  // The turn being played is timed: there is a clock and each side has had its first move.
  bool turn_timed() const;
  void take_hint();
  void cancel_searches();
  // Gives the listener the events not yet given to it (each public call that
  // can make events ends so: Publication).
  struct Publication;
  void publish(TimePoint now);

  std::array<players::Seat, chess::COLOR_NB> seats_;
  std::array<AiPlayer, chess::COLOR_NB> ai_;
  std::optional<players::Seat> hint_;
  AiPlayer hint_ai_;
  std::size_t hint_ply_ = 0;                  // the ply the running hint search is for

  chess::Game game_;
  TimeControl time_control_;
  std::array<std::int64_t, chess::COLOR_NB> clock_ms_{};
  std::vector<std::array<std::int64_t, chess::COLOR_NB>> clock_history_;  // clock_ms_ before each ply
  std::array<std::int64_t, chess::COLOR_NB> turn_clock_{};               // clock_ms_ when the turn began
  TimePoint turn_started_{};

  std::optional<players::MoveAnswer> held_answer_;  // an AI answer waiting for pacing
  // A paced seat's answer is held until held_until_, its clock running meanwhile (held_running_); the demo's
  // pacing (move_delay_) holds it with the clock charged.
  std::array<bool, chess::COLOR_NB> paced_{};
  std::uint64_t pace_seed_ = 0;
  TimePoint held_until_{};
  bool held_running_ = false;
  TimePoint held_arrived_{};
  TimePoint last_move_at_{};
  std::chrono::milliseconds move_delay_{0};
  bool paused_ = false;
  bool step_allowed_ = false;

  std::optional<DrawOffer> draw_offer_;              // the latest offer, until answered or taken back
  std::optional<DrawOffer> refused_offer_;           // the latest refused offer
  std::vector<std::string> comments_;                // per ply: PGN comment ("White offers a draw"), or ""

  bool reported_over_ = false;
  std::vector<SessionEvent> events_;
  std::size_t published_ = 0;  // events_ given to the listener so far
  Listener listener_;
};

}  // namespace gambit::match
