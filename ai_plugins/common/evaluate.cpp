// SPDX-License-Identifier: MIT
#include "ai_plugins/common/evaluate.h"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "core/chess/bitboard.h"

namespace gambit::ai {

using namespace chess;

namespace {

// A middlegame and an endgame value, blended by the game phase at the end.
struct Score {
  int mg = 0, eg = 0;

  constexpr Score operator+(Score o) const { return {mg + o.mg, eg + o.eg}; }
  constexpr Score operator-(Score o) const { return {mg - o.mg, eg - o.eg}; }
  constexpr Score operator-() const { return {-mg, -eg}; }
  constexpr Score operator*(int k) const { return {mg * k, eg * k}; }
  constexpr Score& operator+=(Score o) { return *this = *this + o; }
  constexpr Score& operator-=(Score o) { return *this = *this - o; }
};

constexpr Score S(int mg, int eg) { return {mg, eg}; }

// ---------------------------------------------------------------------------
// Material and piece-square tables. Tables are drawn as the board looks from
// White's side (rank 8 on the first row); Black uses the mirrored square.

constexpr Score Material[PIECE_TYPE_NB] = {S(0, 0),       S(85, 115),    S(330, 310), S(345, 330),
                                           S(470, 540),   S(1000, 1010), S(0, 0)};

using Table = std::array<int, SQUARE_NB>;

// clang-format off
constexpr Table PawnMg = {
    0,   0,   0,   0,   0,   0,   0,   0,
   40,  40,  40,  45,  45,  40,  40,  40,
   15,  20,  25,  35,  35,  25,  20,  15,
    5,   5,  10,  25,  25,  10,   5,   5,
    0,   0,  10,  20,  20,   5,  -5,  -5,
    0,   0,   5,   5,   5,  -5,  -5,   0,
    0,   5,   5, -10, -10,  10,  10,   5,
    0,   0,   0,   0,   0,   0,   0,   0};
constexpr Table PawnEg = {
    0,   0,   0,   0,   0,   0,   0,   0,
   60,  60,  55,  55,  55,  55,  60,  60,
   35,  35,  30,  30,  30,  30,  35,  35,
   20,  20,  15,  15,  15,  15,  20,  20,
   10,  10,   5,   5,   5,   5,  10,  10,
    5,   5,   0,   0,   0,   0,   5,   5,
    0,   0,   0,   0,   0,   0,   0,   0,
    0,   0,   0,   0,   0,   0,   0,   0};
constexpr Table KnightMg = {
  -60, -35, -25, -20, -20, -25, -35, -60,
  -30, -15,   0,  10,  10,   0, -15, -30,
  -20,   5,  20,  25,  25,  20,   5, -20,
  -15,  10,  20,  30,  30,  20,  10, -15,
  -15,   5,  15,  25,  25,  15,   5, -15,
  -20,   0,  12,  15,  15,  12,   0, -20,
  -30, -15,   0,   5,   5,   0, -15, -30,
  -55, -30, -25, -20, -20, -25, -30, -55};
constexpr Table KnightEg = {
  -45, -30, -20, -15, -15, -20, -30, -45,
  -30, -15,  -5,   5,   5,  -5, -15, -30,
  -20,  -5,  10,  15,  15,  10,  -5, -20,
  -15,   5,  15,  20,  20,  15,   5, -15,
  -15,   5,  15,  20,  20,  15,   5, -15,
  -20,  -5,   5,  10,  10,   5,  -5, -20,
  -30, -15,  -5,   0,   0,  -5, -15, -30,
  -45, -30, -20, -15, -15, -20, -30, -45};
constexpr Table BishopMg = {
  -20, -10, -10, -10, -10, -10, -10, -20,
  -10,   0,   0,   0,   0,   0,   0, -10,
  -10,   5,   5,  10,  10,   5,   5, -10,
   -5,   5,  10,  15,  15,  10,   5,  -5,
   -5,  10,  10,  15,  15,  10,  10,  -5,
    0,  10,  10,  10,  10,  10,  10,   0,
   -5,  15,   5,   5,   5,   5,  15,  -5,
  -20, -10, -15, -10, -10, -15, -10, -20};
constexpr Table BishopEg = {
  -15, -10,  -8,  -5,  -5,  -8, -10, -15,
  -10,  -5,   0,   0,   0,   0,  -5, -10,
   -8,   0,   5,   5,   5,   5,   0,  -8,
   -5,   0,   5,  10,  10,   5,   0,  -5,
   -5,   0,   5,  10,  10,   5,   0,  -5,
   -8,   0,   5,   5,   5,   5,   0,  -8,
  -10,  -5,   0,   0,   0,   0,  -5, -10,
  -15, -10,  -8,  -5,  -5,  -8, -10, -15};
constexpr Table RookMg = {
    5,  10,  10,  10,  10,  10,  10,   5,
   20,  25,  25,  25,  25,  25,  25,  20,
   -5,   0,   0,   0,   0,   0,   0,  -5,
   -5,   0,   0,   0,   0,   0,   0,  -5,
   -5,   0,   0,   0,   0,   0,   0,  -5,
   -5,   0,   0,   0,   0,   0,   0,  -5,
  -15,  -5,   0,   0,   0,   0,  -5, -15,
   -5,  -5,   0,  10,  10,   5,  -5,  -5};
constexpr Table RookEg = {
    5,   5,   5,   5,   5,   5,   5,   5,
   15,  15,  15,  15,  15,  15,  15,  15,
    0,   0,   0,   0,   0,   0,   0,   0,
    0,   0,   0,   0,   0,   0,   0,   0,
    0,   0,   0,   0,   0,   0,   0,   0,
    0,   0,   0,   0,   0,   0,   0,   0,
   -5,  -5,  -5,  -5,  -5,  -5,  -5,  -5,
   -5,  -5,   0,   0,   0,   0,  -5,  -5};
constexpr Table QueenMg = {
  -20, -10, -10,  -5,  -5, -10, -10, -20,
  -10,   0,   0,   0,   0,   0,   0, -10,
  -10,   0,   5,   5,   5,   5,   0, -10,
   -5,   0,   5,   5,   5,   5,   0,  -5,
   -5,   0,   5,   5,   5,   5,   0,  -5,
  -10,   0,   5,   5,   5,   5,   0, -10,
  -10,   0,   0,   2,   2,   0,   0, -10,
  -20, -10, -10,   0,  -5, -10, -10, -20};
constexpr Table QueenEg = {
  -25, -15, -10,  -5,  -5, -10, -15, -25,
  -15,  -5,   0,   5,   5,   0,  -5, -15,
  -10,   0,  10,  15,  15,  10,   0, -10,
   -5,   5,  15,  20,  20,  15,   5,  -5,
   -5,   5,  15,  20,  20,  15,   5,  -5,
  -10,   0,  10,  15,  15,  10,   0, -10,
  -15,  -5,   0,   5,   5,   0,  -5, -15,
  -25, -15, -10,  -5,  -5, -10, -15, -25};
constexpr Table KingMg = {
  -70, -70, -70, -70, -70, -70, -70, -70,
  -60, -60, -60, -60, -60, -60, -60, -60,
  -50, -50, -55, -60, -60, -55, -50, -50,
  -40, -45, -50, -55, -55, -50, -45, -40,
  -30, -40, -40, -50, -50, -40, -40, -30,
  -20, -25, -30, -40, -40, -30, -25, -20,
   -5, -10, -20, -30, -30, -20, -10,  -5,
   15,  30,   5, -10,   0, -10,  35,  20};
constexpr Table KingEg = {
  -50, -35, -25, -20, -20, -25, -35, -50,
  -30, -10,   0,   5,   5,   0, -10, -30,
  -25,   0,  15,  20,  20,  15,   0, -25,
  -25,   5,  20,  30,  30,  20,   5, -25,
  -25,   0,  20,  30,  30,  20,   0, -25,
  -25,  -5,  10,  15,  15,  10,  -5, -25,
  -35, -15,  -5,   0,   0,  -5, -15, -35,
  -55, -40, -30, -25, -25, -30, -40, -55};
// clang-format on

constexpr const Table* MgTables[PIECE_TYPE_NB] = {nullptr, &PawnMg, &KnightMg, &BishopMg, &RookMg, &QueenMg, &KingMg};
constexpr const Table* EgTables[PIECE_TYPE_NB] = {nullptr, &PawnEg, &KnightEg, &BishopEg, &RookEg, &QueenEg, &KingEg};

// Material plus placement of every coloured piece on every square, from White's
// view (Black's entries are negative).
constexpr auto PieceSquare = [] {
  std::array<std::array<Score, SQUARE_NB>, PIECE_NB> table{};
  for (int pt = PAWN; pt <= KING; ++pt)
    for (int sq = 0; sq < SQUARE_NB; ++sq) {
      const int drawn_for_white = sq ^ 56;  // the tables list rank 8 first
      const Score white = Material[pt] + S((*MgTables[pt])[drawn_for_white], (*EgTables[pt])[drawn_for_white]);
      const Score black = Material[pt] + S((*MgTables[pt])[sq], (*EgTables[pt])[sq]);
      table[make_piece(WHITE, PieceType(pt))][sq] = white;
      table[make_piece(BLACK, PieceType(pt))][sq] = -black;
    }
  return table;
}();

// ---------------------------------------------------------------------------
// Positional terms.

// Mobility by the number of reachable squares (not attacked by enemy pawns, not
// holding our own pawns or king).
constexpr Score KnightMobility[9] = {S(-35, -45), S(-20, -28), S(-8, -12), S(0, -2), S(8, 6),
                                     S(14, 12),   S(19, 16),   S(23, 19),  S(26, 21)};
constexpr Score BishopMobility[14] = {S(-30, -45), S(-18, -28), S(-6, -14), S(2, -4), S(9, 4),   S(15, 11), S(20, 17),
                                      S(24, 22),   S(28, 26),   S(31, 29),  S(34, 32), S(36, 34), S(38, 36), S(40, 38)};
constexpr Score RookMobility[15] = {S(-25, -50), S(-16, -30), S(-9, -15), S(-4, -4), S(0, 5),   S(3, 13),
                                    S(6, 20),    S(9, 27),    S(12, 33),  S(15, 38), S(17, 42), S(19, 45),
                                    S(21, 48),   S(22, 50),   S(23, 52)};
constexpr auto QueenMobility = [] {
  std::array<Score, 28> table{};
  for (int n = 0; n < 28; ++n) {
    const int capped = std::min(n, 16);
    table[n] = S(-20 + 2 * capped + (n - capped) / 2, -35 + 4 * capped + (n - capped));
  }
  return table;
}();

constexpr Score BishopPair = S(30, 55);
constexpr Score RookOnOpenFile = S(30, 12);
constexpr Score RookOnSemiOpenFile = S(14, 8);
constexpr Score Outpost[2] = {S(18, 10), S(10, 5)};  // knight, bishop
constexpr Score AttackedByPawn[PIECE_TYPE_NB] = {S(0, 0), S(0, 0), S(40, 30), S(40, 30), S(55, 40), S(55, 45), S(0, 0)};
constexpr Score RookOrQueenAttackedByMinor = S(30, 25);
constexpr int Tempo = 12;

constexpr Score Doubled = S(10, 25);
constexpr Score Isolated = S(12, 15);
constexpr Score Connected[8] = {S(0, 0), S(4, 0), S(8, 3), S(12, 8), S(20, 15), S(35, 30), S(55, 50), S(0, 0)};
constexpr Score Passed[8] = {S(0, 0), S(0, 10), S(5, 15), S(10, 25), S(20, 45), S(40, 75), S(70, 120), S(0, 0)};

// King safety: how much each attacker of the king's zone adds to the danger.
constexpr int AttackerWeight[PIECE_TYPE_NB] = {0, 0, 8, 8, 12, 20, 0};
constexpr int ZoneHitWeight = 3;

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

// Facts gathered while evaluating, used by later terms.
struct EvalInfo {
  Bitboard pawn_attacks[COLOR_NB];
  Bitboard mobility_area[COLOR_NB];
  Bitboard attacked_by_minor[COLOR_NB];
  Bitboard passed[COLOR_NB];
  int king_attackers[COLOR_NB];  // indexed by the king's colour
  int king_danger[COLOR_NB];
};

template <Color Us>
Score evaluate_pawns(const Position& pos, EvalInfo& ei) {
  constexpr Color Them = ~Us;
  const Bitboard ours = pos.pieces(Us, PAWN), theirs = pos.pieces(Them, PAWN);
  Score score;
  ei.passed[Us] = 0;
  for (Bitboard b = ours; b;) {
    const Square s = pop_lsb(b);
    const int r = relative_rank(Us, s);
    const Bitboard ahead = M.forward_file[Us][s];
    if (ours & ahead) score -= Doubled;
    if (!(ours & M.adjacent_files[file_of(s)])) score -= Isolated;
    const Bitboard same_rank = rank_bb(rank_of(s)) & M.adjacent_files[file_of(s)];
    if ((pawn_attacks(Them, s) & ours) || (same_rank & ours)) score += Connected[r];
    if (!(theirs & M.passed_span[Us][s]) && !(ours & ahead)) {
      ei.passed[Us] |= square_bb(s);
      score += Passed[r];
    }
  }
  return score;
}

template <Color Us, PieceType Pt>
Score evaluate_pieces(const Position& pos, EvalInfo& ei) {
  constexpr Color Them = ~Us;
  const Bitboard occupied = pos.pieces();
  const Square their_king = pos.king_square(Them);
  const Bitboard their_zone = M.king_zone[Them][their_king];
  Score score;
  for (Bitboard b = pos.pieces(Us, Pt); b;) {
    const Square s = pop_lsb(b);
    Bitboard att;
    if constexpr (Pt == KNIGHT) att = knight_attacks(s);
    if constexpr (Pt == BISHOP) att = bishop_attacks(s, occupied ^ pos.pieces(Us, QUEEN));
    if constexpr (Pt == ROOK) att = rook_attacks(s, occupied ^ pos.pieces(Us, ROOK, QUEEN));
    if constexpr (Pt == QUEEN) att = queen_attacks(s, occupied);

    const int mobility = popcount(att & ei.mobility_area[Us]);
    if constexpr (Pt == KNIGHT) score += KnightMobility[mobility];
    if constexpr (Pt == BISHOP) score += BishopMobility[mobility];
    if constexpr (Pt == ROOK) score += RookMobility[mobility];
    if constexpr (Pt == QUEEN) score += QueenMobility[mobility];

    if (att & their_zone) {
      ++ei.king_attackers[Them];
      ei.king_danger[Them] += AttackerWeight[Pt] + ZoneHitWeight * popcount(att & their_zone);
    }
    if constexpr (Pt == KNIGHT || Pt == BISHOP) {
      ei.attacked_by_minor[Us] |= att;
      const int r = relative_rank(Us, s);
      if (r >= 3 && r <= 5 && (ei.pawn_attacks[Us] & square_bb(s)) &&
          !(pos.pieces(Them, PAWN) & M.pawn_attack_span[Us][s]))
        score += Outpost[Pt == BISHOP];
    }
    if constexpr (Pt == ROOK) {
      const Bitboard file = file_bb(file_of(s));
      if (!(pos.pieces(Us, PAWN) & file))
        score += (pos.pieces(Them, PAWN) & file) ? RookOnSemiOpenFile : RookOnOpenFile;
    }
    if (ei.pawn_attacks[Them] & square_bb(s)) score -= AttackedByPawn[Pt];
  }
  return score;
}

// The pawn shield in front of Us's king and open files next to it (middlegame only).
template <Color Us>
int king_shelter(const Position& pos, Square ksq) {
  constexpr Color Them = ~Us;
  const int centre_file = std::clamp(file_of(ksq), 1, 6);
  const Bitboard ahead = Us == WHITE ? ~Bitboard(0) << (8 * rank_of(ksq)) : ~Bitboard(0) >> (8 * (7 - rank_of(ksq)));
  const Bitboard ours = pos.pieces(Us, PAWN) & ahead, theirs = pos.pieces(Them, PAWN);
  int penalty = 0;
  for (int f = centre_file - 1; f <= centre_file + 1; ++f) {
    const Bitboard on_file = ours & file_bb(f);
    if (!on_file) {
      penalty += 30;
      if (!(theirs & file_bb(f))) penalty += 15;
      continue;
    }
    const Square nearest = Us == WHITE ? lsb(on_file) : Square(63 - std::countl_zero(on_file));
    const int steps = std::abs(rank_of(nearest) - rank_of(ksq));
    penalty += steps <= 1 ? 0 : steps == 2 ? 10 : 20;
  }
  return penalty;
}

template <Color Us>
Score evaluate_king(const Position& pos, const EvalInfo& ei) {
  constexpr Color Them = ~Us;
  const Square ksq = pos.king_square(Us);
  int mg = -king_shelter<Us>(pos, ksq);
  if (ei.king_attackers[Us] >= 2) {
    int danger = ei.king_danger[Us];
    int penalty = std::min(danger * danger / 32, 400);
    if (!pos.pieces(Them, QUEEN)) penalty /= 2;
    mg -= penalty;
  }
  if (pos.variant() == Variant::ThreeCheck) {
    // Every check counts, in the endgame too: an exposed king costs more the
    // fewer checks the opponent still needs.
    const int weight = 2 + pos.checks_given(Them);
    return S(mg * weight / 2, mg * weight / 4);
  }
  return S(mg, 0);
}

// Three-check: the checks each side has given (White's view). Rising steeply:
// the second check brings the win within one more.
Score evaluate_checks_given(const Position& pos) {
  constexpr int Bonus[ChecksToWin] = {0, 160, 420};
  const int white = Bonus[std::min(pos.checks_given(WHITE), ChecksToWin - 1)];
  const int black = Bonus[std::min(pos.checks_given(BLACK), ChecksToWin - 1)];
  return S(white - black, white - black);
}

template <Color Us>
Score evaluate_threats(const Position& pos, const EvalInfo& ei) {
  constexpr Color Them = ~Us;
  const int hit = popcount(pos.pieces(Us, ROOK, QUEEN) & ei.attacked_by_minor[Them]);
  return -(RookOrQueenAttackedByMinor * hit);
}

// Extra worth of passed pawns that depends on the other pieces: kings near or
// far, a free path, and the "rule of the square" in pawn endings.
template <Color Us>
Score evaluate_passers(const Position& pos, const EvalInfo& ei, bool them_only_pawns) {
  constexpr Color Them = ~Us;
  constexpr int Up = Us == WHITE ? 8 : -8;
  const Square our_king = pos.king_square(Us), their_king = pos.king_square(Them);
  Score score;
  for (Bitboard b = ei.passed[Us]; b;) {
    const Square s = pop_lsb(b);
    const int r = relative_rank(Us, s);
    const Square stop = Square(s + Up);
    const int weight = std::max(r - 2, 0);
    int eg = weight * (5 * distance(their_king, stop) - 2 * distance(our_king, stop));
    const Bitboard path = M.forward_file[Us][s];
    if (!(path & pos.pieces())) eg += 6 * weight;
    if (them_only_pawns && !(path & pos.pieces())) {
      const Square promotion = Square(Us == WHITE ? 56 + file_of(s) : file_of(s));
      const int pawn_steps = std::min(7 - r, 5);
      const int king_steps = distance(their_king, promotion) - (pos.side_to_move() == Them ? 1 : 0);
      if (king_steps > pawn_steps) eg += 400;
    }
    score += S(0, eg);
  }
  return score;
}

// Non-pawn material of one side in minor-piece units (N=B=3, R=5, Q=9).
int material_units(const Position& pos, Color c) {
  return 3 * popcount(pos.pieces(c, KNIGHT, BISHOP)) + 5 * popcount(pos.pieces(c, ROOK)) +
         9 * popcount(pos.pieces(c, QUEEN));
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

}  // namespace

Value evaluate(const Position& pos) {
  const int units[COLOR_NB] = {material_units(pos, WHITE), material_units(pos, BLACK)};
  const Bitboard pawns[COLOR_NB] = {pos.pieces(WHITE, PAWN), pos.pieces(BLACK, PAWN)};

  const bool three_check = pos.variant() == Variant::ThreeCheck;
  // Material that cannot mate: bare kings, a lone minor piece, two knights against nothing
  // (in three-check any piece can still give the checks that win).
  if (!three_check && !pos.pieces(PAWN) && !pos.pieces(ROOK, QUEEN)) {
    const int minors = popcount(pos.pieces(KNIGHT, BISHOP));
    if (minors <= 1) return VALUE_DRAW;
    if (minors == 2 && !pos.pieces(BISHOP) && (units[WHITE] == 0 || units[BLACK] == 0)) return VALUE_DRAW;
  }

  Score score;
  for (Bitboard b = pos.pieces(); b;) {
    const Square s = pop_lsb(b);
    score += PieceSquare[pos.piece_on(s)][s];
  }

  EvalInfo ei{};
  ei.pawn_attacks[WHITE] = pawn_attacks_bb<WHITE>(pawns[WHITE]);
  ei.pawn_attacks[BLACK] = pawn_attacks_bb<BLACK>(pawns[BLACK]);
  ei.mobility_area[WHITE] = ~(pos.pieces(WHITE, PAWN, KING) | ei.pawn_attacks[BLACK]);
  ei.mobility_area[BLACK] = ~(pos.pieces(BLACK, PAWN, KING) | ei.pawn_attacks[WHITE]);

  score += evaluate_pawns<WHITE>(pos, ei) - evaluate_pawns<BLACK>(pos, ei);
  score += evaluate_pieces<WHITE, KNIGHT>(pos, ei) - evaluate_pieces<BLACK, KNIGHT>(pos, ei);
  score += evaluate_pieces<WHITE, BISHOP>(pos, ei) - evaluate_pieces<BLACK, BISHOP>(pos, ei);
  score += evaluate_pieces<WHITE, ROOK>(pos, ei) - evaluate_pieces<BLACK, ROOK>(pos, ei);
  score += evaluate_pieces<WHITE, QUEEN>(pos, ei) - evaluate_pieces<BLACK, QUEEN>(pos, ei);
  score += evaluate_king<WHITE>(pos, ei) - evaluate_king<BLACK>(pos, ei);
  score += evaluate_threats<WHITE>(pos, ei) - evaluate_threats<BLACK>(pos, ei);
  score += evaluate_passers<WHITE>(pos, ei, units[BLACK] == 0) - evaluate_passers<BLACK>(pos, ei, units[WHITE] == 0);
  if (more_than_one(pos.pieces(WHITE, BISHOP))) score += BishopPair;
  if (more_than_one(pos.pieces(BLACK, BISHOP))) score -= BishopPair;
  if (three_check) score += evaluate_checks_given(pos);

  // Endgame knowledge: scale the endgame part down where material says "drawish",
  // and drive a lone king to the edge.
  int scale = 64;
  const Color strong = score.eg >= 0 ? WHITE : BLACK, weak = ~strong;
  if (!three_check && !pawns[strong] && units[strong] - units[weak] < 4) scale = units[strong] <= 3 ? 0 : 8;
  const Bitboard bishops = pos.pieces(BISHOP);
  if (units[WHITE] == 3 && units[BLACK] == 3 && popcount(bishops) == 2 && (bishops & LIGHT_SQUARES_BB) &&
      (bishops & DARK_SQUARES_BB))
    scale = std::min(scale, 32);  // opposite-coloured bishops and pawns only
  int eg = score.eg * scale / 64;
  if (!pawns[weak] && units[weak] == 0 && units[strong] >= 5) eg += mop_up(pos, strong);

  const int phase = std::min(24, popcount(pos.pieces(KNIGHT, BISHOP)) + 2 * popcount(pos.pieces(ROOK)) +
                                     4 * popcount(pos.pieces(QUEEN)));
  int v = (score.mg * phase + eg * (24 - phase)) / 24;
  v = (pos.side_to_move() == WHITE ? v : -v) + Tempo;
  return std::clamp(v, -VALUE_KNOWN_WIN + 1, VALUE_KNOWN_WIN - 1);
}

}  // namespace gambit::ai
