// SPDX-License-Identifier: MIT
// Why a move was a mistake, in words. Every reason comes from a pattern
// checked on the board along the analyser's lines, never from a score alone:
//  - allows mate in N: the reply's line ends in mate N moves on;
//  - misses mate in N: the better move's line does;
//  - walks into a fork, a pin or a skewer: the reply makes one (the forking
//    piece attacks two pieces worth winning; a slider attacks a piece with a
//    more valuable one behind it, or the reverse) and the line then takes the
//    piece it wins;
//  - hangs a piece: the reply takes it and static exchange says for nothing,
//    where the better move would have left nothing as good to take;
//  - loses material: the reply's exchange wins material (how much);
//  - misses a win of material: the better move's exchange wins material, or
//    the better move is a fork, pin or skewer that does.
// Material is named only when the mover's score fell by at least half its
// worth: a queen "lost" to an exchange the score hardly feels was taken back
// elsewhere, and saying so would mislead.
// When no pattern fits there is no reason, and the review names only the
// better move and its line.
#pragma once

#include <string>

#include "core/chess/position.h"
#include "core/chess/wording.h"
#include "core/review/position_verdict.h"

namespace gambit::review {

// The reason `played` (legal in `before`) was a mistake, as one or two
// sentences ("Hangs the knight on f6: 4. Bxf6 takes it for nothing."), or ""
// when no pattern fits. verdict_before is the analyser's verdict on `before`,
// verdict_after on the position after `played`. In English (files and the
// store keep it so), or Shown: in the player's language (chess/wording.h).
std::string mistake_reason(const chess::Position& before, chess::Move played, const PositionVerdict& verdict_before,
                           const PositionVerdict& verdict_after, const chess::Wording& words = chess::InEnglish);

}  // namespace gambit::review
