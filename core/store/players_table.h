// SPDX-License-Identifier: MIT
// The players table as the store's own files use it (store.cpp for games and
// ratings, learning.cpp for practice and puzzles): not part of the Store API.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/store/sqlite.h"
#include "core/store/store.h"

namespace gambit::store {

// The player's id (added when new); `placed` tells whether its placement was
// set or moved, so that the ratings are computed again.
Result<std::int64_t> player_id(Connection& db, const PlayerIdentity& who, bool* placed = nullptr);

// The id of the human profile, if it is in the file.
Result<std::optional<std::int64_t>> profile_id(Connection& db, const std::string& profile);

}  // namespace gambit::store
