// SPDX-License-Identifier: MIT
// What the GameSession tests share: seats with real plugins (random, alphabeta,
// the raw test plugin), sessions, moves by UCI text, and driving update() until
// a condition holds. AI answers arrive in real time, so the tests poll update()
// with a deadline; clocks and pacing are judged on the `now` given, so those
// tests pass fake time points.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/chess/movegen.h"
#include "core/chess/uci.h"
#include "core/match/game_session.h"

namespace gambit::match::session_testing {

using namespace std::chrono_literals;
using chess::BLACK;
using chess::WHITE;
using Clock = GameSession::Clock;
using TimePoint = GameSession::TimePoint;
using Kind = SessionEvent::Kind;

// How long a poll waits at most for AI answers that take milliseconds when all is well: a poll ends with its
// event, so the limit is only reached where something hangs (never by a loaded or sanitized machine).
inline constexpr std::chrono::milliseconds PollLimit = 60s;

inline std::shared_ptr<const players::PluginLibrary> library(const char* path) {
  auto loaded = players::PluginLibrary::load(path);
  EXPECT_TRUE(loaded) << path << ": " << (loaded ? "" : loaded.error());
  return loaded ? *loaded : nullptr;
}

inline players::Seat human(std::string label = "You") { return {std::move(label), nullptr, {}, {}}; }
inline players::Seat random_ai(int seed, std::string label = "random") {
  return {std::move(label), library(GAMBIT_RANDOM_PLUGIN), {{"seed", std::to_string(seed)}}, {}};
}
inline players::Seat raw_ai(const std::string& behaviour) {
  return {"raw " + behaviour, library(GAMBIT_RAW_TEST_PLUGIN), {{"behaviour", behaviour}}, {}};
}
inline players::Seat alphabeta_ai() { return {"alphabeta", library(GAMBIT_ALPHABETA_PLUGIN), {}, {}}; }

inline std::unique_ptr<GameSession> make_session(players::Seat white, players::Seat black, TimeControl time_control = {},
                                          std::optional<players::Seat> hint = std::nullopt,
                                          TimePoint now = Clock::now()) {
  auto session = GameSession::create({std::move(white), std::move(black)}, time_control, std::move(hint), now);
  EXPECT_TRUE(session) << (session ? "" : session.error());
  return session ? std::move(session).value() : nullptr;
}

inline chess::Game game_from_fen(std::string_view fen) {
  Result<chess::Position> pos = chess::Position::from_fen(fen);
  EXPECT_TRUE(pos) << fen << ": " << (pos ? "" : pos.error());
  return chess::Game(pos ? *pos : chess::Position());
}

// The game after 1. e4 e5: clocks run from here (each side's first move is not timed).
inline chess::Game opened() {
  chess::Game game;
  for (const char* text : {"e2e4", "e7e5"}) game.play(*chess::parse_uci_move(game.position(), text));
  return game;
}

inline chess::Move uci(const GameSession& session, std::string_view text) {
  Result<chess::Move> move = chess::parse_uci_move(session.game().position(), text);
  EXPECT_TRUE(move) << text << " in " << session.game().position().fen();
  return move ? *move : chess::Move::none();
}

// The game so far, for failure messages.
inline std::string describe(const GameSession& session) {
  const chess::Game& game = session.game();
  std::string text = "moves:";
  for (chess::Move m : game.moves()) text += " " + chess::to_uci(m);
  text += "\nposition: " + game.position().fen() + "\noutcome: " + game.outcome().description();
  return text;
}

// Calls update(now()) until done() holds (true) or PollLimit passes (false),
// appending the events to *events.
inline bool drive(GameSession& session, const std::function<bool()>& done, std::vector<SessionEvent>* events,
           const std::function<TimePoint()>& now = [] { return Clock::now(); }) {
  const Clock::time_point deadline = Clock::now() + PollLimit;
  while (true) {
    session.update(now());
    for (SessionEvent& e : session.take_events()) events->push_back(std::move(e));
    if (done()) return true;
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(200us);
  }
}

inline bool drive_to_ply(GameSession& session, std::size_t plies, std::vector<SessionEvent>* events) {
  return drive(session, [&] { return session.game().moves().size() >= plies || session.game().is_over(); }, events);
}

inline int count(const std::vector<SessionEvent>& events, Kind kind) {
  return int(std::count_if(events.begin(), events.end(), [&](const SessionEvent& e) { return e.kind == kind; }));
}

}  // namespace gambit::match::session_testing
