// SPDX-License-Identifier: MIT
// PositionSetup: a position being set up in the position editor, which may
// not be a legal position yet: the 64 squares, the side to move, the castling
// rights, the en-passant square and the move counters, as the editor's
// controls show them. Its FEN is always there; whether it is a position, and
// if not why in words, is what core/chess's FEN checks say (position()).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/chess/position.h"
#include "core/chess/types.h"
#include "core/util/result.h"

namespace gambit::study {

struct PositionSetup {
  chess::Variant variant = chess::Variant::Standard;    // the rules the position is read in
  std::array<chess::Piece, chess::SQUARE_NB> board{};  // NO_PIECE on empty squares
  chess::Color side_to_move = chess::WHITE;
  int castling = chess::NO_CASTLING;  // chess::CastlingRights bits
  // The rook each right castles with, by chess::Position::right_index: the
  // standard corners; in Chess960 any rook on the king's side of its rank.
  std::array<chess::Square, 4> castling_rooks{chess::SQ_H1, chess::SQ_A1, chess::SQ_H8, chess::SQ_A8};
  std::optional<chess::Square> en_passant;
  int halfmove_clock = 0;
  int fullmove_number = 1;

  bool operator==(const PositionSetup&) const = default;

  // The setup of a position, in its variant (three-check's checks are left behind).
  static PositionSetup of(const chess::Position& position);
  // No piece on the board, white to move.
  static PositionSetup empty() { return {}; }

  // The FEN of the setup, as it stands (maybe not a legal position); Chess960's
  // castling rights in X-FEN (KQkq for the outermost rooks, else their files).
  std::string fen() const;
  // The position, or why the setup is none in words ("FEN: ... white has no king").
  Result<chess::Position> position() const;

  // Puts a piece on a square (NO_PIECE empties it). A castling right whose
  // king and rook this piece brings together at home comes (as a player who
  // sets them there expects them to castle; the box can be cleared); rights
  // that no longer have their king and rook at home, and an en-passant square
  // that no longer has its pawn, go; so does everything the editor cannot show.
  void put(chess::Square square, chess::Piece piece);
  void set_side_to_move(chess::Color side);
  // Another variant's rules for the same pieces (Chess960's rights need only
  // the king on its first rank and a rook beside it).
  void set_variant(chess::Variant rules);
  // Sets or clears one castling right; a right whose king and rook are not at
  // home cannot be set (false). In Chess960 "at home" is the king on its
  // first rank and a rook of its colour on that side of it: the outermost.
  bool set_castling(chess::CastlingRights right, bool on);
  bool castling_possible(chess::CastlingRights right) const;
  // The squares a pawn of the side not to move could just have passed by a
  // double step (the en-passant targets the FEN may name), in file order.
  std::vector<chess::Square> en_passant_choices() const;
  void set_en_passant(std::optional<chess::Square> square);

 private:
  // Drops rights and a target that the board no longer allows.
  void settle();
  // The rights whose king and rook stand at home (castling_possible).
  int possible_castling() const;
  // Where the king and rook of a right stand, when they are at home.
  std::optional<std::pair<chess::Square, chess::Square>> castling_home(chess::CastlingRights right) const;
};

}  // namespace gambit::study
