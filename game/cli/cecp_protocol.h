// SPDX-License-Identifier: MIT
// The XBoard/WinBoard protocol (CECP, version 2) as gambit-engine speaks it:
// each input line parsed into a command, or a Failure whose message is the
// reason the engine sends back as "Error (<reason>): <line>"; and the output
// lines (features, moves, thinking output) formatted. Pure functions, no I/O,
// so every rule is unit-tested. Game rules (legality of moves, FENs) are left
// to the session (cecp_session.h): the parser only checks the syntax.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/chess/position.h"
#include "core/chess/variant.h"
#include "core/util/result.h"
#include "core/players/plugin_player.h"

namespace gambit::cecp {

struct XBoard {};
struct ProtoVer {
  int version = 1;
};
struct New {};
struct Variant {
  std::string name;
};
struct Force {};
struct Go {};
struct PlayOther {};
// "usermove e2e4", or a bare move from a GUI that ignored usermove=1.
struct UserMove {
  std::string text;  // as received; checked against the position by the session
};
struct SetBoard {
  std::string fen;  // as received; checked by the session
};
// level MPS BASE INC: MPS moves per BASE (0 = the whole game), INC per move.
struct Level {
  int moves_per_session = 0;
  std::int64_t base_ms = 0;
  std::int64_t increment_ms = 0;
};
struct SecondsPerMove {  // st
  std::int64_t ms = 0;   // > 0
};
struct Depth {  // sd
  int plies = 0;  // > 0
};
struct Time {  // the engine's clock; received in centiseconds
  std::int64_t ms = 0;  // >= 0
};
struct OpponentTime {  // otim
  std::int64_t ms = 0;  // >= 0
};
struct MoveNow {};  // ?
struct Ping {
  std::string tag;  // sent back unchanged in "pong <tag>"
};
struct Draw {};  // the opponent offers a draw
struct GameEnd {  // result RESULT {COMMENT}
  std::string result;   // "1-0", "0-1", "1/2-1/2" or "*"
  std::string comment;  // the text in braces, without them
};
struct Undo {};
struct Remove {};
struct Post {
  bool on = true;  // post / nopost
};
// Commands accepted with nothing to do: hard, easy, random, computer, name,
// accepted, rejected, xboard's "." and the like.
struct Accepted {
  std::string word;
};
struct Quit {};

using Command = std::variant<XBoard, ProtoVer, New, Variant, Force, Go, PlayOther, UserMove, SetBoard, Level,
                             SecondsPerMove, Depth, Time, OpponentTime, MoveNow, Ping, Draw, GameEnd, Undo, Remove,
                             Post, Accepted, Quit>;

// Parses one input line. An empty line gives nullopt; a line that is not a
// command, or has bad arguments, gives a Failure whose message is the reason
// ("unknown command", "bad arguments: ...") for error_line.
std::optional<Result<Command>> parse_command(std::string_view line);

// "Error (<reason>): <line>", the protocol's answer to a command it refuses
// (the line is cut short and made printable like quote_for_message, unquoted).
std::string error_line(std::string_view reason, std::string_view line);

// The answer to "protover 2": feature lines, the last one "feature done=1".
// engine_name becomes myname (double quotes in it are replaced); variants
// lists the CECP names of the variants played ("normal,3check"; "normal"
// when empty).
std::vector<std::string> feature_lines(std::string_view engine_name, std::span<const chess::Variant> variants);

// "move e2e4" (coordinate notation, castling as the king's step, "e7e8q");
// castling in Chess960 as "move O-O" / "move O-O-O", as xboard writes it there.
std::string move_line(const chess::Position& pos, chess::Move m);

// The thinking output of "post": "<ply> <score> <time> <nodes> <pv>", score in
// centipawns from the engine's view (mate in N: 100000 + N, mated in N:
// -100000 - N), time in centiseconds, the pv in SAN from `root` (the position
// the search started in).
std::string thinking_line(const players::SearchInfo& info, const chess::Position& root);

// Time units of the protocol, exposed for tests: "5" (minutes), "0:30",
// "2:30", "0.5" (minutes) to milliseconds; nullopt if not one of those.
std::optional<std::int64_t> parse_base_time(std::string_view text);

}  // namespace gambit::cecp
