// SPDX-License-Identifier: MIT
// Practice: the positions of the profile's own games where they made a
// mistake or a blunder (practice), to find the better move again by spaced
// repetition (learn::Leitner: solved, one box up; missed, back to the first).
// Times are Unix seconds given by the caller, so tests set the clock.
//
// Invariants: one row per position and profile (the same variant and FEN but
// for the move counters), so the same mistake met in two games is one
// position to practise; each profile sees and moves only its own; a stored
// position is valid (PracticePosition says how). Scores reset
// (Ratings::reset_scores) leave the positions alone.
//
// Ownership and threading: made and owned by a Store (Store::practice()),
// over its connection and for its profile; it lives as long as the Store and
// is used from the thread using the Store.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/learn/spaced_repetition.h"
#include "core/util/result.h"

namespace gambit::store {

class Connection;
class Store;

// How bad the move played in a practice position was (review's classes; an
// inaccuracy is not kept to practise).
enum class PracticeJudgement { Mistake, Blunder };

// A position of one of the profile's games where they made a mistake or a
// blunder, to find the better move again (and again, by spaced repetition).
// Invariants of a stored one: fen is a legal position of variant, the player
// to move; played and best are different legal moves there; line is empty or
// starts with best and is legal from fen; 1 <= schedule.box <= 5;
// 0 <= solved <= attempts.
struct PracticePosition {
  std::int64_t id = 0;                  // the store's number for it (set by the store)
  std::optional<std::int64_t> game_id;  // the stored game it came from, if any
  int ply = 0;                          // plies played in that game before this position
  std::string variant = "standard";     // chess::VariantNames::id
  std::string fen;
  std::string played;  // UCI: the move the player made
  std::string best;    // UCI: the analyser's best move
  std::string line;    // UCI moves separated by spaces, from best ("" when the analyser gave none)
  std::string reason;  // why the move played was a mistake, in words (core/review/move_reason.h)
  PracticeJudgement judgement = PracticeJudgement::Mistake;
  learn::Leitner schedule;   // its box and when it is next due (set by the store)
  std::int64_t added_at = 0;  // Unix seconds (set by the store)
  int attempts = 0;           // attempts at it so far, and how many found the best move
  int solved = 0;
  bool operator==(const PracticePosition&) const = default;
};

class Practice {
 public:
  Practice(const Practice&) = delete;
  Practice& operator=(const Practice&) = delete;

  // Adds the positions (a game review's mistakes and blunders), each in the
  // first box and due at once, in one transaction; a position the profile
  // already has (same variant and FEN but for the move counters) is left as
  // it is, box and all. Returns how many were new. Fails, adding none, when
  // one is not valid (the reason names it: its FEN, a move that is not legal
  // there, a game that is not in the store).
  Result<int> add_practice_positions(const std::vector<PracticePosition>& positions, std::int64_t now);
  // The profile's positions due at `now` (due time at or before it), the
  // longest due first, at most limit.
  Result<std::vector<PracticePosition>> practice_due(std::int64_t now, int limit);
  // How many are due at `now` ("3 positions to practise today"): those whose
  // time has come, not those due later today; one due this evening is counted
  // when the menu is shown again then.
  Result<int> practice_due_count(std::int64_t now);
  // An attempt at a position at `now`: solved, one box up; missed, back to
  // the first (learn::after_attempt). Returns the position as it now stands.
  // Fails on a position the profile does not have.
  Result<PracticePosition> record_practice_attempt(std::int64_t position_id, bool solved, std::int64_t now);
  // Takes a position off the profile's list; false when it was not there.
  Result<bool> remove_practice_position(std::int64_t position_id);

 private:
  friend class Store;
  Practice(Connection& db, const std::string& profile) : db_(db), profile_(profile) {}

  Connection& db_;
  const std::string& profile_;
};

// "mistake", "blunder" (as the practice table stores them) and back.
const char* practice_judgement_name(PracticeJudgement judgement);
std::optional<PracticeJudgement> practice_judgement_from_name(const std::string& name);

}  // namespace gambit::store
