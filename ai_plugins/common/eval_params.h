// SPDX-License-Identifier: MIT
// The evaluation's weights: every term of evaluate.cpp that is a sum of
// weights (a middlegame and an endgame value each), gathered in one struct so
// that the same code evaluates with the hand-set weights (minimax, whose
// levels were measured with them) or with those gambit-tune fitted to game
// results (alphabeta), and so that the tuner can ask which weights a position
// uses (EvalTrace). The values live in eval_weights.h.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "core/chess/types.h"

namespace gambit::ai {

// King danger buckets: the weight of the pieces attacking the king's zone
// (evaluate.cpp's AttackerWeight and ZoneHitWeight), KingDangerStep to a bucket.
inline constexpr int KingDangerBuckets = 24;
inline constexpr int KingDangerStep = 5;

// A middlegame and an endgame value, blended by the game phase at the end.
struct Score {
  int mg = 0, eg = 0;

  constexpr Score operator+(Score o) const { return {mg + o.mg, eg + o.eg}; }
  constexpr Score operator-(Score o) const { return {mg - o.mg, eg - o.eg}; }
  constexpr Score operator-() const { return {-mg, -eg}; }
  constexpr Score operator*(int k) const { return {mg * k, eg * k}; }
  constexpr Score& operator+=(Score o) { return *this = *this + o; }
  constexpr Score& operator-=(Score o) { return *this = *this - o; }
  constexpr bool operator==(const Score&) const = default;
};

constexpr Score S(int mg, int eg) { return {mg, eg}; }

// Every member is a Score or an array of them, so the struct is also a flat
// array of Scores (weight_count of them), which is how the tuner sees it.
// Positive weights are bonuses, except where a name says penalty (subtracted).
struct EvalParams {
  Score material[chess::PIECE_TYPE_NB];  // by piece type; none for the king
  // Placement, drawn as the board looks from White's side: rank 8 first, so
  // White's piece on square s reads [s ^ 56] and Black's reads [s].
  Score piece_square[chess::PIECE_TYPE_NB][chess::SQUARE_NB];
  // By the number of squares reachable: not attacked by enemy pawns, not
  // holding our own pawns or king.
  Score knight_mobility[9];
  Score bishop_mobility[14];
  Score rook_mobility[15];
  Score queen_mobility[28];
  Score bishop_pair;
  Score rook_on_open_file;
  Score rook_on_semi_open_file;
  Score outpost[2];                              // knight, bishop
  Score attacked_by_pawn[chess::PIECE_TYPE_NB];  // penalty, by the attacked piece's type
  Score rook_or_queen_attacked_by_minor;         // penalty
  Score doubled_pawn;                            // penalty
  Score isolated_pawn;                           // penalty
  Score connected_pawn[8];                       // by relative rank
  Score passed_pawn[8];                          // by relative rank
  // The king's pawn shield, each a penalty per file beside or on the king's:
  Score shelter_missing_pawn;     // none of ours ahead of the king
  Score shelter_open_file;        // ... and none of theirs either
  Score shelter_pawn_two_ahead;   // our nearest pawn two ranks ahead
  Score shelter_pawn_far;         // three or more ranks ahead
  // A passed pawn's worth with the pieces around it, times (relative rank - 2):
  Score passer_their_king_distance;  // per step of their king from the stop square
  Score passer_our_king_distance;    // penalty per step of our king from it
  Score passer_free_path;            // nothing on the squares ahead
  Score unstoppable_passer;          // pawn endings: their king is outside the square
  // Threats against their pieces (not the king). A piece is weak when we
  // attack it and it is not protected by a pawn, nor by more pieces than
  // attack it twice over; defended when it is not a pawn and is so protected.
  Score threat_by_minor[chess::PIECE_TYPE_NB];  // a weak or defended piece our knight or bishop attacks
  Score threat_by_rook[chess::PIECE_TYPE_NB];   // a weak piece our rook attacks
  Score threat_by_king;                         // a weak piece our king attacks
  Score hanging;                                // a weak piece not protected at all, or a piece we attack twice
  // King safety, penalties for the king's side. A square is weak for us when
  // they attack it and we defend it at most once, with the king or queen only;
  // a check from it is safe when they could move there without losing the piece.
  Score safe_check[chess::PIECE_TYPE_NB];  // they have one with a piece of this type
  Score weak_king_zone;                    // per weak square of the king's zone
  // King danger for the fitted weights, a penalty by bucket when two or more
  // pieces attack the king's zone, [they have a queen][bucket]. The hand-set
  // weights keep the quadratic curve their levels were measured with instead.
  Score king_danger[2][KingDangerBuckets];
  // Their pawns storming the king: the most advanced of theirs on each file
  // beside or on the king's, not behind it, [our pawn blocks it][its rank
  // counted from our side]; a penalty.
  Score pawn_storm[2][8];
  // More pawn and piece terms, for the fitted weights (the hand-set ones hold 0).
  Score backward_pawn;      // penalty: no pawn of ours beside or behind can support it, and they hold its stop square
  Score bishop_pawns;       // penalty per pawn of ours on the bishop's colour, for each bishop
  Score minor_behind_pawn;  // a knight or bishop with a pawn right in front of it
  // Fifth round, for the fitted weights (the hand-set ones hold 0). A square is
  // safe for us when they do not attack it or we attack it too.
  Score threat_by_pawn_push;  // a piece of theirs (not a pawn) one of our pawns would attack after a safe push
  Score space;                 // safe central squares on our side, times a piece-count weight squared / 128
  Score king_protector;        // penalty per step between a knight or bishop of ours and our king
  Score pawnless_flank;        // penalty: no pawn at all on our king's flank
};

inline constexpr std::size_t WeightCount = sizeof(EvalParams) / sizeof(Score);
static_assert(sizeof(EvalParams) == WeightCount * sizeof(Score), "EvalParams must hold Scores only");
static_assert(std::is_standard_layout_v<EvalParams> && std::is_trivially_copyable_v<EvalParams>);

// The weights as a flat array, and back (std::bit_cast: no aliasing).
using WeightArray = std::array<Score, WeightCount>;
inline WeightArray flat_weights(const EvalParams& params) { return std::bit_cast<WeightArray>(params); }
inline EvalParams weights_from(const WeightArray& weights) { return std::bit_cast<EvalParams>(weights); }

// Where a member weight of `params` lies in flat_weights(params).
inline std::size_t weight_index(const EvalParams& params, const Score& weight) {
  return (reinterpret_cast<std::uintptr_t>(&weight) - reinterpret_cast<std::uintptr_t>(&params)) / sizeof(Score);
}

// What one evaluation used, for gambit-tune: how many times each weight was
// added for White minus for Black (standard chess only), and the rest, which
// the tuner does not fit: the terms that are not sums of weights (the
// hand-set king danger, driving a lone king to the edge), the endgame scale, the phase.
// The evaluation is then, in White's view before the tempo,
//   (mg * phase + (eg * scale / 64 + eg_after_scale) * (24 - phase)) / 24
// with mg = sum of count[i] * weight[i].mg + fixed.mg, eg likewise; the side
// to move then adds the tempo.
struct EvalTrace {
  std::array<int, WeightCount> count{};
  Score fixed;
  int eg_after_scale = 0;
  int scale = 64;
  int phase = 0;
  int tempo = 0;
  bool decided = false;  // the position was scored by rule (a material draw): no terms
};

}  // namespace gambit::ai
