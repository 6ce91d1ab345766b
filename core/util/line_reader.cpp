// SPDX-License-Identifier: MIT
#include "core/util/line_reader.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <utility>

namespace gambit {

LineReader::Status LineReader::next(std::string* line, std::optional<Clock::time_point> until, int wake_fd) {
  for (;;) {
    if (const std::size_t end = buffer_.find('\n'); end != std::string::npos) {
      line->assign(buffer_, 0, end);
      buffer_.erase(0, end + 1);
      return Status::Line;
    }
    if (stopped_ == Status::End && !buffer_.empty()) {
      *line = std::exchange(buffer_, {});
      return Status::Line;
    }
    if (stopped_) return *stopped_;
    if (max_line_ > 0 && buffer_.size() > max_line_) {
      stopped_ = Status::TooLong;
      continue;
    }
    int timeout_ms = -1;
    if (until) {
      const auto left = std::chrono::ceil<std::chrono::milliseconds>(*until - Clock::now()).count();
      timeout_ms = int(std::clamp<std::int64_t>(left, 0, 24 * 3600 * 1000));
    }
    pollfd fds[2] = {{fd_, POLLIN, 0}, {wake_fd, POLLIN, 0}};
    const int ready = ::poll(fds, wake_fd >= 0 ? 2 : 1, timeout_ms);
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) {
      error_ = std::strerror(errno);
      stopped_ = Status::Failed;
      continue;
    }
    if (fds[0].revents != 0) {
      char chunk[4096];
      const ssize_t got = ::read(fd_, chunk, sizeof chunk);
      if (got > 0) {
        buffer_.append(chunk, std::size_t(got));
      } else if (got == 0) {
        stopped_ = Status::End;
      } else if (errno != EINTR && errno != EAGAIN) {
        error_ = std::strerror(errno);
        stopped_ = Status::Failed;
      }
      continue;
    }
    return Status::Woken;
  }
}

}  // namespace gambit
