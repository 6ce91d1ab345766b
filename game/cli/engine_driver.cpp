// SPDX-License-Identifier: MIT
#include "game/cli/engine_driver.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <variant>

#include "game/cli/cecp_protocol.h"
#include "game/cli/uci_protocol.h"

namespace gambit::engine {

void Output::line(const std::string& text) {
  std::lock_guard lock(mutex_);
  std::fputs(text.c_str(), file_);
  std::fputc('\n', file_);
  std::fflush(file_);
}

LineInput::Status LineInput::next(std::string* line, std::optional<Clock::time_point> until, int wake_fd) {
  for (;;) {
    if (const std::size_t end = buffer_.find('\n'); end != std::string::npos) {
      line->assign(buffer_, 0, end);
      buffer_.erase(0, end + 1);
      return Status::Line;
    }
    if (ended_) {
      if (buffer_.empty()) return Status::End;
      *line = std::exchange(buffer_, {});
      return Status::Line;
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
      ended_ = true;
      continue;
    }
    if (fds[0].revents != 0) {
      char chunk[4096];
      const ssize_t got = ::read(fd_, chunk, sizeof(chunk));
      if (got > 0)
        buffer_.append(chunk, std::size_t(got));
      else if (got == 0 || (errno != EINTR && errno != EAGAIN))
        ended_ = true;
      continue;
    }
    return Status::Woken;
  }
}

void Driver::run(const std::string& first, LineInput& input) {
  bool going = handle_line(first);
  while (going) {
    std::string line;
    const LineInput::Status status = input.next(&line, search_.next_check(), search_.answered_fd());
    if (search_.running())
      if (std::optional<players::MoveAnswer> answer = search_.poll()) deliver(*answer);
    if (status == LineInput::Status::End) break;
    if (status == LineInput::Status::Line) going = handle_line(line);
  }
  finish_search();
}

bool Driver::ensure_player() {
  if (player_ && player_->usable()) return true;
  auto created = players::PluginPlayer::create(library_, options_);
  if (!created) {
    out_.note("cannot start player '" + library_->id() + "': " + created.error());
    player_.reset();
    return false;
  }
  player_ = std::move(created).value();
  return true;
}

void Driver::finish_search() {
  if (!search_.running()) return;
  search_.stop();
  std::optional<players::MoveAnswer> answer = search_.wait_until(LineInput::Clock::now() + players::Grace);
  if (!answer) {
    search_.cancel(std::chrono::milliseconds(0));
    answer = players::MoveAnswer{players::MoveAnswer::Kind::TimedOut, chess::Move::none(),
                                 "player '" + library_->id() + "' did not stop within " +
                                     std::to_string(players::Grace.count()) + " ms of being asked to",
                                 players::Grace};
  }
  deliver(*answer);
}

std::optional<std::pair<Protocol, std::string>> read_protocol_line(LineInput& input, Output& out) {
  for (std::string line; input.next(&line) == LineInput::Status::Line;) {
    std::optional<Result<cecp::Command>> cecp_command = cecp::parse_command(line);
    if (!cecp_command) continue;  // empty line
    if (*cecp_command && std::holds_alternative<cecp::XBoard>(cecp_command->value()))
      return std::pair{Protocol::Cecp, line};
    std::optional<Result<uci::Command>> uci_command = uci::parse_command(line);
    // A UCI command with bad arguments is still UCI: the UCI side explains it.
    if (!uci_command || *uci_command || !uci_command->error().starts_with("unknown command"))
      return std::pair{Protocol::Uci, line};
    out.line(cecp::error_line("unknown command; send 'uci' or 'xboard' first", line));
  }
  return std::nullopt;
}

}  // namespace gambit::engine
