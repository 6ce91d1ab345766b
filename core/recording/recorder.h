// SPDX-License-Identifier: MIT
// Recorder: the games one front end plays (the window's Play or Demo), put into
// the store as they go: a finished game is recorded the moment it ends, and in
// Play a game left unfinished is kept (after every move and when the screen
// closes), so that neither closing nor a crash loses it and it can be resumed.
//
// Rules: a game is recorded once, when it ends (a finished game cannot be
// undone); a loaded game is recorded only if a move was played here, and one
// that was already over never; a game given up for another (give_up) is
// neither recorded nor kept; recording a game this recorder kept clears the
// kept game in the same transaction; beginning another game gives up the kept
// one; a recorder that never kept a game leaves an older kept game alone.
// Rated or not is decided when a game begins (RatedDecision) and only ever
// turns to unrated (make_unrated: a hint, a take-back); the store records and
// keeps exactly that decision.
// Without a store nothing is recorded or kept. Problems come back as sentences
// for the player; the game goes on.
//
// Threading: one thread (the front end's).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/chess/game.h"
#include "core/config/settings.h"
#include "core/match/game_session.h"
#include "core/recording/rated_game.h"
#include "core/store/store.h"

namespace gambit::recording {

class Recorder {
 public:
  // The store's unfinished game, ready to go on.
  struct KeptGame {
    std::array<config::SeatConfig, chess::COLOR_NB> seats;
    match::TimeControl time_control;
    std::optional<std::array<std::int64_t, chess::COLOR_NB>> clocks;  // remaining times, when it has a clock
    chess::Game game;
    bool rated = false;          // still rated when it was kept (its seats decide again when it is resumed)
    std::string unrated_reason;  // when not: why
  };
  // The kept game of `store`, or a sentence: none kept, or it cannot be read.
  // no_store says why there is no store when store is null.
  static Result<KeptGame> read_kept(store::Store* store, const std::string& no_store);

  // Whether the kept game is still rated, with these seats (its own, ready to
  // play): rated as its seats make it (decide_rated), unless it had stopped
  // being rated (a hint, a take-back) before it was kept.
  static RatedDecision rated_decision(const KeptGame& kept, const std::array<players::Seat, chess::COLOR_NB>& seats,
                                      bool has_store);
  // The kept game resigned by the person at the board, recorded at once as
  // their loss, rated or not as `rated` says (rated_decision), and no longer
  // kept: a rated game is left for another only so. seats: the kept game's
  // seats ready to play. A problem comes back in words (and the game stays kept).
  static std::optional<std::string> resign_kept(store::Store& store, const std::string& profile, KeptGame kept,
                                                const std::array<players::Seat, chess::COLOR_NB>& seats, bool rated,
                                                std::int64_t now_unix);

  // store may be null. profile names the human in the store; source says
  // which front end played (Demo games are recorded, never kept).
  Recorder(store::Store* store, std::string profile, store::GameSource source);
  // A followed session calls back into this recorder: it stays where it is.
  Recorder(const Recorder&) = delete;
  Recorder& operator=(const Recorder&) = delete;

  // Follows `session` from now on (GameSession::set_listener): after each of
  // its moves the unfinished game is kept (keep_unfinished, with these seats
  // as the store keeps them; never in the Demo), at its end the game is recorded
  // (record_if_over). So a move reaches the store from core, once, whatever
  // front end played it. One session at a time: following another stops
  // hearing this one. The session must have no other listener and must not
  // outlive this recorder. Problems wait for take_problems.
  void follow(match::GameSession& session, std::array<config::SeatConfig, chess::COLOR_NB> seats);
  // The store's problems met while following since the last call, as
  // sentences for the player (the game goes on).
  std::vector<std::string> take_problems() { return std::exchange(problems_, {}); }

  // A game begins here: new, loaded (its moves so far were not played here) or
  // resumed (the kept game, whose moves were). Gives up a game kept before.
  // `rated` is the decision said before it (unrated when not given).
  std::optional<std::string> began(const chess::Game& game, std::int64_t now_unix, bool resumed = false,
                                   RatedDecision rated = {});
  // The current game is not rated from now on, for this reason (a sentence);
  // nothing changes when it already was not.
  void make_unrated(const std::string& why);
  const RatedDecision& rated() const { return rated_; }
  // Records the session's game if it has ended and is ours to record.
  std::optional<std::string> record_if_over(const match::GameSession& session, std::int64_t now_unix);
  // Keeps the session's unfinished game (Play only; nothing when no move was played here).
  std::optional<std::string> keep_unfinished(const match::GameSession& session,
                                             const std::array<config::SeatConfig, chess::COLOR_NB>& seats,
                                             match::GameSession::TimePoint now, std::int64_t now_unix);
  // The player chose another game over this one: neither recorded nor kept.
  std::optional<std::string> give_up();

  // Moves of the current game played before it began here (a loaded game).
  std::size_t moves_at_start() const { return moves_at_start_; }
  // A move was played here in `game` (the current one).
  bool played_here(const chess::Game& game) const { return game.moves().size() > moves_at_start_; }
  // Where the games recorded come from (the window's play, the demo).
  store::GameSource source() const { return source_; }
  // The store's id of the game just recorded (none before it is, or when it was not ours to record).
  std::optional<std::int64_t> recorded_game() const { return recorded_game_; }
  // The profile's rating before and after the game just recorded, when it was
  // rated (the profile against a placed AI, from the start).
  const std::optional<store::Ratings::RatingChange>& rating_change() const { return rating_change_; }
  // The profile's rated games against the same opponent, ending with the one
  // just recorded, that all had its result: +3 after three wins in a row, -2
  // after two losses, 0 after a draw or when the game was not rated.
  int results_in_a_row() const { return results_in_a_row_; }

 private:
  std::optional<std::string> forget_kept();
  void heard(const match::GameSession& session, const match::SessionEvent& event, match::GameSession::TimePoint now);

  store::Store* store_;
  std::string profile_;
  store::GameSource source_;
  std::int64_t started_at_ = 0;     // Unix seconds when the current game began here
  std::size_t moves_at_start_ = 0;  // moves the record already had then
  bool recorded_ = false;           // the current game's end is in the store (or was never ours to record)
  bool given_up_ = false;           // the player chose another game: not kept
  bool keeps_unfinished_ = false;   // the store's interrupted game is this recorder's current game
  std::optional<std::int64_t> recorded_game_;
  std::optional<store::Ratings::RatingChange> rating_change_;
  int results_in_a_row_ = 0;
  RatedDecision rated_;
  const match::GameSession* followed_ = nullptr;           // the session heard (others' events are not)
  std::array<config::SeatConfig, chess::COLOR_NB> seats_;  // the followed session's, as the store keeps them
  std::vector<std::string> problems_;                     // met while following, not yet taken
};

}  // namespace gambit::recording
