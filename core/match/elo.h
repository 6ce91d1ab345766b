// SPDX-License-Identifier: MIT
// Match statistics: the score of a series of games and the Elo difference it
// suggests, with a 95% error margin from the spread of the game results.
#pragma once

#include <string>

namespace gambit::match {

// Wins, losses and draws from one player's point of view.
struct MatchScore {
  int wins = 0;
  int losses = 0;
  int draws = 0;

  int games() const { return wins + losses + draws; }
  // Points per game, 0..1 (0.5 when no game was played).
  double fraction() const;
};

// Elo difference and its 95% margin; difference is +/-infinity when one side
// scored everything, margin is infinity when it cannot be estimated.
struct EloEstimate {
  double difference = 0;
  double margin = 0;
  // "+35.2 +/- 41.0", "+inf", "-inf" (the form Cute Chess prints).
  std::string text() const;
};

EloEstimate estimate_elo(const MatchScore& score);

// The Elo difference that predicts this expected score (0 < fraction < 1).
double elo_difference(double fraction);

}  // namespace gambit::match
