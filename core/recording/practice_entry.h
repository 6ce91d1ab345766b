// SPDX-License-Identifier: MIT
// A reviewed game's positions to practise: the person's own mistakes (?) and
// blunders (??), as the store keeps them for "find a better move" (the store's
// practice positions, Leitner boxes: core/learn/spaced_repetition.h). An
// inaccuracy is not kept: it is seldom worth a drill, and lichess's "Learn from
// your mistakes" leaves them out too.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/chess/pgn.h"
#include "core/review/game_review.h"
#include "core/store/store.h"

namespace gambit::recording {

// The positions before each mistake or blunder of `side` in `game` (reviewed
// as `review`), with the move played, the analyser's best move and line and
// the reason; game_id: the stored game (none for a game from a file). A move
// whose position has no best move (decided by the rules) is left out.
std::vector<store::PracticePosition> practice_positions(const chess::PgnGame& game, const review::GameReview& review,
                                                        chess::Color side, std::optional<std::int64_t> game_id);

}  // namespace gambit::recording
