// SPDX-License-Identifier: MIT
// LineReader: whole lines from a file descriptor (a pipe, a socket, standard
// input), read in chunks and handed out one at a time without their newline,
// never waiting past the time asked. The one line reader of Gambit: a child
// process's output (ChildProcess), the host's channel in a plugin's child
// (serve_plugin), gambit-engine's standard input (Driver).
//
// Invariants: bytes are handed out in order, none twice and none lost (a line
// whose newline has not come yet waits in the buffer); once the end of input,
// a failure or an over-long line is met, every later call says so again.
// Threads: one reader at a time. Never throws.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>

namespace gambit {

class LineReader {
 public:
  using Clock = std::chrono::steady_clock;
  enum class Status {
    Line,     // *line holds the next line, its newline gone (at the end of input, the unterminated last one)
    Woken,    // `until` passed, or wake_fd turned readable, before a whole line came
    End,      // the end of input, every line handed out
    TooLong,  // more than max_line bytes came without a newline: nothing more is read
    Failed,   // reading failed: error() says why
  };

  // fd stays the caller's (it is not closed). max_line: 0 for no limit.
  explicit LineReader(int fd, std::size_t max_line = 0) : fd_(fd), max_line_(max_line) {}

  // Waits for the next line until `until` (none: as long as it takes) or until
  // wake_fd (when >= 0) turns readable.
  Status next(std::string* line, std::optional<Clock::time_point> until = std::nullopt, int wake_fd = -1);
  // Why reading failed ("Bad file descriptor"), after Failed.
  const std::string& error() const { return error_; }

 private:
  int fd_;
  std::size_t max_line_;
  std::string buffer_;
  std::optional<Status> stopped_;  // End, TooLong or Failed once met
  std::string error_;
};

}  // namespace gambit
