// SPDX-License-Identifier: MIT
// Ratings: the scores a Store counts from its games (those not archived): the
// profile's standings against each opponent, its Glicko-2 rating in each pool
// (ratings) after each rated game, the AIs' placements (players), and the
// reset that starts the scores again.
//
// Invariants: an AI's placement is calibration's, never moved by results; a
// person's ratings are a function of the rated games in the order recorded
// and of the placements, so a new or moved placement computes every counted
// rating again (in the transaction that moved it), and a game recorded
// unrated is never rated. GameRecords::record_game rates the game it records
// in its own transaction.
//
// Ownership and threading: made and owned by a Store (Store::ratings()), over
// its connection and for its profile; it lives as long as the Store and is
// used from the thread using the Store.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/rating/glicko2.h"
#include "core/rating/rating_pool.h"
#include "core/store/player_identity.h"
#include "core/util/result.h"

namespace gambit::store {

class Connection;
class Store;

// One row of the Scores screen: games against an opponent, counted from the
// first-named side's point of view.
struct Standing {
  enum class Kind {
    VsAi,          // the human profile against one AI identity: label is the AI's
    HumanVsHuman,  // two humans at this computer: counted for White; label "human vs human"
    AiVsAi,        // a pairing of two AI identities: label "A vs B", counted for A (A's label sorts first)
  };
  Kind kind = Kind::VsAi;
  std::string label;
  int wins = 0;
  int draws = 0;
  int losses = 0;

  int games() const { return wins + draws + losses; }
  // Points in percent, 0..100 (0 when no game).
  double score_percent() const;
};

// The profile's rating after one of its rated games (oldest first in history).
struct RatingPoint {
  std::int64_t game_id = 0;
  std::int64_t ended_at = 0;
  rating::Glicko2 rating;
  double score = 0.5;      // what the person scored in that game: 1, 0.5 or 0
  std::int64_t opponent = 0;  // the opponent's player id (the same AI identity: the same id)
};

// The profile's rating in one pool where it has rated games.
struct PoolRating {
  rating::RatingPool pool;
  rating::Glicko2 rating;
  int games = 0;  // rated games in the pool (not archived)
};

class Ratings {
 public:
  Ratings(const Ratings&) = delete;
  Ratings& operator=(const Ratings&) = delete;

  // Places the AI identities already in the file that match these (kind, name,
  // version, options) at their placement, e.g. the calibrated levels of the
  // plugins found at start-up, so that earlier games against them count.
  // Identities not in the file are not added. Returns how many changed; when
  // any did, the ratings are computed again in the same transaction.
  Result<int> place_players(const std::vector<PlayerIdentity>& placed);

  // Games, wins, draws, losses per opponent (not counting archived games):
  // VsAi rows first (most games first), then HumanVsHuman, then AiVsAi.
  Result<std::vector<Standing>> standings();
  // The profile's current rating in a pool (Glicko-2's start before its first rated game there).
  Result<rating::Glicko2> rating(const rating::RatingPool& pool);
  // The pools where the profile has rated games (not archived), most games first.
  Result<std::vector<PoolRating>> pools();
  // The profile's rating (in the game's pool) before and after a game, when that game rated the profile.
  struct RatingChange {
    rating::Glicko2 before;
    rating::Glicko2 after;
  };
  Result<std::optional<RatingChange>> rating_change(std::int64_t game_id);
  // The profile's rating after each of its rated games in a pool since the last reset, oldest first.
  Result<std::vector<RatingPoint>> rating_history(const rating::RatingPool& pool);
  // Starts the scores again: every current game is archived (kept in the
  // file, no longer counted) and the rating starts again from Glicko-2's start.
  // Practice positions and the puzzle ratings are left alone: they are not the
  // scores of games. Returns how many games were archived.
  Result<int> reset_scores();

 private:
  friend class Store;
  Ratings(Connection& db, const std::string& profile) : db_(db), profile_(profile) {}

  Connection& db_;
  const std::string& profile_;
};

}  // namespace gambit::store
