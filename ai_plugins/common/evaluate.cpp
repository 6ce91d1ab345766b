// SPDX-License-Identifier: MIT
#include "ai_plugins/common/evaluate.h"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "ai_plugins/common/eval_weights.h"
#include "core/chess/bitboard.h"

namespace gambit::ai {

using namespace chess;

namespace {

// Material plus placement of every coloured piece on every square, from White's
// view (Black's entries are negative), computed once for a set of weights.
using PieceSquareTable = std::array<std::array<Score, SQUARE_NB>, PIECE_NB>;

constexpr PieceSquareTable piece_square_table(const EvalParams& w) {
  PieceSquareTable table{};
  for (int pt = PAWN; pt <= KING; ++pt)
    for (int sq = 0; sq < SQUARE_NB; ++sq) {
      table[make_piece(WHITE, PieceType(pt))][sq] = w.material[pt] + w.piece_square[pt][sq ^ 56];
      table[make_piece(BLACK, PieceType(pt))][sq] = -(w.material[pt] + w.piece_square[pt][sq]);
    }
  return table;
}

constexpr PieceSquareTable HandSetPieceSquare = piece_square_table(HandSetWeights);
constexpr PieceSquareTable TunedPieceSquare = piece_square_table(TunedWeights);

// Terms that are not sums of weights: measured by hand, not tuned.
// King safety: how much each attacker of the king's zone adds to the danger.
constexpr int AttackerWeight[PIECE_TYPE_NB] = {0, 0, 8, 8, 12, 20, 0};
constexpr int ZoneHitWeight = 3;
constexpr int Tempo = 12;

// ---------------------------------------------------------------------------
// Masks, computed once.

struct Masks {
  Bitboard forward_file[COLOR_NB][SQUARE_NB]{};  // squares ahead on the same file
  Bitboard passed_span[COLOR_NB][SQUARE_NB]{};   // ahead on the same and adjacent files
  Bitboard pawn_attack_span[COLOR_NB][SQUARE_NB]{};  // ahead on the adjacent files
  Bitboard adjacent_files[8]{};
  Bitboard king_zone[COLOR_NB][SQUARE_NB]{};  // around the king plus the next rank toward the enemy
  int distance[SQUARE_NB][SQUARE_NB]{};      // king steps between two squares
};

constexpr Masks make_masks() {
  Masks m;
  for (int f = 0; f < 8; ++f)
    m.adjacent_files[f] = (f > 0 ? file_bb(f - 1) : 0) | (f < 7 ? file_bb(f + 1) : 0);
  for (int sq = 0; sq < SQUARE_NB; ++sq) {
    const int f = sq & 7, r = sq >> 3;
    Bitboard ahead_white = 0, ahead_black = 0;
    for (int rr = r + 1; rr < 8; ++rr) ahead_white |= rank_bb(rr);
    for (int rr = r - 1; rr >= 0; --rr) ahead_black |= rank_bb(rr);
    m.forward_file[WHITE][sq] = ahead_white & file_bb(f);
    m.forward_file[BLACK][sq] = ahead_black & file_bb(f);
    m.pawn_attack_span[WHITE][sq] = ahead_white & m.adjacent_files[f];
    m.pawn_attack_span[BLACK][sq] = ahead_black & m.adjacent_files[f];
    m.passed_span[WHITE][sq] = m.forward_file[WHITE][sq] | m.pawn_attack_span[WHITE][sq];
    m.passed_span[BLACK][sq] = m.forward_file[BLACK][sq] | m.pawn_attack_span[BLACK][sq];
    for (int other = 0; other < SQUARE_NB; ++other) {
      constexpr auto distance = [](int a, int b) { return a > b ? a - b : b - a; };  // std::abs is not constexpr
      const int df = distance(f, other & 7), dr = distance(r, other >> 3);
      m.distance[sq][other] = std::max(df, dr);
    }
  }
  for (int sq = 0; sq < SQUARE_NB; ++sq) {
    for (int other = 0; other < SQUARE_NB; ++other) {
      if (m.distance[sq][other] > 1) continue;
      m.king_zone[WHITE][sq] |= Bitboard(1) << other;
      m.king_zone[BLACK][sq] |= Bitboard(1) << other;
      if (other + 8 < SQUARE_NB) m.king_zone[WHITE][sq] |= Bitboard(1) << (other + 8);
      if (other - 8 >= 0) m.king_zone[BLACK][sq] |= Bitboard(1) << (other - 8);
    }
  }
  return m;
}

constexpr Masks M = make_masks();

inline int distance(Square a, Square b) { return M.distance[a][b]; }
// Steps from s to the nearest of the four centre squares' block, 0..3.
inline int centre_distance(Square s) {
  const int f = file_of(s), r = rank_of(s);
  return std::max(f < 4 ? 3 - f : f - 4, r < 4 ? 3 - r : r - 4);
}

// The files a to d and e to h; the files around a king on each file (its flank).
constexpr Bitboard QueenSideBB = FILE_A_BB | file_bb(1) | file_bb(2) | file_bb(3);
constexpr Bitboard KingSideBB = ~QueenSideBB;
constexpr Bitboard CentreFilesBB = file_bb(2) | file_bb(3) | file_bb(4) | file_bb(5);
constexpr Bitboard KingFlankBB[8] = {QueenSideBB ^ file_bb(3), QueenSideBB,   QueenSideBB,  CentreFilesBB,
                                     CentreFilesBB,            KingSideBB,    KingSideBB,   KingSideBB ^ file_bb(4)};

bool pawns_on_both_flanks(const Position& pos) {
  const Bitboard pawns = pos.pieces(PAWN);
  return (pawns & QueenSideBB) && (pawns & KingSideBB);
}

// Facts gathered while evaluating, used by later terms.
struct EvalInfo {
  Bitboard pawn_attacks[COLOR_NB];
  Bitboard attacked_by[COLOR_NB][PIECE_TYPE_NB];  // [c][NO_PIECE_TYPE]: by any piece
  Bitboard attacked_twice[COLOR_NB];
  Bitboard mobility_area[COLOR_NB];
  Bitboard passed[COLOR_NB];
  int king_attackers[COLOR_NB];  // indexed by the king's colour
  int king_danger[COLOR_NB];
};

// One evaluation with a set of weights. With Trace, every weight added is
// also counted in the trace (eval_params.h); without, the counting compiles away.
template <bool Trace>
class Evaluation {
 public:
  // fitted_terms: the terms only fitted weights use (king danger by bucket,
  // pawn storm); without, the hand-set king danger curve (the hand-set
  // weights, and three-check, which is evaluated with them).
  Evaluation(const Position& pos, const EvalParams& w, const PieceSquareTable& pst, bool fitted_terms,
             EvalTrace* trace)
      : pos_(pos), w_(w), pst_(pst), fitted_terms_(fitted_terms), trace_(trace) {}

