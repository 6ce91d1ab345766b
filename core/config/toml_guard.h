// SPDX-License-Identifier: MIT
// Reading TOML text with the TOML++ of Debian 12 (3.3) safely. That version
// has undefined behaviour on some malformed input (tests/fuzz found each kind);
// parse_toml refuses such input in words before TOML++ reads it, so a config
// file can say anything and get a message back, never a crash.
#pragma once

#include <toml++/toml.h>

#include <string>
#include <string_view>

#include "core/util/result.h"

namespace gambit::config {

// The table a TOML text holds, or why it holds none: "file:line:column: what".
Result<toml::table> parse_toml(std::string_view text, const std::string& file_name);

}  // namespace gambit::config
