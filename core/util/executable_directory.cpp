#include "core/util/executable_directory.h"

#include <system_error>

namespace gambit {

std::filesystem::path executable_directory() {
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path() : exe.parent_path();
}

}  // namespace gambit
