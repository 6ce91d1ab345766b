// SPDX-License-Identifier: MIT
// SandboxGrants: what an isolated plugin's sandbox lets it reach beyond the
// system's files and its own folder (core/sandbox/sandbox.h), made from the
// permissions it declared (permissions.h), those the player grants, and the
// values of the options they name:
//   run-program  the program the option names (found as ChildProcess finds
//                it), its folder read-only, and on Debian its data folder
//                (/usr/share/games/NAME for /usr/games/NAME); the user and
//                group names (/etc/passwd, /etc/group: a program finds its
//                home there); its own folder in the home, ~/.NAME, read and
//                write, made empty when missing, as such programs do on their
//                first run (Sjeng keeps its learning there, and stops without
//                it); and it may start processes. What it starts stays in the
//                same sandbox.
//   read-paths   every path in the option (separated by ':' or ';'), read-only.
//   write-file   the file the option names, created empty when missing (the
//                sandbox lets a plugin write files only, never create them).
// An option left empty grants nothing.
#pragma once

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/players/isolation.h"
#include "core/players/options.h"
#include "core/players/permissions.h"
#include "core/players/plugin_library.h"
#include "core/sandbox/sandbox.h"
#include "core/util/result.h"

namespace gambit::players {

struct SandboxGrants {
  std::vector<std::filesystem::path> readable;
  std::vector<std::filesystem::path> runnable;  // programs; with any, the plugin may start processes
  std::vector<std::filesystem::path> writable;  // files that exist
  std::vector<std::filesystem::path> own_folders;  // folders that exist, wholly read-write
  std::vector<Permission> withheld;             // declared and not granted: named when the plugin fails

  bool operator==(const SandboxGrants&) const = default;
};

// Whether the player grants what plugin_file declares when the configuration
// does not say: yes for Gambit's own plugins (in plugin_directory()), no for
// any other, which must be granted by name ([plugins.permissions]).
bool grants_declared_by_default(const std::filesystem::path& plugin_file);

// The kinds of permission library is granted under isolation: Isolation::granted
// (the configuration's), else all it declares when grants_declared_by_default.
std::vector<Permission::Kind> granted_permissions(const PluginLibrary& library, const Isolation& isolation);

// The grants for a plugin that declared `declared`, of which the player
// grants the kinds in `granted`, with its options' values (every option it
// has, set or default). Fails, in words, when a file to be written cannot be
// created.
Result<SandboxGrants> sandbox_grants(std::span<const Permission> declared, std::span<const Permission::Kind> granted,
                                     const OptionList& values);

// The grants for an instance of library with the given options (those not
// given take their defaults), of what it declares as much as isolation
// grants (granted_permissions).
Result<SandboxGrants> sandbox_grants_for(const PluginLibrary& library, const OptionList& options,
                                         const Isolation& isolation);

// The sandbox of a process that runs the plugin in plugin_file: the
// system's files (sandbox::system_readable), the plugin's folder (and the
// folder its links lead to), and what is granted. gambit-plugin-host enters
// it, and gambit-engine, which runs its plugin itself.
sandbox::SandboxPolicy plugin_sandbox_policy(const std::filesystem::path& plugin_file, const SandboxGrants& grants);

// Why a plugin whose sandbox is `mode` may not run in a process that tried
// to enter its sandbox with the result `entered`: the sandbox is required
// ([plugins] sandbox = "required") and the kernel could not give it. Empty
// when it may run.
std::string required_sandbox_missing(Isolation::Sandbox mode, const Result<sandbox::SandboxOutcome>& entered);

// What entering a plugin process's sandbox came to (enter_plugin_sandbox).
struct PluginSandboxEntry {
  bool may_load = true;  // false: its sandbox is required and could not be entered
  std::string refusal;   // then why (to follow "cannot load plugin '<file>': ")
  std::optional<sandbox::SandboxOutcome> entered;  // the sandbox entered, if it was
  std::string unsandboxed;                         // if not: why (the kernel's refusal)
};

// Enters the sandbox of a process about to load the plugin in plugin_file
// (plugin_sandbox_policy of grants), and says whether the plugin may then be
// loaded as `mode` asks (required_sandbox_missing). The one way into a
// plugin's sandbox: gambit-plugin-host (serve_plugin) and gambit-engine call
// it, each then telling what came of it in its own way. Call it with one
// thread running, and only when mode is not Off.
PluginSandboxEntry enter_plugin_sandbox(const std::filesystem::path& plugin_file, const SandboxGrants& grants,
                                        Isolation::Sandbox mode);

// What to add to the sentence of a plugin that failed with permissions
// withheld: " (not granted: run-program, to run the program named by option
// 'command'; [plugins.permissions] in the configuration grants what a plugin
// asks for)", or nothing when none was withheld.
std::string withheld_note(std::span<const Permission> withheld);

}  // namespace gambit::players
