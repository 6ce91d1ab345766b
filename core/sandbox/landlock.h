// SPDX-License-Identifier: MIT
// Landlock: the kernel's unprivileged access control (Linux 5.13 and later),
// spoken directly through its three system calls. A ruleset lists what a
// process may still do with files (read, run, write) beneath given paths,
// which TCP ports it may bind or connect to (none, here), and whether it may
// signal or reach abstract sockets outside its domain; restrict_self() makes
// it apply to this process and every process it starts, for good.
//
// The values below are the kernel's ABI (include/uapi/linux/landlock.h); they
// are spelt here because Debian 12's headers stop at ABI 2 while its kernels
// (and newer ones) offer more. What a kernel handles depends on its ABI
// version: rights it does not know are left out, and the caller is told which.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "core/util/result.h"

namespace gambit::sandbox {

namespace landlock_access {
inline constexpr std::uint64_t Execute = 1ULL << 0;
inline constexpr std::uint64_t WriteFile = 1ULL << 1;
inline constexpr std::uint64_t ReadFile = 1ULL << 2;
inline constexpr std::uint64_t ReadDir = 1ULL << 3;
inline constexpr std::uint64_t RemoveDir = 1ULL << 4;
inline constexpr std::uint64_t RemoveFile = 1ULL << 5;
inline constexpr std::uint64_t MakeChar = 1ULL << 6;
inline constexpr std::uint64_t MakeDir = 1ULL << 7;
inline constexpr std::uint64_t MakeReg = 1ULL << 8;
inline constexpr std::uint64_t MakeSock = 1ULL << 9;
inline constexpr std::uint64_t MakeFifo = 1ULL << 10;
inline constexpr std::uint64_t MakeBlock = 1ULL << 11;
inline constexpr std::uint64_t MakeSym = 1ULL << 12;
inline constexpr std::uint64_t Refer = 1ULL << 13;     // ABI 2
inline constexpr std::uint64_t Truncate = 1ULL << 14;  // ABI 3
inline constexpr std::uint64_t IoctlDev = 1ULL << 15;  // ABI 5
inline constexpr std::uint64_t Read = ReadFile | ReadDir;
}  // namespace landlock_access

// The Landlock ABI version the running kernel offers: 0 when it has none (too
// old, or Landlock is not enabled at boot).
int landlock_abi();

// What may still be done once restricted: every other file access, every TCP
// bind and connect, and (ABI 6) signals and abstract sockets beyond the domain
// are denied.
struct LandlockRules {
  struct Path {
    std::filesystem::path path;  // a file or a folder (then everything beneath it)
    std::uint64_t access;        // landlock_access bits
  };
  std::vector<Path> paths;
};

// What restrict_self could not enforce on this kernel, in words, one line each
// (empty: everything); and the ABI it used.
struct LandlockOutcome {
  int abi = 0;
  std::vector<std::string> not_enforced;
};

// Restricts this process (all its threads must be started after, or it is
// called before any: Landlock applies to the calling thread and what it
// starts) and every process it starts to rules, after setting no_new_privs.
// A path that does not exist is skipped. Fails, in words, only when the kernel
// refuses a ruleset it claims to support; a kernel without Landlock is not a
// failure but an outcome with everything in not_enforced.
Result<LandlockOutcome> landlock_restrict_self(const LandlockRules& rules);

}  // namespace gambit::sandbox
