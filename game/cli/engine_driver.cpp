// SPDX-License-Identifier: MIT
#include "game/cli/engine_driver.h"

#include <chrono>
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

void Driver::run(const std::string& first, LineReader& input) {
  bool going = handle_line(first);
  while (going) {
    std::string line;
    const LineReader::Status status = input.next(&line, search_.next_check(), search_.answered_fd());
    if (search_.running())
      if (std::optional<players::MoveAnswer> answer = search_.poll()) deliver(*answer);
    if (status == LineReader::Status::Line) going = handle_line(line);
    else if (status != LineReader::Status::Woken) break;  // the end of input, or it cannot be read
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
  std::optional<players::MoveAnswer> answer = search_.wait_until(std::chrono::steady_clock::now() + players::Grace);
  if (!answer) {
    search_.cancel(std::chrono::milliseconds(0));
    answer = players::MoveAnswer{players::MoveAnswer::Kind::TimedOut, chess::Move::none(),
                                 "player '" + library_->id() + "' did not stop within " +
                                     std::to_string(players::Grace.count()) + " ms of being asked to",
                                 players::Grace};
  }
  deliver(*answer);
}

std::optional<std::pair<Protocol, std::string>> read_protocol_line(LineReader& input, Output& out) {
  for (std::string line; input.next(&line) == LineReader::Status::Line;) {
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
