// SPDX-License-Identifier: MIT
// The values the player ABI carries (player_api.h), once in C++: how long to
// think (Limits) and what a search reports (SearchInfo), with their conversions
// to and from the C structs. The host (PluginPlayer) and the plugin SDK
// (ai_plugins/sdk) both use these; header-only, so a plugin needs no host code.
#pragma once

#include <array>
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
};

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
  return c;
}

inline Limits from_c(const gambit_limits& c) {
  Limits l;
  copy_limits(c, l);
  return l;
}

// The PV as the ABI carries it: UCI moves separated by spaces.
inline std::string pv_text(const std::vector<chess::Move>& pv) {
  std::string text;
  for (chess::Move m : pv) text += (text.empty() ? "" : " ") + chess::to_uci(m);
  return text;
}

// The C form of info; its pv points into pv (which must outlive it).
inline gambit_search_info to_c(const SearchInfo& info, const std::string& pv) {
  const std::int32_t kind = info.score_kind == ScoreKind::Mate         ? GAMBIT_SCORE_MATE
                            : info.score_kind == ScoreKind::Centipawns ? GAMBIT_SCORE_CP
                                                                       : GAMBIT_SCORE_NONE;
  return {sizeof(gambit_search_info), info.depth, info.seldepth, kind, info.score, info.nodes, info.nps,
          info.time_ms, pv.c_str()};
}

// The numbers of a C search info; the pv is left empty (the host reads it against the position).
inline SearchInfo from_c(const gambit_search_info& c) {
  SearchInfo info;
  info.depth = c.depth;
  info.seldepth = c.seldepth;
  info.score_kind = c.score_kind == GAMBIT_SCORE_MATE ? ScoreKind::Mate
                    : c.score_kind == GAMBIT_SCORE_CP ? ScoreKind::Centipawns
                                                      : ScoreKind::None;
  info.score = c.score;
  info.nodes = c.nodes;
  info.nps = c.nps;
  info.time_ms = c.time_ms;
  return info;
}

}  // namespace gambit::players
