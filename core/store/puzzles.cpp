// SPDX-License-Identifier: MIT
// Puzzles (puzzles.h): rated puzzles, one Glicko-2 period per attempt for the
// player and for the puzzle. schema.cpp (version 7) holds the tables.
#include "core/store/puzzles.h"

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "core/store/player_identity.h"
#include "core/store/players_table.h"
#include "core/store/sqlite.h"
#include "core/util/translation.h"

namespace gambit::store {

namespace {

// The player's puzzle rating after their latest attempt, and their number of attempts.
Result<PuzzleRating> player_puzzle_rating(Connection& db, std::int64_t player) {
  auto query = Statement::prepare(db,
                                  "SELECT rating, deviation, volatility, (SELECT count(*) FROM puzzle_attempts WHERE "
                                  "player_id = ?1) FROM puzzle_attempts WHERE player_id = ?1 ORDER BY id DESC LIMIT 1");
  if (!query) return Failure{query.error()};
  query.value().bind(1, player);
  PuzzleRating current;
  auto read = each_row(query.value(), [&](const Statement& r) {
    current = {{r.column_double(0), r.column_double(1), r.column_double(2)}, int(r.column_int(3))};
  });
  if (!read) return Failure{read.error()};
  return current;
}

// A puzzle's refined rating, or the one it shipped with before any attempt.
Result<PuzzleRating> refined_puzzle_rating(Connection& db, const learn::Puzzle& puzzle) {
  auto query = Statement::prepare(
      db, "SELECT rating, deviation, volatility, attempts FROM puzzle_ratings WHERE puzzle_id = ?1");
  if (!query) return Failure{query.error()};
  query.value().bind(1, puzzle.id);
  PuzzleRating refined{{puzzle.rating, puzzle.deviation, rating::Glicko2{}.volatility}, 0};
  auto read = each_row(query.value(), [&](const Statement& r) {
    refined = {{r.column_double(0), r.column_double(1), r.column_double(2)}, int(r.column_int(3))};
  });
  if (!read) return Failure{read.error()};
  return refined;
}

}  // namespace

Result<PuzzleRating> Puzzles::puzzle_rating() {
  auto me = profile_id(db_, profile_);
  if (!me) return Failure{me.error()};
  if (!me.value()) return PuzzleRating{};
  return player_puzzle_rating(db_, *me.value());
}

Result<PuzzleAttemptResult> Puzzles::record_puzzle_attempt(const learn::Puzzle& puzzle, bool solved, std::int64_t now) {
  if (puzzle.id.empty()) return Failure{tr("cannot record an attempt at a puzzle without an id")};
  if (!std::isfinite(puzzle.rating) || !std::isfinite(puzzle.deviation) || puzzle.deviation <= 0)
    // TRANSLATORS: {puzzle} is the puzzle's id, quoted.
    return Failure{fill(tr("cannot record an attempt at the puzzle {puzzle}: its rating and deviation must be numbers, "
                           "the deviation above 0"),
                        {{"puzzle", quote_for_message(puzzle.id)}})};
  auto transaction = Transaction::begin(db_);
  if (!transaction) return Failure{transaction.error()};
  auto me = player_id(db_, PlayerIdentity::person(profile_));
  if (!me) return Failure{me.error()};
  auto player = player_puzzle_rating(db_, me.value());
  if (!player) return Failure{player.error()};
  auto refined = refined_puzzle_rating(db_, puzzle);
  if (!refined) return Failure{refined.error()};
  PuzzleAttemptResult result;
  result.before = player.value().rating;
  result.puzzle_before = refined.value().rating;
  const rating::GameResult against_puzzle{result.puzzle_before.rating, result.puzzle_before.deviation,
                                          solved ? 1.0 : 0.0};
  const rating::GameResult against_player{result.before.rating, result.before.deviation, solved ? 0.0 : 1.0};
  result.after = rating::update(result.before, {&against_puzzle, 1});
  result.puzzle_after = rating::update(result.puzzle_before, {&against_player, 1});

  auto insert = Statement::prepare(db_,
                                   "INSERT INTO puzzle_attempts (player_id, puzzle_id, solved, attempted_at, rating, "
                                   "deviation, volatility, puzzle_rating, puzzle_deviation) VALUES (?1, ?2, ?3, ?4, "
                                   "?5, ?6, ?7, ?8, ?9)");
  if (!insert) return Failure{insert.error()};
  Statement& row = insert.value();
  row.bind(1, me.value()).bind(2, puzzle.id).bind(3, std::int64_t(solved)).bind(4, now);
  row.bind(5, result.after.rating).bind(6, result.after.deviation).bind(7, result.after.volatility);
  row.bind(8, result.puzzle_after.rating).bind(9, result.puzzle_after.deviation);
  if (auto ran = row.run(); !ran) return Failure{ran.error()};
  auto refine = Statement::prepare(db_,
                                   "INSERT INTO puzzle_ratings (puzzle_id, rating, deviation, volatility, attempts) "
                                   "VALUES (?1, ?2, ?3, ?4, 1) ON CONFLICT (puzzle_id) DO UPDATE SET rating = "
                                   "excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility, "
                                   "attempts = attempts + 1");
  if (!refine) return Failure{refine.error()};
  refine.value().bind(1, puzzle.id).bind(2, result.puzzle_after.rating).bind(3, result.puzzle_after.deviation);
  refine.value().bind(4, result.puzzle_after.volatility);
  if (auto ran = refine.value().run(); !ran) return Failure{ran.error()};
  if (auto committed = transaction.value()->commit(); !committed) return Failure{committed.error()};
  return result;
}

Result<std::vector<PuzzlePoint>> Puzzles::puzzle_history() {
  std::vector<PuzzlePoint> points;
  auto me = profile_id(db_, profile_);
  if (!me) return Failure{me.error()};
  if (!me.value()) return points;
  auto query = Statement::prepare(db_,
                                  "SELECT puzzle_id, attempted_at, solved, rating, deviation, volatility, "
                                  "puzzle_rating FROM puzzle_attempts WHERE player_id = ?1 ORDER BY id");
  if (!query) return Failure{query.error()};
  query.value().bind(1, *me.value());
  auto read = each_row(query.value(), [&](const Statement& r) {
    points.push_back({r.column_text(0), r.column_int(1), r.column_int(2) != 0,
                      {r.column_double(3), r.column_double(4), r.column_double(5)}, r.column_double(6)});
  });
  if (!read) return Failure{read.error()};
  return points;
}

Result<std::set<std::string>> Puzzles::attempted_puzzles() {
  std::set<std::string> ids;
  auto me = profile_id(db_, profile_);
  if (!me) return Failure{me.error()};
  if (!me.value()) return ids;
  auto query = Statement::prepare(db_, "SELECT DISTINCT puzzle_id FROM puzzle_attempts WHERE player_id = ?1");
  if (!query) return Failure{query.error()};
  query.value().bind(1, *me.value());
  if (auto read = each_row(query.value(), [&](const Statement& r) { ids.insert(r.column_text(0)); }); !read)
    return Failure{read.error()};
  return ids;
}

Result<PuzzleRating> Puzzles::rating_of_puzzle(const learn::Puzzle& puzzle) {
  return refined_puzzle_rating(db_, puzzle);
}

}  // namespace gambit::store
