// SPDX-License-Identifier: MIT
// The ratings table as the store's own files use it (game_records.cpp rates
// the game it records, store.cpp makes good what a crash or a migration left
// unrated at open): not part of the Store API. ratings.h says what the
// ratings are a function of.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/store/sqlite.h"

namespace gambit::store {

// White's points from a result text; nullopt for anything else.
std::optional<double> white_points_of(const std::string& result);

// Rates one game if it is rated: the person's rating after it, from their
// latest one. Games must be rated in the order they were recorded (inside the
// caller's transaction).
Result<bool> rate_game(Connection& db, std::int64_t game);

// Computes every counted rating again, game by game in the order recorded
// (inside the caller's transaction).
Result<bool> rate_all_again(Connection& db);

// Rated games without their rating: those of files migrated from earlier
// schemas (whose ratings were dropped), or of a process that died in between.
// Any such game means every counted rating is computed again, in order, in a
// transaction of its own (and so does filling in the pools of games recorded
// before schema 6).
Result<bool> rebuild_ratings(Connection& db);

}  // namespace gambit::store
