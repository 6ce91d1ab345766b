// SPDX-License-Identifier: MIT
#include "ai_plugins/common/draw_offer.h"

#include "core/chess/bitboard.h"

namespace gambit::ai {

bool accepts_draw_offer(Value score, const chess::Position& pos, std::size_t plies_played) {
  if (score == VALUE_NONE) return false;
  if (score <= -DrawWhenWorseBy) return true;
  const bool level = score >= -LevelMargin && score <= LevelMargin;
  const bool nothing_to_play_for = plies_played >= LongGamePlies || chess::popcount(pos.pieces()) <= FewPieces;
  return level && nothing_to_play_for;
}

}  // namespace gambit::ai
