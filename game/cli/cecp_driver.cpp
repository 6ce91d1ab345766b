// SPDX-License-Identifier: MIT
#include "game/cli/cecp_driver.h"

namespace gambit::engine {

bool CecpDriver::handle_line(const std::string& line) {
  std::optional<Result<cecp::Command>> command = cecp::parse_command(line);
  if (!command) return true;
  if (!*command) {
    out_.line(cecp::error_line(command->error(), line));
    return true;
  }
  cecp::Reply reply;
  {
    std::lock_guard lock(session_mutex_);
    reply = session_.handle(command->value(), line);
    for (const std::string& text : reply.lines) out_.line(text);
  }
  // Whether a stopped search's move is printed is the session's decision ("?" yes, "force" no).
  if (reply.stop != cecp::StopSearch::No) finish_search();
  if (reply.new_game && ensure_player())
    if (auto started = player_->new_game(); !started) out_.note("new game: " + started.error());
  if (reply.search) start_request(std::move(*reply.search));
  return !reply.quit;
}

void CecpDriver::deliver(const players::MoveAnswer& answer) {
  std::lock_guard lock(session_mutex_);
  for (const std::string& text : session_.on_search_done(search_id_, answer)) out_.line(text);
}

void CecpDriver::start_request(cecp::SearchRequest search) {
  wait_search();  // one that answered meanwhile (its move is printed)
  search_id_ = search.id;
  if (!ensure_player()) {
    players::MoveAnswer failed;
    failed.reason = "the player could not be started";
    deliver(failed);
    return;
  }
  search.request.on_info = [this, id = search.id](const players::SearchInfo& info) {
    std::lock_guard lock(session_mutex_);
    if (std::optional<std::string> text = session_.on_info(id, info)) out_.line(*text);
  };
  start_search(std::move(search.request));
}

}  // namespace gambit::engine
