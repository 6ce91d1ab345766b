// SPDX-License-Identifier: MIT
// Hand-built plugin descriptors for the config tests, shaped like the shipped
// plugins (random, minimax, alphabeta) plus one with every option type. Only
// the metadata is filled in: nothing here is ever created or asked for a move.
#pragma once

#include "core/config/seats.h"
#include "core/players/player_api.h"

namespace gambit::fixtures {

// id "random": option seed 0..INT64_MAX; no levels.
const gambit_plugin_descriptor& random_plugin();
// id "minimax": option depth 1..6; levels easy, medium, hard, max.
const gambit_plugin_descriptor& minimax_plugin();
// id "alphabeta": options depth 1..64, movetime_ms 0..3600000, hash_mb 1..4096;
// levels named by rating, 1000, 1200, 1400, 2200, and max.
const gambit_plugin_descriptor& alphabeta_plugin();
// id "kitchen": options count (int -5..5), ponder (bool), style (choice solid/sharp),
// book (string); level "broken" sets an option the plugin does not have.
const gambit_plugin_descriptor& kitchen_plugin();

// random, minimax, alphabeta.
config::PluginList shipped_plugins();

}  // namespace gambit::fixtures
