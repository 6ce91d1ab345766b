// SPDX-License-Identifier: MIT
// Glicko-2: a player's rating with its uncertainty, updated from games against
// opponents of known rating (Mark Glickman, "Example of the Glicko-2 system",
// 2012). Gambit rates the person at the board against opponents whose ratings
// are fixed by calibration, one rating period per game, as lichess does.
//
// Invariants: deviation > 0 and volatility > 0 in every Glicko2 this returns;
// everything is on the Elo-like Glicko scale (1500 = the start).
#pragma once

#include <span>
#include <string>

namespace gambit::rating {

// A rating with its standard deviation (rating deviation, RD) and volatility
// (how erratic the player's results are; Glicko scale units, not Elo).
struct Glicko2 {
  double rating = 1500.0;
  double deviation = 350.0;
  double volatility = 0.06;
  bool operator==(const Glicko2&) const = default;
};

// One game of a rating period: the opponent's rating and deviation and the
// points scored against it (1, 0.5 or 0).
struct GameResult {
  double opponent_rating = 1500.0;
  double opponent_deviation = 0.0;
  double score = 0.5;
};

// The system constant tau: how much volatility may change in one period
// (Glickman suggests 0.3..1.2).
inline constexpr double Tau = 0.5;

// The rating after one period with these games; with no games only the
// deviation grows (by the volatility).
Glicko2 update(const Glicko2& player, std::span<const GameResult> games, double tau = Tau);

// The score the player is expected to make against the opponent, 0..1,
// counting the opponent's uncertainty (Glicko-2's E with g(phi_j)).
double expected_score(const Glicko2& player, const GameResult& opponent);

// Half the width of the 95% interval around a rating with this deviation (Elo).
inline double margin95(double deviation) { return 1.959963984540054 * deviation; }

// Whether a rating is still provisional: its deviation above lichess's
// threshold of 110 (a 95% margin wider than about 215), as after a few games.
constexpr double ProvisionalDeviation = 110.0;
inline bool provisional(const Glicko2& rating) { return rating.deviation > ProvisionalDeviation; }

// The rating for people, rounded: with its 95% margin, "1340 \u00B1 90"; while
// provisional, with a question mark as lichess shows it, "1500?".
std::string rating_text(const Glicko2& rating);

}  // namespace gambit::rating
