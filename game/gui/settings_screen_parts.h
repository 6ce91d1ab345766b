// SPDX-License-Identifier: MIT
// What the two halves of SettingsScreen share (settings_screen.cpp edits,
// settings_screen_view.cpp lays out and draws): the seat list's name for a
// human, the tab labels, and an option's value when the seat leaves it unset.
// Private to game/gui.
#pragma once

#include <string>

#include "core/players/plugin_library.h"

namespace gambit::gui::settings_detail {

inline constexpr const char* HumanItem = "You";  // the person at this computer
inline constexpr const char* NoLevelItem = "(none)";
inline constexpr const char* TabLabels[] = {"Players", "Demo", "Board & clock"};

// Option text in the form validate_option writes it, so values compare as text.
std::string canonical(const gambit_option_spec& spec, const std::string& text);
// What an option is when the seat does not set it: its level's preset, else its default.
std::string baseline(const players::PluginLibrary& plugin, const std::string& level, const gambit_option_spec& spec);

}  // namespace gambit::gui::settings_detail
