// SPDX-License-Identifier: MIT
// What the configuration tests read from text: the settings, or the failure.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "core/config/config_loader.h"

namespace gambit::config::test_support {

// The failure parse_config gives for text, which must not parse.
inline std::string error_of(std::string_view text) {
  Result<Settings> settings = parse_config(text, "test.toml");
  EXPECT_FALSE(settings.ok()) << "accepted:\n" << text;
  return settings ? "" : settings.error();
}

// The settings text gives over base, which it must.
inline Settings parsed(std::string_view text, const Settings& base = Settings()) {
  Result<Settings> settings = parse_config(text, "test.toml", base);
  EXPECT_TRUE(settings.ok()) << (settings ? "" : settings.error()) << "\nin:\n" << text;
  return settings ? *settings : Settings();
}

}  // namespace gambit::config::test_support
