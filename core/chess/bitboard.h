// SPDX-License-Identifier: MIT
// Bitboard helpers and precomputed attack tables. Sliding attacks use PEXT
// where the compiler targets BMI2 and "fancy" magic multiplication otherwise;
// both index the same per-square tables. Tables are filled before main() and
// before any other static initialiser (init_priority), so they are always ready.
#pragma once

#include <bit>

#include "core/chess/types.h"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace gambit::chess {

constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard FILE_H_BB = FILE_A_BB << 7;
constexpr Bitboard RANK_1_BB = 0xFFULL;
constexpr Bitboard RANK_8_BB = RANK_1_BB << 56;
constexpr Bitboard LIGHT_SQUARES_BB = 0x55AA55AA55AA55AAULL;
constexpr Bitboard DARK_SQUARES_BB = ~LIGHT_SQUARES_BB;
constexpr Bitboard CENTRE_BB = 0x0000001818000000ULL;  // d4, e4, d5, e5: King of the Hill's hill

constexpr Bitboard file_bb(int file) { return FILE_A_BB << file; }
constexpr Bitboard rank_bb(int rank) { return RANK_1_BB << (8 * rank); }

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) {
  assert(b);
  return Square(std::countr_zero(b));
}
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
inline bool more_than_one(Bitboard b) { return b & (b - 1); }

// Shift every square of b by one step in direction D (in square-index units),
// dropping squares that would wrap around the board edge.
enum Direction : int { NORTH = 8, SOUTH = -8, EAST = 1, WEST = -1,
                       NORTH_EAST = 9, NORTH_WEST = 7, SOUTH_EAST = -7, SOUTH_WEST = -9 };

template <Direction D>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (D == NORTH) return b << 8;
  if constexpr (D == SOUTH) return b >> 8;
  if constexpr (D == EAST) return (b & ~FILE_H_BB) << 1;
  if constexpr (D == WEST) return (b & ~FILE_A_BB) >> 1;
  if constexpr (D == NORTH_EAST) return (b & ~FILE_H_BB) << 9;
  if constexpr (D == NORTH_WEST) return (b & ~FILE_A_BB) << 7;
  if constexpr (D == SOUTH_EAST) return (b & ~FILE_H_BB) >> 7;
  if constexpr (D == SOUTH_WEST) return (b & ~FILE_A_BB) >> 9;
}

// Squares attacked by all pawns of colour C in b.
template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard b) {
  return C == WHITE ? shift<NORTH_WEST>(b) | shift<NORTH_EAST>(b) : shift<SOUTH_WEST>(b) | shift<SOUTH_EAST>(b);
}

namespace detail {

// One square's slider lookup: the relevant occupancy mask and its slice of the table.
struct SliderEntry {
  Bitboard mask;
  Bitboard magic;
  const Bitboard* attacks;
  unsigned shift;

  unsigned index(Bitboard occupied) const {
#if defined(__BMI2__)
    return unsigned(_pext_u64(occupied, mask));
#else
    return unsigned(((occupied & mask) * magic) >> shift);
#endif
  }
};

extern SliderEntry BishopEntries[SQUARE_NB];
extern SliderEntry RookEntries[SQUARE_NB];
extern Bitboard PawnAttacks[COLOR_NB][SQUARE_NB];
extern Bitboard KnightAttacks[SQUARE_NB];
extern Bitboard KingAttacks[SQUARE_NB];
extern Bitboard BetweenBB[SQUARE_NB][SQUARE_NB];
extern Bitboard LineBB[SQUARE_NB][SQUARE_NB];

}  // namespace detail

inline Bitboard pawn_attacks(Color c, Square s) { return detail::PawnAttacks[c][s]; }
inline Bitboard knight_attacks(Square s) { return detail::KnightAttacks[s]; }
inline Bitboard king_attacks(Square s) { return detail::KingAttacks[s]; }

inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  const auto& e = detail::BishopEntries[s];
  return e.attacks[e.index(occupied)];
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  const auto& e = detail::RookEntries[s];
  return e.attacks[e.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}

// Attacks of a non-pawn piece type from s given the occupancy.
inline Bitboard attacks(PieceType pt, Square s, Bitboard occupied) {
  switch (pt) {
    case KNIGHT: return knight_attacks(s);
    case BISHOP: return bishop_attacks(s, occupied);
    case ROOK: return rook_attacks(s, occupied);
    case QUEEN: return queen_attacks(s, occupied);
    case KING: return king_attacks(s);
    default: assert(false); return 0;
  }
}

// Squares strictly between a and b when they share a rank, file or diagonal; else empty.
inline Bitboard between(Square a, Square b) { return detail::BetweenBB[a][b]; }
// The whole rank, file or diagonal through a and b (both included); empty if not aligned.
inline Bitboard line(Square a, Square b) { return detail::LineBB[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return line(a, b) & square_bb(c); }

}  // namespace gambit::chess
