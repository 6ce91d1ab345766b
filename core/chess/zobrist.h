// SPDX-License-Identifier: MIT
// Zobrist keys: one random 64-bit number per (piece, square), per castling-rights
// set, per en-passant file, for black to move, and (three-check) per number of
// checks a side has given, 1 to 3 (none given adds nothing, so standard-chess
// keys do not depend on the variant), and in Chess960 per castling right and
// the file of its rook (two rooks may stand on one side of the king; standard
// chess's rooks are known, so its keys have none). A position's key is the XOR of
// the numbers that describe it; Position keeps it up to date move by move.
// The numbers come from a fixed-seed SplitMix64, computed at compile time, so
// keys are the same in every build and every run.
#pragma once

#include <array>

#include "core/chess/types.h"
#include "core/util/splitmix64.h"

namespace gambit::chess::zobrist {

namespace detail {

struct Keys {
  Key piece_square[PIECE_NB][SQUARE_NB]{};
  Key castling[ALL_CASTLING + 1]{};
  Key en_passant_file[8]{};
  Key black_to_move{};
  Key checks_given[COLOR_NB][4]{};  // [colour][count]; count 0 is zero
  Key castling_rook[4][8]{};        // [right's bit][rook's file], Chess960 only
};

constexpr Keys make_keys() {
  Keys k;
  SplitMix64 rng{0x1F2E3D4C5B6A7988ULL};
  auto next = [&rng]() { return rng.next(); };
  for (auto& per_piece : k.piece_square)
    for (auto& key : per_piece) key = next();
  // Castling keys are XOR-combinations of four per-right keys, so that
  // key(rights) ^ key(rights') changes exactly by the rights that changed.
  Key single[4] = {next(), next(), next(), next()};
  for (int rights = 0; rights <= ALL_CASTLING; ++rights)
    for (int bit = 0; bit < 4; ++bit)
      if (rights & (1 << bit)) k.castling[rights] ^= single[bit];
  for (auto& key : k.en_passant_file) key = next();
  k.black_to_move = next();
  for (auto& per_colour : k.checks_given)
    for (int count = 1; count < 4; ++count) per_colour[count] = next();
  for (auto& per_right : k.castling_rook)  // after the others, which stay as they were
    for (auto& key : per_right) key = next();
  return k;
}

}  // namespace detail

inline constexpr detail::Keys keys = detail::make_keys();

constexpr Key piece_square(Piece p, Square s) { return keys.piece_square[p][s]; }
constexpr Key castling(int rights) { return keys.castling[rights]; }
constexpr Key en_passant(Square s) { return keys.en_passant_file[file_of(s)]; }
constexpr Key black_to_move() { return keys.black_to_move; }
constexpr Key checks_given(Color c, int count) { return keys.checks_given[c][count]; }
constexpr Key castling_rook(int right_bit, int file) { return keys.castling_rook[right_bit][file]; }

}  // namespace gambit::chess::zobrist
