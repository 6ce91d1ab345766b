// SPDX-License-Identifier: MIT
// Where the tests find the plugins built for them (tests/core/players/CMakeLists.txt).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace gambit::players::test_support {

inline std::filesystem::path test_plugin_dir() { return GAMBIT_TEST_PLUGIN_DIR; }
// plugins/gambit_test_<name>.so, e.g. test_plugin("abi99").
inline std::filesystem::path test_plugin(std::string_view name) {
  return test_plugin_dir() / ("gambit_test_" + std::string(name) + ".so");
}
inline std::filesystem::path random_plugin() { return GAMBIT_RANDOM_PLUGIN; }
inline std::filesystem::path uci_plugin() { return GAMBIT_UCI_PLUGIN; }

inline bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

}  // namespace gambit::players::test_support
