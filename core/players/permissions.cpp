// SPDX-License-Identifier: MIT
#include "core/players/permissions.h"

#include <algorithm>

namespace gambit::players {

namespace {

struct KindName {
  Permission::Kind kind;
  std::uint32_t c;
  std::string_view name;
  std::string_view for_people;  // before the option's name
};

constexpr KindName Kinds[] = {
    {Permission::Kind::RunProgram, GAMBIT_PERMISSION_RUN_PROGRAM, "run-program", "run the program named by option"},
    {Permission::Kind::ReadPaths, GAMBIT_PERMISSION_READ_PATHS, "read-paths", "read the paths listed in option"},
    {Permission::Kind::WriteFile, GAMBIT_PERMISSION_WRITE_FILE, "write-file", "write the file named by option"},
};

const KindName& entry(Permission::Kind kind) {
  for (const KindName& k : Kinds)
    if (k.kind == kind) return k;
  return Kinds[0];
}

}  // namespace

std::string_view permission_name(Permission::Kind kind) { return entry(kind).name; }

std::optional<Permission::Kind> permission_from_name(std::string_view name) {
  for (const KindName& k : Kinds)
    if (k.name == name) return k.kind;
  return std::nullopt;
}

std::optional<Permission::Kind> permission_from_c(std::uint32_t kind) {
  for (const KindName& k : Kinds)
    if (k.c == kind) return k.kind;
  return std::nullopt;
}

std::uint32_t permission_to_c(Permission::Kind kind) { return entry(kind).c; }

std::string permission_for_people(const Permission& permission) {
  return std::string(entry(permission.kind).for_people) + " '" + permission.option + "'";
}

std::string describe_permissions(std::span<const Permission> permissions, std::span<const Permission::Kind> granted) {
  if (permissions.empty()) return "  Permissions: none asked for\n";
  std::string text = "  Permissions asked for:\n";
  for (const Permission& p : permissions) {
    const bool given = std::find(granted.begin(), granted.end(), p.kind) != granted.end();
    text += "    " + permission_for_people(p) + " (" + std::string(permission_name(p.kind)) +
            (given ? ", granted)" : ", not granted)") + (p.reason.empty() ? "" : ": " + p.reason) + "\n";
  }
  return text;
}

}  // namespace gambit::players
