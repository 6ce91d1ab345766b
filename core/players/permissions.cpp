// SPDX-License-Identifier: MIT
#include "core/players/permissions.h"

#include <algorithm>

#include "core/util/translation.h"

namespace gambit::players {

namespace {

struct KindName {
  Permission::Kind kind;
  std::uint32_t c;
  std::string_view name;
  std::string_view for_people;  // with the option's name as {option}; translated where it is shown
};

constexpr KindName Kinds[] = {
    {Permission::Kind::RunProgram, GAMBIT_PERMISSION_RUN_PROGRAM, "run-program",
     // TRANSLATORS: what a player plugin may do beyond its sandbox, after "it may"; the Settings screen shows it
     // with a capital first letter. {option} is the name of the plugin's option that says which program.
     N_("run the program named by option '{option}'")},
    {Permission::Kind::ReadPaths, GAMBIT_PERMISSION_READ_PATHS, "read-paths",
     // TRANSLATORS: as "run the program named by option '{option}'".
     N_("read the paths listed in option '{option}'")},
    {Permission::Kind::WriteFile, GAMBIT_PERMISSION_WRITE_FILE, "write-file",
     // TRANSLATORS: as "run the program named by option '{option}'".
     N_("write the file named by option '{option}'")},
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
  return fill(tr(entry(permission.kind).for_people.data()), {{"option", permission.option}});
}

std::string permission_for_people_in_english(const Permission& permission) {
  return fill(entry(permission.kind).for_people, {{"option", permission.option}});
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
