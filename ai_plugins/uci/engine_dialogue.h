// SPDX-License-Identifier: MIT
// EngineDialogue: what the uci plugin needs from an external engine whatever
// protocol it speaks (UCI: uci_engine.h; XBoard/CECP: cecp_engine.h), and the
// pieces both dialogues share. A dialogue owns its ChildProcess; every failure
// is an exception whose message is a sentence naming the engine (the plugin's
// caller then forfeits the seat), and no process outlives the dialogue.
// Used from one thread at a time (the SDK's stop flag is read, never written).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "gambit/player_sdk.h"
#include "core/util/child_process.h"

namespace gambit::plugins {

using Clock = ChildProcess::Clock;
using std::chrono::milliseconds;

// How long an engine may take to answer the handshake and a ping ("isready").
inline constexpr milliseconds HandshakeTime{5000};
// Beyond a search's own time, before the engine counts as hung.
inline constexpr milliseconds AnswerGrace{5000};
// After "stop" (UCI) or "?" (CECP), before the engine counts as hung: well
// inside the hosts' own grace (500 ms), so the seat loses with this reason and
// the engine is killed at once rather than left to a host that gave up waiting.
inline constexpr milliseconds StopGrace{300};

// The plugin's options, as both dialogues read them.
struct EngineConfig {
  std::string command;
  std::vector<std::string> args;
  std::vector<std::pair<std::string, std::string>> settings;  // engine_options, parsed
  std::int64_t movetime_ms = 0;                               // 0: the game's clock
  std::string log_file;                                       // "" = no log
};

class EngineDialogue {
 public:
  virtual ~EngineDialogue() = default;
  virtual void new_game() = 0;
  // A legal move of request.position(), or Move::none() when it has none.
  virtual chess::Move choose_move(const sdk::SearchRequest& request) = 0;
};

std::vector<std::string> split_words(const std::string& text);

// "Skill Level=5; UCI_LimitStrength=true" -> {{"Skill Level", "5"}, {"UCI_LimitStrength", "true"}}.
// Throws std::invalid_argument, in words, on an item that is not NAME=VALUE.
std::vector<std::pair<std::string, std::string>> engine_settings(const std::string& text);

// The moves that lead through the game's positions (the SDK gives positions).
std::vector<chess::Move> moves_of(const std::vector<chess::Position>& game);

}  // namespace gambit::plugins
