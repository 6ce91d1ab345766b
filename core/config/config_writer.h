// SPDX-License-Identifier: MIT
// Writing the user's configuration file (the Settings screen saves here). The
// text written reads back, through config_loader.h, over any file below it, to
// equal settings: the seats [white], [black], [demo.white], [demo.black] and
// [hint] (each with its player, so they replace the default's seats whole),
// every value of [ui], [clock] and [demo], and the plugin paths (replacing the
// default's list).
#pragma once

#include <filesystem>
#include <string>

#include "core/config/settings.h"

namespace gambit::config {

// settings as TOML text. Option values that read as integers or booleans
// ("12", "true") are written as TOML integers and booleans, the rest as strings,
// so each reads back as the same text. Refuses what could not be read back: an
// empty player, plugin path or option value, text that is not UTF-8 or has NUL,
// an unknown theme or piece set, an integer out of its range, an increment
// without a clock (with the loader's message, without file and line).
Result<std::string> format_config(const Settings& settings);

// Writes format_config(settings) to file, creating its folder; the file is
// replaced at once (written beside it, then renamed), never left half written.
// Returns the file written.
Result<std::filesystem::path> save_user_config(const Settings& settings, const std::filesystem::path& file);

}  // namespace gambit::config
