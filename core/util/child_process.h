// SPDX-License-Identifier: MIT
// ChildProcess: a program run as a child process in a process group of its
// own, spoken to line by line over its standard input and output (one socket
// pair). The uci plugin runs external engines with it; the host runs each
// isolated plugin instance in one (core/players/child_instance.h).
//
// Invariants: the child is always reaped (the destructor asks it to quit,
// then terminates and kills its group if it lingers, and waits for it), so no
// zombie outlives the object; writes never raise SIGPIPE (a dead child is an
// error in words); every read has a deadline and can be cut short by a stop
// flag; a line longer than MaxLineLength is an error, not unbounded memory.
// Used from one thread at a time, except try_send() and kill(), which any
// thread may call while another reads.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <cstdint>
#include <chrono>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/util/line_reader.h"

namespace gambit {

// Where the program `command` is: itself when it names a path (and may be
// executed), else the first executable match on PATH, then in /usr/games
// (Debian's engines); nullopt when there is none. What ChildProcess runs.
std::optional<std::string> find_program(const std::string& command);

class ChildProcess {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr std::size_t MaxLineLength = 1 << 20;

  // Starts command (a path, or a name looked up on PATH and then in /usr/games,
  // where Debian installs engines) with args. memory_limit_bytes, when not 0,
  // caps the child's address space (RLIMIT_AS): beyond it its allocations fail.
  // Throws std::runtime_error saying why it could not be started ("cannot run
  // 'x': No such file or directory").
  ChildProcess(const std::string& command, const std::vector<std::string>& args,
               std::uint64_t memory_limit_bytes = 0);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Sends one line (a newline is added). Throws when the child is gone.
  void send(const std::string& line);
  // Sends one line if it fits in the channel at once, never blocking; false
  // when it did not (the child is gone or not reading). Any thread.
  bool try_send(const std::string& line);

  // The next line the child writes, without its newline. nullopt when the
  // deadline passes or *stop turns true first (the line is not lost: a later
  // call returns it). Throws std::runtime_error when the child closed its
  // output (it exited), std::length_error when it wrote more than
  // MaxLineLength bytes without a newline.
  std::optional<std::string> read_line(Clock::time_point deadline, const std::atomic<bool>* stop = nullptr);

  // Kills the child's whole group at once (SIGKILL); it is reaped later. Any thread.
  void kill();

  // "exited with status 1", "was killed by signal 9 (Killed)", or "stopped talking".
  std::string fate();
  // The status waitpid gave once the child is reaped (after a read or send
  // failed, or fate()), else nullopt.
  std::optional<int> status() const { return status_; }

  // Appends the dialogue from now on to the file at path ("> " lines sent,
  // "< " lines read, "# " notes, each after the milliseconds since the start),
  // for people debugging a child. Throws when the file cannot be opened.
  void log_to(const std::string& path);
  // A note in the log (nothing without one).
  void note(const std::string& text);
  const std::string& name() const { return name_; }
  // Our end of the channel, for a descriptor passed over it before any line
  // is read (core/sandbox/descriptor_passing.h); lines go through read_line.
  int channel() const { return socket_; }

 private:
  void reap(std::chrono::milliseconds patience);
  void log(char direction, const std::string& line);

  std::string name_;
  pid_t pid_ = -1;
  int socket_ = -1;  // our end of the socket pair that is the child's stdin and stdout
  std::optional<LineReader> reader_;  // of socket_, once made
  std::optional<int> status_;  // waitpid status once reaped
  std::atomic<bool> reaped_{false};  // for kill(): the group id may be reused once reaped
  std::atomic<bool> killed_{false};
  std::unique_ptr<std::ofstream> log_;
  Clock::time_point started_ = Clock::now();
};

}  // namespace gambit
