// SPDX-License-Identifier: MIT
#include "core/match/rulebook.h"

#include <cassert>
#include <string>

namespace gambit::match {

bool flag_fell(std::int64_t remaining_ms) { return remaining_ms + players::Grace.count() < 0; }

bool claim_for_ai(chess::Game& game) { return game.claimable_draw() && game.claim_draw(); }

void decide_without_move(chess::Game& game, chess::Color side, const players::MoveAnswer& answer,
                         std::string_view who, bool draw_offered) {
  using Kind = players::MoveAnswer::Kind;
  assert(answer.kind != Kind::Move);
  switch (answer.kind) {
    case Kind::Move: return;
    case Kind::TimedOut: game.flag(side); return;
    case Kind::Failed: game.forfeit(side, answer.reason); return;
    case Kind::NoLegalMove: game.forfeit(side, std::string(who) + " answered that it had no legal move"); return;
    case Kind::AcceptsDraw:
      if (draw_offered) game.agree_draw();
      else game.forfeit(side, std::string(who) + " accepted a draw that was not offered");
      return;
  }
}

}  // namespace gambit::match
