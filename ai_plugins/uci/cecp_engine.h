// SPDX-License-Identifier: MIT
// CecpEngine: the XBoard/WinBoard dialogue (CECP, protocol version 2) with an
// external engine such as Fairy-Max, Phalanx, Sjeng or GNU Chess.
//
// Handshake: "xboard", "protover 2", then the engine's "feature" lines, each
// name answered "accepted" or "rejected". "feature done=0" makes us wait for
// done=1 (HandshakeTime, else the engine is refused); an engine that sends no
// feature at all (protocol 1) is used with the defaults after FeatureGrace, as
// xboard does. Used features: ping (a ping/pong before every search), setboard
// (else "edit"), usermove, san, time, reuse (0: a fresh process per game),
// option (engine_options are sent as "option NAME=VALUE" only for names the
// engine announced). Signals are never sent (sigint/sigterm are accepted and
// ignored); pondering is switched off with "easy"; "post" asks for thinking
// output, which becomes progress (ply score time nodes pv).
//
// Each search brings the engine to the position: "force" and the new moves
// when the game extends what the engine already has, else "new", "force",
// "setboard FEN" (or "edit") and every move; a three-check game is announced
// with "variant 3check" after "new" (refused in words unless the engine lists
// 3check in its variants feature). Time: movetime_ms > 0 is "st N"
// with N the seconds rounded up (at least 1; old engines read whole seconds
// only); with the game's clock, "level 0 M:SS INC" once per game and
// "time"/"otim" (centiseconds) before every "go". The answer is "move X" (or
// the old "My move is: X") in coordinate notation or SAN; "resign", a result
// claim ("1-0 {...}"), "Illegal move" or an "Error" about a move we sent fail
// the search in words. The host's stop is passed on as "?" (move now).
#pragma once

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ai_plugins/uci/engine_dialogue.h"

namespace gambit::plugins {

// How long an engine that sends no "feature done=..." gets to send features.
inline constexpr milliseconds FeatureGrace{2000};

class CecpEngine final : public EngineDialogue {
 public:
  // Starts the engine and shakes hands; throws, in words, when it cannot.
  explicit CecpEngine(EngineConfig config);
  void new_game() override;
  chess::Move choose_move(const sdk::SearchRequest& request) override;

 private:
  struct Features {
    bool ping = false, setboard = false, usermove = false, san = false, time = true, reuse = true;
    std::string myname;
    std::set<std::string> options;  // names from feature option="NAME -type ..."
    std::set<std::string> variants{"normal"};  // feature variants="normal,3check,..."
  };

  void start();
  void handshake();
  void answer_features(const std::string& line, bool& done, bool& waiting);
  void send_options();
  // Brings the engine to the game's current position (in force mode).
  void bring_to(const std::vector<chess::Position>& game);
  void set_up(const chess::Position& start);
  void send_move(const chess::Position& before, chess::Move move);
  // ping/pong (when the engine has ping=1): everything sent so far is done.
  void synchronise();
  // Throws when line is the engine refusing something that matters.
  void check_refusal(const std::string& line);
  chess::Move read_move(const sdk::SearchRequest& request, std::int64_t budget_ms);
  [[noreturn]] void fail(const std::string& what);

  EngineConfig config_;
  std::unique_ptr<ChildProcess> engine_;
  Features features_;
  std::vector<chess::Key> known_;  // the positions the engine has, from its start: empty = none
  std::string known_start_fen_;
  std::string time_control_;       // the last level/st sent since "new"
  std::set<std::string> critical_;  // lines whose refusal fails the search (moves, setboard, edit, go)
  int pings_ = 0;
  bool searched_ = false;  // a search since the process started (reuse=0 restarts only then)
};

// Parsed pieces of the protocol, exposed for tests.
namespace cecp {
// The name=value pairs of a "feature" line (quoted values without the quotes).
std::vector<std::pair<std::string, std::string>> parse_features(const std::string& line);
// The move of "move X" / "My move is: X", or nullopt for any other line.
std::optional<std::string> move_text(const std::string& line);
// A move as an engine writes it (coordinates, SAN, O-O or 0-0), as a legal move of position.
Result<chess::Move> parse_engine_move(const chess::Position& position, const std::string& text);
// Thinking output "ply score time nodes pv..." as progress; nullopt for any other line.
std::optional<players::SearchInfo> parse_thinking(const std::string& line, const chess::Position& position);
// The commands that set up start with "edit" (for engines without setboard),
// or a Failure saying why edit cannot express it (castling rights that the
// board alone does not imply, an en-passant square).
Result<std::vector<std::string>> edit_commands(const chess::Position& start);
}  // namespace cecp

}  // namespace gambit::plugins
