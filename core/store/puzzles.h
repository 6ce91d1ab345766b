// SPDX-License-Identifier: MIT
// Puzzles: the rated puzzles the profile tried (puzzle_attempts, with its
// puzzle rating after each) and each puzzle's rating as refined by those
// attempts (puzzle_ratings). The puzzle rating is a Glicko-2 rating of its
// own, apart from every game pool (a puzzle is not a game against a measured
// opponent): each attempt is one rating period for the player against the
// puzzle (1 solved, 0 missed) and one for the puzzle against the player (the
// reverse), as lichess rates puzzles.
//
// Invariants: the two periods of an attempt are one transaction, each from
// the other's rating before the attempt; a puzzle's rating is refined by the
// attempts of every profile, a profile's only by its own. Scores reset
// (Ratings::reset_scores) leave both alone.
//
// Ownership and threading: made and owned by a Store (Store::puzzles()), over
// its connection and for its profile; it lives as long as the Store and is
// used from the thread using the Store.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "core/learn/puzzle.h"
#include "core/rating/glicko2.h"
#include "core/util/result.h"

namespace gambit::store {

class Connection;
class Store;

// A puzzle rating with the attempts it rests on: the profile's own (all its
// attempts), or one puzzle's as refined by the attempts of every profile.
struct PuzzleRating {
  rating::Glicko2 rating;
  int attempts = 0;
  bool operator==(const PuzzleRating&) const = default;
};

// What one puzzle attempt did to the two ratings, for "+12" / "-9".
struct PuzzleAttemptResult {
  rating::Glicko2 before;         // the profile's puzzle rating before the attempt
  rating::Glicko2 after;          // and after it
  rating::Glicko2 puzzle_before;  // the puzzle's rating (refined, or as shipped) before
  rating::Glicko2 puzzle_after;
};

// The profile's puzzle rating after one attempt (history is oldest first).
struct PuzzlePoint {
  std::string puzzle_id;
  std::int64_t attempted_at = 0;  // Unix seconds
  bool solved = false;
  rating::Glicko2 rating;      // the profile's, after the attempt
  double puzzle_rating = 0;    // the puzzle's, after the attempt
};

class Puzzles {
 public:
  Puzzles(const Puzzles&) = delete;
  Puzzles& operator=(const Puzzles&) = delete;

  // The profile's puzzle rating (Glicko-2's start, 1500 and deviation 350,
  // before its first attempt).
  Result<PuzzleRating> puzzle_rating();
  // An attempt at a puzzle at `now` (Unix seconds, given by the caller), in
  // one transaction: one rating period for the profile against the puzzle
  // (1 solved, 0 missed) and one for the puzzle against the profile (the
  // reverse), each from the other's rating before the attempt. The puzzle's
  // rating is its refined one when it has been tried before, else the one it
  // shipped with (puzzle.rating, puzzle.deviation). Fails on a puzzle without
  // an id or with a rating that is not a number.
  Result<PuzzleAttemptResult> record_puzzle_attempt(const learn::Puzzle& puzzle, bool solved, std::int64_t now);
  // The profile's puzzle rating after each attempt, oldest first (for a graph).
  Result<std::vector<PuzzlePoint>> puzzle_history();
  // The ids of the puzzles the profile has attempted (learn::choose_puzzle's `attempted`).
  Result<std::set<std::string>> attempted_puzzles();
  // A puzzle's rating as refined by every attempt at it, or as it shipped (0 attempts).
  Result<PuzzleRating> rating_of_puzzle(const learn::Puzzle& puzzle);

 private:
  friend class Store;
  Puzzles(Connection& db, const std::string& profile) : db_(db), profile_(profile) {}

  Connection& db_;
  const std::string& profile_;
};

}  // namespace gambit::store
