// SPDX-License-Identifier: MIT
// The store's schema and its history: version v of the file (PRAGMA
// user_version) is made by running migration_sql(1) .. migration_sql(v) in
// order. Table and column names are fixed, so other tools can read the file.
//
//  1: players, games
//  2: games.archived_at (reset scores), ratings, interrupted_game
//  3: games.from_start (only games from the start are rated)
//  4: players.rating, rating_deviation (placed AIs); ratings.deviation, volatility (Glicko-2)
//  5: reviews
//  6: games.rated, games.pool (rating pools); interrupted_game.rated, unrated_reason
//  7: practice (mistake positions, Leitner boxes), puzzle_attempts, puzzle_ratings
#pragma once

#include <vector>

#include "core/store/sqlite.h"

namespace gambit::store {

// The SQL taking a file from version - 1 to version (1..SchemaVersion);
// nullptr for any other version.
const char* migration_sql(int version);

// The tables a file of this version has (none for 0).
std::vector<const char*> tables_of_schema(int version);

// Brings db from its user_version up to SchemaVersion, each step in its own
// transaction. Fails on a file newer than this build or not a database.
Result<int> migrate(Connection& db);

}  // namespace gambit::store
