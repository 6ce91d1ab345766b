// SPDX-License-Identifier: MIT
// The sandbox as a plugin meets it: a child process enters it and tries what
// a hostile plugin would; each attempt fails with EPERM or EACCES, the child
// goes on, and the supervisor outside hears what was tried.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <mutex>
#include <set>
#include <string>
#include <thread>

#include "core/sandbox/denied_calls.h"
#include "core/sandbox/descriptor_passing.h"
#include "core/sandbox/landlock.h"
#include "core/sandbox/sandbox.h"

namespace gambit::sandbox {
namespace {

namespace fs = std::filesystem;

// What the sandboxed child found: each attempt's name and the errno it failed with (0: it worked).
struct Findings {
  std::map<std::string, int> errors;
  std::set<std::string> reported;  // what the supervisor heard
  int status = -1;                 // the child's exit status
};

// Runs attempts in a child that has entered the sandbox of policy. Each attempt returns 0 or an errno.
Findings in_sandbox(const SandboxPolicy& policy, const std::map<std::string, std::function<int()>>& attempts) {
  Findings findings;
  int results[2], channel[2];
  EXPECT_EQ(::pipe(results), 0);
  EXPECT_EQ(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, channel), 0);
  const pid_t child = ::fork();
  if (child == 0) {
    ::close(results[0]);
    auto entered = enter_sandbox(policy);
    if (!entered) ::_exit(3);
    if (entered.value().listener >= 0) {
      if (!send_descriptor(channel[1], entered.value().listener)) ::_exit(4);
      ::close(entered.value().listener);
    } else {
      ::close(channel[1]);
    }
    for (const auto& [name, attempt] : attempts) {
      const std::string line = name + " " + std::to_string(attempt()) + "\n";
      if (::write(results[1], line.data(), line.size()) != ssize_t(line.size())) ::_exit(5);
    }
    ::_exit(0);
  }
  ::close(results[1]);
  ::close(channel[1]);
  std::mutex mutex;
  {
    auto listener = receive_descriptor(channel[0], std::chrono::seconds(10));
    DeniedCalls supervisor(listener ? listener.value().value_or(-1) : -1, [&](const std::string& attempt) {
      std::lock_guard lock(mutex);
      findings.reported.insert(attempt);
    });
    std::string text;
    char buffer[512];
    for (ssize_t n; (n = ::read(results[0], buffer, sizeof buffer)) > 0;) text.append(buffer, std::size_t(n));
    ::waitpid(child, &findings.status, 0);
    std::istringstream lines(text);
    std::string name;
    int error;
    while (lines >> name >> error) findings.errors[name] = error;
  }
  ::close(results[0]);
  ::close(channel[0]);
  return findings;
}

int failure_of(int result) { return result < 0 ? errno : 0; }

int open_for_reading(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return errno;
  ::close(fd);
  return 0;
}

int open_for_writing(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) return errno;
  ::close(fd);
  return 0;
}

