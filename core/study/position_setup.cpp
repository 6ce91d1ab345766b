// SPDX-License-Identifier: MIT
#include "core/study/position_setup.h"

#include <algorithm>

#include "core/chess/uci.h"

namespace gambit::study {

namespace {

struct CastlingHome {
  chess::CastlingRights right;
  chess::Square king, rook;
  char letter;
};
constexpr CastlingHome Homes[] = {{chess::WHITE_OO, chess::SQ_E1, chess::SQ_H1, 'K'},
                                  {chess::WHITE_OOO, chess::SQ_E1, chess::SQ_A1, 'Q'},
                                  {chess::BLACK_OO, chess::SQ_E8, chess::SQ_H8, 'k'},
                                  {chess::BLACK_OOO, chess::SQ_E8, chess::SQ_A8, 'q'}};

}  // namespace

PositionSetup PositionSetup::of(const chess::Position& position) {
  PositionSetup setup;
  for (int s = 0; s < chess::SQUARE_NB; ++s) setup.board[std::size_t(s)] = position.piece_on(chess::Square(s));
  setup.side_to_move = position.side_to_move();
  setup.castling = position.castling_rights();
  if (position.en_passant_square() != chess::SQ_NONE) setup.en_passant = position.en_passant_square();
  setup.halfmove_clock = position.halfmove_clock();
  setup.fullmove_number = position.fullmove_number();
  setup.settle();
  return setup;
}

std::string PositionSetup::fen() const {
  std::string fen;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const chess::Piece piece = board[chess::make_square(file, rank)];
      if (piece == chess::NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty);
      empty = 0;
      fen += chess::piece_letter(piece);
    }
    if (empty) fen += char('0' + empty);
    if (rank > 0) fen += '/';
  }
  fen += side_to_move == chess::WHITE ? " w " : " b ";
  std::string rights;
  for (const CastlingHome& home : Homes)
    if (castling & home.right) rights += home.letter;
  fen += rights.empty() ? "-" : rights;
  fen += " " + (en_passant ? chess::square_name(*en_passant) : std::string("-"));
  fen += " " + std::to_string(halfmove_clock) + " " + std::to_string(fullmove_number);
  return fen;
}

Result<chess::Position> PositionSetup::position() const { return chess::Position::from_fen(fen()); }

void PositionSetup::put(chess::Square square, chess::Piece piece) {
  const int possible_before = possible_castling();
  board[square] = piece;
  castling |= possible_castling() & ~possible_before;
  settle();
}

int PositionSetup::possible_castling() const {
  int possible = chess::NO_CASTLING;
  for (const CastlingHome& home : Homes)
    if (castling_possible(home.right)) possible |= home.right;
  return possible;
}

void PositionSetup::set_side_to_move(chess::Color side) {
  side_to_move = side;
  settle();
}

bool PositionSetup::castling_possible(chess::CastlingRights right) const {
  for (const CastlingHome& home : Homes)
    if (home.right == right) {
      const chess::Color side = right & (chess::WHITE_OO | chess::WHITE_OOO) ? chess::WHITE : chess::BLACK;
      return board[home.king] == chess::make_piece(side, chess::KING) &&
             board[home.rook] == chess::make_piece(side, chess::ROOK);
    }
  return false;
}

bool PositionSetup::set_castling(chess::CastlingRights right, bool on) {
  if (on && !castling_possible(right)) return false;
  castling = on ? castling | right : castling & ~right;
  return true;
}

std::vector<chess::Square> PositionSetup::en_passant_choices() const {
  // The side not to move pushed a pawn two squares: it stands on its fourth
  // rank, the squares it passed over and came from are empty.
  const chess::Color mover = side_to_move == chess::WHITE ? chess::BLACK : chess::WHITE;
  const int pawn_rank = mover == chess::WHITE ? 3 : 4, passed = mover == chess::WHITE ? 2 : 5,
            origin = mover == chess::WHITE ? 1 : 6;
  std::vector<chess::Square> choices;
  for (int file = 0; file < 8; ++file)
    if (board[chess::make_square(file, pawn_rank)] == chess::make_piece(mover, chess::PAWN) &&
        board[chess::make_square(file, passed)] == chess::NO_PIECE &&
        board[chess::make_square(file, origin)] == chess::NO_PIECE)
      choices.push_back(chess::make_square(file, passed));
  return choices;
}

void PositionSetup::set_en_passant(std::optional<chess::Square> square) {
  en_passant = square;
  settle();
}

void PositionSetup::settle() {
  for (const CastlingHome& home : Homes)
    if (!castling_possible(home.right)) castling &= ~home.right;
  if (en_passant) {
    const std::vector<chess::Square> choices = en_passant_choices();
    if (std::find(choices.begin(), choices.end(), *en_passant) == choices.end()) en_passant.reset();
  }
}

}  // namespace gambit::study
