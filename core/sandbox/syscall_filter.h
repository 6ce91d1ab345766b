// SPDX-License-Identifier: MIT
// The system-call filter of a sandboxed process (seccomp-bpf, through
// Debian's libseccomp): the calls that reach beyond the process (opening a
// socket, starting or running a program, looking into another process) and
// the calls no player needs (mounting, kernel modules, BPF, io_uring, ...)
// are denied with EPERM; every other call runs as usual.
//
// A denied call that says something about the plugin's intent is not answered
// by the kernel but by a supervisor outside the sandbox (seccomp user
// notification): it always answers EPERM, and learns what was tried (a
// local socket, which the C library opens by itself, is refused quietly). The
// listener that receives them is handed to the supervisor and closed in the
// sandboxed process before any plugin code runs, and the filter denies
// installing another filter, the one way a later filter could answer in the
// supervisor's place. Without a supervisor (none took the listener, or it has
// gone) those calls fail with ENOSYS: denied all the same.
#pragma once

#include <string>

#include "core/util/result.h"

namespace gambit::sandbox {

struct SyscallPolicy {
  bool may_run_programs = false;  // fork and exec allowed (the uci player's engine); Landlock says which programs
};

// Installs the filter on every thread of this process (and what it starts).
// Returns the listener of the reported calls (a descriptor to hand to the
// supervisor and then close), or -1 when the kernel has no user notification.
Result<int> install_syscall_filter(const SyscallPolicy& policy);

// What a reported call tried, in words: "to open a network connection",
// "to run a program", ... (arguments: the call's number and first argument).
std::string denied_attempt(int syscall_number, unsigned long long first_argument);

}  // namespace gambit::sandbox
