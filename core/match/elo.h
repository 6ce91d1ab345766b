// SPDX-License-Identifier: MIT
// Match statistics: the score of a series of games and the Elo difference it
// suggests, with a 95% error margin from the spread of the results: of single
// games (MatchScore), or of game pairs (Pentanomial), which is the honest
// spread when each opening is played once from each side.
#pragma once

#include <array>
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

// Game pairs from one player's view: counts[k] pairs in which it scored k/2
// points over the two games (0, 1/2, 1, 3/2 or 2), as fastchess and OpenBench
// count them. The two games of a pair share an opening with colours reversed,
// so they are not independent; a pair is.
struct Pentanomial {
  std::array<int, 5> counts{};

  int pairs() const;
  // Adds a pair from the points of its two games (each 0, 0.5 or 1).
  void add_pair(double first_points, double second_points);
  Pentanomial& operator+=(const Pentanomial& other);
  bool operator==(const Pentanomial&) const = default;
  // "[0, 2, 5, 3, 1]", lowest pair score first.
  std::string text() const;
};

// The Elo difference of the mean pair score, with the 95% margin of that mean.
EloEstimate estimate_elo(const Pentanomial& pairs);

// The Elo difference that predicts this expected score (0 < fraction < 1).
double elo_difference(double fraction);

}  // namespace gambit::match
