// SPDX-License-Identifier: MIT
// Step two of reading the configuration: each seat checked against the plugins
// actually found (the loader's descriptors), so this needs no loader itself.
// A failure names the file, line, dotted key and what was expected, e.g.
//   "config.toml:7:9: black.options.depth: option 'depth' = 9 is out of range 1..6".
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/config/settings.h"
#include "core/players/options.h"
#include "core/players/player_api.h"
#include "core/players/plugin_catalog.h"
#include "core/players/seat.h"

namespace gambit::config {

// The descriptors of the plugins available; null entries are ignored.
using PluginList = std::vector<const gambit_plugin_descriptor*>;
// Those of the plugins a catalog found.
PluginList plugin_list(const players::PluginCatalog& catalog);

// A seat of the settings checked against the plugins' descriptors: a human, or
// a known plugin with validated options. Kept apart from players::Seat (which
// holds the loaded library) so that checking needs no loader: seat_to_play
// turns it into one.
struct ResolvedSeat {
  std::string player;                                // "human" or the plugin id
  const gambit_plugin_descriptor* plugin = nullptr;  // nullptr for a human
  std::string level;                                 // "" = none
  players::OptionList options;                       // level presets, then the seat's options; canonical text
  players::Isolation isolation = {};                 // where its instances run (Settings::isolation_of)

  bool human() const { return plugin == nullptr; }
};

// side's seat checked against plugins: the player is "human" or the id of one
// of them (otherwise the message lists the ids and "human"), a human has no
// level and no options, the level is one of the plugin's and every option is in
// its schema with a valid value.
Result<ResolvedSeat> resolve_seat(const Settings& settings, chess::Color side, const PluginList& plugins);

// side's seat checked as resolve_seat does, except that it must be a plugin:
// "human" is refused, saying human_refused and the plugins there are.
Result<ResolvedSeat> resolve_ai_seat(const Settings& settings, chess::Color side, const PluginList& plugins,
                                     std::string_view human_refused);

// side's seat of the AI-vs-AI demo ([demo.white], [demo.black]), checked as
// resolve_seat does, except that it must be a plugin: "human" is refused.
Result<ResolvedSeat> resolve_demo_seat(const Settings& settings, chess::Color side, const PluginList& plugins);

// The player that gives hints ([hint]), checked as resolve_seat does, except
// that it must be a plugin: "human" is refused.
Result<ResolvedSeat> resolve_hint(const Settings& settings, const PluginList& plugins);

// The player that reviews games ([review]), checked as resolve_seat does,
// except that it must be a plugin: "human" is refused.
Result<ResolvedSeat> resolve_review(const Settings& settings, const PluginList& plugins);

// Both seats, indexed by chess::Color; the first failure (white before black).
Result<std::array<ResolvedSeat, chess::COLOR_NB>> resolve_seats(const Settings& settings, const PluginList& plugins);

// The fallback policy when the plugins found cannot give what the settings
// name: each part (the two seats together, each demo seat, the hint and review players)
// that does not resolve falls back to its default, and is told as a sentence
// in the returned list ("... - the default players sit at the board.").
std::vector<std::string> fall_back_to_defaults(Settings& settings, const PluginList& plugins);

// The flags that name a seat on a command line ("--white", "--white-level",
// "--white-option"; gambit-review's "--player", "--level", "--option").
struct SeatFlags {
  std::string player, level, option;
};

// The seat at seat_key ("white", "black" or "review") as a command line changes it: a player id ("" = keep the
// configured seat) replaces the seat whole, a level ("" = keep) and options
// (NAME=VALUE, each replacing one of the same name) add to it. Each value is
// recorded in settings.sources as coming from its flag, so resolve_seat's
// messages name the flag. Fails, naming the flag, on an option that is not
// NAME=VALUE.
std::optional<std::string> apply_seat_flags(Settings& settings, const std::string& seat_key, const std::string& player,
                                            const std::string& level, const std::vector<std::string>& options,
                                            const SeatFlags& flags);

// The seat ready to play: the plugin's library from the catalog, and the label
// people see ("Human", "alphabeta (medium)"). A seat whose options are exactly
// a measured level's presets is that level (PluginLibrary::measured_level_playing),
// whatever level it named. Fails when the plugin is no longer in the catalog.
Result<players::Seat> seat_to_play(const ResolvedSeat& seat, const players::PluginCatalog& catalog);

// A command line's choice of one AI seat of a match: a player id, a plugin
// file standing in for the catalog's plugin of its id (another build of it),
// a level and options NAME=VALUE; empty: as configured.
struct SeatRequest {
  std::string player, plugin_file, level;
  std::vector<std::string> options;
};

// Both seats of a match between AI players (gambit-match), indexed by
// chess::Color and ready to play: the configured seats as the requests change
// them (apply_seat_flags, with the flags --white, --white-plugin, --white-level,
// --white-option and black's), each checked against the catalog's plugins.
// mistakes: why a seat cannot play, each a sentence naming its flag, the
// seats' mistakes first, then a seat left to a human; seats are set only
// when there is none.
struct MatchSeats {
  std::array<players::Seat, chess::COLOR_NB> seats;
  std::vector<std::string> mistakes;
};
MatchSeats match_seats(Settings& settings, const players::PluginCatalog& catalog,
                       const std::array<SeatRequest, chess::COLOR_NB>& requests);

// "human, random, minimax, alphabeta": the names a seat may take.
std::string available_players(const PluginList& plugins);

}  // namespace gambit::config