  Value value();

 private:
  // The weight, counted `times` for side `us`.
  Score use(const Score& weight, Color us, int times = 1) {
    if constexpr (Trace) trace_->count[weight_index(w_, weight)] += us == WHITE ? times : -times;
    return weight * times;
  }
  // A term that is not a sum of weights, for side `us`.
  Score fixed(Score term, Color us) {
    if constexpr (Trace) trace_->fixed += us == WHITE ? term : -term;
    return term;
  }

  template <Color Us> Score pawn_structure();
  template <Color Us, PieceType Pt> Score pieces();
  template <Color Us> Score king_pawns(Square ksq);
  template <Color Us> Score king_checks(Square ksq);
  template <Color Us> Score king();
  template <Color Us> Score threats();
  template <Color Us> Score passers(bool them_only_pawns);
  template <Color Us> Score space(int blocked_pawns);
  int winnable(int eg) const;

  const Position& pos_;
  const EvalParams& w_;
  const PieceSquareTable& pst_;
  const bool fitted_terms_;
  EvalTrace* trace_;
  EvalInfo ei_{};
};

template <bool Trace>
template <Color Us>
Score Evaluation<Trace>::pawn_structure() {
  constexpr Color Them = ~Us;
  const Bitboard ours = pos_.pieces(Us, PAWN), theirs = pos_.pieces(Them, PAWN);
  Score score;
  ei_.passed[Us] = 0;
  for (Bitboard b = ours; b;) {
    const Square s = pop_lsb(b);
    const int r = relative_rank(Us, s);
    const Bitboard ahead = M.forward_file[Us][s];
    if (ours & ahead) score += use(w_.doubled_pawn, Us, -1);
    if (!(ours & M.adjacent_files[file_of(s)])) score += use(w_.isolated_pawn, Us, -1);
    const Bitboard same_rank = rank_bb(rank_of(s)) & M.adjacent_files[file_of(s)];
    if ((pawn_attacks(Them, s) & ours) || (same_rank & ours)) score += use(w_.connected_pawn[r], Us);
    const Square stop = Square(s + (Us == WHITE ? 8 : -8));
    if ((ours & M.adjacent_files[file_of(s)]) && !(ours & M.pawn_attack_span[Them][stop]) &&
        ((theirs & square_bb(stop)) || (pawn_attacks(Us, stop) & theirs)))
      score += use(w_.backward_pawn, Us, -1);
    if (!(theirs & M.passed_span[Us][s]) && !(ours & ahead)) {
      ei_.passed[Us] |= square_bb(s);
      score += use(w_.passed_pawn[r], Us);
    }
  }
  return score;
}

template <bool Trace>
template <Color Us, PieceType Pt>
Score Evaluation<Trace>::pieces() {
  constexpr Color Them = ~Us;
  const Bitboard occupied = pos_.pieces();
  const Square their_king = pos_.king_square(Them);
  const Bitboard their_zone = M.king_zone[Them][their_king];
  Score score;
  for (Bitboard b = pos_.pieces(Us, Pt); b;) {
    const Square s = pop_lsb(b);
    Bitboard att;
    if constexpr (Pt == KNIGHT) att = knight_attacks(s);
    if constexpr (Pt == BISHOP) att = bishop_attacks(s, occupied ^ pos_.pieces(Us, QUEEN));
    if constexpr (Pt == ROOK) att = rook_attacks(s, occupied ^ pos_.pieces(Us, ROOK, QUEEN));
    if constexpr (Pt == QUEEN) att = queen_attacks(s, occupied);

    ei_.attacked_twice[Us] |= ei_.attacked_by[Us][NO_PIECE_TYPE] & att;
    ei_.attacked_by[Us][NO_PIECE_TYPE] |= att;
    ei_.attacked_by[Us][Pt] |= att;
    const int mobility = popcount(att & ei_.mobility_area[Us]);
    if constexpr (Pt == KNIGHT) score += use(w_.knight_mobility[mobility], Us);
    if constexpr (Pt == BISHOP) score += use(w_.bishop_mobility[mobility], Us);
    if constexpr (Pt == ROOK) score += use(w_.rook_mobility[mobility], Us);
    if constexpr (Pt == QUEEN) score += use(w_.queen_mobility[mobility], Us);

    if (att & their_zone) {
      ++ei_.king_attackers[Them];
      ei_.king_danger[Them] += AttackerWeight[Pt] + ZoneHitWeight * popcount(att & their_zone);
    }
    if constexpr (Pt == KNIGHT || Pt == BISHOP) {
      const Bitboard front = Us == WHITE ? square_bb(s) << 8 : square_bb(s) >> 8;
      if (pos_.pieces(PAWN) & front) score += use(w_.minor_behind_pawn, Us);
      if constexpr (Pt == BISHOP) {
        const Bitboard colour = (LIGHT_SQUARES_BB & square_bb(s)) ? LIGHT_SQUARES_BB : DARK_SQUARES_BB;
        score += use(w_.bishop_pawns, Us, -popcount(pos_.pieces(Us, PAWN) & colour));
      }
      if (fitted_terms_) score += use(w_.king_protector, Us, -distance(s, pos_.king_square(Us)));
      const int r = relative_rank(Us, s);
      if (r >= 3 && r <= 5 && (ei_.pawn_attacks[Us] & square_bb(s)) &&
          !(pos_.pieces(Them, PAWN) & M.pawn_attack_span[Us][s]))
        score += use(w_.outpost[Pt == BISHOP], Us);
    }
    if constexpr (Pt == ROOK) {
      const Bitboard file = file_bb(file_of(s));
      if (!(pos_.pieces(Us, PAWN) & file))
        score += (pos_.pieces(Them, PAWN) & file) ? use(w_.rook_on_semi_open_file, Us) : use(w_.rook_on_open_file, Us);
    }
    if (ei_.pawn_attacks[Them] & square_bb(s)) score += use(w_.attacked_by_pawn[Pt], Us, -1);
  }
  return score;
}

// The pawns on Us's king's file and the two beside it (b..g for the centre),
// on the king's rank or ahead of it: our shield (penalties for a missing or far
// pawn, and for a file open to both) and, with the fitted terms only, their storm
// (their most advanced pawn on each file, by its rank from Us's side and whether
// our pawn blocks it).
template <bool Trace>
template <Color Us>
Score Evaluation<Trace>::king_pawns(Square ksq) {
  constexpr Color Them = ~Us;
  constexpr int Down = Us == WHITE ? -8 : 8;  // the way their pawns move
  const int centre_file = std::clamp(file_of(ksq), 1, 6);
  const Bitboard ahead = Us == WHITE ? ~Bitboard(0) << (8 * rank_of(ksq)) : ~Bitboard(0) >> (8 * (7 - rank_of(ksq)));
  const Bitboard ours = pos_.pieces(Us, PAWN), theirs = pos_.pieces(Them, PAWN);
  const auto nearest_to_king = [](Bitboard b) { return Us == WHITE ? lsb(b) : Square(63 - std::countl_zero(b)); };
  Score score;
  for (int f = centre_file - 1; f <= centre_file + 1; ++f) {
    const Bitboard shield = ours & ahead & file_bb(f);
    if (!shield) {
      score += use(w_.shelter_missing_pawn, Us, -1);
      if (!(theirs & file_bb(f))) score += use(w_.shelter_open_file, Us, -1);
    } else {
      const int steps = std::abs(rank_of(nearest_to_king(shield)) - rank_of(ksq));
      if (steps == 2) score += use(w_.shelter_pawn_two_ahead, Us, -1);
      if (steps > 2) score += use(w_.shelter_pawn_far, Us, -1);
    }
    const Bitboard storm = fitted_terms_ ? theirs & ahead & file_bb(f) : Bitboard(0);
    if (storm) {
      const Square front = nearest_to_king(storm);
      const bool blocked = ours & square_bb(Square(front + Down));
      score += use(w_.pawn_storm[blocked][relative_rank(Us, front)], Us, -1);
    }
  }
  return score;
}

// Checks they can give without losing the checking piece, and the weak squares
// around Us's king (penalties).
template <bool Trace>
template <Color Us>
Score Evaluation<Trace>::king_checks(Square ksq) {
  constexpr Color Them = ~Us;
  const Bitboard* ours = ei_.attacked_by[Us];
  const Bitboard* theirs = ei_.attacked_by[Them];
  const Bitboard weak =
      theirs[NO_PIECE_TYPE] & ~ei_.attacked_twice[Us] & (~ours[NO_PIECE_TYPE] | ours[KING] | ours[QUEEN]);
  const Bitboard safe = ~pos_.pieces(Them) & (~ours[NO_PIECE_TYPE] | (weak & ei_.attacked_twice[Them]));
  const Bitboard through_queen = pos_.pieces() ^ pos_.pieces(Us, QUEEN);
  const Bitboard rook_lines = rook_attacks(ksq, through_queen), bishop_lines = bishop_attacks(ksq, through_queen);

  Score score = use(w_.weak_king_zone, Us, -popcount(weak & M.king_zone[Us][ksq]));
  const Bitboard rook_checks = rook_lines & theirs[ROOK] & safe;
  const Bitboard queen_checks = (rook_lines | bishop_lines) & theirs[QUEEN] & safe & ~ours[QUEEN] & ~rook_checks;
  const Bitboard bishop_checks = bishop_lines & theirs[BISHOP] & safe & ~queen_checks;
  const Bitboard knight_checks = knight_attacks(ksq) & theirs[KNIGHT] & safe;
  if (knight_checks) score += use(w_.safe_check[KNIGHT], Us, -1);
  if (bishop_checks) score += use(w_.safe_check[BISHOP], Us, -1);
  if (rook_checks) score += use(w_.safe_check[ROOK], Us, -1);
  if (queen_checks) score += use(w_.safe_check[QUEEN], Us, -1);
  return score;
}

template <bool Trace>
template <Color Us>
Score Evaluation<Trace>::king() {
  constexpr Color Them = ~Us;
  const Square ksq = pos_.king_square(Us);
  const Score safety = king_pawns<Us>(ksq) + king_checks<Us>(ksq);
  const bool their_queen = pos_.pieces(Them, QUEEN);
  if (fitted_terms_) {
    Score score = safety;
    if (!(pos_.pieces(PAWN) & KingFlankBB[file_of(ksq)])) score += use(w_.pawnless_flank, Us, -1);
    if (ei_.king_attackers[Us] >= 2) {
      const int bucket = std::min(ei_.king_danger[Us] / KingDangerStep, KingDangerBuckets - 1);
      score += use(w_.king_danger[their_queen][bucket], Us, -1);
    }
    return score;
  }
  int danger_penalty = 0;
  if (ei_.king_attackers[Us] >= 2) {
    const int danger = ei_.king_danger[Us];
    danger_penalty = std::min(danger * danger / 32, 400);
    if (!their_queen) danger_penalty /= 2;
  }
  if (pos_.variant() == Variant::ThreeCheck) {
    // Every check counts, in the endgame too: an exposed king costs more the
    // fewer checks the opponent still needs.
    const int mg = safety.mg - danger_penalty;
    const int weight = 2 + pos_.checks_given(Them);
    return S(mg * weight / 2, mg * weight / 4);
  }
  return safety + fixed(S(-danger_penalty, 0), Us);
}

// King of the Hill: each king's way to the hill (White's view), the last steps
// worth the most; more in the endgame, where a king can walk there.
Score hill_race(const Position& pos) {
  constexpr int Bonus[4] = {0, 260, 120, 40};  // by the king's distance to the nearest centre square
  const int white = Bonus[centre_distance(pos.king_square(WHITE))];
  const int black = Bonus[centre_distance(pos.king_square(BLACK))];
  return S((white - black) / 2, white - black);
}

// Racing Kings: each king's way up the board to the eighth rank, both kings
// racing the same way (White's view); the last ranks count the most.
Score race_to_the_eighth(const Position& pos) {
  constexpr int Bonus[8] = {0, 25, 55, 95, 150, 220, 320, 450};  // by the king's rank
  const int lead = Bonus[rank_of(pos.king_square(WHITE))] - Bonus[rank_of(pos.king_square(BLACK))];
  return S(lead, lead);
}

// Three-check: the checks each side has given (White's view). Rising steeply:
// the second check brings the win within one more.
Score checks_given(const Position& pos) {
  constexpr int Bonus[ChecksToWin] = {0, 160, 420};
  const int white = Bonus[std::min(pos.checks_given(WHITE), ChecksToWin - 1)];
  const int black = Bonus[std::min(pos.checks_given(BLACK), ChecksToWin - 1)];
  return S(white - black, white - black);
}

template <bool Trace>
template <Color Us>
Score Evaluation<Trace>::threats() {
  constexpr Color Them = ~Us;
  const Bitboard* ours = ei_.attacked_by[Us];
  const Bitboard* theirs = ei_.attacked_by[Them];
  const int hit = popcount(pos_.pieces(Us, ROOK, QUEEN) & (theirs[KNIGHT] | theirs[BISHOP]));
  Score score = use(w_.rook_or_queen_attacked_by_minor, Us, -hit);

  const Bitboard targets = pos_.pieces(Them) & ~pos_.pieces(Them, KING);
  const Bitboard non_pawns = targets & ~pos_.pieces(Them, PAWN);
  const Bitboard strongly_protected = theirs[PAWN] | (ei_.attacked_twice[Them] & ~ei_.attacked_twice[Us]);
  const Bitboard weak = targets & ~strongly_protected & ours[NO_PIECE_TYPE];
  const Bitboard defended = non_pawns & strongly_protected;
  for (Bitboard b = (weak | defended) & (ours[KNIGHT] | ours[BISHOP]); b;)
    score += use(w_.threat_by_minor[type_of(pos_.piece_on(pop_lsb(b)))], Us);
  for (Bitboard b = weak & ours[ROOK]; b;) score += use(w_.threat_by_rook[type_of(pos_.piece_on(pop_lsb(b)))], Us);
  if (weak & ours[KING]) score += use(w_.threat_by_king, Us);
  const int hanging = popcount(weak & (~theirs[NO_PIECE_TYPE] | (non_pawns & ei_.attacked_twice[Us])));
  score += use(w_.hanging, Us, hanging);
  if (!fitted_terms_) return score;

  // Safe pushes (one or two squares) after which a pawn of ours would attack a piece of theirs.
  constexpr Direction Up = Us == WHITE ? NORTH : SOUTH;
  const Bitboard empty = ~pos_.pieces();
  const Bitboard safe = ~theirs[NO_PIECE_TYPE] | ours[NO_PIECE_TYPE];
  Bitboard push = shift<Up>(pos_.pieces(Us, PAWN)) & empty;
  push |= shift<Up>(push & rank_bb(Us == WHITE ? 2 : 5)) & empty;
  push &= ~theirs[PAWN] & safe;
  return score + use(w_.threat_by_pawn_push, Us, popcount(pawn_attacks_bb<Us>(push) & non_pawns));
}

// Room behind our pawns in the centre (files c to f, our second to fourth
// rank): squares their pawns do not attack, counted again where a pawn of ours
// stands in front and they attack nothing. It matters more the more pieces and
// blocked pawns keep the position closed.
template <bool Trace>
template <Color Us>
Score Evaluation<Trace>::space(int blocked_pawns) {
  constexpr Color Them = ~Us;
  constexpr Bitboard Area = CentreFilesBB & (Us == WHITE ? rank_bb(1) | rank_bb(2) | rank_bb(3)
                                                         : rank_bb(4) | rank_bb(5) | rank_bb(6));
  const Bitboard pawns = pos_.pieces(Us, PAWN);
  const Bitboard safe = Area & ~pawns & ~ei_.attacked_by[Them][PAWN];
  Bitboard behind = pawns;
  behind |= Us == WHITE ? behind >> 8 : behind << 8;
  behind |= Us == WHITE ? behind >> 16 : behind << 16;
  const int squares = popcount(safe) + popcount(behind & safe & ~ei_.attacked_by[Them][NO_PIECE_TYPE]);
  const int weight = popcount(pos_.pieces(Us)) - 3 + std::min(blocked_pawns, 9);
  return use(w_.space, Us, squares * weight * weight / 128);
}

// Extra worth of passed pawns that depends on the other pieces: kings near or
// far, a free path, and the "rule of the square" in pawn endings.
template <bool Trace>
template <Color Us>
Score Evaluation<Trace>::passers(bool them_only_pawns) {
  constexpr Color Them = ~Us;
  constexpr int Up = Us == WHITE ? 8 : -8;
  const Square our_king = pos_.king_square(Us), their_king = pos_.king_square(Them);
  Score score;
  for (Bitboard b = ei_.passed[Us]; b;) {
    const Square s = pop_lsb(b);
    const int r = relative_rank(Us, s);
    const Square stop = Square(s + Up);
    const int weight = std::max(r - 2, 0);
    score += use(w_.passer_their_king_distance, Us, weight * distance(their_king, stop));
    score += use(w_.passer_our_king_distance, Us, -weight * distance(our_king, stop));
    const Bitboard path = M.forward_file[Us][s];
    if (!(path & pos_.pieces())) score += use(w_.passer_free_path, Us, weight);
    if (them_only_pawns && !(path & pos_.pieces())) {
      const Square promotion = Square(Us == WHITE ? 56 + file_of(s) : file_of(s));
      const int pawn_steps = std::min(7 - r, 5);
      const int king_steps = distance(their_king, promotion) - (pos_.side_to_move() == Them ? 1 : 0);
      if (king_steps > pawn_steps) score += use(w_.unstoppable_passer, Us);
    }
  }
  return score;
}

// Non-pawn material of one side in minor-piece units (N=B=3, R=5, Q=9).
int material_units(const Position& pos, Color c) {
  return 3 * popcount(pos.pieces(c, KNIGHT, BISHOP)) + 5 * popcount(pos.pieces(c, ROOK)) +
         9 * popcount(pos.pieces(c, QUEEN));
}

// How much of the endgame part of the score, out of 64, the side ahead in it
// can expect to turn into a win: nothing without pawns and too little extra
// material (except in three-check); little with opposite-coloured bishops. With the fitted terms also
// less with fewer pawns, with pawns on one flank only, and in a rook ending a
// pawn up on one flank whose defending king stands by its pawns.
int endgame_scale(const Position& pos, Color strong, const int units[COLOR_NB], Bitboard strong_passers,
                  bool fitted_terms) {
  const Color weak = ~strong;
  const Bitboard strong_pawns = pos.pieces(strong, PAWN);
  if (pos.variant() != Variant::ThreeCheck && !strong_pawns && units[strong] - units[weak] < 4)
    return units[strong] <= 3 ? 0 : 8;
  const Bitboard bishops = pos.pieces(BISHOP);
  const bool opposite_bishops = popcount(pos.pieces(WHITE, BISHOP)) == 1 && popcount(pos.pieces(BLACK, BISHOP)) == 1 &&
                                (bishops & LIGHT_SQUARES_BB) && (bishops & DARK_SQUARES_BB);
  if (opposite_bishops && units[WHITE] == 3 && units[BLACK] == 3)
    return fitted_terms ? 18 + 4 * popcount(strong_passers) : 32;
  if (!fitted_terms) return 64;
  if (units[WHITE] == 5 && units[BLACK] == 5 && popcount(pos.pieces(ROOK)) == 2 &&
      popcount(strong_pawns) - popcount(pos.pieces(weak, PAWN)) <= 1 &&
      bool(strong_pawns & KingSideBB) != bool(strong_pawns & QueenSideBB) &&
      (king_attacks(pos.king_square(weak)) & pos.pieces(weak, PAWN)))
    return 36;
  return std::min(64, 36 + 7 * popcount(strong_pawns)) - 4 * !pawns_on_both_flanks(pos);
}

// Drives a lone king to the edge (to the bishop's corners with bishop and knight)
// and brings the winning king close; returns White's view.
int mop_up(const Position& pos, Color strong) {
  const Square winner = pos.king_square(strong), loser = pos.king_square(~strong);
  int bonus = 20 * centre_distance(loser) + 8 * (7 - distance(winner, loser)) + 200;
  const Bitboard bishops = pos.pieces(strong, BISHOP);
  if (popcount(pos.pieces(strong, KNIGHT)) == 1 && popcount(bishops) == 1 && !pos.pieces(strong, ROOK, QUEEN)) {
    const bool light = bishops & LIGHT_SQUARES_BB;
    const int to_corner = light ? std::min(distance(loser, SQ_H1), distance(loser, SQ_A8))
                                : std::min(distance(loser, SQ_A1), distance(loser, SQ_H8));
    bonus += 25 * (7 - to_corner);
  }
  return strong == WHITE ? bonus : -bonus;
}

// How far the endgame part moves away from a draw (or toward it, when
// negative): more with many pawns, passers, pawns on both flanks, a king
// ahead; less with kings facing each other on one flank. Never past zero.
template <bool Trace>
int Evaluation<Trace>::winnable(int eg) const {
  const Position& pos = pos_;
  const Square wk = pos.king_square(WHITE), bk = pos.king_square(BLACK);
  const Bitboard pawns = pos.pieces(PAWN);
  const bool both_flanks = pawns_on_both_flanks(pos);
  const int outflanking = std::abs(file_of(wk) - file_of(bk)) - std::abs(rank_of(wk) - rank_of(bk));
  const bool infiltration = rank_of(wk) > 3 || rank_of(bk) < 4;
  const bool pawns_only = !(pos.pieces() & ~pos.pieces(PAWN, KING));
  const int complexity = 9 * popcount(ei_.passed[WHITE] | ei_.passed[BLACK]) + 12 * popcount(pawns) +
                         9 * outflanking + 21 * both_flanks + 24 * infiltration + 51 * pawns_only -
                         43 * (outflanking < 0 && !both_flanks) - 110;
  const int v = std::max(complexity * 3 / 8, -std::abs(eg));
  return eg > 0 ? v : eg < 0 ? -v : 0;
}

template <bool Trace>
Value Evaluation<Trace>::value() {
  const Position& pos = pos_;
  const int units[COLOR_NB] = {material_units(pos, WHITE), material_units(pos, BLACK)};
  const Bitboard pawns[COLOR_NB] = {pos.pieces(WHITE, PAWN), pos.pieces(BLACK, PAWN)};

  const bool three_check = pos.variant() == Variant::ThreeCheck, hill = pos.variant() == Variant::KingOfTheHill,
             racing = pos.variant() == Variant::RacingKings;
  // Material that cannot mate: bare kings, a lone minor piece, two knights against nothing
  // (in three-check any piece can still give the checks that win, in King of the Hill a king walks to the hill).
  if (!three_check && !hill && !racing && !pos.pieces(PAWN) && !pos.pieces(ROOK, QUEEN)) {
    const int minors = popcount(pos.pieces(KNIGHT, BISHOP));
    const bool draw = minors <= 1 || (minors == 2 && !pos.pieces(BISHOP) && (units[WHITE] == 0 || units[BLACK] == 0));
    if (draw) {
      if constexpr (Trace) trace_->decided = true;
      return VALUE_DRAW;
    }
  }

  Score score;
  for (Bitboard b = pos.pieces(); b;) {
    const Square s = pop_lsb(b);
    const Piece piece = pos.piece_on(s);
    score += pst_[piece][s];
    if constexpr (Trace) {
      const Color c = color_of(piece);
      const PieceType pt = type_of(piece);
      use(w_.material[pt], c);
      use(w_.piece_square[pt][c == WHITE ? s ^ 56 : s], c);
    }
  }

  ei_.pawn_attacks[WHITE] = pawn_attacks_bb<WHITE>(pawns[WHITE]);
  ei_.pawn_attacks[BLACK] = pawn_attacks_bb<BLACK>(pawns[BLACK]);
  for (Color c : {WHITE, BLACK}) {
    const Bitboard king = king_attacks(pos.king_square(c));
    ei_.attacked_by[c][PAWN] = ei_.pawn_attacks[c];
    ei_.attacked_by[c][KING] = king;
    ei_.attacked_by[c][NO_PIECE_TYPE] = king | ei_.pawn_attacks[c];
    ei_.attacked_twice[c] = king & ei_.pawn_attacks[c];
  }
  ei_.mobility_area[WHITE] = ~(pos.pieces(WHITE, PAWN, KING) | ei_.pawn_attacks[BLACK]);
  ei_.mobility_area[BLACK] = ~(pos.pieces(BLACK, PAWN, KING) | ei_.pawn_attacks[WHITE]);

  score += pawn_structure<WHITE>() - pawn_structure<BLACK>();
  score += pieces<WHITE, KNIGHT>() - pieces<BLACK, KNIGHT>();
  score += pieces<WHITE, BISHOP>() - pieces<BLACK, BISHOP>();
  score += pieces<WHITE, ROOK>() - pieces<BLACK, ROOK>();
  score += pieces<WHITE, QUEEN>() - pieces<BLACK, QUEEN>();
  score += king<WHITE>() - king<BLACK>();
  score += threats<WHITE>() - threats<BLACK>();
  score += passers<WHITE>(units[BLACK] == 0) - passers<BLACK>(units[WHITE] == 0);
  if (fitted_terms_ && units[WHITE] + units[BLACK] >= 46) {
    // Pawns that cannot advance because a pawn of the other side stands in front.
    const int blocked = popcount(shift<NORTH>(pawns[WHITE]) & pawns[BLACK]) * 2;
    score += space<WHITE>(blocked) - space<BLACK>(blocked);
  }
  if (more_than_one(pos.pieces(WHITE, BISHOP))) score += use(w_.bishop_pair, WHITE);
  if (more_than_one(pos.pieces(BLACK, BISHOP))) score -= use(w_.bishop_pair, BLACK);
  if (three_check) score += checks_given(pos);
  if (hill) score += hill_race(pos);
  if (racing) score += race_to_the_eighth(pos);

  // Endgame knowledge: scale the endgame part down where material says "drawish",
  // and drive a lone king to the edge.
  if (fitted_terms_) score += fixed(Score{0, winnable(score.eg)}, WHITE);  // never in three-check
  const Color strong = score.eg >= 0 ? WHITE : BLACK, weak = ~strong;
  const int scale = endgame_scale(pos, strong, units, ei_.passed[strong], fitted_terms_);
  int eg = score.eg * scale / 64;
  int mop = 0;
  if (!pawns[weak] && units[weak] == 0 && units[strong] >= 5) mop = mop_up(pos, strong);
  eg += mop;

  const int phase = std::min(24, popcount(pos.pieces(KNIGHT, BISHOP)) + 2 * popcount(pos.pieces(ROOK)) +
                                     4 * popcount(pos.pieces(QUEEN)));
  if constexpr (Trace) {
    trace_->scale = scale;
    trace_->phase = phase;
    trace_->eg_after_scale = mop;
    trace_->tempo = Tempo;
  }
  int v = (score.mg * phase + eg * (24 - phase)) / 24;
  v = (pos.side_to_move() == WHITE ? v : -v) + Tempo;
  return std::clamp(v, -VALUE_KNOWN_WIN + 1, VALUE_KNOWN_WIN - 1);
}

}  // namespace

Value evaluate(const Position& pos) {
  return Evaluation<false>(pos, TunedWeights, TunedPieceSquare, pos.variant() != Variant::ThreeCheck, nullptr).value();
}

Value evaluate_hand_set(const Position& pos) {
  return Evaluation<false>(pos, HandSetWeights, HandSetPieceSquare, false, nullptr).value();
}

Value trace_evaluation(const Position& pos, const EvalParams& weights, EvalTrace& trace) {
  trace = EvalTrace{};
  const PieceSquareTable pst = piece_square_table(weights);
  return Evaluation<true>(pos, weights, pst, pos.variant() != Variant::ThreeCheck, &trace).value();
}

}  // namespace gambit::ai
