// SPDX-License-Identifier: MIT
#include "core/util/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <thread>

namespace gambit {

std::optional<std::string> find_program(const std::string& command) {
  if (command.find('/') != std::string::npos)
    return ::access(command.c_str(), X_OK) == 0 ? std::optional(command) : std::nullopt;
  std::string folders = std::getenv("PATH") ? std::getenv("PATH") : "/usr/local/bin:/usr/bin:/bin";
  folders += ":/usr/games";
  std::size_t start = 0;
  while (start <= folders.size()) {
    const std::size_t end = std::min(folders.find(':', start), folders.size());
    const std::string folder = folders.substr(start, end - start);
    const std::string candidate = (folder.empty() ? "." : folder) + "/" + command;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  return std::nullopt;
}

namespace {

// The file to execute for command: find_program's, else the name itself
// (execv then fails with the reason).
std::string resolve(const std::string& command) { return find_program(command).value_or(command); }

// Built with AddressSanitizer, a child of ours is too: its shadow memory does not fit under an address-space
// limit, so the sanitizer's own limit on resident memory (which ends the process) stands in for it.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool AddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool AddressSanitizer = true;
#else
constexpr bool AddressSanitizer = false;
#endif
#else
constexpr bool AddressSanitizer = false;
#endif

// The child's environment: ours, with the sanitizer's memory limit when that stands in for RLIMIT_AS.
std::vector<std::string> child_environment(std::uint64_t memory_limit_bytes) {
  std::vector<std::string> out;
  std::string asan_options;
  for (char** variable = environ; *variable; ++variable) {
    const std::string text = *variable;
    if (AddressSanitizer && text.rfind("ASAN_OPTIONS=", 0) == 0) asan_options = text.substr(13);
    else out.push_back(text);
  }
  if (AddressSanitizer && memory_limit_bytes > 0)
    asan_options += (asan_options.empty() ? "" : ":") + std::string("hard_rss_limit_mb=") +
                    std::to_string(memory_limit_bytes >> 20);
  if (!asan_options.empty()) out.push_back("ASAN_OPTIONS=" + asan_options);
  return out;
}

}  // namespace

ChildProcess::ChildProcess(const std::string& command, const std::vector<std::string>& args,
                           std::uint64_t memory_limit_bytes)
    : name_(command) {
  if (command.empty()) throw std::runtime_error("no command given to run");
  int sockets[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0)
    throw std::runtime_error(std::string("cannot make a channel to a child process: ") + std::strerror(errno));
  int report[2];  // the child writes errno here if exec fails; closed on exec
  if (::pipe2(report, O_CLOEXEC) != 0) {
    ::close(sockets[0]);
    ::close(sockets[1]);
    throw std::runtime_error(std::string("cannot make a pipe: ") + std::strerror(errno));
  }
  const std::string path = resolve(command);
  std::vector<std::string> arguments{command};
  arguments.insert(arguments.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : arguments) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> environment = child_environment(memory_limit_bytes);
  std::vector<char*> envp;
  for (std::string& e : environment) envp.push_back(e.data());
  envp.push_back(nullptr);

  pid_ = ::fork();
  if (pid_ < 0) {
    const int error = errno;
    for (int fd : {sockets[0], sockets[1], report[0], report[1]}) ::close(fd);
    throw std::runtime_error(std::string("cannot start a process: ") + std::strerror(error));
  }
  if (pid_ == 0) {  // the child: only async-signal-safe calls until exec
    ::dup2(sockets[1], STDIN_FILENO);
    ::dup2(sockets[1], STDOUT_FILENO);
    ::setpgid(0, 0);  // its own group: a Ctrl+C in our terminal is not its to take
    if (memory_limit_bytes > 0 && !AddressSanitizer) {
      const rlimit limit{rlim_t(memory_limit_bytes), rlim_t(memory_limit_bytes)};
      ::setrlimit(RLIMIT_AS, &limit);
    }
    ::execve(path.c_str(), argv.data(), envp.data());
    const int error = errno;
    ssize_t ignored = ::write(report[1], &error, sizeof error);
    static_cast<void>(ignored);
    ::_exit(127);
  }
  ::close(sockets[1]);
  ::close(report[1]);
  socket_ = sockets[0];
  reader_.emplace(socket_, MaxLineLength);
  int exec_error = 0;
  const ssize_t got = ::read(report[0], &exec_error, sizeof exec_error);
  ::close(report[0]);
  if (got == sizeof exec_error) {
    reap(std::chrono::milliseconds(1000));
    throw std::runtime_error("cannot run '" + command + "': " + std::strerror(exec_error));
  }
}

ChildProcess::~ChildProcess() {
  if (pid_ > 0 && !status_) {
    try {
      send("quit");
    } catch (const std::exception&) {
    }
  }
  reap(std::chrono::milliseconds(500));
  if (log_) log('#', "'" + name_ + "' " + fate());
}

void ChildProcess::reap(std::chrono::milliseconds patience) {
  if (socket_ >= 0) ::shutdown(socket_, SHUT_WR);
  if (pid_ > 0 && !status_) {
    // Ask, then insist: quit (sent by the caller), SIGTERM, SIGKILL; always wait.
    for (int signal : {0, SIGTERM, SIGKILL}) {
      if (killed_) signal = SIGKILL;
      if (signal) ::kill(-pid_, signal);  // the whole group: the child and any helper it started
      const auto until = Clock::now() + patience;
      int status = 0;
      while (true) {
        const pid_t done = ::waitpid(pid_, &status, WNOHANG);
        if (done == pid_ || (done < 0 && errno == ECHILD)) {
          status_ = status;
          break;
        }
        if (Clock::now() >= until) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
      if (status_) break;
    }
    if (!status_) {  // SIGKILL always ends it; wait without a limit
      int status = 0;
      ::waitpid(pid_, &status, 0);
      status_ = status;
    }
    ::kill(-pid_, SIGKILL);  // what the child left running in its group (reaped by init)
    reaped_ = true;
  }
  if (socket_ >= 0) {
    ::close(socket_);
    socket_ = -1;
  }
}

void ChildProcess::log_to(const std::string& path) {
  auto file = std::make_unique<std::ofstream>(path, std::ios::app);
  if (!*file) throw std::runtime_error("cannot write the log '" + path + "': " + std::strerror(errno));
  log_ = std::move(file);
  log('#', "'" + name_ + "' (pid " + std::to_string(pid_) + ")");
}

void ChildProcess::note(const std::string& text) { log('#', text); }

void ChildProcess::log(char direction, const std::string& line) {
  if (!log_) return;
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started_).count();
  *log_ << ms << ' ' << direction << ' ' << line << std::endl;
}

bool ChildProcess::try_send(const std::string& line) {
  const std::string text = line + "\n";
  return ::send(socket_, text.data(), text.size(), MSG_NOSIGNAL | MSG_DONTWAIT) == ssize_t(text.size());
}

void ChildProcess::kill() {
  killed_ = true;
  if (pid_ > 0 && !reaped_) ::kill(-pid_, SIGKILL);
}

void ChildProcess::send(const std::string& line) {
  log('>', line);
  const std::string text = line + "\n";
  std::size_t sent = 0;
  while (sent < text.size()) {
    const ssize_t n = ::send(socket_, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw std::runtime_error("'" + name_ + "' " + fate() + " (it no longer reads its input)");
    sent += std::size_t(n);
  }
}

std::optional<std::string> ChildProcess::read_line(Clock::time_point deadline, const std::atomic<bool>* stop) {
  for (;;) {
    // A line already here is taken even when it is time to give up; else wake
    // at least every 20 ms to look at the stop flag.
    const auto now = Clock::now();
    const bool give_up = now >= deadline || (stop && stop->load(std::memory_order_relaxed));
    std::string line;
    switch (reader_->next(&line, give_up ? now : std::min(deadline, now + std::chrono::milliseconds(20)))) {
      case LineReader::Status::Line:
        if (!line.empty() && line.back() == '\r') line.pop_back();
        log('<', line);
        return line;
      case LineReader::Status::Woken:
        if (give_up) return std::nullopt;
        continue;
      case LineReader::Status::TooLong:
        throw std::length_error("'" + name_ + "' wrote a line longer than " + std::to_string(MaxLineLength) +
                                " bytes");
      case LineReader::Status::Failed: throw std::runtime_error("cannot read from '" + name_ + "': " + reader_->error());
      case LineReader::Status::End: {
        const std::string reason = "'" + name_ + "' " + fate();
        log('#', reason);
        throw std::runtime_error(reason);
      }
    }
  }
}

std::string ChildProcess::fate() {
  if (!status_ && pid_ > 0) {
    // Give a process that just closed its output a moment to finish exiting.
    for (int i = 0; i < 20 && !status_; ++i) {
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) status_ = status;
      else std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  if (!status_) return "stopped talking";
  if (WIFEXITED(*status_)) return "exited with status " + std::to_string(WEXITSTATUS(*status_));
  if (WIFSIGNALED(*status_)) return std::string("was killed by signal ") + std::to_string(WTERMSIG(*status_)) +
                                    " (" + ::strsignal(WTERMSIG(*status_)) + ")";
  return "stopped";
}

}  // namespace gambit
