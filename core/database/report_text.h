// SPDX-License-Identifier: MIT
// The words gambit-db prints (English, as the command-line programs speak):
// an import's progress line and its summary, and the opening explorer's table.
// Apart from the program so that they are tested, and shared by any other
// command line that imports or explores.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/database/game_database.h"
#include "core/database/pgn_import.h"

namespace gambit::database {

// "twic.pgn: 12000 games, 3 skipped, 40%, 35210 games/s, 0:21 left"
std::string progress_line(std::string_view file, const ImportProgress& progress);

// The lines an import ends with: each game skipped and why (those kept), how many more, then what was done.
std::vector<std::string> summary_lines(std::string_view file, const ImportSummary& summary);

// The explorer's table for pos: the position, a line per move (SAN, games, White / draws / Black in percent,
// average rating, the mover's performance), a line for all, then the top games.
std::string explorer_table(const chess::Position& pos, const Exploration& exploration,
                           std::span<const GameHeader> top_games);

}  // namespace gambit::database
