// The folder of the running program, from which installed files are found
// (plugins beside it, the default configuration and assets under ../share).
#pragma once

#include <filesystem>

namespace gambit {

// The directory holding the running program (from /proc/self/exe), or an empty
// path if it cannot be found out.
std::filesystem::path executable_directory();

}  // namespace gambit
