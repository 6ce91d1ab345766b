// SPDX-License-Identifier: MIT
// The UCI protocol as gambit-engine speaks it: each input line parsed into a
// command (or a message saying why it was ignored), and the output lines
// formatted. Pure functions, no I/O, so every rule is unit-tested.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/chess/position.h"
#include "core/util/result.h"
#include "core/players/player_api.h"
#include "core/players/plugin_player.h"

namespace gambit::uci {

struct Uci {};
struct IsReady {};
struct UciNewGame {};
struct Stop {};
struct Quit {};
struct PonderHit {};
struct SetOption {
  std::string name;
  std::string value;  // empty for button-style options
};
// A position as a start FEN and the moves after it, all checked legal.
struct SetPosition {
  std::string start_fen;
  std::vector<std::string> moves;  // UCI text, normalised
  chess::Position current;         // the position after the moves
};
struct Go {
  std::int64_t movetime_ms = 0;
  int depth = 0;
  std::int64_t nodes = 0;
  std::int64_t time_ms[2] = {-1, -1};  // white, black; -1 = not given
  std::int64_t increment_ms[2] = {0, 0};
  int moves_to_go = 0;
  bool infinite = false;
  bool ponder = false;
  std::vector<std::string> notes;  // parts of the line that were ignored, with the reason
};

using Command = std::variant<Uci, IsReady, UciNewGame, Stop, Quit, PonderHit, SetOption, SetPosition, Go>;

// Parses one input line. An empty line gives nullopt with no message; a line
// that is not understood gives a Failure whose message the engine sends back
// as "info string ..." before carrying on. Positions are read in `variant`
// (the engine's UCI_Variant): "startpos" is its start, a FEN may carry its fields.
std::optional<Result<Command>> parse_command(std::string_view line,
                                             chess::Variant variant = chess::Variant::Standard);

// The option line of UCI_Variant ("option name UCI_Variant type combo default
// chess var chess var 3check") for an engine that plays these variants.
std::string variant_option_line(std::span<const chess::Variant> variants);
// "option name UCI_Chess960 type check default false": for a player that plays Chess960.
std::string chess960_option_line();

// "option name <name> type spin default 3 min 1 max 6" and the like.
std::string option_line(const gambit_option_spec& spec);

// "info depth ... score cp ... nodes ... nps ... time ... pv ...", with
// "multipv N" after the depths when the GUI asked for several lines.
std::string info_line(const players::SearchInfo& info, bool with_multipv = false);

// The MultiPV option gambit-engine offers (the best lines of each search, 1 to
// MaxMultiPv, for analysis) and its value read; a failure names the range.
inline constexpr int MaxMultiPv = 5;
std::string multipv_option_line();
Result<int> parse_multipv(std::string_view value);

}  // namespace gambit::uci
