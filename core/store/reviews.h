// SPDX-License-Identifier: MIT
// Reviews: the reviews a Store keeps of its games (reviews), so that a game
// reopened shows its review without analysing it again.
//
// Invariants: a review is of a game in the file (GameRecords) and is keyed by
// that game, its analyser and its budget: keeping another by the same three
// replaces it. The store does not read the verdicts (core/review/review_record.h does).
//
// Ownership and threading: made and owned by a Store (Store::reviews()), over
// its connection; it lives as long as the Store and is used from the thread
// using the Store.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/util/result.h"

namespace gambit::store {

class Connection;
class GameRecords;
class Store;

// A game's review as kept: what made it (analyser: the player's id, version
// and options; budget: "nodes 600000") and its verdicts as text.
struct StoredReview {
  std::string analyser;
  std::string budget;
  std::string verdicts;
  std::int64_t made_at = 0;  // Unix seconds
  bool operator==(const StoredReview&) const = default;
};

class Reviews {
 public:
  Reviews(const Reviews&) = delete;
  Reviews& operator=(const Reviews&) = delete;

  // Keeps a review of a game, replacing one by the same analyser and budget.
  // Fails on a game that is not there.
  Result<bool> save_review(std::int64_t game_id, const StoredReview& review);
  // The review of a game by this analyser and budget, if one was kept.
  Result<std::optional<StoredReview>> review(std::int64_t game_id, const std::string& analyser,
                                             const std::string& budget);

 private:
  friend class Store;
  // games: the same Store's, which says whether a game is there.
  Reviews(Connection& db, GameRecords& games) : db_(db), games_(games) {}

  Connection& db_;
  GameRecords& games_;
};

}  // namespace gambit::store
