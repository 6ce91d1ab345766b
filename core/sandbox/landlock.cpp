// SPDX-License-Identifier: MIT
#include "core/sandbox/landlock.h"

#include <fcntl.h>
#include <linux/prctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/util/translation.h"

namespace gambit::sandbox {

namespace {

// The kernel's structures and values (include/uapi/linux/landlock.h), as of ABI 6.
struct RulesetAttr {
  std::uint64_t handled_access_fs;
  std::uint64_t handled_access_net;  // ABI 4
  std::uint64_t scoped;              // ABI 6
};
struct __attribute__((packed)) PathBeneathAttr {
  std::uint64_t allowed_access;
  std::int32_t parent_fd;
};
constexpr unsigned CreateRulesetVersion = 1U << 0;
constexpr int RulePathBeneath = 1;
constexpr std::uint64_t NetBindTcp = 1ULL << 0, NetConnectTcp = 1ULL << 1;
constexpr std::uint64_t ScopeAbstractUnixSocket = 1ULL << 0, ScopeSignal = 1ULL << 1;

long create_ruleset(const RulesetAttr* attr, std::size_t size, unsigned flags) {
  return ::syscall(__NR_landlock_create_ruleset, attr, size, flags);
}

// The file rights this ABI version handles.
std::uint64_t handled_fs(int abi) {
  using namespace landlock_access;
  std::uint64_t all = Execute | WriteFile | ReadFile | ReadDir | RemoveDir | RemoveFile | MakeChar | MakeDir | MakeReg |
                      MakeSock | MakeFifo | MakeBlock | MakeSym;
  if (abi >= 2) all |= Refer;
  if (abi >= 3) all |= Truncate;
  if (abi >= 5) all |= IoctlDev;
  return all;
}

// The rights that make sense beneath a path that is not a folder.
std::uint64_t file_rights(std::uint64_t access) {
  using namespace landlock_access;
  return access & (Execute | WriteFile | ReadFile | Truncate | IoctlDev);
}

}  // namespace

int landlock_abi() {
  const long abi = create_ruleset(nullptr, 0, CreateRulesetVersion);
  return abi < 0 ? 0 : int(abi);
}

Result<LandlockOutcome> landlock_restrict_self(const LandlockRules& rules) {
  LandlockOutcome outcome;
  outcome.abi = landlock_abi();
  if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
    return Failure{std::string("cannot set no_new_privs: ") + std::strerror(errno)};
  if (outcome.abi == 0) {
    // Sent to the program that started this one, which shows them translated (child_instance.cpp).
    outcome.not_enforced = {N_("files: the kernel has no Landlock (Linux 5.13 or later, enabled at boot)"),
                            N_("network: the kernel has no Landlock")};
    return outcome;
  }
  RulesetAttr attr{handled_fs(outcome.abi), 0, 0};
  std::size_t size = offsetof(RulesetAttr, handled_access_net);
  if (outcome.abi >= 4) {
    attr.handled_access_net = NetBindTcp | NetConnectTcp;
    size = offsetof(RulesetAttr, scoped);
  } else {
    outcome.not_enforced.push_back("TCP connections: Landlock ABI " + std::to_string(outcome.abi) +
                                   " has no network rules (ABI 4, Linux 6.7)");
  }
  if (outcome.abi >= 6) {
    attr.scoped = ScopeAbstractUnixSocket | ScopeSignal;
    size = sizeof(RulesetAttr);
  } else {
    outcome.not_enforced.push_back("signals and abstract sockets beyond the sandbox: Landlock ABI " +
                                   std::to_string(outcome.abi) + " has no scopes (ABI 6, Linux 6.12)");
  }
  const long ruleset = create_ruleset(&attr, size, 0);
  if (ruleset < 0) return Failure{std::string("Landlock refused the ruleset: ") + std::strerror(errno)};
  const int fd = int(ruleset);
  for (const LandlockRules::Path& rule : rules.paths) {
    const int path_fd = ::open(rule.path.c_str(), O_PATH | O_CLOEXEC);
    if (path_fd < 0) continue;  // not there: nothing to allow
    std::error_code error;
    const bool folder = std::filesystem::is_directory(rule.path, error);
    PathBeneathAttr beneath{(folder ? rule.access : file_rights(rule.access)) & attr.handled_access_fs, path_fd};
    const long added = beneath.allowed_access == 0
                           ? 0
                           : ::syscall(__NR_landlock_add_rule, fd, RulePathBeneath, &beneath, 0);
    const int added_errno = errno;
    ::close(path_fd);
    if (added != 0) {
      ::close(fd);
      return Failure{"Landlock refused the rule for '" + rule.path.string() + "': " + std::strerror(added_errno)};
    }
  }
  const long restricted = ::syscall(__NR_landlock_restrict_self, fd, 0);
  const int restrict_errno = errno;
  ::close(fd);
  if (restricted != 0) return Failure{std::string("Landlock could not restrict the process: ") + std::strerror(restrict_errno)};
  return outcome;
}

}  // namespace gambit::sandbox
