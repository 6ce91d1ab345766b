// SPDX-License-Identifier: MIT
// Isolation: where a plugin's instances run (a child process of their own, or
// this program) and the limits of such a child. Read from [plugins] in the
// configuration and from command lines.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace gambit::players {

inline constexpr std::uint64_t DefaultMemoryLimitMb = 2048;

struct Isolation {
  enum class Mode { Process, InProcess };
  Mode mode = Mode::Process;
  std::uint64_t memory_limit_mb = DefaultMemoryLimitMb;  // a child's address space (0: no limit)

  bool in_process() const { return mode == Mode::InProcess; }
  bool operator==(const Isolation&) const = default;
};

// "process" / "in-process", as configurations and command lines spell them.
const char* isolation_name(Isolation::Mode mode);
std::optional<Isolation::Mode> isolation_from_name(std::string_view name);

}  // namespace gambit::players
