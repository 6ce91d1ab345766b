// SPDX-License-Identifier: MIT
// What the two halves of SettingsScreen share (settings_screen.cpp edits,
// settings_screen_view.cpp lays out and draws): the seat list's name for a
// human, the tab labels, and an option's value when the seat leaves it unset.
// Private to game/gui.
#pragma once

#include <string>

#include "core/players/plugin_library.h"
#include "core/util/translation.h"

namespace gambit::gui::settings_detail {

// The choices' items are these English words (compared as values); tr() them where they are shown.
// TRANSLATORS: in the choice of a seat's player: the person at this computer plays that side.
inline constexpr const char* HumanItem = N_("You");  // the person at this computer
// TRANSLATORS: in the choice of a player's level: no level, the plugin's own defaults.
inline constexpr const char* NoLevelItem = N_("(none)");
// TRANSLATORS: the Settings screen's tabs: the players, the demo (AI against AI), the board and the clock.
inline constexpr const char* TabLabels[] = {N_("Players"), N_("Demo"), N_("Board & clock")};

// Option text in the form validate_option writes it, so values compare as text.
std::string canonical(const gambit_option_spec& spec, const std::string& text);
// What an option is when the seat does not set it: its level's preset, else its default.
std::string baseline(const players::PluginLibrary& plugin, const std::string& level, const gambit_option_spec& spec);

}  // namespace gambit::gui::settings_detail
