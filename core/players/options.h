// SPDX-License-Identifier: MIT
// Option values for a player plugin, checked against the schema its descriptor
// declares (player_api.h) before they reach create(). Values travel as text;
// every function here turns bad text into a Failure naming the option, the
// value and what was expected, so a plugin only ever sees well-formed values.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/util/result.h"
#include "core/players/player_api.h"

namespace gambit::players {


// Option settings as (name, value text) pairs, in the order they were given.
using OptionList = std::vector<std::pair<std::string, std::string>>;

// True when text is well-formed UTF-8 (no overlong forms, surrogates or code
// points above U+10FFFF).
bool is_valid_utf8(std::string_view text);

// The option of the plugin called name, or nullptr.
const gambit_option_spec* find_option(const gambit_plugin_descriptor& plugin, std::string_view name);

// The difficulty level of the plugin called name, or nullptr.
const gambit_level* find_level(const gambit_plugin_descriptor& plugin, std::string_view name);

// The plugin's option names and level names, comma-separated ("depth, movetime_ms"),
// or "none" when it has none: the lists error messages offer.
std::string option_names(const gambit_plugin_descriptor& plugin);
std::string level_names(const gambit_plugin_descriptor& plugin);

// value checked against spec, returned in canonical form:
//   int     decimal digits with an optional '-', within [min, max]; "-0" and
//           leading zeros are accepted and written plainly ("007" -> "7")
//   bool    exactly "true" or "false"
//   choice  exactly one of the choices
//   string  UTF-8 without NUL bytes (may be empty), kept as given
// Failures read e.g. "option 'depth' = 9 is out of range 1..6".
Result<std::string> validate_option(const gambit_option_spec& spec, std::string_view value);

// The options to create a player of plugin with: the level's preset values
// (level "" = no level), then the user's values, each replacing the level's
// value of the same option in place and appended otherwise. Refuses an
// unknown level (listing the plugin's levels), an unknown option (listing its
// options), an option the user gives twice and any invalid value. Options
// neither the level nor the user sets are left out: the plugin uses its defaults.
Result<OptionList> resolve_options(const gambit_plugin_descriptor& plugin, std::string_view level,
                                   const OptionList& user);

// "name=value" (as on command lines) split at the first '='; refuses text
// without '=' or with an empty name. The value may be empty (validation decides).
Result<std::pair<std::string, std::string>> parse_option_assignment(std::string_view text);

// Help text for people: one line per option (name, type, range or choices,
// default, help) and one per level (name, description, settings).
std::string describe_options(const gambit_plugin_descriptor& plugin);

}  // namespace gambit::players
