// SPDX-License-Identifier: MIT
// Basic chess vocabulary shared by every part of core/chess: colours, pieces,
// squares, bitboards and the 16-bit move encoding.
#pragma once

#include <cassert>
#include <cstdint>

namespace gambit::chess {

using Bitboard = std::uint64_t;  // bit i set <=> square i (a1 = 0, h8 = 63)
using Key = std::uint64_t;       // Zobrist hash of a position

enum Color : std::uint8_t { WHITE, BLACK, COLOR_NB = 2 };

constexpr Color operator~(Color c) { return Color(c ^ 1); }
// "White" or "Black", as a sentence names the side.
constexpr const char* color_name(Color c) { return c == WHITE ? "White" : "Black"; }

// Piece types, numbered so that PAWN..KING index the per-type bitboards.
enum PieceType : std::uint8_t { NO_PIECE_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB };
// "pawn" .. "king", as a sentence names the piece ("" for NO_PIECE_TYPE).
constexpr const char* piece_type_name(PieceType pt) {
  constexpr const char* names[PIECE_TYPE_NB] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};
  return names[pt];
}

// A coloured piece: bit 3 is the colour, bits 0..2 the type. NO_PIECE is 0.
enum Piece : std::uint8_t {
  NO_PIECE,
  W_PAWN = 1, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING,
  B_PAWN = 9, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING,
  PIECE_NB = 16
};

constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
// The piece's letter in FEN: "PNBRQK" for white, "pnbrqk" for black, ' ' for none.
constexpr char piece_letter(Piece p) { return " PNBRQK  pnbrqk"[p & 15]; }
constexpr Color color_of(Piece p) {
  assert(p != NO_PIECE);
  return Color(p >> 3);
}

// clang-format off
enum Square : std::uint8_t {
  SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
  SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
  SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
  SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
  SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
  SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
  SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
  SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
  SQ_NONE, SQUARE_NB = 64
};
// clang-format on

constexpr bool is_ok(Square s) { return s < SQUARE_NB; }
constexpr int file_of(Square s) { return s & 7; }  // 0 = a-file
constexpr int rank_of(Square s) { return s >> 3; }  // 0 = first rank
constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
// The rank as seen from colour c's side of the board (0 = c's back rank).
constexpr int relative_rank(Color c, Square s) { return c == WHITE ? rank_of(s) : 7 - rank_of(s); }
constexpr int pawn_push(Color c) { return c == WHITE ? 8 : -8; }

// Castling rights: one bit per king side / queen side per colour.
enum CastlingRights : std::uint8_t {
  NO_CASTLING = 0,
  WHITE_OO = 1, WHITE_OOO = 2, BLACK_OO = 4, BLACK_OOO = 8,
  ALL_CASTLING = 15
};

// A move in 16 bits: bits 0-5 origin, 6-11 destination, 12-13 promotion piece
// (knight..queen), 14-15 kind. Castling is encoded as the king's two-square step
// (e1g1), as in UCI; in Chess960 as the king taking its own rook (b1a1), as
// UCI_Chess960 writes it, since there the king may not move at all (g1) or
// only one square. Move::none() (all zero, a1a1) is never a legal move.
class Move {
 public:
  enum Kind : std::uint16_t { NORMAL = 0, PROMOTION = 1 << 14, EN_PASSANT = 2 << 14, CASTLING = 3 << 14 };

  constexpr Move() = default;
  constexpr Move(Square from, Square to, Kind kind = NORMAL, PieceType promo = KNIGHT)
      : data_(std::uint16_t(from | (to << 6) | ((promo - KNIGHT) << 12) | kind)) {}
  static constexpr Move none() { return Move(); }

  constexpr Square from() const { return Square(data_ & 63); }
  constexpr Square to() const { return Square((data_ >> 6) & 63); }
  constexpr Kind kind() const { return Kind(data_ & (3 << 14)); }
  // Meaningful only when kind() == PROMOTION.
  constexpr PieceType promotion() const { return PieceType(((data_ >> 12) & 3) + KNIGHT); }
  constexpr std::uint16_t raw() const { return data_; }
  constexpr explicit operator bool() const { return data_ != 0; }
  constexpr bool operator==(const Move&) const = default;

 private:
  std::uint16_t data_ = 0;
};

}  // namespace gambit::chess
