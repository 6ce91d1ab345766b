// What the store is told about a game played between seats: the identity of
// an AI seat and the entry of a finished game. Kept apart from core/match so
// that playing games needs no database; the window and gambit-match record.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/chess/game.h"
#include "core/chess/pgn.h"
#include "core/match/game_runner.h"
#include "core/store/store.h"

namespace gambit::recording {

using match::TimeControl;

// The identity the store keeps for an AI seat: the plugin, its version and
// its options (level presets applied; per-game seeds left out by the caller).
store::PlayerIdentity ai_identity(const std::string& id, const std::string& version, const std::string& level,
                                  const std::vector<std::pair<std::string, std::string>>& options);

// What the store records of a finished game: result, ending, time control,
// plies, the PGN text, and whether it began at its variant's start (only
// those are rated). started_at/ended_at in Unix seconds.
store::FinishedGame store_record(const chess::Game& game, const chess::PgnGame& pgn, store::PlayerIdentity white,
                                 store::PlayerIdentity black, const TimeControl& time_control, std::int64_t started_at,
                                 std::int64_t ended_at, store::GameSource source);

}  // namespace gambit::recording
