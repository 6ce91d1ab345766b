// SPDX-License-Identifier: MIT
#include "core/sandbox/sandbox.h"

#include <elf.h>
#include <link.h>
#include <sys/resource.h>

#include "core/sandbox/landlock.h"
#include "core/sandbox/syscall_filter.h"
#include "core/util/translation.h"

namespace gambit::sandbox {

std::vector<std::filesystem::path> system_readable() {
  return {"/usr/lib", "/usr/lib64", "/lib", "/lib64", "/usr/share/locale", "/usr/share/zoneinfo", "/usr/lib/locale",
          "/etc/ld.so.cache", "/etc/ld.so.preload", "/etc/localtime", "/sys/devices/system/cpu", "/dev/null",
          "/dev/urandom", "/proc/self"};
}

namespace {

// The dynamic loader this program names (its PT_INTERP): a program run in the sandbox names the same one, and the
// kernel opens it for running too.
std::filesystem::path dynamic_loader() {
  std::filesystem::path loader;
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* out) {
        for (int i = 0; i < info->dlpi_phnum; ++i)
          if (info->dlpi_phdr[i].p_type == PT_INTERP)
            *static_cast<std::filesystem::path*>(out) =
                reinterpret_cast<const char*>(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
        return 1;  // the first object is the program itself
      },
      &loader);
  return loader;
}

}  // namespace

Result<SandboxOutcome> enter_sandbox(const SandboxPolicy& policy) {
  SandboxOutcome outcome;
  // No core files. No file-size limit: it would also cut the standard error the plugin inherited, which is
  // the program's log and may be a file; Landlock already keeps it from writing any file it opens itself.
  const rlimit no_core{0, 0};
  setrlimit(RLIMIT_CORE, &no_core);

  using namespace landlock_access;
  LandlockRules rules;
  for (const auto& path : policy.readable) rules.paths.push_back({path, Read});
  if (policy.may_run_programs) {
    for (const auto& path : policy.runnable) rules.paths.push_back({path, Read | Execute});
    if (const std::filesystem::path loader = dynamic_loader(); !loader.empty())
      rules.paths.push_back({loader, Read | Execute});
  }
  for (const auto& path : policy.writable) rules.paths.push_back({path, Read | WriteFile | Truncate});
  for (const auto& path : policy.own_folders)
    rules.paths.push_back({path, Read | WriteFile | Truncate | MakeReg | MakeDir | RemoveFile | RemoveDir});
  auto landlocked = landlock_restrict_self(rules);
  if (!landlocked) return Failure{landlocked.error()};
  outcome.landlock_abi = landlocked.value().abi;
  outcome.not_enforced = landlocked.value().not_enforced;

  auto filtered = install_syscall_filter({.may_run_programs = policy.may_run_programs});
  if (!filtered) return Failure{filtered.error()};
  outcome.listener = filtered.value();
  if (outcome.listener < 0)
    // Sent to the program that started this one, which shows it translated (child_instance.cpp).
    outcome.not_enforced.push_back(N_("reports of denied calls: the kernel or libseccomp has no user notification"));
  return outcome;
}

}  // namespace gambit::sandbox
