// SPDX-License-Identifier: MIT
// gambit-engine's UCI side: each command read (uci_protocol.h) carried out
// with the plugin's player and its search; "bestmove" printed when the search
// answers, its first legal move when the player fails.
#pragma once

#include <string>
#include <vector>

#include "core/chess/position.h"
#include "core/chess/variant.h"
#include "game/cli/engine_driver.h"
#include "game/cli/uci_protocol.h"

namespace gambit::engine {

class UciDriver final : public Driver {
 public:
  using Driver::Driver;

 private:
  bool handle_line(const std::string& line) override;
  void deliver(const players::MoveAnswer& answer) override;

  bool on(const uci::Uci&);
  bool on(const uci::IsReady&);
  bool on(const uci::UciNewGame&);
  bool on(const uci::Stop&);
  bool on(const uci::Quit&);
  bool on(const uci::PonderHit&);
  bool on(const uci::SetOption& option);
  bool on(const uci::SetPosition& position);
  bool on(const uci::Go& go);

  // True while an infinite search runs. A finite one is waited for, so a
  // command sent before its bestmove (as scripts do) still takes effect.
  bool busy();
  // "setoption name UCI_Variant value 3check": later positions are read in that
  // variant, and the position goes back to its start.
  bool set_variant(const std::string& name);
  // The first legal move of the current position, or "(none)".
  std::string fallback_move() const;

  chess::Variant variant_ = chess::Variant::Standard;
  chess::Position start_, current_;
  std::vector<chess::Move> moves_;
  bool infinite_ = false;
  int multipv_ = 1;  // the MultiPV option: the lines each search reports

};

}  // namespace gambit::engine
