// SPDX-License-Identifier: MIT
// What the store is told about a game played between seats: the identity of
// an AI seat and the entry of a finished game. Kept apart from core/match so
// that playing games needs no database; the window and gambit-match record.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "core/chess/game.h"
#include "core/chess/pgn.h"
#include "core/config/settings.h"
#include "core/match/game_runner.h"
#include "core/match/match_play.h"
#include "core/players/plugin_catalog.h"
#include "core/players/seat.h"
#include "core/store/store.h"

namespace gambit::recording {

using match::TimeControl;

// The identity the store keeps for a seat: for a human, the player's profile;
// for an AI, the plugin, its version, its options (level presets applied;
// per-game seeds are not in a Seat), its label, and its placement when the
// seat plays exactly a level whose rating the plugin ships (level_ratings.h).
store::PlayerIdentity seat_identity(const players::Seat& seat, const std::string& profile);

// The identities of every measured level of the catalog's plugins, placed at
// their ratings: for Ratings::place_players when a program starts, so that
// games recorded before a level was measured (or re-measured) count.
std::vector<store::PlayerIdentity> measured_levels(const players::PluginCatalog& catalog);

// What the store records of a finished game: result, ending, time control,
// plies, the PGN text, and whether it began at its variant's start (only
// those are rated). started_at/ended_at in Unix seconds.
store::FinishedGame store_record(const chess::Game& game, const chess::PgnGame& pgn, store::PlayerIdentity white,
                                 store::PlayerIdentity black, const TimeControl& time_control, std::int64_t started_at,
                                 std::int64_t ended_at, store::GameSource source);

// The store the settings name ([store] path and profile), or the file at
// path when it is not empty (a command line's --store).
Result<store::Store::Opened> open_store(const config::Settings& settings, const std::filesystem::path& path = {});

// gambit-match's games into the store as each ends (MatchPlay's Recorder): two
// AIs, no profile, played at time_control, source Match. Failures name the store's file.
match::MatchPlay::Recorder match_recorder(store::Store& store, const TimeControl& time_control);

}  // namespace gambit::recording
