// SPDX-License-Identifier: MIT
#include "core/sandbox/syscall_filter.h"

#include <linux/prctl.h>
#include <sched.h>
#include <seccomp.h>
#include <sys/socket.h>
#include <sys/syscall.h>

#include <cerrno>
#include <cstring>
#include <memory>

#include "core/util/translation.h"

namespace gambit::sandbox {

namespace {

// Calls no player has a use for: denied quietly.
constexpr const char* Unneeded[] = {
    "mount", "umount2", "pivot_root", "chroot", "unshare", "setns", "bpf", "perf_event_open", "keyctl", "add_key",
    "request_key", "userfaultfd", "io_uring_setup", "io_uring_enter", "io_uring_register", "init_module",
    "finit_module", "delete_module", "kexec_load", "kexec_file_load", "reboot", "swapon", "swapoff", "acct",
    "open_by_handle_at", "name_to_handle_at", "fsopen", "fsmount", "fspick", "open_tree", "move_mount",
    "mount_setattr", "quotactl", "syslog", "iopl", "ioperm", "vhangup", "lookup_dcookie"};

// Calls that reach into another process: denied and reported.
constexpr const char* Snooping[] = {"ptrace", "process_vm_readv", "process_vm_writev", "pidfd_getfd", "kcmp"};

using Filter = std::unique_ptr<void, decltype(&seccomp_release)>;

// Adds a rule for the call named `name` (skipped when this architecture has no such call).
int add(scmp_filter_ctx filter, std::uint32_t action, const char* name, unsigned count = 0,
        const scmp_arg_cmp* conditions = nullptr) {
  const int number = seccomp_syscall_resolve_name(name);
  if (number == __NR_SCMP_ERROR) return 0;
  return seccomp_rule_add_array(filter, action, number, count, conditions);
}

}  // namespace

Result<int> install_syscall_filter(const SyscallPolicy& policy) {
  // User notification with thread synchronisation needs libseccomp API level 6 and a kernel that has both.
  const bool notify = seccomp_api_get() >= 6;
  Filter filter(seccomp_init(SCMP_ACT_ALLOW), &seccomp_release);
  // Sent to the program that started this one, which shows it translated (child_instance.cpp).
  if (!filter) return Failure{N_("cannot make a system-call filter (libseccomp)")};
  scmp_filter_ctx f = filter.get();
  seccomp_attr_set(f, SCMP_FLTATR_CTL_TSYNC, 1);
  seccomp_attr_set(f, SCMP_FLTATR_CTL_NNP, 1);
  const std::uint32_t report = notify ? SCMP_ACT_NOTIFY : SCMP_ACT_ERRNO(EPERM);
  const std::uint32_t deny = SCMP_ACT_ERRNO(EPERM);

  int error = 0;
  const auto rule = [&](std::uint32_t action, const char* name, std::initializer_list<scmp_arg_cmp> conditions = {}) {
    if (error == 0) error = add(f, action, name, unsigned(conditions.size()), conditions.begin());
  };
  for (const char* name : Unneeded) rule(deny, name);
  for (const char* name : Snooping) rule(report, name);
  // No filter after this one: a later filter could answer reported calls in the supervisor's place. The two
  // questions seccomp(2) answers (which actions the kernel has, the sizes of a notification) stay allowed: a
  // process that supervises its own reported calls asks the second (gambit-engine).
  rule(deny, "seccomp", {scmp_arg_cmp{0, SCMP_CMP_LT, SECCOMP_GET_ACTION_AVAIL, 0}});
  rule(deny, "seccomp", {scmp_arg_cmp{0, SCMP_CMP_GT, SECCOMP_GET_NOTIF_SIZES, 0}});
  rule(deny, "prctl", {scmp_arg_cmp{0, SCMP_CMP_EQ, PR_SET_SECCOMP, 0}});
  // clone3 passes its flags in memory, where a filter cannot look: callers (glibc) fall back to clone.
  rule(SCMP_ACT_ERRNO(ENOSYS), "clone3");
  // A local socket is refused quietly: the C library tries one on its own (to ask nscd for the user's home),
  // and no plugin means harm by it. Any other (the network) is reported.
  rule(deny, "socket", {scmp_arg_cmp{0, SCMP_CMP_EQ, AF_UNIX, 0}});
  rule(report, "socket", {scmp_arg_cmp{0, SCMP_CMP_NE, AF_UNIX, 0}});
  if (!policy.may_run_programs) {
    // A process; threads (CLONE_THREAD set) are allowed. For MASKED_EQ, datum_a is the mask and datum_b the value.
    rule(report, "clone", {scmp_arg_cmp{0, SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0}});
    rule(report, "fork");
    rule(report, "vfork");
    rule(report, "execve");
    rule(report, "execveat");
  }
  if (error != 0) return Failure{std::string("cannot build the system-call filter: ") + std::strerror(-error)};
  if (const int loaded = seccomp_load(f); loaded != 0)
    return Failure{std::string("the kernel refused the system-call filter: ") + std::strerror(-loaded)};
  return notify ? seccomp_notify_fd(f) : -1;
}

std::string denied_attempt(int syscall_number, unsigned long long first_argument) {
  char* name = seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, syscall_number);
  // TRANSLATORS: a system call the kernel has no name for, by its number.
  const std::string call = name ? name : fill(tr("system call {number}"), {{"number", std::to_string(syscall_number)}});
  std::free(name);
  // What a sandboxed plugin tried, after "plugin 'x' tried" (plugin_notices.h).
  if (call == "socket")
    return first_argument == AF_INET || first_argument == AF_INET6
               // TRANSLATORS: what a sandboxed plugin tried, after "plugin 'x' tried".
               ? tr("to connect to the network")
               // TRANSLATORS: what a sandboxed plugin tried, after "plugin 'x' tried"; {call} is the system call's
               // name ("socket", "execve"), not translated.
               : fill(tr("to open a socket ({call})"), {{"call", call}});
  if (call == "clone" || call == "fork" || call == "vfork")
    // TRANSLATORS: as "to open a socket ({call})".
    return fill(tr("to start a process ({call})"), {{"call", call}});
  if (call == "execve" || call == "execveat")
    // TRANSLATORS: as "to open a socket ({call})".
    return fill(tr("to run a program ({call})"), {{"call", call}});
  // TRANSLATORS: as "to open a socket ({call})".
  return fill(tr("to look into another process ({call})"), {{"call", call}});
}

}  // namespace gambit::sandbox
