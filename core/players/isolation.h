// SPDX-License-Identifier: MIT
// Isolation: where a plugin's instances run (a child process of their own, or
// this program) and the limits of such a child: its memory, and its sandbox
// (core/sandbox/sandbox.h). Read from [plugins] in the configuration and from
// command lines.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/players/permissions.h"

namespace gambit::players {

inline constexpr std::uint64_t DefaultMemoryLimitMb = 2048;

struct Isolation {
  enum class Mode { Process, InProcess };
  // Off: the child runs with the player's rights. On: sandboxed as far as the
  // kernel can, and what it cannot enforce is told once. Required: a child the
  // kernel cannot sandbox (no Landlock or no seccomp) is refused.
  enum class Sandbox { Off, On, Required };
  Mode mode = Mode::Process;
  std::uint64_t memory_limit_mb = DefaultMemoryLimitMb;  // a child's address space (0: no limit)
  Sandbox sandbox = Sandbox::On;
  // The permissions the player grants the plugin, of those it declares
  // (sandbox_grants.h); nullopt: the default (all for Gambit's own plugins,
  // none for others).
  std::optional<std::vector<Permission::Kind>> granted = std::nullopt;

  bool in_process() const { return mode == Mode::InProcess; }
  bool operator==(const Isolation&) const = default;
};

// "process" / "in-process", as configurations and command lines spell them.
const char* isolation_name(Isolation::Mode mode);
std::optional<Isolation::Mode> isolation_from_name(std::string_view name);
// "off" / "on" / "required".
const char* sandbox_name(Isolation::Sandbox sandbox);
std::optional<Isolation::Sandbox> sandbox_from_name(std::string_view name);

}  // namespace gambit::players