// Starts program and waits for it: 0 when it ran and exited 0, else the errno of what failed.
int run(const char* program) {
  const pid_t pid = ::fork();
  if (pid < 0) return errno;
  if (pid == 0) {
    char* const argv[] = {const_cast<char*>(program), nullptr};
    ::execv(program, argv);
    ::_exit(100 + errno);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) >= 100 ? WEXITSTATUS(status) - 100 : WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

class Sandbox : public ::testing::Test {
 protected:
  void SetUp() override {
    if (landlock_abi() == 0) GTEST_SKIP() << "this kernel has no Landlock";
    root_ = fs::temp_directory_path() / ("gambit-sandbox-" + std::to_string(::getpid()));
    fs::create_directories(root_ / "plugin");
    fs::create_directories(root_ / "home" / ".ssh");
    std::ofstream(root_ / "plugin" / "data.txt") << "the plugin's own file\n";
    std::ofstream(root_ / "home" / ".ssh" / "id_rsa") << "secret\n";
  }
  void TearDown() override {
    std::error_code error;
    fs::remove_all(root_, error);
  }
  SandboxPolicy policy() const {
    SandboxPolicy p;
    p.readable = system_readable();
    p.readable.push_back(root_ / "plugin");
    return p;
  }
  fs::path root_;
};

TEST_F(Sandbox, ItsOwnFolderIsReadableAndNothingElseOfThePlayers) {
  const Findings f = in_sandbox(policy(), {
      {"own_file", [&] { return open_for_reading(root_ / "plugin" / "data.txt"); }},
      {"secret", [&] { return open_for_reading(root_ / "home" / ".ssh" / "id_rsa"); }},
      {"write_own_folder", [&] { return open_for_writing(root_ / "plugin" / "new.txt"); }},
      {"write_elsewhere", [&] { return open_for_writing(root_ / "home" / "new.txt"); }},
      {"system_library", [] { return open_for_reading("/etc/ld.so.cache"); }},
      {"passwd", [] { return open_for_reading("/etc/passwd"); }},
      {"other_process", [] { return open_for_reading("/proc/1/environ"); }},
      {"own_process", [] { return open_for_reading("/proc/self/status"); }},
  });
  ASSERT_TRUE(WIFEXITED(f.status) && WEXITSTATUS(f.status) == 0) << f.status;
  EXPECT_EQ(f.errors.at("own_file"), 0);
  EXPECT_EQ(f.errors.at("secret"), EACCES);
  EXPECT_EQ(f.errors.at("write_own_folder"), EACCES);
  EXPECT_EQ(f.errors.at("write_elsewhere"), EACCES);
  EXPECT_EQ(f.errors.at("system_library"), 0);
  EXPECT_EQ(f.errors.at("passwd"), EACCES);
  EXPECT_EQ(f.errors.at("other_process"), EACCES);
  EXPECT_EQ(f.errors.at("own_process"), 0);
  EXPECT_FALSE(fs::exists(root_ / "home" / "new.txt"));
}

TEST_F(Sandbox, NoNetworkNoProcessNoProgramNoTracingAndEachIsReportedOnce) {
  const Findings f = in_sandbox(policy(), {
      {"tcp", [] { return failure_of(::socket(AF_INET, SOCK_STREAM, 0)); }},
      {"tcp_again", [] { return failure_of(::socket(AF_INET6, SOCK_STREAM, 0)); }},
      {"fork", [] { return failure_of(::fork()); }},
      {"exec", [] {
         char* const argv[] = {const_cast<char*>("/bin/sh"), nullptr};
         return failure_of(::execv("/bin/sh", argv));
       }},
      {"ptrace_parent", [] { return failure_of(int(::ptrace(PTRACE_ATTACH, ::getppid(), nullptr, nullptr))); }},
      {"signal_parent", [] { return failure_of(::kill(::getppid(), 0)); }},
      {"thread", [] {
         int ran = 0;
         std::thread([&] { ran = 1; }).join();
         return ran == 1 ? 0 : -1;
       }},
  });
  ASSERT_TRUE(WIFEXITED(f.status) && WEXITSTATUS(f.status) == 0) << f.status;
  EXPECT_EQ(f.errors.at("tcp"), EPERM);
  EXPECT_EQ(f.errors.at("tcp_again"), EPERM);
  EXPECT_EQ(f.errors.at("fork"), EPERM);
  EXPECT_EQ(f.errors.at("exec"), EPERM);
  EXPECT_EQ(f.errors.at("ptrace_parent"), EPERM);
  if (landlock_abi() >= 6) {
    EXPECT_EQ(f.errors.at("signal_parent"), EPERM);
  }
  EXPECT_EQ(f.errors.at("thread"), 0);
  EXPECT_EQ(f.reported, (std::set<std::string>{"to connect to the network", "to start a process (clone)",
                                               "to run a program (execve)", "to look into another process (ptrace)"}));
}

TEST_F(Sandbox, AGrantedProgramRunsInsideAndNoOtherDoes) {
  SandboxPolicy p = policy();
  p.may_run_programs = true;
  p.runnable = {"/usr/bin/true"};
  const Findings f = in_sandbox(p, {
      {"granted", [] { return run("/usr/bin/true"); }},
      {"other", [] { return run("/usr/bin/id"); }},
      {"tcp", [] { return failure_of(::socket(AF_INET, SOCK_STREAM, 0)); }},
  });
  ASSERT_TRUE(WIFEXITED(f.status) && WEXITSTATUS(f.status) == 0) << f.status;
  EXPECT_EQ(f.errors.at("granted"), 0);
  EXPECT_EQ(f.errors.at("other"), EACCES);
  EXPECT_EQ(f.errors.at("tcp"), EPERM);
}

// gambit-engine supervises its own denied calls. glibc's fork holds malloc's and stdio's locks while it waits for
// clone's answer, so a supervisor that allocated before answering (telling does) would wait for them for ever, and
// so would the fork after it: this one answers without a lock or an allocation, and tells afterwards.
TEST_F(Sandbox, AProcessSupervisesItsOwnDeniedCallsWithoutWaitingForThem) {
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::alarm(20);  // a deadlock ends the child (SIGALRM) instead of the test run
    auto entered = enter_sandbox(policy());
    if (!entered || entered.value().listener < 0) ::_exit(3);
    std::mutex mutex;
    std::set<std::string> heard;
    {
      DeniedCalls supervisor(
          entered.value().listener,
          [&](const std::string& attempt) {
            std::lock_guard lock(mutex);
            heard.insert(std::string(attempt));  // allocates, as every real handler does
          },
          DeniedCalls::Place::ThisProcess);
      for (int i = 0; i < 3; ++i)
        if (::fork() >= 0 || errno != EPERM) ::_exit(4);
      for (int tries = 0; tries < 1000; ++tries) {  // the telling follows the answer: wait for it
        {
          std::lock_guard lock(mutex);
          if (heard.count("to start a process (clone)")) break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    }
    ::_exit(heard == std::set<std::string>{"to start a process (clone)"} ? 0 : 5);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  EXPECT_TRUE(WIFEXITED(status)) << "the child died of signal " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  EXPECT_EQ(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 0);
}

TEST(DescriptorPassing, ADescriptorCrossesAndAnythingElseIsRefused) {
  int pair[2];
  ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair), 0);
  int pipe_ends[2];
  ASSERT_EQ(::pipe(pipe_ends), 0);
  ASSERT_TRUE(send_descriptor(pair[0], pipe_ends[1]));
  auto received = receive_descriptor(pair[1], std::chrono::seconds(1));
  ASSERT_TRUE(received) << received.error();
  ASSERT_TRUE(received.value());
  const int copy = *received.value();
  ASSERT_EQ(::write(copy, "x", 1), 1);  // the copy writes into the same pipe
  char byte = 0;
  ASSERT_EQ(::read(pipe_ends[0], &byte, 1), 1);
  EXPECT_EQ(byte, 'x');
  // The message without one, then a line: the line stays for whoever reads next.
  ASSERT_TRUE(send_descriptor(pair[0], -1));
  ASSERT_EQ(::write(pair[0], "ok\n", 3), 3);
  auto none = receive_descriptor(pair[1], std::chrono::seconds(1));
  ASSERT_TRUE(none) << none.error();
  EXPECT_FALSE(none.value());
  char line[3] = {};
  ASSERT_EQ(::read(pair[1], line, 3), 3);
  EXPECT_EQ(std::string(line, 3), "ok\n");
  ASSERT_EQ(::write(pair[0], "plugin 1 3\n", 11), 11);
  EXPECT_FALSE(receive_descriptor(pair[1], std::chrono::seconds(1)));
  EXPECT_FALSE(receive_descriptor(pair[1], std::chrono::milliseconds(10)));  // nothing there
  for (int fd : {pair[0], pair[1], pipe_ends[0], pipe_ends[1], copy}) ::close(fd);
}

}  // namespace
}  // namespace gambit::sandbox
