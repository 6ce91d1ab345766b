// SPDX-License-Identifier: MIT
// UciEngine: the UCI dialogue with an external engine (Stockfish, or any
// other). The handshake is "uci" / "uciok", the settings go out with
// "setoption", and each move is "position fen ... moves ..." and "go" with the
// host's limits ("go infinite" for analysis); "info" lines are passed on as
// progress, "stop" answers the host's stop. Several lines asked for (MultiPV)
// set the engine's MultiPV option when it has one (an engine without it gives
// one line). A three-check game sets the engine's UCI_Variant to "3check"
// (Fairy-Stockfish, lichess bots); an engine without that choice is refused in
// words.
#pragma once

#include <string>
#include <vector>

#include "ai_plugins/uci/engine_dialogue.h"

namespace gambit::plugins {

class UciEngine final : public EngineDialogue {
 public:
  // Starts the engine and shakes hands; throws, in words, when it cannot.
  explicit UciEngine(const EngineConfig& config);
  void new_game() override;
  chess::Move choose_move(const sdk::SearchRequest& request) override;

 private:
  void ready();
  // Sets the engine's MultiPV to `lines` when it has the option and it is not set already.
  void use_lines(int lines);
  // Sets UCI_Variant for the game's variant when it is not set already; Chess960
  // is UCI_Chess960 on (standard chess in the engine's UCI_Variant, if it has one).
  void use_variant(chess::Variant variant);
  void expect(const std::string& answer, Clock::time_point deadline, const std::string& asked);

  ChildProcess engine_;
  std::int64_t movetime_ms_;
  std::vector<std::string> uci_variants_;  // the choices of its UCI_Variant option (empty: it has none)
  chess::Variant variant_ = chess::Variant::Standard;
  bool has_multipv_ = false;  // it announced a MultiPV option
  bool has_chess960_ = false;  // it announced a UCI_Chess960 option
  int lines_ = 1;             // its MultiPV as last set (UCI's default is 1)
};

}  // namespace gambit::plugins
