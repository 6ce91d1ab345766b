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
  // "setoption name UCI_Chess960 value true": standard chess is played as
  // Chess960 (as in Stockfish and Fairy-Stockfish, the flag stays whatever
  // UCI_Variant is set to after it, in either order).
  bool set_chess960(const std::string& value);
  // The variant played: UCI_Variant's, Chess960 when UCI_Chess960 is on over standard chess.
  chess::Variant played_variant() const;
  // Positions are read in the variant played from now on; the position goes back to its start.
  void variant_changed();
  // The first legal move of the current position, or "(none)".
  std::string fallback_move() const;

  chess::Variant uci_variant_ = chess::Variant::Standard;  // as UCI_Variant names it
  bool chess960_ = false;                                  // UCI_Chess960
  chess::Variant variant_ = chess::Variant::Standard;      // played_variant(), kept for parsing
  chess::Position start_, current_;
  std::vector<chess::Move> moves_;
  bool infinite_ = false;
  int multipv_ = 1;  // the MultiPV option: the lines each search reports

};

}  // namespace gambit::engine
