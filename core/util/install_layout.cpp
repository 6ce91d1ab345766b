// SPDX-License-Identifier: MIT
#include "core/util/install_layout.h"

#include <system_error>

namespace gambit {

namespace fs = std::filesystem;

fs::path executable_directory() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe.parent_path();
}

namespace {

fs::path beside_program(const char* relative) {
  const fs::path dir = executable_directory();
  return dir.empty() ? dir : (dir / relative).lexically_normal();
}

}  // namespace

fs::path data_directory() { return beside_program(GAMBIT_DATA_FROM_BIN); }
fs::path helper_directory() { return beside_program(GAMBIT_HELPER_FROM_BIN); }
fs::path plugin_directory() { return beside_program(GAMBIT_PLUGIN_FROM_BIN); }
fs::path locale_directory() { return beside_program(GAMBIT_LOCALE_FROM_BIN); }
fs::path eco_file() { return GAMBIT_ECO_FILE; }

}  // namespace gambit
