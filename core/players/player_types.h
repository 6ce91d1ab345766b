// SPDX-License-Identifier: MIT
// The values the player ABI carries (player_api.h), once in C++: how long to
// think (Limits) and what a search reports (SearchInfo), with their conversions
// to and from the C structs. The host (PluginPlayer) and the plugin SDK
// (ai_plugins/sdk) both use these; header-only, so a plugin needs no host code.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/chess/types.h"
#include "core/chess/uci.h"
#include "core/players/player_api.h"

namespace gambit::players {

// How long to think (gambit_limits). Zero means "no such limit"; with no limit
// at all and infinite false the plugin chooses (its options or level). Clock
// times are each side's remaining time (index WHITE/BLACK), negative when the
// game has no clock.
struct Limits {
  std::int64_t movetime_ms = 0;
  int depth = 0;
  std::int64_t nodes = 0;
  std::array<std::int64_t, 2> time_ms = {-1, -1};
  std::array<std::int64_t, 2> increment_ms = {0, 0};
  int moves_to_go = 0;
  bool infinite = false;  // think until stop()
  int multipv = 1;        // how many best lines to report (>= 1; analysis asks for several)

  bool has_clock(chess::Color c) const { return time_ms[c] >= 0; }
};

enum class ScoreKind { None, Centipawns, Mate };

// Progress of a search (gambit_search_info). score is from the side to move's
// view: centipawns, or mate in N moves (negative when being mated). On the
// host's side pv holds the legal prefix of the plugin's principal variation
// (PluginPlayer checks it move by move and stops at the first illegal one).
struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  ScoreKind score_kind = ScoreKind::None;
  int score = 0;
  std::uint64_t nodes = 0;
  std::uint64_t nps = 0;
  std::uint64_t time_ms = 0;
  std::vector<chess::Move> pv;
  int multipv = 1;  // which line: 1 = the best (several when Limits::multipv asked for them)

  bool operator==(const SearchInfo&) const = default;
};

// Whether a struct of the ABI, as its sender built it (struct_size), holds the
// field at `offset` of `size` bytes: fields are only ever appended, so a
// sender of an older minor version sends a shorter struct.
inline bool holds_field(std::uint32_t struct_size, std::size_t offset, std::size_t size) {
  return struct_size >= offset + size;
}

// The smallest gambit_search_info the host accepts: that of ABI 1.0 (up to pv).
inline constexpr std::size_t SearchInfoSize_1_0 = offsetof(gambit_search_info, pv) + sizeof(const char*);

// The fields Limits and gambit_limits share, copied either way (to_c, from_c).
template <class From, class To>
void copy_limits(const From& from, To& to) {
  to.movetime_ms = from.movetime_ms;
  to.depth = from.depth;
  to.nodes = from.nodes;
  for (int side = 0; side < 2; ++side) {
    to.time_ms[side] = from.time_ms[side];
    to.increment_ms[side] = from.increment_ms[side];
  }
  to.moves_to_go = from.moves_to_go;
  to.infinite = decltype(to.infinite)(from.infinite != 0);
}

inline gambit_limits to_c(const Limits& l) {
  gambit_limits c{};
  c.struct_size = sizeof(gambit_limits);
  copy_limits(l, c);
  c.multipv = l.multipv;
  return c;
}

// The limits a host sent; multipv 1 when its struct is older than ABI 1.3 or says 0.
inline Limits from_c(const gambit_limits& c) {
  Limits l;
  copy_limits(c, l);
  if (holds_field(c.struct_size, offsetof(gambit_limits, multipv), sizeof(c.multipv)) && c.multipv > 1)
    l.multipv = c.multipv;
  return l;
}

// A score's kind as the ABI says it (GAMBIT_SCORE_*), and back (anything else: none).
inline std::int32_t score_kind_to_c(ScoreKind kind) {
  return kind == ScoreKind::Mate ? GAMBIT_SCORE_MATE : kind == ScoreKind::Centipawns ? GAMBIT_SCORE_CP : GAMBIT_SCORE_NONE;
}
inline ScoreKind score_kind_from_c(std::int32_t kind) {
  return kind == GAMBIT_SCORE_MATE ? ScoreKind::Mate : kind == GAMBIT_SCORE_CP ? ScoreKind::Centipawns : ScoreKind::None;
}

// The PV as the ABI carries it: UCI moves separated by spaces.
inline std::string pv_text(const std::vector<chess::Move>& pv) {
  std::string text;
  for (chess::Move m : pv) text += (text.empty() ? "" : " ") + chess::to_uci(m);
  return text;
}

// The C form of info; its pv points into pv (which must outlive it).
inline gambit_search_info to_c(const SearchInfo& info, const std::string& pv) {
  gambit_search_info c{};
  c.struct_size = sizeof(gambit_search_info);
  c.depth = info.depth;
  c.seldepth = info.seldepth;
  c.score_kind = score_kind_to_c(info.score_kind);
  c.score = info.score;
  c.nodes = info.nodes;
  c.nps = info.nps;
  c.time_ms = info.time_ms;
  c.pv = pv.c_str();
  c.multipv = info.multipv;
  return c;
}

// The numbers of a C search info; the pv is left empty (the host reads it
// against the position). multipv is 1 when the plugin's struct is older than
// ABI 1.3 or says 0. c.struct_size must be at least SearchInfoSize_1_0.
inline SearchInfo from_c(const gambit_search_info& c) {
  SearchInfo info;
  info.depth = c.depth;
  info.seldepth = c.seldepth;
  info.score_kind = score_kind_from_c(c.score_kind);
  info.score = c.score;
  info.nodes = c.nodes;
  info.nps = c.nps;
  info.time_ms = c.time_ms;
  if (holds_field(c.struct_size, offsetof(gambit_search_info, multipv), sizeof(c.multipv)) && c.multipv > 1)
    info.multipv = c.multipv;
  return info;
}

}  // namespace gambit::players
