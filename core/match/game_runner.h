// SPDX-License-Identifier: MIT
// One game between two AI seats, played to its end without a window: the side
// to move is asked for a move within its time, the answer is checked, clocks
// are kept, and any failure decides the game instead of stopping the program.
//
// The rules that end or decide it beyond the board are those of rulebook.h:
// claims at once, loss on time after the grace, forfeit on any failure.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "core/chess/game.h"
#include "core/chess/pgn.h"
#include "core/players/plugin_player.h"

namespace gambit::match {

// How much time each move gets. With movetime_ms > 0 every move gets that
// long; otherwise each side has a clock of initial_ms plus increment_ms per move.
struct TimeControl {
  std::int64_t movetime_ms = 0;
  std::int64_t initial_ms = 0;
  std::int64_t increment_ms = 0;

  // PGN TimeControl tag value: "60+0.5" for clocks, "-" for a fixed move time.
  std::string pgn_tag() const;
  // For people and results files: "movetime 100 ms", or "clock 60+0.5".
  std::string text() const;
};

// A finished game: the record with its outcome, and a PGN of it.
struct PlayedGame {
  chess::Game game;
  chess::PgnGame pgn;
};

// Plays one game between two plugin instances from `opening` (a start position
// and the moves played from it: openings.h), in the start position's variant,
// to its end. The PGN names each side by its plugin id, with the start
// position's FEN when it is not the variant's own; tags are added after the
// seven-tag roster.
PlayedGame play_game(players::PluginPlayer& white, players::PluginPlayer& black, chess::Game opening,
                     const TimeControl& time_control, const std::vector<std::pair<std::string, std::string>>& tags);

}  // namespace gambit::match
