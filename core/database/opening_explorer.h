// SPDX-License-Identifier: MIT
// The opening explorer's answer for one position, as lichess's explorer and
// Scid's tree window show it: every move the database's games played there,
// with how many games, how they ended (White wins, draws, Black wins: the bar),
// the players' average rating and the performance of the side that played the
// move; and the best-rated games that reached the position.
//
// Counted from the position index (position_index.h), which keeps each game's
// move at its first time in the position: a game that came back to the
// position counts once, with the move it played the first time. Unfinished
// games ("*") count in `games` but in none of the three results.
//
// The performance is the "algorithm of 400" (lichess's tournament performance
// uses the same idea): the opponents' average rating plus 400 x (wins -
// losses) / games, over the games whose opponent was rated; 0 when none was.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "core/chess/position.h"
#include "core/database/position_index.h"

namespace gambit::database {

struct GameHeader;

// How a set of games ended, from White's side.
struct Tally {
  std::int64_t games = 0, white = 0, draws = 0, black = 0;
  bool operator==(const Tally&) const = default;
};

struct ExplorerMove {
  chess::Move move;
  Tally tally;
  int average_rating = 0;  // of both players, over the rated ones (0: none)
  int performance = 0;     // of the side that played it (0: no rated opponent)
};

// What the explorer needs to know of a game besides its move: its result and ratings.
struct GameFacts {
  enum class Result : std::uint8_t { White, Draw, Black, Unfinished };
  Result result = Result::Unfinished;
  std::uint16_t white_elo = 0, black_elo = 0;  // 0: unknown
};

struct Exploration {
  Tally tally;                      // every game that reached the position
  std::vector<ExplorerMove> moves;  // most played first (then by score for the side to move)
  std::vector<std::int64_t> top_games;  // ids, best-rated first: both players' average, then newest
};

// Counts the hits (games_at's) that `facts` knows and `wanted` accepts, in pos.
// facts(id) gives nullptr for a game it does not know (not counted).
Exploration explore_hits(const chess::Position& pos, std::span<const PositionHit> hits,
                         const std::function<const GameFacts*(std::int64_t)>& facts,
                         const std::function<bool(std::int64_t)>& wanted, std::size_t top_games);

// A move's share of the games ended: {white, draws, black} in percent, summing to 100 (0s when none ended).
struct Shares {
  int white = 0, draws = 0, black = 0;
};
Shares shares_of(const Tally& tally);

}  // namespace gambit::database
