// SPDX-License-Identifier: MIT
// DemoLoop: AI-vs-AI games one after another for the window's demo, with a
// running tally. Colours alternate every game and each pair of games starts
// from one line of the opening book (openings.h), so deterministic players do
// not repeat one game. After a game ends the loop waits NextGamePause (so the
// result can be seen) and starts the next.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "core/match/game_session.h"

namespace gambit::match {

class DemoLoop {
 public:
  using TimePoint = GameSession::TimePoint;
  static constexpr std::chrono::milliseconds NextGamePause{3000};

  // Wins are counted per player, whatever colour it had.
  struct Tally {
    int first_wins = 0;
    int second_wins = 0;
    int draws = 0;
    int games() const { return first_wins + second_wins + draws; }
  };

  // The first player has white in game 1. Both must be AI seats. seed picks
  // the order of openings (0 = book order). Every game is played in `variant`.
  static Result<std::unique_ptr<DemoLoop>> create(players::Seat first, players::Seat second, std::uint64_t seed,
                                                  TimePoint now,
                                                  chess::Variant variant = chess::Variant::Standard);

  // Drives the current game; starts the next one when it is time. A player
  // that cannot be created for the next game stops the loop (failure()).
  void update(TimePoint now);

  GameSession& session() { return *session_; }
  const GameSession& session() const { return *session_; }
  const Tally& tally() const { return tally_; }
  int game_number() const { return game_number_; }  // 1-based
  const players::Seat& first() const { return first_; }
  const players::Seat& second() const { return second_; }
  // When the current game is over: how long until the next one starts.
  std::chrono::milliseconds next_game_in(TimePoint now) const;
  // Why the loop stopped, or "" while it runs.
  const std::string& failure() const { return failure_; }

  // Pacing, kept across games.
  void set_move_delay(std::chrono::milliseconds delay);
  void set_paused(bool paused);
  bool paused() const { return paused_; }
  void step() { session_->step(); }

 private:
  DemoLoop(players::Seat first, players::Seat second, std::uint64_t seed, chess::Variant variant);
  Result<std::monostate> start_game(TimePoint now);

  players::Seat first_;
  players::Seat second_;
  std::uint64_t seed_;
  chess::Variant variant_;
  std::unique_ptr<GameSession> session_;
  int game_number_ = 0;
  Tally tally_;
  bool counted_ = false;  // the current game's result is in the tally
  TimePoint ended_at_{};
  std::chrono::milliseconds move_delay_{0};
  bool paused_ = false;
  std::string failure_;
};

}  // namespace gambit::match
