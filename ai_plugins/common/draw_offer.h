// SPDX-License-Identifier: MIT
// How a player that can judge a position answers a draw offer, as a person at
// the board does: it takes the draw when it stands clearly worse, or when the
// position is level and nothing is left to play for (a long game, or few pieces
// left); it plays on when it stands better, and early in a level game.
// (lichess-bot's draw rules, score within a margin and few pieces, are the model.)
#pragma once

#include <cstddef>

#include "ai_plugins/common/score.h"
#include "core/chess/position.h"

namespace gambit::ai {

// Accepted below this score: a half point is welcome when this far behind.
inline constexpr Value DrawWhenWorseBy = 150;
// A level position: a score within this margin of zero.
inline constexpr Value LevelMargin = 30;
// Nothing is left to play for in a level position after this many half-moves, or with this few pieces (kings
// and pawns included) on the board.
inline constexpr std::size_t LongGamePlies = 80;
inline constexpr int FewPieces = 10;

// score: the searched value of pos for the side to move, which is offered the draw (VALUE_NONE when no
// search finished: declined). plies_played: half-moves played in the game so far.
bool accepts_draw_offer(Value score, const chess::Position& pos, std::size_t plies_played);

}  // namespace gambit::ai
