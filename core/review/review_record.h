// SPDX-License-Identifier: MIT
// A review's verdicts as text, to keep with the game in the store: reopening a
// reviewed game is then instant (the moves are judged again from the verdicts,
// which is arithmetic). One line per position, in order:
//   "cp 35 e2e4 e7e5 g1f3"   a searched position: White's-view score and line (UCI)
//   "mate -3 d8h4"           the same with a mate score
//   "rules mate -1"          decided by the rules (also "rules cp 0")
#pragma once

#include <string>
#include <vector>

#include "core/chess/pgn.h"
#include "core/players/player_types.h"
#include "core/review/position_verdict.h"
#include "core/util/result.h"

namespace gambit::review {

std::string verdicts_text(const std::vector<PositionVerdict>& positions);

// The budget a review was made with, as the store keys it: "nodes 600000",
// "depth 18", "movetime 500 ms".
std::string budget_text(const players::Limits& limits, bool look_deeper = false);

// The verdicts of `game` read back. Fails, saying why, unless there is one line
// per position of the game and every line is legal where it stands.
Result<std::vector<PositionVerdict>> parse_verdicts(std::string_view text, const chess::PgnGame& game);

}  // namespace gambit::review
