// SPDX-License-Identifier: MIT
// gambit-engine's XBoard (CECP v2) side: each command read into the session
// (cecp_session.h, a pure state machine) and its replies carried out with the
// plugin's player and its search: stop, new game, search. The session is
// shared with the search's thread (its thinking lines) under a mutex held
// while its lines are printed.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>

#include "game/cli/cecp_protocol.h"
#include "game/cli/cecp_session.h"
#include "game/cli/engine_driver.h"

namespace gambit::engine {

class CecpDriver final : public Driver {
 public:
  CecpDriver(std::shared_ptr<const players::PluginLibrary> library, players::OptionList options,
             std::unique_ptr<players::PluginPlayer> player, Output& out, cecp::SessionSettings settings)
      : Driver(std::move(library), std::move(options), std::move(player), out), session_(std::move(settings)) {}

 private:
  bool handle_line(const std::string& line) override;
  void deliver(const players::MoveAnswer& answer) override;
  void start_request(cecp::SearchRequest search);

  std::mutex session_mutex_;  // guards session_; held while printing its lines
  cecp::Session session_;
  std::uint64_t search_id_ = 0;  // the id of the search started last

};

}  // namespace gambit::engine
