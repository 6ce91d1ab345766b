// SPDX-License-Identifier: MIT
// Permission: one thing an isolated plugin may do beyond its sandbox, as it
// declared it (player_api.h, ABI 1.4): run a program, read paths, or write a
// file, each named by the value of one of its options.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/players/player_api.h"

namespace gambit::players {

struct Permission {
  enum class Kind { RunProgram, ReadPaths, WriteFile };
  Kind kind = Kind::RunProgram;
  std::string option;  // the option whose value says what exactly
  std::string reason;  // for people

  bool operator==(const Permission&) const = default;
};

// "run-program", "read-paths", "write-file": as the configuration and the
// programs' listings spell them.
std::string_view permission_name(Permission::Kind kind);
std::optional<Permission::Kind> permission_from_name(std::string_view name);
std::optional<Permission::Kind> permission_from_c(std::uint32_t kind);
std::uint32_t permission_to_c(Permission::Kind kind);
// What it allows, for people: "run the program in option 'command'" (translated).
std::string permission_for_people(const Permission& permission);
// The same in English, for a message that is kept (a failure that becomes a forfeit's reason, stored).
std::string permission_for_people_in_english(const Permission& permission);
// The lines a listing shows for a plugin's permissions: "    <for people>
// (<name>, granted|not granted): <reason>" under a heading, or one line
// saying it asks for none.
std::string describe_permissions(std::span<const Permission> permissions, std::span<const Permission::Kind> granted);

}  // namespace gambit::players
