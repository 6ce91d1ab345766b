// SPDX-License-Identifier: MIT
#include "core/players/sandbox_grants.h"

#include <fcntl.h>
#include <pwd.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "core/util/child_process.h"
#include "core/util/install_layout.h"

namespace gambit::players {

namespace fs = std::filesystem;

namespace {

std::string value_of(const OptionList& values, const std::string& option) {
  for (const auto& [name, value] : values)
    if (name == option) return value;
  return {};
}

// path and, when it is reached through symbolic links, where it leads: the kernel checks the file itself.
void add_with_target(std::vector<fs::path>& list, const fs::path& path) {
  list.push_back(path);
  std::error_code error;
  const fs::path target = fs::canonical(path, error);
  if (!error && target != path) list.push_back(target);
}

// The home folder, as programs find it (the password database, which is what they read, else HOME).
fs::path home_folder() {
  if (const passwd* entry = ::getpwuid(::getuid()); entry && entry->pw_dir) return entry->pw_dir;
  const char* home = std::getenv("HOME");
  return home ? fs::path(home) : fs::path();
}

void grant_program(SandboxGrants& grants, const std::string& command) {
  const std::optional<std::string> found = find_program(command);
  if (!found) return;  // the plugin says it cannot run it, as it would without a sandbox
  const fs::path program = *found;
  add_with_target(grants.runnable, program);
  for (const char* names : {"/etc/passwd", "/etc/group", "/etc/nsswitch.conf"}) grants.readable.emplace_back(names);
  if (const fs::path home = home_folder(); !home.empty()) {
    const fs::path own = home / ("." + program.filename().string());
    std::error_code error;
    fs::create_directory(own, error);
    if (fs::is_directory(own, error)) grants.own_folders.push_back(own);
  }
  std::error_code error;
  for (const fs::path& file : {program, fs::canonical(program, error)}) {
    if (file.empty()) continue;
    grants.readable.push_back(file.parent_path());
    if (file.parent_path() == "/usr/games") grants.readable.push_back(fs::path("/usr/share/games") / file.filename());
  }
}

void grant_paths(SandboxGrants& grants, const std::string& list) {
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t end = std::min(list.find_first_of(":;", start), list.size());
    if (end > start) add_with_target(grants.readable, list.substr(start, end - start));
    start = end + 1;
  }
}

Result<std::monostate> grant_file(SandboxGrants& grants, const std::string& file) {
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return Failure{"cannot create the file " + quote_for_message(file) + ": " + std::strerror(errno)};
  ::close(fd);
  add_with_target(grants.writable, file);
  return std::monostate{};
}

}  // namespace

bool grants_declared_by_default(const fs::path& plugin_file) {
  const fs::path own = plugin_directory();
  std::error_code error;
  return !own.empty() && fs::equivalent(plugin_file.parent_path(), own, error);
}

Result<SandboxGrants> sandbox_grants(std::span<const Permission> declared, std::span<const Permission::Kind> granted,
                                     const OptionList& values) {
  SandboxGrants grants;
  for (const Permission& permission : declared) {
    if (std::find(granted.begin(), granted.end(), permission.kind) == granted.end()) {
      grants.withheld.push_back(permission);
      continue;
    }
    const std::string value = value_of(values, permission.option);
    if (value.empty()) continue;
    switch (permission.kind) {
      case Permission::Kind::RunProgram:
        grant_program(grants, value);
        break;
      case Permission::Kind::ReadPaths:
        grant_paths(grants, value);
        break;
      case Permission::Kind::WriteFile:
        if (auto created = grant_file(grants, value); !created)
          return Failure{"the file it may write (option '" + permission.option + "'): " + created.error()};
        break;
    }
  }
  return grants;
}

std::vector<Permission::Kind> granted_permissions(const PluginLibrary& library, const Isolation& isolation) {
  if (isolation.granted) return *isolation.granted;
  std::vector<Permission::Kind> granted;
  if (grants_declared_by_default(library.path()))
    for (const Permission& p : library.permissions()) granted.push_back(p.kind);
  return granted;
}

Result<SandboxGrants> sandbox_grants_for(const PluginLibrary& library, const OptionList& options,
                                         const Isolation& isolation) {
  const std::vector<Permission::Kind> granted = granted_permissions(library, isolation);
  // Every option with its value: as given, else its default.
  OptionList values = options;
  const gambit_plugin_descriptor& d = library.descriptor();
  for (std::uint32_t i = 0; i < d.option_count; ++i) {
    const gambit_option_spec& spec = d.options[i];
    const bool set = std::any_of(options.begin(), options.end(), [&](const auto& o) { return o.first == spec.name; });
    if (!set && spec.default_value) values.emplace_back(spec.name, spec.default_value);
  }
  return sandbox_grants(library.permissions(), granted, values);
}

sandbox::SandboxPolicy plugin_sandbox_policy(const fs::path& plugin_file, const SandboxGrants& grants) {
  sandbox::SandboxPolicy policy{.readable = sandbox::system_readable(),
                                .runnable = grants.runnable,
                                .writable = grants.writable,
                                .own_folders = grants.own_folders,
                                .may_run_programs = !grants.runnable.empty()};
  std::error_code error;
  const fs::path plugin = fs::absolute(plugin_file, error);
  policy.readable.push_back(plugin.parent_path());
  // The folder the file itself leads to, when it is a link (a plugin linked into the user's folder).
  if (const fs::path target = fs::canonical(plugin, error); !error && target.parent_path() != plugin.parent_path())
    policy.readable.push_back(target.parent_path());
  policy.readable.insert(policy.readable.end(), grants.readable.begin(), grants.readable.end());
  return policy;
}

std::string required_sandbox_missing(Isolation::Sandbox mode, const Result<sandbox::SandboxOutcome>& entered) {
  if (mode != Isolation::Sandbox::Required || (entered && entered.value().landlock_abi > 0)) return {};
  return "it must be sandboxed ([plugins] sandbox = \"required\") and cannot be: " +
         (entered ? entered.value().not_enforced.front() : entered.error());
}

PluginSandboxEntry enter_plugin_sandbox(const std::filesystem::path& plugin_file, const SandboxGrants& grants,
                                        Isolation::Sandbox mode) {
  const Result<sandbox::SandboxOutcome> entered = sandbox::enter_sandbox(plugin_sandbox_policy(plugin_file, grants));
  PluginSandboxEntry entry;
  entry.refusal = required_sandbox_missing(mode, entered);
  entry.may_load = entry.refusal.empty();
  if (entered) entry.entered = entered.value();
  else entry.unsandboxed = entered.error();
  return entry;
}

std::string withheld_note(std::span<const Permission> withheld) {
  if (withheld.empty()) return {};
  std::string note = " (not granted: ";
  for (std::size_t i = 0; i < withheld.size(); ++i)
    note += (i ? "; " : "") + std::string(permission_name(withheld[i].kind)) + ", to " +
            permission_for_people_in_english(withheld[i]);
  return note + (withheld.size() == 1 ? "; grant it" : "; grant them") +
         " on the Settings screen, or in the configuration: the seat's permissions or [plugins.permissions])";
}

}  // namespace gambit::players
