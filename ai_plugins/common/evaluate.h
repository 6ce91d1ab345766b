// SPDX-License-Identifier: MIT
// The static evaluation shared by the minimax and alphabeta engines: tapered
// middlegame/endgame material and piece-square tables, pawn structure (doubled,
// isolated, connected, passed), mobility, king safety (attackers on the king's
// zone, pawn shield and storm, safe checks, weak squares near the king), threats against
// weak pieces, a few piece terms (bishop pair, rooks on open files, outposts,
// pieces attacked by pawns) and endgame knowledge (drawish material,
// driving a lone king to the edge). In three-check it adds the checks given and
// weighs king safety more (the material draw rules do not apply there).
#pragma once

#include "ai_plugins/common/eval_params.h"
#include "ai_plugins/common/score.h"
#include "core/chess/position.h"

namespace gambit::ai {

// Centipawns from the side to move's view, with alphabeta's weights (fitted
// to game results: eval_weights.h). A pure function of the position: no
// state, safe from any thread, no allocation. |result| < VALUE_KNOWN_WIN.
Value evaluate(const chess::Position& pos);
// The same with the hand-set weights, minimax's (its levels were measured with them).
Value evaluate_hand_set(const chess::Position& pos);
// The score of a game its variant's goal has ended (a third check, the king on
// the hill, the race: Position::goal()), `ply` half-moves from the root, from
// the side to move's view; VALUE_NONE while the goal decides nothing.
inline Value goal_score(const chess::Position& pos, int ply) {
  switch (pos.goal()) {
    case chess::Position::Goal::None: return VALUE_NONE;
    case chess::Position::Goal::Lost: return mated_in(ply);
    case chess::Position::Goal::Won: return mate_in(ply);
    case chess::Position::Goal::Drawn: return VALUE_DRAW;
  }
  return VALUE_NONE;
}
// Which weights an engine evaluates with. The tuned weights were fitted to
// standard chess: three-check keeps the hand-set ones.
enum class Weights { HandSet, Tuned };
inline Value evaluate(const chess::Position& pos, Weights weights) {
  return weights == Weights::Tuned && pos.variant() == chess::Variant::Standard ? evaluate(pos) : evaluate_hand_set(pos);
}
// For gambit-tune: the evaluation with `weights` as fitted weights are used
// (their king danger table: with HandSetWeights this is not
// evaluate_hand_set, whose king danger is a fixed curve), every weight it used
// counted in `trace` (standard chess only; eval_params.h says how the terms add up).
Value trace_evaluation(const chess::Position& pos, const EvalParams& weights, EvalTrace& trace);

// Plain piece values for search heuristics (exchange evaluation, futility
// margins, move ordering), by piece type; the king is worth 0 here.
inline constexpr Value PieceValue[chess::PIECE_TYPE_NB] = {0, 100, 320, 330, 500, 950, 0};

}  // namespace gambit::ai
