// SPDX-License-Identifier: MIT
// The sandbox of a process that runs code Gambit does not trust (a player
// plugin in gambit-plugin-host, and what it is allowed to run): entered once,
// before that code is loaded, and kept for good by the process and every
// process it starts. Three layers, each the kernel's own:
//   - Landlock (landlock.h): files readable only where the policy says (the
//     system's libraries and data, the plugin's folder), runnable only where
//     it says, writable nowhere but the files granted; no TCP; no signals or
//     abstract sockets beyond the sandbox (ABI 6).
//   - seccomp (syscall_filter.h): no sockets, no new processes or programs
//     unless granted, no looking into other processes, nothing privileged.
//   - resource limits: no core files (the memory limit is the host's).
// What the running kernel cannot enforce is said in words (not_enforced).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/util/result.h"

namespace gambit::sandbox {

struct SandboxPolicy {
  std::vector<std::filesystem::path> readable;     // files and folders (and all beneath) that may be read
  std::vector<std::filesystem::path> runnable;     // programs that may be run (with may_run_programs)
  std::vector<std::filesystem::path> writable;     // files that may be written (they exist already)
  std::vector<std::filesystem::path> own_folders;  // folders wholly its own: files and folders made, written, removed
  bool may_run_programs = false;
};

// The folders every dynamically linked program needs to read in order to
// start and run (libraries, the loader's cache, locale and time zone data,
// the processor count), and the process's own /proc entry.
std::vector<std::filesystem::path> system_readable();

struct SandboxOutcome {
  int landlock_abi = 0;
  int listener = -1;  // the denied calls' listener (syscall_filter.h): hand it to a supervisor, then close it
  std::vector<std::string> not_enforced;  // one line each, in words
};

// Enters the sandbox: this process and all it starts, for good. Call it with
// a single thread running. Fails only when the kernel refuses what it claims
// to offer.
Result<SandboxOutcome> enter_sandbox(const SandboxPolicy& policy);

}  // namespace gambit::sandbox
