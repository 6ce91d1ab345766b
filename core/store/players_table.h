// SPDX-License-Identifier: MIT
// The players table as the store's own files use it (game_records.cpp,
// ratings.cpp, practice.cpp, puzzles.cpp): not part of the Store API. Each
// call runs inside the caller's transaction, if any.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/store/player_identity.h"
#include "core/store/sqlite.h"

namespace gambit::store {

// The player's id (added when new); `placed` tells whether its placement was
// set or moved, so that the ratings are computed again.
Result<std::int64_t> player_id(Connection& db, const PlayerIdentity& who, bool* placed = nullptr);

// The id of the human profile, if it is in the file.
Result<std::optional<std::int64_t>> profile_id(Connection& db, const std::string& profile);

// Sets an AI's placement; whether it changed.
Result<bool> place(Connection& db, std::int64_t player, const Placement& placement);

}  // namespace gambit::store
