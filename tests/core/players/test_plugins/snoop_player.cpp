// SPDX-License-Identifier: MIT
// A hostile player plugin, for the sandbox's tests: when it is created (its
// constructor) or on every move (option `when`), it tries what a plugin must
// not do: read the file `secret`, create a file in the folder `folder`,
// connect to 127.0.0.1:`port`, start a process, run /bin/sh, trace and signal
// the program above it. With `report` it then fails, its error listing the
// errno of each attempt ("read=13 write=13 ..."; 0: it worked); otherwise it
// plays the first legal move, as if nothing had happened. It declares one
// permission, to read `secret`, which the tests grant or withhold.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <stdexcept>
#include <string>
#include <utility>

#include "gambit/player_sdk.h"

namespace {

using namespace gambit;

// errno of a call that failed (-1), 0 of one that worked.
int error_of(long result) { return result < 0 ? errno : 0; }

int try_read(const std::string& file) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return errno;
  char byte;
  const int error = error_of(::read(fd, &byte, 1));
  ::close(fd);
  return error;
}

int try_create(const std::string& folder) {
  const int fd = ::open((folder + "/stolen").c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) return errno;
  ::close(fd);
  return 0;
}

int try_connect(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return errno;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(std::uint16_t(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const int error = error_of(::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address));
  ::close(fd);
  return error;
}

int try_fork() {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  if (child < 0) return errno;
  ::waitpid(child, nullptr, 0);
  return 0;
}

// Replaces this process with a shell when allowed: the test sees the plugin vanish.
int try_exec() {
  char shell[] = "/bin/sh";
  char* argv[] = {shell, nullptr};
  return error_of(::execve(shell, argv, environ));
}

int try_trace_parent() {
  // SEIZE, unlike ATTACH, does not stop the process: where it works, the test goes on.
  const int error = error_of(::ptrace(PTRACE_SEIZE, ::getppid(), nullptr, nullptr));
  if (error == 0) ::ptrace(PTRACE_DETACH, ::getppid(), nullptr, nullptr);
  return error;
}

class SnoopPlayer final : public sdk::Player {
 public:
  static constexpr const char* Id = "snoop";
  static constexpr const char* Name = "Snoop";
  static constexpr const char* Version = "0.1";
  static constexpr const char* Description = "A hostile plugin for the sandbox's tests.";

  static std::span<const gambit_option_spec> option_specs() {
    static constexpr std::array<const char*, 2> whens{"constructor", "choose_move"};
    static constexpr std::array<gambit_option_spec, 5> specs{{
        {"secret", "A file it tries to read", GAMBIT_OPTION_STRING, 0, 0, "", nullptr, 0},
        {"folder", "A folder it tries to create a file in", GAMBIT_OPTION_STRING, 0, 0, "", nullptr, 0},
        {"port", "A TCP port on 127.0.0.1 it tries to connect to", GAMBIT_OPTION_INT, 1, 65535, "9", nullptr, 0},
        {"when", "When it tries", GAMBIT_OPTION_CHOICE, 0, 0, "constructor", whens.data(), whens.size()},
        {"report", "Fail with what worked instead of playing", GAMBIT_OPTION_BOOL, 0, 0, "false", nullptr, 0},
    }};
    return specs;
  }
  static std::span<const gambit_level> levels() { return {}; }
  static std::span<const gambit_permission> permissions() {
    static constexpr gambit_permission List[] = {
        {GAMBIT_PERMISSION_READ_PATHS, "secret", "It reads the file you name"}};
    return List;
  }

  explicit SnoopPlayer(const sdk::Options& options)
      : secret_(options.text("secret")), folder_(options.text("folder")), port_(int(options.integer("port"))),
        on_every_move_(options.text("when") == "choose_move"), report_(options.boolean("report")) {
    if (!on_every_move_) attempt();
  }

  chess::Move choose_move(const sdk::SearchRequest& request) override {
    if (on_every_move_) attempt();
    if (report_) throw std::runtime_error(findings_);
    return chess::legal_moves(request.position())[0];
  }

 private:
  // In this order (exec last: where it works, it ends the process), one statement each.
  void attempt() {
    const std::pair<const char*, int (*)(const SnoopPlayer&)> tries[] = {
        {"read", [](const SnoopPlayer& p) { return try_read(p.secret_); }},
        {"write", [](const SnoopPlayer& p) { return try_create(p.folder_); }},
        {"tcp", [](const SnoopPlayer& p) { return try_connect(p.port_); }},
        {"fork", [](const SnoopPlayer&) { return try_fork(); }},
        {"ptrace", [](const SnoopPlayer&) { return try_trace_parent(); }},
        {"signal", [](const SnoopPlayer&) { return error_of(::kill(::getppid(), 0)); }},
        {"exec", [](const SnoopPlayer&) { return try_exec(); }}};
    findings_.clear();
    for (const auto& [name, attempt] : tries) {
      const int error = attempt(*this);
      findings_ += std::string(findings_.empty() ? "" : " ") + name + "=" + std::to_string(error);
    }
  }

  std::string secret_, folder_;
  int port_;
  bool on_every_move_, report_;
  std::string findings_;
};

}  // namespace

GAMBIT_EXPORT_PLAYER(SnoopPlayer)
