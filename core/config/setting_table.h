// SPDX-License-Identifier: MIT
// The settings table: one entry per key of the configuration file, saying what
// it is (its dotted key, type, range or choices, meaning) and how the Settings
// screen edits it. The loader reads the keys it lists and no others, the writer
// writes them in its order, the error messages name them and their ranges from
// it, the Settings screen makes a widget for each entry that has one, and a test
// checks config/gambit.toml against it. A setting's default is that of a
// default-constructed Settings (settings.h), so each default is said once.
//
// Seats ([white], [demo.black], [review], ...) are one entry each of type Seat;
// their own keys (player, level, options, isolation, permissions) are SeatKeys.
// Invariants: keys are unique; a section's entries are contiguous; an entry's
// range holds its default; a Choice entry's default is one of its choices.
#pragma once

#include <array>
#include <cstddef>
#include <filesystem>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/config/settings.h"

namespace gambit::config {

enum class SettingType {
  Boolean,      // true / false
  Integer,      // in min..max
  Choice,       // one of choices
  Text,         // a non-empty UTF-8 string without NUL, at most max_length bytes
  Path,         // a file's path, relative to the file naming it
  PathList,     // an array of paths, each relative to the file naming it
  Seat,         // a seat's table: SeatKeys (and the section's own entries for [review])
  Permissions,  // a table: plugin id = an array of PermissionNames
};

// How the Settings screen edits a setting; None: in the file only.
enum class SettingWidget { None, Checkbox, Number, Choice };

// Where the Settings screen shows a setting, in table order within each group.
enum class SettingGroup { None, Demo, Rules, Clock, DuringGame, Look };

// A place to read or write a setting's value in a Settings.
using PermissionMap = decltype(Settings::plugin_permissions);
using SettingValue = std::variant<bool*, int*, std::string*, std::filesystem::path*,
                                  std::vector<std::filesystem::path>*, SeatConfig*, PermissionMap*>;

struct SettingSpec {
  std::string_view key;  // dotted: "ui.animation_ms", "white", "demo.white"
  SettingType type;
  SettingValue (*value)(Settings&);  // where the setting lives
  std::string_view meaning;          // one line: the Settings screen's help, and what the file says it is
  long long min = 0, max = 0;        // Integer
  std::span<const std::string_view> choices = {};  // Choice
  std::size_t max_length = 0;                      // Text: in bytes (0 = no limit)
  SettingWidget widget = SettingWidget::None;
  SettingGroup group = SettingGroup::None;
  std::string_view label = {};  // the widget's label
  long long step = 1;           // Number: the arrows' step
  // Number only: a box with this label turns the setting on and off; off is 0,
  // and the settings after it in its group are then hidden and 0 as well.
  std::string_view switch_label = {};
  std::string_view switch_meaning = {};
  long long value_when_switched_on = 0;  // what the field shows when the box is ticked from off

  std::string_view section() const;  // "ui"; "" for a top-level seat
  std::string_view name() const;     // "animation_ms"; the key itself for a top-level seat
  // "0..1000", "green, brown, blue, grey" (as messages write it), "" for the other types.
  std::string range_text() const;
};

// Keys the program treats specially (the clock's pair, the sounds' help).
inline constexpr std::string_view ClockMinutesKey = "clock.minutes";
inline constexpr std::string_view ClockIncrementKey = "clock.increment_seconds";
inline constexpr std::string_view SoundsKey = "ui.sounds";

// Every setting, in the order the writer writes them and messages list them.
std::span<const SettingSpec> setting_table();

// The entry at a dotted key, or null.
const SettingSpec* find_setting(std::string_view key);

// The names of the entries directly under section ("ui" -> show_legal_moves, ...;
// "" -> white, black, game, ui, ...: the top-level keys), in table order.
std::vector<std::string_view> keys_under(std::string_view section);

// "a, b or c".
std::string listed(std::span<const std::string_view> names);

// A place to read a setting's value in a const Settings.
using SettingConstValue = std::variant<const bool*, const int*, const std::string*, const std::filesystem::path*,
                                       const std::vector<std::filesystem::path>*, const SeatConfig*,
                                       const PermissionMap*>;
// The setting in `settings`, read-only: the table's accessor, its pointer made const.
SettingConstValue read_only(const SettingSpec& spec, const Settings& settings);

// A Boolean, Integer, Choice or Text setting's value as text ("true", "150",
// "green"); "" for the other types.
std::string setting_text(const SettingSpec& spec, const Settings& settings);

}  // namespace gambit::config
