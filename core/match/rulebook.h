// SPDX-License-Identifier: MIT
// The rules that end or decide a game between seats beyond the moves on the
// board, one set for the headless runner (gambit-match) and the window's
// session, as engine-match programs and game servers judge them (Cute Chess,
// lichess):
//  - a draw that may be claimed (threefold repetition, fifty moves) is claimed
//    at once for an AI to move;
//  - an AI that answers after its time plus players::Grace loses on time (its
//    search is given up at players::search_deadline), or draws when the
//    opponent cannot mate (Game::flag);
//  - an AI that fails (an error, an illegal move, no answer) forfeits with the
//    reason, and so does one that claims to have no legal move, or accepts a
//    draw nobody offered.
#pragma once

#include <chrono>
#include <cstdint>
#include <string_view>

#include "core/chess/game.h"
#include "core/players/plugin_player.h"

namespace gambit::match {

// Whether an AI left with remaining_ms on its clock (negative once overdrawn)
// has overstepped it by more than the grace.
bool flag_fell(std::int64_t remaining_ms);

// Claims the draw the AI to move may claim, if any; true when it did (the game
// is then over).
bool claim_for_ai(chess::Game& game);

// Decides the game for an AI answer that is not a move (precondition: answer.kind
// is not Move): on time for TimedOut, a forfeit for Failed, NoLegalMove (the
// game would already be over) and an AcceptsDraw without an offer, a draw by
// agreement for AcceptsDraw when the opponent offered one. who names the seat
// in the reasons ("alphabeta (easy)").
void decide_without_move(chess::Game& game, chess::Color side, const players::MoveAnswer& answer,
                         std::string_view who, bool draw_offered);

}  // namespace gambit::match
